"""The current schema (SQLAlchemy Core): what the queries in :mod:`store.progress` use.

The database is built and brought up to date by :mod:`store.migrate`, never by
``metadata.create_all``: a change here needs a new numbered migration step there (and
``tests/test_store.py`` checks that the migrated database has exactly these columns).

The classes a teacher runs (:mod:`store.classes`, migration step 5) have tables of their own:
a pupil's row carries the learner key too, with no foreign key (the learner row may not exist).
"Forget me" deletes a learner's pupils (``class_pupils.learner``), their answers and the wrong
tries of their browser as well as the :data:`LEARNER_TABLES`, in one transaction
(:class:`store.writes.Forget`, :func:`store.class_forget.forget_learner`).

Every row of a learner carries ``learner``, the learner's key (:func:`store.ids.learner_key`,
a SHA-256 of the secret id), never the id itself.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    UniqueConstraint,
)

from store.columns import KEY_LEN, UTCDateTime

__all__ = [
    "CLASS_TABLES",
    "LEARNER_TABLES",
    "answers",
    "applied_writes",
    "class_answers",
    "class_attempts",
    "class_live",
    "class_live_answers",
    "class_live_seen",
    "class_owners",
    "class_pupils",
    "classes",
    "forgotten",
    "items",
    "learner_ratings",
    "learners",
    "lesson_results",
    "metadata",
    "parties",
    "puzzle_attempts",
    "puzzle_ratings",
    "resume_links",
    "rounds",
    "schema_version",
    "set_aside",
    "settings",
    "spent_links",
]

metadata = MetaData()


def _learner(primary_key: bool = False) -> Column[str]:
    return Column(
        "learner",
        String(KEY_LEN),
        ForeignKey("learners.key"),
        primary_key=primary_key,
        nullable=False,
    )


#: One row per applied migration step.
schema_version = Table(
    "schema_version",
    metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("name", String(80), nullable=False),
    Column("applied_at", UTCDateTime, nullable=False),
)

learners = Table(
    "learners",
    metadata,
    Column("key", String(KEY_LEN), primary_key=True),
    Column("created_at", UTCDateTime, nullable=False),
    Column("seen_at", UTCDateTime, nullable=False),
)

#: The learners who chose "forget me" (migration step 6), each as a hash of their key
#: (:func:`store.progress.forgotten_mark`: no row carries the key itself): a tab still open
#: elsewhere with the old id cannot write their rows back (:class:`store.errors.
#: LearnerForgotten`). Purged with the idle learners (:meth:`store.progress.Store.purge_idle`).
forgotten = Table(
    "forgotten",
    metadata,
    Column("key", String(KEY_LEN), primary_key=True),
    Column("forgotten_at", UTCDateTime, nullable=False),
)

#: The id of every write applied (migration step 7, :class:`store.writes.Write`'s
#: ``write_id``): a write the session retries after giving up on its transaction
#: (:mod:`store.deadline`), which the server had committed all the same, is found here and not
#: applied twice. No learner column: the ids are random. Kept a week
#: (:meth:`store.progress.Store.purge_idle`).
applied_writes = Table(
    "applied_writes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("applied_at", UTCDateTime, nullable=False),
)

#: The learner's settings; a NULL column means "not chosen" (the default applies).
settings = Table(
    "settings",
    metadata,
    _learner(primary_key=True),
    Column("preset", String(40)),
    Column("four_colour", Boolean),
    Column("language", String(16)),
    Column("updated_at", UTCDateTime, nullable=False),
)

#: Spaced-repetition state of one item (a stage, a quiz kind, a lesson) for one learner: its
#: FSRS card (step 10: ``state``, ``step``, ``stability`` in days, ``difficulty``; see
#: :mod:`store.spacing`) and its counts.
items = Table(
    "items",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("kind", String(24), nullable=False),
    Column("item", String(120), nullable=False),
    Column("times_right", Integer, nullable=False),
    Column("times_wrong", Integer, nullable=False),
    Column("due_at", UTCDateTime, nullable=False),
    Column("last_seen", UTCDateTime, nullable=False),
    Column("last_right", Boolean, nullable=False),
    Column("state", Integer, nullable=False),
    Column("step", Integer),
    Column("stability", Float, nullable=False),
    Column("difficulty", Float, nullable=False),
    UniqueConstraint("learner", "kind", "item", name="uq_items_learner_kind_item"),
    Index("ix_items_learner_due", "learner", "due_at"),
)

#: A quiz round; ``round_id`` is chosen by the app (so answers can wait while offline).
rounds = Table(
    "rounds",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("round_id", String(32), nullable=False),
    Column("level", String(24)),
    Column("seed", String(64)),
    Column("length", Integer, nullable=False),
    Column("started_at", UTCDateTime, nullable=False),
    Column("finished_at", UTCDateTime),
    Column("state", JSON),  # v4: what the round needs to resume (a JSON document)
    UniqueConstraint("learner", "round_id", name="uq_rounds_learner_round"),
)

#: One answer of a round: ``outcome`` is "right", "wrong" or "skipped".
answers = Table(
    "answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("round_id", String(32), nullable=False),
    Column("position", Integer, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("answered_at", UTCDateTime, nullable=False),
    UniqueConstraint("learner", "round_id", "position", name="uq_answers_learner_round_pos"),
)

#: The one partie in progress of a learner, as a JSON document.
parties = Table(
    "parties",
    metadata,
    _learner(primary_key=True),
    Column("data", JSON, nullable=False),
    Column("saved_at", UTCDateTime, nullable=False),
)

#: A one-time resume link (migration step 9, :mod:`store.resume`): the token's hash, the
#: learner id sealed with a pad drawn from the token (no learner key: the database alone
#: cannot tell whose it is), and when it stops working. Deleted when opened.
resume_links = Table(
    "resume_links",
    metadata,
    Column("token", String(KEY_LEN), primary_key=True),
    Column("sealed", String(128), nullable=False),
    Column("expires_at", UTCDateTime, nullable=False),
)

#: A resume link of the old form (the learner id itself) that was opened once: a hash.
spent_links = Table(
    "spent_links",
    metadata,
    Column("mark", String(KEY_LEN), primary_key=True),
    Column("spent_at", UTCDateTime, nullable=False),
)

#: The progress a browser set aside to follow a resume link: the previous id sealed with a
#: pad drawn from the id followed, under that id's key (``learner``).
set_aside = Table(
    "set_aside",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("salt", String(32), nullable=False),
    Column("sealed", String(128), nullable=False),
    Column("at", UTCDateTime, nullable=False),
    Index("ix_set_aside_learner", "learner"),
)

#: The best pass of each lesson a learner finished (step 11): its stages right at the first
#: try out of its stages, kept when a later pass does worse (stars earned stay).
lesson_results = Table(
    "lesson_results",
    metadata,
    _learner(),
    Column("lesson", String(40), nullable=False),
    Column("first_try", Integer, nullable=False),
    Column("stages", Integer, nullable=False),
    Column("done_at", UTCDateTime, nullable=False),
    PrimaryKeyConstraint("learner", "lesson", name="pk_lesson_results"),
)

#: A learner's puzzle rating (step 13; Glicko-2, :mod:`academy.rating`) and streak of puzzles
#: solved in a row (``best_streak`` the longest).
learner_ratings = Table(
    "learner_ratings",
    metadata,
    _learner(primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("streak", Integer, nullable=False),
    Column("best_streak", Integer, nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
)

#: Every attempt at a puzzle (step 13): right or not, the learner's rating before and after.
puzzle_attempts = Table(
    "puzzle_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("puzzle", String(40), nullable=False),
    Column("solved", Boolean, nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("at", UTCDateTime, nullable=False),
    Index("ix_puzzle_attempts_learner", "learner"),
)

#: Each puzzle's rating (step 13), made at its first attempt from the catalogue's seed; no
#: learner in it (it stays when a learner is forgotten).
puzzle_ratings = Table(
    "puzzle_ratings",
    metadata,
    Column("puzzle", String(40), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("solved", Integer, nullable=False),
)

#: A learner's own puzzles (step 15), cut from the reviews of deals they played
#: (:mod:`academy.my_puzzles`): the puzzle (``academy.puzzles.Puzzle.as_json``) by its id, one
#: row a learner and puzzle. Each is scheduled as an item of kind ``my_puzzle`` (``items``).
my_puzzles = Table(
    "my_puzzles",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _learner(),
    Column("puzzle", String(40), nullable=False),
    Column("data", JSON, nullable=False),
    Column("made_at", UTCDateTime, nullable=False),
    UniqueConstraint("learner", "puzzle", name="uq_my_puzzles_learner_puzzle"),
)

#: The tables that hold a learner's progress, children first (the order "forget me" deletes
#: in, after the learner's pupils in classes and their answers).
LEARNER_TABLES = (answers, rounds, items, lesson_results, parties, settings, set_aside,
                  puzzle_attempts, learner_ratings, my_puzzles,
                  learners)

#: A class a teacher runs (step 5). ``teacher`` is a hash of the teacher's key, never the key.
classes = Table(
    "classes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(6), nullable=False, unique=True),
    Column("teacher", String(KEY_LEN), nullable=False, unique=True),
    Column("name", String(60), nullable=False),
    Column("work", JSON, nullable=False),
    Column("language", String(16), nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    Column("expires_at", UTCDateTime, nullable=False),
    Column("closed_at", UTCDateTime),
    Column("max_pupils", Integer, nullable=False),
    Column("locked_at", UTCDateTime),  # step 12: joining locked (the pupils in go on)
    Index("ix_classes_expires", "expires_at"),
)

#: A pupil of a class: ``number`` 1, 2, 3… in join order; ``name_key`` finds a taken name.
class_pupils = Table(
    "class_pupils",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
    Column("learner", String(KEY_LEN), nullable=False),
    Column("number", Integer, nullable=False),
    Column("name", String(30), nullable=False),
    Column("name_key", String(120), nullable=False),
    Column("joined_at", UTCDateTime, nullable=False),
    Column("state", JSON),
    UniqueConstraint("class_id", "learner", name="uq_class_pupils_learner"),
    UniqueConstraint("class_id", "name_key", name="uq_class_pupils_name"),
    UniqueConstraint("class_id", "number", name="uq_class_pupils_number"),
)

#: One answer of a pupil: a question (``position``) is answered once, the database says so.
class_answers = Table(
    "class_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
    Column("pupil_id", Integer, ForeignKey("class_pupils.id"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("given", JSON),
    Column("answered_at", UTCDateTime, nullable=False),
    UniqueConstraint("pupil_id", "position", name="uq_class_answers_pupil_pos"),
    Index("ix_class_answers_class", "class_id"),
)

#: A wrong try (a code or a teacher key): ``scope`` "client" or "code", ``subject`` a hash.
class_attempts = Table(
    "class_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("scope", String(8), nullable=False),
    Column("subject", String(KEY_LEN), nullable=False),
    Column("at", UTCDateTime, nullable=False),
    Index("ix_class_attempts_scope_subject_at", "scope", "subject", "at"),
)

#: The tables that hold a class's rows, children first (the order a class is deleted in).
#: A browser that runs a class (migration step 8): the learner key (a hash) of every browser
#: that started the class or opened one of its one-time teacher links. Its "My classes".
class_owners = Table(
    "class_owners",
    metadata,
    Column("class_id", String(32), ForeignKey("classes.id"), primary_key=True),
    Column("owner", String(KEY_LEN), primary_key=True),
    Column("added_at", UTCDateTime, nullable=False),
    Index("ix_class_owners_owner", "owner"),
)

#: A class's live round (migration step 14): the screen it is on (``phase``, an
#: :class:`academy.live.Phase`), the question, the highest question asked, the server's start
#: and deadline of the question, the time allowed, the teacher's choices, and the hash of the
#: big screen's display-only token (None: revoked).
class_live = Table(
    "class_live",
    metadata,
    Column("class_id", String(32), ForeignKey("classes.id"), primary_key=True),
    Column("phase", String(12), nullable=False),
    Column("question", Integer, nullable=False),
    Column("asked", Integer, nullable=False),
    Column("started_at", UTCDateTime),
    Column("deadline", UTCDateTime),
    Column("seconds", Integer, nullable=False),
    Column("nicknames", Boolean, nullable=False),
    Column("scores", Boolean, nullable=False),
    Column("screen", String(KEY_LEN), unique=True),
    Column("changed_at", UTCDateTime, nullable=False),
)

#: A pupil's answer in a live round: once a question, the database says so.
class_live_answers = Table(
    "class_live_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
    Column("pupil_id", Integer, ForeignKey("class_pupils.id"), nullable=False),
    Column("question", Integer, nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("given", JSON),
    Column("score", Integer, nullable=False),
    Column("answered_at", UTCDateTime, nullable=False),
    UniqueConstraint("pupil_id", "question", name="uq_class_live_answers_pupil_q"),
    Index("ix_class_live_answers_class_q", "class_id", "question"),
)

#: When a pupil's page last asked for the live round (who is present).
class_live_seen = Table(
    "class_live_seen",
    metadata,
    Column("pupil_id", Integer, ForeignKey("class_pupils.id"), primary_key=True),
    Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
    Column("seen_at", UTCDateTime, nullable=False),
    Index("ix_class_live_seen_class", "class_id", "seen_at"),
)

CLASS_TABLES = (class_live_answers, class_live_seen, class_answers, class_pupils,
                class_owners, class_live, classes)

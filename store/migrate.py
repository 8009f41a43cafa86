"""The explicit, versioned migration of the store's schema.

The database records each applied step in ``schema_version``. :func:`migrate` applies the
steps a database lacks, in order, inside ONE transaction (PostgreSQL and, through
:mod:`store.engine`, SQLite both have transactional DDL): a failing step leaves the database
as it was. Concurrent starts are serialised (an advisory lock on PostgreSQL, ``BEGIN
IMMEDIATE`` on SQLite).

Each step creates its tables from its OWN definitions, frozen as they were when the step was
written: :mod:`store.schema` describes the current shape and may move on, a step never
changes. To change the schema: edit :mod:`store.schema`, append a step here (``ALTER TABLE``
through ``op``-style SQL, or new tables), and run the tests (they check that a migrated
database matches :mod:`store.schema` column for column).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    UniqueConstraint,
    func,
    insert,
    select,
    text,
)

from store.clock import Clock, utc_now
from store.columns import KEY_LEN, UTCDateTime
from store.engine import WRITE, prepare_engine
from store.errors import SchemaTooNew
from store.schema import schema_version

__all__ = ["LATEST", "STEPS", "SchemaTooNew", "Step", "current_version", "migrate"]

_ADVISORY_LOCK: Final = 0x5049_5155  # "PIQU": one lock id for every migrator of this schema


@dataclass(frozen=True, slots=True)
class Step:
    version: int
    name: str
    apply: Callable[[Connection], None]


def _learner(primary_key: bool = False) -> Column[str]:
    return Column(
        "learner", String(KEY_LEN), ForeignKey("learners.key"),
        primary_key=primary_key, nullable=False,
    )


def _v1_learners_settings_items(conn: Connection) -> None:
    md = MetaData()
    Table(
        "learners", md,
        Column("key", String(KEY_LEN), primary_key=True),
        Column("created_at", UTCDateTime, nullable=False),
        Column("seen_at", UTCDateTime, nullable=False),
    )
    Table(
        "settings", md,
        _learner(primary_key=True),
        Column("preset", String(40)),
        Column("four_colour", Boolean),
        Column("language", String(16)),
        Column("updated_at", UTCDateTime, nullable=False),
    )
    Table(
        "items", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        _learner(),
        Column("kind", String(24), nullable=False),
        Column("item", String(120), nullable=False),
        Column("times_right", Integer, nullable=False),
        Column("times_wrong", Integer, nullable=False),
        Column("box", Integer, nullable=False),
        Column("interval_s", Integer, nullable=False),
        Column("due_at", UTCDateTime, nullable=False),
        Column("last_seen", UTCDateTime, nullable=False),
        Column("last_right", Boolean, nullable=False),
        UniqueConstraint("learner", "kind", "item", name="uq_items_learner_kind_item"),
        Index("ix_items_learner_due", "learner", "due_at"),
    )
    md.create_all(conn)


def _v2_quiz_rounds(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))
    Table(
        "rounds", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        _learner(),
        Column("round_id", String(32), nullable=False),
        Column("level", String(24)),
        Column("seed", String(64)),
        Column("length", Integer, nullable=False),
        Column("started_at", UTCDateTime, nullable=False),
        Column("finished_at", UTCDateTime),
        UniqueConstraint("learner", "round_id", name="uq_rounds_learner_round"),
    )
    Table(
        "answers", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        _learner(),
        Column("round_id", String(32), nullable=False),
        Column("position", Integer, nullable=False),
        Column("kind", String(40), nullable=False),
        Column("outcome", String(8), nullable=False),
        Column("answered_at", UTCDateTime, nullable=False),
        UniqueConstraint(
            "learner", "round_id", "position", name="uq_answers_learner_round_pos"
        ),
    )
    md.create_all(conn, tables=[md.tables["rounds"], md.tables["answers"]])


def _v3_partie_in_progress(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))
    parties = Table(
        "parties", md,
        _learner(primary_key=True),
        Column("data", JSON, nullable=False),
        Column("saved_at", UTCDateTime, nullable=False),
    )
    parties.create(conn)


def _v4_round_state(conn: Connection) -> None:
    kind = JSON().compile(dialect=conn.dialect)
    conn.execute(text(f"ALTER TABLE rounds ADD COLUMN state {kind}"))


def _v5_classes(conn: Connection) -> None:
    md = MetaData()
    Table(
        "classes", md,
        Column("id", String(32), primary_key=True),
        Column("code", String(6), nullable=False, unique=True),
        Column("teacher", String(64), nullable=False, unique=True),
        Column("name", String(60), nullable=False),
        Column("work", JSON, nullable=False),
        Column("language", String(16), nullable=False),
        Column("created_at", UTCDateTime, nullable=False),
        Column("expires_at", UTCDateTime, nullable=False),
        Column("closed_at", UTCDateTime),
        Column("max_pupils", Integer, nullable=False),
        Index("ix_classes_expires", "expires_at"),
    )
    Table(
        "class_pupils", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
        Column("learner", String(64), nullable=False),
        Column("number", Integer, nullable=False),
        Column("name", String(30), nullable=False),
        Column("name_key", String(120), nullable=False),
        Column("joined_at", UTCDateTime, nullable=False),
        Column("state", JSON),
        UniqueConstraint("class_id", "learner", name="uq_class_pupils_learner"),
        UniqueConstraint("class_id", "name_key", name="uq_class_pupils_name"),
        UniqueConstraint("class_id", "number", name="uq_class_pupils_number"),
    )
    Table(
        "class_answers", md,
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
    Table(
        "class_attempts", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("scope", String(8), nullable=False),
        Column("subject", String(64), nullable=False),
        Column("at", UTCDateTime, nullable=False),
        Index("ix_class_attempts_scope_subject_at", "scope", "subject", "at"),
    )
    md.create_all(conn)


def _v6_forgotten(conn: Connection) -> None:
    key = Column("key", String(KEY_LEN), primary_key=True)  # a hash of a forgotten key
    Table("forgotten", MetaData(), key,
          Column("forgotten_at", UTCDateTime, nullable=False)).create(conn)


def _v7_applied_writes(conn: Connection) -> None:
    Table("applied_writes", MetaData(), Column("id", String(32), primary_key=True),
          Column("applied_at", UTCDateTime, nullable=False)).create(conn)


def _v8_class_owners(conn: Connection) -> None:
    md = MetaData()
    Table("classes", md, Column("id", String(32), primary_key=True))  # for the foreign key
    Table("class_owners", md,
          Column("class_id", String(32), ForeignKey("classes.id"), primary_key=True),
          Column("owner", String(KEY_LEN), primary_key=True),
          Column("added_at", UTCDateTime, nullable=False),
          Index("ix_class_owners_owner", "owner"))
    md.tables["class_owners"].create(conn)


def _v9_resume_links(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))  # the FK's
    Table("resume_links", md, Column("token", String(KEY_LEN), primary_key=True),
          Column("sealed", String(128), nullable=False),
          Column("expires_at", UTCDateTime, nullable=False))
    Table("spent_links", md, Column("mark", String(KEY_LEN), primary_key=True),
          Column("spent_at", UTCDateTime, nullable=False))
    Table("set_aside", md, Column("id", Integer, primary_key=True, autoincrement=True),
          _learner(), Column("salt", String(32), nullable=False),
          Column("sealed", String(128), nullable=False),
          Column("at", UTCDateTime, nullable=False),
          Index("ix_set_aside_learner", "learner"))
    for name in ("resume_links", "spent_links", "set_aside"):
        md.tables[name].create(conn)


#: FSRS's initial difficulty after a first "Good" and after a first "Again" with its default
#: parameters (``w4 - e^(w5 * (rating - 1)) + 1``, fsrs 6.3.2), frozen here for step 10.
_D0_GOOD: Final = 2.1181
_D0_AGAIN: Final = 6.4133


def _v10_fsrs_cards(conn: Connection) -> None:
    """The Leitner boxes become FSRS cards (:mod:`store.spacing`; docs/progress.md): each
    item keeps its ``due_at``; its stability (days) is its current interval; box 0 (just
    missed, due ten minutes later) is FSRS's relearning step 0, any other box the review
    state; its difficulty is FSRS's first "Again" for an item ever missed, else its first
    "Good". Then the boxes go."""
    real = Float().compile(dialect=conn.dialect)
    for ddl in ("ADD COLUMN state INTEGER NOT NULL DEFAULT 2",
                "ADD COLUMN step INTEGER",
                f"ADD COLUMN stability {real} NOT NULL DEFAULT 1",
                f"ADD COLUMN difficulty {real} NOT NULL DEFAULT {_D0_GOOD}"):
        conn.execute(text(f"ALTER TABLE items {ddl}"))
    conn.execute(text(
        "UPDATE items SET "
        "state = CASE WHEN box = 0 THEN 3 ELSE 2 END, "
        "step = CASE WHEN box = 0 THEN 0 ELSE NULL END, "
        "stability = CASE WHEN interval_s < 87 THEN 0.001 ELSE interval_s / 86400.0 END, "
        "difficulty = CASE WHEN times_wrong > 0 THEN :again ELSE :good END"),
        {"again": _D0_AGAIN, "good": _D0_GOOD})
    for column in ("box", "interval_s"):
        conn.execute(text(f"ALTER TABLE items DROP COLUMN {column}"))


def _v11_lesson_results(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))
    Table(
        "lesson_results", md,
        _learner(),
        Column("lesson", String(40), nullable=False),
        Column("first_try", Integer, nullable=False),
        Column("stages", Integer, nullable=False),
        Column("done_at", UTCDateTime, nullable=False),
        PrimaryKeyConstraint("learner", "lesson", name="pk_lesson_results"),
    ).create(conn)


def _v12_class_lock(conn: Connection) -> None:
    moment = UTCDateTime().compile(dialect=conn.dialect)
    conn.execute(text(f"ALTER TABLE classes ADD COLUMN locked_at {moment}"))


def _v13_puzzle_ratings(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))
    Table(
        "learner_ratings", md,
        _learner(primary_key=True),
        Column("rating", Float, nullable=False),
        Column("rd", Float, nullable=False),
        Column("vol", Float, nullable=False),
        Column("streak", Integer, nullable=False),
        Column("best_streak", Integer, nullable=False),
        Column("updated_at", UTCDateTime, nullable=False),
    )
    Table(
        "puzzle_attempts", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        _learner(),
        Column("puzzle", String(40), nullable=False),
        Column("solved", Boolean, nullable=False),
        Column("rating_before", Float, nullable=False),
        Column("rating_after", Float, nullable=False),
        Column("at", UTCDateTime, nullable=False),
        Index("ix_puzzle_attempts_learner", "learner"),
    )
    Table(
        "puzzle_ratings", md,
        Column("puzzle", String(40), primary_key=True),
        Column("rating", Float, nullable=False),
        Column("rd", Float, nullable=False),
        Column("vol", Float, nullable=False),
        Column("attempts", Integer, nullable=False),
        Column("solved", Integer, nullable=False),
    )
    for name in ("learner_ratings", "puzzle_attempts", "puzzle_ratings"):
        md.tables[name].create(conn)


def _v14_live_rounds(conn: Connection) -> None:
    md = MetaData()
    Table("classes", md, Column("id", String(32), primary_key=True))
    Table("class_pupils", md, Column("id", Integer, primary_key=True))
    Table(
        "class_live", md,
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
    ).create(conn)
    Table(
        "class_live_answers", md,
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
    ).create(conn)
    Table(
        "class_live_seen", md,
        Column("pupil_id", Integer, ForeignKey("class_pupils.id"), primary_key=True),
        Column("class_id", String(32), ForeignKey("classes.id"), nullable=False),
        Column("seen_at", UTCDateTime, nullable=False),
        Index("ix_class_live_seen_class", "class_id", "seen_at"),
    ).create(conn)


def _v15_my_puzzles(conn: Connection) -> None:
    md = MetaData()
    Table("learners", md, Column("key", String(KEY_LEN), primary_key=True))
    Table(
        "my_puzzles", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        _learner(),
        Column("puzzle", String(40), nullable=False),
        Column("data", JSON, nullable=False),
        Column("made_at", UTCDateTime, nullable=False),
        UniqueConstraint("learner", "puzzle", name="uq_my_puzzles_learner_puzzle"),
    ).create(conn)


#: Every step, in order; never edit or remove one that has shipped, append a new one.
STEPS: Final[tuple[Step, ...]] = (
    Step(1, "learners, settings, spaced-repetition items", _v1_learners_settings_items),
    Step(2, "quiz rounds and answers", _v2_quiz_rounds),
    Step(3, "partie in progress", _v3_partie_in_progress),
    Step(4, "quiz round state", _v4_round_state),
    Step(5, "classes", _v5_classes),
    Step(6, "forgotten learners", _v6_forgotten),
    Step(7, "applied write ids", _v7_applied_writes),
    Step(8, "the browsers that run a class", _v8_class_owners),
    Step(9, "one-time resume links", _v9_resume_links),
    Step(10, "spaced repetition by FSRS", _v10_fsrs_cards),
    Step(11, "lesson results", _v11_lesson_results),
    Step(12, "joining a class locked", _v12_class_lock),
    Step(13, "puzzle ratings and attempts", _v13_puzzle_ratings),
    Step(14, "live rounds", _v14_live_rounds),
    Step(15, "a learner's own puzzles", _v15_my_puzzles),
)
LATEST: Final = STEPS[-1].version


def _version(conn: Connection) -> int:
    return int(conn.scalar(select(func.coalesce(func.max(schema_version.c.version), 0))) or 0)


def current_version(engine: Engine) -> int:
    """The version of the database (0 when it has no ``schema_version`` table yet)."""
    prepare_engine(engine)
    with engine.connect() as conn:
        if not engine.dialect.has_table(conn, schema_version.name):
            return 0
        return _version(conn)


def migrate(
    engine: Engine,
    *,
    target: int | None = None,
    steps: Sequence[Step] = STEPS,
    clock: Clock = utc_now,
) -> int:
    """Bring the database up to ``target`` (default: the latest step); returns its version.

    All missing steps run in one transaction. Raises :class:`SchemaTooNew` when the database
    is ahead of ``steps`` (an older app must not write into a newer schema).
    """
    prepare_engine(engine)
    goal = target if target is not None else (steps[-1].version if steps else 0)
    with engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _ADVISORY_LOCK})
        schema_version.create(conn, checkfirst=True)
        version = _version(conn)
        if version > (steps[-1].version if steps else 0):
            raise SchemaTooNew(f"database schema v{version} is newer than this app's")
        for step in steps:
            if version < step.version <= goal:
                step.apply(conn)
                conn.execute(
                    insert(schema_version).values(
                        version=step.version, name=step.name, applied_at=clock()
                    )
                )
                version = step.version
    return version

"""Progress kept: the learner's progress in a real database, through SQLAlchemy Core.

Pure Python (no Streamlit); the app's side is ``ui/storage.py``.

- :mod:`store.ids`: anonymous learner ids (secrets) and the hashed keys rows carry.
- :mod:`store.schema`, :mod:`store.migrate`: the tables and their versioned migration.
- :mod:`store.writes`, :mod:`store.progress`: writes as values, applied in transactions;
  the reads.
- :mod:`store.spacing`: spaced repetition (FSRS, the ``fsrs`` package) as pure functions.
- :mod:`store.classes`, :mod:`store.class_values`: classes a teacher runs (join codes, pupils,
  answers, the dashboard) and their values.
- :mod:`store.saver`: a session's writes kept while the database is away, flushed on return.
- :mod:`store.engine`, :mod:`store.clock`: engine settings (SQLite made transactional), clocks.

See docs/storage.md for what is stored, where, and for how long.
"""

from __future__ import annotations

from store.class_values import (
    CODE_ALPHABET,
    CODE_LEN,
    DEFAULT_KEEP_DAYS,
    DEFAULT_MAX_PUPILS,
    NAME_MAX,
    TEACHER_KEY_BYTES,
    AnswerRow,
    ClassInfo,
    ClassRefused,
    ClassWork,
    Dashboard,
    NewClass,
    Pupil,
    PupilRow,
    QuizWork,
    Refusal,
    TeacherAccess,
    clean_name,
    client_subject,
    normalise_code,
)
from store.classes import ClassStore
from store.clock import Clock, FakeClock, utc_now
from store.engine import make_engine, prepare_engine
from store.errors import SchemaTooNew, StoreUnavailable
from store.ids import LearnerKey, learner_key, matches, new_learner_id, parse_learner_id
from store.migrate import LATEST, current_version, migrate
from store.progress import (
    ItemProgress,
    KindTotals,
    LessonResult,
    RoundSummary,
    Store,
    StoredSettings,
)
from store.saver import Saver
from store.spacing import Review, review
from store.writes import (
    MY_PUZZLE_KIND,
    AnswerGiven,
    ClearPartie,
    Forget,
    ItemSeen,
    LessonDone,
    MyPuzzleMade,
    PuzzleAttempt,
    RoundFinished,
    RoundStarted,
    RoundState,
    SavePartie,
    SaveSettings,
    Write,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LEN",
    "DEFAULT_KEEP_DAYS",
    "DEFAULT_MAX_PUPILS",
    "LATEST",
    "MY_PUZZLE_KIND",
    "NAME_MAX",
    "TEACHER_KEY_BYTES",
    "AnswerGiven",
    "AnswerRow",
    "ClassInfo",
    "ClassRefused",
    "ClassStore",
    "ClassWork",
    "ClearPartie",
    "Clock",
    "Dashboard",
    "FakeClock",
    "Forget",
    "ItemProgress",
    "ItemSeen",
    "KindTotals",
    "LearnerKey",
    "LessonDone",
    "LessonResult",
    "MyPuzzleMade",
    "NewClass",
    "Pupil",
    "PupilRow",
    "PuzzleAttempt",
    "QuizWork",
    "Refusal",
    "Review",
    "RoundFinished",
    "RoundStarted",
    "RoundState",
    "RoundSummary",
    "SavePartie",
    "SaveSettings",
    "Saver",
    "SchemaTooNew",
    "Store",
    "StoreUnavailable",
    "StoredSettings",
    "TeacherAccess",
    "Write",
    "clean_name",
    "client_subject",
    "current_version",
    "learner_key",
    "make_engine",
    "matches",
    "migrate",
    "new_learner_id",
    "normalise_code",
    "parse_learner_id",
    "prepare_engine",
    "review",
    "utc_now",
]

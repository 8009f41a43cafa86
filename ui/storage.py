"""Progress kept, the Streamlit side: the learner's progress in the app's database.

The database is Streamlit's SQLAlchemy connection ``st.connection("progress", type="sql")``.
Its URL, first found of:

1. ``.streamlit/secrets.toml``: ``[connections.progress]`` ``url = "postgresql+psycopg://…"``;
2. the environment variable ``PIQUET_DATABASE_URL``;
3. an SQLite file ``progress.db`` in ``PIQUET_DATA_DIR`` (default: the repository's ``data/``
   folder, which git ignores).

The schema is migrated once per process (:func:`store.migrate.migrate`), on the first use.
The session's learner is set by :func:`use_learner` with the learner's secret id; only its
hash (:func:`store.ids.learner_key`) is kept, in ``st.session_state``.

Every function here is safe to call on every run: when the database cannot be reached, the
writes wait in ``st.session_state``, :func:`saving` turns False (the frame shows
:func:`notice`), the reads answer their defaults, and the next call after a few seconds
tries again and writes what waited. No database error reaches the page.

See docs/storage.md.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final, cast

import streamlit as st
from sqlalchemy import Engine, exc as sa_exc
from streamlit import config

from academy.rating import Rating
from store import (
    AnswerGiven,
    ClearPartie,
    Forget,
    ItemProgress,
    ItemSeen,
    KindTotals,
    LearnerKey,
    LessonDone,
    LessonResult,
    MyPuzzleMade,
    PuzzleAttempt,
    RoundFinished,
    RoundStarted,
    RoundState,
    RoundSummary,
    SavePartie,
    Saver,
    SaveSettings,
    Store,
    StoredSettings,
    StoreUnavailable,
    Write,
    learner_key,
    migrate,
    prepare_engine,
    utc_now,
)
from store.classes import ClassStore
from store.deadline import PROCESS_DEADLINE, Deadline, Inline
from store.engine import engine_options
from store.puzzles import (
    NEW_LEARNER,
    LearnerStanding,
    learner_standing,
    puzzle_ratings as stored_puzzle_ratings,
    tried_puzzles as stored_tried,
)
from store.resume import ResumeLinks
from words import _

__all__ = [
    "CONNECTION",
    "ENV_DATA_DIR",
    "ENV_URL",
    "answer_given",
    "clear_partie",
    "database_url",
    "deadline",
    "due_items",
    "engine",
    "flush",
    "forget_me",
    "forgotten_elsewhere",
    "item_seen",
    "items",
    "kind_totals",
    "latest_round",
    "learner",
    "lesson_done",
    "lesson_results",
    "misses",
    "notice",
    "partie",
    "puzzle_attempt",
    "puzzle_ratings",
    "puzzle_standing",
    "round_finished",
    "round_started",
    "round_state",
    "rounds",
    "save_partie",
    "save_settings",
    "saving",
    "show_notice",
    "stored_settings",
    "together",
    "tried_puzzles",
    "use_learner",
]

log = logging.getLogger(__name__)

CONNECTION: Final = "progress"
ENV_URL: Final = "PIQUET_DATABASE_URL"
ENV_DATA_DIR: Final = "PIQUET_DATA_DIR"
DEFAULT_DATA_DIR: Final = Path(__file__).resolve().parent.parent / "data"
SQLITE_FILE: Final = "progress.db"
#: While the database is away, how long a session waits before trying it again.
RETRY_AFTER: Final = timedelta(seconds=3)
#: Learners not seen for this long are deleted (once per process, at start).
KEEP_IDLE: Final = timedelta(days=365)

_IN_MEMORY: Final = ("sqlite://", "sqlite:///:memory:")
_INLINE: Final = Inline()
_LEARNER: Final = "_store_learner"  # the session's learner KEY (a hash, never the id)

#: Each database URL's store, migrated (once per process). Kept: ``st.connection``'s own
#: lookup hashes its arguments, about 2 ms of a run each time the store is asked for.
_migrated: dict[str, Store] = {}
_migrate_lock = threading.Lock()


def database_url(secrets_url: object = None, environ: Mapping[str, str] | None = None) -> str:
    """The progress database's URL: the secrets' URL, else ``$PIQUET_DATABASE_URL``, else an
    SQLite file in ``$PIQUET_DATA_DIR`` (default ``data/``).

    >>> database_url("postgresql+psycopg://u:p@db/piquet", {})
    'postgresql+psycopg://u:p@db/piquet'
    >>> database_url(None, {"PIQUET_DATABASE_URL": "sqlite:////srv/p.db"})
    'sqlite:////srv/p.db'
    >>> database_url(None, {"PIQUET_DATA_DIR": "/var/lib/piquet"})
    'sqlite:////var/lib/piquet/progress.db'
    """
    env = os.environ if environ is None else environ
    if isinstance(secrets_url, str) and secrets_url.strip():
        return secrets_url.strip()
    if env.get(ENV_URL, "").strip():
        return env[ENV_URL].strip()
    folder = Path(env.get(ENV_DATA_DIR, "").strip() or DEFAULT_DATA_DIR).expanduser()
    return f"sqlite:///{folder.resolve() / SQLITE_FILE}"


def _secrets_url() -> object:
    # Streamlit looks for its secrets files again on every call while none exists (an
    # exception raised and caught each time, ~1 ms); a stat of each path is enough
    paths = config.get_option("secrets.files")
    if not any(os.path.exists(path) for path in paths):
        return None
    try:
        if not st.secrets.load_if_toml_exists():
            return None
        connections = st.secrets.get("connections", {})
        progress = connections.get(CONNECTION, {}) if isinstance(connections, Mapping) else {}
        return progress.get("url") if isinstance(progress, Mapping) else None
    except Exception:  # a broken secrets file: the environment or the default applies
        log.warning("secrets could not be read; progress database from the environment")
        return None


def _store() -> Store:
    """The migrated store (migrated once per process); raises an outage error when the
    database cannot be reached, :class:`store.StoreUnavailable` when it is misconfigured."""
    url = database_url(_secrets_url())
    held = _migrated.get(url)
    if held is not None:
        return held
    if url.startswith("sqlite:///"):
        # when the folder cannot be made, SQLite fails to open the file: an outage, reported
        with contextlib.suppress(OSError):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = st.connection(CONNECTION, type="sql", url=url, **engine_options(url))
        engine = prepare_engine(connection.engine)
    except (sa_exc.ArgumentError, ImportError, ValueError) as error:
        raise StoreUnavailable(f"progress database misconfigured: {type(error).__name__}") from None
    with _migrate_lock:
        if url not in _migrated:
            _migrated[url] = deadline(url).run(lambda: _first_use(engine))
        return _migrated[url]


def _first_use(engine: Engine) -> Store:
    """The process's first use of a database: migrated, the idle learners and the classes
    whose time is up purged."""
    migrate(engine)
    # FSRS's fuzz spreads the longer waits; off in tests (the same dates each run)
    store = Store(engine, clock=_now, fuzz=os.environ.get("PIQUET_TESTING") != "1")
    ResumeLinks(engine, clock=_now).purge()
    removed = store.purge_idle(KEEP_IDLE)
    if removed:
        log.info("removed %d learners idle for over %d days", removed, KEEP_IDLE.days)
    gone = ClassStore(engine, clock=_now).purge()  # at start, and on the Class page
    if gone:
        log.info("removed %d classes whose time was up", gone)
    return store


def deadline(url: str | None = None) -> Deadline:
    """The deadline the database calls of this process keep (:mod:`store.deadline`): the
    process's own, shared by every session; for an in-memory SQLite database (tests), whose
    connection belongs to one thread, one that runs each call where it is made."""
    url = database_url(_secrets_url()) if url is None else url
    return _INLINE if url in _IN_MEMORY else PROCESS_DEADLINE


def _now() -> datetime:
    """:func:`store.utc_now`, looked up at each call (a test may replace this module's)."""
    return utc_now()


def engine() -> Engine:
    """The app's migrated database engine (this connection's), for the other stores kept
    in the same database (the Class page's :class:`store.classes.ClassStore`); raises as
    :func:`_store` does when the database cannot be reached or is misconfigured."""
    return _store().engine


def _saver() -> Saver:
    state = cast("MutableMapping[str, Any]", st.session_state)
    return Saver(_store, state, clock=utc_now, retry_after=RETRY_AFTER, deadline=deadline())


# --------------------------------------------------------------------------- the learner


def use_learner(learner_id: str) -> None:
    """Make ``learner_id`` (the secret) this session's learner; only its hash is kept."""
    st.session_state[_LEARNER] = learner_key(learner_id)


def learner() -> LearnerKey | None:
    """The session learner's key, or None before :func:`use_learner`."""
    key = st.session_state.get(_LEARNER)
    return LearnerKey(key) if isinstance(key, str) else None


# --------------------------------------------------------------------------- saving state


def saving() -> bool:
    """False while this session has progress the database could not take."""
    return _saver().saving


def notice() -> str | None:
    """The sentence the frame shows while progress is not being saved, else None."""
    if saving():
        return None
    return _(
        "Your progress is not being saved right now: the database cannot be reached. "
        "You can go on; what you do is saved as soon as it is back."
    )


def show_notice() -> None:
    """Draw :func:`notice` as a warning, when there is one."""
    text = notice()
    if text is not None:
        st.warning(text, icon=":material/cloud_off:")


def flush() -> bool:
    """Try to write what waits (at most every few seconds while the database is away);
    True when nothing waits. Call it once a run, e.g. from the frame."""
    return _saver().flush()


def forgotten_elsewhere() -> bool:
    """Whether this session's learner chose "forget me" in another tab or window: their
    writes here were refused (:class:`store.errors.LearnerForgotten`), once."""
    key = learner()
    return key is not None and _saver().take_forgotten(key)


# --------------------------------------------------------------------------- writes


def _write(make: type[Write], **values: Any) -> bool:
    key = learner()
    if key is None:
        return False
    saved = _saver().write(key, make(at=utc_now(), **values))
    _renew_if_forgotten()
    return saved


_renewal: list[Callable[[], object]] = []


def on_forgotten(renew: Callable[[], object]) -> None:
    """Who gives this session a new learner when a write was refused because the learner
    chose "forget me" elsewhere (:func:`ui.progress.identity.renew_if_forgotten`, which
    registers itself when imported: it builds on this module, not this module on it)."""
    _renewal[:] = [renew]


def _renew_if_forgotten() -> None:
    """After a write: if it was refused because this learner chose "forget me" elsewhere,
    this session takes a new learner at once (what follows is kept for it)."""
    for renew in _renewal:
        renew()


@contextlib.contextmanager
def together() -> Iterator[None]:
    """The writes made inside saved at its end in one transaction (see
    :meth:`store.saver.Saver.together`): one round trip to the database for a step that
    writes several things."""
    try:
        with _saver().together():
            yield
    finally:
        _renew_if_forgotten()


def save_settings(
    *, preset: str | None = None, four_colour: bool | None = None, language: str | None = None
) -> bool:
    """Store the settings given (``None``: leave as stored); True when saved."""
    return _write(SaveSettings, preset=preset, four_colour=four_colour, language=language)


def item_seen(kind: str, item: str, *, right: bool) -> bool:
    """One answer on a stage / quiz kind / lesson (spaced repetition); True when saved."""
    return _write(ItemSeen, kind=kind, item=item, right=right)


def lesson_done(lesson: str, first_try: int, stages: int) -> bool:
    """A pass through lesson ``lesson`` (its id) finished, ``first_try`` of its ``stages``
    right at the first try; the best pass is kept. True when saved."""
    return _write(LessonDone, lesson=lesson, first_try=first_try, stages=stages)


def round_started(
    round_id: str, length: int, *, level: str | None = None, seed: str | None = None
) -> bool:
    return _write(RoundStarted, round_id=round_id, length=length, level=level, seed=seed)


def answer_given(round_id: str, position: int, kind: str, outcome: str) -> bool:
    """``outcome``: "right", "wrong" or "skipped"."""
    return _write(AnswerGiven, round_id=round_id, position=position, kind=kind, outcome=outcome)


def round_finished(round_id: str) -> bool:
    return _write(RoundFinished, round_id=round_id)


def round_state(round_id: str, state: Any) -> bool:
    """Keep ``state`` (a JSON document) as what the started round needs to resume."""
    return _write(RoundState, round_id=round_id, state=state)


def save_partie(data: Any) -> bool:
    """Keep ``data`` (a JSON document) as the learner's partie in progress."""
    return _write(SavePartie, data=data)


def clear_partie() -> bool:
    return _write(ClearPartie)


def forget_me() -> bool:
    """Delete every row of this session's learner — their progress, and their pupils in
    every class with their answers, in one transaction — and whatever still waited to be
    saved. While the database is away the forget waits, and lands when it is back."""
    return _write(Forget)


# --------------------------------------------------------------------------- reads


def stored_settings() -> StoredSettings | None:
    key = learner()
    return None if key is None else _saver().settings(key)


def partie() -> Any | None:
    key = learner()
    return None if key is None else _saver().partie(key)


def items(kind: str | None = None) -> list[ItemProgress]:
    key = learner()
    return [] if key is None else _saver().read(lambda s: s.items(key, kind), [])


def due_items(kinds: Sequence[str] | None = None, *, limit: int = 50) -> list[ItemProgress]:
    """Items due now, shakiest first."""
    key = learner()
    if key is None:
        return []
    return _saver().read(lambda s: s.due(key, kinds=kinds, limit=limit), [])


def misses(kinds: Sequence[str] | None = None, *, limit: int = 50) -> list[ItemProgress]:
    """"Practise my misses" (:meth:`store.progress.Store.misses`), shakiest first."""
    key = learner()
    if key is None:
        return []
    return _saver().read(lambda s: s.misses(key, kinds=kinds, limit=limit), [])


def puzzle_attempt(puzzle: str, solved: bool, seed_rating: float) -> bool:
    """One attempt at a puzzle: the store rates the learner and the puzzle
    (:mod:`store.puzzles`)."""
    return _write(PuzzleAttempt, puzzle=puzzle, solved=solved, seed_rating=seed_rating)


def my_puzzle_made(puzzle: str, data: Any) -> bool:
    """A puzzle cut from the learner's own deal, kept (once) and due as a miss."""
    return _write(MyPuzzleMade, puzzle=puzzle, data=data)


def my_puzzles(ids: Sequence[str] | None = None) -> dict[str, Any]:
    """The learner's own puzzles (all, or those of ``ids``): their JSON by id, those still
    waiting to be written included."""
    key = learner()
    if key is None:
        return {}
    waiting = {w.puzzle: w.data for k, w in _saver().pending
               if k == key and isinstance(w, MyPuzzleMade) and (ids is None or w.puzzle in ids)}
    return {**waiting, **_saver().read(lambda s: s.my_puzzles(key, ids), {})}


def puzzle_standing() -> LearnerStanding:
    """The learner's puzzle rating and streak (a new learner's when none is stored)."""
    key = learner()
    if key is None:
        return NEW_LEARNER
    return _saver().read(lambda s: learner_standing(s.engine, key), NEW_LEARNER)


def puzzle_ratings() -> dict[str, Rating]:
    """Every puzzle's stored rating (those attempted), by id."""
    return _saver().read(lambda s: stored_puzzle_ratings(s.engine), {})


def tried_puzzles() -> dict[str, tuple[bool, datetime]]:
    """The puzzles the learner tried: whether the last attempt solved it, and when."""
    key = learner()
    return {} if key is None else _saver().read(lambda s: stored_tried(s.engine, key), {})


def lesson_results() -> dict[str, LessonResult]:
    """The best pass of every lesson finished, by lesson id."""
    key = learner()
    return {} if key is None else _saver().read(lambda s: s.lesson_results(key), {})


def rounds(limit: int = 20) -> list[RoundSummary]:
    key = learner()
    return [] if key is None else _saver().read(lambda s: s.rounds(key, limit), [])


def latest_round() -> tuple[Any, datetime | None] | None:
    """The saved state of the learner's latest quiz round and when it finished (None: in
    progress); the unsaved state when one waits; None without a round."""
    key = learner()
    if key is None:
        return None
    waiting = [w for k, w in _saver().pending if k == key]
    states = [w for w in waiting if isinstance(w, RoundState)]
    if states:
        ended = [w.at for w in waiting
                 if isinstance(w, RoundFinished) and w.round_id == states[-1].round_id]
        return states[-1].state, (ended[-1] if ended else None)
    return _saver().read(lambda s: s.latest_round(key), None)


def kind_totals() -> dict[str, KindTotals]:
    key = learner()
    return {} if key is None else _saver().read(lambda s: s.kind_totals(key), {})

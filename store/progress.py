"""The store's queries: a learner's progress read and written through SQLAlchemy Core.

Everything is keyed by a :data:`~store.ids.LearnerKey` (the hash of the secret id): a key
that has no rows — a new learner, or a forged or broken id — reads as a fresh start, and
reading never creates rows. Every :meth:`Store.apply` is one transaction: all of its writes
land, or none.

>>> from store.clock import FakeClock
>>> from store.engine import make_engine
>>> from store.ids import learner_key, new_learner_id
>>> from store.migrate import migrate
>>> from store.writes import ItemSeen, SaveSettings
>>> engine = make_engine("sqlite://")
>>> _ = migrate(engine)
>>> clock = FakeClock()
>>> store = Store(engine, clock=clock)
>>> me = learner_key(new_learner_id())
>>> store.settings(me) is None
True
>>> store.apply(me, [SaveSettings(clock(), four_colour=True),
...                  ItemSeen(clock(), "stage", "point-1", right=False)])
>>> store.settings(me)
StoredSettings(preset=None, four_colour=True, language=None)
>>> clock.advance(minutes=10)
>>> [(p.item, p.review.wrong) for p in store.misses(me)]
[('point-1', 1)]

"Forget me" deletes every row; a tab still open elsewhere cannot write them back:

>>> from store.errors import LearnerForgotten
>>> from store.writes import Forget
>>> store.apply(me, [Forget(clock())])
>>> try:
...     store.apply(me, [SaveSettings(clock(), language="tr")])
... except LearnerForgotten as e:
...     e.code
'learner_forgotten'
>>> store.known(me)
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from store import schema as t
from store.class_forget import forget_learner
from store.clock import Clock, as_utc, utc_now
from store.engine import WRITE, prepare_engine, wipe_log
from store.errors import LearnerForgotten
from store.ids import LearnerKey
from store.puzzles import apply_attempt, new_rows
from store.spacing import Review, State, review
from store.totals import KindTotals
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
    "ItemProgress",
    "KindTotals",
    "LessonResult",
    "RoundSummary",
    "Store",
    "StoredSettings",
]

#: How long the ids of applied writes are kept (a session retries within minutes).
WRITE_IDS_KEPT: Final = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class StoredSettings:
    preset: str | None
    four_colour: bool | None
    language: str | None


@dataclass(frozen=True, slots=True)
class ItemProgress:
    kind: str
    item: str
    review: Review


@dataclass(frozen=True, slots=True)
class LessonResult:
    """The best pass of a finished lesson: ``first_try`` of its ``stages`` right at the
    first try."""

    lesson: str
    first_try: int
    stages: int
    done_at: datetime


@dataclass(frozen=True, slots=True)
class RoundSummary:
    round_id: str
    level: str | None
    seed: str | None
    length: int
    started_at: datetime
    finished_at: datetime | None
    right: int
    wrong: int
    skipped: int


def forgotten_mark(key: LearnerKey) -> str:
    """What the ``forgotten`` table keeps of a forgotten learner: a hash of their key, not
    the key, so that no row anywhere carries the key of a learner who asked to be forgotten.

    >>> len(forgotten_mark(LearnerKey("a" * 64))), forgotten_mark(LearnerKey("a" * 64))[:8]
    (64, 'fd5a9775')
    """
    return hashlib.sha256(b"piquet forgotten learner\0" + key.encode("ascii")).hexdigest()


def _upsert(
    conn: Connection,
    table: Table,
    keys: Mapping[str, Any],
    values: Mapping[str, Any],
    update_values: Mapping[str, Any] | None = None,
) -> None:
    """Insert ``keys | values``; on a conflict on ``keys``, update ``update_values`` (default
    ``values``; nothing when empty). One statement on SQLite and PostgreSQL."""
    changes = dict(values if update_values is None else update_values)
    row = {**keys, **values}
    name = conn.dialect.name
    if name in ("sqlite", "postgresql"):
        dialect_insert = sqlite.insert if name == "sqlite" else postgresql.insert
        stmt = dialect_insert(table).values(row)
        if changes:
            stmt = stmt.on_conflict_do_update(index_elements=list(keys), set_=changes)
        else:
            stmt = stmt.on_conflict_do_nothing(index_elements=list(keys))
        conn.execute(stmt)
        return
    where = and_(*(table.c[k] == v for k, v in keys.items()))  # pragma: no cover - others
    if conn.execute(select(func.count()).select_from(table).where(where)).scalar_one():
        if changes:
            conn.execute(update(table).where(where).values(changes))
    else:
        conn.execute(insert(table).values(row))


def _first_time(conn: Connection, write: Write, at: datetime) -> bool:
    """Record ``write``'s id as applied; False when it already was (a retry of a write whose
    transaction the server committed after the session gave up waiting for it)."""
    name = conn.dialect.name
    row = {"id": write.write_id, "applied_at": at}
    if name in ("sqlite", "postgresql"):
        dialect_insert = sqlite.insert if name == "sqlite" else postgresql.insert
        stmt = dialect_insert(t.applied_writes).values(row).on_conflict_do_nothing(
            index_elements=["id"]).returning(t.applied_writes.c.id)
        return conn.execute(stmt).first() is not None  # rowcount: -1 with RETURNING
    seen = select(t.applied_writes.c.id).where(  # pragma: no cover - other databases
        t.applied_writes.c.id == write.write_id)
    if conn.execute(seen).first() is not None:  # pragma: no cover
        return False
    conn.execute(insert(t.applied_writes).values(row))  # pragma: no cover
    return True  # pragma: no cover


def _review(row: Any) -> Review:
    return Review(
        right=row.times_right,
        wrong=row.times_wrong,
        state=State(row.state),
        step=row.step,
        stability=float(row.stability),
        difficulty=float(row.difficulty),
        due_at=row.due_at,
        last_seen=row.last_seen,
        last_right=bool(row.last_right),
    )


class Store:
    """A learner's progress in the database behind ``engine`` (migrated by the caller)."""

    def __init__(self, engine: Engine, *, clock: Clock = utc_now, fuzz: bool = False) -> None:
        """``fuzz``: FSRS spreads the longer waits a little at random (the app's store; off
        by default, so that the same answers give the same dates)."""
        self.engine = prepare_engine(engine)
        self.clock = clock
        self.fuzz = fuzz

    # ------------------------------------------------------------------ writes

    def apply(self, key: LearnerKey, writes: Iterable[Write]) -> None:
        """Apply ``writes`` for the learner ``key``, in order, in ONE transaction."""
        batch = list(writes)
        if not batch:
            return
        latest = max(write.at for write in batch)
        self._apply(key, batch, latest)
        if any(isinstance(write, Forget) for write in batch):
            wipe_log(self.engine)  # the deleted rows out of SQLite's write-ahead log too

    def _apply(self, key: LearnerKey, batch: list[Write], latest: datetime) -> None:
        now = self.clock()
        with self.engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
            touched = False  # the learner's row: touched once, before its first write
            forgot = False  # a "forget me" in this batch: what follows it is not written
            for write in batch:
                if isinstance(write, Forget):
                    _first_time(conn, write, now)
                    self._forget(conn, key, write.at)
                    touched, forgot = False, True
                    continue
                if forgot or not _first_time(conn, write, now):
                    continue
                if not touched:
                    self._touch(conn, key, latest)
                    touched = True
                self._apply_one(conn, key, write)

    def _touch(self, conn: Connection, key: LearnerKey, at: datetime) -> None:
        """The learner's row seen at ``at``, made if new — unless the learner chose to be
        forgotten (:class:`~store.errors.LearnerForgotten`, the transaction rolled back).
        A known learner costs one statement, as before; only a new row looks up the
        forgotten keys."""
        seen = conn.execute(update(t.learners).where(t.learners.c.key == key)
                            .values(seen_at=at))
        if seen.rowcount:
            return
        mark = forgotten_mark(key)
        if conn.execute(select(t.forgotten.c.key).where(t.forgotten.c.key == mark)).first():
            raise LearnerForgotten(key)
        _upsert(conn, t.learners, {"key": key}, {"created_at": at, "seen_at": at},
                {"seen_at": at})

    def _forget(self, conn: Connection, key: LearnerKey, at: datetime) -> None:
        forget_learner(conn, key)
        for table in t.LEARNER_TABLES:
            column = table.c.key if table is t.learners else table.c.learner
            conn.execute(delete(table).where(column == key))
        _upsert(conn, t.forgotten, {"key": forgotten_mark(key)}, {"forgotten_at": at})

    def _apply_one(self, conn: Connection, key: LearnerKey, write: Write) -> None:
        """One write but "forget me", after the learner's row is touched."""
        if isinstance(write, SaveSettings):
            chosen = {
                name: value
                for name, value in (
                    ("preset", write.preset),
                    ("four_colour", write.four_colour),
                    ("language", write.language),
                )
                if value is not None
            }
            _upsert(conn, t.settings, {"learner": key}, {**chosen, "updated_at": write.at})
        elif isinstance(write, ItemSeen):
            self._item_seen(conn, key, write)
        elif isinstance(write, RoundStarted):
            _upsert(
                conn, t.rounds, {"learner": key, "round_id": write.round_id},
                {"level": write.level, "seed": write.seed, "length": write.length,
                 "started_at": write.at},
                {},
            )
        elif isinstance(write, AnswerGiven):
            _upsert(
                conn, t.answers,
                {"learner": key, "round_id": write.round_id, "position": write.position},
                {"kind": write.kind, "outcome": write.outcome, "answered_at": write.at},
            )
        elif isinstance(write, RoundFinished):
            conn.execute(
                update(t.rounds)
                .where(t.rounds.c.learner == key, t.rounds.c.round_id == write.round_id)
                .values(finished_at=write.at)
            )
        elif isinstance(write, RoundState):
            conn.execute(
                update(t.rounds)
                .where(t.rounds.c.learner == key, t.rounds.c.round_id == write.round_id)
                .values(state=write.state)
            )
        elif isinstance(write, LessonDone):
            self._lesson_done(conn, key, write)
        elif isinstance(write, PuzzleAttempt):
            first_learner, first_puzzle = new_rows(key, write)
            _upsert(conn, t.learner_ratings, {"learner": key}, first_learner, {})
            _upsert(conn, t.puzzle_ratings, {"puzzle": write.puzzle}, first_puzzle, {})
            apply_attempt(conn, key, write)
        elif isinstance(write, MyPuzzleMade):
            self._my_puzzle(conn, key, write)
        elif isinstance(write, SavePartie):
            _upsert(conn, t.parties, {"learner": key},
                    {"data": write.data, "saved_at": write.at})
        elif isinstance(write, ClearPartie):
            conn.execute(delete(t.parties).where(t.parties.c.learner == key))
        else:  # pragma: no cover - exhaustive over Write
            raise TypeError(f"not a store write: {type(write).__name__}")

    def _item_seen(self, conn: Connection, key: LearnerKey, write: ItemSeen) -> None:
        where = (t.items.c.learner == key, t.items.c.kind == write.kind,
                 t.items.c.item == write.item)
        # a blank row first, then lock it: two tabs answering at once both count
        _upsert(
            conn, t.items, {"learner": key, "kind": write.kind, "item": write.item},
            {"times_right": 0, "times_wrong": 0, "state": int(State.LEARNING), "step": 0,
             "stability": 0.0, "difficulty": 0.0, "due_at": write.at,
             "last_seen": write.at, "last_right": False},
            {},
        )
        row = conn.execute(select(t.items).where(*where).with_for_update()).one()
        previous = _review(row) if row.times_right + row.times_wrong else None
        after = review(previous, right=write.right, now=write.at, fuzz=self.fuzz)
        conn.execute(
            update(t.items).where(*where).values(
                times_right=after.right, times_wrong=after.wrong, state=int(after.state),
                step=after.step, stability=after.stability, difficulty=after.difficulty,
                due_at=after.due_at, last_seen=after.last_seen, last_right=after.last_right,
            )
        )

    def _my_puzzle(self, conn: Connection, key: LearnerKey, write: MyPuzzleMade) -> None:
        """Keep the puzzle once; a new one is a miss to practise (due a minute later)."""
        c = t.my_puzzles.c
        had = conn.execute(select(c.id).where(c.learner == key, c.puzzle == write.puzzle)
                           ).first()
        _upsert(conn, t.my_puzzles, {"learner": key, "puzzle": write.puzzle},
                {"data": write.data, "made_at": write.at}, {})
        if had is None:
            self._item_seen(conn, key, ItemSeen(write.at, kind=MY_PUZZLE_KIND,
                                                item=write.puzzle, right=False))

    def _lesson_done(self, conn: Connection, key: LearnerKey, write: LessonDone) -> None:
        """Keep the better of the stored pass and this one (more stages right at the first
        try; a lesson that grew a stage keeps its count until a pass beats it)."""
        where = (t.lesson_results.c.learner == key, t.lesson_results.c.lesson == write.lesson)
        values = {"first_try": write.first_try, "stages": write.stages, "done_at": write.at}
        _upsert(conn, t.lesson_results, {"learner": key, "lesson": write.lesson}, values, {})
        row = conn.execute(select(t.lesson_results).where(*where).with_for_update()).one()
        if write.first_try * row.stages > row.first_try * write.stages:
            conn.execute(update(t.lesson_results).where(*where).values(values))

    def purge_idle(self, older_than: timedelta) -> int:
        """Delete every learner not seen for ``older_than``; returns how many. The keys of
        learners forgotten that long ago go too (no tab lives that long)."""
        cutoff = self.clock() - older_than
        with self.engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
            conn.execute(delete(t.forgotten).where(t.forgotten.c.forgotten_at < cutoff))
            conn.execute(delete(t.applied_writes).where(
                t.applied_writes.c.applied_at < self.clock() - WRITE_IDS_KEPT))
            idle = select(t.learners.c.key).where(t.learners.c.seen_at < cutoff)
            keys = list(conn.execute(idle).scalars())
            for table in t.LEARNER_TABLES:
                column = table.c.key if table is t.learners else table.c.learner
                for start in range(0, len(keys), 500):
                    conn.execute(delete(table).where(column.in_(keys[start:start + 500])))
        return len(keys)

    # ------------------------------------------------------------------ reads

    def known(self, key: LearnerKey) -> bool:
        """Whether the learner has any rows."""
        with self.engine.connect() as conn:
            found = conn.execute(select(t.learners.c.key).where(t.learners.c.key == key))
            return found.first() is not None

    def settings(self, key: LearnerKey) -> StoredSettings | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(t.settings).where(t.settings.c.learner == key)).first()
        if row is None:
            return None
        four = None if row.four_colour is None else bool(row.four_colour)
        return StoredSettings(row.preset, four, row.language)

    def items(self, key: LearnerKey, kind: str | None = None) -> list[ItemProgress]:
        query = select(t.items).where(t.items.c.learner == key)
        if kind is not None:
            query = query.where(t.items.c.kind == kind)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(t.items.c.kind, t.items.c.item)).all()
        return [ItemProgress(row.kind, row.item, _review(row)) for row in rows]

    def item(self, key: LearnerKey, kind: str, item: str) -> ItemProgress | None:
        found = [p for p in self.items(key, kind) if p.item == item]
        return found[0] if found else None

    def due(
        self,
        key: LearnerKey,
        *,
        now: datetime | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 50,
    ) -> list[ItemProgress]:
        """Items due at ``now`` (default the clock), shakiest first (the least stable, then
        the longest overdue)."""
        moment = as_utc(now) if now is not None else self.clock()
        return self._items_where(key, kinds, limit, t.items.c.due_at <= moment)

    def misses(
        self,
        key: LearnerKey,
        *,
        now: datetime | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 50,
    ) -> list[ItemProgress]:
        """"Practise my misses", the one list every page shows: the items ever answered
        wrong that are not learnt again yet (missed at their last answer, or still in FSRS's
        learning or relearning steps) or that are due again; shakiest first."""
        moment = as_utc(now) if now is not None else self.clock()
        c = t.items.c
        return self._items_where(
            key, kinds, limit, c.times_wrong > 0,
            or_(c.due_at <= moment, c.last_right.is_(False),
                c.state != int(State.REVIEW)))

    def _items_where(
        self, key: LearnerKey, kinds: Sequence[str] | None, limit: int, *where: Any
    ) -> list[ItemProgress]:
        c = t.items.c
        query = select(t.items).where(c.learner == key, *where)
        if kinds is not None:
            query = query.where(c.kind.in_(list(kinds)))
        query = query.order_by(c.stability, c.due_at, c.id).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [ItemProgress(row.kind, row.item, _review(row)) for row in rows]

    def my_puzzles(self, key: LearnerKey, ids: Sequence[str] | None = None
                   ) -> dict[str, Any]:
        """The learner's own puzzles (all, or those of ``ids``): the stored JSON by id."""
        c = t.my_puzzles.c
        query = select(c.puzzle, c.data).where(c.learner == key)
        if ids is not None:
            query = query.where(c.puzzle.in_(list(ids)))
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(c.id)).all()
        return {row.puzzle: row.data for row in rows}

    def rounds(self, key: LearnerKey, limit: int = 20) -> list[RoundSummary]:
        """The learner's latest quiz rounds, newest first, with their counts: the rounds with
        an answer (a round begins with its first answer; one an older app stored on a mere
        visit is left out)."""
        answered = (select(t.answers.c.id)
                    .where(t.answers.c.learner == key,
                           t.answers.c.round_id == t.rounds.c.round_id).exists())
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.rounds).where(t.rounds.c.learner == key, answered)
                .order_by(t.rounds.c.started_at.desc(), t.rounds.c.id.desc()).limit(limit)
            ).all()
            ids = [row.round_id for row in rows]
            counts: dict[tuple[str, str], int] = {}
            if ids:
                for round_id, outcome, n in conn.execute(
                    select(t.answers.c.round_id, t.answers.c.outcome, func.count())
                    .where(t.answers.c.learner == key, t.answers.c.round_id.in_(ids))
                    .group_by(t.answers.c.round_id, t.answers.c.outcome)
                ):
                    counts[(round_id, outcome)] = int(n)
        return [
            RoundSummary(
                row.round_id, row.level, row.seed, row.length, row.started_at,
                row.finished_at, counts.get((row.round_id, "right"), 0),
                counts.get((row.round_id, "wrong"), 0), counts.get((row.round_id, "skipped"), 0),
            )
            for row in rows
        ]

    def latest_round(self, key: LearnerKey) -> tuple[Any, datetime | None] | None:
        """The state saved (:class:`~store.writes.RoundState`) of the learner's latest round
        and when it finished (None: in progress); None without a round or a saved state."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(t.rounds.c.state, t.rounds.c.finished_at)
                .where(t.rounds.c.learner == key)
                .order_by(t.rounds.c.started_at.desc(), t.rounds.c.id.desc()).limit(1)
            ).first()
        if row is None or row.state is None:
            return None
        return row.state, row.finished_at

    def round_answers(self, key: LearnerKey, round_id: str) -> list[tuple[int, str, str]]:
        """``(position, kind, outcome)`` of each answer of one round, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.answers.c.position, t.answers.c.kind, t.answers.c.outcome)
                .where(t.answers.c.learner == key, t.answers.c.round_id == round_id)
                .order_by(t.answers.c.position)
            ).all()
        return [(int(p), str(k), str(o)) for p, k, o in rows]

    def kind_totals(self, key: LearnerKey) -> dict[str, KindTotals]:
        """The quiz history per question kind: how many right, wrong and skipped."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.answers.c.kind, t.answers.c.outcome, func.count())
                .where(t.answers.c.learner == key)
                .group_by(t.answers.c.kind, t.answers.c.outcome)
            ).all()
        raw: dict[str, dict[str, int]] = {}
        for kind, outcome, n in rows:
            raw.setdefault(kind, {})[outcome] = int(n)
        return {
            kind: KindTotals(c.get("right", 0), c.get("wrong", 0), c.get("skipped", 0))
            for kind, c in sorted(raw.items())
        }

    def lesson_results(self, key: LearnerKey) -> dict[str, LessonResult]:
        """The best pass of every lesson the learner finished, by lesson id."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.lesson_results).where(t.lesson_results.c.learner == key)).all()
        return {row.lesson: LessonResult(row.lesson, int(row.first_try), int(row.stages),
                                         row.done_at) for row in rows}

    def partie(self, key: LearnerKey) -> Any | None:
        """The saved partie in progress (the JSON document), or None."""
        with self.engine.connect() as conn:
            return conn.execute(
                select(t.parties.c.data).where(t.parties.c.learner == key)
            ).scalar_one_or_none()

"""The progress store (store/): the same tests against SQLite and a real PostgreSQL.

The ``db_url`` fixture (tests/store_fixtures.py) is parametrized: each test runs on a fresh
SQLite file and on a fresh database in a throw-away PostgreSQL cluster (skipped locally
without PostgreSQL, a failure under CI=true).
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from sqlalchemy import (
    Connection,
    Engine,
    MetaData,
    Table,
    func,
    insert,
    inspect,
    select,
    text,
)

from store import (
    LATEST,
    AnswerGiven,
    ClearPartie,
    FakeClock,
    Forget,
    ItemSeen,
    KindTotals,
    LessonDone,
    MyPuzzleMade,
    PuzzleAttempt,
    RoundFinished,
    RoundStarted,
    SavePartie,
    Saver,
    SaveSettings,
    SchemaTooNew,
    Store,
    StoredSettings,
    current_version,
    learner_key,
    make_engine,
    matches,
    migrate,
    new_learner_id,
    parse_learner_id,
    schema as t,
)
from store.errors import LearnerForgotten
from store.migrate import STEPS, Step
from store.spacing import State, review

# db_url, engine, clock, store, postgres_server (tests/store_fixtures.py)

# --------------------------------------------------------------------------- migration


def _columns(engine: Engine) -> dict[str, set[str]]:
    found = inspect(engine)
    return {name: {c["name"] for c in found.get_columns(name)} for name in found.get_table_names()}


def test_fresh_database_migrates_to_the_current_schema(engine: Engine) -> None:
    assert current_version(engine) == 0
    assert migrate(engine) == LATEST
    expected = {table.name: {c.name for c in table.columns} for table in t.metadata.sorted_tables}
    assert _columns(engine) == expected
    with engine.connect() as conn:
        versions = conn.execute(select(t.schema_version.c.version)).scalars().all()
    assert sorted(versions) == [step.version for step in STEPS]
    assert migrate(engine) == LATEST  # a second start changes nothing
    assert current_version(engine) == LATEST


def test_old_version_database_migrates_forward_keeping_its_rows(
    engine: Engine, clock: FakeClock
) -> None:
    assert migrate(engine, target=1, clock=clock) == 1
    assert "parties" not in _columns(engine) and "rounds" not in _columns(engine)
    key = learner_key(new_learner_id())
    now = clock()
    with engine.begin() as conn:  # rows as version 1 of the app wrote them
        conn.execute(insert(t.learners).values(key=key, created_at=now, seen_at=now))
        conn.execute(insert(t.settings).values(learner=key, preset="cavendish",
                                               four_colour=True, language=None, updated_at=now))
        conn.execute(insert(_leitner_items(engine)).values(
            learner=key, kind="stage", item="point-1", times_right=1, times_wrong=2, box=1,
            interval_s=86400, due_at=_naive(now + timedelta(days=1)), last_seen=_naive(now),
            last_right=True,
        ))
    assert migrate(engine, clock=clock) == LATEST
    store = Store(engine, clock=clock)
    assert store.settings(key) == StoredSettings("cavendish", True, None)
    (progress,) = store.items(key)
    assert (progress.review.right, progress.review.wrong) == (1, 2)
    assert progress.review.due_at == now + timedelta(days=1)
    store.apply(key, [SavePartie(now, {"deal": 1})])  # the new tables work
    assert store.partie(key) == {"deal": 1}


def _leitner_items(engine: Engine) -> Table:
    """The items table as steps 1 to 6 left it (a Leitner box and its interval in seconds),
    read from the database; its moments are naive UTC."""
    return Table("items", MetaData(), autoload_with=engine)


def _naive(moment: Any) -> Any:
    return moment.replace(tzinfo=None)


def test_leitner_items_become_fsrs_cards_by_the_documented_mapping(
    engine: Engine, clock: FakeClock
) -> None:
    """Step 10 (docs/progress.md): each stored item becomes an FSRS card due at its current
    ``due_at``, its stability its current interval in days; box 0 (just missed) FSRS's
    relearning step, any other box its review state; the counts stay. Then right = Good,
    wrong = Again, from the card as migrated."""
    migrate(engine, target=6, clock=clock)
    old_items = _leitner_items(engine)
    key = learner_key(new_learner_id())
    now = clock()
    old = {  # item: (right, wrong, box, interval, due_at)
        "missed": (0, 1, 0, timedelta(minutes=10), now + timedelta(minutes=4)),
        "box3": (3, 1, 3, timedelta(days=7), now + timedelta(days=2)),
        "never-missed": (2, 0, 2, timedelta(days=3), now - timedelta(hours=5)),
    }
    with engine.begin() as conn:
        conn.execute(insert(t.learners).values(key=key, created_at=now, seen_at=now))
        for item, (right, wrong, box, interval, due_at) in old.items():
            conn.execute(insert(old_items).values(
                learner=key, kind="quiz_kind", item=item, times_right=right,
                times_wrong=wrong, box=box, interval_s=int(interval.total_seconds()),
                due_at=_naive(due_at), last_seen=_naive(due_at - interval),
                last_right=box > 0))
    assert migrate(engine, clock=clock) == LATEST
    assert {"box", "interval_s"}.isdisjoint(_columns(engine)["items"])
    store = Store(engine, clock=clock)
    cards = {p.item: p.review for p in store.items(key)}
    for item, (right, wrong, box, interval, due_at) in old.items():
        card = cards[item]
        assert card.due_at == due_at, item
        assert card.stability == pytest.approx(interval / timedelta(days=1)), item
        assert (card.right, card.wrong) == (right, wrong)
        assert card.state is (State.RELEARNING if box == 0 else State.REVIEW), item
        assert card.step == (0 if box == 0 else None), item
        assert 1 <= card.difficulty <= 10
    assert cards["box3"].difficulty > cards["never-missed"].difficulty  # a miss: harder
    assert [p.item for p in store.due(key)] == ["never-missed"]
    assert {p.item for p in store.misses(key)} == {"missed"}  # box3 waits for its day
    # the next answers are FSRS reviews of the migrated cards: right = Good, wrong = Again
    later = now + timedelta(days=2)
    store.apply(key, [ItemSeen(later, "quiz_kind", "box3", right=True),
                      ItemSeen(later, "quiz_kind", "missed", right=True),
                      ItemSeen(later, "quiz_kind", "never-missed", right=False)])
    after = {p.item: p.review for p in store.items(key)}
    expected = {item: review(cards[item], right=item != "never-missed", now=later)
                for item in old}
    for item in old:
        assert after[item] == expected[item], item
    assert after["box3"].interval > timedelta(days=7)  # Good on time: a longer wait
    assert after["missed"].state is State.REVIEW  # the relearning step passed
    assert after["never-missed"].state is State.RELEARNING
    assert after["never-missed"].interval == timedelta(minutes=10)


def test_a_failing_step_leaves_the_database_as_it_was(engine: Engine) -> None:
    migrate(engine, target=2)

    def broken(conn: Connection) -> None:
        conn.execute(text("CREATE TABLE half_done (x INTEGER)"))
        raise RuntimeError("step failed")

    with pytest.raises(RuntimeError, match="step failed"):
        migrate(engine, steps=(*STEPS, Step(LATEST + 1, "broken", broken)))
    # the steps after 2 and the broken one ran in one transaction: none is there
    assert current_version(engine) == 2
    assert "half_done" not in _columns(engine) and "parties" not in _columns(engine)
    assert migrate(engine) == LATEST


def test_a_newer_database_is_refused(engine: Engine, clock: FakeClock) -> None:
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(insert(t.schema_version).values(version=LATEST + 1, name="future",
                                                     applied_at=clock()))
    with pytest.raises(SchemaTooNew):
        migrate(engine)


def test_concurrent_starts_migrate_once(engine: Engine) -> None:
    results: list[int] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            results.append(migrate(engine))
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert results == [LATEST] * 3
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.schema_version)) == len(STEPS)


# --------------------------------------------------------------------------- writes / reads


def test_settings_are_stored_and_updated_field_by_field(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    assert store.settings(me) is None and not store.known(me)
    store.apply(me, [SaveSettings(clock(), preset="cavendish", language="en")])
    store.apply(me, [SaveSettings(clock(), four_colour=True)])
    assert store.settings(me) == StoredSettings("cavendish", True, "en")
    store.apply(me, [SaveSettings(clock(), four_colour=False, preset="britannica")])
    assert store.settings(me) == StoredSettings("britannica", False, "en")
    assert store.known(me)


def test_items_are_spaced_out(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    start = clock()
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=False),
                     ItemSeen(clock(), "stage", "sequence-2", right=True),
                     ItemSeen(clock(), "quiz_kind", "point", right=False)])
    assert store.due(me) == []  # nothing due at once
    clock.advance(minutes=1)  # FSRS's first learning step after a miss
    due = store.due(me)
    assert [(p.kind, p.item) for p in due] == [("stage", "point-1"), ("quiz_kind", "point")]
    assert [p.item for p in store.due(me, kinds=["quiz_kind"])] == ["point"]
    # right when it came back: the second learning step (10 minutes), then into review
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=True)])
    progress = store.item(me, "stage", "point-1")
    assert progress is not None
    assert progress.review.interval == timedelta(minutes=10)
    assert progress.review.state is State.LEARNING
    clock.advance(minutes=10)
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=True)])
    progress = store.item(me, "stage", "point-1")
    assert progress is not None and progress.review.state is State.REVIEW
    assert progress.review.interval >= timedelta(days=1)
    clock.now = progress.review.due_at
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=False)])
    progress = store.item(me, "stage", "point-1")
    assert progress is not None
    assert (progress.review.right, progress.review.wrong) == (2, 2)
    assert progress.review.state is State.RELEARNING
    assert progress.review.due_at == clock() + timedelta(minutes=10)
    # the right-first item is due after its wait, but it was never missed
    later = clock() + timedelta(minutes=10)
    assert {p.item for p in store.due(me, now=later)} == {"point-1", "sequence-2", "point"}
    assert {p.item for p in store.misses(me, now=later)} == {"point-1", "point"}
    assert start < later


def test_misses_are_every_miss_not_learnt_again_and_every_miss_due(
    store: Store, clock: FakeClock
) -> None:
    """One list: a miss is in it at once (not only once due), stays while FSRS still has it
    in its (re)learning steps, leaves when learnt again, and comes back when due."""
    me = learner_key(new_learner_id())
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=False),
                     ItemSeen(clock(), "quiz_kind", "sets", right=True)])
    assert [p.item for p in store.misses(me)] == ["point-1"]  # at once, before it is due
    clock.advance(minutes=1)
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=True)])
    assert [p.item for p in store.misses(me)] == ["point-1"]  # still learning
    clock.advance(minutes=10)
    store.apply(me, [ItemSeen(clock(), "stage", "point-1", right=True)])
    learnt = store.item(me, "stage", "point-1")
    assert learnt is not None and learnt.review.state is State.REVIEW
    assert store.misses(me) == []  # learnt again: it waits for its day
    assert [p.item for p in store.misses(me, now=learnt.review.due_at)] == ["point-1"]
    assert [p.item for p in store.misses(me, kinds=["quiz_kind"],
                                         now=learnt.review.due_at)] == []


def test_quiz_rounds_and_answers_history(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    writes: list[Any] = [RoundStarted(clock(), "r1", 3, level="beginner", seed="42")]
    writes += [
        AnswerGiven(clock(), "r1", 0, "point", "right"),
        AnswerGiven(clock(), "r1", 1, "sequence", "wrong"),
        AnswerGiven(clock(), "r1", 2, "point", "skipped"),
        RoundFinished(clock(), "r1"),
    ]
    store.apply(me, writes)
    store.apply(me, writes)  # replayed (e.g. after an outage): still one round
    clock.advance(minutes=5)
    store.apply(me, [RoundStarted(clock(), "r2", 10),
                     AnswerGiven(clock(), "r2", 0, "point", "right")])
    r2, r1 = store.rounds(me)
    assert (r1.round_id, r1.level, r1.seed, r1.length) == ("r1", "beginner", "42", 3)
    assert (r1.right, r1.wrong, r1.skipped, r1.finished_at) == (1, 1, 1, r1.started_at)
    assert (r2.round_id, r2.right, r2.finished_at) == ("r2", 1, None)
    assert store.round_answers(me, "r1") == [
        (0, "point", "right"), (1, "sequence", "wrong"), (2, "point", "skipped")]
    assert store.kind_totals(me) == {"point": KindTotals(2, 0, 1),
                                     "sequence": KindTotals(0, 1, 0)}


def test_a_round_without_an_answer_is_no_round_of_the_history(
    store: Store, clock: FakeClock
) -> None:
    """Rounds an older app stored on a mere visit (started, never answered) are left out."""
    me = learner_key(new_learner_id())
    store.apply(me, [RoundStarted(clock(), "visit", 10)])
    clock.advance(minutes=1)
    store.apply(me, [RoundStarted(clock(), "r1", 5), AnswerGiven(clock(), "r1", 0, "point",
                                                                 "wrong")])
    clock.advance(minutes=1)
    store.apply(me, [RoundStarted(clock(), "visit2", 10)])
    assert [r.round_id for r in store.rounds(me)] == ["r1"]


def test_the_best_pass_of_a_lesson_is_kept(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    assert store.lesson_results(me) == {}
    store.apply(me, [LessonDone(clock(), "04-point", 3, 4)])
    clock.advance(days=1)
    store.apply(me, [LessonDone(clock(), "04-point", 1, 4),    # worse: the stars stay
                     LessonDone(clock(), "05-sequence", 2, 2)])
    found = store.lesson_results(me)
    assert {k: (r.first_try, r.stages) for k, r in found.items()} == {
        "04-point": (3, 4), "05-sequence": (2, 2)}
    store.apply(me, [LessonDone(clock(), "04-point", 4, 4)])  # better: kept
    assert store.lesson_results(me)["04-point"].first_try == 4
    with pytest.raises(ValueError):
        LessonDone(clock(), "04-point", 5, 4)


def test_partie_in_progress_is_one_json_document(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    assert store.partie(me) is None
    first = {"deal": 1, "hands": [["7♠", "A♥"]], "note": "Élder", "score": None}
    store.apply(me, [SavePartie(clock(), first)])
    assert store.partie(me) == first
    store.apply(me, [SavePartie(clock(), {"deal": 2})])
    assert store.partie(me) == {"deal": 2}
    store.apply(me, [ClearPartie(clock())])
    assert store.partie(me) is None
    with pytest.raises(TypeError):
        SavePartie(clock(), {"not json": object()})


class _FailsOnSecond(Store):
    calls = 0

    def _apply_one(self, conn: Connection, key: Any, write: Any) -> None:
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("boom")
        super()._apply_one(conn, key, write)


def test_a_batch_of_writes_is_one_transaction(store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    failing = _FailsOnSecond(store.engine, clock=clock)
    with pytest.raises(RuntimeError):
        failing.apply(me, [SaveSettings(clock(), language="en"),
                           ItemSeen(clock(), "stage", "x", right=True)])
    assert store.settings(me) is None and not store.known(me)


def _rows_of(engine: Engine, key: str) -> dict[str, int]:
    counts = {}
    with engine.connect() as conn:
        for table in t.LEARNER_TABLES:
            column = table.c.key if table is t.learners else table.c.learner
            counts[table.name] = conn.scalar(
                select(func.count()).select_from(table).where(column == key))
    return counts


def _fill(store: Store, clock: FakeClock, key: Any) -> None:
    store.apply(key, [
        SaveSettings(clock(), preset="cavendish"),
        ItemSeen(clock(), "lesson", "point", right=True),
        LessonDone(clock(), "04-point", 3, 4),
        RoundStarted(clock(), "r1", 1),
        AnswerGiven(clock(), "r1", 0, "point", "wrong"),
        SavePartie(clock(), {"deal": 3}),
        PuzzleAttempt(clock(), puzzle="b2-8", solved=True, seed_rating=1500.0),
        MyPuzzleMade(clock(), puzzle="m-0123456789ab", data={"id": "m-0123456789ab"}),
    ])
    with store.engine.begin() as conn:  # progress set aside to follow a resume link
        conn.execute(t.set_aside.insert().values(learner=key, salt="00" * 16,
                                                 sealed="ab" * 32, at=clock()))


def test_forget_me_deletes_every_row_of_that_learner_only(
    store: Store, clock: FakeClock
) -> None:
    me, other = learner_key(new_learner_id()), learner_key(new_learner_id())
    _fill(store, clock, me)
    _fill(store, clock, other)
    assert all(_rows_of(store.engine, me).values())
    store.apply(me, [Forget(clock())])
    assert set(_rows_of(store.engine, me).values()) == {0}
    assert all(_rows_of(store.engine, other).values())
    assert store.settings(me) is None and store.partie(me) is None and store.items(me) == []


def test_a_forgotten_learner_cannot_be_written_back(store: Store, clock: FakeClock) -> None:
    """After "forget me", a write of the same key (a tab still open elsewhere) is refused
    whole, in its own transaction; the writes after a Forget in its own batch are not
    written; the key alone stays, a hash, until the idle learners' purge takes it."""
    me, other = learner_key(new_learner_id()), learner_key(new_learner_id())
    _fill(store, clock, me)
    _fill(store, clock, other)
    store.apply(me, [Forget(clock()), SaveSettings(clock(), preset="cavendish")])
    assert set(_rows_of(store.engine, me).values()) == {0}
    with pytest.raises(LearnerForgotten) as refused:
        store.apply(me, [ItemSeen(clock(), "lesson", "point", right=True),
                         SaveSettings(clock(), language="tr")])
    assert refused.value.code == "learner_forgotten" and isinstance(refused.value, ValueError)
    assert set(_rows_of(store.engine, me).values()) == {0}
    assert all(_rows_of(store.engine, other).values())  # others write as before
    store.apply(other, [SaveSettings(clock(), language="tr")])
    store.apply(me, [Forget(clock())])  # forgetting again is harmless
    with store.engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.forgotten)) == 1
    clock.advance(days=366)
    store.purge_idle(timedelta(days=365))
    with store.engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.forgotten)) == 0


def test_the_saver_drops_a_forgotten_learners_writes_and_says_so(
    store: Store, clock: FakeClock,
) -> None:
    me = learner_key(new_learner_id())
    store.apply(me, [SaveSettings(clock(), preset="cavendish")])
    store.apply(me, [Forget(clock())])
    state: dict[str, Any] = {}
    saver = Saver(lambda: store, state, clock=clock)
    assert saver.write(me, SaveSettings(clock(), language="tr"))  # nothing left waiting
    assert saver.pending == [] and saver.saving
    assert saver.take_forgotten(me) and not saver.take_forgotten(me)  # said once
    assert not store.known(me)


def test_a_forged_or_broken_id_finds_nothing(store: Store, clock: FakeClock) -> None:
    mine = new_learner_id()
    _fill(store, clock, learner_key(mine))
    flipped = mine[:-1] + ("A" if mine[-1] != "A" else "B")
    for forged in (flipped, mine[:-1], mine + "x", new_learner_id(), mine.upper()):
        lid = parse_learner_id(forged)
        if lid is None:  # broken: a fresh start without even a lookup
            continue
        key = learner_key(lid)
        assert not store.known(key)
        assert store.settings(key) is None and store.partie(key) is None
        assert store.items(key) == [] and store.rounds(key) == []
        assert not matches(lid, learner_key(mine))
    for broken in ("", "short", "has spaces in it and is long enough", "é" * 30, None, 42):
        assert parse_learner_id(broken) is None


def test_rows_carry_the_hash_never_the_id(store: Store, clock: FakeClock) -> None:
    lid = new_learner_id()
    _fill(store, clock, learner_key(lid))
    with store.engine.connect() as conn:
        dumped = " ".join(
            repr(tuple(row)) for table in t.metadata.sorted_tables
            for row in conn.execute(select(table))
        )
    assert learner_key(lid) in dumped
    assert lid not in dumped


def test_the_id_is_never_logged(
    db_url: str, caplog: pytest.LogCaptureFixture, clock: FakeClock, tmp_path: Path
) -> None:
    """A whole session of store calls, with SQL echo on (parameters shown): no id in the log."""
    caplog.set_level(logging.DEBUG)
    chatty = make_engine(db_url, echo="debug", hide_parameters=False)
    try:
        migrate(chatty)
        lid = new_learner_id()
        key = learner_key(lid)
        state: dict[str, Any] = {}
        saver = Saver(lambda: Store(chatty, clock=clock), state, clock=clock)
        _fill(Store(chatty, clock=clock), clock, key)
        saver.write(key, ItemSeen(clock(), "stage", "x", right=False))
        saver.settings(key)
        saver.partie(key)
        saver.read(lambda s: s.due(key), [])
        saver.write(key, Forget(clock()))
        # and while the database is away (an SQLite file in a folder that does not exist)
        gone = make_engine(f"sqlite:///{tmp_path / 'missing' / 'p.db'}", echo="debug",
                           hide_parameters=False)
        offline = Saver(lambda: Store(gone, clock=clock), {}, clock=clock)
        offline.write(key, SaveSettings(clock(), language="en"))
        assert not offline.saving
    finally:
        chatty.dispose()
    assert "INSERT" in caplog.text  # the log did record the SQL
    assert lid not in caplog.text


def test_purge_idle_removes_learners_not_seen_for_long(store: Store, clock: FakeClock) -> None:
    old, recent = learner_key(new_learner_id()), learner_key(new_learner_id())
    _fill(store, clock, old)
    clock.advance(days=200)
    _fill(store, clock, recent)
    clock.advance(days=200)
    assert store.purge_idle(timedelta(days=365)) == 1
    assert set(_rows_of(store.engine, old).values()) == {0}
    assert all(_rows_of(store.engine, recent).values())


# --------------------------------------------------------------------------- the saver


def test_saver_keeps_writes_while_sqlite_is_unreachable(tmp_path: Path) -> None:
    """A real outage of SQLite: its folder is missing (OperationalError), then made."""
    clock = FakeClock()
    folder = tmp_path / "later"
    engine = make_engine(f"sqlite:///{folder / 'progress.db'}")
    state: dict[str, Any] = {}

    def connect() -> Store:
        migrate(engine)
        return Store(engine, clock=clock)

    saver = Saver(connect, state, clock=clock, retry_after=timedelta(seconds=3))
    me = learner_key(new_learner_id())
    assert not saver.write(me, SaveSettings(clock(), four_colour=True))
    assert not saver.write(me, ItemSeen(clock(), "stage", "x", right=False))
    assert not saver.write(me, SavePartie(clock(), {"deal": 1}))
    assert not saver.saving and len(saver.pending) == 3
    # reads: defaults, with the unsaved settings and partie on top
    assert saver.settings(me) == StoredSettings(None, True, None)
    assert saver.partie(me) == {"deal": 1}
    assert saver.read(lambda s: s.items(me), []) == []
    folder.mkdir()
    assert not saver.flush()  # a retry is not due yet
    clock.advance(seconds=3)
    assert saver.flush() and saver.saving and saver.pending == []
    store = Store(engine, clock=clock)
    assert store.settings(me) == StoredSettings(None, True, None)
    assert store.partie(me) == {"deal": 1}
    assert [p.item for p in store.items(me)] == ["x"]
    engine.dispose()


def test_forget_me_drops_unsaved_writes(tmp_path: Path) -> None:
    clock = FakeClock()
    engine = make_engine(f"sqlite:///{tmp_path / 'nowhere' / 'p.db'}")
    saver = Saver(lambda: Store(engine, clock=clock), {}, clock=clock)
    me, other = learner_key(new_learner_id()), learner_key(new_learner_id())
    saver.write(me, SaveSettings(clock(), language="en"))
    saver.write(other, SaveSettings(clock(), language="en"))
    saver.write(me, Forget(clock()))
    assert saver.pending == [(other, saver.pending[0][1]), (me, saver.pending[1][1])]
    assert isinstance(saver.pending[1][1], Forget)
    assert saver.settings(me) is None
    engine.dispose()


def test_writes_together_land_in_one_transaction_and_touch_the_learner_once(
    store: Store, engine: Engine, clock: FakeClock,
) -> None:
    """A quiz's Check writes the answer, the item, the finish and the round's state inside
    ``Saver.together``: none is saved before the block ends, then all in ONE transaction, the
    learner's row touched once with the latest moment (SQLite and PostgreSQL)."""
    from sqlalchemy import event

    from store import RoundState

    commits: list[int] = []
    event.listen(engine, "commit", lambda conn: commits.append(1))
    saver = Saver(lambda: store, {}, clock=clock)
    me = learner_key(new_learner_id())
    saver.write(me, RoundStarted(clock(), round_id="r", length=2))
    commits.clear()
    clock.advance(seconds=5)
    with saver.together():
        assert saver.write(me, AnswerGiven(clock(), round_id="r", position=0, kind="point",
                                           outcome="right"))
        with saver.together():  # nested: still waits for the outermost end
            saver.write(me, ItemSeen(clock(), kind="quiz_kind", item="point", right=True))
        clock.advance(seconds=1)
        saver.write(me, RoundFinished(clock(), round_id="r"))
        saver.write(me, RoundState(clock(), round_id="r", state={"at": 1}))
        assert len(saver.pending) == 4 and commits == []
    assert saver.pending == [] and commits == [1]
    assert [i.item for i in store.items(me)] == ["point"]
    assert store.kind_totals(me)["point"].right == 1
    with engine.connect() as conn:
        seen = conn.execute(text("SELECT seen_at FROM learners")).scalar_one()
        finished = conn.execute(text("SELECT finished_at FROM rounds")).scalar_one()
    assert seen is not None and finished is not None
    assert str(seen)[:19] == str(finished)[:19]  # the latest write's moment


def test_writes_together_are_saved_when_the_block_raises(store: Store, clock: FakeClock
                                                         ) -> None:
    saver = Saver(lambda: store, {}, clock=clock)
    me = learner_key(new_learner_id())
    with pytest.raises(RuntimeError), saver.together():
        saver.write(me, SaveSettings(clock(), language="tr"))
        raise RuntimeError("the page failed after the write")
    assert saver.pending == []
    assert saver.settings(me) == StoredSettings(None, None, "tr")


# --------------------------------------------------------------------------- spacing


@settings(derandomize=True, deadline=None, max_examples=60)
@given(st.lists(st.booleans(), min_size=1, max_size=30))
def test_spacing_misses_come_back_sooner_rights_later(answers: list[bool]) -> None:
    clock = FakeClock()
    state = None
    for right in answers:
        before = state
        state = review(before, right=right, now=clock())
        assert state.due_at > clock() and state.last_seen == clock()
        if right:
            assert before is None or state.interval >= before.interval or (
                before.state is not State.REVIEW)
        else:
            assert state.interval <= timedelta(minutes=10)
            assert before is None or state.interval <= before.interval or (
                before.state is not State.REVIEW)
        clock.advance(seconds=state.interval.total_seconds())
    assert state is not None
    assert (state.right, state.wrong) == (sum(answers), len(answers) - sum(answers))


def test_fuzzing_is_off_unless_asked_for() -> None:
    clock = FakeClock()
    learnt = review(review(None, right=True, now=clock()), right=True, now=clock())
    for _ in range(4):
        learnt = review(learnt, right=True, now=learnt.due_at)
    assert learnt.state is State.REVIEW and learnt.interval > timedelta(days=10)
    plain = {review(learnt, right=True, now=learnt.due_at).due_at for _ in range(20)}
    fuzzed = {review(learnt, right=True, now=learnt.due_at, fuzz=True).due_at
              for _ in range(20)}
    assert len(plain) == 1 and len(fuzzed) > 1


# --------------------------------------------------------------------------- ui/storage.py


def test_ui_storage_keeps_progress_across_sessions(db_url: str, storage_app: Any) -> None:
    lid = new_learner_id()
    at = storage_app(db_url, lid)
    at.session_state["do"] = [
        ("save_settings", {"four_colour": True, "language": "en"}),
        ("item_seen", {"kind": "stage", "item": "point-1", "right": False}),
        ("round_started", {"round_id": "r1", "length": 2}),
        ("answer_given", {"round_id": "r1", "position": 0, "kind": "point",
                          "outcome": "wrong"}),
        ("save_partie", {"data": {"deal": 2}}),
    ]
    at.run()
    assert not at.exception and not at.warning
    seen = at.session_state["seen"]
    assert seen["saving"] and seen["pending"] == 0
    assert seen["settings"] == StoredSettings(None, True, "en")
    # a reload: a new session of the same learner finds it all
    again = storage_app(db_url, lid)
    again.run()
    seen = again.session_state["seen"]
    assert seen["settings"] == StoredSettings(None, True, "en")
    assert seen["partie"] == {"deal": 2}
    assert seen["items"] == [("stage", "point-1", 1)]
    assert seen["totals"] == {"point": KindTotals(0, 1, 0)}
    # another learner sees nothing of it; then "forget me"
    stranger = storage_app(db_url, new_learner_id())
    stranger.run()
    assert stranger.session_state["seen"]["settings"] is None
    assert stranger.session_state["seen"]["items"] == []
    again.session_state["do"] = [("forget_me", {})]
    again.run()
    seen = again.session_state["seen"]
    assert (seen["settings"], seen["partie"], seen["items"]) == (None, None, [])
    assert not at.exception

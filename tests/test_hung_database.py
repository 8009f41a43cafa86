"""A database that hangs slows nothing that does not need it, and loses nothing.

A stopped PostgreSQL server (SIGSTOP, as a stuck server or a dead network path behaves)
answers nothing and refuses nothing: the kernel still accepts connections and acknowledges,
so no server-side or TCP timeout fires. Every database call on a page's path therefore has a
client-side deadline (``store.deadline``: 1 s), whose first miss opens a circuit breaker for
the whole process; a write the client gave up on may still be applied when the server
resumes, so every write carries an id that the database takes once.

The PostgreSQL tests run against a real cluster of their own (``pg_cluster``,
tests/store_fixtures.py), frozen with SIGSTOP and thawed with SIGCONT.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from apptest import APP
from sqlalchemy import func, select
from store_fixtures import Cluster
from streamlit.testing.v1 import AppTest

import ui.storage
from store import (
    FakeClock,
    ItemSeen,
    Saver,
    Store,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
    schema as t,
)
from store.deadline import PROCESS_DEADLINE, CircuitOpen, DatabaseTimeout, Deadline


@pytest.fixture(autouse=True)
def _closed_circuit(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A closed circuit, and the users' deadline of 1 s (the test session's is longer)."""
    monkeypatch.setattr(PROCESS_DEADLINE, "seconds", 1.0)
    PROCESS_DEADLINE.reset()
    yield
    PROCESS_DEADLINE.reset()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


# --------------------------------------------------------------------------- the deadline


def test_a_call_past_its_deadline_is_abandoned_and_opens_the_circuit() -> None:
    clock = Clock()
    d = Deadline(seconds=0.2, retry_after=3.0, clock=clock)
    release = threading.Event()
    start = time.monotonic()
    with pytest.raises(DatabaseTimeout):
        d.run(release.wait)
    assert 0.2 <= time.monotonic() - start < 0.6
    assert d.is_open
    start = time.monotonic()
    with pytest.raises(CircuitOpen):  # every caller, at once
        d.run(lambda: 1)
    assert time.monotonic() - start < 0.05
    release.set()


def test_the_circuit_lets_one_call_try_again_and_closes_when_it_answers() -> None:
    clock = Clock()
    d = Deadline(seconds=0.2, retry_after=3.0, clock=clock)
    with pytest.raises(DatabaseTimeout):
        d.run(lambda: time.sleep(0.5))
    clock.now = 2.9
    with pytest.raises(CircuitOpen):
        d.run(lambda: 1)
    clock.now = 3.1  # half-open: one probe goes; while it runs, the others are refused
    probing = threading.Event()
    finish = threading.Event()

    def slow_probe() -> str:
        probing.set()
        finish.wait(1)
        return "up"

    result: list[Any] = []
    prober = threading.Thread(target=lambda: result.append(d.run(slow_probe)))
    prober.start()
    probing.wait(1)
    with pytest.raises(CircuitOpen):
        d.run(lambda: 1)
    finish.set()
    prober.join(2)
    assert result == ["up"] and not d.is_open
    assert d.run(lambda: 42) == 42


def test_a_probe_that_misses_opens_the_circuit_again() -> None:
    clock = Clock()
    d = Deadline(seconds=0.1, retry_after=3.0, clock=clock)
    with pytest.raises(DatabaseTimeout):
        d.run(lambda: time.sleep(0.3))
    clock.now = 3.5
    with pytest.raises(DatabaseTimeout):
        d.run(lambda: time.sleep(0.3))
    clock.now = 6.0  # 3.5 + 3 not reached yet
    with pytest.raises(CircuitOpen):
        d.run(lambda: 1)


def test_a_database_error_in_time_is_the_callers_and_leaves_the_circuit_closed() -> None:
    d = Deadline(seconds=1.0)

    def refused() -> None:
        raise ConnectionRefusedError("no server")

    with pytest.raises(ConnectionRefusedError):
        d.run(refused)
    assert not d.is_open


def test_too_many_abandoned_calls_fail_at_once() -> None:
    d = Deadline(seconds=0.05, retry_after=0.0, max_in_flight=2)
    hold = threading.Event()
    for _ in range(2):
        with pytest.raises(DatabaseTimeout):
            d.run(hold.wait)
    start = time.monotonic()
    with pytest.raises(CircuitOpen):
        d.run(lambda: 1)
    assert time.monotonic() - start < 0.05
    hold.set()


# --------------------------------------------------------------------------- applied once


def _right_answers(engine: Any, key: str) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(select(func.coalesce(func.sum(t.items.c.times_right), 0))
                               .where(t.items.c.learner == key)) or 0)


def test_a_write_id_is_applied_once(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    migrate(engine)
    store = Store(engine, clock=FakeClock())
    me = learner_key(new_learner_id())
    seen = ItemSeen(FakeClock()(), kind="stage", item="point-1", right=True)
    store.apply(me, [seen])
    store.apply(me, [seen])  # the same write again: a retry
    store.apply(me, [ItemSeen(seen.at, kind="stage", item="point-1", right=True)])  # a new one
    assert _right_answers(engine, me) == 2


def test_a_write_the_session_gave_up_on_is_not_applied_twice(tmp_path: Path) -> None:
    """The database takes the write after the session stopped waiting; the session's retry
    finds its id and adds nothing."""
    engine = make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    migrate(engine)
    store = Store(engine, clock=FakeClock())
    slow = threading.Event()
    late = threading.Event()
    real_apply = store.apply

    def apply(key: Any, writes: Any) -> None:
        if slow.is_set():
            time.sleep(0.6)  # the server is slow to answer, then commits all the same
            real_apply(key, writes)
            late.set()
            return
        real_apply(key, writes)

    store.apply = apply  # type: ignore[method-assign]
    state: dict[str, Any] = {}
    saver = Saver(lambda: store, state, retry_after=timedelta(0),
                  deadline=Deadline(seconds=0.2, retry_after=0.0))
    me = learner_key(new_learner_id())
    slow.set()
    start = time.monotonic()
    assert saver.write(me, ItemSeen(saver.clock(), kind="stage", item="p", right=True)) is False
    assert time.monotonic() - start < 0.5
    assert not saver.saving and len(saver.pending) == 1
    assert late.wait(2)  # the abandoned transaction committed after all
    slow.clear()
    assert saver.flush(force=True)
    assert saver.pending == [] and saver.saving
    assert _right_answers(engine, me) == 1


# --------------------------------------------------------------------------- PostgreSQL, frozen


def _timed(at: AppTest) -> float:
    start = time.monotonic()
    at.run()
    return time.monotonic() - start


def test_a_frozen_postgresql_slows_no_write_and_loses_none(
    pg_cluster: Cluster, storage_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ui.storage, "RETRY_AFTER", timedelta(0))
    lid = new_learner_id()
    at = storage_app(pg_cluster.url, lid)
    at.run()
    assert not at.exception and at.session_state["seen"]["saving"]

    pg_cluster.freeze()
    try:
        at.session_state["do"] = [("item_seen", {"kind": "stage", "item": "p-1", "right": True})]
        assert _timed(at) < 2.0  # the write's deadline (1 s), then every read refused at once
        assert not at.exception
        assert len(at.warning) == 1 and "not being saved" in at.warning[0].value
        assert not at.session_state["seen"]["saving"]
        at.session_state["do"] = [("item_seen", {"kind": "stage", "item": "p-2", "right": True})]
        assert _timed(at) < 2.0
        assert at.session_state["seen"]["pending"] == 2
    finally:
        pg_cluster.thaw()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # the circuit lets a call try again after 3 s
        at.run()
        if at.session_state["seen"]["pending"] == 0:
            break
        time.sleep(0.5)
    seen = at.session_state["seen"]
    assert seen["saving"] and seen["pending"] == 0 and not at.warning
    # each answer once, though the first transaction may have been applied on the thaw
    engine = make_engine(pg_cluster.url)
    try:
        assert _right_answers(engine, learner_key(lid)) == 2
    finally:
        engine.dispose()


PAGES = ("home", "lessons", "lab", "odds", "quiz", "play", "scoresheet", "glossary",
         "classroom", "progress", "about")


def test_every_page_answers_within_2_s_while_postgresql_is_frozen(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIQUET_DATABASE_URL", pg_cluster.url)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()  # the database is migrated while it answers
    assert not at.exception
    pg_cluster.freeze()
    try:
        taken = {}
        for page in PAGES:
            at.switch_page(f"app_pages/{page}.py")
            taken[page] = _timed(at)
            assert not at.exception, (page, at.exception)
        fresh = AppTest.from_file(APP, default_timeout=60)  # a new visitor's Home
        taken["a new visitor"] = _timed(fresh)
        assert not fresh.exception
        assert max(taken.values()) < 2.0, taken
        notices = [w.value for w in fresh.warning]
        assert any("not being saved" in n for n in notices), notices
    finally:
        pg_cluster.thaw()

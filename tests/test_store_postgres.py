"""Outages of a real PostgreSQL (no mocks): the server is stopped mid-session with
``scripts/postgres.sh halt`` (``pg_ctl stop``) and started again.

Each test has a cluster of its own (``pg_cluster``, tests/store_fixtures.py): skipped locally
without PostgreSQL, a failure under CI=true.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest

import ui.storage
from store import (
    FakeClock,
    ItemSeen,
    SavePartie,
    Saver,
    SaveSettings,
    Store,
    StoredSettings,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
)

if TYPE_CHECKING:
    from store_fixtures import Cluster



def test_saver_keeps_writes_through_a_postgresql_outage(pg_cluster: Cluster) -> None:
    engine = make_engine(pg_cluster.url)
    try:
        migrate(engine)
        clock = FakeClock()
        state: dict[str, Any] = {}
        saver = Saver(lambda: Store(engine, clock=clock), state, clock=clock,
                      retry_after=timedelta(seconds=3))
        me = learner_key(new_learner_id())
        assert saver.write(me, SaveSettings(clock(), preset="cavendish"))
        assert saver.saving

        pg_cluster.halt()  # the server goes away mid-session
        assert not saver.write(me, ItemSeen(clock(), "stage", "point-1", right=False))
        assert not saver.write(me, SavePartie(clock(), {"deal": 4}))
        assert not saver.saving and len(saver.pending) == 2
        assert saver.partie(me) == {"deal": 4}  # the session keeps working on what it has
        assert saver.read(lambda s: s.items(me), []) == []
        clock.advance(seconds=3)
        assert not saver.flush()  # still away: still kept

        pg_cluster.start()  # back, same port, data kept
        assert not saver.flush()  # the next retry is not due yet
        clock.advance(seconds=3)
        assert saver.flush() and saver.saving and saver.pending == []
        store = Store(engine, clock=clock)
        assert store.settings(me) == StoredSettings("cavendish", None, None)
        assert [(p.item, p.review.wrong) for p in store.items(me)] == [("point-1", 1)]
        assert store.partie(me) == {"deal": 4}
    finally:
        engine.dispose()


def test_app_keeps_working_through_a_postgresql_outage(
    pg_cluster: Cluster, storage_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ui/storage.py through AppTest: a notice instead of a traceback, then the writes land."""
    monkeypatch.setattr(ui.storage, "RETRY_AFTER", timedelta(0))
    lid = new_learner_id()
    at = storage_app(pg_cluster.url, lid)
    at.session_state["do"] = [("save_settings", {"four_colour": True})]
    at.run()
    assert not at.exception and not at.warning
    assert at.session_state["seen"]["saving"]

    pg_cluster.halt()
    at.session_state["do"] = [
        ("item_seen", {"kind": "stage", "item": "point-1", "right": False}),
        ("save_partie", {"data": {"deal": 5}}),
    ]
    at.run()
    assert not at.exception
    assert len(at.warning) == 1 and "not being saved" in at.warning[0].value
    seen = at.session_state["seen"]
    assert not seen["saving"] and seen["pending"] == 2
    assert seen["partie"] == {"deal": 5}
    at.session_state["do"] = [("item_seen", {"kind": "stage", "item": "point-2", "right": True})]
    at.run()  # the page keeps working
    assert not at.exception and at.session_state["seen"]["pending"] == 3

    pg_cluster.start()
    at.run()  # the next run writes what waited
    assert not at.exception and not at.warning
    seen = at.session_state["seen"]
    assert seen["saving"] and seen["pending"] == 0
    assert sorted(seen["items"]) == [("stage", "point-1", 1), ("stage", "point-2", 0)]
    # and a new session (a reload) finds it in the database
    reload = storage_app(pg_cluster.url, lid)
    reload.run()
    seen = reload.session_state["seen"]
    assert seen["settings"] == StoredSettings(None, True, None)
    assert seen["partie"] == {"deal": 5} and len(seen["items"]) == 2

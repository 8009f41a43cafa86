"""A live round behind the sticky proxy (``scripts/topology.sh start 2``, the fixture and the
tabs of tests/test_topology.py) whose big screen's replica is killed mid-question.

The class is made and the round driven in the database directly (store/live.py, as
bench/bench_live.py does: the teacher's clicks are not the subject). A big screen
(``/class?screen=TOKEN``) and eight pupils (``/class?join=CODE``, each with its own
``pq_learner`` cookie) open through the proxy and poll as their browsers do (each
fragment's ``run_every`` timer). Question 1 opens; a pupil on each replica answers; a third
presses Check and the replica that serves the big screen is killed (``kill -9``) as soon as
that answer is in the database (whether the phone heard back first is a race). Its tabs
reconnect as a browser does (the same cookies, the same page, the dead session's id offered)
and land on the other replica, in a new session: the big screen shows the same question and
the count so far, each pupil is still in the class — those who answered see "Answer sent",
the others the open question. The rest answer. Every answer sent, before and after the
kill, is stored exactly once (``class_live_answers``), no pupil has a second seat, the big
screen reads "8 of 8 answered" within 2 s of the last answer, and the teacher's reveal and
next question reach it within 2 s each.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select
from streamlit.proto.Alert_pb2 import Alert
from test_topology import REPLICAS, Tab, Topology, _alerts, _give, _ok, topology

from academy.quiz import Question
from store import ClassStore, ClassWork, QuizWork, make_engine, migrate, schema as t
from store.ids import new_learner_id
from store.live import LiveStore
from ui.classroom.work import new_round

__all__ = ["topology"]  # the fixture, shared with tests/test_topology.py (its own cluster)

SEED, LEVEL, RULES, LENGTH = "topology-live", "beginner", "britannica", 5
PUPILS = 8
SECONDS = 120  # question 1 stays open through the kill; it locks once everyone answered
LAG_S = 2.0  # a change reaches the big screen within this (ui/classroom/live.py)
WAIT_S = 30.0  # the longest any page is waited for before the test fails


def _shows(tab: Tab, words: str) -> bool:
    return any(words in text for text in tab.texts())


async def _until(what: str, ready: Callable[[], bool], since: float | None = None) -> float:
    """Seconds from ``since`` (default: now) until ``ready()``; fails after WAIT_S."""
    start = time.monotonic() if since is None else since
    while not ready():
        if time.monotonic() - start > WAIT_S:
            raise AssertionError(f"{what}: not within {WAIT_S:.0f} s")
        await asyncio.sleep(0.02)
    return time.monotonic() - start


async def _send(tab: Tab, q: Question) -> float:
    """The right answer to question 1 given and Checked; the time the Check's run took
    (stored, the phone drawn again)."""
    async with tab.lock:
        await _give(tab, 0, q, page="live")
        started = time.monotonic()
        _ok(await tab.click(tab.find(key="live_check")), "the Check of question 1")
        took = time.monotonic() - started
    assert _shows(tab, "Answer sent") or _shows(tab, "Your answer is in"), tab.texts()[:8]
    assert not _alerts(tab, Alert.ERROR), _alerts(tab, Alert.ERROR)  # no refusal
    return took


def test_a_live_round_loses_no_answer_when_the_big_screens_replica_dies(
        topology: Topology) -> None:
    work = ClassWork(QuizWork(LEVEL, RULES, LENGTH, SEED), ())
    engine = make_engine(topology.database_url)
    try:
        migrate(engine)
        classes = ClassStore(engine)
        made = classes.create("Live topology", work, max_pupils=PUPILS)
        access = classes.teacher(made.teacher_key, client="test")
        live = LiveStore(classes)
        token = live.start(access, seconds=SECONDS, nicknames=False, scores=False)
        question = new_round(made.class_id, work, now=0.0).question(0)  # the pages' own
        a, p = t.class_live_answers, t.class_pupils

        def answers() -> int:
            with engine.connect() as conn:
                return int(conn.scalar(select(func.count()).select_from(a)
                                       .where(a.c.class_id == made.class_id)) or 0)

        figures = _run(topology, made.code, token, question, answers,
                       step=lambda action: live.step(access, action, total=LENGTH))
        with engine.connect() as conn:
            stored = conn.execute(select(a.c.pupil_id, a.c.question, a.c.outcome, func.count())
                                  .where(a.c.class_id == made.class_id)
                                  .group_by(a.c.pupil_id, a.c.question, a.c.outcome)).all()
            seats = set(conn.execute(select(p.c.id).where(p.c.class_id == made.class_id))
                        .scalars())
    finally:
        engine.dispose()
    print("live round, a replica killed:",
          {k: round(v, 2) if isinstance(v, float) else v for k, v in figures.items()})
    assert len(seats) == PUPILS, f"{len(seats)} seats for {PUPILS} pupils: a reconnect joined again"
    assert sorted((pupil, q, outcome, n) for pupil, q, outcome, n in stored) == sorted(
        (pupil, 0, "right", 1) for pupil in seats), f"each answer stored exactly once: {stored}"


def _run(topology: Topology, code: str, token: str, q: Question, answers: Callable[[], int],
         step: Callable[[str], object]) -> dict[str, Any]:
    """The round through the proxy (``answers``: how many the database holds; ``step``: the
    teacher's next or reveal); its figures."""
    figures: dict[str, Any] = {}
    everyone = f"{PUPILS} of {PUPILS} answered"

    async def flow() -> None:
        screen = Tab(topology.url, "/class", f"screen={token}")
        _ok(await screen.open(), "the big screen")
        pupils = [Tab(topology.url, "/class", f"join={code}",
                      cookies={"pq_learner": new_learner_id()}) for _ in range(PUPILS)]

        async def join(i: int, tab: Tab) -> None:
            _ok(await tab.open(), "the pupils' link")
            await tab.set(tab.find(key="class_name_typed"), f"P{i + 1}")
            _ok(await tab.click(tab.find(key="class_join_as")), "Join")
            assert _shows(tab, "You are in!"), tab.texts()[:8]

        await asyncio.gather(*(join(i, tab) for i, tab in enumerate(pupils)))
        doomed = screen.replica
        other = next(r for r in REPLICAS if r != doomed)
        on = {r: [tab for tab in pupils if tab.replica == r] for r in REPLICAS}
        figures["pupils per replica"] = {r: len(tabs) for r, tabs in on.items()}
        assert all(len(tabs) >= 2 for tabs in on.values()), figures  # the proxy spreads them
        stop = asyncio.Event()
        pollers = [asyncio.create_task(tab.poll(stop)) for tab in (screen, *pupils)]

        opened = time.monotonic()
        step("next")
        figures["question 1 on every page (s)"] = await _until(
            "question 1 on the big screen and every phone",
            lambda: _shows(screen, f"Question 1 of {LENGTH}: answers open") and all(
                tab.widgets(key="live_check") for tab in pupils), since=opened)
        before = [tabs[0] for tabs in on.values()]  # one on each replica answers now
        checks = [await _send(tab, q) for tab in before]
        so_far = f"{len(before)} of {PUPILS} answered"
        await _until("the count before the kill", lambda: _shows(screen, so_far))

        # One more pupil on the doomed replica presses Check, and the replica dies as soon
        # as the answer is in the database: most likely before the phone hears of it.
        caught = on[doomed][1]
        async with caught.lock:
            await _give(caught, 0, q, page="live")
        check = asyncio.create_task(caught.act(
            lambda: caught.click(caught.find(key="live_check"))))
        pressed = time.monotonic()
        while await asyncio.to_thread(answers) == len(before):
            assert time.monotonic() - pressed < WAIT_S, "the Check never reached the database"
            await asyncio.sleep(0.005)
        killed = time.monotonic()
        os.kill(topology.pid(doomed), signal.SIGKILL)
        dead = [screen, *on[doomed]]
        figures["websockets closed after the kill (s)"] = await _until(
            "the websockets of the killed replica close",
            lambda: all(tab._closed is not None for tab in dead), since=killed)
        heard = (await asyncio.gather(check, return_exceptions=True))[0]
        figures["the phone heard of the Check before the kill"] = not isinstance(
            heard, BaseException)

        async def reconnect(tab: Tab) -> Tab:
            again = tab.again()  # the browser: same cookies, same page, its session offered
            _ok(await again.open(), "a reconnect after the replica died")
            assert again.replica == other, f"reconnected to {again.replica!r}"
            assert again.session_id != tab.session_id  # the old session died with its replica
            return again

        t0 = time.monotonic()
        screen, *moved = await asyncio.gather(*(reconnect(tab) for tab in dead))
        figures["reconnects (s)"] = time.monotonic() - t0
        for tab in moved:
            assert _shows(tab, "Question 1"), f"a pupil lost the round: {tab.texts()[:8]}"
        assert _shows(moved[0], "Answer sent"), moved[0].texts()[:8]  # answered before
        assert _shows(moved[1], "Answer sent"), moved[1].texts()[:8]  # the Check at the kill
        before.append(caught)
        pupils = [*moved, *on[other]]
        rest = [tab for tab in pupils if tab.widgets(key="live_check")]
        assert len(rest) == PUPILS - len(before), "an answer lost, or a question"
        assert _shows(screen, f"Question 1 of {LENGTH}: answers open"), screen.texts()[:8]
        so_far = f"{len(before)} of {PUPILS} answered"
        assert _shows(screen, so_far), screen.texts()[:8]
        pollers += [asyncio.create_task(tab.poll(stop)) for tab in (screen, *moved)]

        checks += await asyncio.gather(*(_send(tab, q) for tab in rest))
        last = time.monotonic()
        figures["after the kill to the last answer (s)"] = last - killed
        figures["Check, slowest (s)"] = max(checks)
        figures[f"'{everyone}' after the last answer (s)"] = lag = await _until(
            "the big screen's count", lambda: _shows(screen, everyone), since=last)
        assert lag <= LAG_S, figures
        assert _shows(screen, f"Question 1 of {LENGTH}: answers locked"), screen.texts()[:8]

        for action, big, phone in (
                ("reveal", f"Question 1 of {LENGTH}: the answer", "Right! You score"),
                ("next", f"Question 2 of {LENGTH}: answers open", "Question 2")):
            t1 = time.monotonic()
            step(action)
            figures[f"{action} on the big screen (s)"] = lag = await _until(
                f"the teacher's {action} on the big screen", lambda w=big: _shows(screen, w),
                since=t1)
            assert lag <= LAG_S, figures
            figures[f"{action} on every phone (s)"] = await _until(
                f"the teacher's {action} on every phone",
                lambda w=phone: all(_shows(tab, w) for tab in pupils), since=t1)
        stop.set()
        await asyncio.gather(*pollers)
        errors = [e for tab in (screen, *pupils) for e in tab.errors]
        assert not errors, errors[:3]
        for tab in (screen, *pupils):
            await tab.close()

    started = time.monotonic()
    asyncio.run(flow())
    figures["the whole round (s)"] = time.monotonic() - started
    return figures

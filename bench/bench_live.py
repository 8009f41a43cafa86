"""A live round of a class of N simulated pupils and a big screen on R replicas behind the
proxy (``scripts/topology.sh start R``: haproxy, PostgreSQL), through Streamlit's own
websocket protocol (bench/wsclient.py; no browser).

    python bench/bench_live.py [--pupils 60] [--replicas 2] [--window 20] [--seconds 60]
                               [--no-poll]

The class is made and the round driven in the database directly (store/live.py: the
teacher's clicks are not the subject); the big screen opens ``/class?screen=TOKEN`` and each
pupil ``/class?join=CODE``, types a name and joins. Every session then polls as its browser
would: each fragment's ``run_every`` timer (``auto_rerun``) sends that fragment's rerun on
time, one run at a time a session. Question 1 opens; each pupil answers it right at a random
moment within ``--window`` seconds (the widget set, then Check).

Figures: a pupil's answer (the Check's round trip: stored and the page drawn again; target
p95 <= 300 ms); the big screen's count right ("N of N answered") after the last answer
(target <= 2 s); the answers stored for the question (target N of N, each once); errors (an
exception on a page, a refusal, a protocol error). The machine's cores and load average are
printed beside them. Exit status 1 on an error or an answer lost or doubled.

``--no-poll`` measures the floor: nobody polls (each phone reruns once to see the question,
the big screen once a second to read its count), so an answer's time is the Check alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench_topology import topology
from wsclient import Session, percentile

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from academy.quiz.rounds import seeded_round  # noqa: E402
from store import (  # noqa: E402
    ClassStore,
    ClassWork,
    QuizWork,
    make_engine,
    migrate,
    schema as t,
)
from store.ids import new_learner_id  # noqa: E402
from store.live import LiveStore  # noqa: E402

SEED, LEVEL, RULES, LENGTH = "7", "beginner", "britannica", 5  # question 1: a yes/no choice
TIMEOUT_S = 120.0


class Tab(Session):  # type: ignore[misc]
    """A session whose reruns — the user's and its fragments' timers (``poll``) — go one at
    a time (``act``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("timeout", TIMEOUT_S)
        super().__init__(*args, **kwargs)


async def main(args: argparse.Namespace) -> int:
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    q = seeded_round("bench", SEED, LEVEL, RULES, LENGTH, now=0.0).question(0)
    field = q.fields[0]
    assert field.widget == "choice"
    right_text = field.option_text(str(field.correct))
    with topology(args.replicas) as top:
        engine = make_engine(top.database_url)
        migrate(engine)
        classes = ClassStore(engine)
        made = classes.create("Bench live", ClassWork(QuizWork(LEVEL, RULES, LENGTH, SEED), ()),
                              max_pupils=max(args.pupils, 1))
        access = classes.teacher(made.teacher_key, client="bench")
        live = LiveStore(classes)
        token = live.start(access, seconds=args.seconds, nicknames=False, scores=True)
        screen = Tab(top.url, "/class", f"screen={token}")
        await screen.open()
        pupils = [Tab(top.url, "/class", f"join={made.code}",
                      cookies={"pq_learner": new_learner_id()}) for _ in range(args.pupils)]
        t0 = time.monotonic()

        async def join(i: int, tab: Tab) -> None:
            await asyncio.sleep(random.uniform(0, 5))
            await tab.open()
            await tab.act(lambda: tab.set(tab.find(key="class_name_typed"), f"P{i + 1}"))
            await tab.act(lambda: tab.click(tab.find(key="class_join_as")))

        await asyncio.gather(*(join(i, tab) for i, tab in enumerate(pupils)))
        print(f"{args.pupils} joined in {time.monotonic() - t0:.1f} s")
        stop = asyncio.Event()
        pollers = [] if args.no_poll else [asyncio.create_task(tab.poll(stop))
                                           for tab in (screen, *pupils)]
        await asyncio.sleep(2)
        live.step(access, "next", total=LENGTH)
        opened = time.monotonic()
        answer_ms: list[float] = []
        last_done = [0.0]

        async def answer(tab: Tab) -> None:
            await asyncio.sleep(random.uniform(0.5, args.window))
            if args.no_poll:
                await tab.act(tab.rerun)
            while not any(w.kind == "radio" for w in tab.widgets()):
                if time.monotonic() - opened > args.window + 10:
                    tab.errors.append("the question never reached the phone")
                    return
                await asyncio.sleep(0.1)
            radio = tab.find(kind="radio")
            async with tab.lock:
                run = await tab.set(radio, right_text)
                if run is not None and run.exceptions:
                    tab.errors += list(run.exceptions)
                started = time.monotonic()
                run = await tab.click(tab.find(key="live_check"))
                answer_ms.append((time.monotonic() - started) * 1000)
            if run.exceptions:
                tab.errors += list(run.exceptions)
            if not any("Answer sent" in text or "Your answer is in" in text
                       for text in tab.texts()):
                tab.errors.append("no 'Answer sent' after Check: "
                                  + " | ".join(tab.texts())[:300])
            last_done[0] = max(last_done[0], time.monotonic())

        await asyncio.gather(*(answer(tab) for tab in pupils))
        want = f"{args.pupils} of {args.pupils} answered"
        lag = None
        while time.monotonic() - last_done[0] < 15:
            if any(want in text for text in screen.texts()):
                lag = time.monotonic() - last_done[0]
                break
            if args.no_poll:
                await screen.act(screen.rerun)
                await asyncio.sleep(0.95)
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*pollers)
        with engine.connect() as conn:
            a = t.class_live_answers
            stored, distinct = conn.execute(select(func.count(), func.count(
                a.c.pupil_id.distinct())).where(a.c.class_id == made.class_id,
                                                a.c.question == 0)).one()
        for tab in (screen, *pupils):
            await tab.close()
        engine.dispose()
    errors = [e for tab in (screen, *pupils) for e in tab.errors]
    polls = sum(tab.polls for tab in (screen, *pupils))
    print(f"answers: p50 {statistics.median(answer_ms):.0f} ms, "
          f"p95 {percentile(answer_ms, 95):.0f} ms, max {max(answer_ms):.0f} ms "
          f"(target p95 <= 300 ms) over {len(answer_ms)}")
    print("big screen's count right "
          + ("never (15 s)" if lag is None else f"{lag:.2f} s") + " after the last answer "
          "(target <= 2 s)")
    print(f"stored: {stored} answers of {distinct} pupils for {args.pupils} sent "
          f"(target {args.pupils} once each); fragment polls: {polls}")
    print(f"errors: {len(errors)}" + ("".join(f"\n  {e[:300]}" for e in errors[:10])))
    print(f"machine after: load average {os.getloadavg()[0]:.2f}")
    return 1 if errors or stored != args.pupils or distinct != args.pupils or lag is None else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=60)
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--window", type=float, default=20.0)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-poll", action="store_true",
                        help="the floor: nobody polls; each phone reruns once to see the question")
    parsed = parser.parse_args()
    random.seed(parsed.seed)
    os.nice(10)
    sys.exit(asyncio.run(main(parsed)))

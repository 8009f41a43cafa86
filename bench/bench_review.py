"""Benchmark of the review of a deal (``academy.review.review_record``).

Plays ``--deals`` random deals (computer level 1 against itself, britannica, seeds 0, 1, ...),
then reviews each record's Elder and its Younger on their own, ``--worlds`` worlds (at least)
a card decision, on one core in this process, and prints the p50 / p95 / max seconds of one
player's review (CPU time of this process, and wall time) and of a record's two players (the
sum of the two, the same work as ``role=None``).

``--floor`` measures the floor instead: Elder's first lead alone, every card of his that
differs solved exactly in ``--worlds`` worlds (twelve cards a hand: the costliest decision of
a deal, which any review at that many worlds must pay).

``--others`` measures what a review costs the *other* sessions of the server: a Streamlit
server of the app (``bench/wsclient.py``), one session's Lab reruns (a rerun and a toggle in
turn, at a person's pace) timed with no review running, then while a second session reviews
a deal on Play's replay (both players, in the worker, its progress polled as the browser
does), ``--rounds`` times in turn; it prints the medians, the p95s and their ratios (target:
at most 1.3), the same for the Lab's runs that overlapped none of the reviewing session's
own runs (the worker's share of the slowdown), with the load average before and after (the
machine is shared: see docs/benchmarks.md). ``--nice N`` runs the worker at niceness N (0:
as the server) instead of its own.

    python bench/bench_review.py [--deals 50] [--worlds 16] [--json out.json] [--floor]
    python bench/bench_review.py --others [--rounds 4] [--reruns 10] [--nice 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.review import DecisionKind, review_record
from piquet.deal import DealState
from piquet.players import candidates, knowledge, make_player, root_groups
from piquet.solver import Solver
from piquet.tournament import play_deal


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def floor(deals: int, worlds: int) -> dict[str, float]:
    """CPU seconds of Elder's first lead solved exactly in ``worlds`` random worlds."""
    import random

    times: list[float] = []
    for seed in range(deals):
        d = DealState.deal(seed)
        d = d.discard("elder", d.hand("elder")[:3]).discard("younger", d.hand("younger")[:3])
        d = d.declare("elder").declare("younger")
        view = d.view("elder")
        k = knowledge(view)
        roots = root_groups(k.hand, view.legal, 0xFFFFFFFF & ~k.hand & ~k.out_of_play)
        need, pool = candidates(k)
        rng = random.Random(seed)
        c0 = time.process_time()
        for _ in range(worlds):
            opp = k.opp_known | sum(1 << c for c in rng.sample(pool, need))
            Solver(d.rules.last_trick_point).move_values(
                (k.hand, opp), 0, 0, k.pique_base, None, [c.index for c in roots])
        times.append(time.process_time() - c0)
        print(f"deal {seed}: {len(roots)} cards, {times[-1]:.2f} s", flush=True)
    return {"p50": statistics.median(times), "p95": _p(times, 0.95), "max": max(times)}



# --- --others: the slowdown of the other sessions while a review runs -----------------------

LAB_QUERY = ("elder=AS,JS,9S,8S,AH,KH,QH,JH,8H,JC,9C,KD"
             "&younger=10S,QS,10H,KC,QC,10C,AC,AD,QD,JD,10D,7D")
LAB_TOGGLE = "lab_blanche_younger"


Span = tuple[float, float, float]
"""A run's start and end (``time.perf_counter()``) and its milliseconds."""


def _span(run: Any) -> Span:
    return run.done_at - run.ms / 1000, run.done_at, run.ms


async def _lab_runs(s: Any, n: int, out: list[Span], stop: asyncio.Event | None = None
                    ) -> None:
    """The other session: the Lab, a rerun and a toggle in turn (``n`` of them, or until
    ``stop``), each run appended to ``out``."""
    toggle = s.find(key=LAB_TOGGLE)
    k = 0
    while (stop is None and k < n) or (stop is not None and not stop.is_set()):
        run = await (s.click(toggle) if k % 2 else s.rerun())
        out.append(_span(run))
        k += 1
        await asyncio.sleep(0.2)  # a person's pace, not a flood


async def _review_one(url: str, record: dict[str, Any], lab: Any, busy: list[Span],
                      own: list[Span]) -> float:
    """A second session opens Play's replay with ``record`` and reviews it (both players),
    polling the progress as the browser does; the Lab session's runs from the click on
    "Review this deal" until the review is shown go to ``busy``, this session's own runs
    meanwhile to ``own``. The seconds that took."""
    from wsclient import Session

    async with Session(url, path="/play", timeout=600) as s:
        await s.set(s.find(key="play_mode"), "Replay and teach")
        await s.set(s.find(key="wt_show_load"), True)
        await s.set(s.find(key="wt_text"), json.dumps(record))
        await s.click(s.find(key="wt_load"))
        stop = asyncio.Event()
        task = asyncio.create_task(_lab_runs(lab, 0, busy, stop))
        t0 = time.perf_counter()
        try:
            own.append(_span(await s.click(s.find(key="wt_review_start"))))
            while not any("Review of the deal" in t or "could not be made" in t
                          for t in s.texts()):
                if time.perf_counter() - t0 > 600:
                    raise TimeoutError("the review was not shown in 600 s")
                await asyncio.sleep(0.5)
                for fid in list(s.auto_reruns):
                    own.append(_span(await s.rerun(fid, auto=True)))
        finally:
            stop.set()
            await task
        return time.perf_counter() - t0


async def _others(url: str, rounds: int, reruns: int, records: list[dict[str, Any]]
                  ) -> dict[str, Any]:
    from wsclient import Session

    quiet: list[Span] = []
    busy: list[Span] = []
    own: list[Span] = []
    review_s: list[float] = []
    async with Session(url, path="/lab", query=LAB_QUERY, timeout=600) as lab:
        await _lab_runs(lab, 6, [])  # warm: imports, caches
        for r in range(rounds):
            await _lab_runs(lab, reruns, quiet)
            review_s.append(await _review_one(url, records[r % len(records)], lab, busy, own))
            print(f"round {r + 1}: quiet p50 {statistics.median(x[2] for x in quiet):.0f} ms, "
                  f"during a review p50 {statistics.median(x[2] for x in busy):.0f} ms "
                  f"(review {review_s[-1]:.1f} s), load {os.getloadavg()[0]:.1f}", flush=True)
    from wsclient import percentile

    def fig(ms: list[float]) -> dict[str, float]:
        return {"n": len(ms), "p50": statistics.median(ms), "p95": percentile(ms, 95)}

    # the Lab's runs during a review that overlapped none of the reviewing session's own runs
    # (its click, its progress polled, the review drawn): what the worker alone costs them
    alone = [x for x in busy if not any(a < x[1] and x[0] < b for a, b, _ in own)]
    q, b = fig([x[2] for x in quiet]), fig([x[2] for x in busy])
    w = fig([x[2] for x in alone]) if alone else {"n": 0, "p50": 0.0, "p95": 0.0}
    return {"quiet_ms": q, "during_review_ms": b, "ratio_p50": b["p50"] / q["p50"],
            "ratio_p95": b["p95"] / q["p95"],
            "during_review_no_overlap_ms": w, "no_overlap_ratio_p50": w["p50"] / q["p50"],
            "no_overlap_ratio_p95": w["p95"] / q["p95"],
            "reviewing_session_runs_ms": fig([x[2] for x in own]), "review_s": review_s}


def others(rounds: int, reruns: int, nice: int | None) -> dict[str, Any]:
    """A Streamlit server of the app; one session's Lab reruns timed alone, then while another
    session's review runs in the worker, ``rounds`` times in turn (the machine's load drifts:
    alternating keeps both under the same drift); the ratio of the medians and of the p95s."""
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from wsclient import streamlit_server

    root = Path(__file__).resolve().parents[1]
    records = [play_deal((make_player("computer:1", s), make_player("computer:1", s)),
                         seed=s, dealer=s % 2).record for s in (0, 44, 24, 7)]
    load0 = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="piquet-review-others-") as data:
        env = {"PIQUET_DATA_DIR": data, "PIQUET_DATABASE_URL": ""}
        if nice is not None:
            env["PIQUET_REVIEW_NICE"] = str(nice)
        with streamlit_server(root / "app.py", cwd=root, env=env) as server:
            out = asyncio.run(_others(server.url, rounds, reruns, records))
    out["worker_nice"] = nice
    out["load_average_before"] = load0
    out["load_average_after"] = os.getloadavg()
    out["cores"] = os.cpu_count()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--floor", action="store_true")
    ap.add_argument("--others", action="store_true")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--reruns", type=int, default=10)
    ap.add_argument("--nice", type=int, help="the worker's niceness (default: the worker's own)")
    args = ap.parse_args()
    if args.others:
        result = others(args.rounds, args.reruns, args.nice)
        print(json.dumps(result, indent=2))
        if args.json:
            args.json.write_text(json.dumps(result, indent=2))
        return
    if args.floor:
        print(json.dumps({"first_lead_cpu": floor(args.deals, args.worlds)}, indent=2))
        return
    one_cpu: list[float] = []
    one_wall: list[float] = []
    two_cpu: list[float] = []
    cards = 0
    worlds_min = 10**9
    for seed in range(args.deals):
        record = play_deal((make_player("computer:1", seed), make_player("computer:1", seed)),
                           seed=seed, dealer=seed % 2).record
        pair = 0.0
        for role in ("elder", "younger"):
            c0, w0 = time.process_time(), time.perf_counter()
            review = review_record(record, role, args.worlds, seed=seed)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            one_cpu.append(cpu)
            one_wall.append(wall)
            pair += cpu
            judged = [d for d in review.decisions if d.kind is DecisionKind.CARD and d.worlds]
            cards += len(judged)
            worlds_min = min([worlds_min, *(d.worlds for d in judged if not d.every_world)])
        two_cpu.append(pair)
        print(f"deal {seed}: elder {one_cpu[-2]:.2f} s, younger {one_cpu[-1]:.2f} s (CPU)",
              flush=True)
    out = {
        "deals": args.deals, "worlds": args.worlds, "card_decisions": cards,
        "fewest_sampled_worlds": worlds_min,
        "one_player_cpu": {"p50": statistics.median(one_cpu), "p95": _p(one_cpu, 0.95),
                           "max": max(one_cpu)},
        "one_player_wall": {"p50": statistics.median(one_wall), "p95": _p(one_wall, 0.95),
                            "max": max(one_wall)},
        "two_players_cpu": {"p50": statistics.median(two_cpu), "p95": _p(two_cpu, 0.95),
                            "max": max(two_cpu)},
    }
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark of the review of a deal (``academy.review.review_record``).

Plays ``--deals`` random deals (computer level 1 against itself, britannica, seeds 0, 1, ...),
then reviews each record's Elder and its Younger on their own, ``--worlds`` worlds (at least)
a card decision, on one core in this process, and prints the p50 / p95 / max seconds of one
player's review (CPU time of this process, and wall time) and of a record's two players (the
sum of the two, the same work as ``role=None``).

``--floor`` measures the floor instead: Elder's first lead alone, every card of his that
differs solved exactly in ``--worlds`` worlds (twelve cards a hand: the costliest decision of
a deal, which any review at that many worlds must pay).

    python bench/bench_review.py [--deals 50] [--worlds 16] [--json out.json] [--floor]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--floor", action="store_true")
    args = ap.parse_args()
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

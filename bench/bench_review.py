"""Benchmark of the review of a deal (``academy.review.review_record``).

Plays ``--deals`` random deals (computer level 1 against itself, britannica, seeds 0, 1, ...),
then reviews each record's Elder and its Younger on their own, ``--worlds`` worlds (at least)
a card decision, on one core in this process, and prints the p50 / p95 / max seconds of one
player's review (CPU time of this process, and wall time) and of a record's two players (the
sum of the two, the same work as ``role=None``), with the time of the first trick's decisions
apart (the floor: twelve cards a hand solved exactly in every world).

    python bench/bench_review.py [--deals 50] [--worlds 16] [--json out.json]
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
from piquet.players import make_player
from piquet.tournament import play_deal


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
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

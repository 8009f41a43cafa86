"""Benchmark of the computer players.

Prints the exact solver's worst and median time over 100 random 12-trick double-dummy deals,
then the tournament figures of the strongest computer level against greedy and against random
(200 parties each; ``--quick`` plays 10). ``--parties N`` changes the number of parties,
``--solver-only`` skips the tournaments.

    python bench/bench_players.py            # the full benchmark (takes a while)
    python bench/bench_players.py --quick
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piquet.solver import Solver
from piquet.tournament import TournamentResult, run_tournament


def bench_solver(deals: int = 100, seed: int = 1) -> dict[str, float]:
    """Solve ``deals`` random 12-trick double-dummy deals from the first lead (Elder to lead,
    no tricks played, a pique possible from a random declaration total in half of them)."""
    rng = random.Random(seed)
    times: list[float] = []
    nodes: list[int] = []
    for i in range(deals):
        cards = list(range(32))
        rng.shuffle(cards)
        e = sum(1 << c for c in cards[:12])
        y = sum(1 << c for c in cards[12:24])
        base = rng.randint(0, 25) if i % 2 else None
        s = Solver(last_trick_point=bool(i % 4 >= 2))
        t0 = time.perf_counter()
        s.solve((e, y), leader=0, elder_tricks=0, pique_base=base)
        times.append(time.perf_counter() - t0)
        nodes.append(s.nodes)
    return {"deals": deals, "median_s": statistics.median(times), "max_s": max(times),
            "mean_s": statistics.fmean(times), "max_nodes": max(nodes)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="10 parties per match")
    ap.add_argument("--parties", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solver-only", action="store_true")
    args = ap.parse_args()
    s = bench_solver()
    print(f"solver: {s['deals']} random 12-trick double-dummy deals: median "
          f"{s['median_s']:.4f} s, mean {s['mean_s']:.4f} s, worst {s['max_s']:.4f} s "
          f"(max {s['max_nodes']} nodes)", flush=True)
    if args.solver_only:
        return 0
    parties = args.parties or (10 if args.quick else 200)
    for opponent in ("greedy", "random"):
        def progress(r: TournamentResult, n: int = parties) -> None:
            if r.parties % 10 == 0 or r.parties == n:
                print(f"  [{r.parties}/{n}] computer {r.a_wins} {r.b} {r.b_wins} "
                      f"draws {r.draws}  {r.seconds:.0f} s", file=sys.stderr, flush=True)

        r = run_tournament("computer", opponent, parties, args.seed, "britannica", progress)
        j = r.as_json()
        print(f"computer v {opponent}: {parties} parties: computer wins {r.a_wins} "
              f"({100 * j['a_win_rate']:.1f}%), {opponent} {r.b_wins}, draws {r.draws}; "
              f"{j['a_points_per_partie']:+.1f} points per partie; rubicon rate "
              f"{100 * j['rubicon_rate']:.1f}%; decision time median "
              f"{j['decision_seconds_median']:.4f} s, max {j['decision_seconds_max']:.3f} s "
              f"over {j['decisions']} decisions; {r.seconds:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

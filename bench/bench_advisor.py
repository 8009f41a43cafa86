"""Benchmark of the exchange advisor (academy.advisor.rank_discards), timed cold.

Each hand is ranked in a fresh Python process pinned to one core (``taskset -c 0`` when there
is one), so the time includes importing the advisor and numpy and building its tables: the
first ranking a page makes. The child inherits the environment: under
PYTHONDONTWRITEBYTECODE=1 (set in the Dockerfile, and on the development machine) academy's
modules are compiled from source in every process, as they are in a replica. Figures a hand:
``rank`` (wall time in the child from before ``import piquet`` to the answer), the same
without importing piquet (which every page has already imported), each with its CPU time
(what one core spends, whatever else the machine runs), and ``process`` (the child's whole
wall time, the interpreter's start included); the median and the slowest of the hands, for
Elder and for Younger after Elder left each of 0 to 4 cards (299 to 3,302 discards).
Targets (issue 15), without piquet's import: Elder's full ranking under 1 s, Younger's
under 0.3 s.

    python bench/bench_advisor.py            # 20 random hands a role
    python bench/bench_advisor.py --hands 5

Figures (the shared 2-core development machine, loaded by other sessions: the load average
is printed beside them; CPU time is the fair figure, wall time waits for the core):

    2026-12-01 19:50 UTC, load average 5.18 before, 3.81 after (20 hands a role,
    median/slowest):
    elder    left=0: 1585 discards; rank 0.327/0.404 s (CPU 0.311/0.371), without importing
             piquet 0.212/0.267 s (CPU 0.203/0.241), process 0.397/0.490 s; top-ten error
             at most 0.496
    younger  left=0:  299 discards; rank 0.234/0.298 s (CPU 0.227/0.281), without piquet
             0.139/0.202 s (CPU 0.132/0.184), process 0.296/0.380 s; at most 0.500
    younger  left=1:  794 discards; rank 0.262/0.362 s (CPU 0.247/0.299), without piquet
             0.170/0.245 s (CPU 0.164/0.186), process 0.325/0.439 s; at most 0.500
    younger  left=2: 1586 discards; rank 0.294/0.403 s (CPU 0.246/0.366), without piquet
             0.194/0.289 s (CPU 0.164/0.252), process 0.347/0.449 s; at most 0.489
    younger  left=3: 2510 discards; rank 0.248/0.345 s (CPU 0.245/0.345), without piquet
             0.168/0.235 s (CPU 0.165/0.235), process 0.303/0.432 s; at most 0.483
    younger  left=4: 3302 discards; rank 0.299/0.347 s (CPU 0.299/0.345), without piquet
             0.199/0.245 s (CPU 0.198/0.244), process 0.366/0.421 s; at most 0.489

    Before and after (the advisor of commit 447f8bd, then this one, run one after the
    other, 19:51-19:53 UTC, load average 3.22, 2.03, 1.62): without importing piquet,
    median/slowest s:
                        CPU before      CPU after       wall before     wall after
    elder    left=0     0.258/0.293     0.208/0.235     0.263/0.306     0.210/0.238
    younger  left=0     0.192/0.218     0.166/0.196     0.201/0.342     0.166/0.196
    younger  left=1     0.215/0.283     0.176/0.211     0.225/0.290     0.178/0.221
    younger  left=2     0.293/0.330     0.204/0.258     0.299/0.432     0.208/0.261
    younger  left=3     0.331/0.429     0.224/0.261     0.336/0.432     0.227/0.263
    younger  left=4     0.390/0.472     0.248/0.294     0.390/0.477     0.250/0.297

    The same CPU times vary by a third from one run to the next (0.198 or 0.248 s at the
    median for left=4, at load 4-5 or 2): other sessions' processes share the core. Of a
    cold ranking's CPU time about 0.06-0.09 s is importing numpy, 0.015 s numpy.random (the
    first default_rng), 0.03 s the academy package (academy.advisor and academy.odds compiled
    from source, their dataclasses) and 0.01 s advisor_exact and advisor_sim; Younger's
    ranking itself 0.02 s (nothing left) to 0.08 s (left=4, 3,302 discards), Elder's 0.05 s.
    Younger's 0.3 s is met by the slowest hand of every ``left`` in both runs (0.294 s at the
    worst, the run where the advisor before took 0.47 s), Elder's 1 s by far; in wall time
    too whenever the load lets the child have the core (the first run above: at most 0.29 s
    for Younger at load 4-5).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
import piquet
t1, c1 = time.perf_counter(), time.process_time()
from academy.advisor import rank_discards
advice = rank_discards(sys.argv[1], role=sys.argv[2], left=int(sys.argv[3]))
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({"rank": t2 - t0, "cpu": c2 - c0, "after_piquet": t2 - t1,
                  "cpu_after_piquet": c2 - c1, "n": len(advice),
                  "top_error": max(a.error for a in advice[:10])}))
"""


def hands(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    deck = [r + s for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(" ".join(deck[:12]))
    return out


def run(hand: str, role: str, left: int) -> dict[str, float]:
    cmd = [sys.executable, "-c", CHILD, hand, role, str(left)]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    env = dict(os.environ, PYTHONPATH=str(ROOT), OMP_NUM_THREADS="1",
               OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    got: dict[str, float] = json.loads(out.stdout)
    got["process"] = wall
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for role, left in (("elder", 0), *(("younger", left) for left in range(5))):
        rows = [run(h, role, left) for h in hands(args.hands, args.seed)]
        def fig(key: str, rows: list[dict[str, float]] = rows) -> str:
            values = [r[key] for r in rows]
            return f"{statistics.median(values):.3f}/{max(values):.3f}"

        worst_err = max(r["top_error"] for r in rows)
        print(f"{role:8} left={left}: {int(rows[0]['n']):5} discards; median/slowest s: "
              f"rank {fig('rank')} (CPU {fig('cpu')}), without importing piquet "
              f"{fig('after_piquet')} (CPU {fig('cpu_after_piquet')}), process "
              f"{fig('process')}; largest top-ten error {worst_err:.3f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""The Odds page's figures, timed cold: each run a fresh Python process that imports
academy.odds and computes dealt_odds() (exact, all C(32,12) hands), or loads the
after-exchange table (exchange_odds, both roles under both presets). Target (issue 15): the
exact tables in under 2 s.

    python bench/bench_odds.py [--runs 10]

Figures (1 December 2026, the shared 2-core development machine; 10 fresh processes each,
median / slowest):
- 19:19 UTC, load average 2.7-2.8: dealt_odds(): import of academy.odds (mostly the engine,
  piquet) 221 / 305 ms, the counting itself 4.1 / 10.4 ms, the process from start to finish
  265 / 393 ms; exchange_odds() loading (read and check the JSON, all four tables): import
  192 / 285 ms, loading 1.2 / 7.3 ms, the process 243 / 346 ms;
- 19:00 UTC, load average 14.9-15.2 (other helpers' tests and benchmarks): dealt_odds()
  import 674 / 1022 ms, counting 13 / 179 ms, process 897 / 1704 ms; exchange_odds() loading
  import 841 / 1458 ms, loading 4.7 / 15 ms, process 1043 / 1579 ms.
Both under the issue's 2 s, even at load 15.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = {
    "dealt_odds()": "from academy.odds import dealt_odds\nodds = dealt_odds()\n",
    "exchange_odds() loading": (
        "from academy.odds import exchange_odds\n"
        "for p in ('britannica', 'cavendish'):\n"
        "    for r in ('elder', 'younger'):\n"
        "        exchange_odds(r, p)\n"),
}
TIMER = """import time
t0 = time.perf_counter()
import academy.odds
t1 = time.perf_counter()
{body}t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def run(body: str) -> tuple[float, float, float]:
    """(import, work, whole process) seconds of one fresh process."""
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", TIMER.format(body=body)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    whole = time.perf_counter() - t
    return float(out[0]), float(out[1]), whole


def main() -> int:
    ap = argparse.ArgumentParser(description="Cold timings of academy.odds")
    ap.add_argument("--runs", type=int, default=10)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for name, body in CHILD.items():
        rows = [run(body) for _ in range(a.runs)]
        cols = list(zip(*rows, strict=True))
        print(f"{name}: " + ", ".join(
            f"{label} {statistics.median(c) * 1000:.1f} / {max(c) * 1000:.1f} ms"
            for label, c in zip(("import", "work", "process"), cols, strict=True)))
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How close to the toy page a page can come on Streamlit 1.67: the rungs between the toy
(bench/toy_app.py: a title and a line) and the Lab, each on a server of its own, measured as
bench/bench_wsload.py measures the Lab (30 sessions open the page, then each reruns it 5
times, all at once; Streamlit's websocket protocol), round after round so that each rung is
compared with the toy of its own round. The rungs:

==============  ===================================================================
toy             bench/toy_app.py, the baseline
+ text field    the toy and one ``st.text_input`` (bench/floor_app.py ``?rung=text``)
+ settings      the toy and the sidebar's three settings widgets (``?rung=settings``)
+ one pack      the toy and one 32-card card hand, a Custom Component (``?rung=hand``)
Lab controls    the Lab's inputs alone, no score (bench/controls_app.py)
score sheet     the app's lightest page: its frame and two text fields (``/scoresheet``)
the Lab         ``/lab?elder=…&younger=…`` (bench/bench_app.py's hands)
==============  ===================================================================

    python bench/bench_floor.py [--rounds 2] [--sessions 30] [--reruns 5] [--only lab,pack]

Figures of 2026-12-06 (issue 14) are in docs/benchmarks.md. What they show: the
Lab's target, a p95 at most 1.5x the toy's with both servers on the app's configuration
(``runner.postScriptGC = false``), is out of reach of any page that draws what the Lab must
draw with Streamlit's elements; see docs/benchmarks.md, "Issue 14: the one target not met".
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench_app import ELDER, YOUNGER
from bench_wsload import Figures, _measure
from wsclient import percentile, streamlit_server

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Rung:
    id: str  # what ``--only`` names
    name: str
    script: Path
    path: str
    query: str


RUNGS = (
    Rung("toy", "toy", HERE / "toy_app.py", "/", ""),
    Rung("text", "+ text field", HERE / "floor_app.py", "/", "rung=text"),
    Rung("settings", "+ settings", HERE / "floor_app.py", "/", "rung=settings"),
    Rung("pack", "+ one pack", HERE / "floor_app.py", "/", "rung=hand"),
    Rung("controls", "Lab controls", HERE / "controls_app.py", "/", ""),
    Rung("scoresheet", "score sheet", ROOT / "app.py", "/scoresheet", ""),
    Rung("lab", "the Lab", ROOT / "app.py", "/lab", f"elder={ELDER}&younger={YOUNGER}"),
)


def measure(rung: Rung, sessions: int, reruns: int) -> Figures:
    with tempfile.TemporaryDirectory(prefix="piquet-floor-") as data:
        env = {"PIQUET_DATA_DIR": data, "PIQUET_DATABASE_URL": ""}
        with streamlit_server(rung.script, cwd=ROOT, env=env) as server:
            return asyncio.run(_measure(rung.name, server.url, server, rung.path, rung.query,
                                        sessions, reruns, None))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--reruns", type=int, default=5)
    ap.add_argument("--only", help="rungs by id, comma-separated: "
                    + ",".join(r.id for r in RUNGS) + " (the toy always runs)")
    args = ap.parse_args(argv)
    wanted = {w.strip().lower() for w in args.only.split(",")} if args.only else None
    rungs = [r for r in RUNGS if r.id == "toy" or wanted is None or r.id in wanted]

    ratios: dict[str, list[float]] = {r.name: [] for r in rungs}
    print(f"{'round':>5}  {'rung':<13} {'p50 ms':>8} {'p95 ms':>8} {'CPU ms':>7} "
          f"{'elements':>8} {'kB':>6}  p95 / toy")
    for n in range(1, args.rounds + 1):
        toy_p95 = 0.0
        for rung in rungs:
            f = measure(rung, args.sessions, args.reruns)
            ms = [r.ms for r in f.reruns]
            p95 = percentile(ms, 95)
            if rung.id == "toy":
                toy_p95 = p95
            ratio = p95 / toy_p95
            ratios[rung.name].append(ratio)
            cpu = (f.rerun_cpu_s or 0.0) / len(ms) * 1000
            print(f"{n:>5}  {rung.name:<13} {percentile(ms, 50):8.1f} {p95:8.1f} {cpu:7.1f} "
                  f"{statistics.mean(r.elements for r in f.reruns):8.0f} "
                  f"{statistics.mean(r.bytes for r in f.reruns) / 1024:6.1f}  {ratio:5.2f}x",
                  flush=True)
    print(f"--- load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores); p95 / the toy's, each round:")
    for name, rs in ratios.items():
        print(f"  {name:<13} " + "  ".join(f"{r:5.2f}x" for r in rs))


if __name__ == "__main__":
    main()

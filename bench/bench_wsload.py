"""A class's worth of sessions on one Streamlit server, through Streamlit's own websocket
protocol (bench/wsclient.py; no browser): N sessions open a page together (a class arriving),
then each reruns it M times, all at once. Per rerun: p50 / p95 ms (round trip to the run's
``script_finished``, queueing on the busy server included), bytes, elements; the server's
resident memory before, with every session open, and its peak. The same for the toy page
(bench/toy_app.py: a title and a line) on a server of its own in the same run, and the ratios.

    python bench/bench_wsload.py [--script app.py] [--path /lab] [--query "elder=...&younger=..."]
        [--sessions 30] [--reruns 5] [--toggle KEY] [--url URL] [--no-toy]
        [--server-option=--runner.postScriptGC=false]

Without ``--url`` the app runs on a free localhost port with a throw-away SQLite folder
(``PIQUET_DATA_DIR``); every session is a new learner, as a class on its first visit.
``--toggle KEY`` flips that checkbox / toggle at each rerun (e.g. ``lab_blanche_younger``)
instead of a plain rerun. The default page is the Lab with bench/bench_app.py's two hands.

The server's CPU time a first load and a rerun (from /proc) moves less than the wall-clock
times when the machine is shared. Streamlit's default ``runner.postScriptGC=true`` runs a
full ``gc.collect()`` after every script run: most of the toy page's CPU time (compare
``--server-option=--runner.postScriptGC=false``). Both servers start in the repository's
root and so read the same ``.streamlit/config.toml`` (now ``runner.postScriptGC = false``
and ``global.minCachedMessageSize = 500``): the toy page is measured with the app's own
server options, and ``--server-option`` goes to both.

Figures of 2026-12-01 (issue 14), this shared 2-core machine at load average 1.6 - 2.7, 30
sessions x 5 reruns of the Lab with bench_app.py's hands; "before" is the code as it was
when the issue's work began (e8252af, its working tree then), run again in the same hour:

==========================  =====================  ===================  ====================
the Lab                     before                 after, the config's  after, Streamlit's
                                                   postScriptGC=false   postScriptGC=true
==========================  =====================  ===================  ====================
rerun p50 / p95             5.5 s / 8.8 s (gc on)  0.93 s / 1.3-1.4 s   1.0-1.1 s / 1.8-1.9 s
                            2.0 s / 3.3 s (off)
toy page p50 / p95          1.2 s / 1.4 s (on)     0.12 s / 0.17 s      1.3 s / 1.4-1.5 s
                            0.10 s / 0.15 s (off)
p95 Lab / toy               6.4x (on), 22x (off)   7.6-8.4x             1.3x
sent a rerun                69.0 kB (4 by ref.)    11.9 kB (17 by reference: 64 elements)
elements a rerun            108                    64
first load                  215.5 kB, 108 el.      167.3 kB, 64 elements
server CPU a rerun          183 ms (on), 69 (off)  30-32 ms (toy 3)     35-38 ms (toy 40-43)
server RSS idle / peak      165 / 183-185 MB       83 / 97-99 MB        83 / 95-96 MB
the toy's RSS idle / peak   55 / 58 MB             55 / 58 MB           55 / 58 MB
==========================  =====================  ===================  ====================

Targets (issue 14): 25 KiB a rerun, met (11.9 kB); peak memory 120 MiB, met (99 MB); the
Lab's p95 at most 1.5x the toy's: met with Streamlit's default post-run collection (1.3x, the
Lab's CPU 0.8-0.9x the toy's: ui/heap.py keeps the imports and the sessions out of it), not
with the config's ``postScriptGC = false`` (7.6-8.4x: the toy page then costs 3 ms a rerun,
the floor of Streamlit itself, and the Lab's 64 elements, 17 of them widgets, cost 30 ms).
2026-12-02 05:00-05:15, load average 0.0-0.9: the Lab at 57 elements (each hand's
combinations in one block, three headings inside their blocks; 66 before, run again in the
same quarter hour): rerun p95 1.24-1.69 s (before 1.61-1.67 s), 12.4 kB (13.7), server CPU
31-35 ms a rerun (36-38); the toy 0.16-0.20 s, 2.6-3.3 ms: p95 7.4-10.3x (before 7.9-8.6x).
The floor under that: ``--script bench/controls_app.py --path / --query ""``, the Lab's
controls alone (the two hand builders with their packs, the four toggles, the sidebar's
three settings; no score drawn, 24 elements): p95 0.64-0.69 s, 14-15 ms a rerun, 4.1-4.6x
the toy's. A page with the Lab's inputs misses 1.5x before it shows a score; what the
scores add (17-20 ms) is under half of the Lab's cost.

A rerun that changes the page (``--toggle lab_blanche_younger``): 13.5 kB, 27 ms (before
69.3 kB, 67 ms). A tap on the pack that changes a hand: 76 kB (59 kB of them the pack, its 32
pictures and its script), 27 ms (before 145 kB, 57 ms).

2026-12-02 14:50, a new machine (load 1.2-1.5), the cards drawn from the static sprite
(ui/cards.py: each card a ``<use>`` of /app/static/cards-2.svg, no picture in a pack's data,
no sprite element): the Lab's first load 85.9 kB (167 before), 56 elements; a rerun 12.3 kB,
p95 1.04-1.11 s, 20.8-23.6 ms, peak RSS 94 MB; the toy p95 0.09-0.15 s, 1.6-2.5 ms: p95
7.1-12.3x the toy's (missed, as before). ``--toggle lab_blanche_younger``: 11.9 kB, 15.5 ms.
A tap on a pack: 34 kB (the pack 24.9 kB of it: 12.8 kB its script and style, the rest its
32 cards' names and references).

2026-12-02 18:00, three runs (load 1.4-1.7): the card hand's script a static module
(static/card_hand.js, a 700-byte loader in each hand), the learner-id element without a
container or style element of its own, each hand's holdings in one block: the Lab's first
load 65.5 kB (85.9 before), a rerun 11.5 kB and 50 elements (9 by reference), p95
0.43-0.58 s, server CPU 12.4-14.5 ms a rerun, peak RSS 93 MB; the toy p95 85-92 ms,
1.1-1.3 ms: p95 4.7-6.6x the toy's (missed). A tap on a pack 20-23 kB (the pack 13.7 kB: its
cards' pictures unnamed inside their named buttons, 14.7 kB with the names twice).
2026-12-03 14:30 - 14:50: the learner-id store's script a static module too, and the opening
<svg> tag a hand's pictures share sent once (``svg_head``): the Lab's first load 51.9 kB
(61.6 kB with the first alone), a rerun 11.5 kB and 50 elements, p95 0.56-0.72 s, 14.5-14.7
ms a rerun; the toy p95 95-98 ms, 1.5 ms: p95 5.7-7.6x the toy's (missed). A tap on a pack
15.5 kB (20.4 before), counted in chromium's websocket frames.
2026-12-03 17:30 (load 0.7-1.7): what a hand's cards share sent once a hand, the
picture with ``{code}`` for the card's code (``svg_card``) and the name a chosen card
has (``label_on``): a pack's data 2.1 kB (5.2), the Lab's first load 45.8 kB, a rerun
11.5 kB (the packs were already sent by reference), p95 0.68 s, 13.3 ms; the toy p95
95 ms, 1.4 ms: 7.2x (missed). A tap on a pack 12.3 kB (15.5).
The floor the app's frame sets (the sidebar's three settings, the navigation, the shared
CSS, the learner's id; measured with ``--path /scoresheet --query ""``, the lightest page,
two text fields, 14-16 elements): p95 2.6-2.9x the toy's, 5.6-7.7 ms a rerun (the Lab's
p95 2.0-3.0x the score sheet's). No page with the
frame, the Lab least of all, comes within 1.5x of a two-element page on Streamlit 1.67:
each element costs the script thread a hand-off to the event loop (``call_soon_threadsafe``,
16-26 % of a rerun in py-spy), each text field and select box a copy of the session state
(``filtered_state``), each component its data hashed.
2026-12-03 19:00 - 21:00, checks that moved nothing (each thrown away after): a toy page with
``st.navigation`` and eleven pages is 1.0-1.2x the toy's (the navigation is not the floor);
``config.get_option`` without its lock: 5.1-5.2x against 5.4-5.6x; ``--server.fileWatcherType
none``: 6.2x. py-spy (``--gil``) on Lab reruns: the event loop 53 %, the script thread 45 %, no
one hotspot (the session's new-session message and theme options 12 % a run for any page).
2026-12-06 (load 0.2-0.7), the code unchanged since 2026-12-04: the Lab p95 0.65 s, 14.7 ms a
rerun, 11.5 kB, 50 elements, peak RSS 94 MB; the toy 106 ms, 1.5 ms: 6.2x. With
``--server-option=--runner.postScriptGC=true``: the Lab 0.85 s (21.4 ms), the toy 1.25 s
(27.2 ms): 0.7x. cProfile of 300 sequential Lab reruns: 56 messages a run, each a
``call_soon_threadsafe`` whose self-pipe ``send`` is the largest single cost (11 % of the
script thread). bench/bench_floor.py measures the rungs from the toy page to the Lab.
2026-12-06, Nagle's algorithm off on the app's connections (ui/sockets.py): one session
rerunning (``--sessions 1 --reruns 30``) the Lab 15.9 ms p50 (47.9 before), a toy with it off
(bench/floor_app.py ``?rung=nodelay``) 5.9 ms against the plain toy's 43.9. 30 sessions: the
Lab p95 580 ms, 13.4 ms a rerun; the plain toy 104 ms (5.6x), the toy with Nagle off 71 ms
(8.2x).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from bench_app import ELDER, YOUNGER
from wsclient import Run, Server, Session, percentile, streamlit_server

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "toy_app.py"


@dataclass
class Figures:
    name: str
    loads: list[Run] = field(default_factory=list)
    reruns: list[Run] = field(default_factory=list)
    warm_ms: float = 0.0  # one session's first load before the class arrives
    wall_s: float = 0.0  # the reruns, all sessions at once
    load_cpu_s: float | None = None  # the server's CPU time for the class's first loads
    rerun_cpu_s: float | None = None  # ... and for all the reruns
    rss_idle_kb: int | None = None
    rss_open_kb: int | None = None
    peak_kb: int | None = None

    def per_session_kb(self, n: int) -> float | None:
        if self.rss_idle_kb is None or self.rss_open_kb is None or n == 0:
            return None
        return (self.rss_open_kb - self.rss_idle_kb) / n


async def _measure(name: str, url: str, server: Server | None, path: str, query: str,
                   sessions: int, reruns: int, toggle: str | None) -> Figures:
    fig = Figures(name)
    async with Session(url, path=path, query=query, timeout=300) as warm:  # imports, caches
        assert warm.first is not None
        if warm.first.exceptions:
            raise RuntimeError(f"{path}: {warm.first.exceptions[0]}")
        fig.warm_ms = warm.first.ms
    await asyncio.sleep(0.5)
    cpu0 = server.cpu_s() if server is not None else None
    if server is not None:
        fig.rss_idle_kb = server.rss_kb()
    loaded = asyncio.Barrier(sessions + 1)  # the class has arrived: reruns start together
    rerun_done = asyncio.Barrier(sessions + 1)  # every rerun done: memory read, all open
    released = asyncio.Event()

    async def pupil() -> None:
        async with Session(url, path=path, query=query, timeout=300) as s:
            assert s.first is not None
            if s.first.exceptions:
                raise RuntimeError(f"{path}: {s.first.exceptions[0]}")
            fig.loads.append(s.first)
            await loaded.wait()
            wid = s.find(key=toggle) if toggle else None
            for _ in range(reruns):
                run = await (s.click(wid) if wid else s.rerun())
                if run.exceptions:
                    raise RuntimeError(f"{path}: {run.exceptions[0]}")
                fig.reruns.append(run)
            await rerun_done.wait()
            await released.wait()

    async def teacher() -> None:
        await loaded.wait()
        t0 = time.perf_counter()
        cpu1 = server.cpu_s() if server is not None else None
        await rerun_done.wait()
        fig.wall_s = time.perf_counter() - t0
        if server is not None and cpu0 is not None and cpu1 is not None:
            fig.load_cpu_s, fig.rerun_cpu_s = cpu1 - cpu0, server.cpu_s() - cpu1
            fig.rss_open_kb = server.rss_kb()
            fig.peak_kb = server.peak_kb()
        released.set()

    await asyncio.gather(teacher(), *(pupil() for _ in range(sessions)))
    return fig


def _mb(kb: float | None) -> str:
    return "     -" if kb is None else f"{kb / 1024:6.1f}"


def _report(f: Figures, sessions: int) -> None:
    load_ms = [r.ms for r in f.loads]
    ms = [r.ms for r in f.reruns]
    print(f"--- {f.name}: {sessions} sessions x {len(f.reruns) // max(sessions, 1)} reruns")
    print(f"  one session's first load (warm-up)  {f.warm_ms:7.1f} ms")
    print(f"  first load, {sessions} at once        p50 {percentile(load_ms, 50):7.1f} ms   "
          f"p95 {percentile(load_ms, 95):7.1f} ms   max {max(load_ms):7.1f} ms   "
          f"{statistics.mean(r.bytes for r in f.loads) / 1024:7.1f} kB   "
          f"{statistics.mean(r.elements for r in f.loads):5.0f} elements")
    print(f"  rerun, {sessions} at once             p50 {percentile(ms, 50):7.1f} ms   "
          f"p95 {percentile(ms, 95):7.1f} ms   max {max(ms):7.1f} ms   "
          f"{statistics.mean(r.bytes for r in f.reruns) / 1024:7.1f} kB   "
          f"{statistics.mean(r.elements for r in f.reruns):5.0f} elements "
          f"({statistics.mean(r.cache_hits for r in f.reruns):.0f} by reference)")
    n = len(ms)
    if f.load_cpu_s is not None and f.rerun_cpu_s is not None:
        print(f"  server CPU time: {f.load_cpu_s / sessions * 1000:6.1f} ms a first load, "
              f"{f.rerun_cpu_s / n * 1000:6.1f} ms a rerun")
    print(f"  throughput {len(ms) / f.wall_s:6.1f} reruns/s ({f.wall_s:.1f} s)   "
          f"server RSS idle {_mb(f.rss_idle_kb)} MB, {sessions} open {_mb(f.rss_open_kb)} MB, "
          f"peak {_mb(f.peak_kb)} MB, per session {_mb(f.per_session_kb(sessions))} MB")


def _ratio(a: float | None, b: float | None) -> str:
    return "-" if not a or not b else f"{a / b:.1f}x"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--script", default="app.py", help="the page's app (from the repository)")
    ap.add_argument("--path", default="/lab")
    ap.add_argument("--query", default=f"elder={ELDER}&younger={YOUNGER}")
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--reruns", type=int, default=5)
    ap.add_argument("--toggle", help="flip this checkbox / toggle key at each rerun")
    ap.add_argument("--url", help="a running server (its memory is not read)")
    ap.add_argument("--no-toy", action="store_true", help="skip the toy page's server")
    ap.add_argument("--server-option", action="append", default=[], metavar="--OPT=VALUE",
                    help="passed to `streamlit run` on both servers, e.g. "
                         "--server-option=--runner.postScriptGC=false")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="piquet-wsload-") as data:
        env = {"PIQUET_DATA_DIR": data, "PIQUET_DATABASE_URL": ""}
        app: AbstractContextManager[Server | None] = (
            nullcontext(None) if args.url else streamlit_server(args.script, cwd=ROOT, env=env,
                                                           options=args.server_option))
        with app as server:
            url = args.url or (server.url if server else "")
            page = asyncio.run(_measure(f"{args.path} {args.query[:40]}", url, server,
                                        args.path, args.query, args.sessions, args.reruns,
                                        args.toggle))
    _report(page, args.sessions)
    if args.no_toy:
        return
    with streamlit_server(TOY, cwd=ROOT, options=args.server_option) as toy_server:
        toy = asyncio.run(_measure("toy page (bench/toy_app.py)", toy_server.url, toy_server,
                                   "/", "", args.sessions, args.reruns, None))
    _report(toy, args.sessions)
    print(f"--- load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    p50 = percentile([r.ms for r in page.reruns], 50)
    p95 = percentile([r.ms for r in page.reruns], 95)
    t50 = percentile([r.ms for r in toy.reruns], 50)
    t95 = percentile([r.ms for r in toy.reruns], 95)
    kb = statistics.mean(r.bytes for r in page.reruns)
    tkb = statistics.mean(r.bytes for r in toy.reruns)
    l50 = percentile([r.ms for r in page.loads], 50)
    tl50 = percentile([r.ms for r in toy.loads], 50)
    cpu = page.rerun_cpu_s / len(page.reruns) if page.rerun_cpu_s is not None else None
    tcpu = toy.rerun_cpu_s / len(toy.reruns) if toy.rerun_cpu_s is not None else None
    print(f"--- page / toy: rerun p50 {_ratio(p50, t50)}, p95 {_ratio(p95, t95)}, "
          f"CPU a rerun {_ratio(cpu, tcpu)}, bytes {_ratio(kb, tkb)}, "
          f"first load p50 {_ratio(l50, tl50)}, "
          f"peak RSS {_ratio(page.peak_kb, toy.peak_kb)}, RSS per session "
          f"{_ratio(page.per_session_kb(args.sessions), toy.per_session_kb(args.sessions))}")


if __name__ == "__main__":
    main()

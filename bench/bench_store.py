"""How long saving a learner's step takes (target: under 5 ms a step on SQLite).

Prints figures, times nothing in the tests. ``make bench`` runs it on a fresh SQLite file;
``python bench/bench_store.py URL`` measures another database (e.g. the URL that
``bash scripts/postgres.sh start`` prints).

A "step" is what a page saves after an answer: one spaced-repetition item and one quiz answer,
written through :class:`store.Saver` (one transaction), as ``ui/storage.py`` does.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from store import (  # noqa: E402
    AnswerGiven,
    FakeClock,
    ItemSeen,
    RoundStarted,
    SavePartie,
    Saver,
    Store,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
)

N = 400


def _figures(name: str, run: Callable[[int], None]) -> float:
    times = []
    for i in range(N):
        start = time.perf_counter()
        run(i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    median = statistics.median(times)
    p95 = times[int(len(times) * 0.95)]
    print(f"{name:<38} median {median:6.2f} ms   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")
    return median


def main(url: str | None) -> int:
    with tempfile.TemporaryDirectory() as folder:
        target = url or f"sqlite:///{Path(folder) / 'progress.db'}"
        engine = make_engine(target)
        migrate(engine)
        clock = FakeClock()
        store = Store(engine, clock=clock)
        saver = Saver(lambda: store, {}, clock=clock)
        me = learner_key(new_learner_id())
        saver.write(me, RoundStarted(clock(), "bench", N))
        partie = {"deal": 3, "hands": [[f"{r}{s}" for r in "789TJQKA" for s in "SH"]] * 4,
                  "log": ["Point of five", "Good", "Quint to the King"] * 40}

        def step(i: int) -> None:
            clock.advance(seconds=7)
            saver.write(me, ItemSeen(clock(), "stage", f"stage-{i % 40}", right=i % 3 != 0))
            saver.write(me, AnswerGiven(clock(), "bench", i, "point", "right"))

        print(f"database: {engine.url.get_backend_name()} ({N} runs each)")
        median = _figures("saved step (item + answer, 2 writes)", step)
        _figures("one item seen", lambda i: saver.write(
            me, ItemSeen(clock(), "quiz_kind", f"k{i % 12}", right=bool(i % 2))))
        _figures("partie in progress (~3 KB JSON)", lambda i: saver.write(
            me, SavePartie(clock(), {**partie, "deal": i})))
        _figures("read: due items", lambda i: store.misses(me) and None)
        engine.dispose()
    if url is None:
        verdict = "under" if median < 5 else "OVER"
        print(f"a saved step on SQLite: {median:.2f} ms, {verdict} the 5 ms target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else None))

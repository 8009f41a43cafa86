"""Engine speed: score_declarations and score_record per second, on one core.

Targets (issue 2): at least 150,000 score_declarations and 40,000 complete deal records a
second. Inputs are made up front: random hands as card tuples, and complete random deals
as JSON records (strings, as a file or a URL gives them); each call validates its input.

    python bench/bench_engine.py [--n 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piquet import DECK, score_declarations, score_record
from piquet.deal import DealState, Phase


def random_hands(n: int, rng: random.Random) -> list[tuple[tuple, tuple]]:
    out = []
    for _ in range(n):
        cards = rng.sample(DECK, 24)
        out.append((tuple(cards[:12]), tuple(cards[12:])))
    return out


def random_records(n: int, rng: random.Random) -> list[dict]:
    out = []
    for i in range(n):
        d = DealState.deal(rng.randrange(1 << 30), rules=rng.choice(["britannica", "cavendish"]))
        d = d.discard("elder", rng.sample(d.hand("elder"), rng.randint(1, 5)))
        k = rng.choice(list(d.exchange_range("younger")))
        d = d.discard("younger", rng.sample(d.hand("younger"), k))
        d = d.declare("elder").declare("younger")
        while d.phase is Phase.PLAY:
            d = d.play(d.to_move, rng.choice(d.legal_plays()))
        out.append(json.loads(json.dumps(d.record())))
        if i % 1000 == 999:
            print(f"  made {i + 1} records", file=sys.stderr)
    return out


def best_rate(fn, items, repeat: int) -> float:
    """Calls per second, the best of ``repeat`` passes; like ``timeit``, the garbage
    collector is off while a pass is timed."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            t = time.perf_counter()
            for it in items:
                fn(it)
            best = min(best, time.perf_counter() - t)
        finally:
            gc.enable()
    return len(items) / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--records", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(2026)
    hands = random_hands(args.n, rng)
    records = random_records(args.records, rng)
    decl = best_rate(lambda h: score_declarations(h[0], h[1]), hands, args.repeat)
    rec = best_rate(score_record, records, args.repeat)
    print(f"score_declarations: {decl:,.0f} per second (target 150,000)")
    print(f"score_record (complete deals, JSON): {rec:,.0f} per second (target 40,000)")


if __name__ == "__main__":
    main()

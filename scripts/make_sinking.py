"""Sinking puzzles (what Younger must declare to stop Elder's repique or pique) from the
computer's deals, added to the puzzle catalogue.

    python scripts/make_sinking.py [--first 1] [--seeds 8000] [--most 120]
                                   [--out academy/data/puzzles.json]

Deal ``seed`` (even seeds Britannica's rules, odd ones Cavendish's) is exchanged by the greedy
computer player; :func:`academy.sinking.cut` keeps it when exactly one category decides
Elder's bonus. The puzzle's margin is the bonus stopped (60 or 30 points); its first rating is
``1150 + 700 * (1 - p)``, ``p`` the share of two quick answers that are right
(:func:`academy.sinking.naive_answers`). Sinking puzzles already in the catalogue are replaced.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from academy.puzzles import Position, Puzzle, Question, Theme  # noqa: E402
from academy.sinking import Threat, category_cards, cut, exchanged, naive_answers  # noqa: E402


def puzzle_of(seed: int) -> Puzzle | None:
    got = cut(seed)
    if got is None:
        return None
    d = exchanged(seed, got.rules)
    e, y = d.hand("elder"), d.hand("younger")
    naive = naive_answers(e, y)
    p = sum(a == got.category for a in naive) / len(naive)
    bonus = 60.0 if got.threat is Threat.REPIQUE else 30.0
    return Puzzle(f"{got.rules[0]}{seed}-s", Theme.SINKING, Question.SINK,
                  Position(got.rules, seed, got.elder_discard, got.younger_discard),
                  category_cards(y, got.category), bonus, 0.0, 1, True,
                  1150 + 700 * (1 - p), got.category)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=8000)
    ap.add_argument("--most", type=int, default=120)
    ap.add_argument("--out", default=str(ROOT / "academy" / "data" / "puzzles.json"))
    args = ap.parse_args()
    out = Path(args.out)
    have = [p for p in json.loads(out.read_text()) if p["theme"] != Theme.SINKING.value]
    start = time.monotonic()
    made: list[Puzzle] = []
    for seed in range(args.first, args.first + args.seeds):
        pz = puzzle_of(seed)
        if pz is not None:
            made.append(pz)
            if len(made) >= args.most:
                break
    have.extend(p.as_json() for p in made)
    out.write_text("[\n" + ",\n".join(json.dumps(p, separators=(",", ":")) for p in have)
                   + "\n]\n")
    print(f"{len(made)} sinking puzzles in {time.monotonic() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

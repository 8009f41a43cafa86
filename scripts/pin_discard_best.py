"""Pin the hands and figures of the lesson stage "which discard keeps the best chances?"
(``academy/stages/discard_best.json``, read by :mod:`academy.stages.kinds_advisor`).

    python scripts/pin_discard_best.py --choose   # look for hands anew, write the file
    python scripts/pin_discard_best.py            # the same hands and candidates, figures
                                                  # recomputed by the advisor, file rewritten
    python scripts/pin_discard_best.py --check    # compare, exit 1 on a difference

A hand is kept when the advisor's top discard leads every other legal discard by ``LEAD``
points and three standard errors (a new version of the advisor keeps it first), is the same
under every preset, and is clearly the best of the candidates: each other candidate's
expected points lie at least ``MARGIN`` points and four standard errors below it. The other
candidates are the discards a learner is tempted by: the best discard of another size, the
best one that throws no court or ace ("keep the high cards"), and the best one that takes a
risk the advisor names (breaks a sequence or a set, unguards a court, throws an ace), each
ranked lower.

Rerun it (no option) whenever academy.advisor changes its figures:
tests/test_stages_advisor.py fails until the pins are the advisor's again.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from academy.advisor import rank_discards  # noqa: E402
from academy.stages.kinds_advisor import (  # noqa: E402
    PINNED,
    discard_id,
    figures_json,
    figures_of,
)
from piquet.cards import DECK, Card, parse_cards, sort_cards  # noqa: E402
from piquet.rules import PRESETS  # noqa: E402

HANDS = 5
MARGIN = 1.5
"""How far below the advisor's choice each other candidate's expected points must lie (and
four standard errors)."""
LEAD = 1.0
"""Choosing hands: how far the advisor's choice must lead the second discard of all (and
three standard errors), so that a new version of the advisor keeps it first."""
KEY_REASONS = ("keeps-point-suit", "keeps-sequence", "keeps-set")


def _ranking(hand: tuple[Card, ...], preset: str) -> tuple[Any, ...]:
    return rank_discards(hand, role="elder", rules=preset)


def figures(hand: tuple[Card, ...], candidates: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for preset in sorted(PRESETS):
        ranking = _ranking(hand, preset)
        by_id = {discard_id(list(a.discard)): (i + 1, a) for i, a in enumerate(ranking)}
        out[preset] = {c: figures_json(figures_of(by_id[c][1], by_id[c][0], len(ranking)))
                       for c in candidates}
    return out


def _clearly_best(per: dict[str, dict[str, Any]], best: str) -> bool:
    for f in per.values():
        top = f[best]
        if top["rank"] != 1:
            return False
        for c, g in f.items():
            if c == best:
                continue
            gap = top["expected"] - g["expected"]
            if gap < MARGIN or gap < 4 * math.hypot(top["error"], g["error"]):
                return False
    return True


def _key(best: Any) -> list[Card]:
    kept = set(best.kept)
    key = [c for r in best.reasons if r.kind.value in KEY_REASONS for c in r.cards
           if c in kept]
    if not key:  # the longest suit kept
        suit = max({c.suit for c in kept}, key=lambda s: sum(c.suit is s for c in kept))
        key = [c for c in kept if c.suit is suit]
    return list(sort_cards(set(key)))


def _clearly_below(best: Any, a: Any) -> bool:
    gap = best.expected - a.expected
    return gap >= MARGIN and gap >= 4 * math.hypot(best.error, a.error)


def _tempting(ranking: tuple[Any, ...]) -> list[Any]:
    best = ranking[0]
    picks: list[Any] = []

    def first(test: Any) -> None:
        for a in ranking[1:]:
            if a not in picks and _clearly_below(best, a) and test(a):
                picks.append(a)
                return

    first(lambda a: len(a.discard) != len(best.discard))
    first(lambda a: not any(c.rank.is_court or c.rank.name == "ACE" for c in a.discard))
    first(lambda a: bool(a.risks))
    return picks


def choose(seed: int = 15) -> dict[str, Any]:
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    tried = 0
    while len(hands) < HANDS and tried < 400:
        tried += 1
        hand = sort_cards(rng.sample(DECK, 12))
        ranking = _ranking(hand, "britannica")
        best = ranking[0]
        lead = best.expected - ranking[1].expected
        if lead < LEAD or lead < 3 * math.hypot(best.error, ranking[1].error):
            continue
        others = _tempting(ranking)
        if len(others) < 2:
            continue
        candidates = [discard_id(list(best.discard))] + [discard_id(list(a.discard))
                                                         for a in others]
        per = figures(hand, candidates)
        if not _clearly_best(per, candidates[0]):
            continue
        hands.append({"hand": discard_id(list(hand)), "candidates": candidates,
                      "key": discard_id(_key(best)), "figures": per})
        print(f"hand {len(hands)} (after {tried} tried): {hands[-1]['hand']}", flush=True)
    return {"about": "scripts/pin_discard_best.py: the advisor's figures for the stage "
                     "'which discard keeps the best chances?'", "hands": hands}


def refresh(old: dict[str, Any]) -> dict[str, Any]:
    hands = []
    for h in old["hands"]:
        hand = parse_cards(h["hand"])
        hands.append({**h, "figures": figures(hand, list(h["candidates"]))})
    return {**old, "hands": hands}


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--choose", action="store_true", help="look for hands anew")
    parser.add_argument("--check", action="store_true", help="compare, exit 1 if different")
    args = parser.parse_args(argv)
    data = choose() if args.choose else refresh(json.loads(PINNED.read_text(encoding="utf-8")))
    for h in data["hands"]:
        if not _clearly_best(h["figures"], h["candidates"][0]):
            print(f"no longer clearly best: {h['hand']}")
            return 1
    if args.check:
        same = PINNED.read_text(encoding="utf-8") == _text(data)
        print("same" if same else "different")
        return 0 if same else 1
    PINNED.write_text(_text(data), encoding="utf-8")
    print(f"wrote {PINNED.relative_to(ROOT)}: {len(data['hands'])} hands")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

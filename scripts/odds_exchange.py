"""Write academy/odds_exchange.json: the combinations after the exchange, for Elder and for
Younger under each preset, when both players make the advisor's top discard (issue 15).

Exact counting over every deal and the advisor is not feasible, so this simulates: ``--deals``
random deals (seeded), in each Elder's discard, his draw, Younger's discard (knowing how many
cards Elder left) and his draw (RULES.md section 4), and records the final hands' point length,
best sequence, quatorze and trio of each rank, any quatorze, and whether a hand holds no court
card. Each figure is written with its value, its standard error and the number of deals.

Variance is cut without bias (each deal contributes, for each figure, its exact chance over
every draw the player could have made, instead of one draw's yes or no): Elder's discard
depends on his hand alone, and the k cards he draws are a uniformly random k-subset of the 20
cards he does not hold, so his chances are counted over all C(20, k) draws (as the advisor's
exact ``Chances`` are); Younger's discard depends on his hand and how many cards Elder left,
not on the order of the talon, so given both hands the j cards he draws are a uniform
j-subset of the eight talon cards: counted over those C(8, j). The standard error is the
deals' spread of those chances over sqrt(deals).

Policies (``--policy``):
- ``advisor-top`` (default): ``academy.advisor.rank_discards(hand, role=..., left=...,
  rules=preset, samples=--samples, seed=...)[0]``, the advisor's top discard (``--samples``
  its first pass's opponent samples, the advisor's own default unless given; its second pass
  brings the leaders to its error target as always). Elder's ranking does not depend on the
  preset (his 1 to 5 cards under both): asked once. Younger's is asked per preset, knowing
  how many cards Elder left. The seeds are the deal's (2i + 1 for Elder, 2i + 2 for Younger).
- ``stand-in``: the engine's greedy exchange (Elder takes five, Younger every card left),
  for trying the script without the advisor.

The same deals serve both presets (Elder's hand and exchange are the same under both).

The committed table (``--deals 1600``, seed 15, advisor-top on the advisor's 256 samples, run
from commit 38b5174): 436 s of CPU on one core (7.3 min; 15 min on the clock at load average
3-11). Every standard error at most 0.68 points of percentage for Elder and 0.90 for Younger
(the largest, P(a quart or better), 52.6 % ± 0.68 and 42.1 % ± 0.90); the tables of the two
presets came out the same (the advisor never had Younger keep all twelve cards where
cavendish forbids it), Elder's being the same by construction.

    python scripts/odds_exchange.py [--deals 1600] [--samples N] [--seed 15]
                                    [--policy advisor-top|stand-in] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from academy.odds import (
    EXCHANGE_TABLE,
    FIGURE_KEYS,
    SINGLE_FIGURES,
    TABLE_FORMAT,
    TABLE_VERSION,
    parse_exchange_table,
)
from piquet.cards import DECK, Card, cards_mask
from piquet.combos import COURT_MASK, RANK_MASKS, SUIT_LENGTH, SUIT_RUNS
from piquet.exchange import ELDER_SHARE

PRESET_NAMES = ("britannica", "cavendish")
ROLES = ("elder", "younger")
# one slot per figure: (figure, key) in FIGURE_KEYS' order, then the single figures
SLOTS: list[tuple[str, str | None]] = [
    (name, key) for name, keys in FIGURE_KEYS.items() for key in keys
] + [(name, None) for name in SINGLE_FIGURES]
SLOT: dict[tuple[str, str | None], int] = {s: i for i, s in enumerate(SLOTS)}
_RANK_ORDER = {"A": 7, "K": 6, "Q": 5, "J": 4, "10": 3}


def hand_slots(mask: int) -> list[int]:
    """The slots a final hand (a card mask) fills."""
    suits = [mask >> 8 * s & 255 for s in range(4)]
    point = max(SUIT_LENGTH[p] for p in suits)
    seq = max((SUIT_RUNS[p][0][0] if SUIT_RUNS[p] else 0) for p in suits)
    out = [SLOT[("point_length", str(point))], SLOT[("best_sequence", str(seq))]]
    out += [SLOT[("point_at_least", str(n))] for n in range(3, point + 1)]
    out += [SLOT[("sequence_at_least", str(n))] for n in range(3, seq + 1)]
    quatorze = False
    for symbol, order in _RANK_ORDER.items():
        n = (mask & RANK_MASKS[order]).bit_count()
        if n == 4:
            out.append(SLOT[("quatorze", symbol)])
            quatorze = True
        elif n == 3:
            out.append(SLOT[("trio", symbol)])
    if quatorze:
        out.append(SLOT[("any_quatorze", None)])
    if not mask & COURT_MASK:
        out.append(SLOT[("carte_blanche", None)])
    return out


def draw_chances(kept: int, talon: Sequence[Card], n: int) -> list[float]:
    """Each slot's chance when ``n`` cards are drawn uniformly from the talon's cards."""
    counts = [0] * len(SLOTS)
    draws = 0
    for drawn in combinations(talon, n):
        draws += 1
        for i in hand_slots(kept | cards_mask(drawn)):
            counts[i] += 1
    return [c / draws for c in counts]


# --- the policies: (hand, role, left, seed) -> {preset: discard} ------------------------------

Policy = Callable[[tuple[Card, ...], str, int, int], dict[str, tuple[Card, ...]]]


def advisor_top(samples: int | None) -> Policy:
    from academy.advisor import rank_discards

    def choose(hand: tuple[Card, ...], role: str, left: int, seed: int
               ) -> dict[str, tuple[Card, ...]]:
        presets = PRESET_NAMES if role == "younger" else PRESET_NAMES[:1]  # Elder's: the same
        top = {p: rank_discards(hand, role=role, left=left, rules=p, samples=samples,
                                seed=seed)[0].discard for p in presets}
        return {p: top.get(p, top[PRESET_NAMES[0]]) for p in PRESET_NAMES}

    return choose


def stand_in(hand: tuple[Card, ...], role: str, left: int, seed: int
             ) -> dict[str, tuple[Card, ...]]:
    from piquet.players import _greedy_exchange_mask

    take = ELDER_SHARE if role == "elder" else 8 - (ELDER_SHARE - left)
    dealt = cards_mask(hand)
    kept = _greedy_exchange_mask(dealt, (), take)
    return dict.fromkeys(PRESET_NAMES, tuple(c for c in hand if c.bit & dealt & ~kept))


# --- the run ---------------------------------------------------------------------------------

def simulate(deals: int, policy: Policy, seed: int
             ) -> dict[tuple[str, str], tuple[list[float], list[float]]]:
    """(preset, role) -> (sum, sum of squares) of each slot's per-deal chance."""
    sums = {(p, r): ([0.0] * len(SLOTS), [0.0] * len(SLOTS))
            for p in PRESET_NAMES for r in ROLES}
    rng = random.Random(seed)
    for i in range(deals):
        if i and i % 100 == 0:
            print(f"{i} deals", file=sys.stderr, flush=True)
        pack = rng.sample(DECK, 32)
        elder, younger, talon = tuple(pack[:12]), tuple(pack[12:24]), tuple(pack[24:])
        e_discards = policy(elder, "elder", 0, 2 * i + 1)
        unseen = tuple(c for c in DECK if c not in elder)
        elder_chances: dict[tuple[Card, ...], list[float]] = {}
        # Younger's discard depends on how many cards Elder left (the same under both
        # presets, as Elder's discard is: asked once per number left)
        y_by_left: dict[int, dict[str, tuple[Card, ...]]] = {}
        for p in PRESET_NAMES:
            e_d = e_discards[p]
            left = ELDER_SHARE - len(e_d)
            if left not in y_by_left:
                y_by_left[left] = policy(younger, "younger", left, 2 * i + 2)
            y_d = y_by_left[left][p]
            for role, hand, discard, pool in (("elder", elder, e_d, unseen),
                                              ("younger", younger, y_d, talon)):
                kept = cards_mask(hand) & ~cards_mask(discard)
                ch = elder_chances[e_d] if role == "elder" and e_d in elder_chances else \
                    draw_chances(kept, pool, len(discard))
                if role == "elder":
                    elder_chances[e_d] = ch
                total, squares = sums[(p, role)]
                for k, v in enumerate(ch):
                    total[k] += v
                    squares[k] += v * v
    return sums


def table(sums: dict[tuple[str, str], tuple[list[float], list[float]]], deals: int,
          policy: str, samples: int, seed: int) -> dict[str, object]:
    """The file's content."""
    def entry(total: float, squares: float) -> dict[str, object]:
        mean = total / deals
        var = max(squares / deals - mean * mean, 0.0) * deals / max(deals - 1, 1)
        return {"value": round(mean, 6), "error": round(math.sqrt(var / deals), 6),
                "samples": deals}

    tables: dict[str, dict[str, object]] = {}
    for p in PRESET_NAMES:
        tables[p] = {}
        for r in ROLES:
            total, squares = sums[(p, r)]
            fig: dict[str, object] = {}
            for k, (name, key) in enumerate(SLOTS):
                e = entry(total[k], squares[k])
                if key is None:
                    fig[name] = e
                else:
                    fig.setdefault(name, {})[key] = e  # type: ignore[union-attr]
            tables[p][r] = fig
    return {"format": TABLE_FORMAT, "version": TABLE_VERSION, "policy": policy,
            "advisor_samples": samples, "seed": seed,
            "deals": deals, "tables": tables}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1600)
    ap.add_argument("--samples", type=int, default=None,
                    help="the advisor's first-pass opponent samples (default: its own)")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--policy", choices=("advisor-top", "stand-in"), default="advisor-top")
    ap.add_argument("--out", type=Path, default=EXCHANGE_TABLE)
    ap.add_argument("--source", default=None,
                    help="the commit the advisor was run from, recorded in the file")
    a = ap.parse_args(argv)
    policy = advisor_top(a.samples) if a.policy == "advisor-top" else stand_in
    samples = 0
    if a.policy == "advisor-top":
        from academy.advisor import DEFAULT_SAMPLES
        samples = DEFAULT_SAMPLES if a.samples is None else a.samples
    t = time.perf_counter()
    sums = simulate(a.deals, policy, a.seed)
    data = table(sums, a.deals, a.policy, samples, a.seed)
    if a.source:
        data["source"] = a.source
    parse_exchange_table(data, a.out)  # what the loader will accept
    a.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{a.deals} deals, policy {a.policy}, {time.perf_counter() - t:.1f} s -> {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

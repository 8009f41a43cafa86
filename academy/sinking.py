"""Sinking puzzles: what Younger must declare to stop Elder's repique or pique.

A position is a seeded deal after both exchanges. Elder declares **in full** (the premise, and
what the puzzle shows: every combination he declares). Younger may declare each category in
full or sink it (declare nothing in it). For each choice of categories declared the engine's
reckoning (:func:`piquet.scoring.score_masks`, with Elder's first lead point after the
declarations) says whether Elder scores a repique (30 from his combinations before Younger
scores anything, in reckoning order) or a pique (his 30th point from that lead).

The position is a puzzle when sinking everything lets Elder's bonus through, declaring in full
stops it, and exactly one category ``c`` decides it: the bonus is stopped **if and only if**
``c`` is declared (whatever is done with the other two). That category is the answer: it
must be declared; the other two may be sunk. A category's answer is never a matter of the
play: the repique is reckoned before any card is played, and the pique checked here is the
one Elder's first lead brings (a pique from later tricks is not considered; a position
where Elder would need more than his lead is not a pique threat here).

Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any

from piquet.cards import Card, cards_mask
from piquet.combos import analyse, is_carte_blanche
from piquet.deal import DealState, Phase
from piquet.declare import CATEGORIES, Category
from piquet.players import GreedyPlayer
from piquet.rules import get_rules
from piquet.scoring import score_masks


class Threat(StrEnum):
    """Elder's bonus when Younger sinks everything."""

    REPIQUE = "repique"
    PIQUE = "pique"


def threat(rules: str, elder: Iterable[Card], younger: Iterable[Card],
           declared: Iterable[Category]) -> Threat | None:
    """Elder's bonus (declaring in full, then leading to the first trick) when Younger
    declares the categories ``declared`` in full and sinks the others."""
    spec: dict[str, Any] = {c: [] for c in CATEGORIES if c not in set(declared)}
    ey = tuple(elder), tuple(younger)
    s = score_masks(get_rules(rules), cards_mask(ey[0]), cards_mask(ey[1]), ey, False, False,
                    None, spec or None, play_scorers=(0,))
    if s.bonus.repique == 0:
        return Threat.REPIQUE
    if s.bonus.pique == 0:
        return Threat.PIQUE
    return None


def deciding_category(rules: str, elder: Iterable[Card], younger: Iterable[Card]
                      ) -> tuple[Category, Threat] | None:
    """The one category Younger must declare to stop Elder's bonus, and the bonus; None when
    there is no threat, nothing stops it, or no single category decides it."""
    e, y = tuple(elder), tuple(younger)
    subsets = [frozenset(s) for n in range(4) for s in combinations(CATEGORIES, n)]
    stopped = {s: threat(rules, e, y, s) is None for s in subsets}
    bonus = threat(rules, e, y, ())
    if bonus is None or not stopped[frozenset(CATEGORIES)]:
        return None
    for c in CATEGORIES:
        if all(stopped[s] == (c in s) for s in subsets):
            return c, bonus
    return None


@dataclass(frozen=True, slots=True)
class SinkCut:
    """A deal after both exchanges (by the greedy computer player) with its answer."""

    rules: str
    seed: int
    elder_discard: tuple[Card, ...]
    younger_discard: tuple[Card, ...]
    category: Category
    threat: Threat


def exchanged(seed: int, rules: str) -> DealState:
    """Deal ``seed`` after both exchanges by the greedy computer player (it keeps its longest
    suit: many long points and sequences)."""
    d = DealState.deal(seed, rules=rules)
    for role in ("elder", "younger"):
        view = d.view(role)
        d = d.discard(role, GreedyPlayer().choose_discard(view))
    return d



def cut(seed: int) -> SinkCut | None:
    """The sinking puzzle of deal ``seed`` (Britannica's rules for even seeds, Cavendish's for
    odd), or None. A deal with a carte blanche is left out (it reckons first)."""
    rules = "britannica" if seed % 2 == 0 else "cavendish"
    d = DealState.deal(seed, rules=rules)
    if any(is_carte_blanche(cards_mask(d.view(r).dealt)) for r in ("elder", "younger")):
        return None
    d = exchanged(seed, rules)
    if d.phase is not Phase.ELDER_DECLARES:
        return None
    e, y = d.view("elder").hand, d.view("younger").hand
    got = deciding_category(rules, e, y)
    if got is None or d.elder_discard is None or d.younger_discard is None:
        return None
    return SinkCut(rules, seed, d.elder_discard, d.younger_discard, got[0], got[1])


def category_cards(hand: Iterable[Card], category: Category) -> tuple[Card, ...]:
    """The cards a hand declares in full in ``category`` (its point, its runs, its sets)."""
    combos = analyse(tuple(hand))
    if category == "point":
        return combos.point.cards if combos.point else ()
    groups = combos.sequences if category == "sequences" else combos.sets
    return tuple(c for g in groups for c in g.cards)


def naive_answers(elder: Iterable[Card], younger: Iterable[Card]) -> tuple[Category, Category]:
    """Two quick answers a learner might give, to seed a puzzle's first rating: the category
    where Younger's own combinations are worth most, and the first category (in reckoning
    order) where his full declaration beats or ties Elder's."""
    e, y = analyse(tuple(elder)), analyse(tuple(younger))
    worth = {"point": y.point.score if y.point else 0,
             "sequences": sum(q.score for q in y.sequences),
             "sets": sum(q.score for q in y.sets)}
    biggest = max(CATEGORIES, key=lambda c: (worth[c], -CATEGORIES.index(c)))
    keys = {"point": (y.point.key if y.point else 0, e.point.key if e.point else 0),
            "sequences": (y.sequences[0].key if y.sequences else 0,
                          e.sequences[0].key if e.sequences else 0),
            "sets": (y.sets[0].key if y.sets else 0, e.sets[0].key if e.sets else 0)}
    first = next((c for c in CATEGORIES if keys[c][0] and keys[c][0] >= keys[c][1]), biggest)
    return biggest, first

"""The task kind "which discard keeps the best chances?" (``discard_best``): Elder's twelve
cards and three or four candidate discards; the learner picks the one that keeps the best
chances, and the explanation gives each candidate's figures from the exchange advisor
(:func:`academy.advisor.rank_discards`).

The hands come from a small curated set where the advisor's top choice is clearly the best of
the candidates, pinned with the advisor's figures under each preset in
``academy/stages/discard_best.json`` (written by ``scripts/pin_discard_best.py``;
``tests/test_stages_advisor.py`` checks that the figures still equal the advisor's): a check
answers at once, with no simulation at check time.

A choice's id is its discard's card codes, ``"7C 8D 9H"``; the answer is the candidate the
advisor ranks first.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Final

from academy.stages.model import Given, Hint, HintKind, Task
from piquet.cards import Card, Suit, parse_cards, sort_cards
from piquet.rules import Rules

__all__ = [
    "PINNED",
    "Figures",
    "PinnedHand",
    "discard_cards",
    "discard_id",
    "figures_json",
    "figures_of",
    "hint_discard_best",
    "make_discard_best",
    "marked_cards",
    "pinned_hands",
]

PINNED: Final = Path(__file__).with_name("discard_best.json")
"""The curated hands, their candidates and the advisor's figures (see the module doc)."""


@dataclass(frozen=True, slots=True)
class Figures:
    """One candidate's figures, as :class:`academy.advisor.DiscardAdvice` gives them:
    ``rank`` its place in the advisor's ranking of all ``total`` legal discards (1: the
    best), ``expected`` ± ``error`` the declaration points it brings against the opponent's
    (simulated on ``samples`` opponent hands), ``point_won`` the simulated chance of winning
    the point, ``quint`` and ``quatorze`` the exact chances of a quint or better and of a
    quatorze after the draw; ``risks`` and ``reasons`` the advisor's facts, as
    ``(kind, cards)`` and ``(kind, cards, suit)``."""

    rank: int
    total: int
    expected: float
    error: float
    samples: int
    point_won: float
    quint: Fraction
    quatorze: Fraction
    risks: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    reasons: tuple[tuple[str, tuple[Card, ...], Suit | None], ...] = ()

    @property
    def point_error(self) -> float:
        """The standard error of :attr:`point_won` (a proportion over ``samples``)."""
        if self.samples <= 0:
            return 0.0
        p = self.point_won
        return math.sqrt(max(p * (1 - p), 0.0) / self.samples)


@dataclass(frozen=True, slots=True)
class PinnedHand:
    """A curated hand: Elder's twelve ``cards``, the ``candidates`` (discard ids), the
    ``key`` cards the best discard keeps together (what the hint points at), and the
    figures per preset name and candidate."""

    cards: tuple[Card, ...]
    candidates: tuple[str, ...]
    key: tuple[Card, ...]
    figures: Mapping[str, Mapping[str, Figures]]


def discard_cards(choice: str) -> tuple[Card, ...]:
    """The cards of a discard id (``"7C 8D"``), sorted as hands are."""
    return sort_cards(parse_cards(choice))


def discard_id(cards: tuple[Card, ...] | list[Card]) -> str:
    """The id of a discard: its cards' codes, sorted as hands are."""
    return " ".join(str(c) for c in sort_cards(cards))


def _suit(code: object) -> Suit | None:
    return None if code is None else Suit(str(code))


def _figures(raw: Mapping[str, Any]) -> Figures:
    return Figures(
        rank=int(raw["rank"]), total=int(raw["total"]), expected=float(raw["expected"]),
        error=float(raw["error"]), samples=int(raw["samples"]),
        point_won=float(raw["point_won"]), quint=Fraction(str(raw["quint"])),
        quatorze=Fraction(str(raw["quatorze"])),
        risks=tuple((str(k), parse_cards(c)) for k, c in raw.get("risks", ())),
        reasons=tuple((str(k), parse_cards(c), _suit(s)) for k, c, s in raw.get("reasons", ())))


def figures_of(advice: Any, rank: int, total: int) -> Figures:
    """The figures of an :class:`academy.advisor.DiscardAdvice` ranked ``rank`` of
    ``total`` (the pinning script and the test that the pins still hold use it)."""
    return Figures(
        rank=rank, total=total, expected=float(advice.expected), error=float(advice.error),
        samples=int(advice.samples), point_won=float(advice.point_won),
        quint=Fraction(advice.chances.quint_or_better), quatorze=Fraction(
            advice.chances.quatorze),
        risks=tuple((str(r.kind.value), tuple(r.cards)) for r in advice.risks),
        reasons=tuple((str(r.kind.value), tuple(r.cards), r.suit) for r in advice.reasons))


def figures_json(f: Figures) -> dict[str, Any]:
    """:class:`Figures` as the pinned file keeps them (floats exactly, fractions "n/d")."""
    return {"rank": f.rank, "total": f.total, "expected": f.expected, "error": f.error,
            "samples": f.samples, "point_won": f.point_won, "quint": str(f.quint),
            "quatorze": str(f.quatorze),
            "risks": [[k, discard_id(c)] for k, c in f.risks],
            "reasons": [[k, discard_id(c), None if s is None else s.value]
                        for k, c, s in f.reasons]}


@cache
def pinned_hands() -> tuple[PinnedHand, ...]:
    """The curated hands (read once a process)."""
    data = json.loads(PINNED.read_text(encoding="utf-8"))
    out = []
    for h in data["hands"]:
        figures = {preset: {c: _figures(f) for c, f in per.items()}
                   for preset, per in h["figures"].items()}
        out.append(PinnedHand(parse_cards(h["hand"]), tuple(h["candidates"]),
                              parse_cards(h["key"]), figures))
    return tuple(out)


def make_discard_best(rng: random.Random, rules: Rules, params: Mapping[str, Any]) -> dict[
        str, Any]:
    """One of the curated hands, its candidates in a random order; the answer is the one the
    advisor ranks first under the preset."""
    hand = rng.choice(pinned_hands())
    figures = hand.figures[rules.name]
    choices = list(hand.candidates)
    rng.shuffle(choices)
    best = min(choices, key=lambda c: figures[c].rank)
    return {"answer_kind": "choice", "answer": best, "choices": tuple(choices),
            "hands": (("elder", sort_cards(hand.cards)),), "role": "elder",
            "facts": {"figures": {c: figures[c] for c in choices}, "key": hand.key}}


def hint_discard_best(task: Task, given: Given) -> Hint:
    """After a wrong pick: the cards it throws that the best discard keeps, the key cards
    first (:attr:`HintKind.RULE`); a pick that throws only cards the best one throws too
    throws too few (:attr:`HintKind.COUNT`, how many the best one throws). Before any pick:
    the key cards to keep together (:attr:`HintKind.CARDS`)."""
    key: tuple[Card, ...] = task.facts["key"]
    if isinstance(given, str) and given in task.choices and given != task.answer:
        best = set(discard_cards(str(task.answer)))
        lost = [c for c in discard_cards(given) if c not in best]
        if lost:
            lost.sort(key=lambda c: c not in key)
            return Hint(HintKind.RULE, tuple(lost), len(lost))
        return Hint(HintKind.COUNT, (), len(best))
    return Hint(HintKind.CARDS, key, len(key))


def marked_cards(task: Task, settled: bool, hint: Hint | None = None) -> frozenset[Card]:
    """The cards marked on the hand: the best discard once the task is settled, the hint's
    cards while a hint shows."""
    if settled and isinstance(task.answer, str):
        return frozenset(discard_cards(task.answer))
    return frozenset(hint.cards) if hint is not None else frozenset()

"""The exchange advisor's figures as the pages keep them: computed once per hand, role,
``left`` and preset (``st.cache_data``), in a compact form that is quick to copy out of the
cache on every rerun that shows it.

:func:`academy.advisor.rank_discards` returns some 1,585 discards, each with its exact
distributions (Fractions): 600 kB pickled, half a second to copy out of ``st.cache_data``.
A page shows the first few in full and, for the learner's own pick, the figures alone, so
:class:`Ranking` keeps the first :data:`TOP` discards whole and, for every discard, its cards
as a mask with the figures a page prints (about 100 kB, a few milliseconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import streamlit as st

import academy.advisor as advisor
import academy.odds as odds
from academy.advisor import DiscardAdvice, Reason, Risk, RiskKind
from academy.odds import Rarity
from piquet.cards import DECK, Card, cards_mask, format_cards, sort_cards
from piquet.rules import get_rules

__all__ = ["TOP", "Figures", "Ranking", "hand_key", "ranking", "rarities"]

TOP: Final = 5
"""How many of the best discards a page shows in full."""


@dataclass(frozen=True, slots=True)
class Figures:
    """One discard as a page shows it (the same numbers as its :class:`DiscardAdvice`)."""

    discard: tuple[Card, ...]
    expected: float
    error: float
    samples: int
    point_won: float
    quint: Fraction | float
    quatorze: Fraction | float
    risks: tuple[Risk, ...]
    reasons: tuple[Reason, ...] = ()

    @classmethod
    def of(cls, a: DiscardAdvice, *, reasons: bool = True) -> Figures:
        return cls(a.discard, a.expected, a.error, a.samples, a.point_won,
                   a.chances.quint_or_better, a.chances.quatorze, a.risks,
                   a.reasons if reasons else ())


def _cards(mask: int) -> tuple[Card, ...]:
    return sort_cards(c for c in DECK if c.bit & mask)


@dataclass(frozen=True, slots=True)
class Ranking:
    """Every legal discard of a hand, best first: the first :data:`TOP` whole
    (:attr:`top`), the rest as columns (index ``i`` is the discard ranked ``i + 1``)."""

    hand: tuple[Card, ...]
    role: str
    left: int
    sizes: tuple[int, int]
    """The fewest and the most cards the player may discard."""
    top: tuple[Figures, ...]
    masks: tuple[int, ...]
    expected: tuple[float, ...]
    error: tuple[float, ...]
    samples: tuple[int, ...]
    point_won: tuple[float, ...]
    quint: tuple[float, ...]
    quatorze: tuple[float, ...]
    risks: tuple[tuple[tuple[str, int], ...], ...]

    @property
    def count(self) -> int:
        return len(self.masks)

    def allowed(self) -> range:
        return range(self.sizes[0], self.sizes[1] + 1)

    def find(self, discard: tuple[Card, ...] | list[Card]) -> tuple[int, Figures] | None:
        """``(rank, figures)`` of a discard (rank 1: the best), or ``None`` if it is not a
        legal discard of the hand."""
        mask = cards_mask(discard)
        try:
            i = self.masks.index(mask)
        except ValueError:
            return None
        if i < len(self.top):
            return i + 1, self.top[i]
        risks = tuple(Risk(RiskKind(kind), _cards(m)) for kind, m in self.risks[i])
        return i + 1, Figures(_cards(mask), self.expected[i], self.error[i], self.samples[i],
                              self.point_won[i], self.quint[i], self.quatorze[i], risks)


def hand_key(hand: tuple[Card, ...] | list[Card]) -> str:
    """The hand as the caches are keyed on: its cards sorted, "AS KS … 7C"."""
    return format_cards(sort_cards(hand), " ")


def compact(hand: str, role: str, left: int, preset: str,
            advice: tuple[DiscardAdvice, ...]) -> Ranking:
    """A :class:`Ranking` of ``advice`` (what :func:`academy.advisor.rank_discards` gave)."""
    sizes = advisor.discard_sizes(role, left, get_rules(preset))
    return Ranking(
        hand=sort_cards(advice[0].discard + advice[0].kept) if advice else (),
        role=role, left=left, sizes=(sizes.start, sizes.stop - 1),
        top=tuple(Figures.of(a) for a in advice[:TOP]),
        masks=tuple(cards_mask(a.discard) for a in advice),
        expected=tuple(a.expected for a in advice),
        error=tuple(a.error for a in advice),
        samples=tuple(a.samples for a in advice),
        point_won=tuple(a.point_won for a in advice),
        quint=tuple(float(a.chances.quint_or_better) for a in advice),
        quatorze=tuple(float(a.chances.quatorze) for a in advice),
        risks=tuple(tuple((r.kind.value, cards_mask(r.cards)) for r in a.risks)
                    for a in advice))


@st.cache_data(max_entries=64, show_spinner=False)
def ranking(hand: str, role: str, left: int, preset: str) -> Ranking:
    """The advisor's ranking of ``hand`` (:func:`hand_key`), cached per hand, role, ``left``
    and preset. Raises what the advisor raises (a ``PiquetError``), which is not cached."""
    advice = advisor.rank_discards(hand, role=role, left=left, rules=preset)
    return compact(hand, role, left, preset, advice)


@st.cache_data(max_entries=256, show_spinner=False)
def rarities(hand: str) -> tuple[Rarity, ...]:
    """:func:`academy.odds.rarity` of ``hand`` (:func:`hand_key`), cached."""
    return odds.rarity(hand)

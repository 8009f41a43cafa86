"""Combinations of one hand: point, sequences, sets and carte blanche.

A suit holding is one of 256 bit patterns (bit ``r`` set when the hand holds the card of
rank order ``r``, seven = 0 ... ace = 7). Everything about a suit that scoring needs is
precomputed per pattern, so a hand is analysed with a handful of table look-ups.

>>> from piquet.cards import parse_cards
>>> c = analyse(parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD"))
>>> c.point.length, c.point.pips, c.point.suit
(5, 50, <Suit.SPADES: 'S'>)
>>> [(s.kind, s.top.symbol) for s in c.sequences]
[(<SequenceKind.QUART: 4>, 'A'), (<SequenceKind.TIERCE: 3>, 'A')]
>>> [(s.kind, s.rank) for s in c.sets]
[(<SetKind.QUATORZE: 4>, <Rank.ACE: 7>)]
>>> c.carte_blanche
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from typing import Final

from piquet.cards import DECK, SUITS, Card, Rank, Suit, cards_mask

# --- per-suit tables -------------------------------------------------------------------

_PIPS: Final = tuple(r.pips for r in Rank)


def _runs(pattern: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of three or more in a suit pattern, as (length, top rank order), best first."""
    runs: list[tuple[int, int]] = []
    r = 7
    while r >= 0:
        if pattern >> r & 1:
            top = r
            while r >= 0 and pattern >> r & 1:
                r -= 1
            length = top - r
            if length >= 3:
                runs.append((length, top))
        else:
            r -= 1
    runs.sort(reverse=True)
    return tuple(runs)


SEQUENCE_SCORES: Final = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
"""Score of a sequence by length: tierce 3, quart 4, quint 15 ... huitième 18."""

SUIT_LENGTH: Final = tuple(p.bit_count() for p in range(256))
SUIT_PIPS: Final = tuple(sum(_PIPS[r] for r in range(8) if p >> r & 1) for p in range(256))
SUIT_RUNS: Final = tuple(_runs(p) for p in range(256))
# point key: length * 128 + pips (pips of a suit never reach 128); 0 for an empty suit
POINT_KEY: Final = tuple(SUIT_LENGTH[p] * 128 + SUIT_PIPS[p] for p in range(256))
# best-sequence key: length * 8 + top rank order; 0 when the suit has no sequence
SEQ_KEY: Final = tuple((r[0][0] * 8 + r[0][1]) if r else 0 for r in SUIT_RUNS)
SEQ_SCORE: Final = tuple(sum(SEQUENCE_SCORES[n] for n, _ in r) for r in SUIT_RUNS)

COURT_MASK: Final = sum(
    c.bit for c in DECK if c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)
)
RANK_MASKS: Final = tuple(0x01010101 << r for r in range(8))
SET_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
"""Ranks that form sets: tens and higher. Nines, eights and sevens never do."""


def point_key(mask: int) -> int:
    """Best point of a hand mask as ``length * 128 + pips`` (0 with no cards)."""
    return max(
        POINT_KEY[mask & 255], POINT_KEY[mask >> 8 & 255],
        POINT_KEY[mask >> 16 & 255], POINT_KEY[mask >> 24 & 255],
    )


def sequence_key_score(mask: int) -> tuple[int, int]:
    """(best sequence key ``length * 8 + top``, total score of all sequences) of a hand mask."""
    a, b, c, d = mask & 255, mask >> 8 & 255, mask >> 16 & 255, mask >> 24 & 255
    return (
        max(SEQ_KEY[a], SEQ_KEY[b], SEQ_KEY[c], SEQ_KEY[d]),
        SEQ_SCORE[a] + SEQ_SCORE[b] + SEQ_SCORE[c] + SEQ_SCORE[d],
    )


def set_key_score(mask: int) -> tuple[int, int]:
    """(best set key ``count * 8 + rank``, total score of all sets) of a hand mask."""
    best = 0
    total = 0
    for r in (7, 6, 5, 4, 3):
        n = (mask & RANK_MASKS[r]).bit_count()
        if n >= 3:
            total += 14 if n == 4 else 3
            key = n * 8 + r
            if key > best:
                best = key
    return best, total


def is_carte_blanche(mask: int) -> bool:
    """A hand with no king, queen or jack (judged on the 12 cards as dealt)."""
    return not mask & COURT_MASK


# --- combination records ---------------------------------------------------------------

class SequenceKind(IntEnum):
    """A sequence by its length (the value): tierce 3 ... huitième 8."""

    TIERCE = 3
    QUART = 4
    QUINT = 5
    SIXIEME = 6
    SEPTIEME = 7
    HUITIEME = 8


class SetKind(IntEnum):
    """A set by its count (the value): trio 3, quatorze 4."""

    TRIO = 3
    QUATORZE = 4


@dataclass(frozen=True, slots=True)
class Point:
    """A point: some cards of one suit. Scores one per card."""

    suit: Suit
    cards: tuple[Card, ...]

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def pips(self) -> int:
        return sum(c.rank.pips for c in self.cards)

    @property
    def key(self) -> int:
        return self.length * 128 + self.pips

    @property
    def score(self) -> int:
        return self.length


@dataclass(frozen=True, slots=True)
class Sequence:
    """A run of three or more consecutive cards of one suit (ace high, no wrap-around)."""

    suit: Suit
    cards: tuple[Card, ...]  # high card first

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Rank:
        return self.cards[0].rank

    @property
    def key(self) -> int:
        return self.length * 8 + int(self.top)

    @property
    def score(self) -> int:
        return SEQUENCE_SCORES[self.length]

    @property
    def kind(self) -> SequenceKind:
        """Tierce ... huitième."""
        return SequenceKind(self.length)

    @property
    def major(self) -> bool:
        """Headed by the ace ("quart major")."""
        return self.top is Rank.ACE

    @property
    def minor(self) -> bool:
        """Ending in the seven, not headed by the ace ("tierce minor")."""
        return not self.major and self.cards[-1].rank is Rank.SEVEN


@dataclass(frozen=True, slots=True)
class CardSet:
    """Three (trio, 3) or four (quatorze, 14) cards of one rank, tens or higher."""

    rank: Rank
    cards: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def key(self) -> int:
        return self.count * 8 + int(self.rank)

    @property
    def score(self) -> int:
        return 14 if self.count == 4 else 3

    @property
    def kind(self) -> SetKind:
        """Trio or quatorze."""
        return SetKind(self.count)


def pretty(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, ``A♥ K♥``."""
    return " ".join(c.pretty for c in cards)


def _suit_cards(mask: int, suit: Suit) -> tuple[Card, ...]:
    base = suit.index * 8
    return tuple(DECK[base + r] for r in range(7, -1, -1) if mask >> (base + r) & 1)


def suit_point(mask: int, suit: Suit) -> Point:
    """The point a hand holds in one suit (possibly empty)."""
    return Point(suit, _suit_cards(mask, suit))


def suit_sequences(mask: int, suit: Suit) -> tuple[Sequence, ...]:
    """The maximal runs of three or more in one suit, best first."""
    base = suit.index * 8
    return tuple(
        Sequence(suit, tuple(DECK[base + r] for r in range(top, top - length, -1)))
        for length, top in SUIT_RUNS[mask >> base & 255]
    )


@dataclass(frozen=True)
class Combinations:
    """Everything one hand holds to declare."""

    cards: tuple[Card, ...]

    @cached_property
    def mask(self) -> int:
        return cards_mask(self.cards)

    @cached_property
    def suit_points(self) -> tuple[Point, ...]:
        """The point in each suit, spades, hearts, diamonds, clubs."""
        return tuple(suit_point(self.mask, s) for s in SUITS)

    @cached_property
    def point(self) -> Point | None:
        """The best point (longest suit, then most pips), or None for no cards."""
        best = max(self.suit_points, key=lambda p: p.key)
        return best if best.length else None

    @cached_property
    def sequences(self) -> tuple[Sequence, ...]:
        """Every sequence, as maximal runs, best first."""
        runs = [q for s in SUITS for q in suit_sequences(self.mask, s)]
        runs.sort(key=lambda q: q.key, reverse=True)
        return tuple(runs)

    @cached_property
    def sets(self) -> tuple[CardSet, ...]:
        """Every trio and quatorze (tens and higher), best first."""
        out = []
        for rank in SET_RANKS:
            held = tuple(DECK[s.index * 8 + int(rank)] for s in SUITS
                         if self.mask >> (s.index * 8 + int(rank)) & 1)
            if len(held) >= 3:
                out.append(CardSet(rank, held))
        out.sort(key=lambda x: x.key, reverse=True)
        return tuple(out)

    @cached_property
    def carte_blanche(self) -> bool:
        """No king, queen or jack. Meaningful for a 12-card hand as dealt."""
        return is_carte_blanche(self.mask)


def analyse(cards: Iterable[Card]) -> Combinations:
    """The combinations of a hand (any number of distinct cards)."""
    return Combinations(tuple(cards))

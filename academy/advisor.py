"""The exchange advisor: every legal discard of a hand, ranked by the declaration points it
brings, with the exact chances of the combinations it draws to (RULES.md sections 4-6).

For a player's twelve cards (Elder's, or Younger's given how many cards Elder left),
:func:`rank_discards` returns every discard the rules allow, best first:

- **exact** (:class:`Chances`, Fractions): the cards a discard draws are a uniformly random
  subset of the 20 cards the player does not hold (for Younger too: what is left of the talon
  is a uniform subset of them), so the chances of the final point length, best sequence,
  quatorze, trio and carte blanche are sums over every draw, counted suit by suit;
- **simulated** (``expected``, ``error``, ``samples``, ``point_won``): the declaration points
  the player wins minus the opponent's (carte blanche on the hands as dealt, point,
  sequences, sets, repique; pique is play and left out), both hands declared in full, over
  sampled opponent hands and talons in which the opponent exchanges by a fixed rule (the
  greedy player's: Younger takes every card left, Elder the ``5 - left`` he took). Every
  discard is measured on the same samples; the leaders are measured again on more of them,
  until the first ten have a standard error of at most 0.5 points;
- facts to explain a choice on the cards: :class:`Risk` (what the discard gives up) and
  :class:`Reason` (what it keeps and draws to). Sentences are the text layer's.

>>> advice = rank_discards("AS KS QS JS 9S AH KH QH 10D 10C AC AD")
>>> len(advice), advice[0].expected >= advice[-1].expected
(1585, True)
>>> best = advice[0]
>>> best.chances.draws == {1: 20, 2: 190, 3: 1140, 4: 4845, 5: 15504}[len(best.discard)]
True
>>> sum(best.chances.point_length.values())
Fraction(1, 1)
>>> younger = rank_discards("AD KD QD 8D 7D 9C 8C 7C 9H 8H 7H JH", role="younger", left=1)
>>> len(younger), len(younger[0].discard) <= 4   # britannica: 0 to 4 cards
(794, True)
>>> try:
...     rank_discards(best.kept, role="younger", left=5)
... except PiquetError as e:
...     e.code, e.values
('bad_left', (5, 0, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from piquet.cards import DECK, SUITS, Card, Rank, Suit, cards_mask, hand_of, sort_cards
from piquet.combos import COURT_MASK, POINT_KEY, SEQ_KEY, SUIT_RUNS
from piquet.errors import PiquetError
from piquet.exchange import ELDER_SHARE, elder_may_take, younger_may_take
from piquet.rules import Rules, get_rules

__all__ = [
    "TARGET_ERROR",
    "AdviceError",
    "Chances",
    "DiscardAdvice",
    "Reason",
    "ReasonKind",
    "Risk",
    "RiskKind",
    "rank_discards",
]

TARGET_ERROR: Final = 0.5
"""The largest standard error of ``expected`` among the first ten discards."""
TOP_MEASURED: Final = 10
"""How many leading discards are measured until their error is at most TARGET_ERROR."""
DEFAULT_SAMPLES: Final = 256
"""Opponent samples of the first pass over every discard."""
MAX_SAMPLES: Final = 40_000
"""The most samples a leader is measured on."""

ROLES: Final = ("elder", "younger")


class AdviceError(PiquetError):
    """A question the advisor cannot answer: ``bad_role`` (values: the role given) or
    ``bad_left`` (values: the ``left`` given, the fewest and the most allowed)."""

    default_code = "advice"


# --- the facts --------------------------------------------------------------------------


class _Dist(Mapping[int, Fraction]):
    """An exact distribution kept as counts over ``total`` equally likely draws; each value a
    Fraction made on demand. Immutable and hashable."""

    __slots__ = ("_counts", "_total")

    def __init__(self, counts: Mapping[int, int], total: int) -> None:
        self._counts: tuple[tuple[int, int], ...] = tuple(sorted(counts.items()))
        self._total = total

    def __getitem__(self, key: int) -> Fraction:
        for k, c in self._counts:
            if k == key:
                return Fraction(c, self._total)
        raise KeyError(key)

    def __iter__(self) -> Iterator[int]:
        return (k for k, _ in self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __hash__(self) -> int:
        return hash((self._counts, self._total))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Dist):
            return self._counts == other._counts and self._total == other._total
        return super().__eq__(other)

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def at_least(self, n: int) -> Fraction:
        return Fraction(sum(c for k, c in self._counts if k >= n), self._total)


POINT_LENGTHS: Final = (3, 4, 5, 6, 7, 8)
"""The keys of :attr:`Chances.point_length` (a 12-card hand's longest suit has 3 to 8)."""
SEQUENCE_LENGTHS: Final = (0, 3, 4, 5, 6, 7, 8)
"""The keys of :attr:`Chances.best_sequence` (0: no sequence)."""


@dataclass(frozen=True, slots=True)
class Chances:
    """The player's own combinations after the exchange, exact over all ``draws`` equally
    likely sets of cards drawn (``C(20, n)`` for ``n`` cards; 1 when nothing is drawn)."""

    draws: int
    point_length: Mapping[int, Fraction]
    """Length of the longest suit -> P (keys 3..8, every one present)."""
    best_sequence: Mapping[int, Fraction]
    """Length of the longest sequence, 0 for none -> P (keys 0, 3..8)."""
    quatorze: Fraction
    """P(at least one quatorze: four tens, jacks, queens, kings or aces)."""
    trio: Fraction
    """P(at least one trio: exactly three of a rank ten or higher), a quatorze or not."""
    carte_blanche: Fraction
    """P(the hand after the exchange has no court card). Carte blanche scores on the hand as
    dealt (RULES.md section 3): this is what the twelve cards look like afterwards."""

    @property
    def quint_or_better(self) -> Fraction:
        """P(a sequence of five or more)."""
        return sum((p for k, p in self.best_sequence.items() if k >= 5), Fraction(0))

    def point_at_least(self, n: int) -> Fraction:
        """P(the longest suit has at least ``n`` cards)."""
        return sum((p for k, p in self.point_length.items() if k >= n), Fraction(0))


class RiskKind(StrEnum):
    """What a discard gives up."""

    UNGUARDS = "unguards"
    """A king or queen kept with fewer guards below it than higher cards it lacks (a king
    alone, a queen with fewer than two), which it had as dealt."""
    BREAKS_SEQUENCE = "breaks-sequence"
    """Throws cards of a sequence of the hand as dealt (the cards thrown)."""
    BREAKS_SET = "breaks-set"
    """Throws cards of a trio or quatorze of the hand as dealt (the cards thrown)."""
    LOSES_BLANCHE = "loses-blanche"
    """The hand as dealt is carte blanche (its 10 are won either way) and the draw may bring a
    court card; no cards."""
    THROWS_ACE = "throws-ace"
    """Throws aces (the aces thrown)."""


@dataclass(frozen=True, slots=True)
class Risk:
    kind: RiskKind
    cards: tuple[Card, ...]


class ReasonKind(StrEnum):
    """What a discard keeps, or hopes to draw."""

    KEEPS_POINT_SUIT = "keeps-point-suit"
    """The longest suit of the cards kept (its cards and suit)."""
    KEEPS_SEQUENCE = "keeps-sequence"
    """A sequence of the cards kept."""
    KEEPS_SET = "keeps-set"
    """A trio or quatorze of the cards kept (no suit)."""
    DRAWS_TO = "draws-to"
    """A suit where one card drawn would make a quart or longer sequence than the suit's cards
    kept hold (the suit's cards kept)."""
    THROWS_SUIT = "throws-suit"
    """Throws every card of a suit (those cards, the suit)."""


@dataclass(frozen=True, slots=True)
class Reason:
    kind: ReasonKind
    cards: tuple[Card, ...]
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """One legal discard with its figures and facts (see the module's docstring)."""

    discard: tuple[Card, ...]
    """The cards thrown, sorted like :func:`piquet.sort_cards`."""
    kept: tuple[Card, ...]
    expected: float
    """Mean declaration points won minus the opponent's, simulated."""
    error: float
    """Standard error of ``expected``."""
    samples: int
    """The opponent samples ``expected`` was measured on."""
    point_won: float
    """Simulated chance of scoring the point."""
    chances: Chances
    risks: tuple[Risk, ...]
    reasons: tuple[Reason, ...]


# --- checking the question ---------------------------------------------------------------


def discard_sizes(role: str, left: int, rules: Rules) -> range:
    """How many cards the player may discard (after checking ``role`` and ``left``).

    >>> from piquet.rules import BRITANNICA, CAVENDISH
    >>> discard_sizes("elder", 0, BRITANNICA), discard_sizes("younger", 2, CAVENDISH)
    (range(1, 6), range(1, 6))
    """
    if role not in ROLES:
        raise AdviceError(f"{role!r} is not a role (choose elder or younger)", code="bad_role",
                          values=(role,))
    if not isinstance(left, int) or isinstance(left, bool):
        raise AdviceError(f"{left!r} is not a number of cards", code="bad_left",
                          values=(left, 0, 0 if role == "elder" else ELDER_SHARE - 1))
    if role == "elder":
        if left != 0:
            raise AdviceError(f"Elder leaves cards only after his exchange: left is {left}, "
                              "must be 0", code="bad_left", values=(left, 0, 0))
        return elder_may_take(rules)
    took = elder_may_take(rules)
    lo, hi = ELDER_SHARE - (took.stop - 1), ELDER_SHARE - took.start
    if not lo <= left <= hi:
        raise AdviceError(f"Elder can leave {lo} to {hi} cards, not {left}", code="bad_left",
                          values=(left, lo, hi))
    return younger_may_take(ELDER_SHARE - left, rules)


# --- exact chances ----------------------------------------------------------------------


def _coef(polys: list[list[int]], n: int) -> int:
    """The coefficient of x**n in the product of the polynomials (coefficient lists)."""
    acc = [1] + [0] * n
    for p in polys:
        nxt = [0] * (n + 1)
        for i, a in enumerate(acc):
            if a:
                for j in range(min(len(p), n + 1 - i)):
                    if p[j]:
                        nxt[i + j] += a * p[j]
        acc = nxt
    return acc[n]


class _Exact:
    """Per-hand tables for the exact chances of any discard: a draw of ``n`` cards splits by
    suit (rank) with weights ``prod C(unseen in it, drawn from it)``, so each figure is the
    coefficient of ``x**n`` in a product of per-suit (per-rank) polynomials."""

    def __init__(self, hand_mask: int) -> None:
        self.unseen = [(~hand_mask >> 8 * s) & 255 for s in range(4)]
        self.m = [u.bit_count() for u in self.unseen]
        # unseen cards of each rank; sevens to nines lumped
        self.rank_unseen = [4 - (hand_mask & (0x01010101 << r)).bit_count() for r in range(8)]
        self.low_unseen = sum(self.rank_unseen[:3])
        court_unseen = [((~hand_mask & COURT_MASK) >> 8 * s & 255).bit_count()
                        for s in range(4)]
        self.plain_unseen = [m - c for m, c in zip(self.m, court_unseen, strict=True)]
        self._seq_cache: dict[tuple[int, int], list[list[int]]] = {}
        self._subsets: list[list[list[int]]] = []
        for s in range(4):
            u = self.unseen[s]
            bits = [1 << r for r in range(8) if u >> r & 1]
            by_size: list[list[int]] = [[] for _ in range(6)]
            for j in range(min(5, len(bits)) + 1):
                for combo in combinations(bits, j):
                    by_size[j].append(sum(combo))
            self._subsets.append(by_size)

    def _seq_table(self, s: int, kept: int) -> list[list[int]]:
        """``t[L][j]``: draws of ``j`` cards of suit ``s`` whose best run is at most ``L``."""
        key = (s, kept)
        found = self._seq_cache.get(key)
        if found is None:
            found = [[0] * 6 for _ in range(9)]
            for j, subs in enumerate(self._subsets[s]):
                for d in subs:
                    length = SEQ_KEY[kept | d] >> 3
                    for L in range(length, 9):
                        found[L][j] += 1
            self._seq_cache[key] = found
        return found

    def chances(self, kept_mask: int, n: int) -> Chances:
        total = comb(20, n)
        kept = [kept_mask >> 8 * s & 255 for s in range(4)]
        lengths = [k.bit_count() for k in kept]
        cum_point = []
        for L in range(9):
            polys = [[comb(self.m[s], j) if lengths[s] + j <= L else 0 for j in range(n + 1)]
                     for s in range(4)]
            cum_point.append(_coef(polys, n))
        tables = [self._seq_table(s, kept[s]) for s in range(4)]
        cum_seq = [_coef([tables[s][L] for s in range(4)], n) for L in range(9)]
        point = {L: cum_point[L] - cum_point[L - 1] for L in POINT_LENGTHS}
        seq = {0: cum_seq[2]} | {L: cum_seq[L] - cum_seq[L - 1] for L in SEQUENCE_LENGTHS[1:]}
        low = [comb(self.low_unseen, j) for j in range(n + 1)]
        counts = [(kept_mask & (0x01010101 << r)).bit_count() for r in range(8)]
        no_q = [low] + [[comb(self.rank_unseen[r], j) if counts[r] + j != 4 else 0
                         for j in range(n + 1)] for r in range(3, 8)]
        no_t = [low] + [[comb(self.rank_unseen[r], j) if counts[r] + j != 3 else 0
                         for j in range(n + 1)] for r in range(3, 8)]
        if kept_mask & COURT_MASK:
            blanche = 0
        else:
            blanche = _coef([[comb(self.plain_unseen[s], j) for j in range(n + 1)]
                             for s in range(4)], n)
        return Chances(
            draws=total,
            point_length=_Dist(point, total),
            best_sequence=_Dist(seq, total),
            quatorze=Fraction(total - _coef(no_q, n), total),
            trio=Fraction(total - _coef(no_t, n), total),
            carte_blanche=Fraction(blanche, total),
        )


# --- risks and reasons -------------------------------------------------------------------


def _suit_cards(mask: int, s: int) -> tuple[Card, ...]:
    return tuple(DECK[8 * s + r] for r in range(7, -1, -1) if mask >> (8 * s + r) & 1)


def _unguarded(mask: int) -> int:
    """The kings and queens of a mask with fewer cards below them in their suit than higher
    cards they lack."""
    out = 0
    for s in range(4):
        p = mask >> 8 * s & 255
        for r in (Rank.KING, Rank.QUEEN):
            if p >> r & 1:
                lacking = sum(1 for h in range(r + 1, 8) if not p >> h & 1)
                below = (p & ((1 << r) - 1)).bit_count()
                if below < lacking:
                    out |= 1 << (8 * s + r)
    return out


def _runs_masks(mask: int) -> list[tuple[int, int]]:
    """(suit, run mask) of every maximal run of three or more."""
    out = []
    for s in range(4):
        for length, top in SUIT_RUNS[mask >> 8 * s & 255]:
            run = ((1 << length) - 1) << (top - length + 1)
            out.append((s, run << 8 * s))
    return out


def _set_masks(mask: int) -> list[int]:
    """The cards of every trio and quatorze (tens and higher), best first."""
    out = []
    for r in (7, 6, 5, 4, 3):
        m = mask & (0x01010101 << r)
        if m.bit_count() >= 3:
            out.append(m)
    out.sort(key=lambda m: m.bit_count(), reverse=True)
    return out


def _cards(mask: int) -> tuple[Card, ...]:
    return sort_cards(DECK[i] for i in range(32) if mask >> i & 1)


_ACES: Final = 0x80808080


def _facts(dealt: int, kept: int, n: int, blanche_chance: Fraction
           ) -> tuple[tuple[Risk, ...], tuple[Reason, ...]]:
    thrown = dealt & ~kept
    risks: list[Risk] = []
    newly = _unguarded(kept) & ~_unguarded(dealt)
    for i in range(32):
        if newly >> i & 1:
            risks.append(Risk(RiskKind.UNGUARDS, (DECK[i],)))
    for _, run in _runs_masks(dealt):
        if run & thrown:
            risks.append(Risk(RiskKind.BREAKS_SEQUENCE, _cards(run & thrown)))
    for m in _set_masks(dealt):
        if m & thrown:
            risks.append(Risk(RiskKind.BREAKS_SET, _cards(m & thrown)))
    if not dealt & COURT_MASK and blanche_chance < 1:
        risks.append(Risk(RiskKind.LOSES_BLANCHE, ()))
    if thrown & _ACES:
        risks.append(Risk(RiskKind.THROWS_ACE, _cards(thrown & _ACES)))
    reasons: list[Reason] = []
    best = max(range(4), key=lambda s: (POINT_KEY[kept >> 8 * s & 255], -s))
    reasons.append(Reason(ReasonKind.KEEPS_POINT_SUIT, _suit_cards(kept, best), SUITS[best]))
    for s, run in _runs_masks(kept):
        reasons.append(Reason(ReasonKind.KEEPS_SEQUENCE, _cards(run), SUITS[s]))
    for m in _set_masks(kept):
        reasons.append(Reason(ReasonKind.KEEPS_SET, _cards(m)))
    if n:
        for s in range(4):
            p = kept >> 8 * s & 255
            unseen = ~dealt >> 8 * s & 255
            now = SEQ_KEY[p] >> 3
            reach = max((SEQ_KEY[p | 1 << r] >> 3 for r in range(8) if unseen >> r & 1),
                        default=0)
            if reach >= 4 and reach > now:
                reasons.append(Reason(ReasonKind.DRAWS_TO, _suit_cards(kept, s), SUITS[s]))
    for s in range(4):
        p = dealt >> 8 * s & 255
        if p and not kept >> 8 * s & 255:
            reasons.append(Reason(ReasonKind.THROWS_SUIT, _suit_cards(dealt, s), SUITS[s]))
    return tuple(risks), tuple(reasons)


# --- the ranking --------------------------------------------------------------------------


def rank_discards(hand: str | Iterable[str | Card], *, role: str = "elder", left: int = 0,
                  rules: str | Rules = "britannica", samples: int | None = None,
                  seed: int = 0) -> tuple[DiscardAdvice, ...]:
    """Every legal discard of ``hand`` (12 cards), best first by ``expected``.

    ``role``: ``"elder"`` or ``"younger"``; ``left``: how many cards Elder left (0 for
    Elder; 0 to 4 for Younger); ``samples``: opponent samples of the first pass over every
    discard (the first ten are then measured on more, to an error of at most
    :data:`TARGET_ERROR`); ``seed``: the same seed gives the same answer. A bad role or
    ``left`` raises :class:`AdviceError`; a bad hand piquet's ``HandError``/``CardError``;
    an unknown preset ``RulesError``.
    """
    from academy.advisor_sim import Simulation

    rules_ = get_rules(rules)
    sizes = discard_sizes(role, left, rules_)
    cards = sort_cards(hand_of(hand, 12, who=role.capitalize()))
    dealt = cards_mask(cards)
    first = DEFAULT_SAMPLES if samples is None else samples
    if not isinstance(first, int) or first < 2:
        raise AdviceError(f"samples must be at least 2, not {first!r}", code="bad_samples",
                          values=(first,))
    discards = [d for n in sizes for d in combinations(cards, n)]
    masks = [cards_mask(d) for d in discards]
    sim = Simulation(dealt, role, ELDER_SHARE - left, seed)
    figures = sim.rank([dealt & ~m for m in masks], [len(d) for d in discards], first)
    exact = _Exact(dealt)
    out = []
    for i in sorted(range(len(discards)), key=lambda i: (-figures[i][0], i)):
        d, m = discards[i], masks[i]
        kept_mask = dealt & ~m
        ch = exact.chances(kept_mask, len(d))
        risks, reasons = _facts(dealt, kept_mask, len(d), ch.carte_blanche)
        exp, err, ns, won = figures[i]
        out.append(DiscardAdvice(
            discard=d, kept=tuple(c for c in cards if not c.bit & m), expected=exp, error=err,
            samples=ns, point_won=won, chances=ch, risks=risks, reasons=reasons))
    return tuple(out)

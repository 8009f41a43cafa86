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
  :class:`Reason` (what it keeps and draws to). Sentences are the text layer's
  (``words.advisor``).

For one discard a learner picks, :func:`point_chances` (the point by length and pips) and
:func:`set_chances` (each set rank's count) are exact too. Importing this module is light:
numpy is imported by the first ranking (``academy.advisor_exact``, ``academy.advisor_sim``).
Speed (``bench/bench_advisor.py``): a cold ranking of Elder's 1,585 discards costs about
0.21 s of one core's CPU after piquet is imported, Younger's 0.13-0.25 s (299 to 3,302
discards, nothing to four cards left), 0.1 s of it importing numpy and the academy package.
What is the same for many discards is made once: a suit's chances once a pattern it keeps,
two suits' once a pair of patterns (``academy.advisor_exact``), a sample's two suits once a
pair of patterns (``academy.advisor_sim``), the facts once a pair of suits' patterns.

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

from academy.advisor_budget import (
    DEFAULT_SAMPLES,
    LEADER_SAMPLES,
    MAX_SAMPLES,
    TARGET_ERROR,
    TOP_MEASURED,
)
from piquet.cards import (
    DECK,
    SUITS,
    Card,
    Rank,
    Suit,
    cards_mask,
    hand_of,
    parse_cards,
    sort_cards,
)
from piquet.combos import COURT_MASK, POINT_KEY, SEQ_KEY, SUIT_RUNS
from piquet.errors import PiquetError
from piquet.exchange import (
    ELDER_SHARE,
    TALON_SIZE,
    elder_may_take,
    verify_discard,
    younger_may_take,
)
from piquet.rules import Rules, get_rules

__all__ = [
    "DEFAULT_SAMPLES",
    "LEADER_SAMPLES",
    "MAX_SAMPLES",
    "POINT_LENGTHS",
    "SEQUENCE_LENGTHS",
    "TARGET_ERROR",
    "TOP_MEASURED",
    "AdviceError",
    "Chances",
    "DiscardAdvice",
    "Reason",
    "ReasonKind",
    "Risk",
    "RiskKind",
    "discard_sizes",
    "point_chances",
    "rank_discards",
    "set_chances",
]

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

    def __init__(self, counts: tuple[tuple[int, int], ...], total: int) -> None:
        self._counts = counts
        """(key, draws), keys ascending."""
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
        if isinstance(self.best_sequence, _Dist):
            return self.best_sequence.at_least(5)
        return sum((p for k, p in self.best_sequence.items() if k >= 5), Fraction(0))

    def point_at_least(self, n: int) -> Fraction:
        """P(the longest suit has at least ``n`` cards)."""
        if isinstance(self.point_length, _Dist):
            return self.point_length.at_least(n)
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
        raise AdviceError(code="bad_role",
                          values=(role,))
    if not isinstance(left, int) or isinstance(left, bool):
        raise AdviceError(code="bad_left",
                          values=(left, 0, 0 if role == "elder" else ELDER_SHARE - 1))
    if role == "elder":
        if left != 0:
            raise AdviceError(code="bad_left", values=(left, 0, 0))
        return elder_may_take(rules)
    took = elder_may_take(rules)
    lo, hi = ELDER_SHARE - (took.stop - 1), ELDER_SHARE - took.start
    if not lo <= left <= hi:
        raise AdviceError(code="bad_left",
                          values=(left, lo, hi))
    return younger_may_take(ELDER_SHARE - left, rules)


# --- exact chances ----------------------------------------------------------------------


def _dists(keys: tuple[int, ...], rows: list[list[int]], drawn: list[int], totals: list[int]
           ) -> list[_Dist]:
    """A :class:`_Dist` of ``keys`` for each row of counts (``drawn`` cards drawn), made once
    for equal rows."""
    made: dict[tuple[int, ...], _Dist] = {}
    out = []
    for n, row in zip(drawn, rows, strict=True):
        key = (n, *row)
        found = made.get(key)
        if found is None:
            found = made[key] = _Dist(tuple(zip(keys, row, strict=True)), totals[n])
        out.append(found)
    return out


def _all_chances(dealt: int, kept: list[int], drawn: list[int]
                 ) -> tuple[list[Chances], list[bool]]:
    """The exact chances of every discard (see :mod:`academy.advisor_exact`), and whether the
    hand after its draw surely has no court card."""
    import numpy as np

    from academy.advisor_exact import exact_counts

    n_ = np.array(drawn, dtype=np.int64)
    c = exact_counts(dealt, np.array(kept, dtype=np.int64), n_)
    point, seq = c["point"], c["sequence"]
    totals = [comb(20, n) for n in range(max(drawn, default=0) + 1)]
    points = _dists(POINT_LENGTHS, (point[:, 3:9] - point[:, 2:8]).tolist(), drawn, totals)
    seqs = _dists(SEQUENCE_LENGTHS, np.concatenate([seq[:, 2:3], seq[:, 3:9] - seq[:, 2:8]],
                                                    axis=1).tolist(), drawn, totals)
    fractions: dict[tuple[int, int, int, int], tuple[Fraction, Fraction, Fraction]] = {}
    out = []
    for n, p, q, *rest in zip(drawn, points, seqs, c["no_quatorze"].tolist(),
                              c["no_trio"].tolist(), c["blanche"].tolist(), strict=True):
        key = (n, *rest)
        f = fractions.get(key)
        if f is None:
            t = totals[n]
            f = fractions[key] = (Fraction(t - rest[0], t), Fraction(t - rest[1], t),
                                  Fraction(rest[2], t))
        out.append(Chances(totals[n], p, q, *f))
    return out, [b == totals[n] for n, b in zip(drawn, c["blanche"].tolist(), strict=True)]


# --- risks and reasons -------------------------------------------------------------------


def _suit_cards(mask: int, s: int) -> tuple[Card, ...]:
    return tuple(DECK[8 * s + r] for r in range(7, -1, -1) if mask >> (8 * s + r) & 1)


def _cards(mask: int) -> tuple[Card, ...]:
    return sort_cards(DECK[i] for i in range(32) if mask >> i & 1)


def _unguarded(p: int) -> int:
    """The king and queen of a suit pattern with fewer cards below them than higher cards
    they lack (a king alone, a queen with fewer than two)."""
    out = 0
    for r in (Rank.KING, Rank.QUEEN):
        if p >> r & 1:
            lacking = sum(1 for h in range(r + 1, 8) if not p >> h & 1)
            if (p & ((1 << r) - 1)).bit_count() < lacking:
                out |= 1 << r
    return out


def _runs(p: int) -> list[int]:
    """The maximal runs of three or more of a suit pattern, best first, as patterns."""
    return [((1 << n) - 1) << (top - n + 1) for n, top in SUIT_RUNS[p]]


def _set_masks(mask: int) -> list[int]:
    """The cards of every trio and quatorze (tens and higher), quatorzes first, high first."""
    out = [mask & (0x01010101 << r) for r in (7, 6, 5, 4, 3)]
    return sorted((m for m in out if m.bit_count() >= 3), key=lambda m: -m.bit_count())


_ACES: Final = 0x80808080


_Pair = tuple[tuple[Risk, ...], tuple[Risk, ...], int, Reason, tuple[Reason, ...],
              tuple[Reason, ...], tuple[Reason, ...]]
"""Two suits' (unguards, broken sequences, best point key, its reason, sequences kept, draws
to, suits thrown)."""


class _Facts:
    """The risks and reasons of the discards of one hand; what is decided suit by suit is
    cached per suit and pattern kept."""

    def __init__(self, dealt: int) -> None:
        self.dealt = dealt
        self.held = [dealt >> 8 * s & 255 for s in range(4)]
        self.dealt_sets = _set_masks(dealt)
        self.sets_union = sum(self.dealt_sets)
        self.thrown_mask = dealt & (self.sets_union | _ACES)
        """The cards whose throwing is a risk of :meth:`_thrown_risks`."""
        self.blanche = not dealt & COURT_MASK
        self._suit: dict[tuple[int, int], tuple[tuple[Risk, ...], tuple[Risk, ...],
                                                Reason, tuple[Reason, ...],
                                                tuple[Reason, ...], tuple[Reason, ...]]] = {}
        self._thrown: dict[int, tuple[Risk, ...]] = {}
        self._kept_sets: dict[int, tuple[Reason, ...]] = {}
        self._pairs: tuple[dict[int, _Pair], dict[int, _Pair]] = ({}, {})

    def _of_suit(self, s: int, p: int) -> tuple[tuple[Risk, ...], tuple[Risk, ...], Reason,
                                                tuple[Reason, ...], tuple[Reason, ...],
                                                tuple[Reason, ...]]:
        key = (s, p)
        found = self._suit.get(key)
        if found is None:
            h = self.held[s]
            base = 8 * s
            newly = _unguarded(p) & ~_unguarded(h)
            unguards = tuple(Risk(RiskKind.UNGUARDS, (DECK[base + r],))
                             for r in range(8) if newly >> r & 1)
            breaks = tuple(Risk(RiskKind.BREAKS_SEQUENCE, _suit_cards((run & ~p) << base, s))
                           for run in _runs(h) if run & ~p)
            point = Reason(ReasonKind.KEEPS_POINT_SUIT, _suit_cards(p << base, s), SUITS[s])
            seqs = tuple(Reason(ReasonKind.KEEPS_SEQUENCE, _suit_cards(run << base, s),
                                SUITS[s]) for run in _runs(p))
            unseen = 255 & ~h
            now = SEQ_KEY[p] >> 3
            reach = max((SEQ_KEY[p | 1 << r] >> 3 for r in range(8) if unseen >> r & 1),
                        default=0)
            draws = ((Reason(ReasonKind.DRAWS_TO, _suit_cards(p << base, s), SUITS[s]),)
                     if reach >= 4 and reach > now else ())
            throws = ((Reason(ReasonKind.THROWS_SUIT, _suit_cards(h << base, s), SUITS[s]),)
                      if h and not p else ())
            found = (unguards, breaks, point, seqs, draws, throws)
            self._suit[key] = found
        return found

    def _thrown_risks(self, thrown: int) -> tuple[Risk, ...]:
        key = thrown & self.thrown_mask
        found = self._thrown.get(key)
        if found is None:
            risks = [Risk(RiskKind.BREAKS_SET, _cards(m & thrown))
                     for m in self.dealt_sets if m & thrown]
            if thrown & _ACES:
                risks.append(Risk(RiskKind.THROWS_ACE, _cards(thrown & _ACES)))
            found = self._thrown[key] = tuple(risks)
        return found

    def _sets_kept(self, kept: int) -> tuple[Reason, ...]:
        key = kept & self.sets_union   # only ranks with three or more dealt make a set kept
        found = self._kept_sets.get(key)
        if found is None:
            found = tuple(Reason(ReasonKind.KEEPS_SET, _cards(m)) for m in _set_masks(key))
            self._kept_sets[key] = found
        return found

    def _of_pair(self, h: int, q: int) -> _Pair:
        """Suits ``2h`` and ``2h + 1`` keeping the patterns of ``q`` (16 bits): their risks
        and reasons side by side, and the better point of the two (the first on a tie)."""
        found = self._pairs[h].get(q)
        if found is None:
            pa, pb = q & 255, q >> 8
            a, b = self._of_suit(2 * h, pa), self._of_suit(2 * h + 1, pb)
            ka, kb = POINT_KEY[pa], POINT_KEY[pb]
            found = (a[0] + b[0], a[1] + b[1], max(ka, kb), a[2] if ka >= kb else b[2],
                     a[3] + b[3], a[4] + b[4], a[5] + b[5])
            self._pairs[h][q] = found
        return found

    def facts(self, kept: int, n: int, blanche_sure: bool
              ) -> tuple[tuple[Risk, ...], tuple[Reason, ...]]:
        """(risks, reasons) of keeping ``kept`` and drawing ``n``; ``blanche_sure``: the hand
        after the draw surely has no court card."""
        q0, q1 = kept & 0xFFFF, kept >> 16
        a = self._pairs[0].get(q0) or self._of_pair(0, q0)
        b = self._pairs[1].get(q1) or self._of_pair(1, q1)
        thrown = self._thrown.get(~kept & self.thrown_mask)
        if thrown is None:
            thrown = self._thrown_risks(self.dealt & ~kept)
        if self.blanche and not blanche_sure:
            broken = tuple(r for r in thrown if r.kind is RiskKind.BREAKS_SET)
            thrown = (*broken, Risk(RiskKind.LOSES_BLANCHE, ()), *thrown[len(broken):])
        sets = self._kept_sets.get(kept & self.sets_union)
        if sets is None:
            sets = self._sets_kept(kept)
        best = a[3] if a[2] >= b[2] else b[3]
        return (a[0] + b[0] + a[1] + b[1] + thrown,
                (best,) + a[4] + b[4] + sets + ((a[5] + b[5]) if n else ()) + a[6] + b[6])


# --- the ranking --------------------------------------------------------------------------


def rank_discards(hand: str | Iterable[str | Card], *, role: str = "elder", left: int = 0,
                  rules: str | Rules = "britannica", samples: int | None = None,
                  seed: int = 0) -> tuple[DiscardAdvice, ...]:
    """Every legal discard of ``hand`` (12 cards), best first by ``expected`` (ties in the
    order the discards are listed: fewer cards first, then as ``itertools.combinations``
    takes them from the sorted hand).

    ``role``: ``"elder"`` or ``"younger"``; ``left``: how many cards Elder left (0 for
    Elder; 0 to 4 for Younger); ``samples``: opponent samples of the first pass over every
    discard (the first ten are then measured on more, to an error of at most
    :data:`TARGET_ERROR`); ``seed``: the same seed gives the same answer. A bad role or
    ``left`` raises :class:`AdviceError`; a bad hand piquet's ``HandError``/``CardError``;
    an unknown preset ``RulesError``.
    """
    from academy.advisor_sim import Simulation, best_first

    rules_ = get_rules(rules)
    sizes = discard_sizes(role, left, rules_)
    cards = sort_cards(hand_of(hand, 12, who=role.capitalize()))
    dealt = cards_mask(cards)
    first = DEFAULT_SAMPLES if samples is None else samples
    if not isinstance(first, int) or isinstance(first, bool) or not 2 <= first <= MAX_SAMPLES:
        raise AdviceError(code="bad_samples", values=(first, 2, MAX_SAMPLES))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise AdviceError(code="bad_seed",
                          values=(seed,))
    discards = [d for n in sizes for d in combinations(cards, n)]
    kept = [dealt & ~cards_mask(d) for d in discards]
    drawn = [len(d) for d in discards]
    figures = Simulation(dealt, role, ELDER_SHARE - left, seed).rank(kept, drawn, first)
    chances, blanche = _all_chances(dealt, kept, drawn)
    facts = _Facts(dealt).facts
    lo, hi = _in_order(cards[:6]), _in_order(cards[6:])
    low = cards_mask(cards[:6])
    out = []
    for i in best_first([f[0] for f in figures]):
        k, ch = kept[i], chances[i]
        exp, err, ns, won = figures[i]
        out.append(DiscardAdvice(discards[i], lo[k & low] + hi[k & ~low], exp, err, ns, won,
                                 ch, *facts(k, drawn[i], blanche[i])))
    return tuple(out)


def _in_order(cards: tuple[Card, ...]) -> dict[int, tuple[Card, ...]]:
    """Every subset of ``cards`` by its mask, in the order of ``cards``."""
    out: dict[int, tuple[Card, ...]] = {0: ()}
    for c in cards:
        out.update([(m | c.bit, (*t, c)) for m, t in out.items()])
    return out


# --- one discard's details, on demand ---------------------------------------------------


def _one_discard(hand: str | Iterable[str | Card], discard: str | Iterable[str | Card]
                 ) -> tuple[int, int, int]:
    """(the hand's mask, the mask kept, how many cards are drawn), checked: 12 distinct
    cards, a discard of 0 to 7 of them (Younger may take seven when Elder left four)."""
    cards = hand_of(hand, 12, who="Hand")
    thrown = parse_cards(discard)
    dealt = cards_mask(cards)
    verify_discard(dealt, thrown, range(0, TALON_SIZE), "player")
    return dealt, dealt & ~cards_mask(thrown), len(thrown)


def point_chances(hand: str | Iterable[str | Card], discard: str | Iterable[str | Card]
                  ) -> Mapping[tuple[int, int], Fraction]:
    """The exact chances of the point after a discard, by its length and pips: ``(length,
    pips) -> P`` over every draw (keys ascending, only those that can happen). A bad hand
    raises piquet's ``HandError``/``CardError``, a discard it does not hold ``ExchangeError``.

    >>> p = point_chances("AS KS QS JS 9S AH KH QH 10D 10C AC AD", "KH QH 10D 10C")
    >>> p[(5, 50)], sum(p.values()), max(p)
    (Fraction(28, 57), Fraction(1, 1), (8, 75))
    """
    dealt, kept, n = _one_discard(hand, discard)
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for s in range(4):
        k = kept >> 8 * s & 255
        unseen = [1 << r for r in range(8) if not dealt >> (8 * s + r) & 1]
        here: dict[tuple[int, int], int] = {}
        for j in range(min(n, len(unseen)) + 1):
            for d in combinations(unseen, j):
                got = (j, POINT_KEY[k | sum(d)])
                here[got] = here.get(got, 0) + 1
        nxt: dict[tuple[int, int], int] = {}
        for (a, best), c in states.items():
            for (j, pk), c2 in here.items():
                if a + j <= n:
                    state = (a + j, max(best, pk))
                    nxt[state] = nxt.get(state, 0) + c * c2
        states = nxt
    total = comb(20, n)
    return dict(sorted(((key >> 7, key & 127), Fraction(c, total))
                       for (a, key), c in states.items() if a == n))


def set_chances(hand: str | Iterable[str | Card], discard: str | Iterable[str | Card]
                ) -> Mapping[Rank, Mapping[int, Fraction]]:
    """The exact chances of each set rank's count after a discard: ``rank -> {count: P}``
    for tens to aces (count 0 to 4; 3 a trio, 4 a quatorze), over every draw. Errors as
    :func:`point_chances`.

    >>> s = set_chances("AS KS QS JS 9S AH KH QH 10D 10C AC AD", "KH QH 10D 10C")
    >>> s[Rank.ACE][4], s[Rank.KING][3], s[Rank.TEN][3]
    (Fraction(1, 1), Fraction(3, 95), Fraction(0, 1))
    """
    dealt, kept, n = _one_discard(hand, discard)
    total = comb(20, n)
    out: dict[Rank, Mapping[int, Fraction]] = {}
    for rank in reversed(Rank):
        if rank < Rank.TEN:
            continue
        ranks = 0x01010101 << rank
        held = (kept & ranks).bit_count()
        unseen = 4 - (dealt & ranks).bit_count()
        # c - held of the rank's unseen cards drawn, the rest of the draw from the others
        out[rank] = {c: Fraction(comb(unseen, c - held) * comb(20 - unseen, n - c + held)
                                 if 0 <= c - held <= min(unseen, n) else 0, total)
                     for c in range(5)}
    return out

"""The partie: six deals, the cut for deal, and the rubicon settlement (RULES.md section 8).

>>> s = settle_partie(125, 81)
>>> s.winner, s.points, s.rubiconed
('A', 306, True)
>>> settle_partie(120, 100).points, settle_partie(120, 99).points, settle_partie(51, 49).points
(120, 319, 200)
>>> settle_partie(100, 100).winner is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from piquet.cards import DECK, Card
from piquet.errors import PiquetError
from piquet.rules import Rules, get_rules

PlayerName = Literal["A", "B"]
RUBICON: Final = 100
DEALS: Final = 6
EXTRA_DEALS: Final = 2


class PartieError(PiquetError):
    """A partie's input the rules do not allow: ``bad_total`` (the player, A or B, and the
    total given) or ``partie_over`` (the deals it had)."""

    default_code = "partie"


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a partie: ``winner`` ("A", "B" or None when drawn) and what he scores."""

    total_a: int
    total_b: int
    winner: PlayerName | None
    points: int
    rubiconed: bool

    @property
    def loser(self) -> PlayerName | None:
        """The other player ("A" or "B"), None when drawn."""
        if self.winner is None:
            return None
        return "B" if self.winner == "A" else "A"

    @property
    def winner_total(self) -> int:
        """The higher of the two totals."""
        return max(self.total_a, self.total_b)

    @property
    def loser_total(self) -> int:
        """The lower of the two totals (under :data:`RUBICON`: rubiconed).

        >>> s = settle_partie(81, 125)
        >>> s.loser, s.loser_total, s.winner_total
        ('A', 81, 125)
        """
        return min(self.total_a, self.total_b)


def settle_partie(total_a: int, total_b: int) -> Settlement:
    """Settle a partie's final totals.

    The loser with 100 or more: the winner scores 100 + the difference. The loser under 100
    is rubiconed: the winner scores 100 + both totals, even if he too is under 100.
    """
    for name, t in (("A", total_a), ("B", total_b)):
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise PartieError(code="bad_total", values=(name, t))
    if total_a == total_b:
        return Settlement(total_a, total_b, None, 0, False)
    winner: PlayerName = "A" if total_a > total_b else "B"
    w, lo = max(total_a, total_b), min(total_a, total_b)
    if lo < RUBICON:
        return Settlement(total_a, total_b, winner, RUBICON + w + lo, True)
    return Settlement(total_a, total_b, winner, RUBICON + w - lo, False)


@dataclass(frozen=True, slots=True)
class Cut:
    """One cut for deal: the cards each player cut (equal ranks cut again)."""

    a: Card
    b: Card

    @property
    def higher(self) -> PlayerName | None:
        if self.a.rank == self.b.rank:
            return None
        return "A" if self.a.rank > self.b.rank else "B"


def cut_for_deal(rng: random.Random, rules: Rules) -> tuple[tuple[Cut, ...], PlayerName]:
    """Cut until the ranks differ. Britannica: the higher cut deals. Cavendish: the higher
    cut chooses, and is advised to deal (the first dealer is Elder in the sixth deal)."""
    cuts: list[Cut] = []
    while True:
        a, b = rng.sample(DECK, 2)
        cut = Cut(a, b)
        cuts.append(cut)
        if cut.higher is not None:
            return tuple(cuts), cut.higher


@dataclass(frozen=True)
class Partie:
    """A partie in progress: who dealt first and each finished deal's (A, B) scores.

    >>> p = Partie("A")
    >>> p.next_dealer, p.deals_to_play
    ('A', 6)
    >>> p = p.add(30, 12).add(5, 40)
    >>> p.totals, p.next_dealer
    ((35, 52), 'A')
    """

    first_dealer: PlayerName
    scores: tuple[tuple[int, int], ...] = ()
    rules_name: str = "britannica"
    cuts: tuple[Cut, ...] = field(default=())

    @property
    def rules(self) -> Rules:
        return get_rules(self.rules_name)

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(a for a, _ in self.scores), sum(b for _, b in self.scores))

    @property
    def deals_to_play(self) -> int:
        """6, or 8 when the totals are equal after six."""
        if len(self.scores) >= DEALS and self.totals_after(DEALS)[0] == self.totals_after(DEALS)[1]:
            return DEALS + EXTRA_DEALS
        return DEALS

    def totals_after(self, n: int) -> tuple[int, int]:
        s = self.scores[:n]
        return (sum(a for a, _ in s), sum(b for _, b in s))

    @property
    def finished(self) -> bool:
        return len(self.scores) >= self.deals_to_play

    @property
    def next_dealer(self) -> PlayerName:
        """The deal alternates, so the first dealer deals the odd deals (and the seventh)."""
        second: PlayerName = "B" if self.first_dealer == "A" else "A"
        return self.first_dealer if len(self.scores) % 2 == 0 else second

    def add(self, score_a: int, score_b: int) -> Partie:
        if self.finished:
            raise PartieError(code="partie_over", values=(self.deals_to_play,))
        return Partie(self.first_dealer, (*self.scores, (score_a, score_b)), self.rules_name,
                      self.cuts)

    @property
    def settlement(self) -> Settlement | None:
        return settle_partie(*self.totals) if self.finished else None


def running_totals(scores: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Running (A, B) totals after each deal."""
    a = b = 0
    out = []
    for x, y in scores:
        a += x
        b += y
        out.append((a, b))
    return out

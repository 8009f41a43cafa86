"""Trick play: following suit, the trick's winner, and the points of play.

- The second player must follow suit if he can; there is no obligation to win; no trumps.
- 1 to the leader for each card led (win or lose); 1 to the second player when he wins
  the trick; under ``cavendish`` 1 more to the winner of the twelfth trick ("for last").
- Winning 7 to 11 tricks scores the cards (10); all twelve, capot (40) instead.

>>> from piquet.cards import parse_cards
>>> legal_cards(parse_cards("AS 7S KH 9D"), Card.of("10S"))
(Card('AS'), Card('7S'))
>>> trick_winner(Card.of("10S"), Card.of("AS")), trick_winner(Card.of("10S"), Card.of("AH"))
(1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from piquet.cards import DECK, Card
from piquet.errors import PiquetError
from piquet.reckon import CAPOT_BONUS, CARDS_BONUS, ROLES, PlayPoint, Role
from piquet.rules import Rules

SUIT_MASKS: Final = tuple(0xFF << (8 * s) for s in range(4))
_CAPTURES: Final = bytes(1 if a >> 3 == b >> 3 and b > a else 0
                         for a in range(32) for b in range(32))
"""``_CAPTURES[led.index << 5 | second.index]``: does the second card capture the lead?"""


class PlayError(PiquetError):
    """A card that may not be played: not held, a revoke, out of turn."""

    default_code = "play"


def legal_cards(hand: Sequence[Card], led: Card | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played: any to lead; to a lead, the suit led if held."""
    if led is None:
        return tuple(hand)
    same = tuple(c for c in hand if c.suit is led.suit)
    return same or tuple(hand)


def trick_winner(led: Card, second: Card) -> int:
    """0 when the leader wins, 1 when the second player captures the lead."""
    return 1 if second.suit is led.suit and second.rank > led.rank else 0


def verify_play(hand_mask: int, card: Card, led: Card | None, who: str,
                trick: int | None = None) -> None:
    """Raise :class:`PlayError` if ``card`` may not be played: ``card_not_held`` (values:
    ``who``, the card, ``trick``) or ``revoke`` (``who``, the card, the card led, ``trick``);
    ``who`` and ``trick`` name the player and the trick."""
    if not hand_mask & card.bit:
        raise PlayError(code="card_not_held", values=(who, card, trick))
    if led is not None and card.suit is not led.suit and hand_mask & SUIT_MASKS[led.suit.index]:
        raise PlayError(code="revoke", values=(who, card, led, trick))


class TrickOutcome(Enum):
    """How a trick went (the text layer says it: ``words.play.trick_text``)."""

    CAPTURED = "captured"
    """The second player followed suit higher and took the trick."""
    DID_NOT_FOLLOW = "did_not_follow"
    """The second player had none of the suit led: the leader wins."""
    FOLLOWED_LOWER = "followed_lower"
    """The second player followed suit lower: the leader wins."""


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick played: ``number`` 1..12, who led, the two cards, who won."""

    number: int
    leader: Role
    led: Card
    second: Card
    winner: Role

    @property
    def follower(self) -> Role:
        """The second player to the trick."""
        return ROLES[1 - ROLES.index(self.leader)]

    @property
    def outcome(self) -> TrickOutcome:
        """Captured, or won by the leader (and why).

        >>> Trick(1, "elder", Card.of("KS"), Card.of("7H"), "elder").outcome.name
        'DID_NOT_FOLLOW'
        """
        if self.winner != self.leader:
            return TrickOutcome.CAPTURED
        if self.second.suit is not self.led.suit:
            return TrickOutcome.DID_NOT_FOLLOW
        return TrickOutcome.FOLLOWED_LOWER


class PlayResult:
    """Tricks played, the play points in time order, and the cards/capot when all 12 are done.

    Kept compact (card indices; the scorer of each play point as 0/1); the :class:`Trick`
    and :class:`PlayPoint` records are built on demand.
    """

    __slots__ = ("_raw", "capot", "cards", "last", "scorers")

    def __init__(self, raw: list[tuple[int, int, int, int]], scorers: list[int], last: bool,
                 cards: tuple[int, int], capot: tuple[int, int]) -> None:
        self._raw = raw  # (leader 0/1, card led index, second card index, winner 0/1)
        self.scorers = scorers
        """Who scored each play point (0 Elder, 1 Younger), in time order."""
        self.last = last
        self.cards = cards
        self.capot = capot

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(Trick(n, ROLES[lead], DECK[a], DECK[b], ROLES[win])
                     for n, (lead, a, b, win) in enumerate(self._raw, 1))

    @property
    def points(self) -> tuple[PlayPoint, ...]:
        out = []
        for n, (lead, _, _, win) in enumerate(self._raw, 1):
            out.append(PlayPoint(ROLES[lead], "lead", n))
            if win != lead:
                out.append(PlayPoint(ROLES[win], "capture", n))
        if self.last:
            out.append(PlayPoint(ROLES[self._raw[-1][3]], "last", 12))
        return tuple(out)

    def tricks_won(self, player: Role) -> int:
        who = ROLES.index(player)
        return sum(1 for t in self._raw if t[3] == who)


def play_tricks(
    elder_mask: int, younger_mask: int, tricks: Sequence[tuple[Card, Card]], rules: Rules
) -> PlayResult:
    """Play out ``tricks`` (leader's card first) from hands after the exchange, checking each
    card; return the tricks, play points and end bonuses."""
    return play_indices(elder_mask, younger_mask, [(a.index, b.index) for a, b in tricks],
                        rules)


def play_indices(
    elder_mask: int, younger_mask: int, tricks: Sequence[tuple[int, int]], rules: Rules
) -> PlayResult:
    """:func:`play_tricks` on card indices (``Card.index``), the engine's quick lane."""
    if len(tricks) > 12:
        raise PlayError(code="too_many_tricks", values=(len(tricks),))
    masks = [elder_mask, younger_mask]
    leader = 0
    raw: list[tuple[int, int, int, int]] = []
    scorers: list[int] = []
    won = [0, 0]
    captures = _CAPTURES
    for li, si in tricks:
        follower = leader ^ 1
        lm = masks[leader]
        fm = masks[follower]
        lb = 1 << li
        sb = 1 << si
        suit = SUIT_MASKS[li >> 3]
        if not lm & lb or not fm & sb or (fm & suit and not sb & suit):
            n = len(raw) + 1
            verify_play(lm, DECK[li], None, ROLES[leader].capitalize(), n)
            verify_play(fm, DECK[si], DECK[li], ROLES[follower].capitalize(), n)
        masks[leader] = lm ^ lb
        masks[follower] = fm ^ sb
        scorers.append(leader)
        if captures[li << 5 | si]:
            scorers.append(follower)
            leader = follower
        won[leader] += 1
        raw.append((follower ^ 1, li, si, leader))
    cards = (0, 0)
    capot = (0, 0)
    last = False
    if len(tricks) == 12:
        if rules.last_trick_point:
            scorers.append(leader)
            last = True
        if won[0] == 12 or won[1] == 12:
            capot = (CAPOT_BONUS, 0) if won[0] == 12 else (0, CAPOT_BONUS)
        elif won[0] != won[1]:
            cards = (CARDS_BONUS, 0) if won[0] > won[1] else (0, CARDS_BONUS)
    return PlayResult(raw, scorers, last, cards, capot)

"""The exchange (RULES.md section 4).

Elder discards 1 to 5 cards and draws as many from the top of the talon; he may look at the
cards he was entitled to but left. Younger then discards and draws up to all that remain
(at least one under ``cavendish``); Elder's leftovers come first.

>>> from piquet.rules import BRITANNICA, CAVENDISH
>>> elder_may_take(BRITANNICA), younger_may_take(3, BRITANNICA), younger_may_take(5, CAVENDISH)
(range(1, 6), range(0, 6), range(1, 4))
"""

from __future__ import annotations

from collections.abc import Sequence

from piquet.cards import Card
from piquet.errors import PiquetError
from piquet.rules import Rules

TALON_SIZE = 8
ELDER_SHARE = 5


class ExchangeError(PiquetError):
    """A discard that is not allowed."""

    default_code = "exchange"


def elder_may_take(rules: Rules) -> range:
    """How many cards Elder may exchange: 1 to 5 under both presets."""
    return range(1, ELDER_SHARE + 1)


def younger_may_take(elder_took: int, rules: Rules) -> range:
    """How many cards Younger may exchange, given what Elder took."""
    return range(1 if rules.younger_must_exchange else 0, TALON_SIZE - elder_took + 1)


def verify_discard(hand_mask: int, discard: Sequence[Card], allowed: range, who: str) -> None:
    """Raise :class:`ExchangeError` unless the discard is allowed: ``discard_not_held`` or
    ``discard_twice`` (values: ``who`` and the card), or ``discard_count`` (values: ``who``,
    how many, the fewest and the most allowed). ``who`` names the player (a role, or a label
    such as ``"Elder"``).

    >>> from piquet.cards import parse_cards
    >>> try:
    ...     verify_discard(0, parse_cards("AS"), range(1, 6), "elder")
    ... except ExchangeError as e:
    ...     e.code, e.values
    ('discard_not_held', ('elder', Card('AS')))
    """
    seen = 0
    for c in discard:
        if not hand_mask & c.bit:
            raise ExchangeError(code="discard_not_held", values=(who, c))
        if seen & c.bit:
            raise ExchangeError(code="discard_twice", values=(who, c))
        seen |= c.bit
    n = len(discard)
    if n not in allowed:
        lo, hi = allowed.start, allowed.stop - 1
        raise ExchangeError(code="discard_count", values=(who, n, lo, hi))


def exchanged(hand: Sequence[Card], discard: Sequence[Card], drawn: Sequence[Card]
              ) -> tuple[Card, ...]:
    """The hand after discarding and drawing (drawn cards at the end)."""
    gone = 0
    for c in discard:
        gone |= c.bit
    return tuple(c for c in hand if not c.bit & gone) + tuple(drawn)


def most_drawn(role: str, rules: Rules, elder_took: int | None = None) -> int:
    """The most cards a player can have drawn: Elder 5; Younger what Elder left (all but
    Elder's one card at least, when it is not known how many Elder took).

    >>> from piquet.rules import BRITANNICA
    >>> most_drawn("elder", BRITANNICA), most_drawn("younger", BRITANNICA)
    (5, 7)
    >>> most_drawn("younger", BRITANNICA, elder_took=5)
    3
    """
    if role == "elder":
        return elder_may_take(rules).stop - 1
    took = elder_may_take(rules).start if elder_took is None else elder_took
    return younger_may_take(took, rules).stop - 1


def courts_held(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The court cards (kings, queens, jacks) of a hand: the cards carte blanche lacks."""
    return tuple(c for c in hand if c.rank.is_court)


def could_have_been_blanche(hand_after: Sequence[Card], drawn_at_most: int) -> bool:
    """Whether a hand after the exchange can have been dealt carte blanche: every court
    card in it must have been drawn.

    >>> from piquet.cards import parse_cards
    >>> could_have_been_blanche(parse_cards("KS QS JS KH QH JH AS 10S 9S AH 10H 9H"), 5)
    False
    """
    return len(courts_held(hand_after)) <= drawn_at_most

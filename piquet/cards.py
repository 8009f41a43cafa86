"""Cards and notation: the 32-card piquet pack.

A card is rank then suit: ``AS``, ``10H`` (ten also ``T``), ``7C``. Suits may also be
written as symbols (``♠ ♥ ♦ ♣``, optionally followed by a variation selector) and in
lower case.

>>> parse_cards("AS 10H TD kh 7♣ A♥")
(Card('AS'), Card('10H'), Card('10D'), Card('KH'), Card('7C'), Card('AH'))
>>> str(Card.of("td"))
'10D'

Every card is one of the 32 objects in :data:`DECK`; each has a bit in a 32-bit mask
(suit-major, eight bits a suit, the seven lowest), which the combination tables use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Final

from piquet.errors import PiquetError


class CardError(PiquetError):
    """A token that is not a card of the piquet pack (``card``; ``values``: the token)."""

    default_code = "card"


class HandError(PiquetError):
    """A hand that cannot be: a card twice, or the wrong number of cards."""

    default_code = "hand"


class Rank(IntEnum):
    """Card ranks, ace high. The value is the rank's order (7 lowest)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def symbol(self) -> str:
        """``A K Q J 10 9 8 7``."""
        return _RANK_SYMBOLS[self]

    @property
    def pips(self) -> int:
        """Pip value for the point: A 11, K Q J 10, others their face value."""
        return _RANK_PIPS[self]

    @property
    def noun(self) -> str:
        """``ace``, ``king``, ... ``seven``: the rank's English name, for developers (people
        read ``words.cards.rank_name``)."""
        return _RANK_NOUNS[self]

    @property
    def is_court(self) -> bool:
        """King, queen or jack: the cards that spoil carte blanche."""
        return self in (Rank.KING, Rank.QUEEN, Rank.JACK)


_RANK_SYMBOLS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_PIPS: Final = (7, 8, 9, 10, 10, 10, 10, 11)
_RANK_NOUNS: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


class Suit(Enum):
    """The four suits, in display order spades, hearts, diamonds, clubs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol in text style (``♠``, ``♥``, ``♦``, ``♣``)."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def noun(self) -> str:
        """``spades``...: the suit's English name, for developers (people read
        ``words.cards.suit_name``)."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_INDEX: Final = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS_HIGH_FIRST: Final = tuple(reversed(Rank))


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the piquet pack. Immutable and hashable; ``str`` is the canonical form.

    >>> Card(Rank.QUEEN, Suit.HEARTS)
    Card('QH')
    >>> Card.of("QH").pretty
    'Q♥'
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, compare=False, repr=False)
    bit: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = self.suit.index * 8 + int(self.rank)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @staticmethod
    def of(token: str) -> Card:
        """The card a single token names (any accepted notation)."""
        return parse_card(token)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """``Q♥``: rank and suit symbol."""
        return self.rank.symbol + self.suit.symbol


DECK: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in SUITS for r in Rank)
"""All 32 cards, indexed by :attr:`Card.index` (spades 7..A, hearts, diamonds, clubs)."""

FULL_MASK: Final = (1 << 32) - 1

_SUIT_TOKENS: Final = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_RANK_TOKENS: Final = {
    "A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK,
    "10": Rank.TEN, "T": Rank.TEN, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
}
_BY_TOKEN: dict[str, Card] = {}
for _rt, _rank in _RANK_TOKENS.items():
    for _st, _suit in _SUIT_TOKENS.items():
        _card = DECK[_SUIT_INDEX[_suit] * 8 + int(_rank)]
        _variants = ("",) if _st.isascii() else ("", "\ufe0e", "\ufe0f")
        for _r in {_rt, _rt.lower()}:
            for _s in {_st, _st.lower()}:
                for _v in _variants:
                    _BY_TOKEN[_r + _s + _v] = _card
_SEPARATORS: Final = re.compile(r"[\s,]+")


def parse_card(token: str) -> Card:
    """Parse one card token.

    >>> parse_card("10h")
    Card('10H')
    >>> parse_card("QQ")
    Traceback (most recent call last):
    ...
    piquet.cards.CardError: card: 'QQ'
    """
    card = _BY_TOKEN.get(token)
    if card is None:
        card = _BY_TOKEN.get(token.strip())
    if card is None:
        raise CardError(values=(token,))
    return card


class CardHint(Enum):
    """Why a token that is not a card looks like one."""

    RANK_ONLY = "rank_only"
    """A rank, or one character: a card is a rank then a suit."""
    BELOW_SEVEN = "below_seven"
    """A card below the seven (6S): the piquet pack has none."""


def card_hint(token: str) -> CardHint | None:
    """What a token that is not a card most likely meant (``None``: no hint).

    >>> card_hint("Q"), card_hint("5H"), card_hint("QQ")
    (<CardHint.RANK_ONLY: 'rank_only'>, <CardHint.BELOW_SEVEN: 'below_seven'>, None)
    """
    t = token.strip().upper()
    if t in _RANK_TOKENS or len(t) == 1:
        return CardHint.RANK_ONLY
    if len(t) >= 2 and t[:-1] in ("6", "5", "4", "3", "2") and t[-1] in "SHDC♠♥♦♣":
        return CardHint.BELOW_SEVEN
    return None


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas (or an iterable of tokens or cards).

    >>> parse_cards("AS, KS,10h")
    (Card('AS'), Card('KS'), Card('10H'))
    >>> parse_cards("")
    ()
    >>> parse_cards(["7♠\ufe0f", "T♦"])
    (Card('7S'), Card('10D'))
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = [t for t in _SEPARATORS.split(text) if t]
    else:
        tokens = text
    out: list[Card] = []
    for tok in tokens:
        if isinstance(tok, Card):
            out.append(tok)
        elif isinstance(tok, str):
            out.append(parse_card(tok))
        else:
            raise CardError(values=(tok,))
    return tuple(out)


def cards_mask(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of distinct cards."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in display order (suits S H D C, high cards first).

    >>> mask_cards(Card.of("7S").bit | Card.of("AS").bit | Card.of("KH").bit)
    (Card('AS'), Card('7S'), Card('KH'))
    """
    return tuple(_DISPLAY_ORDER_CARDS[i] for i in _display_indices(mask))


_DISPLAY_ORDER: Final = tuple(s * 8 + r for s in range(4) for r in range(7, -1, -1))
_DISPLAY_ORDER_CARDS: Final = DECK


def _display_indices(mask: int) -> list[int]:
    return [i for i in _DISPLAY_ORDER if mask >> i & 1]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in display order: suits S H D C, high cards first."""
    return tuple(sorted(cards, key=lambda c: (c.suit.index, -int(c.rank))))


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Canonical text of cards; ``format_cards(cards, ",")`` is the URL form.

    >>> format_cards(parse_cards("as ks th"), ",")
    'AS,KS,10H'
    """
    return sep.join(str(c) for c in cards)


def hand_of(
    cards: str | Iterable[str | Card], size: int | None = 12, *, who: str = "Hand"
) -> tuple[Card, ...]:
    """Parse a hand and check it: no card twice and, if ``size`` is given, that many cards.

    ``who`` names the holder in a :class:`HandError` (its first value).

    >>> hand_of("AS KS", size=2)
    (Card('AS'), Card('KS'))
    >>> hand_of("AS AS", size=2, who="Elder")
    Traceback (most recent call last):
    ...
    piquet.cards.HandError: card_twice: 'Elder', Card('AS')
    >>> hand_of("AS KS", who="Elder")
    Traceback (most recent call last):
    ...
    piquet.cards.HandError: card_count: 'Elder', 2, 12
    """
    hand = parse_cards(cards)
    m = 0
    for c in hand:
        if m & c.bit:
            raise HandError(code="card_twice", values=(who, c))
        m |= c.bit
    if size is not None and len(hand) != size:
        raise HandError(code="card_count", values=(who, len(hand), size))
    return hand

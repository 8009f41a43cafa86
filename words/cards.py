"""Cards and numbers in words: card names, rank and suit names, numbers spoken aloud.

The engine's notation (``QH``, ``Q♥``) is not language; what a card, a rank or a suit is
*called* is, and lives here.

>>> from piquet.cards import Card, Rank, Suit
>>> card_name(Card.of("QH")), rank_name(Rank.ACE, 4), suit_name(Suit.SPADES)
('Queen of hearts', 'aces', 'spades')
>>> number_word(5), spoken_number(49), spoken_number(17, start=True), spoken_number(170)
('five', 'forty-nine', 'Seventeen', '170')
>>> from words import use_language
>>> with use_language("qps"):
...     card_name(Card.of("7C"))
'⟦⟦Seven⟧ of ⟦clubs⟧⟧'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from piquet.cards import Card, Rank, Suit
from words import _, language, ngettext, pgettext

__all__ = ["capitalize_first", "card_name", "number_word", "rank_name", "spoken_number",
           "suit_name"]


def rank_name(rank: Rank, n: int = 1) -> str:
    """The rank's name in the number that agrees with ``n``: "ace", "aces" (lower case, as
    inside a sentence)."""
    if rank is Rank.ACE:
        return ngettext("ace", "aces", n)
    if rank is Rank.KING:
        return ngettext("king", "kings", n)
    if rank is Rank.QUEEN:
        return ngettext("queen", "queens", n)
    if rank is Rank.JACK:
        return ngettext("jack", "jacks", n)
    if rank is Rank.TEN:
        return ngettext("ten", "tens", n)
    if rank is Rank.NINE:
        return ngettext("nine", "nines", n)
    if rank is Rank.EIGHT:
        return ngettext("eight", "eights", n)
    return ngettext("seven", "sevens", n)


def suit_name(suit: Suit) -> str:
    """The suit's name as inside a sentence ("in spades")."""
    return {Suit.SPADES: _("spades"), Suit.HEARTS: _("hearts"),
            Suit.DIAMONDS: _("diamonds"), Suit.CLUBS: _("clubs")}[suit]


def _card_rank(rank: Rank) -> str:
    return {Rank.ACE: pgettext("card name", "Ace"), Rank.KING: pgettext("card name", "King"),
            Rank.QUEEN: pgettext("card name", "Queen"), Rank.JACK: pgettext("card name", "Jack"),
            Rank.TEN: pgettext("card name", "Ten"), Rank.NINE: pgettext("card name", "Nine"),
            Rank.EIGHT: pgettext("card name", "Eight"),
            Rank.SEVEN: pgettext("card name", "Seven")}[rank]


def _card_suit(suit: Suit) -> str:
    return {Suit.SPADES: pgettext("card name", "spades"),
            Suit.HEARTS: pgettext("card name", "hearts"),
            Suit.DIAMONDS: pgettext("card name", "diamonds"),
            Suit.CLUBS: pgettext("card name", "clubs")}[suit]


def card_name(card: Card, *, start: bool = True) -> str:
    """The card's spoken name, "Queen of hearts" (also its ``aria-label``); ``start`` false:
    as inside a sentence, "queen of hearts".

    >>> card_name(Card.of("10S"), start=False)
    'ten of spades'
    """
    if not start:
        # TRANSLATORS: a card's name inside a sentence ("Discard the queen of hearts");
        # {rank} is a rank's name (queen), {suit} a suit's (hearts)
        return pgettext("card in a sentence", "{rank} of {suit}", rank=rank_name(card.rank),
                        suit=suit_name(card.suit))
    # TRANSLATORS: a card's name, e.g. "Queen of hearts"; {rank} and {suit} are the
    # "card name" messages (Queen, hearts)
    return _("{rank} of {suit}", rank=_card_rank(card.rank), suit=_card_suit(card.suit))


# --------------------------------------------------------------------------- numbers
# Numbers said aloud need code per language (compounds, hyphens); a language without its
# own function says digits.

_EN_UNITS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                    "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
                    "sixteen", "seventeen", "eighteen", "nineteen")
_EN_TENS: Final = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
                   "eighty", "ninety")


def _english(n: int) -> str:
    if 0 <= n < 20:
        return _EN_UNITS[n]
    if 20 <= n < 100:
        t, u = divmod(n, 10)
        return _EN_TENS[t] + (f"-{_EN_UNITS[u]}" if u else "")
    return str(n)


_SPOKEN: Final[dict[str, Callable[[int], str]]] = {"en": _english}


def _spoken(n: int) -> str:
    lang = language()
    say = _SPOKEN.get("en" if lang == "qps" else lang)
    return say(n) if say else str(n)


def capitalize_first(text: str) -> str:
    """``text`` with its first letter as at the start of a sentence, in the current language
    (Turkish: i becomes İ)."""
    if not text:
        return text
    first = text[0]
    if first == "i" and language() == "tr":
        return "İ" + text[1:]
    return first.upper() + text[1:]


def number_word(n: int) -> str:
    """A small count in words: ``0`` "no", ``5`` "five" ... ``12`` "twelve"; digits beyond.

    >>> number_word(0), number_word(12), number_word(13)
    ('no', 'twelve', '13')
    """
    return _spoken(n) if 0 <= n <= 12 else str(n)


def spoken_number(n: int, *, start: bool = False) -> str:
    """A number as spoken in the dialogue ("forty-nine"; digits from 100); ``start``: as the
    first word of a sentence ("Forty-nine").

    >>> spoken_number(0), spoken_number(12), spoken_number(20), spoken_number(99)
    ('no', 'twelve', 'twenty', 'ninety-nine')
    >>> from words import use_language
    >>> with use_language("qps"):
    ...     spoken_number(5)
    'five'
    """
    said = _spoken(n)
    return capitalize_first(said) if start else said


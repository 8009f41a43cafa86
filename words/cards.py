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

import unicodedata
from collections.abc import Callable
from typing import Final

from piquet.cards import Card, Rank, Suit
from words import _, language, ngettext, pgettext

__all__ = ["capitalize_first", "card_name", "lower_text", "notation_note", "number_word",
           "rank_counted",
           "rank_name", "spoken_number", "suit_name"]


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


def rank_counted(rank: Rank) -> str:
    """The rank's name as it follows a number above one, "three aces": plural in English,
    singular in Turkish ("üç as"), as each language counts.

    >>> rank_counted(Rank.QUEEN)
    'queens'
    """
    # TRANSLATORS: a rank's name after a number above one ("three queens", "fourteen tens"),
    # in the form the language puts after a number (Turkish: singular, "üç kız").
    return {Rank.ACE: pgettext("after a number", "aces"),
            Rank.KING: pgettext("after a number", "kings"),
            Rank.QUEEN: pgettext("after a number", "queens"),
            Rank.JACK: pgettext("after a number", "jacks"),
            Rank.TEN: pgettext("after a number", "tens"),
            Rank.NINE: pgettext("after a number", "nines"),
            Rank.EIGHT: pgettext("after a number", "eights"),
            Rank.SEVEN: pgettext("after a number", "sevens")}[rank]


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


# --------------------------------------------------------------------------- typing cards

_LETTERED: Final = ((Rank.ACE, "A"), (Rank.KING, "K"), (Rank.QUEEN, "Q"), (Rank.JACK, "J"))


def _initial(name: str) -> str:
    """The first letter of a name without its accents and the pseudo-locale's brackets."""
    bare = unicodedata.normalize("NFD", name.strip("⟦⟧ ")).replace("đ", "d")
    return next((c for c in bare if c.isalpha()), "").upper()


def notation_note() -> str | None:
    """How to type the cards when the language names the ranks otherwise than the notation's
    letters (Turkish *papaz* for K, Vietnamese *già*): the letters beside the local names;
    ``None`` where the names start with the letters (English).

    >>> notation_note() is None
    True
    """
    names = [(letter, rank_name(rank)) for rank, letter in _LETTERED]
    if all(_initial(name) == letter for letter, name in names):
        return None
    # TRANSLATORS: one rank in the typing help: a letter of the card notation and the rank's
    # name in your language, e.g. "K (papaz)"
    items = [pgettext("typing help", "{letter} ({name})", letter=letter, name=name)
             for letter, name in names]
    suits = [pgettext("typing help", "{letter} ({name})", letter=letter, name=suit_name(suit))
             for suit, letter in ((Suit.SPADES, "S"), (Suit.HEARTS, "H"),
                                  (Suit.DIAMONDS, "D"), (Suit.CLUBS, "C"))]
    # TRANSLATORS: the hand builder's typing help where the ranks have other names than the
    # notation's letters; {letters} lists them: "A (as), K (papaz), Q (kız), J (vale)",
    # {suits} the suits' letters: "S (maça), H (kupa), D (karo), C (sinek)"
    return _("Cards are typed with the letters of the notation, the same in every language: "
             "{letters}; 10 9 8 7 as numbers; the suits {suits}. For example AS 10H QD.",
             letters=_(", ").join(items), suits=_(", ").join(suits))


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


_VI_UNITS: Final = ("không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín")


def _vietnamese(n: int) -> str:
    """0–99 in Vietnamese: "mười lăm", "hai mươi mốt", "bốn mươi chín"."""
    if 0 <= n < 10:
        return _VI_UNITS[n]
    if 10 <= n < 100:
        t, u = divmod(n, 10)
        head = "mười" if t == 1 else f"{_VI_UNITS[t]} mươi"
        if u == 0:
            return head
        unit = "lăm" if u == 5 else "mốt" if u == 1 and t > 1 else _VI_UNITS[u]
        return f"{head} {unit}"
    return str(n)


_TR_UNITS: Final = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz",
                    "dokuz")
_TR_TENS: Final = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen",
                   "doksan")


def _turkish(n: int) -> str:
    """0–99 in Turkish: "on bir", "kırk dokuz"."""
    if 0 <= n < 10:
        return _TR_UNITS[n]
    if 10 <= n < 100:
        t, u = divmod(n, 10)
        return _TR_TENS[t] + (f" {_TR_UNITS[u]}" if u else "")
    return str(n)


_SPOKEN: Final[dict[str, Callable[[int], str]]] = {"en": _english, "vi": _vietnamese,
                                                    "tr": _turkish}


def _spoken(n: int) -> str:
    lang = language()
    say = _SPOKEN.get("en" if lang == "qps" else lang)
    return say(n) if say else str(n)


def capitalize_first(text: str) -> str:
    """``text`` with its first letter as at the start of a sentence, in the current language
    (Turkish and Azeri: i becomes İ, ı becomes I).

    >>> from words import use_language
    >>> with use_language("tr"):
    ...     capitalize_first("iki"), capitalize_first("ılık")
    ('İki', 'Ilık')
    >>> capitalize_first("iki"), capitalize_first("ấy")
    ('Iki', 'Ấy')
    """
    if not text:
        return text
    first = text[0]
    if first == "i" and language() in ("tr", "az"):
        return "İ" + text[1:]
    return first.upper() + text[1:]


def lower_text(text: str) -> str:
    """``text`` in lower case as the current language writes it (Turkish: İ → i, I → ı).

    >>> from words import use_language
    >>> with use_language("tr"):
    ...     lower_text("KIZ İKİ")
    'kız iki'
    """
    if language() in ("tr", "az"):
        text = text.replace("İ", "i").replace("I", "ı")
    return text.lower()


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
    >>> with use_language("vi"):
    ...     spoken_number(49), spoken_number(21), spoken_number(15), spoken_number(10)
    ('bốn mươi chín', 'hai mươi mốt', 'mười lăm', 'mười')
    >>> with use_language("tr"):
    ...     spoken_number(49), spoken_number(11, start=True), spoken_number(60)
    ('kırk dokuz', 'On bir', 'altmış')
    """
    said = _spoken(n)
    return capitalize_first(said) if start else said


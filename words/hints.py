"""Hints in words: what a helper player suggests (:func:`action_text`) and why
(:func:`reason_text`), from the facts of a :class:`~piquet.players.Hint`.

>>> from piquet.cards import Suit, parse_cards
>>> from piquet.players import Hint, HintKind, HintReason
>>> h = Hint(HintKind.DISCARD, HintReason.BEST_EXCHANGE, tuple(parse_cards("7S 8D")),
...          suit=Suit.HEARTS, suit_cards=1, pips=11, sequences=0, sets=14, expected=2.25)
>>> action_text(h) == "Discard 7♠\\ufe0e 8♦\\ufe0e"
True
>>> print(reason_text(h))  # doctest: +NORMALIZE_WHITESPACE
This keeps your hearts (1 card, 11 pips), sets worth 14; over sampled draws it scored best
(+2.2 points against the opponent on average).
>>> print(reason_text(Hint(HintKind.DECLARE, HintReason.SINK, (), {"point": [], "sets": []})))
... # doctest: +NORMALIZE_WHITESPACE
Elder's calls already beat your point and sets: declaring nothing there costs nothing and
hides your cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from piquet.cards import Card
from piquet.players import Hint, HintKind, HintReason
from words import _, format_number, ngettext, pgettext
from words.cards import suit_name

__all__ = ["action_text", "card_text", "cards_text", "categories_text", "reason_text",
           "signed"]

VS: Final = "\ufe0e"
"""Drawn after a suit symbol so that it shows as text, not as an emoji."""


def card_text(card: Card) -> str:
    """A card as it is written in a sentence: rank and suit symbol ("Q♥︎")."""
    return card.pretty + VS


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as written in a sentence, one after the other ("7♠︎ 8♦︎")."""
    return " ".join(card_text(c) for c in cards)


def categories_text(categories: Sequence[str]) -> str:
    """Categories of the declaration named together: "point and sequences"."""
    key = tuple(categories)
    return {
        ("point",): pgettext("categories", "point"),
        ("sequences",): pgettext("categories", "sequences"),
        ("sets",): pgettext("categories", "sets"),
        ("point", "sequences"): pgettext("categories", "point and sequences"),
        ("point", "sets"): pgettext("categories", "point and sets"),
        ("sequences", "sets"): pgettext("categories", "sequences and sets"),
        ("point", "sequences", "sets"): pgettext("categories", "point and sequences and sets"),
    }[key]


def signed(x: float) -> str:
    """A number of points with its sign and one decimal, as the language writes it: "+1.5",
    "-0.3" (Turkish and Vietnamese "+1,5")."""
    return format_number(x, decimals=1, signed=True)


def action_text(h: Hint) -> str:
    """What the hint suggests: "Discard 7♠︎ 8♦︎", "Declare in full", "Play Q♥︎"."""
    if h.kind is HintKind.DISCARD:
        if not h.cards:
            return _("Exchange no cards")
        return _("Discard {cards}", cards=cards_text(h.cards))
    if h.kind is HintKind.DECLARE:
        sunk = h.sinking
        if not sunk:
            return _("Declare in full")
        return _("Declare, sinking {categories}", categories=categories_text(sunk))
    return _("Play {card}", card=card_text(h.cards[0]))


def reason_text(h: Hint) -> str:
    """Why the hint suggests it, in one line."""
    r = h.reason
    if r is HintReason.CHOICE:
        if h.player == "random":
            return _("The random player's choice.")
        if h.player == "greedy":
            return _("The greedy player's choice.")
        # TRANSLATORS: {player} is a computer player's name, as typed: "computer:2"
        return _("The {player} player's choice.", player=h.player)
    if r is HintReason.GREEDY_DISCARD:
        assert h.suit is not None
        return _("Greedy discards the lowest cards outside its longest suit ({suit}).",
                 suit=suit_name(h.suit))
    if r is HintReason.GREEDY_DECLARE:
        return _("Greedy always declares everything it holds.")
    if r is HintReason.GREEDY_PLAY:
        return _("Greedy always plays its highest legal card.")
    if r is HintReason.TALON_EMPTY:
        return _("There is nothing left in the talon to take.")
    if r is HintReason.BEST_EXCHANGE:
        return _exchange_reason(h)
    if r is HintReason.DECLARE_ALL:
        return _("Declaring in full scores every category you win.")
    if r is HintReason.NOTHING_TO_SINK:
        return _("Declaring in full scores every category you can win.")
    if r is HintReason.SINK:
        return _("Elder's calls already beat your {categories}: declaring nothing there costs "
                 "nothing and hides your cards.", categories=categories_text(h.sinking))
    if r is HintReason.ONLY_CARD:
        return _("It is your only legal card.")
    if r is HintReason.EQUIVALENT:
        return _("Your legal cards are all equivalent.")
    if r is HintReason.PLAYED_OUT:
        # TRANSLATORS: {expected} is a signed number of points, e.g. "+1.5"
        return _("Best in {wins} of {worlds} sampled deals (played out); expected {expected} "
                 "points for you from here to the end of the deal.", wins=h.wins,
                 worlds=h.worlds, expected=signed(h.expected))
    # TRANSLATORS: {expected} is a signed number of points, e.g. "+1.5"
    return _("Best in {wins} of {worlds} sampled deals (solved exactly); expected {expected} "
             "points for you from here to the end of the deal.", wins=h.wins, worlds=h.worlds,
             expected=signed(h.expected))


def _exchange_reason(h: Hint) -> str:
    assert h.suit is not None
    values = {"suit": suit_name(h.suit), "pips": h.pips, "sequences": h.sequences,
              "sets": h.sets, "expected": signed(h.expected)}
    n = h.suit_cards
    # TRANSLATORS: {suit} is a suit's name ("spades"); {expected} a signed number ("+1.5")
    if h.sequences and h.sets:
        return ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sequences worth {sequences}, "
            "sets worth {sets}; over sampled draws it scored best ({expected} points against "
            "the opponent on average).",
            "This keeps your {suit} ({n} cards, {pips} pips), sequences worth {sequences}, "
            "sets worth {sets}; over sampled draws it scored best ({expected} points against "
            "the opponent on average).", n, **values)
    if h.sequences:
        return ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sequences worth {sequences}; "
            "over sampled draws it scored best ({expected} points against the opponent on "
            "average).",
            "This keeps your {suit} ({n} cards, {pips} pips), sequences worth {sequences}; "
            "over sampled draws it scored best ({expected} points against the opponent on "
            "average).", n, **values)
    if h.sets:
        return ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sets worth {sets}; over sampled "
            "draws it scored best ({expected} points against the opponent on average).",
            "This keeps your {suit} ({n} cards, {pips} pips), sets worth {sets}; over sampled "
            "draws it scored best ({expected} points against the opponent on average).",
            n, **values)
    return ngettext(
        "This keeps your {suit} ({n} card, {pips} pips); over sampled draws it scored best "
        "({expected} points against the opponent on average).",
        "This keeps your {suit} ({n} cards, {pips} pips); over sampled draws it scored best "
        "({expected} points against the opponent on average).", n, **values)

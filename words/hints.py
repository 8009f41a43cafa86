"""Hints in words: what a helper player suggests (:func:`action_text`) and why
(:func:`reason_text`), from the facts of a :class:`~piquet.players.Hint`.

>>> from piquet.cards import Suit, parse_cards
>>> from piquet.players import Hint, HintKind, HintReason
>>> h = Hint(HintKind.DISCARD, HintReason.BEST_EXCHANGE, tuple(parse_cards("7S 8D")),
...          suit=Suit.HEARTS, suit_cards=1, pips=11, sequences=0, sets=14, expected=2.25)
>>> action_text(h) == "Discard 7♠\\ufe0e 8♦\\ufe0e"
True
>>> print(reason_text(h))  # doctest: +NORMALIZE_WHITESPACE
This keeps your hearts (1 card, 11 pips), sets worth 14. Of all the discards tried on many
possible draws, this one did best: with it you end the deal on average 2.2 points ahead of the
opponent.
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

__all__ = ["action_text", "card_text", "cards_text", "categories_text", "exchange_outlook",
           "play_outlook", "reason_text", "signed"]

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
        # TRANSLATORS: {outlook} is a sentence on how the deal goes on average from here
        return _("Best in {wins} of {worlds} sampled deals (played out). {outlook}",
                 wins=h.wins, worlds=h.worlds, outlook=play_outlook(h.expected))
    return _("Best in {wins} of {worlds} sampled deals (solved exactly). {outlook}",
             wins=h.wins, worlds=h.worlds, outlook=play_outlook(h.expected))


LEVEL: Final = 0.05
"""An average nearer zero than this (it shows as 0.0) is said as level."""


def _points(x: float) -> str:
    """A number of points without its sign, one decimal, as the language writes it."""
    return format_number(abs(x), decimals=1)


def play_outlook(expected: float) -> str:
    """What a play hint's average (the learner's points minus the opponent's, from here to
    the end of the deal) means, for a beginner: ahead, behind (and that no card does
    better), or level."""
    if expected >= LEVEL:
        return _("Playing it, you score on average {points} points more than the opponent "
                 "from here to the end of the deal.", points=_points(expected))
    if expected <= -LEVEL:
        return _("From here the opponent is ahead: even playing it, you end the deal on "
                 "average {points} points behind, and every other card loses more.",
                 points=_points(expected))
    return _("Playing it, you and the opponent score about the same from here to the end of "
             "the deal.")


def exchange_outlook(expected: float) -> str:
    """What an exchange hint's average (the learner's points minus the opponent's, over
    sampled draws) means, for a beginner: ahead, behind (and that every other discard is
    worse), or level."""
    if expected >= LEVEL:
        return _("Of all the discards tried on many possible draws, this one did best: with "
                 "it you end the deal on average {points} points ahead of the opponent.",
                 points=_points(expected))
    if expected <= -LEVEL:
        return _("This hand is likely weaker than the opponent's: even with this discard you "
                 "end the deal on average {points} points behind, but every other discard "
                 "tried on many possible draws loses more.", points=_points(expected))
    return _("Of all the discards tried on many possible draws, this one did best: with it you "
             "and the opponent end the deal about level.")


def _exchange_reason(h: Hint) -> str:
    """What the discard keeps, then what its average means (:func:`exchange_outlook`)."""
    assert h.suit is not None
    values = {"suit": suit_name(h.suit), "pips": h.pips, "sequences": h.sequences,
              "sets": h.sets}
    n = h.suit_cards
    # TRANSLATORS: {suit} is a suit's name ("spades")
    if h.sequences and h.sets:
        kept = ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sequences worth {sequences}, "
            "sets worth {sets}.",
            "This keeps your {suit} ({n} cards, {pips} pips), sequences worth {sequences}, "
            "sets worth {sets}.", n, **values)
    elif h.sequences:
        kept = ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sequences worth {sequences}.",
            "This keeps your {suit} ({n} cards, {pips} pips), sequences worth {sequences}.",
            n, **values)
    elif h.sets:
        kept = ngettext(
            "This keeps your {suit} ({n} card, {pips} pips), sets worth {sets}.",
            "This keeps your {suit} ({n} cards, {pips} pips), sets worth {sets}.",
            n, **values)
    else:
        kept = ngettext("This keeps your {suit} ({n} card, {pips} pips).",
                        "This keeps your {suit} ({n} cards, {pips} pips).", n, **values)
    # TRANSLATORS: {kept} says what the discard keeps; {outlook} what its average means
    return _("{kept} {outlook}", kept=kept, outlook=exchange_outlook(h.expected))

"""The exchange advisor and "how rare is this hand?" in words: each discard's action, the
sentences that explain it on the cards (what it keeps, what it draws to, what it risks), its
figures, its rank, why a pick is not a legal discard, and each rarity line.

The figures come from :mod:`academy.advisor` and :mod:`academy.odds` as facts (cards, enums,
floats, Fractions); chances are written as the Odds page writes them (:mod:`words.odds`),
points as the hints write them (:func:`words.hints.signed`).

>>> from fractions import Fraction
>>> from piquet.cards import Rank, parse_cards
>>> points_figure(3.249, 0.42)
'+3.2 ± 0.4'
>>> rank_text(37, 1585)
'Ranked 37th of 1,585 legal discards.'
>>> print(discard_action(tuple(parse_cards("7S 8D"))))
Discard 2 cards: 7♠︎ 8♦︎
>>> print(pick_problem("elder", 6, range(1, 6)))
You picked 6 cards: Elder discards 1 to 5.
>>> pick_problem("elder", 3, range(1, 6)) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from piquet.cards import Card, Rank, Suit
from piquet.errors import PiquetError
from words import _, format_number, ngettext
from words.cards import card_name, rank_name, suit_name
from words.declarations import sequence_name, set_name
from words.hints import cards_text, signed
from words.odds import estimate_figure, one_in_n, percent

__all__ = [
    "advice_error_text",
    "discard_action",
    "figures_text",
    "label",
    "left_option",
    "ordinal",
    "pick_problem",
    "point_won_figure",
    "points_figure",
    "rank_text",
    "rarity_text",
    "reason_text",
    "risk_text",
    "top_heading",
]


class _Reason(Protocol):
    @property
    def kind(self) -> object: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def suit(self) -> Suit | None: ...


class _Risk(Protocol):
    @property
    def kind(self) -> object: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...


def _value(kind: object) -> str:
    """An enum's value (``"keeps-sequence"``), or the text itself."""
    return str(getattr(kind, "value", kind))


def _top(cards: Sequence[Card]) -> Rank:
    return max((c.rank for c in cards), key=int)


# --------------------------------------------------------------------------- fixed texts


def label(key: str) -> str:
    """The panels' fixed texts by key: titles, widget labels, captions."""
    labels = {
        "panel": _("Exchange advisor: what to discard, and how rare the hand is"),
        "intro": _("The advisor takes the hand chosen below as dealt, **before the exchange**: the "
                   "talon and the other hand are unknown to it, as they are to the player. It "
                   "ranks every legal discard by the points it is expected to bring in "
                   "declarations against the opponent, simulated over the opponent's possible "
                   "hands; the chances of the player's own combinations are exact, counted "
                   "over every draw."),
        "whose": _("Whose hand"),
        "elder_hand": _("Elder's hand"),
        "younger_hand": _("Younger's hand"),
        "left": _("How many cards Elder left in the talon"),
        "left_help": _("Elder takes one to five of the talon's top five cards; Younger may "
                       "take the rest of the talon. Younger knows only how many Elder left."),
        "pick": _("Try a discard of your own: pick which cards to throw"),
        "pick_help": _("Pick any cards of the hand: the advisor shows that discard's figures "
                       "and where it ranks."),
        "pick_none": _("Pick cards above to see the figures of your own discard."),
        "rarity": _("How rare is this hand?"),
        "rarity_intro": _("Each combination of the hand as dealt, against every one of the "
                          "225,792,840 hands a player can be dealt (exact counts)."),
        "no_rarity": _("The hand holds no combination whose rarity is counted."),
        "figures_help": _("Points: what the discard brings in declarations (point, "
                          "sequences, sets, carte blanche, repique) minus what the opponent "
                          "scores, on average over the simulated deals; after ± its standard "
                          "error. The point: how often the player wins the point (simulated). "
                          "A quint or better, a quatorze: exact chances over every draw."),
        "hint": _("Why this discard? The exchange advisor's figures"),
        "hint_take": _("Choose the advisor's cards"),
        "hint_intro": _("The advisor's best discard for your hand, ranked over every legal "
                        "discard by the points it is expected to bring in declarations."),
        "failed": _("The advisor could not rank this hand's discards."),
        "thinking": _("The advisor is weighing every discard…"),
        "pick_placeholder": _("Choose cards"),
        "elder_missing": _("The advisor needs Elder's twelve cards: complete or correct "
                           "Elder's hand above."),
        "younger_missing": _("The advisor needs Younger's twelve cards: complete or correct "
                             "Younger's hand above."),
    }
    return labels[key]


def left_option(left: int) -> str:
    """An option of "how many cards Elder left": "Elder took all five", "Elder left 2 cards"."""
    if left == 0:
        return _("None: Elder took all five")
    return ngettext("Elder left {n} card", "Elder left {n} cards", left)


def top_heading(n: int) -> str:
    """The heading over the best discards: "The 5 best discards"."""
    return ngettext("The best discard", "The {n} best discards", n)


# --------------------------------------------------------------------------- one discard


def discard_action(discard: Sequence[Card]) -> str:
    """What the discard does: "Discard 2 cards: 7♠︎ 8♦︎", "Keep every card" (none)."""
    if not discard:
        return _("Exchange no cards: keep the hand as it is")
    # TRANSLATORS: {cards} are the cards thrown, written as 7♠ 8♦
    return ngettext("Discard {n} card: {cards}", "Discard {n} cards: {cards}", len(discard),
                    cards=cards_text(discard))


def reason_text(reason: _Reason) -> str | None:
    """One reason as a sentence on its cards (``None``: a kind this module does not know).

    >>> from academy.advisor import Reason, ReasonKind as K
    >>> from piquet.cards import parse_cards
    >>> print(reason_text(Reason(K.KEEPS_SEQUENCE, tuple(parse_cards("AH KH QH JH")))))
    It keeps the quart major: A♥︎ K♥︎ Q♥︎ J♥︎.
    >>> print(reason_text(Reason(K.DRAWS_TO, tuple(parse_cards("AS 9S 8S")), Suit.SPADES)))
    It draws to a longer sequence in spades, where the hand keeps A♠︎ 9♠︎ 8♠︎.
    """
    kind, cards, suit = _value(reason.kind), tuple(reason.cards), reason.suit
    n = len(cards)
    shown = cards_text(cards)
    if kind == "keeps-point-suit" and suit is not None:
        # TRANSLATORS: {suit} is a suit's name (spades); {cards} its cards, A♠ K♠ …
        return ngettext("It keeps {n} card of {suit} for the point: {cards}.",
                        "It keeps {n} cards of {suit} for the point: {cards}.", n,
                        suit=suit_name(suit), cards=shown)
    if kind == "keeps-sequence" and n >= 3:
        # TRANSLATORS: {sequence} is a sequence's name (quart major), {cards} its cards
        return _("It keeps the {sequence}: {cards}.",
                 sequence=sequence_name(n, _top(cards), start=False), cards=shown)
    if kind == "keeps-set" and n in (3, 4):
        # TRANSLATORS: {set} is a set's name (three kings, fourteen aces), {cards} its cards
        return _("It keeps the {set}: {cards}.",
                 set=set_name(n, cards[0].rank, start=False), cards=shown)
    if kind == "draws-to" and suit is not None:
        if not cards:
            return _("It draws to a longer sequence in {suit}.", suit=suit_name(suit))
        # TRANSLATORS: {suit} is the suit where one card drawn would make a longer
        # sequence; {cards} the cards of it the hand keeps
        return _("It draws to a longer sequence in {suit}, where the hand keeps {cards}.",
                 suit=suit_name(suit), cards=shown)
    if kind == "throws-suit" and suit is not None and cards:
        # TRANSLATORS: {suit} is a suit's name; {cards} the cards of it thrown
        return ngettext("It throws every card of {suit}: {cards}.",
                        "It throws every card of {suit}: {cards}.", n,
                        suit=suit_name(suit), cards=shown)
    return None


def risk_text(risk: _Risk) -> str | None:
    """One risk as a sentence on its cards (``None``: a kind this module does not know).

    >>> from academy.advisor import Risk, RiskKind
    >>> from piquet.cards import Card
    >>> print(risk_text(Risk(RiskKind.UNGUARDS, (Card.of("KS"),))))
    Risk: it leaves the king of spades unguarded.
    """
    kind, cards = _value(risk.kind), tuple(risk.cards)
    n = len(cards)
    if not cards and kind != "loses-blanche":
        return None
    names = _(", ").join(card_name(c, start=False) for c in cards)
    if kind == "unguards":
        # TRANSLATORS: {cards} are cards' names, "king of spades"; unguarded: without
        # the smaller cards of its suit that protect it in play
        return ngettext("Risk: it leaves the {cards} unguarded.",
                        "Risk: it leaves the {cards} unguarded.", n, cards=names)
    if kind == "breaks-sequence":
        # TRANSLATORS: {cards} are the cards of a sequence that the discard throws, 7♠ 8♠
        return ngettext("Risk: it breaks a sequence of the hand, throwing {cards}.",
                        "Risk: it breaks a sequence of the hand, throwing {cards}.", n,
                        cards=cards_text(cards))
    if kind == "breaks-set":
        # TRANSLATORS: {ranks} is a rank's name in the plural (kings); {cards} those thrown
        return ngettext("Risk: it breaks the hand's {ranks}, throwing {cards}.",
                        "Risk: it breaks the hand's {ranks}, throwing {cards}.", n,
                        ranks=rank_name(cards[0].rank, 3), cards=cards_text(cards))
    if kind == "loses-blanche":
        return _("Risk: the hand is carte blanche as dealt (its 10 points are scored either "
                 "way), but what it draws may bring a king, queen or jack.")
    if kind == "throws-ace":
        return ngettext("Risk: it throws the {cards}.", "Risk: it throws the {cards}.", n,
                        cards=names)
    # TRANSLATORS: a risk the advisor names without a sentence of its own; {cards} names
    return ngettext("Risk: it gives up the {cards}.", "Risk: it gives up the {cards}.", n,
                    cards=names)


def points_figure(expected: float, error: float) -> str:
    """The expected points with their standard error: "+3.2 ± 0.4"."""
    # TRANSLATORS: points expected and their standard error, "+3.2 ± 0.4"
    return _("{points} ± {error}", points=signed(expected),
             error=format_number(error, decimals=1))


def point_won_figure(p: float, samples: int) -> str:
    """The simulated chance of winning the point, with its standard error ("62.3% ± 1.4")."""
    error = math.sqrt(max(p * (1 - p), 0.0) / samples) if samples > 0 else 0.0
    return estimate_figure(p, error, samples)


def figures_text(expected: float, error: float, point_won: float, samples: int,
                 quint: Fraction | float, quatorze: Fraction | float) -> str:
    """The discard's figures in one line (Markdown)."""
    # TRANSLATORS: {points} "+3.2 ± 0.4"; {point} "62.3% ± 1.4"; {quint}, {quatorze} "8.1%"
    return _("**{points}** points against the opponent · wins the point {point} · a quint or "
             "better {quint} · a quatorze {quatorze}",
             points=points_figure(expected, error), point=point_won_figure(point_won, samples),
             quint=percent(quint), quatorze=percent(quatorze))


def ordinal(n: int) -> str:
    """A rank as an ordinal: "1st", "37th" (each language its own way)."""
    count = format_number(n)
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        # TRANSLATORS: an ordinal number, English 4th, 11th, 37th (write yours: "37.")
        return _("{count}th", count=count)
    if n % 10 == 1:
        # TRANSLATORS: an ordinal number ending in 1, English 1st, 21st
        return _("{count}st", count=count)
    if n % 10 == 2:
        # TRANSLATORS: an ordinal number ending in 2, English 2nd, 22nd
        return _("{count}nd", count=count)
    # TRANSLATORS: an ordinal number ending in 3, English 3rd, 23rd
    return _("{count}rd", count=count)


def rank_text(rank: int, count: int) -> str:
    """Where a discard ranks: "Ranked 37th of 1,585 legal discards."."""
    # TRANSLATORS: {rank} is an ordinal (37th); {count} how many discards are legal
    return ngettext("Ranked {rank} of {count} legal discard.",
                    "Ranked {rank} of {count} legal discards.", count,
                    rank=ordinal(rank), count=format_number(count))


def pick_problem(role: str, picked: int, allowed: range) -> str | None:
    """Why ``picked`` cards are not a legal discard for ``role`` (``None``: they are)."""
    if picked in allowed:
        return None
    lo, hi = allowed.start, allowed.stop - 1
    if role == "elder":
        # TRANSLATORS: {lo} to {hi}: how many cards Elder may discard (1 to 5)
        return ngettext("You picked {n} card: Elder discards {lo} to {hi}.",
                        "You picked {n} cards: Elder discards {lo} to {hi}.", picked,
                        lo=lo, hi=hi)
    return ngettext("You picked {n} card: Younger discards {lo} to {hi} here.",
                    "You picked {n} cards: Younger discards {lo} to {hi} here.", picked,
                    lo=lo, hi=hi)


# --------------------------------------------------------------------------- rarity

def _odds(one_in: int) -> str:
    if one_in <= 1:
        return _("nearly every dealt hand")
    return one_in_n(one_in)


def rarity_text(kind: object, size: int, rank: Rank | None, chance: Fraction,
                one_in: int) -> str:
    """One line of "How rare is this hand?" (Markdown): "A point of 7 cards or more: 1 in 190
    (0.53%)."."""
    k = _value(kind)
    odds, pct = _odds(one_in), percent(chance)
    if k == "point":
        # TRANSLATORS: {odds} "1 in 190"; {percent} "0.53%"
        return ngettext("**A point of {n} card or more**: {odds} ({percent}).",
                        "**A point of {n} cards or more**: {odds} ({percent}).", size,
                        odds=odds, percent=pct)
    if k == "sequence":
        return ngettext("**A sequence of {n} card or longer**: {odds} ({percent}).",
                        "**A sequence of {n} cards or longer**: {odds} ({percent}).", size,
                        odds=odds, percent=pct)
    if k in ("quatorze", "trio") and rank is not None:
        # TRANSLATORS: {set} is a set's name (three kings); a better set: a higher trio
        # or any quatorze
        return _("**{set} or a better set**: {odds} ({percent}).",
                 set=set_name(size, rank), odds=odds, percent=pct)
    if k == "carte-blanche":
        return _("**Carte blanche**: {odds} ({percent}).", odds=odds, percent=pct)
    return _("**A combination of the hand**: {odds} ({percent}).", odds=odds, percent=pct)


# --------------------------------------------------------------------------- errors


def advice_error_text(e: PiquetError) -> str:
    """An :class:`academy.advisor.AdviceError` in words (``bad_role``, ``bad_left``)."""
    v = e.values
    if e.code == "bad_left" and len(v) == 3:
        if v[2] == 0:
            # TRANSLATORS: {left} is the number given for the cards Elder left
            return _("For Elder's hand the number of cards left must be 0, not {left}: Elder "
                     "leaves cards in the talon only after his own exchange.", left=v[0])
        return _("Elder leaves {lo} to {hi} cards in the talon, not {left}.", left=v[0],
                 lo=v[1], hi=v[2])
    if e.code == "bad_role" and v:
        return _("{role} is not a player: the advisor takes Elder's hand or Younger's.",
                 role=v[0])
    from words.errors import error_text

    return error_text(e)

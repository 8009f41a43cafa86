"""Errors in words: a sentence of the text layer for each engine error's code, naming the
offending value (a deal record's problems: :mod:`words.record`; both through
:func:`words.errors.error_text`).

Every error the engine raises is a :class:`~piquet.errors.PiquetError` with a ``code`` and
the offending ``values``; :func:`engine_error_text` says it in the current language, from those
facts alone (never from the English ``str()``, which is for developers). The text is plain
(the caller escapes it for Markdown) and reads as a clause: a page shows it alone or inside
its own sentence ("Under Cavendish this record cannot be replayed: {error}.").

>>> from piquet import get_rules, parse_card
>>> from words import use_language
>>> try:
...     get_rules("hoyle")
... except ValueError as e:
...     engine_error_text(e)
"'hoyle' is not a rules preset (choose britannica or cavendish)"
>>> with use_language("qps"):
...     not_a_card_text("6S")
"⟦'6S' is not a card (the piquet pack has no cards below the seven)⟧"

A code the text layer does not know yet is said by a generic sentence naming the first
value; an error with neither a known code nor a value (an engine error still to be given
one) keeps its developer's message, so that the pseudo-locale shows it unwrapped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Final

from piquet.cards import Card, CardError, CardHint, HandError, Rank, Suit, card_hint, parse_card
from piquet.deal import ActionError
from piquet.declare import DeclarationError
from piquet.errors import PiquetError, PlayerError
from piquet.exchange import ExchangeError
from piquet.partie import PartieError
from piquet.play import PlayError
from piquet.reckon import ReckonError
from piquet.rules import RulesError
from words import _, ngettext, pgettext
from words.cards import rank_name
from words.names import role_name

__all__ = [
    "CardHint",
    "card_hint",
    "declared_count_text",
    "engine_error_text",
    "kind_text",
    "named_twice_text",
    "not_a_card_text",
    "part_name",
    "quoted",
    "revoke_text",
    "role_of",
    "shown_value",
    "unknown_category_text",
    "who_text",
]

_QUOTED_LENGTH: Final = 20


def quoted(token: str) -> str:
    """A user's token as a sentence quotes it: ``'QQ'`` (a long one shortened).

    >>> quoted("QQ"), quoted("x" * 30)
    ("'QQ'", "'xxxxxxxxxxxxxxxxxxxx…'")
    """
    return repr(token if len(token) <= _QUOTED_LENGTH else token[:_QUOTED_LENGTH] + "…")


def shown_value(value: object) -> str:
    """An offending value as a sentence names it: a card as ``AS``, a role by its name, text
    quoted, anything else as written."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return str(value.value)
    if value in ("elder", "younger"):
        return role_name(str(value))
    if isinstance(value, str):
        return quoted(value)
    return repr(value)


def who_text(who: object) -> str:
    """A player named in an error: a role (``"elder"``, or ``"Elder"`` as the engine's callers
    write it) by its name in the current language, any other label as given."""
    role = role_of(who)
    return role_name(role) if role is not None else str(who)


def not_a_card_text(token: object, *, shown: str | None = None) -> str:
    """``'QQ' is not a card``, with a hint when the token looks like a card; ``shown`` is how
    the token is written in the sentence (default: quoted)."""
    hint = card_hint(token) if isinstance(token, str) else None
    name = shown if shown is not None else (
        quoted(token) if isinstance(token, str) else repr(token))
    if hint is CardHint.RANK_ONLY:
        return _("{token} is not a card (a card is a rank then a suit, like AS or 10H)",
                 token=name)
    if hint is CardHint.BELOW_SEVEN:
        return _("{token} is not a card (the piquet pack has no cards below the seven)",
                 token=name)
    return _("{token} is not a card", token=name)


def revoke_text(who: str, card: object, led: Card, trick: object = None) -> str:
    """``Younger plays 10S to KD but holds a diamond: he must follow suit`` (``who``: the
    player's name; ``trick``: its number, said when given)."""
    if trick:
        return _revoke_in_trick(who, card, led, trick)
    values = {"who": who, "card": card, "led": led}
    if led.suit is Suit.SPADES:
        return _("{who} plays {card} to {led} but holds a spade: he must follow suit", **values)
    if led.suit is Suit.HEARTS:
        return _("{who} plays {card} to {led} but holds a heart: he must follow suit", **values)
    if led.suit is Suit.DIAMONDS:
        return _("{who} plays {card} to {led} but holds a diamond: he must follow suit",
                 **values)
    return _("{who} plays {card} to {led} but holds a club: he must follow suit", **values)


def _revoke_in_trick(who: str, card: object, led: Card, trick: object) -> str:
    values = {"who": who, "card": card, "led": led, "trick": trick}
    if led.suit is Suit.SPADES:
        return _("{who} (trick {trick}) plays {card} to {led} but holds a spade: he must "
                 "follow suit", **values)
    if led.suit is Suit.HEARTS:
        return _("{who} (trick {trick}) plays {card} to {led} but holds a heart: he must "
                 "follow suit", **values)
    if led.suit is Suit.DIAMONDS:
        return _("{who} (trick {trick}) plays {card} to {led} but holds a diamond: he must "
                 "follow suit", **values)
    return _("{who} (trick {trick}) plays {card} to {led} but holds a club: he must follow "
             "suit", **values)


def _rules_text(e: PiquetError) -> str | None:
    if e.code == "unknown_preset" and e.values:
        return _("{preset} is not a rules preset (choose britannica or cavendish)",
                 preset=shown_value(e.values[0]))
    return None


def _exchange_text(e: PiquetError) -> str | None:
    v = e.values
    if e.code == "discard_not_held" and len(v) == 2:
        return _("{who} discards {card} but does not hold it", who=who_text(v[0]), card=v[1])
    if e.code == "discard_twice" and len(v) == 2:
        return _("{who} discards {card} twice", who=who_text(v[0]), card=v[1])
    if e.code == "discard_count" and len(v) == 4:
        who, n, lo, hi = who_text(v[0]), int(str(v[1])), v[2], v[3]
        return ngettext("{who} discards {n} card; {who} may exchange {lo} to {hi}",
                        "{who} discards {n} cards; {who} may exchange {lo} to {hi}",
                        n, who=who, lo=lo, hi=hi)
    return None


def _card_text(e: PiquetError) -> str | None:
    if e.code not in ("card", "not_a_card") or not e.values:
        return None
    if not isinstance(e.values[0], str):
        return _("{token} is not a card (expected text such as 'AS')", token=repr(e.values[0]))
    return not_a_card_text(e.values[0])


def _hand_text(e: PiquetError) -> str | None:
    v = e.values
    if e.code == "card_twice" and len(v) == 2:
        return _("{who} holds {card} twice", who=who_text(v[0]), card=v[1])
    if e.code == "card_count" and len(v) == 3:
        return ngettext("{who} has {n} card; a hand has {size}",
                        "{who} has {n} cards; a hand has {size}", int(str(v[1])),
                        who=who_text(v[0]), size=v[2])
    if e.code == "in_both_hands" and v:
        cards = [str(c) for c in v]
        return ngettext("{cards} is in both hands", "{cards} are in both hands", len(cards),
                        cards=_(", ").join(cards))
    if e.code == "both_blanche":
        return _("both players cannot hold carte blanche (24 cards without a king, queen or "
                 "jack; there are only 20)")
    return None


def _play_text(e: PiquetError) -> str | None:
    v = e.values
    if e.code == "card_not_held" and len(v) >= 2:
        if len(v) > 2 and v[2]:
            return _("{who} (trick {trick}) plays {card} but does not hold it",
                     who=who_text(v[0]), card=v[1], trick=v[2])
        return _("{who} plays {card} but does not hold it", who=who_text(v[0]), card=v[1])
    if e.code == "revoke" and len(v) >= 3 and isinstance(v[2], Card):
        return revoke_text(who_text(v[0]), v[1], v[2], v[3] if len(v) > 3 else None)
    if e.code == "too_many_tricks" and v:
        return _("a deal has 12 tricks, not {n}", n=v[0])
    return None


# --- declarations ----------------------------------------------------------------------


def role_of(who: object) -> str | None:
    """The role a player's label names (``"Elder"``, ``"elder"``), else ``None``."""
    text = str(who).lower()
    return text if text in ("elder", "younger") else None


def part_name(who: object, part: str) -> str:
    """A part of a player's declaration as a sentence names it: Elder's point, Younger's
    sequence, Elder's sets, Younger's declaration (``part``: point, sequence, set, sequences,
    sets or declaration); "the point" and so on for a player who is not a role."""
    role = role_of(who)
    names = {
        "point": (_("Elder's point"), _("Younger's point"), _("the point")),
        "sequence": (_("Elder's sequence"), _("Younger's sequence"), _("the sequence")),
        "set": (_("Elder's set"), _("Younger's set"), _("the set")),
        "sequences": (_("Elder's sequences"), _("Younger's sequences"), _("the sequences")),
        "sets": (_("Elder's sets"), _("Younger's sets"), _("the sets")),
    }.get(part) or (_("Elder's declaration"), _("Younger's declaration"), _("the declaration"))
    return names[0] if role == "elder" else names[1] if role == "younger" else names[2]


def _declared(who: object, part: str, cards: object) -> str:
    """Elder's declared sequence AS KS (``part``: point, sequence or set)."""
    role, shown = role_of(who), _cards_shown(cards)
    if part == "point":
        names = (_("Elder's declared point {cards}", cards=shown),
                 _("Younger's declared point {cards}", cards=shown),
                 _("the declared point {cards}", cards=shown))
    elif part == "sequence":
        names = (_("Elder's declared sequence {cards}", cards=shown),
                 _("Younger's declared sequence {cards}", cards=shown),
                 _("the declared sequence {cards}", cards=shown))
    else:
        names = (_("Elder's declared set {cards}", cards=shown),
                 _("Younger's declared set {cards}", cards=shown),
                 _("the declared set {cards}", cards=shown))
    return names[0] if role == "elder" else names[1] if role == "younger" else names[2]


def _cards_shown(cards: object) -> str:
    if isinstance(cards, list | tuple):
        return " ".join(map(str, cards))
    return str(cards)


def declared_count_text(who: object, part: str, cards: object) -> str:
    """A declared sequence or set with the wrong number of cards (``part``: point, sequence,
    set)."""
    n = len(cards) if isinstance(cards, list | tuple) else 0
    declared = _declared(who, part, cards)
    # TRANSLATORS: {declared} is "Elder's declared sequence AS KS" and the like.
    if part == "sequence" and n > 8:
        return ngettext("{declared} has {n} card; a suit has eight cards",
                        "{declared} has {n} cards; a suit has eight cards", n,
                        declared=declared)
    if part == "sequence":
        return ngettext("{declared} has {n} card; a sequence needs at least three",
                        "{declared} has {n} cards; a sequence needs at least three", n,
                        declared=declared)
    return ngettext("{declared} has {n} card; a set is three or four of a rank",
                    "{declared} has {n} cards; a set is three or four of a rank", n,
                    declared=declared)


def named_twice_text(who: object, card: object, part: str) -> str:
    """``Elder names AS twice in a sequence`` (``part``: point, sequence, set)."""
    name = who_text(who)
    if part == "point":
        return _("{who} names {card} twice in the point", who=name, card=card)
    if part == "sequence":
        return _("{who} names {card} twice in a sequence", who=name, card=card)
    return _("{who} names {card} twice in a set", who=name, card=card)


def unknown_category_text(who: object, key: object) -> str:
    """``Elder's declaration has an unknown category 'quint' (use point, sequences, sets)``."""
    return _("{what} has an unknown category {key} (use point, sequences, sets)",
             what=part_name(who, "declaration"), key=quoted(str(key)))


def kind_text(value: object) -> str:
    """What a value is, in JSON's words: null, true or false, a number, text, an object, a
    list."""
    if value is None:
        return _("null")
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, Mapping):
        return _("an object")
    if isinstance(value, list | tuple):
        return _("a list")
    return type(value).__name__


def _bad_token(value: object) -> object:
    """The first token of a list of cards (or a text) that is not a card."""
    items = value.replace(",", " ").split() if isinstance(value, str) else (
        list(value) if isinstance(value, list | tuple) else [value])
    for item in items:
        if isinstance(item, Card):
            continue
        if not isinstance(item, str):
            return item
        try:
            parse_card(item)
        except CardError:
            return item
    return value


def _declaration_shape_text(who: object, part: str, value: object) -> str:
    what, kind = part_name(who, part), kind_text(value)
    if part == "declaration":
        return _("{what} must be an object with point, sequences and sets, not {kind}",
                 what=what, kind=kind)
    if part in ("sequences", "sets"):
        return _("{what} must be a list of lists of cards, not {kind}", what=what, kind=kind)
    return _("{what} must be a list of cards, not {kind}", what=what, kind=kind)


def _not_held_text(who: object, card: object, part: str) -> str:
    name = who_text(who)
    if part == "point":
        return _("{who} declares {card} in the point but does not hold it", who=name, card=card)
    if part == "sequence":
        return _("{who} declares {card} in a sequence but does not hold it", who=name,
                 card=card)
    return _("{who} declares {card} in a set but does not hold it", who=name, card=card)


def _declaration_text(e: PiquetError) -> str | None:
    v, code = e.values, e.code
    if code == "declaration_card" and len(v) == 3:
        token = _bad_token(v[2])
        # TRANSLATORS: {what} is the list the token is in ("Elder's hand", "trick 3").
        return _("{what}: {problem}", what=part_name(v[0], str(v[1])),
                 problem=not_a_card_text(token))
    if code == "declaration_shape" and len(v) == 3:
        return _declaration_shape_text(v[0], str(v[1]), v[2])
    if code == "declaration_not_held" and len(v) == 3:
        return _not_held_text(v[0], v[1], str(v[2]))
    if code == "declaration_twice" and len(v) == 3:
        return named_twice_text(v[0], v[1], str(v[2]))
    if code == "declaration_category" and len(v) == 2:
        return unknown_category_text(v[0], v[1])
    if code == "declaration_set_twice" and v:
        return _("{who} declares two sets of the same rank", who=who_text(v[0]))
    if code == "declaration_runs_touch" and len(v) == 3:
        return _("{who} declares {first} and {second}: runs that share or touch are one "
                 "sequence", who=who_text(v[0]), first=_cards_shown(v[1]),
                 second=_cards_shown(v[2]))
    if len(v) < 2:
        return None
    if code in ("declaration_run_short", "declaration_set_size"):
        return declared_count_text(v[0], "sequence" if code.endswith("short") else "set", v[1])
    if code == "declaration_point_suits":
        return _("{declared} mixes suits; a point is one suit",
                 declared=_declared(v[0], "point", v[1]))
    if code == "declaration_run_suits":
        return _("{declared} mixes suits", declared=_declared(v[0], "sequence", v[1]))
    if code == "declaration_run_gap":
        return _("{declared} is not a run of consecutive cards",
                 declared=_declared(v[0], "sequence", v[1]))
    if code == "declaration_set_ranks":
        return _("{declared} mixes ranks", declared=_declared(v[0], "set", v[1]))
    if code == "declaration_set_rank" and len(v) == 3 and isinstance(v[2], Rank):
        return _("{declared}: {ranks} never form sets (tens and higher only)",
                 declared=_declared(v[0], "set", v[1]), ranks=rank_name(v[2], 2))
    return None


def _phase_text(phase: object) -> str:
    """A phase of the deal (:class:`piquet.deal.Phase`, or its value) as a sentence names it."""
    value = getattr(phase, "value", phase)
    names = {
        "elder_exchange": _("Elder's exchange"),
        "younger_exchange": _("Younger's exchange"),
        "elder_declares": _("Elder's declarations"),
        "younger_declares": _("Younger's declarations"),
        "play": _("the play"),
        "done": _("the end of the deal"),
    }
    return names.get(str(value), str(value))


def _action_text(e: PiquetError) -> str | None:
    """deal.py's ActionError: an action out of turn, or not allowed now."""
    v, code = e.values, e.code
    if code == "wrong_phase" and len(v) == 2:
        return _("{who} cannot do that now: the deal is at {phase}", who=who_text(v[0]),
                 phase=_phase_text(v[1]))
    if code == "not_your_turn" and len(v) == 2:
        return (_("it is Elder's turn, not Younger's") if role_of(v[0]) == "elder" else
                _("it is Younger's turn, not Elder's"))
    if code == "leftovers_not_shown" and v:
        return _("only Younger, under britannica, turns the cards he leaves face up")
    if code == "not_declared_yet":
        return _("the deal is scored once both players have declared")
    if code == "unknown_action" and v:
        return _("unknown action {kind}", kind=shown_value(v[0]))
    if code == "deal_batch" and v:
        # TRANSLATORS: {batch} is the number of cards asked for in each batch of the deal.
        return _("cards are dealt in twos or threes, not {batch}s", batch=v[0])
    return None


def _category_name(category: object) -> str:
    """A category of the reckoning as an error names it: carte blanche, the point…"""
    names = {
        "blanche": pgettext("error", "carte blanche"),
        "point": pgettext("error", "the point"),
        "sequences": pgettext("error", "the sequences"),
        "sets": pgettext("error", "the sets"),
        "cards": pgettext("error", "the cards"),
        "capot": pgettext("error", "the capot"),
    }
    return names.get(str(category), str(category))


def _reckon_text(e: PiquetError) -> str | None:
    """reckon.py's ReckonError: scores typed by hand that cannot be reckoned."""
    v, code = e.values, e.code
    if code in ("not_a_pair", "negative_score", "both_score") and len(v) == 2:
        what, value = _category_name(v[0]), shown_value(v[1])
        # TRANSLATORS: {category} is "the point", "carte blanche" and the like; {value} the
        # scores typed, as (elder, younger).
        if code == "not_a_pair":
            return _("{category} must be a pair of scores (elder, younger), not {value}",
                     category=what, value=value)
        if code == "negative_score":
            return _("scores for {category} cannot be negative: {value}", category=what,
                     value=value)
        return _("only one player scores {category}, not both: {value}", category=what,
                 value=value)
    if code == "play_point_shape" and len(v) == 2:
        return _("play point {n} is not a player or (player, kind, trick): {item}", n=v[0],
                 item=shown_value(v[1]))
    if code == "play_point_unknown" and len(v) == 2:
        return _("play point {n} is not understood: {item}", n=v[0], item=shown_value(v[1]))
    if code == "blanche_worth" and len(v) == 2:
        return (_("Elder's carte blanche is worth 10, not {points}", points=v[1])
                if v[0] == "elder" else
                _("Younger's carte blanche is worth 10, not {points}", points=v[1]))
    if code == "worth" and len(v) == 3:
        return (_("the cards are worth {worth}, not {pair}", worth=v[1], pair=shown_value(v[2]))
                if v[0] == "cards" else
                _("capot is worth {worth}, not {pair}", worth=v[1], pair=shown_value(v[2])))
    if code == "capot_with_cards":
        return _("capot is scored instead of the cards, never with them")
    return None


def _partie_text(e: PiquetError) -> str | None:
    """partie.py's PartieError: a partie's totals or a deal too many."""
    v, code = e.values, e.code
    if code == "bad_total" and len(v) == 2:
        value = shown_value(v[1])
        return (_("A's total must be a whole number of 0 or more, not {value}", value=value)
                if v[0] == "A" else
                _("B's total must be a whole number of 0 or more, not {value}", value=value))
    if code == "partie_over":
        return _("the partie is over; no more deals")
    return None


def _player_text(e: PiquetError) -> str | None:
    """players.py's PlayerError: a player's name or a computer level that does not exist."""
    v, code = e.values, e.code
    if code == "unknown_level" and len(v) == 2:
        return _("computer levels are 1 to {top}, not {level}", top=v[1],
                 level=shown_value(v[0]))
    if code == "unknown_player" and len(v) == 2:
        return _("unknown player {name} (use random, greedy, computer or computer:1 to "
                 "computer:{top})", name=shown_value(v[0]), top=v[1])
    return None


_FAMILIES: Final[tuple[tuple[type[PiquetError], Callable[[PiquetError], str | None]], ...]] = (
    (RulesError, _rules_text),
    (ExchangeError, _exchange_text),
    (CardError, _card_text),
    (HandError, _hand_text),
    (PlayError, _play_text),
    (DeclarationError, _declaration_text),
    (ActionError, _action_text),
    (ReckonError, _reckon_text),
    (PartieError, _partie_text),
    (PlayerError, _player_text),
)


def _generic(e: PiquetError) -> str:
    """An error whose code the text layer does not know yet: its first value named."""
    if e.values and e.values[0] is not None:
        return _("{value} is not allowed here", value=shown_value(e.values[0]))
    return _("this is not allowed here")  # no value to name: never the engine's bare facts


def engine_error_text(e: BaseException) -> str:
    """What went wrong, in the current language, for every error but a deal record's
    (:func:`words.errors.error_text` says those too; plain text: escape it for Markdown)."""
    if not isinstance(e, PiquetError):
        return str(e)  # not the engine's: a bug or the standard library (JSON, files)
    for family, say in _FAMILIES:
        if isinstance(e, family):
            text = say(e)
            if text is not None:
                return text
    return _generic(e)

"""Errors in words: a sentence of the text layer for each engine error's code, naming the
offending value.

Every error the engine raises is a :class:`~piquet.errors.PiquetError` with a ``code`` and
the offending ``values``; :func:`error_text` says it in the current language, from those
facts alone (never from the English ``str()``, which is for developers). The text is plain
(the caller escapes it for Markdown) and reads as a clause: a page shows it alone or inside
its own sentence ("Under Cavendish this record cannot be replayed: {error}.").

>>> from piquet import get_rules, parse_card
>>> from words import use_language
>>> try:
...     get_rules("hoyle")
... except ValueError as e:
...     error_text(e)
"'hoyle' is not a rules preset (choose britannica or cavendish)"
>>> with use_language("qps"):
...     not_a_card_text("6S")
"⟦'6S' is not a card (the piquet pack has no cards below the seven)⟧"

A code the text layer does not know yet is said by a generic sentence naming the first
value; an error with neither a known code nor a value (an engine error still to be given
one) keeps its developer's message, so that the pseudo-locale shows it unwrapped.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final

from piquet.cards import Card, CardError, HandError, Suit
from piquet.errors import PiquetError
from piquet.exchange import ExchangeError
from piquet.play import PlayError
from piquet.record import RecordError
from piquet.rules import RulesError
from words import _, ngettext
from words.names import role_name

__all__ = [
    "CardHint",
    "card_hint",
    "error_text",
    "not_a_card_text",
    "quoted",
    "revoke_text",
    "shown_value",
    "who_text",
]

_QUOTED_LENGTH: Final = 20
_RANKS: Final = frozenset(("A", "K", "Q", "J", "10", "T", "9", "8", "7"))
_SUITS: Final = "SHDC♠♥♦♣"


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
    text = str(who)
    return role_name(text.lower()) if text.lower() in ("elder", "younger") else text


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
    if t in _RANKS or len(t) == 1:
        return CardHint.RANK_ONLY
    if len(t) >= 2 and t[:-1] in ("6", "5", "4", "3", "2") and t[-1] in _SUITS:
        return CardHint.BELOW_SEVEN
    return None


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


def revoke_text(who: str, card: object, led: Card) -> str:
    """``Younger plays 10S to KD but holds a diamond: he must follow suit`` (``who``: the
    player's name)."""
    values = {"who": who, "card": card, "led": led}
    if led.suit is Suit.SPADES:
        return _("{who} plays {card} to {led} but holds a spade: he must follow suit", **values)
    if led.suit is Suit.HEARTS:
        return _("{who} plays {card} to {led} but holds a heart: he must follow suit", **values)
    if led.suit is Suit.DIAMONDS:
        return _("{who} plays {card} to {led} but holds a diamond: he must follow suit",
                 **values)
    return _("{who} plays {card} to {led} but holds a club: he must follow suit", **values)


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
    if e.code in ("card", "not_a_card") and e.values:
        return not_a_card_text(e.values[0])
    return None


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
    return None


def _play_text(e: PiquetError) -> str | None:
    v = e.values
    if e.code == "card_not_held" and len(v) == 2:
        return _("{who} plays {card} but does not hold it", who=who_text(v[0]), card=v[1])
    if e.code == "revoke" and len(v) == 3 and isinstance(v[2], Card):
        return revoke_text(who_text(v[0]), v[1], v[2])
    # PlayError as play.py raises it today: (card,) when the card is not held, (card, led)
    # for a revoke, under its family's code and without the player.
    if e.code == "play" and len(v) == 1:
        return _("{card} is not in the player's hand", card=shown_value(v[0]))
    if e.code == "play" and len(v) == 2 and isinstance(v[1], Card):
        return _("{card} may not be played to {led}: the player holds a card of the suit led "
                 "and must follow suit", card=shown_value(v[0]), led=v[1])
    return None


_FAMILIES: Final[tuple[tuple[type[PiquetError], Callable[[PiquetError], str | None]], ...]] = (
    (RulesError, _rules_text),
    (ExchangeError, _exchange_text),
    (CardError, _card_text),
    (HandError, _hand_text),
    (PlayError, _play_text),
)


def _generic(e: PiquetError) -> str:
    """An error whose code the text layer does not know yet: its first value named."""
    if e.values and e.values[0] is not None:
        return _("{value} is not allowed here", value=shown_value(e.values[0]))
    return str(e)  # an engine error still without a value: its developer's message


def error_text(e: BaseException) -> str:
    """What went wrong, in the current language (plain text: escape it for Markdown)."""
    if not isinstance(e, PiquetError):
        return str(e)  # not the engine's: a bug or the standard library (JSON, files)
    if isinstance(e, RecordError):
        from words.record import record_error_text  # it builds on this module's sentences

        return record_error_text(e)
    for family, say in _FAMILIES:
        if isinstance(e, family):
            text = say(e)
            if text is not None:
                return text
    return _generic(e)

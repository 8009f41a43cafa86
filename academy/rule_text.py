"""The rules on which the presets differ, in words: one sentence per option and value.

Every explanation of a preset's rule (the walkthrough's captions, the table's notes) takes
its words from here, so that the app says the same rule the same way wherever it says it, and
says the rule the engine applies (:class:`~piquet.rules.Rules` flags drive both).

>>> from piquet.rules import BRITANNICA, CAVENDISH
>>> rule_sentence(BRITANNICA, "younger_must_exchange")
'Younger need not exchange at all.'
>>> blanche_showing(CAVENDISH, "elder")
'Elder announces it at once but shows it only after Younger has discarded.'
>>> counted(1, "card"), counted(0, "card", spell=True), counted(2, "trick", spell=True)
('1 card', 'no cards', 'two tricks')
"""

from __future__ import annotations

from typing import Final, Literal

from piquet.declare import BlancheShowing, DialogueLine, LineKind
from piquet.reckon import Role
from piquet.rules import Rules
from words.declarations import line_text

RuleFlag = Literal["last_trick_point", "younger_must_exchange", "higher_cut_chooses",
                   "younger_may_look_at_leftovers", "blanche_shown_after_opponent_discards"]

RULE_SENTENCES: Final[dict[RuleFlag, dict[bool, str]]] = {
    "last_trick_point": {
        True: "The winner of the last trick scores one more for it.",
        False: "The last trick scores nothing extra.",
    },
    "younger_must_exchange": {
        True: "Younger must take at least one card.",
        False: "Younger need not exchange at all.",
    },
    "higher_cut_chooses": {
        True: "The higher cut chooses who deals first.",
        False: "The higher cut deals first.",
    },
    "younger_may_look_at_leftovers": {
        True: "Younger may look at the cards he leaves; if he does, Elder may see them too "
              "once he has named his first lead; otherwise neither player sees them.",
        False: "Younger turns the cards he leaves face up for both players to see, or leaves "
               "them face down for neither.",
    },
    "blanche_shown_after_opponent_discards": {
        True: "A player with carte blanche announces it at once but shows it only after his "
              "opponent has discarded.",
        False: "Elder shows carte blanche at once; Younger announces it at once but shows it "
               "only after Elder has exchanged.",
    },
}
"""``{flag: {value: sentence}}``: the rule each value of a :class:`Rules` flag stands for."""


def rule_sentence(rules: Rules, flag: RuleFlag) -> str:
    """The sentence for ``rules``' value of ``flag``."""
    value: bool = getattr(rules, flag)
    return RULE_SENTENCES[flag][value]


def blanche_showing(rules: Rules, holder: Role) -> str:
    """When ``holder`` shows his carte blanche under ``rules`` (one sentence).

    >>> from piquet.rules import BRITANNICA
    >>> blanche_showing(BRITANNICA, "elder")
    'Elder shows it at once.'
    >>> blanche_showing(BRITANNICA, "younger")
    'Younger announces it at once but shows it only after Elder has exchanged.'
    """
    if holder == "elder":
        if rules.blanche_shown_after_opponent_discards:
            return "Elder announces it at once but shows it only after Younger has discarded."
        return "Elder shows it at once."
    if rules.blanche_shown_after_opponent_discards:
        return "Younger announces it at once but shows it only after Elder has discarded."
    return "Younger announces it at once but shows it only after Elder has exchanged."


def blanche_shown(rules: Rules, holder: Role) -> BlancheShowing:
    """When ``holder`` shows the carte blanche he announces, under ``rules``: the fact a
    carte blanche line of the dialogue names (:func:`blanche_call` says it).

    >>> from piquet.rules import BRITANNICA, CAVENDISH
    >>> blanche_shown(BRITANNICA, "elder"), blanche_shown(CAVENDISH, "younger")
    (<BlancheShowing.NOW: 'now'>, <BlancheShowing.AFTER_DISCARD: 'after_discard'>)
    """
    if rules.blanche_shown_after_opponent_discards:
        return BlancheShowing.AFTER_DISCARD
    return BlancheShowing.NOW if holder == "elder" else BlancheShowing.AFTER_EXCHANGE


def blanche_call(rules: Rules, holder: Role) -> str:
    """What ``holder`` says when he announces carte blanche (a line of the dialogue).

    >>> from piquet.rules import CAVENDISH
    >>> blanche_call(CAVENDISH, "elder")
    'Carte blanche. (Elder will show it once Younger has discarded.)'
    """
    line = DialogueLine(holder, LineKind.BLANCHE, combination=blanche_shown(rules, holder))
    return line_text(line)


def blanche_is_shown(rules: Rules, holder: Role, *, elder_discarded: bool,
                     younger_discarded: bool) -> bool:
    """Whether ``holder``'s carte blanche has been shown at this point of the exchange
    (what :func:`blanche_showing` says, as a test of a moment)."""
    if holder == "younger":
        return elder_discarded
    if rules.blanche_shown_after_opponent_discards:
        return younger_discarded
    return True


# --------------------------------------------------------------------------- counted words

_SPELLED: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                   "nine", "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """``0`` -> ``"no"``, ``1`` -> ``"one"`` ... ``12`` -> ``"twelve"``; digits beyond."""
    return _SPELLED[n] if 0 <= n < len(_SPELLED) else str(n)


def counted(n: int, noun: str, plural: str | None = None, *, spell: bool = False) -> str:
    """``n`` and the noun in the number that agrees with it: "1 card", "2 cards", "0 cards"
    (``spell=True``: "one card", "two cards", "no cards")."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{number_word(n) if spell else n} {word}"


def agree(n: int, singular: str, plural: str) -> str:
    """The verb form for a subject of ``n`` things: ``agree(1, "stays", "stay")``."""
    return singular if n == 1 else plural


__all__ = [
    "RULE_SENTENCES",
    "RuleFlag",
    "agree",
    "blanche_call",
    "blanche_is_shown",
    "blanche_showing",
    "blanche_shown",
    "counted",
    "number_word",
    "rule_sentence",
]

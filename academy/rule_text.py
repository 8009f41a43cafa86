"""The rules on which the presets differ, in words: one sentence per option and value.

Every explanation of a preset's rule (the walkthrough's captions, the table's notes) takes
its words from here, so that the app says the same rule the same way wherever it says it, and
says the rule the engine applies (:class:`~piquet.rules.Rules` flags drive both). The
sentences are messages of the text layer, said in the current language when asked for.

>>> from piquet.rules import BRITANNICA, CAVENDISH
>>> rule_sentence(BRITANNICA, "younger_must_exchange")
'Younger need not exchange at all.'
>>> blanche_showing(CAVENDISH, "elder")
'Elder announces it at once but shows it only after Younger has discarded.'
>>> from words import use_language
>>> with use_language("qps"):
...     RULE_SENTENCES["last_trick_point"][False]
'⟦The last trick scores nothing extra.⟧'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final, Literal

from piquet.declare import BlancheShowing, DialogueLine, LineKind
from piquet.reckon import Role
from piquet.rules import Rules
from words import _
from words.declarations import line_text

RuleFlag = Literal["last_trick_point", "younger_must_exchange", "higher_cut_chooses",
                   "younger_may_look_at_leftovers", "blanche_shown_after_opponent_discards"]


def _sentences() -> dict[RuleFlag, dict[bool, str]]:
    return {
        "last_trick_point": {
            True: _("The winner of the last trick scores one more for it."),
            False: _("The last trick scores nothing extra."),
        },
        "younger_must_exchange": {
            True: _("Younger must take at least one card."),
            False: _("Younger need not exchange at all."),
        },
        "higher_cut_chooses": {
            True: _("The higher cut chooses who deals first."),
            False: _("The higher cut deals first."),
        },
        "younger_may_look_at_leftovers": {
            True: _("Younger may look at the cards he leaves; if he does, Elder may see them "
                    "too once he has named his first lead; otherwise neither player sees them."),
            False: _("Younger turns the cards he leaves face up for both players to see, or "
                     "leaves them face down for neither."),
        },
        "blanche_shown_after_opponent_discards": {
            True: _("A player with carte blanche announces it at once but shows it only after "
                    "his opponent has discarded."),
            False: _("Elder shows carte blanche at once; Younger announces it at once but shows "
                     "it only after Elder has exchanged."),
        },
    }


class _RuleSentences(Mapping[RuleFlag, dict[bool, str]]):
    """``{flag: {value: sentence}}``, said in the language current when it is read."""

    def __getitem__(self, flag: RuleFlag) -> dict[bool, str]:
        return _sentences()[flag]

    def __iter__(self) -> Iterator[RuleFlag]:
        return iter(_sentences())

    def __len__(self) -> int:
        return len(_sentences())


RULE_SENTENCES: Final[Mapping[RuleFlag, dict[bool, str]]] = _RuleSentences()
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
            return _("Elder announces it at once but shows it only after Younger has "
                     "discarded.")
        return _("Elder shows it at once.")
    if rules.blanche_shown_after_opponent_discards:
        return _("Younger announces it at once but shows it only after Elder has discarded.")
    return _("Younger announces it at once but shows it only after Elder has exchanged.")


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


__all__ = [
    "RULE_SENTENCES",
    "RuleFlag",
    "blanche_call",
    "blanche_is_shown",
    "blanche_showing",
    "blanche_shown",
    "rule_sentence",
]

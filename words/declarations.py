"""The declarations in words: dialogue lines, verdicts, Younger's answers, combinations.

Every page and the teaching package say these through here, never through the engine.
"""

from __future__ import annotations

from piquet.combos import CardSet, Point, Sequence as Run
from piquet.declare import Answer, DialogueLine, LineKind, Verdict
from words import _

__all__ = ["answer_text", "combination_text", "line_text", "says_nothing", "verdict_text"]


def line_text(line: DialogueLine) -> str:
    """One line of the dialogue as it is spoken."""
    return line.text


def says_nothing(line: DialogueLine) -> bool:
    """Whether the line calls nothing ("No point.", "No sequence.", "No set.")."""
    return line.kind is LineKind.NOTHING


def verdict_text(v: Verdict) -> str:
    """A sentence on the cards: who scores the category and why."""
    return v.explain()


def answer_text(answer: Answer | None) -> str:
    """Younger's answer in words ("" when Elder called nothing)."""
    if answer is None:
        return ""
    return {Answer.GOOD: _("Good"), Answer.NOT_GOOD: _("Not good"),
            Answer.EQUAL: _("Equal")}[answer]


def combination_text(c: Point | Run | CardSet) -> str:
    """A combination with its cards and score ("a quint to the king in spades (15)")."""
    return c.describe()

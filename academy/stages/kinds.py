"""The registry of task kinds: how each makes its task, points its hint and (where several
answers are right) accepts an answer. :func:`check` judges what a learner gave."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from academy.stages import kinds_advisor as a, kinds_hand as h, kinds_other as o
from academy.stages.model import Checked, Given, Hint, Task
from piquet.cards import Card, cards_mask
from piquet.rules import Rules

__all__ = ["KINDS", "Kind", "check", "hint"]

Make = Callable[[random.Random, Rules, Mapping[str, Any]], dict[str, Any]]
Accepts = Callable[[Task, Given], bool]
Hinter = Callable[[Task, Given], Hint]
Alternatives = Callable[[Task], tuple[frozenset[Card], ...]]


@dataclass(frozen=True, slots=True)
class Kind:
    make: Make
    hint: Hinter
    accepts: Accepts | None = None
    """The engine's rule, for a kind where several answers are right; else the answer must
    equal :attr:`Task.answer`."""
    alternatives: Alternatives | None = None
    """For a cards kind where a tie makes several sets of cards right (two suits making the
    same point): every one of them; the answer must be one."""


KINDS: Final[dict[str, Kind]] = {
    "point_cards": Kind(h.make_point_cards, h.hint_point, alternatives=h.point_alternatives),
    "point_pips": Kind(h.make_point_pips, h.hint_point),
    "sequence_cards": Kind(h.make_sequence_cards, h.hint_sequence,
                           alternatives=h.sequence_alternatives),
    "sequence_score": Kind(h.make_sequence_score, h.hint_sequence),
    "set_cards": Kind(h.make_set_cards, h.hint_set),
    "set_score": Kind(h.make_set_score, h.hint_set),
    "blanche_yes": Kind(h.make_blanche_yes, h.hint_blanche),
    "blanche_spoilers": Kind(h.make_blanche_spoilers, h.hint_blanche),
    "verdict": Kind(h.make_verdict, h.hint_verdict),
    "younger_answer": Kind(h.make_younger_answer, h.hint_verdict),
    "discard_keep": Kind(h.make_discard_keep, h.hint_discard, h.accepts_discard),
    "discard_best": Kind(a.make_discard_best, a.hint_discard_best),
    "deal_count": Kind(o.make_deal_count, o.hint_deal),
    "younger_takes": Kind(o.make_younger_takes, o.hint_deal),
    "must_play": Kind(o.make_must_play, o.hint_play, o.accepts_play),
    "winning_cards": Kind(o.make_winning_cards, o.hint_play),
    "cards_bonus": Kind(o.make_cards_bonus, o.hint_deal),
    "bonus_kind": Kind(o.make_bonus_kind, o.hint_reckoning),
    "settle": Kind(o.make_settle, o.hint_settle),
    "rule_yes": Kind(o.make_rule_yes, o.hint_deal),
}


def _as_given(task: Task, given: object) -> Given:
    """``given`` in the shape of the task's answer (anything else: ``None``)."""
    if given is None:
        return None
    if task.answer_kind == "cards":
        if isinstance(given, (set, frozenset, list, tuple)) and all(
                isinstance(c, Card) for c in given):
            return frozenset(given)
        return None
    if task.answer_kind == "card":
        return given if isinstance(given, Card) else None
    if task.answer_kind == "number":
        if isinstance(given, bool):
            return None
        if isinstance(given, (int, float)) and float(given).is_integer():
            return int(given)
        return None
    return given if isinstance(given, str) and given in task.choices else None


def check(task: Task, given: object) -> Checked:
    """Judge ``given`` (cards tapped, a card, an id or a number) against the engine."""
    value = _as_given(task, given)
    if value is None or value == frozenset():
        return Checked(False, empty=True)
    kind = KINDS[task.kind]
    if kind.accepts is not None:
        right = kind.accepts(task, value)
    elif not isinstance(value, frozenset):
        right = value == task.answer
    else:  # cards: compared as bit masks (every set of a hand may be tried)
        given_bits = cards_mask(value)
        rights = [cards_mask(r) for r in (
            kind.alternatives(task) if kind.alternatives is not None else (task.answer_cards,))]
        right = given_bits in rights
    if not isinstance(value, frozenset) or right:
        return Checked(right)
    if kind.accepts is not None:
        return Checked(False)
    # the right answer nearest to what was tapped (the engine's own first)
    first = cards_mask(task.answer_cards)
    want = max(rights, key=lambda r: ((r & given_bits).bit_count(), r == first))
    missing = tuple(c for c in task.pick if c.bit & want and not c.bit & given_bits)
    extra = tuple(c for c in task.pick if c.bit & given_bits and not c.bit & want)
    return Checked(False, partly=bool(want) and not extra and given_bits != want,
                   missing=missing, extra=extra)


def hint(task: Task, given: object = None) -> Hint:
    """What the hint after a wrong answer points at (cards of the task)."""
    return KINDS[task.kind].hint(task, _as_given(task, given))

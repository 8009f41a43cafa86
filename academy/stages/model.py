"""The stage model: a stage of a lesson, the task it makes, what the learner gives, and what
the check finds. Facts only (cards, ids, numbers); :mod:`academy.stages.says` says them.

Answers are ids, cards or numbers, never labels:

- ``"cards"``: a set of cards tapped in the learner's hand (``frozenset[Card]``);
- ``"card"``: one card played (a :class:`~piquet.cards.Card`);
- ``"choice"``: an id among :attr:`Task.choices` (``"elder"``, ``"good"``, ``"yes"``...);
- ``"number"``: an ``int``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, TypeAlias

from piquet.cards import Card

__all__ = [
    "AnswerKind",
    "Checked",
    "Given",
    "Hint",
    "HintKind",
    "Stage",
    "Task",
]

AnswerKind = Literal["cards", "card", "choice", "number"]
Given: TypeAlias = frozenset[Card] | Card | str | int | None
"""What the learner gave: see the module docstring (``None``: nothing yet)."""


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a lesson's path: ``id`` is stable (``"04-point/2"``), ``lesson`` the
    lesson's slug (``"point"``), ``lesson_id`` its file's name (``"04-point"``), ``number``
    its place on the path (from 1), ``kind`` the task kind and ``params`` the kind's options
    from the content file."""

    id: str
    lesson: str
    lesson_id: str
    number: int
    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """One task made for a stage from a seed: what to show, what to ask, and the engine's
    answer.

    ``hands``: the rows of cards shown, ``(role, cards)``; ``pick``: the learner's cards
    to tap (``"cards"`` and ``"card"`` tasks), held by ``role``; ``count``: how many cards
    must be tapped (``None``: as many as the answer has); ``choices``: the ids offered;
    ``facts``: what the kind's words need (a led card, a suit, totals...); ``answer``: the
    engine's answer (for a task that several answers satisfy, one of them: the check is the
    engine's rule, :func:`academy.stages.check`)."""

    stage_id: str
    kind: str
    seed: int
    rules: str
    answer_kind: AnswerKind
    answer: frozenset[Card] | Card | str | int
    role: str = "elder"
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    pick: tuple[Card, ...] = ()
    count: int | None = None
    choices: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def answer_cards(self) -> frozenset[Card]:
        """The cards the answer is made of (empty for a choice or a number)."""
        if isinstance(self.answer, frozenset):
            return self.answer
        if isinstance(self.answer, Card):
            return frozenset((self.answer,))
        return frozenset()


class HintKind(Enum):
    """What a hint points at."""

    SUIT = "suit"
    """Look at the cards of one suit (``suit``; ``cards`` the ones that matter)."""
    RANK = "rank"
    """Look at the cards of one rank."""
    CARDS = "cards"
    """Look at these cards."""
    COUNT = "count"
    """Tap exactly ``number`` cards."""
    RULE = "rule"
    """The rule that decides (the kind's own sentence; ``cards`` the cards it is about)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint's facts: what it points at, and the cards behind it (cards of the task)."""

    kind: HintKind
    cards: tuple[Card, ...] = ()
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Checked:
    """What the check found: ``right``; ``partly`` when some but not all of the right cards
    were tapped (and none wrong); ``missing`` and ``extra``, the cards left out and the
    cards tapped wrongly (``"cards"`` tasks); ``empty`` when nothing was given."""

    right: bool
    partly: bool = False
    missing: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    empty: bool = False

"""The writes a learner's session makes, as plain values.

A write is data, not a call: a session can keep the writes the database did not take (while
it is unreachable) and hand them to :meth:`store.progress.Store.apply` later, in order, with
the moments they were made.

Each write carries a random ``write_id``, and the store applies a write id once
(:meth:`store.progress.Store.apply`): a write whose transaction the server committed after the
session gave up waiting (:mod:`store.deadline`) is not applied again when the session retries.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, TypeAlias

__all__ = [
    "MY_PUZZLE_KIND",
    "OUTCOMES",
    "AnswerGiven",
    "ClearPartie",
    "Forget",
    "ItemSeen",
    "LessonDone",
    "MyPuzzleMade",
    "PuzzleAttempt",
    "RoundFinished",
    "RoundStarted",
    "RoundState",
    "SavePartie",
    "SaveSettings",
    "Write",
    "new_write_id",
]

#: The kind of item (spaced repetition) a learner's own puzzle is.
MY_PUZZLE_KIND: Final = "my_puzzle"
#: The outcomes of a quiz answer.
OUTCOMES: Final = ("right", "wrong", "skipped")
_ID_MAX: Final = 32
WRITE_ID_LEN: Final = 32


def new_write_id() -> str:
    """A write's id: 128 random bits as 32 hex digits (no learner can be told from it).

    >>> len(new_write_id()), new_write_id() != new_write_id()
    (32, True)
    """
    return secrets.token_hex(WRITE_ID_LEN // 2)


def _check_text(name: str, value: str, limit: int) -> None:
    if not value or len(value) > limit:
        raise ValueError(f"{name} must be 1-{limit} characters")


@dataclass(frozen=True, slots=True)
class SaveSettings:
    """The learner's settings; a ``None`` field is left as it is."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    preset: str | None = None
    four_colour: bool | None = None
    language: str | None = None


@dataclass(frozen=True, slots=True)
class ItemSeen:
    """One answer on an item (``kind`` e.g. "stage", "quiz_kind", "lesson"): right or not."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    kind: str
    item: str
    right: bool

    def __post_init__(self) -> None:
        _check_text("kind", self.kind, 24)
        _check_text("item", self.item, 120)


@dataclass(frozen=True, slots=True)
class LessonDone:
    """A pass through a lesson's stages finished: ``first_try`` of its ``stages`` right at
    the first try. The best pass is kept (stars earned stay)."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    lesson: str
    first_try: int
    stages: int

    def __post_init__(self) -> None:
        _check_text("lesson", self.lesson, 40)
        if not 0 <= self.first_try <= self.stages:
            raise ValueError("first_try is between 0 and the lesson's stages")


@dataclass(frozen=True, slots=True)
class PuzzleAttempt:
    """One attempt at a puzzle of the catalogue: right or not. ``seed_rating`` is the
    puzzle's first rating (the catalogue's), used when it has none stored yet."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    puzzle: str
    solved: bool
    seed_rating: float

    def __post_init__(self) -> None:
        _check_text("puzzle", self.puzzle, 40)


@dataclass(frozen=True, slots=True)
class MyPuzzleMade:
    """A puzzle cut from the learner's own deal (``data``: ``academy.puzzles.Puzzle.as_json``):
    kept once, and counted a miss when new (:data:`MY_PUZZLE_KIND` in the spaced
    repetition, due again a minute later)."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    puzzle: str
    data: Any

    def __post_init__(self) -> None:
        _check_text("puzzle", self.puzzle, 40)
        json.dumps(self.data)  # raises TypeError now, not later inside a transaction


@dataclass(frozen=True, slots=True)
class RoundStarted:
    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    round_id: str
    length: int
    level: str | None = None
    seed: str | None = None

    def __post_init__(self) -> None:
        _check_text("round_id", self.round_id, _ID_MAX)
        if self.length < 1:
            raise ValueError("a round has at least one question")


@dataclass(frozen=True, slots=True)
class AnswerGiven:
    """The answer at ``position`` (0-based) of a round: "right", "wrong" or "skipped"."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    round_id: str
    position: int
    kind: str
    outcome: str

    def __post_init__(self) -> None:
        _check_text("round_id", self.round_id, _ID_MAX)
        _check_text("kind", self.kind, 40)
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}")
        if self.position < 0:
            raise ValueError("position is 0-based")


@dataclass(frozen=True, slots=True)
class RoundFinished:
    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    round_id: str


@dataclass(frozen=True, slots=True)
class RoundState:
    """The state of a quiz round (any JSON document: what it needs to resume after a reload;
    it replaces the one saved before). The round must have been started."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    round_id: str
    state: Any

    def __post_init__(self) -> None:
        _check_text("round_id", self.round_id, _ID_MAX)
        json.dumps(self.state)  # raises TypeError now, not later inside a transaction


@dataclass(frozen=True, slots=True)
class SavePartie:
    """The partie in progress (any JSON document; it replaces the one saved before)."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)
    data: Any

    def __post_init__(self) -> None:
        json.dumps(self.data)  # raises TypeError now, not later inside a transaction


@dataclass(frozen=True, slots=True)
class ClearPartie:
    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)


@dataclass(frozen=True, slots=True)
class Forget:
    """Delete every row of the learner ("forget me"): their progress, and their pupils in
    every class with the answers they gave there and their browser's wrong tries (the
    classes themselves stay; :func:`store.class_forget.forget_learner`)."""

    at: datetime
    write_id: str = field(default_factory=new_write_id, kw_only=True, compare=False,
                          repr=False)


Write: TypeAlias = (
    SaveSettings | ItemSeen | RoundStarted | AnswerGiven | RoundFinished | SavePartie
    | ClearPartie | Forget | RoundState | LessonDone | PuzzleAttempt | MyPuzzleMade
)

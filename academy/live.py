"""A live round's rules, pure Python: the screens a teacher steps through, the score of an
answer, and when a question's answers lock.

A live round shows the class's questions one at a time. Its screens, in order: the lobby
(pupils join), then for each question ``k`` the question (answers open), the lock (answers
closed; how the class answered), the reveal (the right answer explained on the cards) and,
when the round keeps scores, the leaderboard; the podium closes the round. Next and Back step
through them; a question whose answers were opened once is never opened again (Next from the
screen before it goes to its lock, Back skips it), so that each pupil answers each question
once, in the time allowed.

>>> s = LiveState(Phase.LOBBY, 0, -1)
>>> s = step_next(s, total=2, scores=True); (s.phase, s.question, s.asked)
(<Phase.QUESTION: 'question'>, 0, 0)
>>> s = step_next(step_next(s, total=2, scores=True), total=2, scores=True)
>>> s.phase.value, step_back(s, total=2, scores=True).phase.value
('reveal', 'locked')
>>> step_next(LiveState(Phase.LEADERBOARD, 0, 1), total=2, scores=True).phase.value
'locked'
>>> score(0.0, 20), score(10.0, 20), score(20.0, 20), score(25.0, 20)
(1000, 750, 500, 500)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

__all__ = [
    "MAX_POINTS",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "SEEN_WINDOW_S",
    "LiveState",
    "Phase",
    "all_answered",
    "check_seconds",
    "score",
    "step_back",
    "step_next",
    "step_reveal",
]

MIN_SECONDS: Final = 10
MAX_SECONDS: Final = 120
MAX_POINTS: Final = 1000
SEEN_WINDOW_S: Final = 30
"""A pupil counts as present when their page asked for the round's state within this many
seconds; answers lock early once every present pupil has answered."""


class Phase(StrEnum):
    """The screen a live round is on."""

    LOBBY = "lobby"
    QUESTION = "question"  # answers open until the deadline
    LOCKED = "locked"  # answers closed: the count and how the class answered
    REVEAL = "reveal"  # the right answer, explained on the cards
    LEADERBOARD = "leaderboard"
    PODIUM = "podium"


@dataclass(frozen=True, slots=True)
class LiveState:
    """Where a round stands: its screen, the question it is at (0-based) and the highest
    question whose answers were ever opened (-1: none yet)."""

    phase: Phase
    question: int
    asked: int


def check_seconds(seconds: object) -> int:
    """The time allowed a question, in whole seconds from :data:`MIN_SECONDS` to
    :data:`MAX_SECONDS`; ValueError otherwise."""
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise ValueError("seconds must be a whole number")
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be {MIN_SECONDS}-{MAX_SECONDS}")
    return seconds


def score(elapsed: float, allowed: float) -> int:
    """A right answer's points: ``1000 × (1 − t / (2T))`` rounded half up, ``t`` the seconds
    from the server's start of the question (clamped to 0..T) and ``T`` the time allowed. A
    wrong or missing answer scores 0 (the caller's)."""
    if allowed <= 0:
        raise ValueError("allowed must be positive")
    t = min(max(float(elapsed), 0.0), float(allowed))
    return math.floor(MAX_POINTS * (1.0 - t / (2.0 * allowed)) + 0.5)


def all_answered(present: Iterable[int], answered: Iterable[int]) -> bool:
    """Whether every present pupil (ids) answered: never true with no one present."""
    here = set(present)
    return bool(here) and here <= set(answered)


def _screens(total: int, scores: bool) -> list[tuple[Phase, int]]:
    out = [(Phase.LOBBY, 0)]
    for k in range(total):
        out += [(Phase.QUESTION, k), (Phase.LOCKED, k), (Phase.REVEAL, k)]
        if scores:
            out.append((Phase.LEADERBOARD, k))
    out.append((Phase.PODIUM, max(total - 1, 0)))
    return out


def _index(s: LiveState, screens: list[tuple[Phase, int]]) -> int:
    try:
        return screens.index((s.phase, s.question))
    except ValueError:  # a leaderboard while scores are off: its reveal
        return screens.index((Phase.REVEAL, s.question))


def step_next(s: LiveState, *, total: int, scores: bool) -> LiveState:
    """The screen after ``s`` (the same at the podium). A question asked before is not
    opened again: its lock comes instead."""
    if total < 1:
        return s
    screens = _screens(total, scores)
    i = min(_index(s, screens) + 1, len(screens) - 1)
    phase, k = screens[i]
    if phase is Phase.QUESTION:
        if k <= s.asked:
            return LiveState(Phase.LOCKED, k, s.asked)
        return LiveState(phase, k, k)
    return replace(s, phase=phase, question=k)


def step_back(s: LiveState, *, total: int, scores: bool) -> LiveState:
    """The screen before ``s``, skipping the questions (answers never open twice); an open
    question, or the lobby, stays as it is."""
    if total < 1 or s.phase in (Phase.QUESTION, Phase.LOBBY):
        return s
    screens = _screens(total, scores)
    i = _index(s, screens) - 1
    while i > 0 and screens[i][0] is Phase.QUESTION:
        i -= 1
    phase, k = screens[i]
    return replace(s, phase=phase, question=k)


def step_reveal(s: LiveState) -> LiveState:
    """The reveal of the question on screen (from its question or its lock; else
    unchanged)."""
    if s.phase in (Phase.QUESTION, Phase.LOCKED):
        return replace(s, phase=Phase.REVEAL)
    return s

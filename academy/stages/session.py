"""One session on a lesson's path: the stages in order, a retry queue, first-try results.

Pure and deterministic: :class:`LessonRun` is plain data (kept in the page's session);
the functions return what happened, for the page to say and to store.

- A right answer settles the stage's task; right at the first try of the stage's first
  task, it counts for the lesson's score.
- A first wrong answer gets a hint (:data:`Step.HINT`); a second wrong answer shows the
  answer (:data:`Step.REVEALED`) and the stage comes back at the end of the queue, with a new
  task (its ``attempt`` goes up: a new seed, a new hand).
- A skipped stage goes to the end of the queue with a new task; it no longer counts as right
  at the first try.
- The lesson is over when the queue is empty: every stage answered right once.

>>> run = start("point", ("04-point/1", "04-point/2"))
>>> answer(run, right=True)
<Step.RIGHT: 'right'>
>>> advance(run); answer(run, right=False), answer(run, right=False)
(<Step.HINT: 'hint'>, <Step.REVEALED: 'revealed'>)
>>> advance(run); run.queue, run.attempts["04-point/2"]
(['04-point/2'], 1)
>>> answer(run, right=True), advance(run), run.done, score(run)
(<Step.RIGHT: 'right'>, None, True, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

__all__ = [
    "LessonRun",
    "Step",
    "advance",
    "answer",
    "current",
    "score",
    "skip",
    "stars",
    "start",
]


class Step(Enum):
    """What an answer did."""

    RIGHT = "right"
    """Right: the stage is settled; the page says so and offers "Continue"."""
    HINT = "hint"
    """Wrong, the first time on this task: a hint; answer again."""
    REVEALED = "revealed"
    """Wrong again: the answer is shown; the stage comes back later with a new task."""


@dataclass
class LessonRun:
    """A learner's pass through one lesson's stages."""

    lesson: str
    stages: tuple[str, ...]
    queue: list[str]
    attempts: dict[str, int] = field(default_factory=dict)
    """How many tasks each stage has made before the current one (its seed's attempt)."""
    tries: int = 0
    """Wrong answers on the current task."""
    state: Step | None = None
    """What the last answer on the current task did (``None``: not answered yet)."""
    first_try: dict[str, bool] = field(default_factory=dict)
    """Each stage settled so far: right at the first try of its first task, or not."""

    @property
    def done(self) -> bool:
        return not self.queue

    @property
    def position(self) -> int:
        """How many of the lesson's stages are settled (right once)."""
        return len(self.stages) - len(set(self.queue))


def start(lesson: str, stages: Sequence[str]) -> LessonRun:
    return LessonRun(lesson, tuple(stages), list(stages))


def current(run: LessonRun) -> str | None:
    """The stage on show (``None`` once the lesson is done)."""
    return run.queue[0] if run.queue else None


def answer(run: LessonRun, *, right: bool) -> Step:
    """Record an answer on the current task (ignored once settled: the same step again)."""
    stage = current(run)
    if stage is None or run.state in (Step.RIGHT, Step.REVEALED):
        return run.state or Step.RIGHT
    if right:
        run.first_try.setdefault(stage, run.tries == 0)
        run.state = Step.RIGHT
    elif run.tries == 0:
        run.tries = 1
        run.state = Step.HINT
    else:
        run.first_try.setdefault(stage, False)
        run.state = Step.REVEALED
    return run.state


def advance(run: LessonRun) -> None:
    """After a settled task ("Continue"): a right stage leaves the queue; a revealed one
    comes back at the end with a new task."""
    stage = current(run)
    if stage is None or run.state not in (Step.RIGHT, Step.REVEALED):
        return
    run.queue.pop(0)
    if run.state is Step.REVEALED:
        run.queue.append(stage)
        run.attempts[stage] = run.attempts.get(stage, 0) + 1
    run.tries = 0
    run.state = None


def skip(run: LessonRun) -> None:
    """Skip the current stage: it comes back at the end of the queue with a new task."""
    stage = current(run)
    if stage is None or run.state is Step.RIGHT:
        return
    run.first_try.setdefault(stage, False)
    run.queue.pop(0)
    run.queue.append(stage)
    run.attempts[stage] = run.attempts.get(stage, 0) + 1
    run.tries = 0
    run.state = None


def score(run: LessonRun) -> tuple[int, int]:
    """(stages right at the first try, stages of the lesson)."""
    return sum(1 for s in run.stages if run.first_try.get(s)), len(run.stages)


def stars(right: int, total: int) -> int:
    """Three stars for every stage right at the first try, two for two thirds, else one.

    >>> stars(4, 4), stars(3, 4), stars(1, 3), stars(0, 3)
    (3, 2, 1, 1)
    """
    if total and right == total:
        return 3
    return 2 if total and right * 3 >= total * 2 else 1

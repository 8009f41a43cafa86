"""Spaced repetition as pure functions: when an item (a stage, a quiz kind, a lesson) is due.

The scheduler is FSRS (the ``fsrs`` package, the Free Spaced Repetition Scheduler Anki
uses), wrapped here so that the rest of the store sees one typed value, :class:`Review`. An
item is an FSRS card; an answer is one review of it: right = ``Rating.Good``, wrong =
``Rating.Again``. A new item goes through the learning steps (1 and 10 minutes), a missed
one through the relearning step (10 minutes); after that FSRS spaces it by its stability
(the days after which it is recalled nine times in ten) and its difficulty. So a miss brings
an item back within minutes, a right answer later, and each right answer later still.

``fuzz`` spreads the longer intervals a little at random, as Anki does, so that items
learnt together do not all fall due the same day; it is off unless asked for (the app asks,
tests do not: the same answers give the same dates).

>>> from datetime import UTC
>>> t0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
>>> r = review(None, right=False, now=t0)          # a miss, first time seen
>>> r.wrong, r.state is State.LEARNING, r.due_at - t0
(1, True, datetime.timedelta(seconds=60))
>>> r = review(r, right=True, now=r.due_at)         # right when it came back
>>> r.right, r.due_at - r.last_seen
(1, datetime.timedelta(seconds=600))
>>> r = review(r, right=True, now=r.due_at)         # right again: into review, days away
>>> r.state is State.REVIEW, r.interval >= timedelta(days=1)
(True, True)
>>> r = review(r, right=False, now=r.due_at)        # missed again: ten minutes
>>> r.state is State.RELEARNING, r.interval, (r.right, r.wrong)
(True, datetime.timedelta(seconds=600), (2, 2))
>>> is_due(r, r.due_at), is_due(r, r.due_at - timedelta(seconds=1))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import IntEnum
from typing import Final

from fsrs import Card, Rating, Scheduler, State as FsrsState

from store.clock import as_utc

__all__ = ["Review", "State", "due_first", "is_due", "review", "scheduler"]


class State(IntEnum):
    """Where an item is in FSRS (the values are ``fsrs.State``'s, stored as they are)."""

    LEARNING = 1
    """New: going through the learning steps (1 minute, 10 minutes)."""
    REVIEW = 2
    """Learnt: spaced by its stability, days and more."""
    RELEARNING = 3
    """Missed after it was learnt: the relearning step (10 minutes)."""


@dataclass(frozen=True, slots=True)
class Review:
    """Where an item stands: its counts, its FSRS card (state, step, stability in days,
    difficulty 1-10), when it is due, when it was last answered and how."""

    right: int
    wrong: int
    state: State
    step: int | None
    stability: float
    difficulty: float
    due_at: datetime
    last_seen: datetime
    last_right: bool

    @property
    def interval(self) -> timedelta:
        """The wait after the last answer."""
        return as_utc(self.due_at) - as_utc(self.last_seen)


_SCHEDULERS: Final = {fuzz: Scheduler(enable_fuzzing=fuzz) for fuzz in (False, True)}


def scheduler(*, fuzz: bool = False) -> Scheduler:
    """The FSRS scheduler (default parameters, retention 0.9); ``fuzz``: with fuzzing."""
    return _SCHEDULERS[fuzz]


def _card(previous: Review | None, now: datetime) -> Card:
    if previous is None:
        return Card(card_id=1, due=now)
    return Card(
        card_id=1,
        state=FsrsState(int(previous.state)),
        step=previous.step,
        stability=previous.stability,
        difficulty=previous.difficulty,
        due=as_utc(previous.due_at),
        last_review=as_utc(previous.last_seen),
    )


def review(
    previous: Review | None, *, right: bool, now: datetime, fuzz: bool = False
) -> Review:
    """The item after one more answer at ``now`` (right = Good, wrong = Again).

    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> first = review(None, right=True, now=t)
    >>> first.state is State.LEARNING, first.due_at.isoformat()
    (True, '2026-01-01T00:10:00+00:00')
    >>> top = first
    >>> for _ in range(12):
    ...     top = review(top, right=True, now=top.due_at)
    >>> top.interval > timedelta(days=365), top.right
    (True, 13)
    """
    moment = as_utc(now).astimezone(UTC)
    card, _log = scheduler(fuzz=fuzz).review_card(
        _card(previous, moment), Rating.Good if right else Rating.Again, moment)
    assert card.stability is not None and card.difficulty is not None
    return Review(
        right=(previous.right if previous else 0) + (1 if right else 0),
        wrong=(previous.wrong if previous else 0) + (0 if right else 1),
        state=State(int(card.state)),
        step=card.step,
        stability=float(card.stability),
        difficulty=float(card.difficulty),
        due_at=card.due,
        last_seen=moment,
        last_right=right,
    )


def is_due(item: Review, now: datetime) -> bool:
    """Whether ``item`` is due at ``now``."""
    return as_utc(item.due_at) <= as_utc(now)


def due_first(items: Iterable[Review], now: datetime) -> list[Review]:
    """The items due at ``now``, the least stable first (the shakiest), then the longest
    overdue.

    >>> t = datetime(2026, 1, 10, tzinfo=UTC)
    >>> a = review(None, right=False, now=t - timedelta(hours=2))
    >>> b = review(review(None, right=True, now=t - timedelta(days=3)), right=True,
    ...            now=t - timedelta(days=3))
    >>> c = review(None, right=True, now=t)                     # not due yet
    >>> [x.wrong for x in due_first([b, c, a], t)]
    [1, 0]
    """
    due = [item for item in items if is_due(item, now)]
    return sorted(due, key=lambda item: (item.stability, as_utc(item.due_at)))

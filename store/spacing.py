"""Spaced repetition as pure functions: when an item (a stage, a quiz kind, a lesson) is due.

Leitner boxes: an item answered right moves up one box, and each box waits longer than the
one before (:data:`LADDER`); an item missed drops back to box 0 and comes back ten minutes
later, in the same session or the next. So a miss brings an item back sooner, a right answer
later, and a missed-again item stays at the short end until it is answered right.

>>> from datetime import UTC
>>> t0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
>>> r = review(None, right=False, now=t0)         # a miss, first time seen
>>> r.box, r.wrong, r.due_at - t0
(0, 1, datetime.timedelta(seconds=600))
>>> r = review(r, right=True, now=r.due_at)        # right when it came back
>>> r.box, r.right, r.interval
(1, 1, datetime.timedelta(days=1))
>>> r = review(r, right=True, now=r.due_at)
>>> r.box, r.interval
(2, datetime.timedelta(days=3))
>>> r = review(r, right=False, now=r.due_at)       # missed again: back to the start
>>> r.box, r.interval, r.right, r.wrong
(0, datetime.timedelta(seconds=600), 2, 2)
>>> is_due(r, r.due_at), is_due(r, r.due_at - timedelta(seconds=1))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from store.clock import as_utc

__all__ = ["LADDER", "Review", "box_interval", "due_first", "is_due", "review"]

#: How long each box waits before its items are due again (box 0: just missed).
LADDER: Final[tuple[timedelta, ...]] = (
    timedelta(minutes=10),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=16),
    timedelta(days=35),
    timedelta(days=90),
)


@dataclass(frozen=True, slots=True)
class Review:
    """Where an item stands: counts, its box, the wait after the last answer, when it is due."""

    right: int
    wrong: int
    box: int
    interval: timedelta
    due_at: datetime
    last_seen: datetime
    last_right: bool


def box_interval(box: int) -> timedelta:
    """The wait of ``box`` (clamped to the ladder).

    >>> box_interval(0), box_interval(99) == LADDER[-1]
    (datetime.timedelta(seconds=600), True)
    """
    return LADDER[max(0, min(box, len(LADDER) - 1))]


def review(previous: Review | None, *, right: bool, now: datetime) -> Review:
    """The item after one more answer at ``now``: up a box when right, box 0 when missed.

    A first answer that is right puts the item in box 1 (due the next day).

    >>> from datetime import UTC
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> first = review(None, right=True, now=t)
    >>> first.box, first.due_at.isoformat()
    (1, '2026-01-02T00:00:00+00:00')
    >>> top = first
    >>> for _ in range(20):
    ...     top = review(top, right=True, now=top.due_at)
    >>> top.box == len(LADDER) - 1, top.interval == LADDER[-1], top.right
    (True, True, 21)
    """
    now = as_utc(now)
    before_box = previous.box if previous is not None else 0
    box = min(before_box + 1, len(LADDER) - 1) if right else 0
    interval = box_interval(box)
    return Review(
        right=(previous.right if previous else 0) + (1 if right else 0),
        wrong=(previous.wrong if previous else 0) + (0 if right else 1),
        box=box,
        interval=interval,
        due_at=now + interval,
        last_seen=now,
        last_right=right,
    )


def is_due(item: Review, now: datetime) -> bool:
    """Whether ``item`` is due at ``now``."""
    return as_utc(item.due_at) <= as_utc(now)


def due_first(items: Iterable[Review], now: datetime) -> list[Review]:
    """The items due at ``now``, lowest box first (the shakiest), then the longest overdue.

    >>> from datetime import UTC
    >>> t = datetime(2026, 1, 10, tzinfo=UTC)
    >>> a = review(None, right=False, now=t - timedelta(hours=2))
    >>> b = review(None, right=True, now=t - timedelta(days=3))
    >>> c = review(None, right=True, now=t)                     # not due yet
    >>> [x.box for x in due_first([b, c, a], t)]
    [0, 1]
    """
    due = [item for item in items if is_due(item, now)]
    return sorted(due, key=lambda item: (item.box, as_utc(item.due_at)))

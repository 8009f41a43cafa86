"""Time for the store: every function that needs "now" takes a clock, so tests use a fake one.

A clock is any callable that returns an aware UTC :class:`~datetime.datetime`.

>>> clock = FakeClock(datetime(2026, 1, 1, 9, 0, tzinfo=UTC))
>>> clock()
datetime.datetime(2026, 1, 1, 9, 0, tzinfo=datetime.timezone.utc)
>>> clock.advance(minutes=10)
>>> clock().isoformat()
'2026-01-01T09:10:00+00:00'
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TypeAlias

__all__ = ["UTC", "Clock", "FakeClock", "as_utc", "utc_now"]

Clock: TypeAlias = Callable[[], datetime]


def utc_now() -> datetime:
    """The real clock: now, aware, in UTC."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime; a naive one is taken to be UTC already.

    >>> as_utc(datetime(2026, 1, 1, 12)).tzinfo
    datetime.timezone.utc
    """
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


class FakeClock:
    """A clock that stands still until told to move (tests, benchmarks)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = as_utc(start or datetime(2026, 1, 1, tzinfo=UTC))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move on by ``timedelta(**delta)`` (``days=3``, ``minutes=10``)."""
        self.now += timedelta(**delta)

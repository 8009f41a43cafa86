"""Column types shared by the schema and its migrations."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from store.clock import as_utc

__all__ = ["KEY_LEN", "UTCDateTime"]

#: Length of a learner key (hex SHA-256).
KEY_LEN = 64


class UTCDateTime(TypeDecorator[datetime]):
    """A moment stored as naive UTC (the same on SQLite and PostgreSQL), read back aware."""

    impl = DateTime(timezone=False)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return as_utc(value).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC)

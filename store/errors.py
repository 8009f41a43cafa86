"""The store's own errors."""

from __future__ import annotations

__all__ = ["SchemaTooNew", "StoreUnavailable"]


class StoreUnavailable(RuntimeError):
    """The store cannot be used now (misconfigured, or its database is unreachable).

    :class:`store.saver.Saver` treats it like a lost connection: writes are kept for later.
    """


class SchemaTooNew(StoreUnavailable):
    """The database was migrated by a newer version of the app than this one."""

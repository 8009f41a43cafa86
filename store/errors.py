"""The store's own errors."""

from __future__ import annotations

__all__ = ["LearnerForgotten", "SchemaTooNew", "StoreUnavailable"]


class StoreUnavailable(RuntimeError):
    """The store cannot be used now (misconfigured, or its database is unreachable).

    :class:`store.saver.Saver` treats it like a lost connection: writes are kept for later.
    """


class SchemaTooNew(StoreUnavailable):
    """The database was migrated by a newer version of the app than this one."""


class LearnerForgotten(ValueError):
    """A write for a learner who chose "forget me" (in another tab, say): refused, so that
    nothing brings their rows back. ``code`` names the error; ``key`` is the learner's key
    (a hash, never the id)."""

    code = "learner_forgotten"

    def __init__(self, key: str) -> None:
        super().__init__("this learner chose to be forgotten: the write is refused")
        self.key = key

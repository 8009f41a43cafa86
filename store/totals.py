"""A learner's answers of one kind added up: the progress store's and a class dashboard's
shared figure (:mod:`store.progress`, :mod:`store.class_values`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["KindTotals"]


@dataclass(frozen=True, slots=True)
class KindTotals:
    right: int = 0
    wrong: int = 0
    skipped: int = 0

"""The reckoning in words: the score sheet's rows, the bonuses, a partie's settlement."""

from __future__ import annotations

from piquet.partie import Settlement
from piquet.reckon import Reckoning
from piquet.sheet import SHEET_LABELS

__all__ = ["bonus_text", "settlement_text", "sheet_label"]


def sheet_label(key: str) -> str:
    """The score sheet's row name for ``key`` (``"point"``, ``"repique"``, ``"total"``…)."""
    return SHEET_LABELS[key]


def bonus_text(r: Reckoning) -> str:
    """Why the deal's bonuses (repique, pique, capot) went as they did."""
    return r.explain_bonus()


def settlement_text(s: Settlement) -> str:
    """How a partie is settled: who wins, whether rubiconed, the points."""
    return s.explain()

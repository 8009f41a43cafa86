"""How much the exchange advisor measures: its sampling budget, shared by the ranking
(:mod:`academy.advisor`) and the simulation (:mod:`academy.advisor_sim`) without either
importing the other's module at import time."""

from typing import Final

__all__ = ["DEFAULT_SAMPLES", "LEADER_SAMPLES", "MAX_SAMPLES", "TARGET_ERROR", "TOP_MEASURED"]

TARGET_ERROR: Final = 0.5
"""The largest standard error of ``expected`` among the first ten discards."""
TOP_MEASURED: Final = 10
"""How many leading discards are measured until their error is at most TARGET_ERROR."""
DEFAULT_SAMPLES: Final = 256
"""Opponent samples of the first pass over every discard."""
LEADER_SAMPLES: Final = 1024
"""The fewest samples the first ten are measured on (so that their error is itself
measured well)."""
MAX_SAMPLES: Final = 40_000
"""The most samples a leader is measured on."""

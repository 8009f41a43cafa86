"""Hypothesis settings for the model-based page tests (``tests/test_model_*.py``).

In ``make test`` each machine runs a bounded, derandomised number of action sequences; the
whole set stays within a few minutes. ``make soak`` (``scripts/soak.py``) sets
``PIQUET_SOAK_EXAMPLES`` and ``PIQUET_SOAK_STEPS`` to run thousands of random steps a page,
with fresh randomness each time, and shrinks a failure to its shortest sequence.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings


def model_settings(examples: int, steps: int) -> settings:
    """``examples`` sequences of at most ``steps`` actions (more under ``make soak``)."""
    soak = bool(os.environ.get("PIQUET_SOAK_STEPS"))
    return settings(
        max_examples=int(os.environ.get("PIQUET_SOAK_EXAMPLES", examples)),
        stateful_step_count=int(os.environ.get("PIQUET_SOAK_STEPS", steps)),
        derandomize=not soak,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.reuse, Phase.generate, *([Phase.shrink] if soak else [])],
        print_blob=soak,
    )

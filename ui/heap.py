"""Keep what lives long out of the garbage collector's way.

Streamlit runs a full ``gc.collect()`` after every script run (``runner.postScriptGC``, on
by default, so that a run's cyclic garbage is freed at once). A full collection walks every
object the process tracks: Streamlit's modules and the app's, the text catalogs, some
90,000 objects that never become garbage, then every open session's widgets and state (some
500 objects a session); on the development machine that walk was most of a small page's
server time, and it grows with the sessions.

:func:`settle`, at the start of every run, moves them to the permanent generation that
collections skip (``gc.freeze()``): at once when a run has imported new modules (a page's
first run in the process imports its own), and every :data:`REFREEZE_S` seconds the frozen
objects are let go, collected once in full (the sessions closed since are freed then) and
what is left is frozen again. The post-run collection then walks only what was made since.

The price: one full collection every :data:`REFREEZE_S` seconds (some 100 ms on the
development machine, in the run that happens to make it), and cyclic garbage that was alive
at a freeze waits for the next one (objects without cycles are freed by their reference
count, frozen or not).
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from typing import Final

__all__ = ["REFREEZE_S", "settle"]

REFREEZE_S: Final = 10.0
"""How often the frozen objects are collected in full and frozen again (seconds)."""

_lock = threading.Lock()
_modules = 0  # len(sys.modules) at the last freeze
_frozen_at = 0.0  # time.monotonic() of the last freeze


def settle(now: float | None = None) -> bool:
    """Freeze every object alive now if modules were imported since the last freeze, or if
    :data:`REFREEZE_S` have passed (then the frozen objects are collected first). Cheap
    otherwise. Returns whether it froze."""
    global _modules, _frozen_at
    now = time.monotonic() if now is None else now
    if len(sys.modules) == _modules and now - _frozen_at < REFREEZE_S:
        return False
    with _lock:
        n = len(sys.modules)
        if n == _modules and now - _frozen_at < REFREEZE_S:
            return False
        gc.unfreeze()  # what died since the last freeze is collected now
        gc.collect()
        gc.freeze()
        _modules, _frozen_at = n, now
    return True

"""Keep what the app has imported out of the garbage collector's way.

Streamlit runs a full ``gc.collect()`` after every script run (``runner.postScriptGC``, on
by default, so that a run's cyclic garbage is freed at once). A full collection walks every
object the process tracks: Streamlit's modules, the app's, the text catalogs, some 90,000
objects that never become garbage; on the development machine that walk was most of a
small page's server time. :func:`settle` moves them all to the permanent generation that
collections skip (``gc.freeze()``), whenever a run has imported new modules (a page's first
run in the process imports its own): the post-run collection then walks only what was made
since — the sessions and their state.

The price: an object that was alive at a freeze and later becomes *cyclic* garbage is never
freed (objects without cycles are freed by their reference count, frozen or not). Freezes
happen only when the process has loaded new modules, so at most once per page and process,
early in its life; what stays behind is bounded by the sessions open at those moments.
"""

from __future__ import annotations

import gc
import sys
import threading

__all__ = ["settle"]

_lock = threading.Lock()
_frozen_with = 0  # len(sys.modules) at the last freeze


def settle() -> bool:
    """Freeze every object alive now if modules were imported since the last freeze (a
    collection first, so that no garbage is frozen). Cheap otherwise. Returns whether it
    froze."""
    global _frozen_with
    if len(sys.modules) == _frozen_with:
        return False
    with _lock:
        n = len(sys.modules)
        if n == _frozen_with:
            return False
        gc.collect()
        gc.freeze()
        _frozen_with = n
    return True

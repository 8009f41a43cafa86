"""Keep what lives long out of the garbage collector's way.

Streamlit runs a full ``gc.collect()`` after every script run (``runner.postScriptGC``, on
by default, so that a run's cyclic garbage is freed at once). A full collection walks every
object the process tracks: Streamlit's modules and the app's, the text catalogs, some
90,000 objects that never become garbage, then every open session's widgets and state (some
500 objects a session); on the development machine that walk was most of a small page's
server time, and it grows with the sessions.

:func:`settle`, at the start of every run, moves them to the permanent generation that
collections skip (``gc.freeze()``): at once when a run has imported new modules (a page's
first run in the process imports its own), and, while the post-run collection is on, every
:data:`REFREEZE_S` seconds the frozen objects are let go, collected once in full (the
sessions closed since are freed then) and what is left is frozen again. The post-run
collection then walks only what was made since.

The price: one full collection every :data:`REFREEZE_S` seconds (some 100 ms on the
development machine, in the run that happens to make it), and cyclic garbage that was alive
at a freeze waits for the next one (objects without cycles are freed by their reference
count, frozen or not). With ``runner.postScriptGC = false`` (``.streamlit/config.toml``)
there is no post-run collection to spare: only the imports are frozen (a few times in a
process's life), and Python's own generational collection does the rest, its oldest
generation some 90,000 objects lighter. Measured with bench/bench_wsload.py, the Lab's server
time a rerun is then the same with or without the freeze (21 ms for 30 sessions); with the
post-run collection on, 32 ms without the refreeze, 22.5 ms with it.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

__all__ = ["REFREEZE_S", "importing", "settle"]


def _post_script_gc() -> bool:
    try:
        from streamlit import config

        return bool(config.get_option("runner.postScriptGC"))
    except Exception:  # pragma: no cover - outside Streamlit: as its default
        return True

REFREEZE_S: Final = 10.0
"""How often the frozen objects are collected in full and frozen again (seconds)."""

_lock = threading.Lock()
_modules = 0  # len(sys.modules) at the last freeze
_frozen_at = 0.0  # time.monotonic() of the last freeze


def _due(n: int, now: float, refreeze: bool) -> bool:
    return n != _modules or (refreeze and now - _frozen_at >= REFREEZE_S)


def settle(now: float | None = None, *, refreeze: bool | None = None) -> bool:
    """Freeze every object alive now if modules were imported since the last freeze, or if
    ``refreeze`` (default: Streamlit's ``runner.postScriptGC``) and :data:`REFREEZE_S`
    have passed (the frozen objects are collected first). Cheap otherwise. Returns whether
    it froze."""
    now = time.monotonic() if now is None else now
    if refreeze is None:
        refreeze = _post_script_gc()
    if not _due(len(sys.modules), now, refreeze):
        return False
    # Never wait: while another thread freezes, or imports inside importing(), skip.
    if not _lock.acquire(blocking=False):
        return False
    try:
        n = len(sys.modules)
        if not _due(n, now, refreeze):
            return False
        _freeze(n, now)
    finally:
        _lock.release()
    return True


def _freeze(n: int, now: float) -> None:
    global _modules, _frozen_at
    gc.unfreeze()  # what died since the last freeze is collected now
    gc.collect()
    gc.freeze()
    _modules, _frozen_at = n, now


@contextmanager
def importing() -> Iterator[None]:
    """Imports made inside (a background thread's: ui/classroom/dashboard.warm_tables) are
    frozen once, at the end. Without it, every run that started while the modules arrived
    one by one found new ones and collected the whole heap again (bench_topology, the
    teacher's replica: 33 full collections of 40-90 ms in 4 s)."""
    with _lock:
        try:
            yield
        finally:
            _freeze(len(sys.modules), time.monotonic())

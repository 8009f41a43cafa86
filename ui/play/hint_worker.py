"""The learner's hints, found outside his run: a worker process per server finds them while
the page is already drawn.

A tap used to wait for the next turn's hint (the helper player's search, some tenths of a
second of CPU) inside its own run, after the computer's reply. Now the run that draws the
turn hands the learner's :class:`~piquet.deal.PlayerView` to :func:`start` and returns; the
hint comes back as a :class:`~concurrent.futures.Future`, kept in the session, and a small
fragment (:func:`ui.play.computer.hint_poller`) polls it and draws the page again once it is
ready. The search runs in another process (one for the whole server, ``spawn``-started), so
it holds neither the learner's run nor, through the interpreter's lock, anybody else's.

A failure of the worker (a search that raises, a worker process that died) is a hint not
given, never an error of the page: :func:`result` gives ``None`` and the next hint starts a
fresh worker.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from piquet.deal import PlayerView
from piquet.players import Hint

__all__ = ["WORKERS", "Search", "result", "start", "warm"]

WORKERS: Final = 1
"""Worker processes per server: hints wait their turn rather than take every core."""

_LOCK: Final = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _LOCK:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=WORKERS, initializer=_quiet,
                                        mp_context=multiprocessing.get_context("spawn"))
        return _pool


Search = Callable[[PlayerView], Hint]
"""A module-level function (the worker imports it by name) that finds a hint."""


def _quiet() -> None:
    """In the worker: Streamlit's notices of a cache used outside a script run (the
    advisor's ranking is cached) are not the server log's business."""
    from streamlit import logger

    logger.set_log_level("error")


def _search(search: Search, view: PlayerView) -> Hint | None:
    """In the worker: ``search(view)`` (None when the search fails)."""
    try:
        return search(view)
    except Exception:  # a hint is a help, never a failure of the page
        return None


def _imported(module: str) -> bool:
    """In the worker: ``module`` (the search's) imported."""
    importlib.import_module(module)
    return True


def start(search: Search, view: PlayerView) -> Future[Hint | None]:
    """Start ``search(view)`` in the worker; returns at once."""
    global _pool
    try:
        return _executor().submit(_search, search, view)
    except (BrokenProcessPool, RuntimeError):  # a worker died: a fresh pool
        with _LOCK:
            _pool = None
        return _executor().submit(_search, search, view)


def warm(search: Search) -> None:
    """Start the worker and import the search's module before the first hint is asked for
    (once a server; the first search would otherwise wait a second or two for them)."""
    global _warm
    with _LOCK:
        if _warm:
            return
        _warm = True
    with contextlib.suppress(BrokenProcessPool, RuntimeError):
        _executor().submit(_imported, search.__module__)


_warm = False


def result(future: Future[Hint | None]) -> Hint | None:
    """A finished search's hint (None: it failed, or the worker died)."""
    try:
        found = future.result(timeout=0)
    except Exception:  # the worker died, or the search was cancelled
        return None
    return found if isinstance(found, Hint) else None

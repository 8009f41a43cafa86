"""The review's worker: a process of its own (one a server, ``spawn``-started) reviews a deal
while the page is drawn, so that neither the learner's run nor, through the interpreter's
lock, anybody else's waits for it. Its progress is written to a small file that the page's
fragment reads (a worker cannot reach the session).

With ``puzzles``, the worker then cuts the reviewed player's own puzzles from the review
(:func:`academy.my_puzzles.from_review`), which measure positions again.

A failure of the worker is a review not given (:func:`result` gives ``None``); the next
review starts a fresh worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import tempfile
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from academy.my_puzzles import from_review
from academy.puzzles import Puzzle
from academy.review import DealReview, review_record
from piquet.reckon import Role

WORKERS: Final = 1
"""Reviews wait their turn rather than take every core."""

NICE: Final = 10
"""The worker's niceness (``os.nice``): a core the server's sessions want goes to them first,
so a review running slows the other sessions little (``bench/bench_review.py --others``).
``PIQUET_REVIEW_NICE`` sets another (0: as the server; for the benchmark's comparison)."""


ORPHAN_CHECK_S: Final = 2.0
"""How often the worker looks whether the server that started it is still there."""


def _end_with(parent: int) -> None:
    """End the worker once ``parent`` (the server) is gone: a server stopped without shutting
    its pool down would otherwise leave the worker running for nobody."""
    while True:
        time.sleep(ORPHAN_CHECK_S)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker() -> None:
    """In the worker, as it starts: run at :data:`NICE` (or ``PIQUET_REVIEW_NICE``), and end
    with the server."""
    try:
        nice = int(os.environ.get("PIQUET_REVIEW_NICE", NICE))
    except ValueError:
        nice = NICE
    with contextlib.suppress(OSError):
        os.nice(max(nice, 0))
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()

_LOCK: Final = threading.Lock()
_pools: list[ProcessPoolExecutor] = []


def _pool(fresh: bool = False) -> ProcessPoolExecutor:
    with _LOCK:
        if fresh or not _pools:
            _pools[:] = [ProcessPoolExecutor(
                max_workers=WORKERS, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker)]
        return _pools[0]


@dataclass(frozen=True)
class Found:
    """A review, and the reviewed player's own puzzles cut from it (when asked)."""

    review: DealReview
    puzzles: tuple[Puzzle, ...] = ()


def _review(record: dict[str, Any], role: Role | None, worlds: int, seed: int,
            budget_s: float, progress: str, puzzles: bool = False) -> Found | None:
    """In the worker: the review, its progress written to the file ``progress``; then, with
    ``puzzles`` and one role reviewed, its puzzles."""
    path = Path(progress)

    def said(done: int, total: int) -> None:
        with contextlib.suppress(OSError):
            path.write_text(f"{done} {total}")

    try:
        review = review_record(record, role, worlds, seed=seed, budget_s=budget_s,
                               progress=said)
        mine = from_review(record, review, role, seed) if puzzles and role else ()
        return Found(review, mine)
    except Exception:  # a review is a help, never a failure of the page
        return None


@dataclass(frozen=True)
class Job:
    """A review under way: its future and the file its progress is written to."""

    future: Future[Found | None]
    progress: str

    def done_of(self) -> tuple[int, int]:
        """(decisions judged, decisions to judge) so far; (0, 0) before the first."""
        try:
            done, total = Path(self.progress).read_text().split()
            return int(done), int(total)
        except (OSError, ValueError):
            return 0, 0


def start(record: dict[str, Any], role: Role | None, *, worlds: int = 16, seed: int = 0,
          budget_s: float = 30.0, puzzles: bool = False) -> Job:
    """Start the review of ``record`` in the worker (with ``puzzles``: and cut ``role``'s own
    puzzles from it); returns at once."""
    fd, progress = tempfile.mkstemp(prefix="piquet-review-", suffix=".txt")
    os.close(fd)
    args = (record, role, worlds, seed, budget_s, progress, puzzles)
    try:
        return Job(_pool().submit(_review, *args), progress)
    except (BrokenProcessPool, RuntimeError):  # a worker died: a fresh pool
        return Job(_pool(fresh=True).submit(_review, *args), progress)


def result(job: Job) -> Found | None:
    """A finished review and its puzzles (None: it failed, or the worker died)."""
    try:
        found = job.future.result(timeout=0)
    except Exception:
        found = None
    with contextlib.suppress(OSError):
        Path(job.progress).unlink()
    return found if isinstance(found, Found) else None

"""A client-side deadline on every database call, and a circuit breaker behind it.

A database that hangs (its server stopped, a dead network path) answers nothing and refuses
nothing: the kernel keeps acknowledging, so neither TCP keepalives nor the server's own
timeouts fire, and psycopg will not take a connect timeout under 2 s. A page waiting on such a
call waits as long as the database hangs. So each call runs in a thread of its own and the
page waits for it at most :attr:`Deadline.seconds` (1 s); a call past its deadline is
abandoned (the thread finishes, or fails, whenever the database answers) and **opens the
circuit**: for :attr:`Deadline.retry_after` seconds every call fails at once, for every session
of the process, and then one call at a time tries again (half-open) until one answers and
closes the circuit. An abandoned write may still be applied when the server resumes: every
write the store applies carries an id that the database takes once (see
:meth:`store.progress.Store.apply`), so the session's own retry of it is a no-op.

Pure Python; the app's one deadline for the process is :data:`PROCESS_DEADLINE`.

>>> import time
>>> d = Deadline(seconds=0.05, retry_after=60.0)
>>> d.run(lambda: 6 * 7)
42
>>> try:
...     d.run(lambda: time.sleep(0.5))
... except DatabaseTimeout as e:
...     print(type(e).__name__, d.is_open)
DatabaseTimeout True
>>> try:
...     d.run(lambda: 1)  # fails at once while the circuit is open
... except CircuitOpen as e:
...     print(type(e).__name__)
CircuitOpen
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Final, Generic, TypeVar, cast

from store.errors import StoreUnavailable

__all__ = ["PROCESS_DEADLINE", "CircuitOpen", "DatabaseTimeout", "Deadline", "Inline"]

T = TypeVar("T")

log = logging.getLogger(__name__)

DEFAULT_SECONDS: Final = 1.0
DEADLINE_ENV: Final = "PIQUET_DB_DEADLINE_S"
DEFAULT_RETRY_AFTER: Final = 3.0
MAX_IN_FLIGHT: Final = 64
"""How many calls may be running (abandoned ones included) before new ones fail at once."""


class DatabaseTimeout(StoreUnavailable):
    """The database did not answer within the deadline (the call was abandoned)."""


class CircuitOpen(StoreUnavailable):
    """A call refused at once: the database missed a deadline a moment ago."""


class _Call(Generic[T]):
    __slots__ = ("done", "error", "fn", "value")

    def __init__(self, fn: Callable[[], T]) -> None:
        self.fn = fn
        self.done = threading.Event()
        self.value: T | None = None
        self.error: BaseException | None = None

    def __call__(self) -> None:
        try:
            self.value = self.fn()
        except BaseException as error:  # handed to the caller, whatever it is
            self.error = error
        finally:
            self.done.set()


class Deadline:
    """Runs database calls with a deadline; one instance is shared by the process's sessions.

    ``clock`` is monotonic seconds (a test may pass its own)."""

    def __init__(self, seconds: float = DEFAULT_SECONDS,
                 retry_after: float = DEFAULT_RETRY_AFTER, *,
                 clock: Callable[[], float] = time.monotonic,
                 max_in_flight: int = MAX_IN_FLIGHT) -> None:
        self.seconds = seconds
        self.retry_after = retry_after
        self.clock = clock
        self.max_in_flight = max_in_flight
        self._lock = threading.Lock()
        self._open_until: float | None = None  # None: closed
        self._probing = False
        self._in_flight = 0

    @property
    def is_open(self) -> bool:
        """Whether calls are being refused (or only one at a time tried) right now."""
        with self._lock:
            return self._open_until is not None

    def reset(self) -> None:
        """Close the circuit (tests; a new configuration)."""
        with self._lock:
            self._open_until = None
            self._probing = False

    def _admit(self) -> bool:
        """Whether a call may go now; True for the half-open probe (the caller must report)."""
        with self._lock:
            if self._in_flight >= self.max_in_flight:
                raise CircuitOpen("too many database calls waiting")
            if self._open_until is None:
                self._in_flight += 1
                return False
            if self._probing or self.clock() < self._open_until:
                raise CircuitOpen("the database missed its deadline a moment ago")
            self._probing = True
            self._in_flight += 1
            return True

    def _finished(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _answered(self, probe: bool) -> None:
        with self._lock:
            if probe or self._open_until is not None:
                if self._open_until is not None:
                    log.info("database answering again: circuit closed")
                self._open_until = None
            if probe:
                self._probing = False

    def _missed(self, probe: bool) -> None:
        with self._lock:
            if self._open_until is None:
                log.warning("database did not answer within %.1f s: circuit open", self.seconds)
            self._open_until = self.clock() + self.retry_after
            if probe:
                self._probing = False

    def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a thread of its own, waited for at most :attr:`seconds`.

        Raises :class:`DatabaseTimeout` when the deadline passes (the circuit opens),
        :class:`CircuitOpen` at once while it is open, else whatever ``fn`` raised (a
        database's own errors do not open the circuit: they came back in time)."""
        probe = self._admit()
        call = _Call(fn)

        def work() -> None:
            try:
                call()
            finally:
                self._finished()

        thread = threading.Thread(target=work, name="piquet-db-call", daemon=True)
        try:
            thread.start()
        except RuntimeError:
            self._finished()
            if probe:
                self._missed(probe)
            raise CircuitOpen("no thread for a database call") from None
        if not call.done.wait(self.seconds):
            self._missed(probe)
            raise DatabaseTimeout(f"no answer within {self.seconds:g} s")
        self._answered(probe)
        if call.error is not None:
            raise call.error
        return cast("T", call.value)


class Inline(Deadline):
    """No deadline: each call runs where it is made (an in-memory SQLite database, whose
    connection belongs to the thread that opened it)."""

    def run(self, fn: Callable[[], T]) -> T:
        return fn()


def _seconds_from_environment() -> float:
    """``PIQUET_DB_DEADLINE_S`` when it is a number of seconds from 0.1 to 30 (the tests
    raise it), else :data:`DEFAULT_SECONDS`."""
    try:
        seconds = float(os.environ.get(DEADLINE_ENV, ""))
    except ValueError:
        return DEFAULT_SECONDS
    return seconds if 0.1 <= seconds <= 30 else DEFAULT_SECONDS


PROCESS_DEADLINE: Final = Deadline(_seconds_from_environment())
"""The deadline of the app's process: every session's database calls share its circuit."""

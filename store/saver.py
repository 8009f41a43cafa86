"""A session's writes, kept while the database is away and written when it is back.

:class:`Saver` stands between a session and its :class:`~store.progress.Store`. Each write is
queued in the session's ``state`` (under Streamlit, ``st.session_state``) and then flushed;
when the database cannot be reached (SQLAlchemy's ``OperationalError``, ``InterfaceError``,
a pool timeout), the writes stay queued, the session is marked *not saving*, and the next
call after ``retry_after`` tries again — the writes land, in order, with the moments they
were made. Nothing raises to the page. With a :class:`~store.deadline.Deadline` no call waits
on the database longer than its deadline: a database that hangs counts as unreachable.

>>> from store.clock import FakeClock
>>> from store.engine import make_engine
>>> from store.ids import learner_key, new_learner_id
>>> from store.migrate import migrate
>>> from store.progress import Store
>>> from store.writes import SaveSettings
>>> engine = make_engine("sqlite://")
>>> _ = migrate(engine)
>>> state: dict[str, object] = {}
>>> saver = Saver(lambda: Store(engine), state, clock=FakeClock())
>>> me = learner_key(new_learner_id())
>>> saver.write(me, SaveSettings(saver.clock(), language="en"))
True
>>> saver.saving, saver.pending, saver.settings(me).language
(True, [], 'en')

Writes made inside :meth:`Saver.together` wait for its end, then land in one transaction:

>>> from store.writes import ItemSeen
>>> with saver.together():
...     _ = saver.write(me, ItemSeen(saver.clock(), kind="quiz", item="a", right=True))
...     _ = saver.write(me, ItemSeen(saver.clock(), kind="quiz", item="b", right=False))
...     len(saver.pending)
2
>>> saver.pending
[]
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, Final, TypeVar

from sqlalchemy import exc as sa_exc

from store.clock import Clock, utc_now
from store.deadline import Deadline
from store.errors import LearnerForgotten, StoreUnavailable
from store.ids import LearnerKey
from store.progress import Store, StoredSettings
from store.writes import ClearPartie, Forget, SavePartie, SaveSettings, Write

__all__ = ["FORGOTTEN", "HELD", "NOT_SAVING", "OUTAGE_ERRORS", "PENDING", "RETRY_AT", "Saver"]

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The session-state keys the saver uses.
PENDING: Final = "_store_pending"
NOT_SAVING: Final = "_store_not_saving"
RETRY_AT: Final = "_store_retry_at"
HELD: Final = "_store_held"  # how many :meth:`Saver.together` blocks are open
FORGOTTEN: Final = "_store_forgotten"  # keys whose writes were refused: forgotten elsewhere

#: Errors that mean "the database is not there right now" (keep the writes, try later).
OUTAGE_ERRORS: Final = (
    sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.TimeoutError, StoreUnavailable,
)


class Saver:
    """Writes and reads of one session, surviving a lost database connection.

    ``connect`` returns the (migrated) store; it may itself raise an outage error, e.g. when
    the database is down at start. Other database errors on a write (a constraint a write
    breaks) drop that write alone, logged by type: they would fail again forever.
    """

    def __init__(
        self,
        connect: Callable[[], Store],
        state: MutableMapping[str, Any],
        *,
        clock: Clock = utc_now,
        retry_after: timedelta = timedelta(seconds=3),
        deadline: Deadline | None = None,
    ) -> None:
        self.connect = connect
        self.state = state
        self.clock = clock
        self.retry_after = retry_after
        self.deadline = deadline

    def _call(self, fn: Callable[[], T]) -> T:
        """``fn()`` within the deadline, if the saver has one (:mod:`store.deadline`: a call
        past it raises an outage error, and the writes it carried stay queued)."""
        return fn() if self.deadline is None else self.deadline.run(fn)

    # ------------------------------------------------------------------ state

    @property
    def saving(self) -> bool:
        """False while the session has writes the database could not take."""
        return not bool(self.state.get(NOT_SAVING, False))

    @property
    def pending(self) -> list[tuple[LearnerKey, Write]]:
        """The writes not saved yet, oldest first."""
        queued = self.state.get(PENDING)
        if not isinstance(queued, list):
            queued = []
            self.state[PENDING] = queued
        return queued

    def _down(self, error: BaseException) -> None:
        if self.saving:
            log.warning(
                "progress database unreachable (%s); keeping %d unsaved writes",
                type(error).__name__, len(self.pending),
            )
        self.state[NOT_SAVING] = True
        self.state[RETRY_AT] = self.clock() + self.retry_after

    def _up(self) -> None:
        if not self.saving:
            log.info("progress database reachable again")
        self.state[NOT_SAVING] = False
        self.state.pop(RETRY_AT, None)

    def _waiting(self) -> bool:
        retry_at = self.state.get(RETRY_AT)
        return isinstance(retry_at, datetime) and self.clock() < retry_at

    # ------------------------------------------------------------------ writes

    def write(self, key: LearnerKey, write: Write) -> bool:
        """Queue ``write`` for the learner ``key`` and flush; True when it is saved (inside
        :meth:`together`: True while the session is saving, the write waits for the end)."""
        queue = self.pending
        if isinstance(write, Forget):  # what "forget me" deletes need not be written first
            queue[:] = [(k, w) for k, w in queue if k != key]
        queue.append((key, write))
        if self.state.get(HELD):
            return self.saving
        return self.flush(force=True)

    @contextmanager
    def together(self) -> Iterator[None]:
        """The writes made inside are saved at its end, in one transaction per learner (one
        round trip for a quiz's Check: the answer, the item, the round's state). Nested
        blocks save at the outermost end; an error inside still saves what was written (an
        example in the module's docstring)."""
        self.state[HELD] = int(self.state.get(HELD) or 0) + 1
        try:
            yield
        finally:
            held = int(self.state.get(HELD) or 1) - 1
            if held > 0:
                self.state[HELD] = held
            else:
                self.state.pop(HELD, None)
                self.flush(force=True)

    def flush(self, *, force: bool = False) -> bool:
        """Write what is queued (unless a retry is not due yet and not ``force``); True when
        nothing is left unsaved."""
        queue = self.pending
        if not queue:
            self._up()
            return True
        if not force and self._waiting():
            return False
        try:
            store = self.connect()
            while queue:
                key = queue[0][0]
                run = 0
                while run < len(queue) and queue[run][0] == key:
                    run += 1
                batch = [w for _, w in queue[:run]]
                try:
                    self._call(lambda: store.apply(key, batch))  # noqa: B023 - called at once
                except OUTAGE_ERRORS:
                    raise
                except LearnerForgotten:  # "forget me" elsewhere: these writes never land
                    log.info("%d progress writes dropped: the learner was forgotten", run)
                    self._refused(key)
                except sa_exc.DBAPIError:
                    self._apply_one_by_one(store, key, run)
                del queue[:run]
        except OUTAGE_ERRORS as error:
            self._down(error)
            return False
        self._up()
        return True

    def _refused(self, key: LearnerKey) -> None:
        self.state.setdefault(FORGOTTEN, set()).add(key)

    def take_forgotten(self, key: LearnerKey) -> bool:
        """Whether writes of ``key`` were refused since the last call (the learner chose
        "forget me" in another tab): the session should start a new learner."""
        keys = self.state.get(FORGOTTEN)
        if not isinstance(keys, set) or key not in keys:
            return False
        keys.discard(key)
        return True

    def _apply_one_by_one(self, store: Store, key: LearnerKey, run: int) -> None:
        for _, write in self.pending[:run]:
            try:
                self._call(lambda: store.apply(key, [write]))  # noqa: B023 - called at once
            except OUTAGE_ERRORS:
                raise
            except LearnerForgotten:
                self._refused(key)
                return
            except sa_exc.DBAPIError as error:
                log.error("progress write %s dropped: %s", type(write).__name__,
                          type(error).__name__)

    # ------------------------------------------------------------------ reads

    def read(self, query: Callable[[Store], T], default: T) -> T:
        """``query(store)``, or ``default`` while the database is unreachable."""
        if not self.flush() and self._waiting():
            return default
        try:
            store = self.connect()
            return self._call(lambda: query(store))
        except (*OUTAGE_ERRORS, sa_exc.DBAPIError) as error:
            self._down(error)
            return default

    def settings(self, key: LearnerKey) -> StoredSettings | None:
        """The stored settings with the unsaved ones on top."""
        stored = self.read(lambda store: store.settings(key), None)
        values: dict[str, Any] = {
            "preset": stored.preset if stored else None,
            "four_colour": stored.four_colour if stored else None,
            "language": stored.language if stored else None,
        }
        found = stored is not None
        for k, write in self.pending:
            if k != key:
                continue
            if isinstance(write, Forget):
                values = dict.fromkeys(values)
                found = False
            elif isinstance(write, SaveSettings):
                found = True
                for name in values:
                    if getattr(write, name) is not None:
                        values[name] = getattr(write, name)
        return StoredSettings(**values) if found else None

    def partie(self, key: LearnerKey) -> Any | None:
        """The partie in progress, the unsaved one if there is one."""
        latest: Write | None = None
        for k, write in self.pending:
            if k == key and isinstance(write, SavePartie | ClearPartie | Forget):
                latest = write
        stored = self.read(lambda store: store.partie(key), None)
        if latest is None:
            return stored
        return latest.data if isinstance(latest, SavePartie) else None

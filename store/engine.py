"""Engines for the store: one place that makes SQLite behave like a real transactional database.

:func:`prepare_engine` is applied to every engine the store uses (its own from
:func:`make_engine`, or Streamlit's ``st.connection(...).engine``) before its first
connection. On SQLite it

- takes transaction control from Python's ``sqlite3`` legacy mode (which would commit DDL at
  once): the store emits ``BEGIN`` itself, ``BEGIN IMMEDIATE`` for writes (so two writers
  wait for each other instead of failing on a lock upgrade), making migrations and writes
  real transactions;
- turns on foreign keys, a busy timeout, and for a file write-ahead logging with
  ``synchronous=NORMAL`` (a commit without an fsync of the whole file: a step saves in well
  under a millisecond);
- turns on ``secure_delete``: a deleted row's bytes are overwritten, not left in a free page
  ("forget me" deletes a name and a learner key; :func:`wipe_log` then empties the
  write-ahead log, which still holds the pages as they were).

PostgreSQL needs nothing of that; both get ``pool_pre_ping`` from :func:`engine_options`,
so a connection lost while the server was away is replaced, not reused.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Final

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url

__all__ = ["WRITE", "engine_options", "make_engine", "prepare_engine", "wipe_log"]

#: Execution option that marks a connection as a writer (``BEGIN IMMEDIATE`` on SQLite).
WRITE: Final = "piquet_store_write"
_BUSY_TIMEOUT_MS: Final = 5000

_prepared: weakref.WeakSet[Engine] = weakref.WeakSet()
_lock = threading.Lock()


def engine_options(url: str | URL) -> dict[str, Any]:
    """``create_engine`` keyword arguments for the store's database at ``url``.

    >>> sorted(engine_options("sqlite:///x.db"))
    ['hide_parameters', 'pool_pre_ping']
    >>> engine_options("postgresql+psycopg://u@h/db")["connect_args"]
    {'connect_timeout': 5}
    """
    options: dict[str, Any] = {"pool_pre_ping": True, "hide_parameters": True}
    if make_url(url).get_backend_name() == "postgresql":
        options["connect_args"] = {"connect_timeout": 5}
    return options


def make_engine(url: str | URL, **options: Any) -> Engine:
    """A prepared engine for ``url`` (tests, scripts, benchmarks; the app uses st.connection)."""
    engine = create_engine(url, **{**engine_options(url), **options})
    prepare_engine(engine)
    return engine


def _is_memory(engine: Engine) -> bool:
    database = engine.url.database
    return database in (None, "", ":memory:") or "mode=memory" in str(engine.url)


def prepare_engine(engine: Engine) -> Engine:
    """Apply the store's connection settings to ``engine`` (once; before its first use)."""
    with _lock:
        if engine in _prepared:
            return engine
        if engine.dialect.name == "sqlite":
            wal = not _is_memory(engine)

            @event.listens_for(engine, "connect")
            def _on_connect(dbapi_connection: Any, _record: Any) -> None:
                dbapi_connection.isolation_level = None  # the store emits BEGIN itself
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
                cursor.execute("PRAGMA secure_delete=ON")
                if wal:
                    cursor.execute("PRAGMA journal_mode=WAL")
                    cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.close()

            @event.listens_for(engine, "begin")
            def _on_begin(connection: Connection) -> None:
                writer = connection.get_execution_options().get(WRITE, False)
                connection.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")

            engine.dispose()  # connections made before the listeners would miss them
        _prepared.add(engine)
        return engine


def wipe_log(engine: Engine) -> bool:
    """After a delete that must leave no trace ("forget me"): on an SQLite file, copy the
    write-ahead log into the database and truncate it to nothing (``wal_checkpoint
    (TRUNCATE)``: until then the log still holds the deleted rows' pages as they were).
    True when done (or nothing to do: PostgreSQL, memory); False when a reader still holds
    the log (the next checkpoint will do it)."""
    if engine.dialect.name != "sqlite" or _is_memory(engine):
        return True
    with engine.connect() as conn:
        busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()
    return busy is None or int(busy[0]) == 0

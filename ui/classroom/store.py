"""The classes' store on the app's own database (the progress connection of
:mod:`ui.storage`: no second connection), its settings, and the old classes' purge.

Settings, first found of the secrets (``.streamlit/secrets.toml``: ``PIQUET_CLASS_KEEP_DAYS``
and ``PIQUET_CLASS_MAX_PUPILS``, top level or under ``[class]`` as ``keep_days`` and
``max_pupils``) and the environment variables of the same names; else 30 days and 60 pupils.

Expired classes are purged once per process (on the first use), when the Class page opens
in a session, and at most every minute while it is in use. Database errors become
:class:`ClassesAway` for the page to say in words.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import threading
import time
from collections.abc import Mapping
from typing import Any, Final, cast

import streamlit as st
from sqlalchemy import exc as sa_exc
from streamlit import config

from store.class_values import DEFAULT_KEEP_DAYS, DEFAULT_MAX_PUPILS, learner_client
from store.classes import ClassStore
from store.clock import utc_now
from store.deadline import Deadline
from store.saver import OUTAGE_ERRORS
from ui import storage

__all__ = [
    "AWAY_ERRORS",
    "ENV_KEEP_DAYS",
    "ENV_MAX_PUPILS",
    "PURGE_EVERY_S",
    "ClassesAway",
    "classes",
    "client",
    "keep_days",
    "learner",
    "max_pupils",
    "network",
    "opened",
    "rate_key",
]

log = logging.getLogger(__name__)

ENV_KEEP_DAYS: Final = "PIQUET_CLASS_KEEP_DAYS"
ENV_MAX_PUPILS: Final = "PIQUET_CLASS_MAX_PUPILS"
_OPENED: Final = "class_purged"  # this session's page open purged the old classes

AWAY_ERRORS: Final = (*OUTAGE_ERRORS, sa_exc.DBAPIError)
"""What a class action may raise when the database is away (or refuses the statement)."""

PURGE_EVERY_S: Final = 60.0
_purged_in_process = False
_last_purge = float("-inf")
_lock = threading.Lock()


class ClassesAway(RuntimeError):
    """The classes cannot be read or written right now."""


def _secret(name: str, section_key: str) -> object:
    try:
        if not st.secrets.load_if_toml_exists():
            return None
        if name in st.secrets:
            return st.secrets[name]
        section = st.secrets.get("class", {})
        return section.get(section_key) if isinstance(section, Mapping) else None
    except Exception:  # a broken secrets file: the environment or the default applies
        return None


def _setting(name: str, section_key: str, default: int, top: int,
             environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    for raw in (_secret(name, section_key), env.get(name)):
        if raw is None or raw == "":
            continue
        try:
            value = int(str(raw).strip())
        except ValueError:
            log.warning("%s is not a number; using %d", name, default)
            return default
        if 1 <= value <= top:
            return value
        log.warning("%s is out of range (1-%d); using %d", name, top, default)
        return default
    return default


def keep_days() -> int:
    """How many days a class is kept (``PIQUET_CLASS_KEEP_DAYS``, default 30)."""
    return _setting(ENV_KEEP_DAYS, "keep_days", DEFAULT_KEEP_DAYS, 3650)


def max_pupils() -> int:
    """How many pupils a class takes (``PIQUET_CLASS_MAX_PUPILS``, default 60)."""
    return _setting(ENV_MAX_PUPILS, "max_pupils", DEFAULT_MAX_PUPILS, 1000)


def classes() -> ClassStore:
    """The classes' store (the expired ones purged on the process's first use);
    :class:`ClassesAway` when the database cannot be reached."""
    global _purged_in_process
    try:
        found = cast("ClassStore", _Deadlined(
            ClassStore(storage.engine(), clock=utc_now, key=rate_key()), storage.deadline()))
        with _lock:
            if not _purged_in_process:
                gone = found.purge()
                _purged_in_process = True
                if gone:
                    log.info("removed %d classes whose time was up", gone)
    except AWAY_ERRORS:
        raise ClassesAway from None
    return found


class _Deadlined:
    """A :class:`ClassStore` whose every method call keeps the process's database deadline
    (:mod:`store.deadline`): a class action on a database that hangs fails within a second,
    as an outage (:data:`AWAY_ERRORS`), instead of holding the page."""

    __slots__ = ("_deadline", "_target")

    def __init__(self, target: ClassStore, deadline: Deadline) -> None:
        self._target = target
        self._deadline = deadline

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._target, name)
        if not callable(found):
            return found

        def call(*args: Any, **kwargs: Any) -> Any:
            return self._deadline.run(lambda: found(*args, **kwargs))

        return call


def opened() -> None:
    """The Class page runs: purge the classes whose time is up — on its first run in a
    session, and then at most every :data:`PURGE_EVERY_S` seconds in this process (errors
    are left to the page's next action)."""
    global _last_purge
    now = time.monotonic()
    if st.session_state.get(_OPENED) and now - _last_purge < PURGE_EVERY_S:
        return
    try:
        classes().purge()
    except (ClassesAway, *AWAY_ERRORS):
        return
    _last_purge = now
    st.session_state[_OPENED] = True


def learner() -> str | None:
    """The session's learner key (the pupil's identity in a class)."""
    key = storage.learner()
    return None if key is None else str(key)


def client() -> str:
    """What the rate limit counts wrong tries under: this browser's learner (its tabs share
    it; the store hashes it again before keeping it)."""
    key = storage.learner()
    return learner_client(key) if key is not None else "anonymous"


def network() -> str | None:
    """The address the request came from, which the rate limit also counts (a guesser who
    starts a new browser at every try keeps his address): the websocket's peer as Streamlit
    gives it, None when unknown (a client on the loopback address, AppTest), which the store
    counts as one shared network, never as none.

    Never a header: behind the project's proxy, uvicorn itself puts the proxy's
    X-Forwarded-For address in the peer's place, and only for a peer named in
    ``FORWARDED_ALLOW_IPS`` (every start command sets it: the proxy's address, or none).
    """
    address = st.context.ip_address
    return address if isinstance(address, str) and address else None


_KEY_LABEL: Final = b"piquet-academy/class-rate-limit-key/v1"


def rate_key() -> bytes:
    """The key of the rate limit's hashes (networks, codes): derived from Streamlit's
    ``server.cookieSecret``, the server's secret that every replica shares (a random one a
    process when none is set)."""
    secret = str(config.get_option("server.cookieSecret") or "")
    return hmac.new(secret.encode("utf-8"), _KEY_LABEL, hashlib.sha256).digest()

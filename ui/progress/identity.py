"""Who the learner is: the anonymous secret id, the resume link, "forget me".

The frame calls :func:`start` on every run, before anything is drawn:

1. the id comes from :func:`ui.components.browser_store.learner_id` (this session's
   decision, else the cookie — readable on the very first run through
   ``st.context.cookies`` — else what the browser's ``localStorage`` reported); none: a new
   learner, :func:`store.new_learner_id` remembered with ``new=True``;
2. a resume link (``/progress?resume=ID``, :func:`resume_link`) adopts its id, and the
   parameter leaves the address bar on that very run; a broken id (not shaped like one) or
   an unknown one (no rows) gets a clear message and never anyone else's progress;
3. :func:`ui.storage.use_learner` and :func:`ui.storage.flush`.

The id is never logged or shown, except in the resume link the learner asks for.

Tests: AppTest cannot set cookies. With the environment variable ``PIQUET_TESTING=1`` (tests
only), ``st.session_state["_pq_test_cookie"]`` stands for the browser's cookie: a new
AppTest with the same value over the same database is a reload of the same browser.
"""

from __future__ import annotations

import os
from typing import Final
from urllib.parse import urlsplit

import streamlit as st

from store.ids import learner_key, new_learner_id, parse_learner_id, same_id
from ui import storage
from ui.classroom.state import forget_pupil
from ui.components.browser_store import learner_id, remember_learner
from words import _

__all__ = [
    "RESUME_PARAM",
    "TESTING_ENV",
    "TEST_COOKIE",
    "current_id",
    "forget_me",
    "renew_if_forgotten",
    "resume_link",
    "show_messages",
    "start",
]

RESUME_PARAM: Final = "resume"
TESTING_ENV: Final = "PIQUET_TESTING"
TEST_COOKIE: Final = "_pq_test_cookie"
_MESSAGES: Final = "_pq_identity_messages"  # (level, text) said once, above the page
_ID: Final = "_pq_learner_id"  # this run's id (the secret), for the resume link only


def _test_cookie() -> str | None:
    if os.environ.get(TESTING_ENV) != "1":
        return None
    return parse_learner_id(st.session_state.get(TEST_COOKIE))


def _known(lid: str) -> bool | None:
    """Whether ``lid`` has any rows (only its hash is looked up); None while the database
    cannot be reached."""
    key = learner_key(lid)
    return storage._saver().read(lambda s: s.known(key), None)


def _say(level: str, text: str) -> None:
    st.session_state.setdefault(_MESSAGES, []).append((level, text))


def _fresh() -> str:
    """A new learner for this browser, replacing whatever it held."""
    fresh = new_learner_id()
    remember_learner(fresh)
    return fresh


def _resume(raw: str, current: str | None) -> str | None:
    """Adopt the resume link's id if it is one and has progress; the id to use after it
    (``current`` when the link cannot be used and the browser has its own learner)."""
    wanted = parse_learner_id(raw)
    if wanted is None:
        _say("error", _("This resume link is broken: it does not carry a progress code. "
                        "Nothing was moved; ask for the link again on your other device."))
        return current
    if current is not None and same_id(wanted, current):
        _say("info", _("This resume link is this device's own: your progress is already "
                       "here."))
        return current
    found = _known(wanted)
    if found is None:
        _say("warning", _("Your progress cannot be looked up right now: the database "
                          "cannot be reached. Open the resume link again in a moment."))
        return current
    if not found:
        _say("error", _("No progress was found for this resume link: it may have been "
                        "mistyped, or its progress was deleted. Nothing was moved."))
        return current
    remember_learner(wanted)
    _say("success", _("Welcome back: your progress is now on this device too."))
    return wanted


def start() -> str:
    """This run's learner (see the module's docstring); call once per run, first."""
    current = learner_id() or _test_cookie()
    raw = st.query_params.get(RESUME_PARAM)
    if raw is not None:
        del st.query_params[RESUME_PARAM]  # out of the address bar on this very run
        current = _resume(raw, current)
    if current is None:
        current = new_learner_id()
        remember_learner(current, new=True)
    st.session_state[_ID] = current
    storage.use_learner(current)
    storage.flush()
    return renew_if_forgotten() or current


def renew_if_forgotten() -> str | None:
    """If this session's learner chose "forget me" in another tab or window (a write here
    was refused, :func:`ui.storage.forgotten_elsewhere`): a new learner for this browser,
    said once above the page, and its id; else None."""
    if not storage.forgotten_elsewhere():
        return None
    forget_pupil()
    fresh = _fresh()
    st.session_state[_ID] = fresh
    storage.use_learner(fresh)
    _say("info", _("Your progress was deleted (“Forget me”, in another tab or window). "
                   "What you do from now on is kept afresh."))
    return fresh


storage.on_forgotten(renew_if_forgotten)


def current_id() -> str | None:
    """The id :func:`start` chose for this run (a secret: only for the resume link)."""
    value = st.session_state.get(_ID)
    return value if isinstance(value, str) else None


def show_messages() -> None:
    """Say what the resume link did (once), where the frame calls it."""
    for level, text in st.session_state.pop(_MESSAGES, []):
        {"error": st.error, "warning": st.warning, "info": st.info,
         "success": st.success}.get(level, st.info)(text)


def _base_url() -> str:
    """The app's own address (scheme, host, base path), '' when it cannot be told."""
    try:
        url = st.context.url
    except Exception:  # no browser request behind this session (AppTest)
        url = None
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    if not isinstance(url, str) or not url:
        return "/" + base if base else ""
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""
    return origin + ("/" + base if base else "")


def resume_link() -> str | None:
    """The resume link of this learner (``…/progress?resume=ID``), or None without one.

    The learner's row is touched first (the settings are saved), so that a learner who has
    done nothing yet can still move to another device."""
    lid = current_id()
    if lid is None:
        return None
    storage.save_settings()  # nothing chosen: the learner's row exists, the link resumes
    renewed = current_id()
    if renewed is not None and renewed != lid:  # forgotten elsewhere: a new learner now,
        lid = renewed  # never a link to the one forgotten
        storage.save_settings()
    return f"{_base_url()}/progress?{RESUME_PARAM}={lid}"


def forget_me() -> None:
    """Delete every row of this learner — their progress, and their pupils in classes with
    their answers — and replace the browser's id by a fresh one (so the old id is gone from
    its ``localStorage`` and cookie). This session forgets the class it had joined: the Class
    page offers to join again, never the pupil that is gone."""
    storage.forget_me()
    forget_pupil()
    fresh = _fresh()
    st.session_state[_ID] = fresh
    storage.use_learner(fresh)

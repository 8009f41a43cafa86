"""Who the learner is: the anonymous secret id, the resume link, "forget me".

The frame calls :func:`start` on every run, before anything is drawn:

1. the id comes from :func:`ui.components.browser_store.learner_id` (this session's
   decision, else the cookie — readable on the very first run through
   ``st.context.cookies`` — else what the browser's ``localStorage`` reported); none: a new
   learner, :func:`store.new_learner_id` remembered with ``new=True``;
2. a resume link (``/progress?resume=TOKEN``, :func:`resume_link`: one-time, for an hour;
   :mod:`store.resume`) is spent and its parameter leaves the address bar on that very run;
   the learner is then asked (:func:`offer`) before the browser takes its id, its own
   progress set aside (:func:`set_asides`, :func:`bring_back`). A link of the old form (the
   id itself) opens once. A broken, spent or unknown link gets a clear message and never
   anyone else's progress;
3. :func:`ui.storage.use_learner` and :func:`ui.storage.flush`.

The id is never logged or shown, except in the resume link the learner asks for.

Tests: AppTest cannot set cookies. With the environment variable ``PIQUET_TESTING=1`` (tests
only), ``st.session_state["_pq_test_cookie"]`` stands for the browser's cookie: a new
AppTest with the same value over the same database is a reload of the same browser.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Final, TypeVar
from urllib.parse import urlsplit

import streamlit as st
from sqlalchemy import exc as sa_exc

from store.clock import utc_now
from store.ids import learner_key, new_learner_id, parse_learner_id, same_id
from store.resume import ResumeLinks, SetAside, parse_token
from store.saver import OUTAGE_ERRORS
from ui import storage
from ui.classroom.state import forget_pupil
from ui.components.address import scrubbing, take_secret
from ui.components.browser_store import learner_id, remember_learner
from words import _

__all__ = [
    "RESUME_PARAM",
    "TESTING_ENV",
    "TEST_COOKIE",
    "bring_back",
    "current_id",
    "forget_me",
    "offer",
    "renew_if_forgotten",
    "resume_link",
    "set_asides",
    "show_messages",
    "start",
]

RESUME_PARAM: Final = "resume"
TESTING_ENV: Final = "PIQUET_TESTING"
TEST_COOKIE: Final = "_pq_test_cookie"
T = TypeVar("T")

_MESSAGES: Final = "_pq_identity_messages"  # (level, text) said once, above the page
_ID: Final = "_pq_learner_id"  # this run's id (the secret), for the resume link only
_OFFER: Final = "_pq_resume_offer"  # the id a resume link brought, until the learner says


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


def _links(use: Callable[[ResumeLinks], T], default: T) -> T:
    """``use`` on the resume links of the app's database, within its deadline; ``default``
    when the database cannot be reached."""
    try:
        return storage.deadline().run(lambda: use(ResumeLinks(storage.engine(), clock=utc_now)))
    except (*OUTAGE_ERRORS, sa_exc.DBAPIError):
        return default


_AWAY: Final = object()


def _resume(raw: str, current: str | None) -> None:
    """Open a resume link: spend it, and offer its progress (:func:`offer` asks first; a
    link is never followed silently, so that nobody can put a browser on their own id by
    sending a link)."""
    token = parse_token(raw)
    old = parse_learner_id(raw) if token is None else None
    if token is None and old is None:
        _say("error", _("This resume link is broken: it does not carry a progress code. "
                        "Nothing was moved; ask for the link again on your other device."))
        return
    if old is not None and current is not None and same_id(old, current):
        _say("info", _("This resume link is this device's own: your progress is already "
                       "here."))
        return
    wanted: object
    if token is not None:
        wanted = _links(lambda links: links.spend(token), _AWAY)
    else:
        assert old is not None
        found = _known(old)
        spent = _links(lambda links: links.spend_old_link(old), None) if found else False
        wanted = _AWAY if found is None or spent is None else (old if spent else None)
    if wanted is _AWAY:
        _say("warning", _("Your progress cannot be looked up right now: the database "
                          "cannot be reached. Open the resume link again in a moment."))
        return
    if not isinstance(wanted, str) or (token is not None and not _known(wanted)):
        _say("error", _("This resume link opens nothing: a resume link works once, for an "
                        "hour, and its progress may have been deleted. Nothing was moved; "
                        "ask for a new link on your other device."))
        return
    if current is not None and same_id(wanted, current):
        _say("info", _("This resume link is this device's own: your progress is already "
                       "here."))
        return
    st.session_state[_OFFER] = wanted


def _switch(to: str, set_aside: str | None) -> bool:
    """Make ``to`` this browser's learner, keeping ``set_aside`` (the one it had) under it
    when it has progress; False when the database could not keep it (nothing switched)."""
    if set_aside is not None and _known(set_aside):
        def keep(links: ResumeLinks) -> bool:
            links.set_aside(to, set_aside)
            return True

        if not _links(keep, False):
            return False
    remember_learner(to)
    st.session_state[_ID] = to
    storage.use_learner(to)
    forget_pupil()
    return True


def _on_offer(accept: bool) -> None:
    wanted = st.session_state.pop(_OFFER, None)
    if not accept or not isinstance(wanted, str):
        _say("info", _("Nothing was moved: this device keeps its own progress."))
        return
    if _switch(wanted, current_id()):
        _say("success", _("Welcome back: your progress is now on this device too. What this "
                          "device had before is kept aside: “My progress” can bring it back."))
    else:
        _say("warning", _("Your progress cannot be looked up right now: the database "
                          "cannot be reached. Open the resume link again in a moment."))


def offer() -> None:
    """The question a resume link asks before this browser follows it (drawn by the frame,
    above the page, while a link is waiting)."""
    if not isinstance(st.session_state.get(_OFFER), str):
        return
    with st.container(border=True, key="resume_offer"):
        st.warning(_("Someone's progress arrived with a link. Use it on this device? Open "
                     "only a link that you made yourself on your other device: whoever sent "
                     "you this link would see what you do with it. This device's own "
                     "progress is kept aside, and “My progress” can bring it back."),
                   icon=":material/devices:")
        yes, no = st.columns(2)
        with yes:
            st.button(_("Use the progress of the link"), key="resume_accept", type="primary",
                      on_click=_on_offer, args=(True,))
        with no:
            st.button(_("Keep this device's progress"), key="resume_decline",
                      on_click=_on_offer, args=(False,))


def set_asides() -> tuple[SetAside, ...]:
    """What this browser set aside to follow resume links, newest first."""
    lid = current_id()
    return () if lid is None else _links(lambda links: links.set_asides(lid), ())


def bring_back(aside_id: int) -> None:
    """Bring back progress set aside (a button's callback): what is here now is set aside
    in its turn."""
    lid = current_id()
    if lid is None:
        return
    previous = _links(lambda links: links.bring_back(lid, aside_id), None)
    if previous is None or not _switch(previous, lid):
        _say("warning", _("That progress cannot be brought back right now. Try again in a "
                          "moment."))
        return
    _say("success", _("The progress this device had before is back. What you had a moment "
                      "ago is kept aside in its turn."))


def start() -> str:
    """This run's learner (see the module's docstring); call once per run, first."""
    current = learner_id() or _test_cookie()
    raw = take_secret(RESUME_PARAM)  # out of the address, no Back entry keeps it
    if raw is not None:
        _resume(raw, current)
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
    """Say what the resume link did (once), and ask what a waiting link asks
    (:func:`offer`), where the frame calls it."""
    said = st.session_state.get(_MESSAGES, [])
    if not scrubbing():  # else said again in the run that follows the address's scrub
        st.session_state.pop(_MESSAGES, None)
    for level, text in said:
        {"error": st.error, "warning": st.warning, "info": st.info,
         "success": st.success}.get(level, st.info)(text)
    offer()


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
    """A new one-time resume link of this learner (``…/progress?resume=TOKEN``: it works
    once, for an hour, :mod:`store.resume`), or None without a learner or a database.

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
    if not storage.saving():
        return None
    token = _links(lambda links: links.make(lid), None)
    return None if token is None else f"{_base_url()}/progress?{RESUME_PARAM}={token}"


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

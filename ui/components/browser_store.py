"""The learner's secret id kept in the browser: ``localStorage``, mirrored in a cookie.

A tiny invisible Custom Components v2 element (:func:`browser_store`) keeps the id in the
browser's ``localStorage`` and mirrors it into a first-party cookie (``SameSite=Lax``,
``Path=/``, 400 days, ``Secure`` on https), so that Python reads it on the very first run of a
new tab or a reload through ``st.context.cookies``, before any JavaScript has run.

- :func:`learner_id`: the id for this session — what :func:`remember_learner` or
  :func:`forget_learner` decided in this session, else the cookie, else what the element
  reported from ``localStorage`` (when the cookie was lost but the storage kept it), else
  ``None`` (a new learner: make an id with ``store.new_learner_id()`` and remember it).
- :func:`remember_learner`: keep this id, in the session now and in the browser when the
  element is next drawn.
- :func:`forget_learner`: drop the id from the session and the browser.
- :func:`browser_store`: draw the element; once per run, at the END of the run (after the
  page has called :func:`remember_learner` or :func:`forget_learner`), e.g. in ``app.py``
  after ``st.navigation(...).run()``.

The id is a secret: never log it, never show it, never put it in a URL. Only values shaped
like an id (:func:`store.ids.parse_learner_id`) are believed. The cookie is written by
JavaScript, so it cannot be ``HttpOnly``; it holds nothing the ``localStorage`` does not.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

import streamlit as st
import streamlit.components.v2 as components_v2

from store.ids import parse_learner_id
from ui.components.modules import STATIC, module_loader
from ui.components.payload import pack
from ui.style import inject_css
from words import DEFAULT, LANGUAGES, language

__all__ = [
    "COOKIE",
    "MAX_AGE_S",
    "browser_store",
    "forget_learner",
    "learner_id",
    "remember_learner",
]

COOKIE: Final = "pq_learner"
"""The cookie's name, also the ``localStorage`` key."""
MAX_AGE_S: Final = 400 * 24 * 3600
"""The cookie's lifetime: 400 days, the most browsers keep (renewed on every visit)."""

_WIDGET: Final = "pq_browser_store"
_WISH: Final = "_pq_learner_wish"  # this session's decision: an id, or "" for forgotten

_SCRIPT: Final = STATIC / "browser_store.js"
"""The element's script, served from the app's static folder (``/app/static/``)."""


@functools.cache
def _renderer() -> Any:
    return components_v2.component(_WIDGET, js=module_loader(_SCRIPT))


def _noop() -> None:
    """The element's state needs a callback to be accepted; the state is read directly."""


def _cookie_id() -> str | None:
    try:
        cookies = st.context.cookies
        raw = cookies.get(COOKIE) if isinstance(cookies, Mapping) else None
    except Exception:  # no browser request behind this session (AppTest, scripts)
        raw = None
    return parse_learner_id(raw)


def _reported_id() -> str | None:
    state = st.session_state.get(_WIDGET)
    raw = state.get("learner") if isinstance(state, Mapping) else None
    return parse_learner_id(raw)


def learner_id() -> str | None:
    """The learner's id for this session, or ``None`` for a new (or forgotten) learner."""
    wish = st.session_state.get(_WISH)
    if isinstance(wish, str):
        return parse_learner_id(wish)  # "" (forgotten) -> None
    if isinstance(wish, tuple):  # a fresh id, until the browser says it has one
        return _reported_id() or parse_learner_id(wish[0])
    return _cookie_id() or _reported_id()


def remember_learner(learner: str, *, new: bool = False) -> None:
    """Keep ``learner`` as this browser's id (now for the session; in the browser when
    :func:`browser_store` is next drawn, at the end of this run).

    ``new=True`` for a fresh id made because :func:`learner_id` found none on the first run:
    if the browser's ``localStorage`` does hold an id (its cookie was lost), that one wins a
    moment later (the element reports it and the page reruns) and the fresh id is dropped.
    Without ``new`` (a resume link, "forget me" then a fresh start) the id replaces the
    browser's.
    """
    checked = parse_learner_id(learner)
    if checked is None:
        raise ValueError("not a learner id")  # the id itself is never put in a message
    st.session_state[_WISH] = (checked,) if new else checked


def forget_learner() -> None:
    """Forget the id: :func:`learner_id` answers ``None`` from now on in this session, and
    the browser drops it from ``localStorage`` and the cookie."""
    st.session_state[_WISH] = ""


def page_lang() -> str:
    """The language the page is in, for ``<html lang>``: the pseudo-locale is English."""
    lang = language()
    return lang if lang in LANGUAGES else DEFAULT


def browser_store() -> None:
    """Draw the invisible element that keeps the id in the browser (once per run, last).
    It also sets the document's ``lang`` to the page's language (:func:`page_lang`)."""
    wish = st.session_state.get(_WISH)
    data: dict[str, object] = {
        "name": COOKIE,
        "max_age": MAX_AGE_S,
        "reported": _reported_id() is not None,
        "lang": page_lang(),
    }
    if isinstance(wish, str):
        data["wish"] = wish
    elif isinstance(wish, tuple):
        data["wish"] = wish[0]
        data["tentative"] = True
    inject_css()  # its container hidden (ui.style.CSS), once a run: nothing if the frame did
    _renderer()(key=_WIDGET, data=pack(data), on_learner_change=_noop)

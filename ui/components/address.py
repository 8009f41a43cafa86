"""Secrets out of the address bar without leaving a Back entry that holds them.

A teacher's link (``?teacher=KEY``) and a resume link (``?resume=TOKEN``) are one-time: the
first open spends them. They must also leave the address bar, and no entry of the tab's
history (Back, Forward) may lead to them. Deleting the parameter from ``st.query_params``
is not enough: Streamlit's frontend *pushes* a new entry when the app rewrites the address,
so the opened address, secret included, stays one Back away (docs/streamlit.md).

So the secret leaves in two steps:

1. :func:`take_secret` reads the parameter on the session's first sight of it and leaves the
   address alone in this run (a page must not rewrite the address in this run either:
   :func:`scrubbing` says so — a rewrite would push an entry holding the secret);
2. :func:`scrub`, drawn once at the end of the run (``app.py``), is an invisible Custom
   Components v2 element whose script *replaces* the current history entry by the same
   address without the secret (``history.replaceState``) and asks for a rerun. In that
   rerun the frontend may still send the secret it read at load; :func:`take_secret` knows it
   as taken and deletes it from ``st.query_params``: the address the browser shows has
   already lost it, so Streamlit writes no entry.

A link the browser opened stays in its own history database whatever a page does; that is
why the links are spent on first use (``store.resume``, ``store.class_teacher``).
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any, Final

import streamlit as st
import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack
from ui.style import inject_css

__all__ = ["SECRET_PARAMS", "WIDGET", "frozen", "scrub", "scrubbing", "settle", "take_secret"]

WIDGET: Final = "pq_address"
SECRET_PARAMS: Final = ("teacher", "resume")
"""The address parameters that carry a secret (a teacher's key, a resume token): while one
is in the address the browser shows, the app writes no other parameter (:func:`frozen`)."""
_TAKEN: Final = "_pq_secrets_taken"  # hashes of the secrets this session has read
_PENDING: Final = "_pq_secrets_pending"  # the parameters the address still has to lose
_ROUND: Final = "_pq_scrub_round"

_JS: Final = JS_READ + """
export default function (component) {
    const data = pqData(component.data);
    if (!data || !Array.isArray(data.drop)) {
        return;
    }
    const url = new URL(window.location.href);
    let changed = false;
    for (const name of data.drop) {
        if (url.searchParams.has(name)) {
            url.searchParams.delete(name);
            changed = true;
        }
    }
    if (changed) {
        // this very entry loses the secret: no new entry, nothing one Back away
        window.history.replaceState(window.history.state, "", url.pathname + url.search);
    }
    component.setTriggerValue("scrubbed", data.round);
}
"""


@functools.cache
def _renderer() -> Any:
    return components_v2.component(WIDGET, js=_JS)


def _hash(name: str, raw: str) -> str:
    return hashlib.sha256(f"{name}\x00{raw}".encode()).hexdigest()


def take_secret(name: str) -> str | None:
    """The secret ``?name=…`` of this address on the session's first sight of it, else None.

    Seen again in this session (the scrub's rerun, Back, the same address typed again), it
    is already gone: :func:`settle`, first in the run, forgot it. A secret is read once a
    session."""
    raw = st.query_params.get(name)
    if raw is None:
        return None
    ss = st.session_state
    ss.setdefault(_TAKEN, set()).add(_hash(name, str(raw)))
    ss.setdefault(_PENDING, set()).add(name)
    return str(raw)


def _taken(name: str, raw: object) -> bool:
    return _hash(name, str(raw)) in st.session_state.get(_TAKEN, set())


def settle() -> None:
    """First thing in a run: a secret this session has already taken, sent again by the
    frontend (the address it loaded with), is forgotten — the browser's address has lost it
    already, so this writes no history entry."""
    for name in SECRET_PARAMS:
        raw = st.query_params.get(name)
        if raw is not None and _taken(name, raw):
            del st.query_params[name]


def frozen() -> bool:
    """True while the address the browser shows holds a secret (not yet taken, or taken in
    this run): write no parameter now — Streamlit would push an entry holding the secret;
    the next run writes it."""
    return scrubbing() or any(
        (raw := st.query_params.get(name)) is not None and not _taken(name, raw)
        for name in SECRET_PARAMS)


def scrubbing() -> bool:
    """True while the address still holds a secret taken in this run: the page must not
    rewrite the address now (Streamlit would push an entry holding the secret)."""
    return bool(st.session_state.get(_PENDING))


def _on_scrubbed() -> None:
    """The element's rerun: nothing to do (the address is clean, the run reads it)."""


def scrub() -> None:
    """Draw the element that takes this run's secrets out of the current history entry (once
    per run, at the end: ``app.py``). Nothing is drawn when no secret is waiting."""
    pending = st.session_state.pop(_PENDING, None)
    if not pending:
        return
    inject_css()  # its container hidden (ui.style.CSS)
    ss = st.session_state
    ss[_ROUND] = int(ss.get(_ROUND, 0)) + 1
    _renderer()(key=WIDGET, data=pack({"drop": sorted(pending), "round": ss[_ROUND]}),
                on_scrubbed_change=_on_scrubbed)

"""Links to share: a page's full address with its parameters."""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping
from typing import Final

import streamlit as st

from words import DEFAULT, PSEUDO, language

LANG_PARAM: Final = "lang"
"""The language's query parameter (``?lang=vi``; :mod:`ui.settings` reads it)."""


def page_url(path: str, params: Mapping[str, str]) -> str:
    """The address of this page as the browser knows it (``path`` where it cannot be told),
    with ``params`` as its query; commas stay readable (``elder=AS,KS``). Every shared link
    carries the reader's language (``lang=``, English leaving it out) unless ``params`` names
    one: a pupil who opens it reads what its sender read.

    >>> from words import use_language
    >>> with use_language("vi"):
    ...     page_url("/quiz", {"seed": "abc"})
    '/quiz?seed=abc&lang=vi'
    >>> page_url("/quiz", {"seed": "abc"})
    '/quiz?seed=abc'
    """
    params = dict(params)
    lang = language()
    if LANG_PARAM not in params and lang not in (DEFAULT, PSEUDO):
        params[LANG_PARAM] = lang
    base = path
    try:
        url = st.context.url
    except Exception:  # pragma: no cover - depends on the front end
        url = None
    if url:
        base = str(url).split("?")[0]
    query = urllib.parse.urlencode(dict(params), safe=",")
    return f"{base}?{query}" if query else base



WRITTEN_KEPT = 8
"""How many of the addresses a page wrote it remembers (:func:`remember_written`)."""
_K_VISIT = "_pq_visit"
"""``(url_path, n)``: the page being shown and how many times the page has changed."""


def arrive(url_path: str) -> None:
    """Called by the router on every run, before the page: a run on another page than the
    last starts a new visit, which forgets the addresses the pages wrote before it."""
    held = st.session_state.get(_K_VISIT)
    if held is None or held[0] != url_path:
        st.session_state[_K_VISIT] = (url_path, held[1] + 1 if held else 0)


def _visit() -> int | None:
    held = st.session_state.get(_K_VISIT)
    return None if held is None else int(held[1])


def new_visit(key: str) -> bool:
    """Whether this is the first time a page asks, under ``key``, in this visit: a page
    reached by a switch (its plain parameters dropped by the browser), so any parameters it
    has come from a link followed to it, to be read even if they name what it shows."""
    visit = ("visit", _visit())
    if st.session_state.get(key) == visit:
        return False
    st.session_state[key] = visit
    return True


def remember_written(key: str, link: tuple[str | None, ...]) -> None:
    """Remember ``link`` (a page's parameters) as one this page wrote into the address during
    this visit, under ``st.session_state[key]``; the last :data:`WRITTEN_KEPT` are kept."""
    held = st.session_state.get(key)
    if not isinstance(held, tuple) or held[0] != _visit():
        held = (_visit(), [])
        st.session_state[key] = held
    written: list[tuple[str | None, ...]] = held[1]
    if link not in written:
        written.append(link)
        del written[:-WRITTEN_KEPT]


def was_written(key: str, link: tuple[str | None, ...]) -> bool:
    """Whether this page wrote ``link`` itself during this visit (:func:`remember_written`).
    The browser's address lags behind quick edits, and a rerun it starts meanwhile carries an
    address the page wrote a moment before: that is not a link followed, and must not undo
    the edits. A link followed from another page (``st.page_link``) starts a new visit, so it
    is read even when it names what the page once wrote."""
    held = st.session_state.get(key)
    return isinstance(held, tuple) and held[0] == _visit() and link in held[1]

"""Links to share: a page's full address with its parameters; links to another page of the
app with parameters (:func:`page_link`)."""

from __future__ import annotations

import html
import os
import urllib.parse
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui.text import md_escape
from words import DEFAULT, PSEUDO, language

LANG_PARAM: Final = "lang"
"""The language's query parameter (``?lang=vi``; :mod:`ui.settings` reads it)."""
RULES_PARAM: Final = "rules"
"""The rules preset's query parameter (``?rules=cavendish``; :mod:`ui.settings`)."""
FOUR_COLOUR_PARAM: Final = "four_colour"
"""The four-colour deck's query parameter (``?four_colour=1``; :mod:`ui.settings`)."""
FRAME_PARAMS: Final = (LANG_PARAM, RULES_PARAM, FOUR_COLOUR_PARAM)
"""The frame's own parameters (the settings every page honours): a link carries them."""


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



def url_path_of(page: str) -> str:
    """The address (``play``; the default page ``""``) of the app page in file ``page``
    (``app_pages/play.py``), as the navigation serves it; the file's name where no
    navigation is known."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        wanted = os.path.realpath(Path(ctx.main_script_path).parent / page)
        for info in ctx.pages_manager.get_pages().values():
            if os.path.realpath(str(info.get("script_path", ""))) == wanted:
                return str(info.get("url_pathname", ""))
    return Path(page).stem


def page_href(page: str, params: Mapping[str, str]) -> str:
    """The relative address of page file ``page`` with ``params``, and the frame's settings
    now in the address (the language, the preset, the deck), so that the page opens as the
    learner sees the app: ``play?scenario=x&lang=vi``."""
    query = dict(params)
    for name in FRAME_PARAMS:
        value = st.query_params.get(name)
        if value is not None and name not in query:
            query[name] = value
    encoded = urllib.parse.urlencode(query, safe=",")
    return f"./{url_path_of(page)}" + (f"?{encoded}" if encoded else "")


def page_link(page: str, label: str, params: Mapping[str, str] | None = None, *,
              icon: str | None = None, help: str | None = None) -> None:
    """A link to another page of the app. Without ``params``, Streamlit's own (the same
    session). With ``params``, a plain link to the page's address, so that the address bar
    shows the page and its parameters: ``st.page_link(query_params=…)`` switches page in
    the same session, and when the page (or the frame, restoring ``?rules=``) writes its
    parameters during that first run the browser can be left on the old page's path with the
    new parameters (``/lessons?scenario=…``; tests/e2e/test_lessons_browser.py). A plain link
    loads the page afresh: the learner's settings come back from the address and from what
    is stored for him."""
    if not params:
        st.page_link(page, label=label, icon=icon, help=help)
        return
    title = f' title="{html.escape(help)}"' if help else ""
    shown = md_escape(label)  # Markdown escapes show "<", "&" and "'" as they are
    name = icon.removeprefix(":material/").removesuffix(":") if icon else ""
    if name:  # Streamlit's own icon font, as its page links draw it
        shown = (f'<span class="pq-icon" translate="no" aria-hidden="true">'
                 f"{html.escape(name)}</span> {shown}")
    st.markdown(f'<a class="pq-page-link" href="{html.escape(page_href(page, params))}" '
                f'target="_self"{title}>{shown}</a>', unsafe_allow_html=True)


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

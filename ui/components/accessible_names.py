"""Streamlit's own English in the page's language.

Streamlit's frontend writes some words in English whatever the page's language: the
accessible names of a Markdown heading's anchor ("Link to heading"), a help icon ("Help for
…"), a select box's button ("Open", "Clear value"), a number input's steppers ("Increment",
"Decrement"), the sidebar ("Sidebar", "Expand sidebar", "Collapse sidebar"), the pages' list ("App
pages") and the link "Skip to main content". (The app has no ``st.file_uploader``: its
record uploader is its own, :mod:`ui.components.json_file`, in the app's words.)
:func:`accessible_names` draws an invisible Custom Components v2 element whose static module
(``static/accessible_names.js``) rewrites them, after each render and whenever Streamlit draws
them anew, with the words of :func:`streamlit_words` (the text layer's, in the page's
language). ``docs/translating.md`` lists every such string and how it is handled.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.modules import STATIC, module_loader
from ui.components.payload import pack
from ui.style import inject_css
from words import DEFAULT, language, pgettext

__all__ = ["WIDGET", "accessible_names", "streamlit_words"]

WIDGET: Final = "pq_names"
_SCRIPT: Final = STATIC / "accessible_names.js"


@functools.cache
def _renderer() -> Any:
    return components_v2.component(WIDGET, js=module_loader(_SCRIPT))


def streamlit_words() -> dict[str, object]:
    """Streamlit's English and the page's words for it: ``names`` (accessible names, whole),
    ``texts`` (visible words: the "skip to content" link), ``help`` ("Help for {label}") and
    ``help_alone``. English: nothing to rewrite."""
    if language() == DEFAULT:
        return {"names": {}, "texts": {}, "help": "", "help_alone": ""}
    names = {
        # TRANSLATORS: Streamlit's accessible names (read by screen readers), rewritten in
        # the page's language: a heading's link to itself.
        "Link to heading": pgettext("streamlit", "Link to heading"),
        # TRANSLATORS: a select box's button that opens its list
        "Open": pgettext("streamlit", "Open"),
        "Clear value": pgettext("streamlit", "Clear value"),
        "Clear all": pgettext("streamlit", "Clear all"),
        # TRANSLATORS: a number box's buttons: one more, one less
        "Increment": pgettext("streamlit", "Increment"),
        "Decrement": pgettext("streamlit", "Decrement"),
        "Sidebar": pgettext("streamlit", "Sidebar"),
        # TRANSLATORS: the list of the app's pages (the navigation)
        "App pages": pgettext("streamlit", "App pages"),
        "Expand sidebar": pgettext("streamlit", "Expand sidebar"),
        "Collapse sidebar": pgettext("streamlit", "Collapse sidebar"),
    }
    texts = {
        # TRANSLATORS: a link for keyboard users, shown when it has the focus
        "Skip to main content": pgettext("streamlit", "Skip to main content"),
    }
    return {
        "names": names,
        "texts": texts,
        # TRANSLATORS: a help icon's name for screen readers; {label} is the field it helps.
        "help": pgettext("streamlit", "Help for {label}", label="{label}"),
        "help_alone": pgettext("streamlit", "Help"),
    }


def accessible_names() -> None:
    """Draw the invisible element that puts Streamlit's own English in the page's language
    (once per run, e.g. in ``app.py`` after the page)."""
    inject_css()  # its container hidden (ui.style.CSS)
    _renderer()(key=WIDGET, data=pack(streamlit_words()))

"""A small JSON file read in the browser: the app's own file button, in the page's language.

Streamlit's ``st.file_uploader`` writes its words in English whatever the page's language
("Upload", "200MB per file • JSON", "file upload") and accepts 200 MB. :func:`json_file`
draws a Custom Components v2 element (no iframe; ``static/json_file.js``) instead: a visible
label, a button of the app's ("Choose a file"), a hint with the size limit
(:data:`LIMIT`), all in the text layer's words. The browser reads the chosen file itself and
sends Python one event, ``file``: its name and text, or, for a file over the limit or not
UTF-8 text, its name and the problem (a file over the limit is never read nor sent).

Every file goes through ONE function, :func:`receive` — the component's callback calls it,
and so can an AppTest (which cannot fire a Components v2 event: tests/json_files.py sends
the browser's event). :func:`receive` calls the page's ``on_file(ChosenFile)``.

The button is a native ``<button>``: Tab reaches it, Enter or Space opens the browser's file
chooser; its focus outline is drawn. A polite status line says which file was chosen.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

import streamlit as st
import streamlit.components.v2 as components_v2

from ui.components.modules import STATIC, module_loader
from ui.components.payload import pack
from words import _, format_number

__all__ = ["COMPONENT_NAME", "LIMIT", "ChosenFile", "json_file", "receive", "size_words"]

COMPONENT_NAME: Final = "pq_json_file"
LIMIT: Final = 64 * 1024
"""The largest file read, in bytes (a whole deal record is under 2 kB)."""

_SCRIPT: Final = STATIC / "json_file.js"

_HTML: Final = (
    '<div class="pq-file" role="group">'
    '<p class="pq-file-label"></p>'
    '<div class="pq-file-row"><button type="button"></button>'
    '<span class="pq-file-hint"></span></div>'
    '<input type="file" accept=".json,application/json" tabindex="-1" hidden>'
    '<p class="pq-file-status" role="status" aria-live="polite"></p>'
    "</div>"
)

_CSS: Final = """
.pq-file { font-family: var(--st-font, sans-serif); }
.pq-file-label { margin: 0 0 .35rem; font-size: .875rem; }
.pq-file-row { display: flex; align-items: center; gap: .75rem; flex-wrap: wrap; }
.pq-file button { font: inherit; min-height: 2.75rem; padding: .35rem .9rem;
  border-radius: .5rem; cursor: pointer; border: 1px solid currentColor;
  background: transparent; color: inherit; }
.pq-file button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
.pq-file-hint { font-size: .875rem; }
.pq-file-status { margin: .35rem 0 0; font-size: .875rem; min-height: 0; }
.pq-file-status:empty { display: none; }
"""

Problem = Literal["too_big", "not_text"]


@dataclass(frozen=True, slots=True)
class ChosenFile:
    """A file the learner chose: its ``name`` (as the browser gave it), its ``size`` in bytes,
    and its ``text`` — or ``None`` with the ``problem`` that kept it from being read."""

    name: str
    size: int
    text: str | None
    problem: Problem | None


@functools.cache
def _renderer() -> Any:
    return components_v2.component(COMPONENT_NAME, html=_HTML, css=_CSS,
                                   js=module_loader(_SCRIPT))


def size_words(size: int) -> str:
    """A file size in the page's language, in whole kB rounded up ("64 kB"), or in MB with
    one decimal from 1 MB ("1.5 MB"), through Babel's number format."""
    if size >= 1024 * 1024:
        return _("{n} MB", n=format_number(size / (1024 * 1024), decimals=1))
    return _("{n} kB", n=format_number(math.ceil(size / 1024)))


def chosen_file(payload: object) -> ChosenFile | None:
    """What the browser sent (``{name, size, text}`` or ``{name, size, problem}``) as a
    :class:`ChosenFile`; ``None`` for anything malformed. A text over :data:`LIMIT` is a
    ``"too_big"`` file whatever the browser said."""
    if not isinstance(payload, Mapping):
        return None
    name = payload.get("name")
    size = payload.get("size")
    if not isinstance(name, str) or not isinstance(size, int) or isinstance(size, bool):
        return None
    name = name[:200]
    text = payload.get("text")
    problem = payload.get("problem")
    if isinstance(text, str):
        if size > LIMIT or len(text.encode("utf-8")) > LIMIT:
            return ChosenFile(name, max(size, len(text)), None, "too_big")
        return ChosenFile(name, size, text, None)
    if problem in ("too_big", "not_text"):
        return ChosenFile(name, size, None, problem)
    return None


def receive(payload: object, on_file: Callable[[ChosenFile], None]) -> None:
    """The ONE path of a chosen file: the browser's ``file`` event → ``on_file``."""
    chosen = chosen_file(payload)
    if chosen is not None:
        on_file(chosen)


def _on_change(key: str, on_file: Callable[[ChosenFile], None]) -> None:
    state = st.session_state.get(key)
    receive(state.get("file") if isinstance(state, Mapping) else None, on_file)


def json_file(key: str, *, label: str, on_file: Callable[[ChosenFile], None]) -> None:
    """Draw the file button with its visible ``label``; ``on_file(ChosenFile)`` runs when
    the learner chooses a file (in the callback phase, before the rerun)."""
    _renderer()(
        key=key,
        data=pack({
            "name": key,
            "label": label,
            # TRANSLATORS: the button that opens the browser's file chooser
            "button": _("Choose a file"),
            # TRANSLATORS: beside the file button; {size} is the limit, e.g. "64 kB"
            "hint": _("A .json file of at most {size}.", size=size_words(LIMIT)),
            # TRANSLATORS: said by screen readers after a file is chosen; {name} is its name
            "chosen": _("File chosen: {name}", name="{name}"),
            "limit": LIMIT,
        }),
        on_file_change=functools.partial(_on_change, key, on_file),
    )

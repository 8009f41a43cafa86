"""The page menu: a labelled button, in the page's language, that opens and closes the
sidebar — the pages on a phone (where Streamlit moves the top navigation there) and the
settings (the language, the rules preset, the deck) on every screen.

Streamlit's own controls for the sidebar are hidden (``ui.style.CSS``): a bare "»" whose
accessible name is the fixed English "Expand sidebar", and "«", "Collapse sidebar". The
button (a Custom Components v2 element, :func:`page_menu`) presses them for the learner; it
sits where they were, at the top left of the page, out of the page's flow. Its state
(``aria-expanded``) follows the sidebar's."""

from __future__ import annotations

import functools
from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.modules import STATIC, module_loader
from ui.components.payload import pack
from words import _

__all__ = ["MENU_KEY", "page_menu"]

MENU_KEY: Final = "pq_menu"
"""The element's key (its container's class ``st-key-pq_menu``, placed by ``ui.style``)."""

_SCRIPT: Final = STATIC / "page_menu.js"

_CSS: Final = """
.pq-menu{display:inline-flex;align-items:center;gap:.4rem;padding:.3rem .75rem .3rem .55rem;
  min-height:2.25rem;border-radius:.5rem;border:1px solid rgba(49,51,63,.25);
  background:var(--st-background-color, #fff);color:inherit;font:inherit;font-size:.95rem;
  line-height:1.2;cursor:pointer}
.pq-menu:hover{border-color:currentColor}
.pq-menu:focus-visible{outline:2px solid #d33b3b;outline-offset:2px}
.pq-menu svg{flex:none}
"""


@functools.cache
def _renderer() -> Any:
    return components_v2.component(MENU_KEY, css=_CSS, js=module_loader(_SCRIPT))


def page_menu() -> None:
    """Draw the menu button (once a run, in the frame)."""
    # TRANSLATORS: the button at the top of every page that opens the pages and the settings
    _renderer()(key=MENU_KEY, data=pack({"label": _("Menu")}))

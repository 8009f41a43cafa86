"""A button that copies a text to the clipboard, in the page's language.

Streamlit's own copy icon (on ``st.code``) is named in English, and a browser gives no
clipboard to a page served over plain http (as on a school's own address): there the button
says so and the text beside it is selected, ready for Ctrl+C. A Custom Components v2 element
(no iframe): the button is the app's, its label and messages are the text layer's.

Usage::

    st.code(link, language=None)      # the text, always shown for selection
    copy_button("class_link_copy", link)
"""

from __future__ import annotations

from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack
from words import _

__all__ = ["copy_button"]

_JS: Final = JS_READ + """
export default function (component) {
    const data = pqData(component.data);
    const root = component.parentElement;
    const button = root.querySelector("button");
    const status = root.querySelector("[role='status']");
    if (!button || !data) {
        return;
    }
    button.textContent = data.label;
    const selectText = () => {
        const code = document.querySelector(
            ".st-key-" + data.target + " [data-testid='stCode'] code");
        if (!code) {
            return;
        }
        const range = document.createRange();
        range.selectNodeContents(code);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
    };
    button.onclick = () => {
        const say = (text) => { status.textContent = text; };
        if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(data.text).then(
                () => say(data.copied),
                () => { selectText(); say(data.select); });
        } else {
            selectText();
            say(data.select);
        }
    };
}
"""

_CSS: Final = """
.pq-copy { display: flex; align-items: center; gap: .75rem; flex-wrap: wrap; }
.pq-copy button { font: inherit; padding: .35rem .9rem; border-radius: .5rem; cursor: pointer;
  border: 1px solid currentColor; background: transparent; color: inherit; }
.pq-copy button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
"""

_HTML: Final = ('<div class="pq-copy"><button type="button"></button>'
                '<span role="status" aria-live="polite"></span></div>')

_component: Any = None


def _renderer() -> Any:
    global _component
    if _component is None:
        _component = components_v2.component("pq_copy_button", html=_HTML, js=_JS, css=_CSS)
    return _component


def copy_button(key: str, text: str, *, target: str) -> None:
    """A translated "Copy" button for ``text``; ``target`` is the key of the container
    whose ``st.code`` shows the same text (selected when the browser has no clipboard)."""
    _renderer()(key=key, data=pack({
        "text": text, "target": target, "label": _("Copy the link"),
        "copied": _("Copied."),
        "select": _("This browser gives no clipboard here: the link is selected, copy it "
                    "with Ctrl+C (⌘+C on a Mac)."),
    }))

"""Scroll the page back to the top when the user moves on (next lesson, next question).

Streamlit keeps the scroll position across a rerun, so after "Next lesson" the new lesson
would open where the old one was left, often near its end. :func:`scroll_to_top` mounts a
tiny Custom Components v2 element whose JavaScript scrolls the page to the top whenever the
``token`` it is given differs from the one it saw last in this browser tab; the same token
on every rerun (clicking a widget inside the lesson) never moves the page. The first token a
tab sees is only remembered, so a deep link with an anchor (``#try-it``) keeps its place.

Usage, once per page run, before the content::

    scroll_to_top("lessons", token=lesson.slug)
    scroll_to_top("quiz", token=f"{seed}:{index}")
"""

from __future__ import annotations

import zlib
from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack
from ui.style import inject_css

_JS: Final = JS_READ + """
export default function (component) {
    const data = pqData(component.data);
    const scope = String((data && data.scope) || "page");
    const token = String((data && data.token) || "");
    const seen = (window.__pqScrollTokens = window.__pqScrollTokens || {});
    const previous = seen[scope];
    seen[scope] = token;
    if (previous === undefined || previous === token) {
        return;
    }
    const toTop = () => {
        window.scrollTo(0, 0);
        document.querySelectorAll(
            "[data-testid='stMain'], [data-testid='stAppViewContainer'], "
            + "[data-testid='stMainBlockContainer'], section.main"
        ).forEach((el) => { el.scrollTop = 0; });
    };
    toTop();
    // The new content is still being drawn: once more after it has been laid out.
    requestAnimationFrame(toTop);
    setTimeout(toTop, 150);
    setTimeout(toTop, 600);
}
"""

_component: Any = None


def _renderer() -> Any:
    global _component
    if _component is None:
        _component = components_v2.component("pq_scroll_to_top", js=_JS)
    return _component


def scroll_to_top(key: str, token: object) -> None:
    """Scroll to the top of the page when ``token`` changes (a new lesson, a new question).

    ``key`` names the place (``"lessons"``, ``"quiz"``): tokens are compared per key, and
    the element's Streamlit keys are derived from it (and from the token, so that a new
    token mounts a new element). Draws nothing visible.
    """
    inject_css()  # the element's container hidden (ui.style.CSS), once a run
    tag = zlib.crc32(str(token).encode())
    _renderer()(key=f"pq_scroll_{key}_{tag}", data=pack({"scope": key, "token": str(token)}))

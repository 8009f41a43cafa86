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

:func:`scroll_into_view` does the same for one container rather than the whole page: the
Play table brings the learner's hand on the screen when it is his turn again.
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
    const target = String((data && data.target) || "");
    const seen = (window.__pqScrollTokens = window.__pqScrollTokens || {});
    const previous = seen[scope];
    seen[scope] = token;
    // a page's first token is only remembered (an anchor in the link keeps its place);
    // a container is brought into view from the first
    if (previous === token || (previous === undefined && !target)) {
        return;
    }
    const toTop = () => {
        window.scrollTo(0, 0);
        document.querySelectorAll(
            "[data-testid='stMain'], [data-testid='stAppViewContainer'], "
            + "[data-testid='stMainBlockContainer'], section.main"
        ).forEach((el) => { el.scrollTop = 0; });
    };
    // Into view, by as little as it takes, unless it is already whole on the screen.
    const intoView = () => {
        const el = document.querySelector(".st-key-" + target);
        if (!el) {
            return;
        }
        const box = el.getBoundingClientRect();
        // what its scroll-margin-top leaves at the top is under the page's header
        const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
        if (box.top >= margin && box.bottom <= window.innerHeight) {
            return;
        }
        el.scrollIntoView({block: box.height > window.innerHeight ? "end" : "nearest"});
    };
    const move = target ? intoView : toTop;
    move();
    // The new content is still being drawn: once more after it has been laid out.
    requestAnimationFrame(move);
    setTimeout(move, 150);
    setTimeout(move, 600);
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
    _mount(key, token, "")


def scroll_into_view(key: str, token: object, target: str) -> None:
    """Bring the container keyed ``target`` on the screen when ``token`` changes, by as
    little scrolling as it takes, and not at all when it is already whole on the screen;
    unlike :func:`scroll_to_top`, from the first token a tab sees
    (the learner's hand when it is his turn again: what was drawn above it may have grown
    or shrunk since he last tapped). Tokens are compared per ``key``, as for
    :func:`scroll_to_top`. The target should have a ``scroll-margin-top`` clearing the
    page's header. Draws nothing visible.
    """
    _mount(key, token, target)


def _mount(key: str, token: object, target: str) -> None:
    inject_css()  # the element's container hidden (ui.style.CSS), once a run
    tag = zlib.crc32(str(token).encode())
    _renderer()(key=f"pq_scroll_{key}_{tag}",
                data=pack({"scope": key, "token": str(token), "target": target}))

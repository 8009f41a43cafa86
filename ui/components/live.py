"""What changed, said politely to a screen reader: one live region for the whole page.

A live region is announced when its text changes, not when it is drawn: Streamlit draws
elements anew on a rerun (and a page switch), so a region inside the app's own tree may be
a new node each time, and say nothing. :func:`announce` draws an invisible Custom
Components v2 element whose script keeps ONE region (``role="status"``,
``aria-live="polite"``) in the closed shadow root of a visually hidden ``#pq-live`` at the end
of ``<body>``, outside Streamlit's tree, made once a page load (the host's ``__pqRegion`` is
the region, for tests; a page-text search does not find each sentence twice). It writes
the lines it is sent there — one paragraph each — when their ``token`` differs from the last
one written (a new trick, a new score), never twice for the same event.

Usage (a page, after it has drawn what changed)::

    announce([_("Trick 3 — won by you"), tricks_caption(2, 1)], token=f"{deal}-{trick}")
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack
from ui.style import inject_css
from words import language

__all__ = ["COMPONENT_NAME", "REGION_ID", "announce"]

COMPONENT_NAME: Final = "pq_live"
REGION_ID: Final = "pq-live"

_JS: Final = JS_READ + """
export default function (component) {
  const data = pqData(component.data);
  if (!data) {
    return;
  }
  let host = document.getElementById("PQ_REGION");
  if (!host) {
    // the region lives in a closed shadow root: screen readers read it, a page-text search
    // (a test's get_by_text) does not find each sentence twice
    host = document.createElement("div");
    host.id = "PQ_REGION";
    host.style.cssText = "position:absolute;width:1px;height:1px;padding:0;margin:-1px;"
      + "overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0";
    const region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    host.attachShadow({ mode: "closed" }).appendChild(region);
    host.__pqRegion = region; // for the browser tests
    document.body.appendChild(host);
  }
  const region = host.__pqRegion;
  region.lang = data.lang || document.documentElement.lang || "";
  if (region.dataset.token === String(data.token)) {
    return;
  }
  region.dataset.token = String(data.token);
  region.replaceChildren(...(data.lines || []).map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
}
""".replace("PQ_REGION", REGION_ID)


@functools.cache
def _renderer() -> Any:
    return components_v2.component(COMPONENT_NAME, js=_JS)


def announce(lines: Sequence[str], *, token: str, key: str = "pq_live") -> None:
    """Say ``lines`` politely (one paragraph each) when ``token`` is new; draw it once a run,
    after what changed. Nothing is shown."""
    inject_css()  # the element's own container hidden (ui.style.CSS)
    _renderer()(key=key, data=pack({"lines": list(lines), "token": token,
                                    "lang": language()}))

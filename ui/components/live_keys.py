"""A live round's countdown (Custom Components v2, no iframe), run by the browser against
the seconds the database says are left.

The teacher's keys (→ next, ← back, R reveal) are the Lab presentation's,
:func:`ui.present.keys.present_keys`: one key script for every presentation."""

from __future__ import annotations

import functools
from typing import Any, Final

import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack

__all__ = ["countdown"]

_COUNT_JS: Final = JS_READ + """
export default function (component) {
  const data = pqData(component.data);
  const out = component.parentElement.querySelector(".pq-countdown");
  if (!out || !data) { return; }
  out.style.fontSize = data.size + "rem";
  const end = performance.now() + data.remaining * 1000;
  const draw = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    out.textContent = String(left);
    out.setAttribute("aria-label", data.label.replace("{n}", String(left)));
    out.classList.toggle("pq-countdown-low", left <= 5);
  };
  draw();
  const timer = setInterval(draw, 250);
  return () => clearInterval(timer);
}
"""

_COUNT_CSS: Final = """
.pq-countdown { font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1;
  display: inline-block; min-width: 2ch; text-align: center; border-radius: 50%;
  padding: .15em .35em; background: #1a5fb4; color: #fff; }
.pq-countdown-low { background: #c01c28; }
"""


@functools.cache
def _count() -> Any:
    return components_v2.component("pq_live_countdown",
                                   html='<span class="pq-countdown" role="timer"></span>',
                                   css=_COUNT_CSS, js=_COUNT_JS)


def countdown(key: str, remaining: float, *, label: str, size_rem: float = 3.0) -> None:
    """The seconds left, counted down by the browser from ``remaining``; ``label`` names it
    for a screen reader (``{n}``: the seconds)."""
    _count()(key=key, data=pack({"remaining": round(max(remaining, 0.0), 2), "label": label,
                                 "size": size_rem}))

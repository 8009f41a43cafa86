"""Two small elements of a live round (Custom Components v2, no iframe): the countdown, run
by the browser against the seconds the database says are left, and the teacher's keys.

The keys: → next, ← back, R reveal — acting only when no control has the focus (a focused
card hand keeps its arrow keys, a focused button its Space and Enter); Space is never a
shortcut, nor a key pressed with Ctrl, Alt or ⌘. One listener a page, whatever the reruns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import streamlit as st
import streamlit.components.v2 as components_v2

from ui.components.payload import JS_READ, pack

__all__ = ["ACTIONS", "countdown", "key_event", "live_keys"]

ACTIONS: Final = {"ArrowRight": "next", "ArrowLeft": "back", "r": "reveal", "R": "reveal"}

_KEYS_JS: Final = JS_READ + """
const CONTROLS = "button, input, textarea, select, a[href], [contenteditable], [role='radio'],"
  + " [role='checkbox'], [role='button'], [role='slider'], [role='listbox'], [tabindex]";
const ACTIONS = {ArrowRight: "next", ArrowLeft: "back", r: "reveal", R: "reveal"};
export default function (component) {
  window.pqLiveTrigger = component.setTriggerValue;
  if (!window.pqLiveKeys) {
    window.pqLiveKeys = (event) => {
      const action = ACTIONS[event.key];
      if (!action || event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
        return;
      }
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.closest(CONTROLS)) {
        return;  // a control keeps its keys
      }
      if (window.pqLiveTrigger) {
        event.preventDefault();
        window.pqLiveTrigger("key", {action: action, at: Date.now()});
      }
    };
    document.addEventListener("keydown", window.pqLiveKeys);
  }
  return () => { window.pqLiveTrigger = null; };
}
"""

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
def _keys() -> Any:
    return components_v2.component("pq_live_keys", html="<span></span>", js=_KEYS_JS)


@functools.cache
def _count() -> Any:
    return components_v2.component("pq_live_countdown",
                                   html='<span class="pq-countdown" role="timer"></span>',
                                   css=_COUNT_CSS, js=_COUNT_JS)


def key_event(key: str) -> Literal["next", "back", "reveal"] | None:
    """The action of the key the teacher pressed ("next", "back", "reveal"), read from the
    element's state, once a press (its moment kept); None for anything else."""
    state = st.session_state.get(key)
    pressed = state.get("key") if isinstance(state, Mapping) else None
    if not isinstance(pressed, Mapping):
        return None
    action, at = pressed.get("action"), pressed.get("at")
    seen = f"_{key}_at"
    if at == st.session_state.get(seen):  # the same press, delivered again: once only
        return None
    st.session_state[seen] = at
    return {"next": "next", "back": "back", "reveal": "reveal"}.get(str(action))  # type: ignore[return-value]


def live_keys(key: str, on_key: Callable[[], None]) -> None:
    """The teacher's keys (see the module's text); ``on_key`` reads :func:`key_event`."""
    _keys()(key=key, data=pack({}), on_key_change=on_key)


def countdown(key: str, remaining: float, *, label: str, size_rem: float = 3.0) -> None:
    """The seconds left, counted down by the browser from ``remaining``; ``label`` names it
    for a screen reader (``{n}``: the seconds)."""
    _count()(key=key, data=pack({"remaining": round(max(remaining, 0.0), 2), "label": label,
                                 "size": size_rem}))

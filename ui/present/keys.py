"""The presentation's keys: → next, ← back, R reveal (and a clicker's Page Down, Page Up), a
Custom Components v2 element with no size of its own (``static/present_keys.js``).

The keys act only while no control has the focus: a card hand keeps its arrow keys, a button
its Space and Enter; Space is never a shortcut. (``st.button(shortcut=…)`` would fire while a
card hand handles the same arrow keys: its filter skips only text fields.) A click with the
mouse on one of the presentation's buttons gives the focus back to the page."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import streamlit as st
import streamlit.components.v2 as components_v2

from ui.components.modules import STATIC, module_loader
from ui.components.payload import pack

__all__ = ["ACTIONS", "Action", "key_action", "present_keys", "take_key"]

Action = Literal["next", "back", "reveal"]
ACTIONS: Final[tuple[Action, ...]] = ("next", "back", "reveal")

_NAME: Final = "pq_present_keys"
_SCRIPT: Final = STATIC / "present_keys.js"


@functools.cache
def _renderer() -> Any:
    return components_v2.component(_NAME, js=module_loader(_SCRIPT))


def key_action(state: object) -> Action | None:
    """The action a key event asks for (``None`` for anything else).

    >>> key_action({"key": {"action": "next", "seq": 3}})
    'next'
    >>> key_action({"key": {"action": "jump"}}) is None
    True
    """
    event = state.get("key") if isinstance(state, Mapping) else None
    action = event.get("action") if isinstance(event, Mapping) else None
    for known in ACTIONS:
        if action == known:
            return known
    return None


def take_key(key: str) -> Action | None:
    """The action of the key pressed, read from the element ``key``'s state: once a press
    (its ``seq`` kept), so that a press delivered again with a later rerun (a fragment's
    timer, another element's event) does not act twice."""
    state = st.session_state.get(key)
    action = key_action(state)
    event = state.get("key") if isinstance(state, Mapping) else None
    seq = event.get("seq") if isinstance(event, Mapping) else None
    seen = f"_{key}_seq"
    if action is None or (seq is not None and st.session_state.get(seen) == seq):
        return None
    st.session_state[seen] = seq
    return action


def present_keys(key: str, nav: str, on_action: Callable[[Action], None]) -> None:
    """Listen to the keys on this page; ``on_action`` is called (in a callback) with the
    action, once a press. ``nav`` is the key of the container holding the presentation's
    buttons."""

    def _on_key() -> None:
        action = take_key(key)
        if action is not None:
            on_action(action)

    with st.container(key=f"{key}_box"):
        _renderer()(key=key, data=pack({"nav": f"st-key-{nav}"}), on_key_change=_on_key)

"""Choosing a file in the app's file button (ui/components/json_file.py) from an AppTest.

AppTest shows a Components v2 widget only as an unknown element and cannot fire its events.
:func:`choose_file` sends the event the browser's script (static/json_file.js) sends for a
file's bytes — ``{name, size, text}``, or ``{name, size, problem}`` for a file over the limit
(never read) or not UTF-8 — with the next run, so it goes through the component's own
callback (:func:`ui.components.json_file.receive`), as in a browser.
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest

from ui.components.json_file import COMPONENT_NAME, LIMIT


def file_element(at: AppTest, key: str) -> Any:
    """The file button ``key`` drawn in the last run."""
    for element in at.get("bidi_component"):
        proto = element.proto
        if proto.component_name == COMPONENT_NAME and proto.id.endswith(f"-{key}"):
            return element
    raise KeyError(f"no file button {key!r} on the page")


def browser_event(name: str, data: bytes) -> dict[str, Any]:
    """What static/json_file.js sends for the file ``name`` holding ``data``."""
    base: dict[str, Any] = {"name": name, "size": len(data)}
    if len(data) > LIMIT:
        return {**base, "problem": "too_big"}
    try:
        text = data.decode("utf-8")  # TextDecoder("utf-8", {fatal: true}): a BOM dropped
    except UnicodeDecodeError:
        return {**base, "problem": "not_text"}
    return {**base, "text": text.removeprefix("\ufeff")}


def choose_file(at: AppTest, key: str, name: str, data: bytes) -> AppTest:
    """Choose the file ``name`` holding ``data`` in the file button ``key``, and run."""
    element = file_element(at, key)
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(element.proto.id, "events")
    trigger.json_trigger_value = json.dumps(
        [{"event": "file", "value": browser_event(name, data)}])
    at._run(states)
    return at

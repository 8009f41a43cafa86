"""Tapping a card hand (ui/components/card_hand.py) from an AppTest.

AppTest shows a Components v2 widget only as an unknown element and cannot fire its events
itself. :func:`tap_card` sends the event a browser sends on a tap — the component's "tap"
trigger, ``{card: code}`` — with the next run, so it goes through the component's own
callback: :func:`ui.components.card_hand.tap_event` → :func:`ui.components.card_hand.tap`
(the ONE tap path) → the page's ``on_change(card)``, in Streamlit's callback phase, as in a
browser. :func:`hand_data` reads what a hand was sent (its cards, selection, labels).
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest

from piquet.cards import Card
from ui.components.payload import unpack

COMPONENT = "pq_card_hand"


def _element(at: AppTest, key: str) -> Any:
    """The card hand ``key`` (as given to ``card_hand``) drawn in the last run."""
    suffix = f"-{key}_hand"
    for element in at.get("bidi_component"):
        proto = element.proto
        if proto.component_name == COMPONENT and proto.id.endswith(suffix):
            return element
    raise KeyError(f"no card hand {key!r} on the page")


def has_hand(at: AppTest, key: str) -> bool:
    try:
        _element(at, key)
    except KeyError:
        return False
    return True


def hand_data(at: AppTest, key: str) -> dict[str, Any]:
    """The data the card hand ``key`` was sent: ``cards`` (``code``, ``svg`` whole,
    ``label``, ``disabled``…), ``selected``, ``mode``, ``max``, ``label``."""
    return browser_data(_element(at, key).proto)


def browser_data(proto: Any) -> dict[str, Any]:
    """A card hand element's data with each card whole, as the browser builds it
    (static/card_hand.js, ``whole``): its picture (the opening tag the pictures share,
    ``svg_head``, then its own ``svg`` or the hand's ``svg_card`` with its code in) and its
    name when chosen (its own ``label_on`` or the hand's with its label in)."""
    data: dict[str, Any] = unpack(proto)
    head = data.get("svg_head") or ""
    for card in data["cards"]:
        body = card.get("svg", data["svg_card"].replace("{code}", card["code"]))
        card["svg"] = f"{head}{body}</svg>" if head else body
        card.setdefault("label_on", data["label_on"].replace("{card}", card["label"]))
    return data


def codes(at: AppTest, key: str, *, enabled: bool = False) -> list[str]:
    """The codes of the cards the hand shows (only those that can be tapped: ``enabled``)."""
    return [c["code"] for c in hand_data(at, key)["cards"]
            if not (enabled and c["disabled"])]


def tap_card(at: AppTest, key: str, card: Card | str) -> AppTest:
    """Tap ``card`` in the hand ``key`` and run the page (the browser's tap event)."""
    element = _element(at, key)
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(element.proto.id, "events")
    trigger.json_trigger_value = json.dumps([{"event": "tap", "value": {"card": str(card)}}])
    at._run(states)
    return at

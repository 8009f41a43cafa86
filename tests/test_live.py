"""The play of the cards told to a screen reader (ui/components/live.py): what Play sends the
live region after a trick, in the page's language, with a new token for each event (the
browser writes the region only when the token changes: tests/e2e/test_screen_reader_browser.py
checks it is said)."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest
from test_page_play import ok, open_play, play_until

from piquet import Partie
from piquet.deal import Phase
from ui.components.live import COMPONENT_NAME
from ui.components.payload import unpack
from words import _, use_language


def _sent(at: AppTest) -> dict[str, Any]:
    (element,) = [e for e in at.get("bidi_component")
                  if e.proto.component_name == COMPONENT_NAME]
    data: dict[str, Any] = unpack(element.proto)
    return data


def test_a_trick_won_is_said_in_the_page_language() -> None:
    at = open_play(lang="vi")
    at.session_state["play_strength"] = "computer:1"
    ok(at.run())
    ok(at.button(key="play_new_partie").click().run())
    at.session_state["play_seed"] = 5
    at.session_state["play_batch"] = 3
    at.session_state["play_partie"] = Partie("B")  # the computer deals: the learner leads
    ok(at.run())
    ok(at.button(key="play_deal").click().run())
    play_until(at, lambda d: d.phase is Phase.PLAY and len(d.tricks) == 1 and d.lead is None)
    first = _sent(at)
    with use_language("vi"):
        trick = {_("Trick {n} — won by you", n=1), _("Trick {n} — won by the computer", n=1)}
        so_far = _("This deal so far: you {you}, the computer {computer}.", you=0,
                   computer=0).split(":")[0]
    assert first["lang"] == "vi"
    assert first["lines"][0] in trick, first["lines"]
    assert any(line.startswith(so_far) for line in first["lines"]), first["lines"]
    play_until(at, lambda d: len(d.tricks) == 2 and d.lead is None)
    second = _sent(at)
    assert second["token"] != first["token"]
    assert second["lines"][0] != first["lines"][0]

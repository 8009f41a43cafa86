"""The card hand (ui/components/card_hand.py) and the browser store
(ui/components/browser_store.py) without a browser.

AppTest shows a Components v2 widget only as an unknown element (``bidi_component``) and
cannot fire its events, so the taps go through the same Python path the component's
callback takes: :func:`tap` (test hooks of tests/apps/card_hand_app.py) and :func:`tap_event`
(the payload the browser sends). What the browser is sent is read from the element's data.
The real taps, keys and layout are in tests/e2e/test_card_hand_browser.py.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from card_taps import browser_data
from hypothesis import given, settings, strategies as st_
from streamlit.testing.v1 import AppTest

from piquet.cards import DECK, Card, parse_cards
from ui.cards import card_svg
from ui.components.card_hand import clean_selection, toggle
from ui.components.payload import unpack
from words import use_language
from words.cards import card_name

APP = str(Path(__file__).resolve().parent / "apps" / "card_hand_app.py")
HAND = parse_cards("AS KS QS JS TS 9S AH KH QH 7D AC 8C")


# --------------------------------------------------------------------------- pure functions


def test_toggle_adds_removes_and_caps() -> None:
    qh, ks = Card.of("QH"), Card.of("KS")
    assert toggle((), qh) == (qh,)
    assert toggle((qh,), ks) == (qh, ks)
    assert toggle((qh, ks), qh) == (ks,)
    assert toggle((qh,), ks, max_selected=1) == (qh,)  # full: refused
    assert toggle((qh,), qh, max_selected=1) == ()  # taking back is always allowed
    assert toggle((), qh, max_selected=0) == ()


@settings(derandomize=True, deadline=None, max_examples=60)
@given(
    picks=st_.lists(st_.sampled_from(HAND), max_size=30),
    cap=st_.one_of(st_.none(), st_.integers(min_value=0, max_value=12)),
)
def test_taps_keep_a_clean_selection(picks: list[Card], cap: int | None) -> None:
    """Any sequence of taps: never over the cap, never twice, and tapping twice undoes."""
    selected: tuple[Card, ...] = ()
    for card in picks:
        before = selected
        selected = toggle(selected, card, max_selected=cap)
        assert len(set(selected)) == len(selected)
        assert cap is None or len(selected) <= cap
        if card in before:
            assert set(toggle(selected, card, max_selected=cap)) == set(before)
        assert clean_selection(selected, HAND, max_selected=cap) == tuple(
            c for c in HAND if c in selected
        )


def test_clean_selection_filters_orders_and_caps() -> None:
    chosen = [Card.of("8C"), Card.of("7H"), Card.of("AS"), Card.of("7D"), Card.of("AS")]
    assert clean_selection(chosen, HAND) == (Card.of("AS"), Card.of("7D"), Card.of("8C"))
    assert clean_selection(chosen, HAND, disabled={Card.of("7D")}) == (
        Card.of("AS"),
        Card.of("8C"),
    )
    # the cap keeps the first ones tapped, shown in hand order
    assert clean_selection(chosen, HAND, max_selected=2) == (Card.of("AS"), Card.of("8C"))
    assert clean_selection(DECK, HAND, max_selected=0) == ()


# --------------------------------------------------------------------------- the app


def _run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def _app(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return _run(at)


def _hands(at: AppTest) -> dict[str, dict[str, Any]]:
    """The data each card hand was sent, by the hand's key."""
    out: dict[str, dict[str, Any]] = {}
    for element in at.main.get("bidi_component"):
        proto = element.proto
        if proto.component_name != "pq_card_hand":
            continue
        key = proto.id.rsplit("-", 1)[-1].removesuffix("_hand")
        out[key] = browser_data(proto)
    return out


def _line(at: AppTest, prefix: str) -> str:
    found = [str(m.value) for m in at.markdown if str(m.value).startswith(prefix)]
    assert found, prefix
    return found[0].removeprefix(prefix).strip()


def test_the_hands_appear_as_components() -> None:
    at = _app()
    hands = _hands(at)
    assert set(hands) == {"pick", "play", "other"}
    pick = hands["pick"]
    assert [c["code"] for c in pick["cards"]] == [str(c) for c in HAND]
    assert pick["mode"] == "toggle" and pick["selected"] == [] and pick["max"] == 12
    assert all(c["svg"].startswith("<svg ") for c in pick["cards"])
    assert _line(at, "chosen:") == "none"


def test_labels_name_each_card_and_its_state() -> None:
    with use_language("en"):
        hands = _hands(_app())
    first = hands["pick"]["cards"][0]
    assert first["label"] == "Ace of spades"
    assert first["label_on"] == "Ace of spades, selected"
    seven = next(c for c in hands["pick"]["cards"] if c["code"] == "7D")
    assert seven["disabled"] is True and seven["label"] == "Seven of diamonds, not available"
    assert hands["pick"]["label"] == "Your hand"
    assert "arrow keys" in hands["pick"]["hint"]
    assert hands["play"]["cards"][0]["label"] == "Play Ace of hearts"


def test_face_down_cards_never_reach_the_browser() -> None:
    other = _hands(_app())["other"]
    assert other["face_down"] is True
    assert [c["code"] for c in other["cards"]] == ["X0", "X1", "X2", "X3"]
    assert all(c["disabled"] and c["label"] == "Face-down card" for c in other["cards"])
    text = json.dumps(other)
    for card in parse_cards("8S 8H 8D 8C"):
        assert card_name(card) not in text and str(card) not in text


def test_four_colour_deck() -> None:
    two = _hands(_app())["pick"]["cards"]
    four = _hands(_app(four_colour="1"))["pick"]["cards"]
    clubs = next(i for i, c in enumerate(two) if c["code"] == "AC")
    assert two[clubs]["svg"] != four[clubs]["svg"]
    # each card's face is a reference into the static sprite of its deck's colours
    assert "/app/static/cards-4.svg#pq-4-AC" in four[clubs]["svg"]
    assert "/app/static/cards-2.svg#pq-2-AC" in two[clubs]["svg"]
    assert "#2e7d32" in symbol_markup("cards-4.svg", "pq-4-AC")
    assert "#2e7d32" not in symbol_markup("cards-2.svg", "pq-2-AC")


def symbol_markup(file: str, symbol: str) -> str:
    """The markup of a symbol of a sprite in the app's static/ folder."""
    root = ET.parse(Path(__file__).resolve().parent.parent / "static" / file).getroot()
    found = root.find(f".//{{http://www.w3.org/2000/svg}}symbol[@id='{symbol}']")
    assert found is not None, (file, symbol)
    return ET.tostring(found, encoding="unicode")


def test_a_pack_sends_references_not_pictures() -> None:
    """The 32-card pack's data holds no card's drawing: some 12 kB, not 47 (issue 14)."""
    pick = _hands(_app())["pick"]["cards"]
    assert all("<use href=\"/app/static/cards-2.svg#pq-2-" in c["svg"] for c in pick)
    assert all("<path" not in c["svg"] and "<text" not in c["svg"] for c in pick)
    other = _hands(_app())["other"]["cards"]
    assert all("cards-2.svg#pq-back" in c["svg"] for c in other)
    # the button carries the card's name; the picture in it none (the name not sent twice)
    for c in (*pick, *other):
        assert 'aria-hidden="true"' in c["svg"] and "<title>" not in c["svg"], c["svg"]
        assert "aria-label" not in c["svg"] and c["label"]


def test_the_pictures_opening_tag_is_sent_once() -> None:
    """The pack's 32 pictures share one opening <svg …> tag: sent once (svg_head), each card
    only its <use> (a tap on a Lab pack sends both packs: some 10 kB less)."""
    from ui.components.card_hand import _cards_json

    raw = [e.proto for e in _app().main.get("bidi_component")
           if e.proto.component_name == "pq_card_hand"]
    sent = {p.id.rsplit("-", 1)[-1]: unpack(p) for p in raw}
    pick = sent["pick_hand"]
    assert pick["svg_head"].startswith("<svg ") and pick["svg_head"].endswith(">")
    assert all("<svg" not in c.get("svg", "") and "</svg>" not in c.get("svg", "")
               for c in pick["cards"])
    whole = browser_data(next(p for p in raw if p.id.endswith("pick_hand")))["cards"]
    assert all(c["svg"].count("<svg ") == 1 and c["svg"].endswith("</svg>") for c in whole)
    members = _cards_json("en", tuple(DECK), "toggle", frozenset(), False, False)
    assert members.count(b"<svg ") == 1 and len(members) < 5_500, len(members)
    # pictures that differ in their opening tag are sent whole
    assert _cards_json("en", (DECK[0],), "toggle", frozenset(), False, False).count(b"<svg") == 1


def test_what_the_cards_share_is_sent_once_as_a_template() -> None:
    """A card's picture (svg_card, "{code}" for its code) and its name when chosen
    (label_on, "{card}, selected") are sent once a hand, not once a card (a 32-card pack's
    data 2.4 kB instead of 5.2); a card the template does not make (one that cannot be
    chosen: dimmed, named so) keeps its own. In play a card's name is its label. The
    browser's cards: browser_data, as card_hand.js."""
    from ui.components.card_hand import _cards_json

    with use_language("en"):
        at = _app()
    raws = {e.proto.id.rsplit("-", 1)[-1]: e.proto for e in at.main.get("bidi_component")
            if e.proto.component_name == "pq_card_hand"}
    sent = unpack(raws["pick_hand"])
    assert sent["label_on"] == "{card}, selected"
    assert sent["svg_card"] == '<g><use href="/app/static/cards-2.svg#pq-2-{code}"/></g>'
    own = {c["code"]: c["label_on"] for c in sent["cards"] if "label_on" in c}
    assert own == {"7D": "Seven of diamonds, not available"}
    assert [c["code"] for c in sent["cards"] if "svg" in c] == ["7D"]
    cards = {c["code"]: c for c in browser_data(raws["pick_hand"])["cards"]}
    assert cards["AS"]["label_on"] == "Ace of spades, selected"
    assert cards["7D"]["label_on"] == own["7D"]
    assert cards["AS"]["svg"] == card_svg(Card.of("AS"), named=False)
    assert cards["7D"]["svg"] == card_svg(Card.of("7D"), dim=True, named=False)
    play = unpack(raws["play_hand"])
    assert play["label_on"] == "{card}" and all(set(c) == {"code", "label", "disabled"}
                                                 for c in play["cards"])
    members = _cards_json("en", tuple(DECK), "toggle", frozenset(), False, False)
    assert members.count(b"selected") == 1 and members.count(b"<use") == 1
    assert len(members) < 2_600, len(members)
    # a language's template puts the name where that language puts it
    vi = json.loads(b"{" + _cards_json("vi", tuple(DECK), "toggle", frozenset(), False, False)
                    + b"}")
    assert "{card}" in vi["label_on"] and vi["label_on"] != "{card}, selected"


def test_a_hand_sends_a_loader_not_its_script() -> None:
    """The hand's 10 kB module is a static file, fetched once a page load; each hand a page
    sends carries a loader pointing at it, the address naming the module's content."""
    import hashlib

    from ui.components.card_hand import loader_js, script_address

    at = _app()
    protos = [e.proto for e in at.get("bidi_component")
              if e.proto.component_name == "pq_card_hand"]
    assert protos and all(p.js_content == loader_js() for p in protos)
    script = Path(__file__).resolve().parent.parent / "static" / "card_hand.js"
    digest = hashlib.sha256(script.read_bytes()).hexdigest()[:12]
    assert script_address() == f"/app/static/card_hand.js?v={digest}"
    assert json.dumps(script_address()) in loader_js()
    assert len(loader_js().encode()) < 1000 < script.stat().st_size
    assert "export default function (component, data)" in script.read_text(encoding="utf-8")


def test_a_tap_selects_and_a_second_unselects() -> None:
    at = _app()
    at.session_state["test_tap"] = "QH"
    _run(at)
    assert _line(at, "chosen:") == "QH"
    assert _hands(at)["pick"]["selected"] == ["QH"]
    assert _line(at, "taps:") == "1"  # on_change ran
    at.session_state["test_tap"] = "AS"
    _run(at)
    assert _line(at, "chosen:") == "AS QH"  # hand order
    at.session_state["test_tap"] = "QH"
    _run(at)
    assert _line(at, "chosen:") == "AS"
    assert _line(at, "taps:") == "3"


def test_disabled_and_face_down_cards_do_nothing() -> None:
    at = _app()
    at.session_state["test_tap"] = "7D"
    _run(at)
    assert _line(at, "chosen:") == "none"
    assert _line(at, "taps:") == "0"
    at.session_state["test_tap"] = "8D"  # not in the hand
    _run(at)
    assert _line(at, "chosen:") == "none"


def test_max_selected_refuses_one_more() -> None:
    at = _app(max="2")
    assert "at most 2 cards" in _hands(at)["pick"]["full"]
    for code in ("AS", "KS", "QS"):
        at.session_state["test_tap"] = code
        _run(at)
    assert _line(at, "chosen:") == "AS KS"
    at.session_state["test_tap"] = "AS"
    _run(at)
    at.session_state["test_tap"] = "QS"
    _run(at)
    assert _line(at, "chosen:") == "KS QS"


def test_the_browsers_event_carries_the_whole_selection() -> None:
    """Taps made while the server was busy arrive as one event with the whole selection:
    it wins, cleaned (hand cards only, not disabled, within the cap), and its seq is echoed."""
    at = _app(max="3")
    at.session_state["test_event"] = {
        "card": "KH",
        "selected": ["KH", "AS", "7D", "2C", "nonsense", "AC", "8C"],
        "seq": 1234,
    }
    _run(at)
    assert _line(at, "chosen:") == "AS KH AC"
    assert _hands(at)["pick"]["seq"] == 1234
    for bad in (None, "QH", {"card": "ZZ"}, {"selected": ["AS"]}, {"card": 3}):
        at.session_state["test_event"] = bad
        _run(at)
        assert _line(at, "chosen:") == "AS KH AC"
    at.session_state["test_event"] = {"card": "AS"}  # an event without a selection toggles
    _run(at)
    assert _line(at, "chosen:") == "KH AC"


def test_the_typed_field_path_replaces_the_selection() -> None:
    at = _app()
    at.session_state["test_set"] = "8C AS 7H 7D"
    _run(at)
    # only cards of the hand, not disabled, in hand order; on_change is not called
    assert _line(at, "chosen:") == "AS 8C"
    assert _line(at, "taps:") == "0"
    at.session_state["test_tap"] = "AS"
    _run(at)
    assert _line(at, "chosen:") == "8C"


def test_play_mode_plays_and_keeps_no_selection() -> None:
    at = _app()
    at.session_state["test_play"] = "KH"
    _run(at)
    at.session_state["test_play"] = "7C"
    _run(at)
    assert _line(at, "played:") == "KH 7C"
    assert _hands(at)["play"]["selected"] == []


def test_pseudo_locale_covers_every_label() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "qps"
    _run(at)
    for data in _hands(at).values():
        for text in (data["label"], data["hint"]):
            if text not in ("Your hand", "Cards to play", "Opponent's cards"):  # the app's own
                assert text.startswith("⟦"), text
        for card in data["cards"]:
            assert card["label"].startswith("⟦") and card["label_on"].startswith("⟦")


# --------------------------------------------------------------------------- browser store


def test_browser_store_without_a_browser_makes_a_new_learner() -> None:
    at = _app()
    first = _line(at, "learner:")
    assert len(first) == 12
    _run(at)
    assert _line(at, "learner:") == first  # the session keeps it
    other = _app()
    assert _line(other, "learner:") != first


def test_browser_store_sends_no_id_in_the_clear_to_the_page() -> None:
    at = _app()
    store = [e for e in at.get("bidi_component") if e.proto.component_name == "pq_browser_store"]
    assert len(store) == 1
    proto = store[0].proto
    data = unpack(proto)
    assert data["name"] == "pq_learner" and data["tentative"] is True
    # the id goes to this browser only (to be stored), never into the page's markdown
    assert all(data["wish"] not in str(m.value) for m in at.markdown)


def test_browser_store_is_hidden_by_the_shared_css() -> None:
    """No container of its own: the component's key gives its element container the class
    the shared stylesheet hides, and the element puts that stylesheet on the page."""
    from ui.components import browser_store
    from ui.style import CSS

    assert f".st-key-{browser_store._WIDGET}{{display:none}}" in CSS
    at = _app()
    assert any("st-key-pq_browser_store{display:none}" in str(h.proto.body)
               for h in at.get("html"))


def test_browser_store_sends_a_loader_not_its_script() -> None:
    """The store's script is a static module too (static/browser_store.js): every page's
    rerun sends a loader of a few hundred bytes, not the 2.8 kB script."""
    import hashlib

    from ui.components.modules import STATIC, module_address, module_loader

    script = STATIC / "browser_store.js"
    at = _app()
    protos = [e.proto for e in at.get("bidi_component")
              if e.proto.component_name == "pq_browser_store"]
    assert [p.js_content for p in protos] == [module_loader(script)]
    digest = hashlib.sha256(script.read_bytes()).hexdigest()[:12]
    assert module_address(script) == f"/app/static/browser_store.js?v={digest}"
    assert json.dumps(module_address(script)) in module_loader(script)
    assert len(module_loader(script).encode()) < 1000 < script.stat().st_size
    text = script.read_text(encoding="utf-8")
    assert "export default function (component, data)" in text
    assert "setStateValue(\"learner\"" in text and "pqData" not in text  # data comes read


@pytest.mark.parametrize("bad", ["", "short", "has spaces in it, a lot of them", "x" * 200])
def test_remember_refuses_what_is_not_an_id(bad: str) -> None:
    from ui.components import browser_store

    with pytest.raises(ValueError) as info:
        browser_store.remember_learner(bad)
    assert bad not in str(info.value) or bad == ""

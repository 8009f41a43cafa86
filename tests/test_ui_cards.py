"""The UI helpers without a browser: SVG cards, card rows, pill labels, hand parsing, and
the hand builder driven through Streamlit's AppTest (tests/apps/hand_builder_app.py): typed,
and tapped on its pack through the card hand's tap path (tests/card_taps.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from card_taps import codes, hand_data, tap_card
from streamlit.testing.v1 import AppTest

from piquet.cards import DECK, Card, Suit, parse_cards
from ui.cards import (
    BLACK,
    BLUE,
    GREEN,
    HIGHLIGHT_COLOUR,
    PIP_PATHS,
    RED,
    card_colour,
    card_label,
    card_svg,
    cards_row_html,
    sprite_file,
    sprite_href,
    sprite_svg,
    symbol_id,
)
from ui.hand_builder import PICKER_ORDER, hand_problems, parse_hand_param
from words.cards import card_name

SVG_NS = "{http://www.w3.org/2000/svg}"
APP = Path(__file__).parent / "apps" / "hand_builder_app.py"
TWELVE = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
ELEVEN = "AS KS QS JS 10S 9S 8S 7S AH KH QH"
ALL_INKS = {BLACK, RED, BLUE, GREEN}


def _svg(card: Card, **kw: object) -> ET.Element:
    return ET.fromstring(card_svg(card, use=False, **kw))  # type: ignore[arg-type]


def _inks(svg: str) -> set[str]:
    """The suit inks a card uses."""
    return {c for c in ALL_INKS if c in svg}


# --------------------------------------------------------------------------- card_svg


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_svg_is_one_line_accessible_xml(card: Card) -> None:
    svg = card_svg(card, use=False)
    assert "\n" not in svg and "\r" not in svg
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card_name(card)
    title = root.find(f"{SVG_NS}title")
    assert title is not None and title.text == card_name(card)
    assert root.get("width") == "64"
    assert root.get("viewBox") == "0 0 100 140"
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert texts.count(card.rank.symbol) >= 2  # both corner indices
    assert "Georgia, 'DejaVu Serif', serif" in svg and 'font-weight="bold"' in svg
    # Pips are our own paths, not glyphs: at least the two index pips and the centre one.
    pip_paths = [p for p in root.iter(f"{SVG_NS}path") if p.get("d") == PIP_PATHS[card.suit]]
    assert len(pip_paths) >= 3


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_colours(card: Card) -> None:
    expected_two = RED if card.suit.is_red else BLACK
    assert _inks(card_svg(card, use=False)) == {expected_two}
    four = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}
    assert _inks(card_svg(card, use=False, four_colour=True)) == {four[card.suit]}
    assert card_colour(card.suit, four_colour=True) == four[card.suit]


def test_ten_fits_its_corner() -> None:
    root = _svg(Card.of("10H"))
    tens = [t for t in root.iter(f"{SVG_NS}text") if t.text == "10"]
    assert len(tens) == 2
    for t in tens:
        # Condensed to the width of one letter so it stays inside the corner margin.
        assert float(t.get("textLength", "99")) <= 20
        assert t.get("lengthAdjust") == "spacingAndGlyphs"


def test_highlight_adds_gold_outline() -> None:
    card = Card.of("QH")
    assert HIGHLIGHT_COLOUR not in card_svg(card, use=False)
    root = _svg(card, highlight=True, width=64)
    outlines = [r for r in root.iter(f"{SVG_NS}rect") if r.get("stroke") == HIGHLIGHT_COLOUR]
    assert len(outlines) == 1
    # 3 screen pixels at 64px wide = 3 * 100/64 viewBox units.
    assert float(outlines[0].get("stroke-width", "0")) == pytest.approx(300 / 64, abs=0.01)


def test_dim_lowers_opacity() -> None:
    assert 'opacity="0.35"' not in card_svg(Card.of("7C"), use=False)
    assert 'opacity="0.35"' in card_svg(Card.of("7C"), use=False, dim=True)


def test_face_down_hides_the_card() -> None:
    card = Card.of("QH")
    svg = card_svg(card, use=False, face_down=True)
    root = ET.fromstring(svg)
    assert root.get("aria-label") == "Face-down card"
    assert "Queen" not in svg and ">Q<" not in svg and RED not in svg


def test_width_scales_the_card() -> None:
    root = _svg(Card.of("AS"), width=100)
    assert (root.get("width"), root.get("height")) == ("100", "140")


# --------------------------------------------------------------------------- rows


def test_cards_row_html_one_line_and_parses() -> None:
    cards = parse_cards("AS 10H QD 7C")
    row = cards_row_html(cards, highlight={cards[1]}, dim={cards[2]}, caption="Elder's point",
                         use=False)
    assert "\n" not in row and "\r" not in row
    assert row.startswith('<div class="pq-cards"')
    root = ET.fromstring(row)  # well-formed: div, svgs, caption
    svgs = root.findall(f"{SVG_NS}svg")
    assert [s.get("aria-label") for s in svgs] == [card_name(c) for c in cards]
    assert "display:flex" in root.get("style", "") and "flex-wrap:wrap" in root.get("style", "")
    assert "gap:4px" in root.get("style", "")
    assert row.count(HIGHLIGHT_COLOUR) == 1
    assert row.count('opacity="0.35"') == 1
    assert "Elder&#x27;s point" in row


def test_cards_row_caption_is_escaped() -> None:
    row = cards_row_html(
        parse_cards("AS"), caption='<script>alert("x")</script>\n<img src=x onerror=alert(1)>'
    )
    assert "<script>" not in row and "<img" not in row
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in row
    assert "\n" not in row
    ET.fromstring(row)


def test_cards_row_overlap() -> None:
    row = cards_row_html(parse_cards("AS KS QS"), width=60, overlap=True, use=False)
    margins = re.findall(r'style="margin-left:(-[\d.]+)px"', row)
    assert len(margins) == 2  # every card but the first
    assert all(-60 < float(m) < -20 for m in margins)
    assert "pq-overlap" in row


def test_cards_row_empty() -> None:
    row = cards_row_html((), use=False)
    assert row.startswith('<div class="pq-cards"') and "<svg" not in row


# --------------------------------------------------------------------------- the sprite

STATIC = Path(__file__).resolve().parent.parent / "static"


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_static_sprites_are_what_the_code_draws(four_colour: bool) -> None:
    """static/cards-2.svg and cards-4.svg (served at /app/static/) are sprite_svg's text:
    after a change to the drawing, ``python scripts/static_cards.py`` makes them again."""
    on_disk = (STATIC / sprite_file(four_colour)).read_text(encoding="utf-8")
    assert on_disk == sprite_svg(four_colour), "run: python scripts/static_cards.py"


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_sprite_holds_every_face_and_the_back(four_colour: bool) -> None:
    root = ET.fromstring(sprite_svg(four_colour))
    ids = {e.get("id") for e in root.iter(f"{SVG_NS}symbol")}
    assert ids == {symbol_id(c, four_colour) for c in DECK} | {"pq-back"}
    # each face is the self-contained card's drawing, with its inks
    for card in DECK:
        sym = root.find(f".//{SVG_NS}symbol[@id='{symbol_id(card, four_colour)}']")
        assert sym is not None
        assert _inks(ET.tostring(sym, encoding="unicode")) == {
            card_colour(card.suit, four_colour)}
    # every internal reference points at something the file defines
    defined = {e.get("id") for e in root.iter() if e.get("id")}
    refs = {e.get("href") for e in root.iter(f"{SVG_NS}use")}
    assert refs and all(r is not None and r[1:] in defined for r in refs)


def test_a_row_that_uses_the_sprite_points_into_the_static_file() -> None:
    cards = parse_cards("AS 10H 7C")
    for colours, file in ((False, "cards-2.svg"), (True, "cards-4.svg")):
        row = cards_row_html(cards, four_colour=colours)
        hrefs = re.findall(r'<use href="([^"]+)"', row)
        assert hrefs == [f"/app/static/{file}#{symbol_id(c, colours)}" for c in cards]
        assert "<path" not in row  # no face drawn inline
        # each card still says what it is, itself
        assert [e.get("aria-label") for e in ET.fromstring(f"<r>{row}</r>").iter(
            f"{SVG_NS}svg")] == [card_name(c) for c in cards]
    assert "<path" in cards_row_html(cards, use=False)  # self-contained


def test_the_sprite_is_found_under_a_base_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app served under ``server.baseUrlPath`` finds its static files there."""
    import streamlit as st

    from ui import cards

    monkeypatch.setattr(st, "get_option", lambda name: "/piquet/")
    cards.static_root.cache_clear()
    try:
        assert sprite_href(Card.of("QH")) == "/piquet/app/static/cards-2.svg#pq-2-QH"
    finally:
        monkeypatch.undo()
        cards.static_root.cache_clear()
    assert sprite_href(None, four_colour=True) == "/app/static/cards-4.svg#pq-back"


# --------------------------------------------------------------------------- labels


def test_card_label() -> None:
    assert card_label(Card.of("QH")) == ":red[Q♥\ufe0e]"
    assert card_label(Card.of("10D")) == ":red[10♦\ufe0e]"
    assert card_label(Card.of("QS")) == "Q♠\ufe0e"
    assert card_label(Card.of("7C")) == "7♣\ufe0e"
    assert card_label(Card.of("QS"), four_colour=True) == "Q♠\ufe0e"
    assert card_label(Card.of("QH"), four_colour=True) == ":red[Q♥\ufe0e]"
    assert card_label(Card.of("AD"), four_colour=True) == ":blue[A♦\ufe0e]"
    assert card_label(Card.of("JC"), four_colour=True) == ":green[J♣\ufe0e]"
    assert len({card_label(c) for c in DECK}) == 32


def test_picker_order_is_display_order() -> None:
    assert len(PICKER_ORDER) == 32 and set(PICKER_ORDER) == set(DECK)
    assert [str(c) for c in PICKER_ORDER[:9]] == [
        "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH",
    ]


# --------------------------------------------------------------------------- parsing


def test_parse_hand_param_good() -> None:
    hand, err = parse_hand_param(TWELVE.replace(" ", ","), "Elder")
    assert err is None and hand == parse_cards(TWELVE)
    hand, err = parse_hand_param(TWELVE.lower().replace("10", "t"), "Elder")
    assert err is None and hand == parse_cards(TWELVE)


@pytest.mark.parametrize("value", [None, "", "   "])
def test_parse_hand_param_absent(value: str | None) -> None:
    assert parse_hand_param(value, "Elder") == (None, None)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (ELEVEN.replace(" ", ","), "Elder has 11 cards; a hand has 12"),
        ("QQ," + ELEVEN.replace(" ", ","), "QQ is not a card"),
        ("AS,AS," + ",".join(TWELVE.split()[1:11]), "Elder holds AS twice"),
        ("6H," + ELEVEN.replace(" ", ","), "6H is not a card (the piquet pack has no cards"),
        (TWELVE + " 7H", "Elder has 13 cards; a hand has 12"),
        ("x" * 5000, "too much text"),
    ],
)
def test_parse_hand_param_bad(value: str, message: str) -> None:
    hand, err = parse_hand_param(value, "Elder")
    assert hand is None
    assert err is not None and message in err


def test_parse_hand_param_quotes_odd_tokens_as_code() -> None:
    hand, err = parse_hand_param("[x](javascript:alert(1)),<b>hi</b>,http://e.x", "Elder")
    assert hand is None and err is not None
    assert "`[x](javascript:a…` is not a card" in err
    assert "`<b>hi</b>`" in err and "`http://e.x`" in err


def test_parse_hand_param_taken() -> None:
    hand, err = parse_hand_param(TWELVE, "Elder", taken=frozenset(parse_cards("KH 7D")))
    assert hand is None and err == "KH is in both hands"
    hand, err = parse_hand_param(TWELVE, "Elder", taken=frozenset(parse_cards("7S KH QS")))
    assert err == "QS, 7S and KH are in both hands"


def test_hand_problems_reports_everything_without_raising() -> None:
    cards, problems = hand_problems("AS QQ AS KH", who="Younger", size=12,
                                    taken=frozenset(parse_cards("KH")))
    assert cards == parse_cards("AS KH")
    assert problems == ("QQ is not a card", "Younger holds AS twice", "KH is in both hands")
    _, problems = hand_problems("AS", who="Elder", size=12)
    assert problems == ("Elder has 1 card; a hand has 12",)
    _, problems = hand_problems(" ".join(f"Z{i}" for i in range(20)), who="Elder")
    assert len(problems) == 6 and problems[-1].startswith("… and 15 more")


def test_odd_tokens_are_inert_markdown() -> None:
    _, problems = hand_problems("a`b ``c :red[x] $x$ " + "Y" * 30, who="Elder")
    assert problems[:4] == (
        "``a`b`` is not a card",
        "``` ``c ``` is not a card",
        "`:red[x]` is not a card",
        "`$x$` is not a card",
    )
    assert problems[4] == "Y" * 16 + "… is not a card"


# --------------------------------------------------------------------------- AppTest


def _app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.run()
    assert not at.exception
    return at


def _result(at: AppTest) -> str:
    return next(t.value for t in at.text if t.value.startswith("result: "))


def _picked(at: AppTest) -> list[str]:
    """The cards the pack shows chosen (in the pack's order)."""
    return list(hand_data(at, "elder_pack")["selected"])


def test_app_starts_empty_without_error() -> None:
    at = _app()
    assert not at.error
    assert at.text_input(key="elder_text").value == ""
    assert _picked(at) == []
    assert codes(at, "elder_pack") == [str(c) for c in PICKER_ORDER]
    data = hand_data(at, "elder_pack")
    assert data["mode"] == "toggle" and data["max"] is None and data["rows"] == 4  # a suit a row
    assert data["label"].startswith("Elder: the pack")
    assert data["cards"][0]["label"] == "Ace of spades"
    assert _result(at) == "result: None"
    # inject_css was called twice in the run (app and builder): one stylesheet.
    styles = [h for h in at.get("html") if "<style>" in h.proto.body]
    assert len(styles) == 1


def test_app_eleven_cards() -> None:
    at = _app()
    at.text_input(key="elder_text").input(ELEVEN).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["Elder has 11 cards; a hand has 12"]
    assert _result(at) == "result: None"
    assert _picked(at) == ELEVEN.split()


def test_app_not_a_card() -> None:
    at = _app()
    at.text_input(key="elder_text").input("QQ").run()
    assert not at.exception
    assert len(at.error) == 1 and "QQ is not a card" in at.error[0].value
    assert _result(at) == "result: None"
    assert at.text_input(key="elder_text").value == "QQ"  # kept for the user to fix


def test_app_twelve_cards_sync_the_pills() -> None:
    at = _app()
    at.text_input(key="elder_text").input(TWELVE.lower().replace(" ", ", ")).run()
    assert not at.exception
    assert not at.error
    assert _picked(at) == TWELVE.split()
    assert at.text_input(key="elder_text").value == TWELVE  # tidied to canonical spelling
    assert _result(at) == "result: " + TWELVE
    chosen = [c for c in hand_data(at, "elder_pack")["cards"] if c["code"] == "AS"]
    assert chosen[0]["label_on"] == "Ace of spades, selected"


def test_app_taps_sync_the_text() -> None:
    at = _app()
    for code in ("7C", "AS", "10H"):
        assert not tap_card(at, "elder_pack", code).exception
    assert at.text_input(key="elder_text").value == "AS 10H 7C"  # in the pack's order
    assert _picked(at) == ["AS", "10H", "7C"]
    assert [e.value for e in at.error] == ["Elder has 3 cards; a hand has 12"]
    tap_card(at, "elder_pack", "KS")
    assert at.text_input(key="elder_text").value == "AS KS 10H 7C"
    tap_card(at, "elder_pack", "AS")  # a second tap takes the card out
    assert at.text_input(key="elder_text").value == "KS 10H 7C"
    assert _picked(at) == ["KS", "10H", "7C"]


def test_app_taps_and_typing_share_one_path() -> None:
    """A tap edits the typed text (a mistake in it stays, for the learner to fix); typing
    then tapping, tapping then typing: the text and the pack always agree."""
    at = _app()
    at.text_input(key="elder_text").input("QQ 7C AS").run()
    assert _picked(at) == ["AS", "7C"]
    tap_card(at, "elder_pack", "7C")
    assert at.text_input(key="elder_text").value == "QQ AS"
    tap_card(at, "elder_pack", "KH")
    assert at.text_input(key="elder_text").value == "QQ AS KH"
    assert "QQ is not a card" in at.error[0].value
    at.text_input(key="elder_text").input(" ".join(TWELVE.split()[:11])).run()
    tap_card(at, "elder_pack", "JH")
    assert at.text_input(key="elder_text").value == TWELVE and _picked(at) == TWELVE.split()
    assert _result(at) == "result: " + TWELVE


def test_app_a_tap_that_is_not_a_card_of_the_pack_does_nothing() -> None:
    at = _app()
    at.text_input(key="elder_text").input("AS").run()
    for bad in ("6H", "X1", "<b>"):
        assert not tap_card(at, "elder_pack", bad).exception
    assert at.text_input(key="elder_text").value == "AS"


def test_app_deal_at_random_and_clear() -> None:
    at = _app()
    at.session_state["test_taken"] = TWELVE
    at.run()  # the button's callback gets the other hand as drawn in the last run
    at.button(key="elder_deal").click().run()
    assert not at.exception
    assert not at.error
    dealt = parse_cards(at.text_input(key="elder_text").value or "")
    assert len(dealt) == 12 == len(set(dealt))
    assert not set(dealt) & set(parse_cards(TWELVE))  # avoids the other hand
    assert sorted(_picked(at)) == sorted(str(c) for c in dealt)
    assert _result(at) != "result: None"
    at.button(key="elder_clear").click().run()
    assert not at.exception
    assert at.text_input(key="elder_text").value == "" and _picked(at) == []
    assert _result(at) == "result: None"


def test_app_card_in_both_hands() -> None:
    at = _app()
    at.session_state["test_taken"] = "KH 7D"
    at.text_input(key="elder_text").input(TWELVE).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["KH is in both hands"]
    assert _result(at) == "result: None"


def test_app_set_hand_before_drawing() -> None:
    at = _app()
    at.session_state["test_set_hand"] = TWELVE.replace(" ", ",")
    at.run()
    assert not at.exception
    assert _picked(at) == TWELVE.split()
    assert _result(at) == "result: " + TWELVE


def test_app_user_text_is_never_html() -> None:
    at = _app()
    at.text_input(key="elder_text").input("<img/src=x/onerror=alert(1)> [a](http://x.y)").run()
    assert not at.exception
    shown = " ".join(e.value for e in at.error)
    # Odd tokens are shown inside code spans, where Markdown, links and HTML are inert.
    assert shown.startswith("`<img/src=x/onerr…` is not a card"), shown
    assert "`[a](http://x.y)` is not a card" in shown
    for md in at.markdown:
        assert "onerror" not in md.value


def test_the_pack_speaks_through_the_catalog() -> None:
    """Under the pseudo-locale the pack's group name, keyboard hint and every card's name
    (chosen or not) are catalog messages."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.session_state["lang"] = "qps"
    at.session_state["test_set_hand"] = "AS KH"
    at.run()
    assert not at.exception
    data = hand_data(at, "elder_pack")
    texts = [data["label"], data["hint"]]
    texts += [c[k] for c in data["cards"] for k in ("label", "label_on")]
    assert all(t.startswith("⟦") and t.endswith("⟧") for t in texts), texts
    assert data["selected"] == ["AS", "KH"]


def test_a_stale_text_sent_back_with_a_quick_tap_does_not_undo_taps() -> None:
    """Quick taps: the browser's text box may not yet show what the last tap wrote, and the
    next tap's rerun sends its old text back. That text is known stale and ignored, as it
    is with a quick Deal or Clear."""
    at = _app()
    tap_card(at, "elder_pack", "AS")
    assert at.text_input(key="elder_text").value == "AS"
    at.text_input(key="elder_text").set_value("")  # what the browser still showed
    tap_card(at, "elder_pack", "KS")
    assert at.text_input(key="elder_text").value == "AS KS" and _picked(at) == ["AS", "KS"]
    at.text_input(key="elder_text").set_value("AS")  # still what the browser showed
    at.button(key="elder_clear").click().run()
    assert at.text_input(key="elder_text").value == "" and _picked(at) == []
    at.text_input(key="elder_text").set_value("AS KS")
    tap_card(at, "elder_pack", "QH")
    assert at.text_input(key="elder_text").value == "QH" and _picked(at) == ["QH"]


def test_an_earlier_text_typed_again_right_after_a_tap_or_deal_is_taken() -> None:
    """A text the server replaced (by a tap, Deal or Clear) and then typed again, alone in
    its run, is the learner's: it is taken, however soon it comes. (A soak run found the
    text box emptied after Clear then Deal put back to the dealt hand, again and again.)"""
    at = _app()
    at.button(key="elder_clear").click().run()
    at.button(key="elder_deal").click().run()
    dealt = at.text_input(key="elder_text").value
    assert len(dealt.split()) == 12
    at.text_input(key="elder_text").input("").run()
    assert at.text_input(key="elder_text").value == "" and _picked(at) == []
    assert _result(at) == "result: None"
    tap_card(at, "elder_pack", "AS")
    tap_card(at, "elder_pack", "KS")
    at.text_input(key="elder_text").input("AS").run()
    assert at.text_input(key="elder_text").value == "AS" and _picked(at) == ["AS"]
    at.text_input(key="elder_text").input("AS KS").run()
    assert at.text_input(key="elder_text").value == "AS KS" and _picked(at) == ["AS", "KS"]

"""What a screen reader is told (real chromium): ``<html lang>`` is the page's language on
every page; each card of a hand, the hand itself, the trick and the score have names in the
page's language; the play of the cards is announced politely (one ``aria-live="polite"``
region, ``#pq-live``: ui/components/live.py) — a trick won, the tricks and the score, the
card the computer led, the deal's result — and its text changes as the deal goes on."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_play_browser import Table, _open, _start
from test_streamlit_words_browser import PATHS

from piquet.cards import parse_card
from ui.play.words import backs_label
from words import _, use_language
from words.cards import card_name

Wait = Callable[[], None]
LIVE = "#pq-live"


def _live(page: Page) -> str:
    text: str = page.evaluate(
        "() => { const h = document.getElementById('pq-live'); const r = h && h.__pqRegion; "
        "return r ? Array.from(r.children).map(p => p.textContent).join('\\n') : ''; }")
    return text


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_every_page_says_its_language(page: Page, app_server: str, wait_for_app: Wait,
                                      lang: str) -> None:
    for path in PATHS:
        page.goto(f"{app_server}/{path}{'&' if '?' in path else '?'}lang={lang}")
        wait_for_app()
        expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_play_of_the_cards_is_announced_politely(page: Page, app_server: str,
                                                     wait_for_app: Wait) -> None:
    _open(page, app_server, wait_for_app, "/play")
    _start(page, wait_for_app)
    table = Table(page, wait_for_app)
    said: list[str] = []
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        done = table.step()
        if done == "over":
            break
        if done == "play":
            text = _live(page)
            if text and (not said or said[-1] != text):
                said.append(text)
            table.play()
    expect(page.get_by_text("Deal over")).to_be_visible()  # the region is not found twice
    region = page.evaluate("""() => { const r = document.getElementById('pq-live').__pqRegion;
        return [r.getAttribute('role'), r.getAttribute('aria-live'), r.textContent]; }""")
    assert region[:2] == ["status", "polite"], region
    assert "Deal over: you " in region[2] and "Tricks: you " in region[2], region
    assert len(said) >= 6, said  # one announcement a trick (at least), each new
    assert any("won by" in s for s in said), said
    assert all("This deal so far: you " in s for s in said), said
    assert any("The computer led the " in s for s in said) or any(
        "Trick 1 — won by" in s for s in said), said
    box = page.locator(LIVE).bounding_box()
    assert box is None or box["width"] <= 1, box  # nothing shown


def test_cards_hand_and_score_are_named_in_vietnamese(page: Page, app_server: str,
                                                      wait_for_app: Wait) -> None:
    _open(page, app_server, wait_for_app, "/play?lang=vi")
    with use_language("vi"):
        beginner = _("Beginner")
    page.get_by_role("radio", name=beginner).click()
    wait_for_app()
    page.locator(".st-key-play_new_partie button").first.click()
    wait_for_app()
    if page.locator(".st-key-play_choose_deal button").count():
        page.locator(".st-key-play_choose_deal button").first.click()
        wait_for_app()
    page.locator(".st-key-play_deal button").first.click()
    wait_for_app()
    cards = page.locator(".st-key-play_discards_hand button.pq-hand-card")
    expect(cards).to_have_count(12, timeout=30_000)
    named = page.eval_on_selector_all(
        ".st-key-play_discards_hand button.pq-hand-card",
        "els => els.map(e => [e.dataset.code, e.getAttribute('aria-label')])")
    with use_language("vi"):
        expected = {code: card_name(parse_card(code)) for code, _label in named}
        hand_name = _("Your hand: tap the cards to discard")
        backs_name = backs_label(12)
    for code, label in named:  # "Quân Q cơ" or "…, đã chọn"
        assert label.startswith(expected[code]), (code, label)
        assert expected[code] != card_name(parse_card(code)), "the name is Vietnamese"
    group = page.locator(".st-key-play_discards_hand .pq-hand")
    expect(group).to_have_attribute("role", "group")
    expect(group).to_have_attribute("aria-label", hand_name)
    # the computer's hidden hand: a group named in Vietnamese
    expect(page.locator(f"[data-testid='stMain'] .pq-cards[role='group']"
                        f"[aria-label='{backs_name}']")).to_have_count(1)
    assert hand_name != "Your hand: tap the cards to discard"

"""The stages of a lesson in real chromium: lesson 4 (the point) tapped through to its
result screen — real taps on the card hand, a pill, a number typed — on a desktop and on a
390 px phone (there after a first wrong tap and its hint); the answers worked out here by
``piquet`` from the cards the page shows. Screenshots: docs/screenshots/stages-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from piquet import analyse, score_declarations
from piquet.cards import DECK, Card
from words.cards import card_name
from words.declarations import answer_text
from words.names import role_name

TIMEOUT_MS = 30_000
BY_NAME = {card_name(c): c for c in DECK}


def _player(page: Page) -> Locator:
    return page.locator(".st-key-stages_player")


def _hand(page: Page) -> list[Card]:
    """The cards of the card hand on show (the buttons' codes)."""
    buttons = _player(page).locator("button.pq-hand-card")
    expect(buttons.first).to_be_visible(timeout=TIMEOUT_MS)
    return [next(c for c in DECK if str(c) == buttons.nth(i).get_attribute("data-code"))
            for i in range(buttons.count())]


def _row(page: Page, caption: str) -> list[Card]:
    """The cards of a row of cards drawn with its caption ("Elder's hand")."""
    group = _player(page).locator(f".pq-cards[aria-label=\"{caption}\"]").first
    expect(group).to_be_visible(timeout=TIMEOUT_MS)
    labels = group.locator("svg[role='img']")
    return [BY_NAME[str(labels.nth(i).get_attribute("aria-label"))]
            for i in range(labels.count())]


def _tap(page: Page, card: Card, wait: Callable[[], None]) -> None:
    _player(page).locator(f"button.pq-hand-card[data-code='{card}']").click()
    wait()


def _check(page: Page, wait: Callable[[], None]) -> None:
    _player(page).get_by_role("button", name="Check").click()
    wait()


def _right_then_continue(page: Page, wait: Callable[[], None]) -> None:
    expect(_player(page).get_by_text(re.compile(r"^Right"))).to_be_visible(timeout=TIMEOUT_MS)
    _player(page).get_by_role("button", name="Continue").click()
    wait()


def _title(page: Page, title: str) -> None:
    expect(_player(page).get_by_role("heading", name=title)).to_be_visible(timeout=TIMEOUT_MS)


def _point_lesson(page: Page, wait: Callable[[], None], shot: Callable[[str], Path],
                  suffix: str, first_wrong: bool) -> None:
    # 1. tap the cards that make Elder's point
    _title(page, "Find the point")
    hand = _hand(page)
    point = analyse(hand).point
    assert point is not None
    if first_wrong:  # one card outside the point: the hint names the point's suit
        other = next(c for c in hand if c.suit is not point.suit)
        _tap(page, other, wait)
        _check(page, wait)
        hint = _player(page).get_by_test_id("stAlertContentWarning")
        expect(hint).to_contain_text("is not part of it", timeout=TIMEOUT_MS)
        shot(f"stages-hint-{suffix}")
        _tap(page, other, wait)  # put it back
    for card in point.cards:
        _tap(page, card, wait)
    for card in point.cards:
        expect(_player(page).locator(f"button.pq-hand-card[data-code='{card}']")
               ).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT_MS)
    if suffix == "desktop":
        shot("stages-tap-desktop")
    _check(page, wait)
    if suffix == "desktop":
        shot("stages-right-desktop")
    _right_then_continue(page, wait)
    # 2. count the pips
    _title(page, "Count the pips")
    row = next(r for r in ("Elder's hand", "Younger's hand")
               if _player(page).locator(f".pq-cards[aria-label=\"{r}\"]").count())
    pips = analyse(_row(page, row)).point
    assert pips is not None
    box = _player(page).get_by_label("Your answer")
    box.fill(str(pips.pips))
    box.press("Enter")
    wait()
    _check(page, wait)
    _right_then_continue(page, wait)
    # 3. whose point is good; 4. Younger answers
    for title, kind in (("Whose point is good?", "verdict"), ("Younger answers", "reply")):
        _title(page, title)
        v = score_declarations(_row(page, "Elder's hand"), _row(page, "Younger's hand")
                               ).verdicts[0]
        if kind == "verdict":
            label = role_name(v.winner) if v.winner else "Equal: nobody scores"
        else:
            assert v.reply is not None
            label = answer_text(v.reply)
        _player(page).get_by_role("radio", name=label, exact=True).click()  # a pill
        wait()
        _check(page, wait)
        _right_then_continue(page, wait)
    result = page.locator(".st-key-stages_result")
    expect(result.get_by_text("Lesson 4 done!")).to_be_visible(timeout=TIMEOUT_MS)
    stars = "★★☆ 3 of 4" if first_wrong else "★★★ 4 of 4"
    expect(result.get_by_text(f"{stars} stages right at the first try.")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot(f"stages-result-{suffix}")


@pytest.mark.parametrize(("width", "height", "suffix", "first_wrong"), [
    (1280, 800, "desktop", False), (390, 844, "phone", True)])
def test_tap_through_the_point_lesson(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path], width: int, height: int, suffix: str, first_wrong: bool,
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{app_server}/lessons?lesson=point")
    wait_for_app()
    expect(page.get_by_role("heading", name="4. The point")).to_be_visible(timeout=TIMEOUT_MS)
    if suffix == "phone":  # the whole hand fits the width: no sideways scroll
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    _point_lesson(page, wait_for_app, shot, suffix, first_wrong)
    # the path's done marks, and the lesson's ✓ in the chooser, after a reload
    page.reload()
    wait_for_app()
    if suffix != "phone":  # a phone chooses from a drop-down, tested by the phone-first test
        expect(page.get_by_role("radio", name=re.compile(r"^✓ 4\. The point"))).to_be_visible(
            timeout=TIMEOUT_MS)

"""Real browser: play one deal on /play by clicking, then the walkthrough and presentation mode.

Screenshots: docs/screenshots/play-table.png, play-walkthrough.png, play-presentation.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

SCENARIOS = Path(__file__).resolve().parents[2] / "content" / "scenarios"
Wait = Callable[[], None]
Shot = Callable[[str], Path]


def _click(page: Page, wait: Wait, selector: str) -> None:
    page.locator(selector).first.click()
    page.wait_for_timeout(120)
    wait()


def _open(page: Page, app_server: str, wait: Wait, path: str) -> None:
    """Open the app at its root first (a fresh server serves a deep link to pages/ directly,
    without the frame, until st.navigation has run once), then the page."""
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(app_server)
    wait()
    page.goto(f"{app_server}{path}")
    wait()


def _visible(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0 and page.locator(selector).first.is_visible()


def test_play_one_deal_by_clicking(page: Page, app_server: str, wait_for_app: Wait,
                                   shot: Shot) -> None:
    _open(page, app_server, wait_for_app, "/play")
    expect(page.get_by_role("heading", name="Play")).to_be_visible()
    # the weakest computer keeps the test quick
    page.get_by_role("radio", name="Beginner").click()
    wait_for_app()
    _click(page, wait_for_app, ".st-key-play_new_partie button")
    if _visible(page, ".st-key-play_choose_deal button"):
        _click(page, wait_for_app, ".st-key-play_choose_deal button")
    expect(page.locator(".st-key-play_deal button")).to_be_visible()
    _click(page, wait_for_app, ".st-key-play_deal button")

    tricks_seen = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        wait_for_app()
        if _visible(page, ".st-key-play_next_deal button"):
            break
        boxes = page.locator("[class*='st-key-play_discard_'] label")
        if boxes.count():
            for i in range(boxes.count() - 3, boxes.count()):
                boxes.nth(i).click()
                wait_for_app()
            _click(page, wait_for_app, ".st-key-play_exchange button:not([disabled])")
            continue
        if _visible(page, ".st-key-play_declare button"):
            for group in page.locator("[class*='st-key-play_answer_']").all():
                group.get_by_text("Good", exact=True).click()
                wait_for_app()
            _click(page, wait_for_app, ".st-key-play_declare button")
            continue
        cards = page.locator("[class*='st-key-play_card_'] button:not([disabled])")
        if cards.count():
            if not tricks_seen and page.get_by_text("won by").count():
                tricks_seen = True
                page.wait_for_timeout(700)  # let the declarations panel finish folding
                shot("play-table")
            _click(page, wait_for_app, "[class*='st-key-play_card_'] button:not([disabled])")
            continue
        page.wait_for_timeout(250)  # the computer is thinking: wait for its rerun
    expect(page.locator(".st-key-play_next_deal button")).to_be_visible()
    expect(page.get_by_text("Deal over")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    assert tricks_seen
    page.get_by_text("Deal over").scroll_into_view_if_needed()
    shot("play-deal-over")


def test_walkthrough_and_presentation(page: Page, app_server: str, wait_for_app: Wait,
                                      shot: Shot) -> None:
    _open(page, app_server, wait_for_app, "/play?scenario=hoyle-170&step=3")
    expect(page.get_by_text("Hoyle's 170", exact=False).first).to_be_visible()
    expect(page.get_by_text("Step 3 of 25")).to_be_visible()
    expect(page.locator("svg.pq-card").first).to_be_visible()
    shot("play-walkthrough")
    _click(page, wait_for_app, ".st-key-wt_next button")
    expect(page.get_by_text("Step 4 of 25")).to_be_visible()
    _click(page, wait_for_app, ".st-key-wt_prev button")
    expect(page.get_by_text("Step 3 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

    # load a record from a file: the walkthrough switches to it
    page.get_by_text("Load a deal record").click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(
        str(SCENARIOS / "cavendish-deal.json"))
    page.wait_for_timeout(300)
    wait_for_app()
    expect(page.get_by_text("Cavendish's worked deal").first).to_be_visible()
    expect(page.get_by_text("Step 1 of 26")).to_be_visible()

    page.goto(f"{app_server}/play?scenario=hoyle-170&step=11&present=1")
    wait_for_app()
    expect(page.get_by_text("Step 11 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stSidebar']")).to_be_hidden()
    expect(page.get_by_text("Repique!").first).to_be_visible()
    shot("play-presentation")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(150)
    wait_for_app()
    expect(page.get_by_text("Step 12 of 25")).to_be_visible()
    _click(page, wait_for_app, ".st-key-wt_prev button")
    expect(page.get_by_text("Step 11 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

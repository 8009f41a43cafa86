"""The Lessons page in real chromium: cards drawn as SVG, the chooser synced with the URL,
the reckoning stepped to its repique; screenshots in docs/screenshots/lessons-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

TIMEOUT_MS = 30_000


def open_lesson(page: Page, app_server: str, wait: Callable[[], None], slug: str) -> None:
    # Open the home page first: on a server that has not yet run app.py, Streamlit treats
    # the pages/ folder as an old-style multipage app and runs a deep-linked page without
    # the frame (no rules selector). Running app.py once switches that off for the server.
    page.goto(app_server)
    wait()
    page.goto(f"{app_server}/lessons?lesson={slug}")
    wait()
    expect(page.locator("[data-testid='stApp']")).to_have_count(1)


def test_point_lesson_draws_cards_as_svg(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    open_lesson(page, app_server, wait_for_app, "point")
    expect(page.get_by_role("heading", name="4. The point")).to_be_visible(timeout=TIMEOUT_MS)
    cards = page.locator("svg[role='img']")
    expect(cards.first).to_be_visible(timeout=TIMEOUT_MS)
    assert cards.count() >= 12
    ace = page.locator("svg[role='img'][aria-label='Ace of spades']").first
    expect(ace).to_be_visible()
    box = ace.bounding_box()
    assert box is not None and box["width"] > 30 and box["height"] > 40  # drawn, not blank
    expect(page.get_by_text("11 + 10 + 10 + 10 + 8 = 49")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    # the frame is there too: the rules selector in the sidebar
    expect(page.get_by_test_id("stSidebar").get_by_text("Rules")).to_be_visible()
    assert shot("lessons-point").stat().st_size > 0


def test_chooser_updates_the_url(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    open_lesson(page, app_server, wait_for_app, "point")
    page.get_by_role("button", name="5. Sequences").first.click()
    expect(page.get_by_role("heading", name="5. Sequences")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page).to_have_url(re.compile(r"lesson=sequence"), timeout=TIMEOUT_MS)


def test_unknown_lesson_warns(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    open_lesson(page, app_server, wait_for_app, "xyz")
    expect(page.get_by_text("There is no lesson called “xyz”")).to_be_visible(
        timeout=TIMEOUT_MS)
    expect(page.get_by_role("heading", name="1. The deck and the deal")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_reckoning_steps_to_the_repique(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    open_lesson(page, app_server, wait_for_app, "reckoning")
    expect(page.get_by_role("heading", name="8. Reckoning, repique and pique")).to_be_visible(
        timeout=TIMEOUT_MS)
    page.get_by_role("button", name="To the end").click()
    expect(page.get_by_text("repique (+60)")).to_be_visible(timeout=TIMEOUT_MS)
    wait_for_app()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    assert shot("lessons-reckoning").stat().st_size > 0

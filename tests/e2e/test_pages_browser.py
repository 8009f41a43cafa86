"""Real browser (Debian chromium): the frame, Home, the Lab, the score sheet and About."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def open_app(page: Page, url: str, wait_for_app: Callable[[], None]) -> None:
    """Go to ``url`` and wait until the frame (sidebar) and the page's run are done."""
    page.goto(url)
    expect(page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
    wait_for_app()


ELDER = "AS,JS,9S,8S,AH,KH,QH,JH,8H,JC,9C,KD"
YOUNGER = "10S,QS,10H,KC,QC,10C,AC,AD,QD,JD,10D,7D"


def test_home(page: Page, app_server: str, wait_for_app: Callable[[], None],
              shot: Callable[[str], Path]) -> None:
    open_app(page, app_server, wait_for_app)
    expect(page.get_by_text("Welcome to Piquet Academy")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("home")


def test_lab_deep_link_renders_svg_cards(page: Page, app_server: str,
                                         wait_for_app: Callable[[], None],
                                         shot: Callable[[str], Path]) -> None:
    url = f"{app_server}/lab?elder={ELDER}&younger={YOUNGER}&rules=cavendish"
    open_app(page, url, wait_for_app)
    expect(page.get_by_text("Elder's make 49, Younger's 48").first).to_be_visible()
    cards = page.locator("svg[role='img']")
    assert cards.count() >= 24
    expect(page.locator("svg[aria-label='Ace of spades']").first).to_be_visible()
    box = page.locator("svg[aria-label='Ace of spades']").first.bounding_box()
    assert box is not None and box["width"] > 20 and box["height"] > 30
    # the preset chosen in the link is the one selected
    active = page.locator("[data-testid='stSidebar'] button[role='radio'][aria-checked='true']")
    expect(active).to_have_text("cavendish")
    expect(page.get_by_text("Rules: Cavendish").first).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("lab")


def test_lab_bad_card_message(page: Page, app_server: str, wait_for_app: Callable[[], None]
                              ) -> None:
    open_app(page, f"{app_server}/lab?elder=AS,QQ&younger={YOUNGER}", wait_for_app)
    expect(page.get_by_text("QQ is not a card").first).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_scoresheet_settlement(page: Page, app_server: str, wait_for_app: Callable[[], None],
                               shot: Callable[[str], Path]) -> None:
    open_app(page, f"{app_server}/scoresheet?a=40,30,20,0,10,20&b=10,20,30,9,10,10", wait_for_app)
    expect(page.get_by_text("A scores 100 + 120 + 89 = 309").first).to_be_visible()
    shot("scoresheet")


def test_about(page: Page, app_server: str, wait_for_app: Callable[[], None],
               shot: Callable[[str], Path]) -> None:
    open_app(page, f"{app_server}/about", wait_for_app)
    expect(page.get_by_text("Download the rules summary")).to_be_visible()
    shot("about")


def test_first_visit_deep_link_gets_the_frame(page: Page, fresh_server: str,
                                              wait_for_app: Callable[[], None]) -> None:
    """On a server nobody has visited, a deep link still runs inside app.py's frame (the
    rules selector, the top navigation) and keeps its preset (ui/frame.py)."""
    open_app(page, f"{fresh_server}/quiz?seed=3&level=expert&rules=cavendish", wait_for_app)
    expect(page.locator("[data-testid='stSidebar'] button[role='radio'][aria-checked='true']")
           ).to_have_text("cavendish")
    expect(page.get_by_role("link", name="Declarations Lab")).to_be_visible()

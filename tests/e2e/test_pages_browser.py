"""Real browser (Debian chromium): the frame (presets by name, ``?rules=`` and
``?four_colour=1`` kept across pages, no Deploy button or developer menu), Home, the Lab, the
score sheet and About; screenshots at 1280 px and 390 px (phone)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from ui.cards import BLUE, GREEN


def open_app(page: Page, url: str, wait_for_app: Callable[[], None]) -> None:
    """Go to ``url`` and wait until the frame (sidebar) and the page's run are done."""
    page.goto(url)
    expect(page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
    wait_for_app()


ACTIVE_PRESET = "[data-testid='stSidebar'] button[role='radio'][aria-checked='true']"
PHONE = {"width": 390, "height": 844}
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
    expect(page.locator(ACTIVE_PRESET)).to_have_text("Cavendish (1882)")
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
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, f"{app_server}/scoresheet?a=40 30 20 0 10 20&b=10,20,30,9,10,10",
             wait_for_app)
    expect(page.get_by_text("A scores 100 + 120 + 89 = 309").first).to_be_visible()
    # the table is text (a screen reader reads it), the chart is drawn
    expect(page.locator("[data-testid='stTable'] td").filter(has_text="120")).to_have_count(1)
    expect(page.locator("[data-testid='stDataFrame']")).to_have_count(0)
    expect(page.locator("[data-testid='stVegaLiteChart']").first).to_be_visible()
    page.wait_for_timeout(500)  # the chart's lines are drawn after the rerun
    shot("scoresheet")
    # every bad value is named at once, and the old result goes away
    box = page.get_by_label("Player A, deal by deal")
    box.fill("40 x 20 0 999 10")
    box.press("Enter")
    alert = page.locator("[data-testid='stAlertContentError']")
    expect(alert).to_contain_text("A, deal 2: 'x' is not a score")
    expect(alert).to_contain_text("A, deal 5: 999 is more than a deal can score")
    expect(page.get_by_text("A scores 100")).to_have_count(0)
    expect(page.locator("[data-testid='stTable']")).to_have_count(0)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("scoresheet-error")


def test_scoresheet_on_a_phone(page: Page, app_server: str, wait_for_app: Callable[[], None],
                               shot: Callable[[str], Path]) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, f"{app_server}/scoresheet?a=40,30,20,0,10&b=10,20,30,9,10", wait_for_app)
    expect(page.get_by_text("After 5 deals: A 100, B 79. 1 deal to play.")).to_be_visible()
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    shot("scoresheet-phone")


def test_about(page: Page, app_server: str, wait_for_app: Callable[[], None],
               shot: Callable[[str], Path]) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, f"{app_server}/about", wait_for_app)
    summary = page.get_by_role("button", name="Download the rules summary")
    full = page.get_by_role("button", name="Download the rules in full")
    expect(summary).to_be_visible()
    expect(full).to_be_visible()
    expect(page.get_by_text("David Parlett").first).to_be_visible()
    # nothing on the page points outside the app
    hrefs = page.eval_on_selector_all("[data-testid='stMain'] a[href]",
                                      "els => els.map(e => e.getAttribute('href'))")
    assert not [h for h in hrefs if "shared" in h or "RULES.md" in h], hrefs
    with page.expect_download() as download:
        full.click()
    path = download.value.path()
    assert "Cavendish" in Path(path).read_text(encoding="utf-8")
    shot("about")


def test_about_on_a_phone(page: Page, app_server: str, wait_for_app: Callable[[], None],
                          shot: Callable[[str], Path]) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{app_server}/about")
    wait_for_app()
    expect(page.get_by_role("button", name="Download the rules in full")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    shot("about-phone")


def test_frame_settings_kept_in_the_url_across_pages(
        page: Page, app_server: str, wait_for_app: Callable[[], None]) -> None:
    """``?rules=cavendish&four_colour=1`` survive a click on the top navigation; the
    selector shows the presets by name; users get no Deploy button or developer menu."""
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, f"{app_server}/lab?rules=cavendish&four_colour=1", wait_for_app)
    expect(page.locator(ACTIVE_PRESET)).to_have_text("Cavendish (1882)")
    expect(page.locator("[data-testid='stAppDeployButton']")).to_have_count(0)
    expect(page.locator("[data-testid='stMainMenuButton']")).to_have_count(0)
    page.get_by_role("link", name="Score sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    wait_for_app()
    expect(page).to_have_url(re.compile(r"/scoresheet\?.*rules=cavendish"))
    expect(page).to_have_url(re.compile(r"four_colour=1"))
    expect(page.locator(ACTIVE_PRESET)).to_have_text("Cavendish (1882)")
    toggle = page.get_by_role("switch", name="Four-colour deck")
    expect(toggle).to_be_checked()
    # choosing in the sidebar writes the id, not the label
    page.locator("[data-testid='stSidebar'] button[role='radio']",
                 has_text="Britannica article").click()
    wait_for_app()
    expect(page.locator(ACTIVE_PRESET)).to_have_text("Britannica article")
    expect(page).not_to_have_url(re.compile(r"rules="))
    assert "Parlett" not in page.url and "four_colour=1" in page.url
    page.locator("[data-testid='stSidebar'] button[role='radio']",
                 has_text="Cavendish (1882)").click()
    wait_for_app()
    expect(page).to_have_url(re.compile(r"rules=cavendish"))
    page.get_by_role("link", name="Quiz").click()
    expect(page.get_by_role("heading", name="Quiz")).to_be_visible()
    wait_for_app()
    expect(page).to_have_url(re.compile(r"rules=cavendish"))
    expect(page.get_by_text("rules: Cavendish (1882)").first).to_be_visible()
    # the deck is drawn in four colours there too: a diamond is blue, a club green
    for suit, ink in (("diamonds", BLUE), ("clubs", GREEN)):
        cards = page.locator(f"svg[aria-label$='of {suit}']")
        if cards.count():
            # the card's markup, with its symbol's when it points into the static sprite
            # (ui.cards): the browser fetches that file from the app's server
            drawing: str = cards.first.evaluate(
                "async svg => { const u = svg.querySelector('use'); if (!u) return svg.innerHTML;"
                " const [url, id] = u.getAttribute('href').split('#');"
                " const doc = new DOMParser().parseFromString("
                "   await (await fetch(url)).text(), 'image/svg+xml');"
                " return svg.innerHTML + doc.getElementById(id).innerHTML; }")
            assert ink in drawing
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_first_visit_deep_link_gets_the_frame(page: Page, fresh_server: str,
                                              wait_for_app: Callable[[], None]) -> None:
    """On a server nobody has visited, a deep link still runs inside app.py's frame (the
    rules selector, the top navigation) and keeps its preset."""
    open_app(page, f"{fresh_server}/quiz?seed=3&level=expert&rules=cavendish", wait_for_app)
    expect(page.locator(ACTIVE_PRESET)).to_have_text("Cavendish (1882)")
    expect(page.get_by_role("link", name="Declarations Lab")).to_be_visible()

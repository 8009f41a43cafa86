"""Real browser: the Declarations Lab as a teacher uses it (issue 9) — type two new hands
after the example ones, read 102 and the repique, then open the page's own link in a fresh
browser context and see the same; the sinking travels in the link; presentation mode on a
1920×1080 projector; screenshots at desktop, phone and projector sizes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

ELDER = "AS KS QS JS 10S 9S AH KH QH AD AC KC"
YOUNGER = "8S 7S JH 10H 9H 8H 7H KD QD JD 10D 9D"


def _open(page: Page, url: str, wait: Callable[[], None]) -> None:
    page.goto(url)
    expect(page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
    wait()


def _type(page: Page, label: str, cards: str, wait: Callable[[], None]) -> None:
    box = page.get_by_role("textbox", name=f"{label}: type the cards")
    box.fill(cards)
    box.press("Enter")
    wait()


def test_teacher_types_two_hands_reads_102_and_the_link_shows_the_same(
    page: Page, browser: Browser, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    _open(page, f"{app_server}/lab", wait_for_app)
    expect(page.get_by_text("What do they make?").first).to_be_visible()  # the example hands
    _type(page, "Elder", ELDER, wait_for_app)
    _type(page, "Younger", YOUNGER, wait_for_app)
    expect(page.get_by_text("Elder · 102 from declarations")).to_be_visible()
    expect(page.get_by_text("repique (+60)").first).to_be_visible()
    expect(page.get_by_text("sunk (not declared)")).to_have_count(0)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    link = page.url
    assert "elder=AS%2CKS" in link or "elder=AS,KS" in link, link
    shot("lab-teacher")

    fresh = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        other = fresh.new_page()
        other.goto(link)
        expect(other.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
        expect(other.get_by_text("Elder · 102 from declarations")).to_be_visible(
            timeout=30_000)
        expect(other.get_by_text("repique (+60)").first).to_be_visible()
    finally:
        fresh.close()


def test_sinking_travels_in_the_link(
    page: Page, browser: Browser, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    elder = ELDER.replace(" ", ",")
    younger = YOUNGER.replace(" ", ",")
    _open(page, f"{app_server}/lab?elder={elder}&younger={younger}", wait_for_app)
    page.get_by_text("Sinking: declare less than you hold").click()
    # Elder sinks his three kings: "Not declared"
    page.get_by_role("combobox", name="Elder: three kings").click()
    page.keyboard.type("Not declared")
    page.keyboard.press("Enter")
    wait_for_app()
    expect(page.get_by_text("Elder · 99 from declarations")).to_be_visible()
    link = page.url
    assert "elder_declares" in link, link
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(link)
        expect(other.get_by_text("Elder · 99 from declarations")).to_be_visible(
            timeout=30_000)
    finally:
        fresh.close()


def test_lab_on_a_phone(page: Page, app_server: str, wait_for_app: Callable[[], None],
                        shot: Callable[[str], Path]) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, f"{app_server}/lab", wait_for_app)
    expect(page.get_by_text("Order of reckoning")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("lab-phone")


def test_lab_presentation_mode_fills_a_projector(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    elder = ELDER.replace(" ", ",")
    younger = YOUNGER.replace(" ", ",")
    _open(page, f"{app_server}/lab?elder={elder}&younger={younger}&present=1", wait_for_app)
    card = page.locator("svg[aria-label='Ace of spades']").first
    expect(card).to_be_visible()
    box = card.bounding_box()
    assert box is not None and box["height"] >= 1080 / 5, box  # a fifth of the screen
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    # what the projector shows: the screen itself (a full-page shot would grow the viewport
    # and with it every card, whose height follows the screen's)
    page.screenshot(path=str(Path(__file__).resolve().parents[2] / "docs" / "screenshots"
                             / "lab-presentation.png"))


def test_record_help_loads_the_example_and_a_broken_record_lists_its_problems(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    _open(page, f"{app_server}/lab", wait_for_app)
    page.get_by_text("Paste a deal record", exact=True).click()
    page.get_by_text("The deal record format", exact=True).click()
    expect(page.get_by_role("button", name="Download the example")).to_be_visible()
    page.get_by_role("button", name="Load an example").click()
    wait_for_app()
    expect(page.get_by_text("The whole deal, from the record")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("lab-record-help")
    box = page.get_by_role("textbox", name="Deal record (JSON)")
    box.fill('{"elder": ["AS"], "younger": []}')
    page.get_by_role("button", name="Load record").click()
    wait_for_app()
    expect(page.get_by_text("This record has 4 problems")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

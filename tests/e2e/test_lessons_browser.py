"""The Lessons page in real chromium (its "Read the whole lesson" tab): cards drawn as SVG,
the chooser synced with the URL, the reckoning stepped to its repique, a typed hand kept
across a visit to the glossary; screenshots in
docs/screenshots/lessons-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from scrolling import scroll_to_bottom, scrolled

TIMEOUT_MS = 30_000


def open_lesson(page: Page, app_server: str, wait: Callable[[], None], slug: str) -> None:
    """Open a lesson on its second tab: the whole lesson to read, with its live widget (the
    first tab is its stages, tests/e2e/test_stages_browser.py)."""
    page.goto(f"{app_server}/lessons?lesson={slug}")
    wait()
    expect(page.locator("[data-testid='stApp']")).to_have_count(1)
    page.get_by_role("tab", name=re.compile("Read the whole lesson")).click()
    wait()


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
    open_lesson(page, app_server, wait_for_app, "xyz")  # the tab clicked reruns the page
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


def test_next_lesson_opens_at_the_top(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    open_lesson(page, app_server, wait_for_app, "point")
    expect(page.get_by_role("heading", name="4. The point")).to_be_visible(timeout=TIMEOUT_MS)
    nxt = page.locator(".st-key-lessons_next_bottom button").first
    nxt.scroll_into_view_if_needed()
    scroll_to_bottom(page)
    page.wait_for_timeout(300)
    assert max(scrolled(page)) > 500, scrolled(page)  # really scrolled down
    nxt.click()
    expect(page.get_by_role("heading", name="5. Sequences")).to_be_visible(timeout=TIMEOUT_MS)
    wait_for_app()
    page.wait_for_timeout(800)
    assert page.evaluate("window.scrollY") == 0
    assert max(scrolled(page)) == 0, scrolled(page)
    # the element takes no room: its container, keyed pq_scroll_..., hidden by the shared CSS
    holder = page.locator("[class*='st-key-pq_scroll_lessons_']")
    expect(holder).to_have_count(1)
    expect(holder).to_be_hidden()
    # a click inside the lesson does not move the page
    scroll_to_bottom(page)
    page.wait_for_timeout(300)
    before = max(scrolled(page))
    assert before > 0
    page.get_by_role("button", name="Huitième").click()
    wait_for_app()
    page.wait_for_timeout(800)
    assert max(scrolled(page)) > 0, "a widget click scrolled the page to the top"


@pytest.mark.parametrize(("width", "height", "suffix"), [
    (1280, 800, "desktop"), (390, 844, "phone"), (1920, 1080, "1920")])
def test_changed_lessons_screenshots(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path], width: int, height: int, suffix: str,
) -> None:
    """The lessons changed by issue 9, at three widths (docs/screenshots/lessons-*.png)."""
    page.set_viewport_size({"width": width, "height": height})
    open_lesson(page, app_server, wait_for_app, "exchange")
    page.get_by_role("button", name="Elder leaves one").click()
    expect(page.get_by_text("Elder's leftover K♦").first).to_be_visible(timeout=TIMEOUT_MS)
    wait_for_app()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot(f"lessons-exchange-{suffix}")
    open_lesson(page, app_server, wait_for_app, "blanche")
    expect(page.get_by_text("When it is shown, under").first).to_be_visible(timeout=TIMEOUT_MS)
    shot(f"lessons-blanche-{suffix}")
    open_lesson(page, app_server, wait_for_app, "reckoning")
    link = page.get_by_role("link", name=re.compile("lead that loses the trick"))
    expect(link).to_be_visible(timeout=TIMEOUT_MS)
    shot(f"lessons-reckoning-{suffix}")
    open_lesson(page, app_server, wait_for_app, "partie")
    box = page.get_by_label("A's total after six deals")
    box.fill("12x")
    box.press("Enter")
    expect(page.get_by_text("A's total “12x” is not a whole number")).to_be_visible(
        timeout=TIMEOUT_MS)
    widget = page.locator(".st-key-lessons_widget_partie")
    expect(widget.get_by_test_id("stMetric")).to_have_count(0)  # no stale 306 beside it
    expect(widget.get_by_text("306")).to_have_count(0)
    shot(f"lessons-partie-error-{suffix}")


def test_losing_lead_link_opens_the_scenario(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    open_lesson(page, app_server, wait_for_app, "reckoning")
    page.get_by_role("link", name=re.compile("lead that loses the trick")).click()
    expect(page).to_have_url(re.compile(r"/play\?.*scenario=pique-by-losing-lead"),
                             timeout=TIMEOUT_MS)
    wait_for_app()
    expect(page.get_by_text("A pique won by a lead that loses the trick").first).to_be_visible(
        timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


@pytest.mark.parametrize("settings", ["", "&rules=cavendish"])
def test_a_page_link_with_parameters_shows_the_target_pages_address(
    page: Page, app_server: str, wait_for_app: Callable[[], None], settings: str,
) -> None:
    """Lesson 8's replay link, then My progress's lesson links: the address bar shows the
    page followed (``/play?scenario=…``), never the page left with the new parameters
    (``/lessons?scenario=…``), and Back returns to the page left as it was. The frame's
    settings (``?rules=cavendish``) go along."""
    from urllib.parse import parse_qs, urlsplit

    def address() -> tuple[str, dict[str, list[str]]]:
        url = urlsplit(page.url)
        assert page.evaluate("location.pathname") == url.path  # what the bar shows
        return url.path, parse_qs(url.query)

    page.add_init_script(
        "window.__pushed = [];"
        "for (const f of ['pushState', 'replaceState']) {"
        "  const real = history[f].bind(history);"
        "  history[f] = (s, t, u) => { real(s, t, u);"
        "    window.__pushed.push(location.pathname + location.search); };"
        "}")
    page.goto(f"{app_server}/lessons?lesson=reckoning{settings}")
    wait_for_app()
    page.get_by_role("tab", name=re.compile("Read the whole lesson")).click()
    wait_for_app()
    page.get_by_role("link", name=re.compile("lead that loses the trick")).click()
    expect(page.get_by_text("A pique won by a lead that loses the trick").first).to_be_visible(
        timeout=TIMEOUT_MS)
    wait_for_app()
    page.wait_for_timeout(500)
    path, query = address()
    assert path == "/play" and query["scenario"] == ["pique-by-losing-lead"], page.url
    # no address on the way joined the page left to the new parameters (a history entry
    # Back would return to)
    assert not [u for u in page.evaluate("window.__pushed") if u.startswith("/lessons?")
                and "scenario=" in u], page.evaluate("window.__pushed")
    page.goto(f"{app_server}/progress{settings.replace('&', '?')}")
    wait_for_app()
    page.get_by_role("link", name=re.compile(r"^\W*2\. The exchange")).first.click()
    expect(page.get_by_role("heading", name="2. The exchange")).to_be_visible(
        timeout=TIMEOUT_MS)
    wait_for_app()
    page.wait_for_timeout(500)
    path, query = address()
    assert path == "/lessons" and query["lesson"] == ["exchange"], page.url
    if settings:
        assert query["rules"] == ["cavendish"], page.url  # the frame's settings go along
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_a_hand_typed_in_a_lesson_is_there_after_a_visit_to_the_glossary(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
) -> None:
    """A learner types a hand in the point lesson, looks a word up in the glossary through
    the menu, and comes back: the lesson on the tab it was on (the whole lesson to read), and
    the hand with the point it makes."""
    hand = "AC QC JC 9C 8C 7C KH QH 10S 9S 8D 7D"  # six clubs: 6 cards making 55
    open_lesson(page, app_server, wait_for_app, "point")
    box = page.locator(".st-key-lessons_point_hand input")
    box.fill(hand)
    box.press("Enter")
    wait_for_app()
    expect(page.get_by_text("6 cards making 55").first).to_be_visible(timeout=TIMEOUT_MS)
    nav = page.locator("header")
    nav.get_by_role("link", name="Glossary").click()
    expect(page.get_by_role("heading", name="Glossary").first).to_be_visible(
        timeout=TIMEOUT_MS)
    wait_for_app()
    nav.get_by_role("link", name="Lessons").click()
    expect(page.get_by_role("heading", name="4. The point")).to_be_visible(timeout=TIMEOUT_MS)
    wait_for_app()
    expect(page.get_by_role("tab", name=re.compile("Read the whole lesson"))).to_have_attribute(
        "aria-selected", "true", timeout=TIMEOUT_MS)
    expect(box).to_have_value(hand, timeout=TIMEOUT_MS)
    expect(page.get_by_text("6 cards making 55").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

"""The Puzzles page's counting drill and a sinking puzzle on a phone (issue 37), in real
chromium at 390×844: the drill's task, the cards to tap and its Check button lie within the
first screen (bounding boxes read with the page's scroller at its top), a tap and Check give
the verdict; a sinking puzzle's question and its three category buttons too. Screenshots:
docs/screenshots/puzzles-drill-390.png, puzzles-drill-verdict-390.png,
puzzles-sinking-390.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cards_drawn import wait_cards_drawn
from playwright.sync_api import Locator, Page, expect
from walking import idle

from academy.counting import candidates, tasks
from academy.puzzles import Question, catalogue

WIDTH, HEIGHT = 390, 844
TIMEOUT_MS = 30_000


def _to_top(page: Page) -> None:
    page.evaluate("""() => { window.scrollTo(0, 0); document.querySelectorAll(
        "[data-testid='stMain'], [data-testid='stAppViewContainer']")
        .forEach(e => { e.scrollTop = 0; }); }""")
    page.wait_for_timeout(150)


def _on_first_screen(loc: Locator, name: str) -> None:
    expect(loc.first).to_be_visible(timeout=TIMEOUT_MS)
    for i in range(loc.count()):
        b = loc.nth(i).bounding_box()
        assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= HEIGHT, (name, i, b)


def _open(page: Page, url: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(url)
    idle(page)
    wait_cards_drawn(page)
    idle(page)
    _to_top(page)


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
def test_the_drill_fits_the_first_screen_on_a_phone(
        page: Page, app_server: str, shot: Callable[[str], Path], lang: str) -> None:
    # the longest task: the most lines of calls and cards, the most cards to tap
    task = max(tasks(), key=lambda t: (len(candidates(t.view())), len(t.view().played)))
    _open(page, f"{app_server}/puzzles?mode=count&task={task.id}&lang={lang}")
    _on_first_screen(page.locator("h3").first, "task")
    _on_first_screen(page.locator("button.pq-hand-card"), "cards to tap")
    _on_first_screen(page.locator(".st-key-drill_check button"), "Check")
    if lang != "en":
        return
    shot("puzzles-drill-390")
    page.locator("button.pq-hand-card").first.click()
    idle(page)
    page.locator(".st-key-drill_check button").click()
    idle(page)
    expect(page.get_by_text("Elder can still hold:")).to_be_visible(timeout=TIMEOUT_MS)
    wait_cards_drawn(page)
    shot("puzzles-drill-verdict-390")


def test_a_sinking_puzzle_fits_the_first_screen_on_a_phone(
        page: Page, app_server: str, shot: Callable[[str], Path]) -> None:
    pz = next(p for p in catalogue() if p.question is Question.SINK)
    _open(page, f"{app_server}/puzzles?id={pz.id}")
    _on_first_screen(page.get_by_text("must you declare to stop Elder"), "question")
    for cat in ("point", "sequences", "sets"):
        _on_first_screen(page.locator(f".st-key-puzzles_sink_{cat} button"), cat)
    shot("puzzles-sinking-390")

"""Real browser: a round on /puzzles at 1366 and 390 px. A discard puzzle opened from its link:
its cards tapped, "Discard these cards", the verdict, the explanation and the rating change,
then "Next puzzle"; a card puzzle answered by one tap. At 390 px the task (the cards to tap)
and its answer button are on the first screen. axe-core finds no WCAG violation on the
task or on the verdict.

Screenshots: docs/screenshots/puzzles-task-<size>.png (the first screen),
puzzles-verdict-<size>.png.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import SCREENSHOTS, wait_idle
from playwright.sync_api import Page, expect
from test_accessibility_browser import violations

from academy.puzzles import Question, catalogue

SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
DISCARD = ".st-key-puzzle_discard_hand button.pq-hand-card"
CARDS = ".st-key-puzzle_cards_hand button.pq-hand-card"
Shot = Callable[[str], Path]


def _on_first_screen(page: Page, selector: str) -> None:
    """Every element of ``selector`` lies inside the viewport as the page opens."""
    height = (page.viewport_size or {"height": 0})["height"]
    boxes = [el.bounding_box() for el in page.locator(selector).all()]
    assert boxes, selector
    for box in boxes:
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
            selector, box, height)


def _idle(page: Page) -> None:
    wait_idle(page)
    page.wait_for_timeout(600)  # the card hand's script has laid the cards out


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_puzzle_round(page: Page, app_server: str, size: str, shot: Shot) -> None:
    discard = next(p for p in catalogue() if p.question is Question.DISCARD)
    card = next(p for p in catalogue() if p.question is Question.CARD)
    page.set_viewport_size(SIZES[size])
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_server}/puzzles?id={discard.id}")
    _idle(page)
    expect(page.get_by_text(discard.id, exact=False).first).to_be_visible()
    expect(page.locator(DISCARD)).to_have_count(12)
    # the task and its answer button on the first screen, before any scrolling
    _on_first_screen(page, DISCARD)
    _on_first_screen(page, ".st-key-puzzles_discard button")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"puzzles-task-{size}.png"))
    assert violations(page) == []
    for c in discard.answer:
        tapped = page.locator(f"{DISCARD}[data-code='{c}']")
        tapped.click(position={"x": 10, "y": 20})
        expect(tapped).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(300)
    wait_idle(page)
    page.locator(".st-key-puzzles_discard button").click()
    expect(page.get_by_text("Right!")).to_be_visible()
    expect(page.get_by_text("The answer:", exact=False)).to_be_visible()
    expect(page.get_by_text("declarations only", exact=False)).to_be_visible()
    expect(page.get_by_text("Your rating: 1,500 →", exact=False)).to_be_visible()
    _idle(page)
    assert violations(page) == []
    shot(f"puzzles-verdict-{size}")
    # the next puzzle: a new task
    page.locator(".st-key-puzzles_next button").click()
    _idle(page)
    expect(page.get_by_text("Right!")).to_have_count(0)
    # a card puzzle: one tap is the answer
    page.goto(f"{app_server}/puzzles?id={card.id}")
    _idle(page)
    _on_first_screen(page, f"{CARDS}:not([aria-disabled='true'])")
    page.locator(f"{CARDS}[data-code='{card.answer[0]}']").click(position={"x": 10, "y": 20})
    expect(page.get_by_text("Right!")).to_be_visible()
    expect(page.get_by_text("Your rating:", exact=False)).to_be_visible()
    _idle(page)
    assert violations(page) == []
    assert not errors, errors

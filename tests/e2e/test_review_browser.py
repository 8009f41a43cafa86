"""Real browser: "Review this deal" on /play at 1366 and 390 px. A deal against the computer
played to the end by tapping, then "Review this deal": the progress bar while the worker
reviews, then the review with the three costliest decisions on their cards, each with "Try
again from here", which puts the deal back on the table just before that decision. axe-core
finds no WCAG violation on the review.

Screenshots: docs/screenshots/review-<size>.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import test_play_browser as play
from conftest import wait_idle
from playwright.sync_api import Page, expect
from test_accessibility_browser import violations

SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
RESULT = ".st-key-review_result"
Shot = Callable[[str], Path]


def _wait(page: Page) -> Callable[[], None]:
    return lambda: wait_idle(page)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_review_this_deal(page: Page, app_server: str, size: str, shot: Shot) -> None:
    wait = _wait(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size(SIZES[size])
    page.goto(f"{app_server}/play")
    wait()
    play._start(page, wait)
    table = play.Table(page, wait)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and table.step() != "over":
        table.play()
    expect(page.locator(".st-key-play_next_deal button")).to_be_visible()
    start = page.locator(".st-key-play_review_start").get_by_role("button", name="Review this deal")
    start.scroll_into_view_if_needed()
    start.click()
    # the worker reviews: a progress bar, drawn again by its fragment until the review is in
    bar = page.get_by_text("Reviewing the deal:", exact=False)
    result = page.locator(RESULT)
    expect(bar.or_(result).first).to_be_visible(timeout=30_000)
    expect(result).to_be_visible(timeout=240_000)
    expect(bar).to_have_count(0)
    wait()
    page.wait_for_timeout(600)
    expect(result.get_by_text("Accuracy of ", exact=False).first).to_be_visible()
    expect(result.get_by_text("The costliest decisions")).to_be_visible()
    retries = result.get_by_role("button", name="Try again from here")
    count = retries.count()
    assert 1 <= count <= 3
    # each costly decision on its cards: the choice and the better play
    assert result.locator(".pq-cards svg").count() >= 2 * count
    assert violations(page) == []
    result.scroll_into_view_if_needed()
    shot(f"review-{size}")
    # "Try again from here": the deal on the table again, the learner to play (or discard)
    retries.first.click()
    wait()
    again = page.locator(play.PLAYABLE).or_(page.locator(play.DISCARDS))
    expect(again.first).to_be_visible(timeout=30_000)
    expect(page.locator(RESULT)).to_have_count(0)
    assert not errors, errors

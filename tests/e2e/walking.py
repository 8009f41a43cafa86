"""What the browser walks (test_*_walk_browser.py) share: a check made once the rerun an
action started has landed, and again a moment later."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


def idle(page: Page) -> None:
    page.wait_for_selector(IDLE, state="attached", timeout=30_000)


def settled(page: Page, check: Callable[[Page], None], retry_s: float = 15) -> None:
    """``check(page)`` once the rerun an action started has landed — a click's rerun may not
    have begun when the page first reads idle, so a failing check is retried for up to
    ``retry_s`` — then again 400 ms later without a retry: the numbers must stay right."""
    deadline = time.monotonic() + retry_s
    while True:
        idle(page)
        try:
            check(page)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(250)
    page.wait_for_timeout(400)
    idle(page)
    check(page)


def about_and_back(page: Page, back: str, ready: Locator) -> None:
    """To About through the top navigation, then back to the page linked as ``back`` until
    ``ready`` shows: a page switch, which drops the page's parameters."""
    nav = page.locator("header")
    nav.get_by_role("link", name="About").click()
    expect(page.get_by_role("heading", name="About").first).to_be_visible()
    idle(page)
    nav.get_by_role("link", name=back).click()
    expect(ready).to_be_visible()
    idle(page)

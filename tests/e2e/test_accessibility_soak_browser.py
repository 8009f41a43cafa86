"""WCAG 2.2 AA after every tab, expander and popover is opened (``make soak`` only: it runs
with ``PIQUET_SOAK=1``; ``scripts/soak.py``). On every page of ``app.py``, in English,
Vietnamese and Turkish, at 1366 px: each tab chosen in turn, each expander opened in turn,
each popover opened, and axe-core (tests/e2e/test_accessibility_browser.py's rules) run after
each. The app has no ``st.dialog`` outside the class pages' (their own helper's). Zero
violations; a violation names the page, what was opened, the rule and the element."""

from __future__ import annotations

import os

import pytest
from conftest import wait_idle
from playwright.sync_api import Browser, Page
from test_accessibility_browser import PAGES, SIZES, violations

pytestmark = [
    pytest.mark.soak,
    pytest.mark.skipif(not os.environ.get("PIQUET_SOAK"),
                       reason="a long run: make soak (PIQUET_SOAK=1)"),
]

_MAIN = "[data-testid='stMain']"


def _settled(page: Page) -> None:
    wait_idle(page)
    page.wait_for_timeout(500)  # the components' scripts have drawn


def _open_each(page: Page, selector: str, what: str, found: dict[str, list[str]],
               *, is_open: str | None = None) -> int:
    """Click each element ``selector`` finds, in turn (found again after each rerun), and
    run axe after each; ``is_open``: a JS test, skip what is open already. How many were
    opened."""
    n = page.locator(selector).count()
    opened = 0
    for i in range(n):
        items = page.locator(selector)
        if i >= items.count():
            break
        item = items.nth(i)
        if not item.is_visible():
            continue
        if is_open and item.evaluate(is_open):
            continue
        label = (item.inner_text() or "").strip().split("\n")[-1][:40]
        item.click()
        _settled(page)
        opened += 1
        seen = violations(page)
        if seen:
            found[f"{what} {label!r}"] = seen
    return opened


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
def test_no_violation_after_opening_anything(browser: Browser, app_server: str,
                                             lang: str) -> None:
    context = browser.new_context(viewport=SIZES["1366"])
    try:
        page = context.new_page()
        found: dict[str, list[str]] = {}
        opened = 0
        for name in PAGES:
            page.goto(f"{app_server}/{name}?lang={lang}")
            _settled(page)
            where: dict[str, list[str]] = {}
            opened += _open_each(page, f"{_MAIN} [role='tab']", "tab", where,
                                 is_open="e => e.getAttribute('aria-selected') === 'true'")
            opened += _open_each(page, f"{_MAIN} [data-testid='stExpander'] summary",
                                 "expander", where, is_open="e => e.parentElement.open")
            opened += _open_each(page, f"{_MAIN} [data-testid='stPopover'] button", "popover",
                                 where)
            found.update({f"{name or 'home'}: {k}": v for k, v in where.items()})
        assert found == {}
        assert opened >= 10, opened  # 10 on the pages as first opened (December 2026)
    finally:
        context.close()

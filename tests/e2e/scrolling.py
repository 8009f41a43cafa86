"""Where a page is scrolled to. Streamlit scrolls inside its own containers, not the window
(``window.scrollY`` stays 0), so both are read and both are moved."""

from __future__ import annotations

from playwright.sync_api import Page

_SCROLLERS = """() => [window.scrollY, ...Array.from(document.querySelectorAll(
    "[data-testid='stMain'], [data-testid='stAppViewContainer'], "
    + "[data-testid='stMainBlockContainer']")).map(e => e.scrollTop)]"""
_SCROLL_DOWN = """() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    document.querySelectorAll("[data-testid='stMain'], [data-testid='stAppViewContainer']")
        .forEach(e => { e.scrollTop = e.scrollHeight; });
}"""


def scrolled(page: Page) -> list[float]:
    """The window's and each Streamlit scroller's position (0 everywhere: at the top)."""
    positions: list[float] = page.evaluate(_SCROLLERS)
    return positions


def scroll_to_bottom(page: Page) -> None:
    page.evaluate(_SCROLL_DOWN)

"""WCAG 2.2 AA on every page, as axe-core (the ``axe-playwright-python`` package, which ships
it) finds it in Debian's chromium: every page in ``app.py``, in English, Vietnamese and
Turkish, at 1366 and 390 px, with the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA.

Zero violations, every view: a violation fails with its rule, the element and axe's reason.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import wait_idle
from playwright.sync_api import Browser

PAGES = ("", "lessons", "lab", "odds", "quiz", "play", "scoresheet", "glossary", "class",
         "progress", "about")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
_AXE = Axe()


def violations(page: object) -> list[str]:
    """Each violation axe finds on ``page``, as ``rule: element — reason``."""
    result = _AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS},
                                     "resultTypes": ["violations"]})
    found = []
    for rule in result.response["violations"]:
        for node in rule["nodes"]:
            why = node["any"][0]["message"] if node.get("any") else rule["help"]
            found.append(f"{rule['id']}: {node['html'][:120]} — {why[:160]}")
    return found


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_page_has_no_wcag_violation(browser: Browser, app_server: str, lang: str,
                                          size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = context.new_page()
        found = {}
        for name in PAGES:
            page.goto(f"{app_server}/{name}?lang={lang}")
            wait_idle(page)
            page.wait_for_timeout(800)  # the components' scripts have drawn
            seen = violations(page)
            if seen:
                found[name or "home"] = seen
        assert found == {}
    finally:
        context.close()

"""Streamlit's own English, fixed in its frontend, in the page's language (real chromium, 390 px
phone, vi and tr): no accessible name (``aria-label``, ``title``) Streamlit writes in English
is left ("Link to heading", "Help for …", "Open", "Increment", "Sidebar", "Expand sidebar"…),
and the deal-record uploader's words are the page's (ui/components/accessible_names.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_pages_browser import PHONE

from ui.components.accessible_names import streamlit_words
from ui.components.json_file import LIMIT, size_words
from words import _, use_language

ENGLISH_NAMES = frozenset({"Link to heading", "Open", "Clear value", "Clear all", "Increment",
                           "Decrement", "Sidebar", "Expand sidebar", "Collapse sidebar",
                           "file upload", "Help", "App pages"})
_NAMES = """() => Array.from(document.querySelectorAll("[aria-label], [title]"))
    .flatMap(e => [e.getAttribute("aria-label"), e.getAttribute("title")]).filter(Boolean)"""


def _english(names: list[str]) -> list[str]:
    return sorted({n for n in names if n in ENGLISH_NAMES or n.startswith("Help for ")})


def _names(page: Page) -> list[str]:
    """The accessible names, asked again for up to 2 s while English is left (the element's
    script rewrites them a frame after Streamlit draws them)."""
    names: list[str] = []
    for _try in range(8):
        names = page.evaluate(_NAMES)
        if not _english(names):
            break
        page.wait_for_timeout(250)
    return names


# every page of app.py (a lesson open, a quiz round begun)
PATHS = ("", "lessons", "lessons?lesson=point", "lab", "quiz?seed=abc", "class", "play",
         "scoresheet", "odds", "progress", "glossary", "puzzles", "about")


@pytest.mark.parametrize("lang", ["vi", "tr"])
@pytest.mark.parametrize("path", PATHS)
def test_no_english_accessible_name(page: Page, app_server: str, wait_for_app: Callable[[], None],
                                    lang: str, path: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{app_server}/{path}{'&' if '?' in path else '?'}lang={lang}")
    wait_for_app()
    expect(page.get_by_test_id("stMain")).to_be_visible()
    names = _names(page)
    assert names, path
    assert _english(names) == []
    with use_language(lang):
        words = streamlit_words()
    assert isinstance(words["names"], dict)
    assert words["names"]["Expand sidebar"] in names  # the phone's collapsed sidebar


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_the_uploader_speaks_the_language(page: Page, app_server: str,
                                          wait_for_app: Callable[[], None], lang: str,
                                          tmp_path: Path) -> None:
    """Play's record file button is the app's (ui/components/json_file.py): its label,
    button, hint and size limit in the page's language, no Streamlit uploader left; a file
    over the limit is named in the page's language."""
    page.set_viewport_size(PHONE)
    page.goto(f"{app_server}/play?scenario=capot&lang={lang}")
    wait_for_app()
    expect(page.locator(".st-key-wt_show_load label").first).to_be_visible(timeout=30_000)
    page.locator(".st-key-wt_show_load label").first.click()
    wait_for_app()
    with use_language(lang):
        button_name = _("Choose a file")
        hint = _("A .json file of at most {size}.", size=size_words(LIMIT))
        label = _("…or upload a deal record (.json)")
        too_big = _("This file is too big for a deal record: {name} has {size}, at most "
                    "{limit} is read.", name="big.json", size=size_words(LIMIT + 2048),
                    limit=size_words(LIMIT))
    box = page.locator(".st-key-wt_file")
    button = box.get_by_role("button", name=button_name, exact=True)
    expect(button).to_be_visible(timeout=30_000)
    expect(box.get_by_text(hint, exact=True)).to_be_visible()
    expect(box.get_by_role("group", name=label)).to_be_visible()
    expect(page.get_by_test_id("stFileUploader")).to_have_count(0)
    shown = box.inner_text()
    assert "Upload" not in shown.split() and "per file" not in shown, shown
    assert "Choose a file" not in shown, shown
    big = tmp_path / "big.json"
    big.write_bytes(b"{" + b" " * (LIMIT + 2046) + b"}")
    with page.expect_file_chooser() as chooser:
        button.press("Enter")
    chooser.value.set_files(str(big))
    wait_for_app()
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(too_big)
    assert _english(_names(page)) == []
    skip = page.get_by_test_id("stSkipToContent")
    assert "Skip to main content" not in (skip.text_content() or "")
    assert (skip.text_content() or "").strip()

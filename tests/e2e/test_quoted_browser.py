"""Issue 34, item 8, in a real browser: a link's value and a class's name quoted in the app's
own notices are shown as typed — never a clickable link, never bold, never LaTeX, never an
emoji shortcode — where Streamlit's Markdown would read them (it makes links of web and
e-mail addresses after the backslash escapes are read, so escaping alone is not enough)."""

from __future__ import annotations

import urllib.parse

import pytest
from conftest import wait_idle
from playwright.sync_api import Page, expect

CASES = [
    ("lessons", {"lesson": "https://evil.example/login"}, "evil"),
    ("class", {"join": "www.evil.example"}, "evil"),
    ("quiz", {"seed": "**bold** $x^2$ :smile:"}, "bold"),
    ("quiz", {"rules": "mail@evil.example"}, "evil"),
]


@pytest.mark.parametrize(("path", "params", "word"), CASES)
def test_a_links_value_is_shown_never_interpreted(
        page: Page, app_server: str, path: str, params: dict[str, str], word: str) -> None:
    page.goto(f"{app_server}/{path}?{urllib.parse.urlencode(params)}")
    wait_idle(page)
    notice = page.get_by_test_id("stAlert").filter(has_text=word).first
    expect(notice).to_be_visible()
    assert notice.locator("a").count() == 0, notice.inner_html()
    assert notice.locator("strong, b, em, .katex, img").count() == 0, notice.inner_html()
    shown = notice.inner_text().replace("\u2060", "")
    typed = next(iter(params.values()))
    assert typed[:24] in shown, shown

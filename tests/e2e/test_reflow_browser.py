"""The user's settings respected (real chromium): every page of app.py reflows at 320 px
wide (WCAG 1.4.10, what 400% zoom of a 1280 px window gives) with no sideways scroll and no
text or card cut at the screen's edges; with ``prefers-reduced-motion: reduce`` nothing on a page
moves (no animation, no transition, in the app's own elements and the card hand's)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_streamlit_words_browser import PATHS

Wait = Callable[[], None]

# visible text (a text node, or an SVG <text>) whose box crosses the screen's left or right
# edge, outside any container that scrolls sideways (a wide table may scroll in its box)
_CUT = """() => {
  const W = document.documentElement.clientWidth;
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  const out = [];
  const walker = document.createTreeWalker(document.querySelector("[data-testid='stMain']"),
                                           NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      if (r.width && (r.right > W + 1 || r.left < -1) && !scrolls(n.parentElement)) {
        out.push([n.textContent.trim().slice(0, 40), Math.round(r.left), Math.round(r.right)]);
      }
    }
  }
  // a card (the first of a row that wraps was drawn 21 px left of its row, cut at 320 px)
  for (const card of document.querySelectorAll("[data-testid='stMain'] svg[role='img']")) {
    const r = card.getBoundingClientRect();
    if (r.width && (r.right > W + 1 || r.left < -1) && !scrolls(card)) {
      out.push([card.getAttribute("aria-label"), Math.round(r.left), Math.round(r.right)]);
    }
  }
  return out;
}"""

_MOVING = """() => {
  const out = [];
  const visit = (root) => {
    for (const e of root.querySelectorAll("*")) {
      const s = getComputedStyle(e);
      const moves = (v) => v.split(",").some((d) => parseFloat(d) > 0);
      if ((s.animationName !== "none" && moves(s.animationDuration))
          || moves(s.transitionDuration)) {
        out.push([e.tagName, String(e.className).slice(0, 40), s.animationName,
                  s.animationDuration, s.transitionDuration]);
      }
      if (e.shadowRoot) visit(e.shadowRoot);
    }
  };
  visit(document);
  return out;
}"""


@pytest.mark.parametrize("path", PATHS)
def test_every_page_reflows_at_320_px(page: Page, app_server: str, wait_for_app: Wait,
                                      path: str) -> None:
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{app_server}/{path}")
    wait_for_app()
    expect(page.get_by_test_id("stMain")).to_be_visible()
    page.wait_for_timeout(1500)  # charts and card hands lay themselves out
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    main = page.get_by_test_id("stMain")
    assert main.evaluate("e => e.scrollWidth - e.clientWidth") <= 1
    assert page.evaluate(_CUT) == []


@pytest.mark.parametrize("path", ["lab", "play?scenario=capot", "lessons?lesson=point"])
def test_nothing_moves_with_reduced_motion(page: Page, app_server: str, wait_for_app: Wait,
                                           path: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_server}/{path}")
    wait_for_app()
    expect(page.get_by_test_id("stMain")).to_be_visible()
    page.wait_for_timeout(1000)
    assert page.evaluate(_MOVING) == []

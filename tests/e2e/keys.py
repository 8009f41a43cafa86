"""Driving a page with the keyboard alone (tests/e2e/test_keyboard_browser.py).

:func:`focused` reads the element that has the focus (inside a component's shadow root too):
its tag, name, card code, the keys (``st-key-…`` classes) of the containers around it, and
whether its focus is visible (an outline or focus ring at least 2 px wide on it or on one of
its three nearest ancestors, on a box that is shown). :func:`tab_to` presses Tab (or
Shift+Tab) until the focus is on what is wanted, checking at every step that the focus is
visible and that it moves on (nothing traps it: past the page's last element it comes back
to the first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

Focus = dict[str, Any]

_FOCUSED = """() => {
  let a = document.activeElement;
  const outer = a;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) {
    a = a.shadowRoot.activeElement;
  }
  if (!a) {
    return null;
  }
  const ring = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    const shown = r.width >= 4 && r.height >= 4 && parseFloat(s.opacity) > 0
      && s.visibility !== "hidden";
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
    // Streamlit's own focus ring: a box shadow of at least 2 px spread
    const shadow = /0px 0px 0px ([2-9]|\\d\\d)/.test(s.boxShadow || "");
    return shown && (outline || shadow);
  };
  let visible = false;
  let e = a;
  for (let i = 0; e && i < 4 && !visible; i++) {
    visible = ring(e);
    e = e.parentElement || (e.getRootNode && e.getRootNode().host) || null;
  }
  const keys = [];
  for (let p = outer; p; p = p.parentElement) {
    for (const c of p.classList || []) {
      if (c.startsWith("st-key-")) {
        keys.push(c.slice(7));
      }
    }
  }
  let name = a.getAttribute("aria-label") || "";
  if (!name && a.labels && a.labels.length) {
    name = a.labels[0].innerText;
  }
  if (!name) {
    name = (a.innerText || a.value || "").trim();
  }
  return {
    tag: a.tagName, name: name.trim().slice(0, 120),
    code: a.dataset ? a.dataset.code || null : null,
    disabled: a.getAttribute("aria-disabled") === "true" || a.disabled === true,
    pressed: a.getAttribute("aria-pressed"), role: a.getAttribute("role") || "",
    type: a.getAttribute("type") || "", keys, visible,
  };
}"""


def focused(page: Page) -> Focus:
    info: Focus | None = page.evaluate(_FOCUSED)
    return info or {"tag": "", "name": "", "code": None, "keys": [], "visible": False,
                    "disabled": False, "pressed": None, "role": "", "type": ""}


def _same(a: Focus, b: Focus) -> bool:
    return (a["tag"], a["name"], a["code"], a["keys"]) == (b["tag"], b["name"], b["code"],
                                                           b["keys"])


def tab_to(page: Page, want: Callable[[Focus], bool], *, back: bool = False,
           limit: int = 150, what: str = "") -> Focus:
    """Press Tab (Shift+Tab with ``back``) until ``want(focused)``; every element passed on
    the way shows its focus, and the focus never stays put (nothing traps it)."""
    key = "Shift+Tab" if back else "Tab"
    before = focused(page)
    if want(before) and before["tag"] not in ("", "BODY"):
        return before
    stuck = 0
    seen: list[str] = []
    for _ in range(limit):
        page.keyboard.press(key)
        now = focused(page)
        seen.append(f"{now['tag']}:{now['name'][:30]}:{now['code']}")
        if now["tag"] not in ("BODY", ""):
            for _wait in range(4):  # a focus ring may fade in (a transition of Streamlit's)
                if now["visible"]:
                    break
                page.wait_for_timeout(100)
                now = focused(page)
            assert now["visible"], f"focus not visible on {now}"
            stuck = stuck + 1 if _same(now, before) else 0
            assert stuck < 3, f"focus trapped on {now}"
        if want(now):
            return now
        before = now
    raise AssertionError(f"{what or 'the element'} not reached by {key}: {seen[-40:]}")


def in_key(part: str) -> Callable[[Focus], bool]:
    """The focus is inside a container whose key contains ``part``."""
    return lambda f: any(part in k for k in f["keys"])


def named(name: str, *, key: str = "") -> Callable[[Focus], bool]:
    """The focus is on an element named ``name`` (its last line: a button's icon comes
    first), inside a container whose key contains ``key``."""
    return lambda f: (f["name"].split("\n")[-1].strip() == name
                      and (not key or any(key in k for k in f["keys"])))


def arrow_to(page: Page, code: str, *, limit: int = 40) -> Focus:
    """In a card hand that has the focus: ArrowRight (wrapping) to the card ``code``; every
    card passed shows its focus."""
    for _ in range(limit):
        now = focused(page)
        if now["code"] == code:
            return now
        page.keyboard.press("ArrowRight")
        now = focused(page)
        assert now["visible"], f"focus not visible on {now}"
    raise AssertionError(f"card {code} not reached with the arrow keys")

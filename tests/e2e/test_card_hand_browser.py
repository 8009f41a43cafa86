"""The card hand and the browser store in a real browser (Debian chromium), on the demo app
tests/apps/card_hand_app.py: real taps and keys, the selection read back from the page,
aria names and states, the layout on a phone and a projector, and the learner id kept across
a reload and apart between two browsers. Screenshots: docs/screenshots/card-hand-*.png.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cards_drawn import wait_cards_drawn
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
DEMO = "tests/apps/card_hand_app.py"
SCREENSHOTS = ROOT / "docs" / "screenshots"
TIMEOUT_MS = 30_000

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def demo(serve: Any) -> Iterator[str]:
    """``streamlit run tests/apps/card_hand_app.py`` on a free port; its base URL."""
    with serve(DEMO) as url:
        yield url


@contextlib.contextmanager
def _opened(
    browser: Browser, url: str, viewport: dict[str, int], context: BrowserContext | None = None
) -> Iterator[Page]:
    own = context is None
    ctx = browser.new_context(viewport=viewport) if context is None else context
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        _idle(page)
        yield page
        assert not errors, errors
    finally:
        page.close()
        if own:
            ctx.close()


def _idle(page: Page) -> None:
    page.wait_for_selector(
        "[data-testid='stApp'][data-test-script-state='notRunning']",
        state="attached",
        timeout=TIMEOUT_MS,
    )
    expect(page.get_by_text("end", exact=True)).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stSkeleton']:visible")).to_have_count(0)
    # every hand laid out by its JavaScript (it marks its row count)
    expect(page.locator(".pq-hand[data-rows]")).to_have_count(3, timeout=TIMEOUT_MS)


def _cards(page: Page, hand: str) -> Locator:
    return page.locator(f".st-key-{hand}_hand").locator("button.pq-hand-card")


def _card(page: Page, hand: str, code: str) -> Locator:
    return page.locator(f".st-key-{hand}_hand").locator(f"button[data-code='{code}']")


def _tap(card: Locator, *, force: bool = False) -> None:
    """Tap where a finger would: the card's top-left corner, which the next card never
    covers (``force`` for a card Playwright sees as disabled: aria-disabled)."""
    card.click(position={"x": 12, "y": 24}, force=force)


def _line(page: Page, prefix: str) -> Locator:
    return page.get_by_text(prefix, exact=False).first


def _shot(page: Page, name: str) -> None:
    wait_cards_drawn(page, minimum=1)  # the pictures come from the app's static sprite
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def _focused(page: Page) -> str | None:
    code: str | None = page.evaluate(
        """() => {
            let a = document.activeElement;
            while (a && a.shadowRoot && a.shadowRoot.activeElement) {
                a = a.shadowRoot.activeElement;
            }
            return a && a.dataset ? (a.dataset.code || null) : null;
        }"""
    )
    return code


# --------------------------------------------------------------------------- taps


def test_taps_select_and_unselect(browser: Browser, demo: str) -> None:
    with _opened(browser, demo, DESKTOP) as page:
        cards = _cards(page, "pick")
        expect(cards).to_have_count(12)
        ace = _card(page, "pick", "AS")
        expect(ace).to_have_attribute("aria-pressed", "false")
        expect(ace).to_have_attribute("aria-label", "Ace of spades")
        _tap(ace)
        expect(_line(page, "chosen:")).to_have_text("chosen: AS")
        expect(ace).to_have_attribute("aria-pressed", "true")
        expect(ace).to_have_attribute("aria-label", "Ace of spades, selected")
        _tap(_card(page, "pick", "QH"))
        _tap(_card(page, "pick", "8C"))
        expect(_line(page, "chosen:")).to_have_text("chosen: AS QH 8C")
        _tap(ace)
        expect(_line(page, "chosen:")).to_have_text("chosen: QH 8C")
        expect(ace).to_have_attribute("aria-pressed", "false")
        # a disabled card is announced as such and does nothing
        seven = _card(page, "pick", "7D")
        expect(seven).to_have_attribute("aria-disabled", "true")
        expect(seven).to_have_attribute("aria-label", "Seven of diamonds, not available")
        _tap(seven, force=True)
        _idle(page)
        expect(_line(page, "chosen:")).to_have_text("chosen: QH 8C")
        expect(_line(page, "taps:")).to_have_text("taps: 4")
        _tap(_card(page, "pick", "KS"))
        expect(_line(page, "chosen:")).to_have_text("chosen: KS QH 8C")
        _shot(page, "card-hand-desktop")


def test_quick_taps_are_all_kept(browser: Browser, demo: str) -> None:
    with _opened(browser, demo, DESKTOP) as page:
        for code in ("AS", "KS", "QS", "JS", "10S"):
            _tap(_card(page, "pick", code))  # no waiting between taps
        expect(_line(page, "chosen:")).to_have_text("chosen: AS KS QS JS 10S")
        _idle(page)
        for code in ("AS", "KS", "QS", "JS", "10S"):
            expect(_card(page, "pick", code)).to_have_attribute("aria-pressed", "true")


def test_the_cap_refuses_a_card_and_says_why(browser: Browser, demo: str) -> None:
    with _opened(browser, f"{demo}/?max=2", DESKTOP) as page:
        _tap(_card(page, "pick", "AS"))
        _tap(_card(page, "pick", "KS"))
        expect(_line(page, "chosen:")).to_have_text("chosen: AS KS")
        _tap(_card(page, "pick", "QS"))
        status = page.locator(".st-key-pick_hand").locator(".pq-status")
        expect(status).to_have_text("You can choose at most 2 cards: put one back first.")
        _idle(page)
        expect(_line(page, "chosen:")).to_have_text("chosen: AS KS")
        expect(_card(page, "pick", "QS")).to_have_attribute("aria-pressed", "false")


def test_play_mode_plays_one_card(browser: Browser, demo: str) -> None:
    with _opened(browser, demo, DESKTOP) as page:
        king = _card(page, "play", "KH")
        expect(king).to_have_attribute("aria-label", "Play King of hearts")
        assert king.get_attribute("aria-pressed") is None
        _tap(king)
        expect(_line(page, "played:")).to_have_text("played: KH")
        _tap(_card(page, "play", "7C"))
        expect(_line(page, "played:")).to_have_text("played: KH 7C")
        # the face-down hand says nothing about its cards and cannot be tapped
        backs = _cards(page, "other")
        expect(backs).to_have_count(4)
        for i in range(4):
            expect(backs.nth(i)).to_have_attribute("aria-label", "Face-down card")
            expect(backs.nth(i)).to_have_attribute("aria-disabled", "true")
        html = page.locator(".st-key-other_hand").inner_html()
        assert "8S" not in html and "Eight" not in html


# --------------------------------------------------------------------------- keyboard


def _tab_into_a_hand(page: Page, presses: int = 15) -> None:
    """Tab until a card has the focus (past the page's links and widgets before it)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if _focused(page) is not None:
            return


def test_focus_survives_the_hand_mounted_afresh(browser: Browser, demo: str) -> None:
    """A tap that reruns the page may make the browser draw the hand anew (here ``?move=1``
    puts it in and out of a container at each tap): the card the keyboard was on keeps the
    focus, so Space, Space, Space goes on from the same card."""
    with _opened(browser, f"{demo}/?move=1", DESKTOP) as page:
        _tab_into_a_hand(page)
        assert _focused(page) == "AS"
        page.keyboard.press("ArrowRight")
        root = page.locator(".st-key-pick_hand .pq-hand-root")
        root.evaluate("r => { r.dataset.before = '1'; }")
        page.keyboard.press("Space")
        expect(_line(page, "chosen:")).to_have_text("chosen: KS")
        _idle(page)
        expect(root).not_to_have_attribute("data-before", "1")  # a new hand was drawn
        page.wait_for_function(
            """() => {
                let a = document.activeElement;
                while (a && a.shadowRoot && a.shadowRoot.activeElement) {
                    a = a.shadowRoot.activeElement;
                }
                return !!(a && a.dataset && a.dataset.code === "KS");
            }""",
            timeout=5_000,
        )
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        expect(_line(page, "chosen:")).to_have_text("chosen: KS QS")


def test_keyboard_tab_arrows_space_enter(browser: Browser, demo: str) -> None:
    with _opened(browser, demo, DESKTOP) as page:
        group = page.locator(".st-key-pick_hand").locator("[role='group']")
        expect(group).to_have_attribute("aria-label", "Your hand")
        # one tab stop per hand
        tabbable = _cards(page, "pick").evaluate_all(
            "bs => bs.filter(b => b.tabIndex === 0).length"
        )
        assert tabbable == 1
        _tab_into_a_hand(page)
        assert _focused(page) == "AS"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert _focused(page) == "QS"
        page.keyboard.press("Space")
        expect(_line(page, "chosen:")).to_have_text("chosen: QS")
        _idle(page)
        assert _focused(page) == "QS"  # focus stays on the card after the rerun
        expect(_card(page, "pick", "QS")).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        expect(_line(page, "chosen:")).to_have_text("chosen: KS QS")
        page.keyboard.press("End")
        assert _focused(page) == "8C"
        page.keyboard.press("ArrowRight")  # wraps round
        assert _focused(page) == "AS"
        page.keyboard.press("Space")
        expect(_line(page, "chosen:")).to_have_text("chosen: AS KS QS")
        # Tab leaves the hand (one tab stop) for the next one (past its heading's anchor
        # link), landing on its first card
        page.keyboard.press("Tab")
        assert _focused(page) is None
        for _ in range(5):
            page.keyboard.press("Tab")
            if _focused(page) is not None:
                break
        assert _focused(page) == "AH"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        expect(_line(page, "played:")).to_have_text("played: KH")


# --------------------------------------------------------------------------- layout


def _geometry(page: Page, hand: str) -> list[dict[str, Any]]:
    rects: list[dict[str, Any]] = _cards(page, hand).evaluate_all(
        """bs => bs.map(b => { const r = b.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, width: r.width,
                    height: r.height}; })"""
    )
    return rects


def _visible_widths(rects: list[dict[str, Any]]) -> list[float]:
    """Each card's uncovered width: up to the next card's left edge in the same row."""
    out = []
    for i, r in enumerate(rects):
        nxt = rects[i + 1] if i + 1 < len(rects) else None
        if nxt is not None and abs(nxt["top"] - r["top"]) < 1:
            out.append(min(r["width"], nxt["left"] - r["left"]))
        else:
            out.append(r["width"])
    return out


def test_phone_fits_twelve_cards_with_44px_targets(browser: Browser, demo: str) -> None:
    with _opened(browser, demo, PHONE) as page:
        rects = _geometry(page, "pick")
        assert len(rects) == 12
        width = page.evaluate("() => document.documentElement.clientWidth")
        scroll = page.evaluate(
            """() => Math.max(document.documentElement.scrollWidth,
                ...Array.from(document.querySelectorAll(
                    "[data-testid='stMain'], [data-testid='stAppViewContainer']"
                )).map(e => e.scrollWidth))"""
        )
        assert scroll <= width, (scroll, width)  # no horizontal scroll
        assert all(r["left"] >= 0 and r["right"] <= width for r in rects), rects
        assert all(r["width"] >= 44 for r in rects), rects
        assert min(_visible_widths(rects)) >= 44, _visible_widths(rects)
        _tap(_card(page, "pick", "QH"))
        _tap(_card(page, "pick", "AS"))
        expect(_line(page, "chosen:")).to_have_text("chosen: AS QH")
        # every tap target is where a finger lands: its own card, not a neighbour
        for r, code in zip(rects, ["AS", "KS", "QS"], strict=False):
            hit = page.evaluate(
                """([x, y]) => { let e = document.elementFromPoint(x, y);
                    while (e && e.shadowRoot) {
                        const inner = e.shadowRoot.elementFromPoint(x, y);
                        if (!inner || inner === e) break; e = inner; }
                    const b = e && e.closest ? e.closest('button') : null;
                    return b ? b.dataset.code : null; }""",
                [r["left"] + 22, r["top"] + r["height"] / 2],
            )
            assert hit == code, (hit, code)
        _idle(page)
        _shot(page, "card-hand-phone")


def test_projector_cards_are_big(browser: Browser, demo: str) -> None:
    with _opened(browser, f"{demo}/?four_colour=1", PROJECTOR) as page:
        rects = _geometry(page, "pick")
        assert min(r["width"] for r in rects) >= 120, rects
        assert min(_visible_widths(rects)) >= 44
        _tap(_card(page, "pick", "AC"))
        _tap(_card(page, "pick", "8C"))
        expect(_line(page, "chosen:")).to_have_text("chosen: AC 8C")
        _idle(page)
        _shot(page, "card-hand-projector")


# --------------------------------------------------------------------------- browser store


def _learner(page: Page) -> str:
    text = _line(page, "learner:").inner_text()
    return text.removeprefix("learner:").strip()


def test_learner_id_survives_a_reload_and_is_apart_per_browser(browser: Browser, demo: str) -> None:
    one = browser.new_context(viewport=DESKTOP)
    two = browser.new_context(viewport=DESKTOP)
    try:
        with _opened(browser, demo, DESKTOP, one) as page:
            first = _learner(page)
            assert len(first) == 12
            # the element takes no room: its own container, hidden by the shared CSS
            holder = page.locator(".st-key-pq_browser_store")
            expect(holder).to_have_count(1)
            expect(holder).to_be_hidden()
            page.wait_for_function("() => document.cookie.includes('pq_learner=')")
            page.reload()
            _idle(page)
            assert _learner(page) == first
            cookies = {c["name"]: c for c in one.cookies()}
            cookie = cookies["pq_learner"]
            assert cookie["sameSite"] == "Lax" and cookie["path"] == "/"
            assert cookie["expires"] - time.time() > 300 * 24 * 3600
            stored = page.evaluate("() => localStorage.getItem('pq_learner')")
            assert stored == cookie["value"] and len(stored) >= 22
            assert stored not in page.url and first != stored[:12]
            # the cookie lost, localStorage still has the id: it wins over a fresh one
            one.clear_cookies()
            page.reload()
            _idle(page)
            expect(_line(page, "learner:")).to_have_text(f"learner: {first}")
        with _opened(browser, demo, DESKTOP, two) as page:
            assert _learner(page) != first
        # a new tab of the first browser resumes
        with _opened(browser, demo, DESKTOP, one) as page:
            assert _learner(page) == first
            page.get_by_role("button", name="Forget me").click()
            expect(_line(page, "learner:")).not_to_have_text(f"learner: {first}")
            _idle(page)
            fresh = _learner(page)
            page.reload()
            _idle(page)
            assert _learner(page) == fresh != first
    finally:
        one.close()
        two.close()

"""Real browser: play one deal on /play by clicking, then the walkthrough and presentation mode.

Screenshots: docs/screenshots/play-exchange.png, play-table.png, play-exchange-phone.png (390 px),
play-deal-over.png, play-walkthrough.png, play-walkthrough-phone.png (390 px),
play-presentation.png (a 1920×1080 projector), play-record-link.png.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, TimeoutError as PlaywrightTimeoutError, expect

SCENARIOS = Path(__file__).resolve().parents[2] / "content" / "scenarios"
Wait = Callable[[], None]
Shot = Callable[[str], Path]


def _click(page: Page, wait: Wait, selector: str) -> None:
    page.locator(selector).first.click()
    page.wait_for_timeout(120)
    wait()


def _open(page: Page, app_server: str, wait: Wait, path: str,
          size: tuple[int, int] = (1400, 1000)) -> None:
    """Open a page of the app at this window size."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{app_server}{path}")
    wait()


def wait_idle(page: Page) -> None:
    """The conftest's wait, for a second page of our own (a fresh browser context)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']",
                           state="attached", timeout=30_000)
    expect(page.locator("[data-testid='stSkeleton']:visible")).to_have_count(0, timeout=30_000)


DISCARD = re.compile(r"^Discard the (ace|king|queen|jack|ten|nine|eight|seven) of \w+$")


def _tick(page: Page, name: str) -> None:
    """Tick the discard checkbox named ``name`` (its label is for screen readers only)."""
    page.get_by_role("checkbox", name=name, exact=True).locator(
        "xpath=ancestor::label").click()


def _visible(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0 and page.locator(selector).first.is_visible()


def test_play_one_deal_by_clicking(page: Page, app_server: str, wait_for_app: Wait,
                                   shot: Shot) -> None:
    _open(page, app_server, wait_for_app, "/play")
    expect(page.get_by_role("heading", name="Play")).to_be_visible()
    # the weakest computer keeps the test quick
    page.get_by_role("radio", name="Beginner").click()
    wait_for_app()
    _click(page, wait_for_app, ".st-key-play_new_partie button")
    if _visible(page, ".st-key-play_choose_deal button"):
        _click(page, wait_for_app, ".st-key-play_choose_deal button")
    expect(page.locator(".st-key-play_deal button")).to_be_visible()
    _click(page, wait_for_app, ".st-key-play_deal button")

    tricks_seen = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        wait_for_app()
        if _visible(page, ".st-key-play_next_deal button"):
            break
        # each discard checkbox is named after its card, so a test (or a screen reader)
        # can tell them apart (read at once: the page may be redrawing)
        boxes: list[list[object]] = page.eval_on_selector_all(
            "input[type=checkbox][aria-label^='Discard the ']",
            "els => els.map(e => [e.getAttribute('aria-label'), e.checked])")
        if boxes:
            names = [str(n) for n, _ in boxes]
            assert len(set(names)) == len(names) == 12, names
            assert all(DISCARD.match(n) for n in names), names
            # three discards (always allowed: Elder 1 to 5, Younger up to what Elder left,
            # at least 3); tick what is missing, untick any extra, then exchange once the
            # page agrees (a tick can be lost while the page redraws on a loaded machine)
            on = [n for n, c in boxes if c]
            off = [n for n, c in boxes if not c]
            todo = off[len(off) - (3 - len(on)):] if len(on) < 3 else on[3:]
            for name in todo:
                if page.get_by_role("checkbox", name=name, exact=True).count() == 0:
                    break  # the page redrew since the boxes were read: read them again
                _tick(page, name)
                wait_for_app()
            if todo:
                continue
            if not tricks_seen:
                shot("play-exchange")
            try:
                page.locator(".st-key-play_exchange button:not([disabled])").first.click(
                    timeout=5_000)
            except PlaywrightTimeoutError:
                continue  # not three yet as the page sees it: read the boxes again
            page.wait_for_timeout(120)
            continue
        if _visible(page, ".st-key-play_declare button"):
            try:
                for group in page.locator("[class*='st-key-play_answer_']").all():
                    # the dialogue above may still be growing: a click it intercepts is retried
                    group.get_by_text("Good", exact=True).click(timeout=5_000)
                    wait_for_app()
                page.locator(".st-key-play_declare button").first.click(timeout=5_000)
            except PlaywrightTimeoutError:
                continue  # the page moved under the click: look again
            page.wait_for_timeout(120)
            continue
        cards = page.locator("[class*='st-key-play_card_'] button:not([disabled])")
        if cards.count():
            if not tricks_seen and page.get_by_text("won by").count():
                tricks_seen = True
                page.wait_for_timeout(700)  # let the declarations panel finish folding
                shot("play-table")
            _click(page, wait_for_app, "[class*='st-key-play_card_'] button:not([disabled])")
            continue
        page.wait_for_timeout(250)  # the computer is thinking: wait for its rerun
    expect(page.locator(".st-key-play_next_deal button")).to_be_visible()
    expect(page.get_by_text("Deal over")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    assert tricks_seen
    page.get_by_text("Deal over").scroll_into_view_if_needed()
    shot("play-deal-over")


def test_walkthrough_and_presentation(page: Page, app_server: str, wait_for_app: Wait,
                                      shot: Shot) -> None:
    _open(page, app_server, wait_for_app, "/play?scenario=hoyle-170&step=3")
    expect(page.get_by_text("Hoyle's 170", exact=False).first).to_be_visible()
    expect(page.get_by_text("Step 3 of 25")).to_be_visible()
    expect(page.locator("svg.pq-card").first).to_be_visible()
    shot("play-walkthrough")
    _click(page, wait_for_app, ".st-key-wt_next button")
    expect(page.get_by_text("Step 4 of 25")).to_be_visible()
    _click(page, wait_for_app, ".st-key-wt_prev button")
    expect(page.get_by_text("Step 3 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

    # load a record from a file: the walkthrough switches to it
    page.get_by_text("Load a deal record").click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(
        str(SCENARIOS / "cavendish-deal.json"))
    page.wait_for_timeout(300)
    wait_for_app()
    expect(page.get_by_text("Cavendish's worked deal").first).to_be_visible()
    expect(page.get_by_text("Step 1 of 26")).to_be_visible()

    page.goto(f"{app_server}/play?scenario=hoyle-170&step=11&present=1")
    wait_for_app()
    expect(page.get_by_text("Step 11 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stSidebar']")).to_be_hidden()
    expect(page.get_by_text("Repique!").first).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(150)
    wait_for_app()
    expect(page.get_by_text("Step 12 of 25")).to_be_visible()
    _click(page, wait_for_app, ".st-key-wt_prev button")
    expect(page.get_by_text("Step 11 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def _card_heights(page: Page, selector: str) -> list[float]:
    heights: list[float] = page.eval_on_selector_all(
        selector, "els => els.map(e => e.getBoundingClientRect().height)")
    return heights


def test_presentation_fills_a_projector(page: Page, app_server: str, wait_for_app: Wait,
                                        shot: Shot) -> None:
    """At 1920×1080 each card of the hands and of the trick is at least a fifth of the
    screen's height (216 px), and the step fits on the screen."""
    _open(page, app_server, wait_for_app, "/play?scenario=hoyle-170&step=14&present=1",
          size=(1920, 1080))
    expect(page.get_by_text("Step 14 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stSidebar']")).to_be_hidden()
    hands = _card_heights(page, ".st-key-pq_hands svg.pq-card")
    trick = _card_heights(page, ".st-key-pq_trick svg.pq-card")
    assert len(hands) >= 20 and len(trick) == 2, (len(hands), len(trick))
    assert min(hands + trick) >= 1080 / 5, (min(hands), min(trick))
    # the cards keep their shape (no squeezing) and stay inside the screen
    box = page.locator(".st-key-pq_hands svg.pq-card").first.bounding_box()
    assert box is not None and abs(box["height"] / box["width"] - 1.4) < 0.02, box
    right = page.eval_on_selector_all(
        ".st-key-pq_hands svg.pq-card, .st-key-pq_trick svg.pq-card",
        "els => Math.max(...els.map(e => e.getBoundingClientRect().right))")
    assert right <= 1920, right
    shot("play-presentation")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(150)
    wait_for_app()
    expect(page.get_by_text("Step 15 of 25")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_a_loaded_deal_has_a_link_that_reproduces_it(page: Page, app_server: str,
                                                     wait_for_app: Wait, shot: Shot) -> None:
    rec = json.loads((SCENARIOS / "cavendish-deal.json").read_text(encoding="utf-8"))["record"]
    rec = {**rec, "tricks": rec["tricks"][:5]}  # not a library scenario
    _open(page, app_server, wait_for_app, "/play?scenario=capot")
    page.get_by_text("Load a deal record").click()
    page.get_by_label("Paste a deal record (JSON)").fill(json.dumps(rec))
    page.wait_for_timeout(200)
    _click(page, wait_for_app, ".st-key-wt_load button")
    expect(page.get_by_text("Step 1 of 19")).to_be_visible()
    expect(page.get_by_role("combobox", name="Scenario")).to_have_value(
        "A loaded deal (loaded)")
    url = page.url
    assert "record=" in url and "scenario=" not in url, url
    page.get_by_text("Link to this step").click()
    code = page.locator("[data-testid='stCode']").first.inner_text()
    assert "record=" in code
    shot("play-record-link")
    # a fresh browser opens the link and sees the same deal
    other = page.context.browser.new_context() if page.context.browser else None
    assert other is not None
    fresh = other.new_page()
    fresh.set_viewport_size({"width": 1400, "height": 1000})
    fresh.goto(app_server)
    wait_idle(fresh)
    fresh.goto(url.replace("step=1", "step=19"))
    wait_idle(fresh)
    expect(fresh.get_by_text("Step 19 of 19")).to_be_visible()
    expect(fresh.get_by_text("The record stops after 5 tricks").first).to_be_visible()
    expect(fresh.get_by_role("combobox", name="Scenario")).to_have_value(
        "A deal from a link (loaded)")
    # a broken link says so and the page still works
    fresh.goto(f"{app_server}/play?record=abc")
    wait_idle(fresh)
    expect(fresh.get_by_text("The deal in this link cannot be shown").first).to_be_visible()
    fresh.locator(".st-key-wt_next button").click()
    wait_idle(fresh)
    expect(fresh.get_by_text("Step 2 of").first).to_be_visible()
    expect(fresh.locator("[data-testid='stException']")).to_have_count(0)
    other.close()


def test_phone_screens(page: Page, app_server: str, wait_for_app: Wait, shot: Shot) -> None:
    """390 px wide: the walkthrough and the exchange are readable and usable."""
    _open(page, app_server, wait_for_app, "/play?scenario=hoyle-170&step=3", size=(390, 844))
    expect(page.get_by_text("Step 3 of 25")).to_be_visible()
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 390 + 1, overflow
    # each hand is one fanned row of twelve, whole on the screen
    rows = page.eval_on_selector_all(
        ".st-key-wt_hands .pq-overlap",
        "els => els.map(r => Array.from(r.querySelectorAll('svg.pq-card')).map(c => {"
        " const b = c.getBoundingClientRect(); return [b.top, b.right]; }))")
    assert len(rows) == 2 and all(len(r) == 12 for r in rows), rows
    for r in rows:
        assert max(t for t, _ in r) - min(t for t, _ in r) < 2 and max(x for _, x in r) <= 390
    shot("play-walkthrough-phone")
    page.goto(f"{app_server}/play")
    wait_for_app()
    page.get_by_role("radio", name="Beginner").click()
    wait_for_app()
    _click(page, wait_for_app, ".st-key-play_new_partie button")
    if _visible(page, ".st-key-play_choose_deal button"):
        _click(page, wait_for_app, ".st-key-play_choose_deal button")
    _click(page, wait_for_app, ".st-key-play_deal button")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not page.get_by_role(
            "checkbox", name=DISCARD).count():
        page.wait_for_timeout(250)
        wait_for_app()
    first = page.get_by_role("checkbox", name=DISCARD).first.get_attribute("aria-label")
    _tick(page, str(first))
    wait_for_app()
    # six cards a row, each whole on the screen
    right = page.eval_on_selector_all(
        ".st-key-play_hand svg.pq-card",
        "els => Math.max(...els.map(e => e.getBoundingClientRect().right))")
    assert right <= 390, right
    expect(page.get_by_text("you ticked to discard", exact=False)).to_be_visible()
    shot("play-exchange-phone")

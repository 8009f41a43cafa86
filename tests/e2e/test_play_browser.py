"""Real browser: play one deal on /play by tapping the cards (the discards, once with the
keyboard, and each card played), then the walkthrough and presentation mode; on a 390 px
phone the twelve cards fit with 44 px targets and the card led stays in view beside the hand
while the learner replies.

Screenshots: docs/screenshots/play-exchange.png, play-table.png, play-exchange-phone.png (390 px),
play-reply-phone.png (390 px), play-table-projector.png (1920 px), play-deal-over.png,
play-walkthrough.png, play-walkthrough-phone.png (390 px), play-presentation.png (a 1920×1080
projector), play-record-link.png.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from cards_drawn import wait_cards_drawn
from playwright.sync_api import Locator, Page, TimeoutError as PlaywrightTimeoutError, expect

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


DISCARDS = ".st-key-play_discards_hand button.pq-hand-card"
PLAYABLE = ".st-key-play_trick_hand_hand button.pq-hand-card:not([aria-disabled='true'])"
CARD_NAME = re.compile(r"^(Ace|King|Queen|Jack|Ten|Nine|Eight|Seven) of \w+(, selected)?$")


def _tap(card: Locator) -> None:
    """Tap where a finger would: the card's top-left corner, which the next card never
    covers."""
    card.click(position={"x": 10, "y": 20})


def _visible(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0 and page.locator(selector).first.is_visible()


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


def _start(page: Page, wait: Wait) -> None:
    page.get_by_role("radio", name="Beginner").click()  # the weakest computer: quick
    wait()
    _click(page, wait, ".st-key-play_new_partie button")
    if _visible(page, ".st-key-play_choose_deal button"):
        _click(page, wait, ".st-key-play_choose_deal button")
    expect(page.locator(".st-key-play_deal button")).to_be_visible()
    _click(page, wait, ".st-key-play_deal button")


class Table:
    """One deal played by tapping: each :meth:`step` does what the page asks for next."""

    def __init__(self, page: Page, wait: Wait, *, keyboard: bool = False) -> None:
        self.page, self.wait = page, wait
        self.keyboard = keyboard  # choose one discard with the keyboard
        self.exchanged = False

    def step(self) -> str:
        """Tap a discard, exchange, declare or play a card; the name of what was done."""
        page = self.page
        self.wait()
        if _visible(page, ".st-key-play_next_deal button"):
            return "over"
        # each card is a button named after the card, so a test (or a screen reader) can
        # tell them apart (read at once: the page may be redrawing)
        cards: list[list[str]] = page.eval_on_selector_all(
            DISCARDS, "els => els.map(e => [e.dataset.code, e.getAttribute('aria-pressed'),"
            " e.getAttribute('aria-label')])")
        if cards:
            names = [n for _, _, n in cards]
            assert len(set(names)) == len(names) == 12, names
            assert all(CARD_NAME.match(n) for n in names), names
            # three discards (always allowed: Elder 1 to 5, Younger up to what Elder left,
            # at least 3): tap what is missing, then exchange once the page agrees
            on = [c for c, pressed, _ in cards if pressed == "true"]
            off = [c for c, pressed, _ in cards if pressed != "true"]
            if len(on) < 3:
                code = off[-1]
                card = page.locator(DISCARDS).and_(page.locator(f"[data-code='{code}']"))
                if self.keyboard:  # Space on the focused card is a tap
                    self.keyboard = False
                    card.focus()
                    page.keyboard.press("ArrowLeft")
                    code = str(_focused(page))
                    page.keyboard.press("Space")
                    card = page.locator(DISCARDS).and_(page.locator(f"[data-code='{code}']"))
                else:
                    _tap(card)
                expect(card).to_have_attribute("aria-pressed", "true")
                return "discard"
            try:
                page.locator(".st-key-play_exchange button:not([disabled])").first.click(
                    timeout=5_000)
            except PlaywrightTimeoutError:
                return "wait"  # not three yet as the page sees it: read the cards again
            page.wait_for_timeout(120)
            self.exchanged = True
            return "exchange"
        if _visible(page, ".st-key-play_declare button"):
            try:
                for group in page.locator("[class*='st-key-play_answer_']").all():
                    # the dialogue above may still be growing: a click it intercepts is retried
                    group.get_by_text("Good", exact=True).click(timeout=5_000)
                    self.wait()
                page.locator(".st-key-play_declare button").first.click(timeout=5_000)
            except PlaywrightTimeoutError:
                return "wait"  # the page moved under the click: look again
            page.wait_for_timeout(120)
            return "declare"
        playable = page.locator(PLAYABLE)
        if playable.count():
            return "play"  # the caller looks at the table, then calls play()
        page.wait_for_timeout(250)  # the computer is thinking: wait for its rerun
        return "wait"

    def play(self) -> None:
        try:
            _tap(self.page.locator(PLAYABLE).first)
        except PlaywrightTimeoutError:
            return
        self.page.wait_for_timeout(120)


def test_play_one_deal_by_tapping(page: Page, app_server: str, wait_for_app: Wait,
                                  shot: Shot) -> None:
    _open(page, app_server, wait_for_app, "/play")
    expect(page.get_by_role("heading", name="Play")).to_be_visible()
    _start(page, wait_for_app)
    table = Table(page, wait_for_app, keyboard=True)
    tricks_seen = replied = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        done = table.step()
        if done == "over":
            break
        if done == "discard" and not table.keyboard and not tricks_seen:
            expect(page.get_by_text("you chose to discard", exact=False)).to_be_visible()
        if done != "play":
            continue
        if not tricks_seen and page.get_by_text("won by").count():
            tricks_seen = True
            page.wait_for_timeout(700)  # let the declarations panel finish folding
            shot("play-table")
        if _visible(page, ".st-key-play_led") and not replied:
            replied = True
            # the card led is shown beside the hand; a card that does not follow suit is
            # disabled, and the reason is said
            led = page.locator(".st-key-play_led .pq-led p").inner_text()
            assert led.startswith("The computer led the "), led
            disabled = page.locator(
                ".st-key-play_trick_hand_hand button.pq-hand-card[aria-disabled='true']")
            if disabled.count():
                expect(disabled.first).to_have_attribute(
                    "aria-label", re.compile(r", not available$"))
                expect(page.get_by_text("so you must play a", exact=False)).to_be_visible()
        table.play()
    expect(page.locator(".st-key-play_next_deal button")).to_be_visible()
    expect(page.get_by_text("Deal over")).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    assert tricks_seen and table.exchanged
    page.get_by_text("Deal over").scroll_into_view_if_needed()
    shot("play-deal-over")


def test_the_exchange_screenshot(page: Page, app_server: str, wait_for_app: Wait,
                                 shot: Shot) -> None:
    """The exchange with two cards chosen (desktop), and the table on a 1920 px projector."""
    _open(page, app_server, wait_for_app, "/play")
    _start(page, wait_for_app)
    table = Table(page, wait_for_app)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not page.locator(DISCARDS).count():
        table.step()
    for _ in range(2):
        assert table.step() == "discard"
    wait_for_app()
    shot("play-exchange")
    page.set_viewport_size({"width": 1920, "height": 1080})
    wait_for_app()
    box = page.locator(DISCARDS).first.bounding_box()
    assert box is not None and box["width"] >= 100, box  # big cards on a projector
    shot("play-table-projector")


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
    wait_for_app()
    # the app's own file button (ui/components/json_file.py)
    button = page.locator(".st-key-wt_file").get_by_role("button", name="Choose a file")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(SCENARIOS / "cavendish-deal.json"))
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
    _start(page, wait_for_app)
    table = Table(page, wait_for_app)
    # one card chosen to discard (a step that finds the hand as it appears taps one itself)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and table.step() != "discard":
        pass
    assert page.locator(f"{DISCARDS}[aria-pressed='true']").count() == 1
    wait_for_app()
    # the whole hand fits the width, each card a 44 px target that no other card covers
    boxes = page.eval_on_selector_all(
        DISCARDS, "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return [b.left, b.top, b.right]; })")
    assert len(boxes) == 12 and max(r for _, _, r in boxes) <= 390, boxes
    rows: dict[int, list[float]] = {}
    for left, top, _ in boxes:
        rows.setdefault(round(top), []).append(left)
    for lefts in rows.values():
        lefts.sort()
        assert all(b - a >= 43.9 for a, b in itertools.pairwise(lefts)), lefts
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 391, overflow
    expect(page.get_by_text("you chose to discard is raised", exact=False)).to_be_visible()
    shot("play-exchange-phone")
    # on each turn of the learner's in the play the page brings his hand on the screen
    # (whatever was drawn above it since his last tap grew or shrank), with the card led
    # when he replies: no scrolling here; on to a trick the computer leads
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        done = table.step()
        if done == "over":
            break
        if done != "play":
            continue
        page.wait_for_timeout(700)
        hand = page.locator(".st-key-play_trick_hand_hand button.pq-hand-card")
        top = page.evaluate("() => document.querySelector(\"[data-testid='stHeader']\")"
                            ".getBoundingClientRect().bottom")
        for card in (hand.first, hand.last):  # below the page's header, not under it
            box = card.bounding_box()
            assert box is not None and top - 1 <= box["y"] <= 844 - box["height"], (box, top)
        if _visible(page, ".st-key-play_led"):
            led = page.locator(".st-key-play_led svg.pq-card").bounding_box()
            assert led is not None and top - 1 <= led["y"] <= 844 - led["height"], (led, top)
            wait_cards_drawn(page, minimum=1)
            assert page.locator(".st-key-play_led svg.pq-card").bounding_box() == led
            page.screenshot(path=str(Path(__file__).resolve().parents[2] / "docs"
                                     / "screenshots" / "play-reply-phone.png"))
            break
        table.play()
    else:
        raise AssertionError("no trick led by the computer in time")
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_the_hint_comes_after_the_turn_and_within_two_seconds(
        page: Page, app_server: str, wait_for_app: Wait) -> None:
    """Hints on: a tap's run draws the turn without waiting for the next hint (the page
    settles, "Looking for a hint…" may show), and the hint is on the screen within 2 s of
    the turn being drawn (found in the worker process, drawn by a polling fragment)."""
    _open(page, app_server, wait_for_app, "/play")
    _start(page, wait_for_app)
    table = Table(page, wait_for_app)
    hint = page.locator("[data-testid='stAlertContentInfo']").filter(has_text="Hint:")
    timed = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and timed < 3:
        done = table.step()
        if done == "over":
            break
        if done != "play":
            continue
        table.play()
        wait_for_app()
        if not page.locator(PLAYABLE).count():
            continue  # the deal is over, or the computer still to play
        expect(hint).to_be_visible(timeout=2_000)
        timed += 1
    assert timed, "no turn of the learner's timed"
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

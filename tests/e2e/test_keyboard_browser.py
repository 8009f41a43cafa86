"""By keyboard alone (real chromium): a lesson stage, a quiz question and a whole deal of Play,
with key presses only — Tab, Shift+Tab, Enter, Space, the arrow keys and typed digits — the
focus visible on every element it reaches (tests/e2e/keys.py) and never trapped."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from keys import Focus, arrow_to, focused, in_key, named, tab_to
from playwright.sync_api import Page, expect
from test_screen_reader_browser import _live

from academy.quiz import generate_question
from piquet.cards import Card
from piquet.declare import analyse

Wait = Callable[[], None]
TIMEOUT_MS = 30_000


def _hand_codes(page: Page, container: str) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        f"{container} button.pq-hand-card", "els => els.map(e => e.dataset.code)")
    return codes


def _tap_by_keys(page: Page, wait: Wait, hand_key: str, code: str) -> None:
    """Tab to the hand (one tab stop), arrow to ``code``, Space."""
    if not (in_key(hand_key)(focused(page)) and focused(page)["code"]):
        tab_to(page, lambda f: in_key(hand_key)(f) and f["code"] is not None,
               what=f"the hand {hand_key}")
    arrow_to(page, code)
    page.keyboard.press("Space")
    page.wait_for_timeout(150)
    wait()


def _press(page: Page, wait: Wait, want: Callable[[Focus], bool], what: str,
           key: str = "Enter") -> None:
    tab_to(page, want, what=what)
    page.keyboard.press(key)
    page.wait_for_timeout(150)
    wait()


def test_a_lesson_stage_by_keyboard(page: Page, app_server: str, wait_for_app: Wait) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{app_server}/lessons?lesson=point")
    wait_for_app()
    player = page.locator(".st-key-stages_player")
    expect(player.get_by_role("heading", name="Find the point")).to_be_visible(
        timeout=TIMEOUT_MS)
    cards = player.locator("button.pq-hand-card")
    expect(cards.first).to_be_visible(timeout=TIMEOUT_MS)  # the hand's script has drawn it
    hand = [Card.of(c) for c in _hand_codes(page, ".st-key-stages_player")]
    point = analyse(hand).point
    assert point is not None
    for card in point.cards:
        _tap_by_keys(page, wait_for_app, "stages_player", str(card))
        expect(player.locator(f"button.pq-hand-card[data-code='{card}']")).to_have_attribute(
            "aria-pressed", "true", timeout=TIMEOUT_MS)
    # Shift+Tab goes back out of the hand, Tab comes in again: nothing traps the focus
    tab_to(page, lambda f: not in_key("stages_player")(f) or f["code"] is None, back=True,
           what="out of the hand")
    _press(page, wait_for_app, named("Check", key="stages_player"), "Check")
    expect(player.get_by_text(re.compile(r"^Right"))).to_be_visible(timeout=TIMEOUT_MS)
    _press(page, wait_for_app, named("Continue", key="stages_player"), "Continue")
    expect(player.get_by_role("heading", name="Count the pips")).to_be_visible(
        timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def _answer_box(suffix: str) -> Callable[[Focus], bool]:
    """The focus is in a quiz answer's box (key ``quiz_a_…{suffix}``)."""
    return lambda x: any(k.startswith("quiz_a_") and k.endswith(suffix) for k in x["keys"])


def test_a_quiz_question_by_keyboard(page: Page, app_server: str, wait_for_app: Wait) -> None:
    seed, level = "1", "beginner"
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_server}/quiz?seed={seed}&level={level}&n=5")
    wait_for_app()
    for i in range(2):
        q = generate_question(seed, i, level, "britannica")
        expect(page.get_by_text(q.prompt)).to_be_visible(timeout=TIMEOUT_MS)
        for f in q.fields:
            inside = _answer_box(f"_{i}_{f.key}")
            if f.widget == "choice":
                text = f.option_text(str(f.correct))
                _press(page, wait_for_app, lambda x, t=text, ins=inside: ins(x) and (
                    x["name"] == t), f"the choice {text}", key="Space")
            elif f.widget == "number":
                tab_to(page, lambda x, ins=inside: ins(x) and x["tag"] == "INPUT",
                       what="the number box")
                page.keyboard.press("Control+A")
                page.keyboard.type(str(f.correct))
                page.keyboard.press("Tab")
                wait_for_app()
            elif f.widget == "cards":
                assert isinstance(f.correct, frozenset)
                for code in sorted(str(c) for c in f.correct):
                    _tap_by_keys(page, wait_for_app, f"_{i}_{f.key}_hand", code)
            else:
                assert isinstance(f.correct, frozenset)
                for option in sorted(f.correct):
                    text = f.option_text(option)
                    _press(page, wait_for_app, lambda x, t=text, ins=inside: ins(x) and (
                        x["name"] == t), f"the option {text}", key="Space")
        _press(page, wait_for_app, named("Check"), "Check")
        expect(page.locator("[data-testid='stAlertContentSuccess']")).to_contain_text(
            "Right", timeout=TIMEOUT_MS)
        # the verdict and the score said politely (ui/components/live.py)
        said = _live(page)
        assert said.startswith("Right") and f"Score so far: {i + 1} right of {i + 1}." in said, (
            said)
        _press(page, wait_for_app, named("Next question →"), "Next question")
        expect(page.get_by_text(f"Question {i + 2} of 5")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_a_whole_deal_of_play_by_keyboard(page: Page, app_server: str,
                                          wait_for_app: Wait) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{app_server}/play")
    wait_for_app()
    _press(page, wait_for_app, named("Beginner"), "Beginner", key="Space")
    _press(page, wait_for_app, named("Start a partie"), "Start a partie")
    if page.locator(".st-key-play_choose_deal button").count():
        name = page.locator(".st-key-play_choose_deal button").first.inner_text()
        _press(page, wait_for_app, named(name.split("\n")[-1].strip()), "the cut")
    _press(page, wait_for_app, named("Deal the cards"), "Deal the cards")
    deadline = time.monotonic() + 240
    tricks = 0
    while time.monotonic() < deadline:
        wait_for_app()
        if page.locator(".st-key-play_next_deal button").count():
            break
        discards = _hand_codes(page, ".st-key-play_discards_hand")
        if discards:
            chosen = page.eval_on_selector_all(
                ".st-key-play_discards_hand button.pq-hand-card[aria-pressed='true']",
                "els => els.map(e => e.dataset.code)")
            if len(chosen) < 3:
                left = [c for c in discards if c not in chosen]
                _tap_by_keys(page, wait_for_app, "play_discards_hand", left[-1])
                continue
            button = page.locator(".st-key-play_exchange button:not([disabled])")
            if not button.count():
                page.wait_for_timeout(200)
                continue
            name = button.first.inner_text().split("\n")[-1].strip()
            _press(page, wait_for_app, named(name, key="play_exchange"), "the exchange")
            continue
        if page.locator(".st-key-play_declare button").count():
            for group in page.locator("[class*='st-key-play_answer_']").all():
                classes = group.get_attribute("class") or ""
                key = next(c[7:] for c in classes.split() if c.startswith("st-key-"))
                _press(page, wait_for_app, named("Good", key=key), "Good", key="Space")
            name = page.locator(".st-key-play_declare button").first.inner_text()
            _press(page, wait_for_app, named(name.split("\n")[-1].strip(), key="play_declare"),
                   "declare")
            continue
        playable = page.eval_on_selector_all(
            ".st-key-play_trick_hand_hand button.pq-hand-card:not([aria-disabled='true'])",
            "els => els.map(e => e.dataset.code)")
        if playable:
            _tap_by_keys(page, wait_for_app, "play_trick_hand_hand", playable[0])
            tricks += 1
            continue
        page.wait_for_timeout(250)  # the computer's turn
    expect(page.get_by_text("Deal over")).to_be_visible(timeout=TIMEOUT_MS)
    assert tricks >= 6, tricks
    # the end of the deal by keyboard too: the next deal's button is reached and pressed
    _press(page, wait_for_app, named("Next deal"), "Next deal")
    expect(page.locator(".st-key-play_deal button")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)

"""The Class page's "show the class" in real chromium at 1920×1080 (a projector): the teacher
starts a class, makes the teacher's link (shown on the dashboard), and presents the round.
Each screen is whole without scrolling, its text at least 28 px, the buttons below every
card; the answer is hidden until R; the keys act only with the focus on the page — with the
focus on a button → ← R do nothing and Space presses that button alone; the address says the
question and the step and a reload keeps them, in Vietnamese too; a question out of range is
brought back with a sentence; every question of the round, hidden and revealed, fits (in
Vietnamese); the teacher's key is on none of these screens; "End the
presentation" opens the dashboard again.

(The screen has no card hand: the Lab's presentation test focuses one, through the same key
script, :mod:`ui.present.keys`.)

Screenshots: docs/screenshots/class-show-question.png, class-show-revealed.png,
class-show-vi.png (1920×1080)."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import SCREENSHOTS
from playwright.sync_api import Page, expect
from test_card_hand_browser import PROJECTOR
from test_present_browser import _HEIGHT_JS, _SIZES_JS
from test_progress_browser import TIMEOUT_MS, _cookie_set, wait_idle

from academy.quiz.rounds import seeded_round

SEED, LEVEL, RULES, LENGTH = "7", "beginner", "britannica", 5
QUESTIONS = tuple(seeded_round("e2e", SEED, LEVEL, RULES, LENGTH, now=0.0).question(i)
                  for i in range(LENGTH))
SCREEN = ".st-key-class_show_screen"
ANSWER = f"{SCREEN} [data-testid='stAlertContentSuccess']"


def _settled(p: Page) -> None:
    wait_idle(p)
    expect(p.locator("[data-testid='stException']")).to_have_count(0)


def _at(p: Page, show: int, step: int) -> None:
    expect(p).to_have_url(re.compile(rf".*[?&]show={show}&step={step}(&|$)"),
                          timeout=TIMEOUT_MS)
    _settled(p)
    expect(p.locator(SCREEN).get_by_text(re.compile(rf"\b{show}\b.*\b{LENGTH}\b")).first
           ).to_be_visible()


def _keys_ready(p: Page) -> None:
    p.wait_for_selector("html[data-pq-present-keys='on']", state="attached")


def _focus_page(p: Page) -> None:
    p.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")


def _fits(p: Page, name: str | None = None) -> None:
    """Whole on the projector, in large print, the buttons below every card."""
    p.wait_for_timeout(300)  # the cards' images drawn
    height = p.evaluate(_HEIGHT_JS)
    assert height <= 1080, height
    width = p.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1920, width
    sizes = p.evaluate(_SIZES_JS, SCREEN)
    assert sizes
    small = [(text, size) for text, size in sizes if size < 28]
    assert not small, small
    bottoms = p.eval_on_selector_all(f"{SCREEN} svg.pq-card",
                                     "els => els.map(e => e.getBoundingClientRect().bottom)")
    nav = p.locator(".st-key-class_show_nav").bounding_box()
    assert nav is not None and nav["y"] + nav["height"] <= 1080, nav
    assert not bottoms or max(bottoms) <= nav["y"] + 1, (max(bottoms), nav)
    # every card within the page's column (a fanned row that wraps would push one out)
    lefts = p.eval_on_selector_all(f"{SCREEN} svg.pq-card",
                                   "els => els.map(e => e.getBoundingClientRect().left)")
    assert not lefts or min(lefts) >= nav["x"] - 1, (min(lefts), nav)
    if name:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def test_the_class_is_shown_the_round_one_screen_a_question(
        page: Page, app_server: str, wait_for_app: Callable[[float], None]) -> None:
    p = page
    p.set_viewport_size(PROJECTOR)
    p.goto(f"{app_server}/class")
    _settled(p)
    _cookie_set(p)
    p.locator(".st-key-class_f_name input").fill("Year 9 show")
    p.locator(".st-key-class_f_seed input").fill(SEED)
    p.locator(".st-key-class_f_length").click()
    p.get_by_role("option", name=str(LENGTH), exact=True).click()
    p.locator(".st-key-class_start_go button").click()
    _settled(p)
    p.locator(".st-key-class_save_link button:visible").click()
    key_box = p.locator("[data-testid='stCode'] code").filter(has_text="teacher=")
    expect(key_box).to_have_count(1, timeout=TIMEOUT_MS)
    key = key_box.inner_text().split("teacher=", 1)[1].strip()
    _settled(p)

    p.locator(".st-key-class_show_start button").click()
    _at(p, 1, 1)
    _keys_ready(p)
    assert key not in p.content()                       # never on the projector's screen
    expect(p.locator("[data-testid='stSidebar']")).to_be_hidden()
    expect(p.locator(ANSWER)).to_have_count(0)          # hidden until revealed
    expect(p.locator(SCREEN).get_by_text(QUESTIONS[0].prompt)).to_be_visible()
    expect(p.locator(".st-key-class_show_keys_box")).to_be_hidden()
    _fits(p)

    # the focus on a button: → ← R are its own; Space presses that button alone
    nxt = p.locator(".st-key-class_show_next button")
    nxt.focus()
    for k in ("ArrowRight", "ArrowLeft", "r", "R"):
        p.keyboard.press(k)
    p.wait_for_timeout(800)
    wait_for_app(90_000)
    _at(p, 1, 1)
    expect(p.locator(ANSWER)).to_have_count(0)
    nxt.focus()
    p.keyboard.press(" ")                               # Next, and nothing else
    _at(p, 2, 1)
    expect(p.locator(ANSWER)).to_have_count(0)
    _fits(p, "class-show-question")

    # the focus on the page: R reveals, → the next question, ← back
    _focus_page(p)
    p.keyboard.press("r")
    _at(p, 2, 2)
    expect(p.locator(ANSWER)).to_contain_text(QUESTIONS[1].answer)
    expect(p.locator(".st-key-class_show_reveal button")).to_be_disabled()
    _fits(p, "class-show-revealed")
    _focus_page(p)
    p.keyboard.press(" ")                               # Space is never a shortcut
    p.wait_for_timeout(800)
    _at(p, 2, 2)
    p.keyboard.press("ArrowRight")
    _at(p, 3, 1)
    expect(p.locator(ANSWER)).to_have_count(0)
    _fits(p)
    _focus_page(p)
    p.keyboard.press("ArrowLeft")
    _at(p, 2, 1)
    # a click with the mouse on Reveal gives the focus back to the page: the keys go on
    p.locator(".st-key-class_show_reveal button").click()
    _at(p, 2, 2)
    _keys_ready(p)
    p.keyboard.press("ArrowRight")
    _at(p, 3, 1)

    # a reload keeps the question and the step
    p.keyboard.press("r")
    _at(p, 3, 2)
    p.reload()
    _at(p, 3, 2)
    expect(p.locator(ANSWER)).to_contain_text(QUESTIONS[2].answer)
    assert key not in p.content()

    # in Vietnamese, the same screen
    p.goto(p.url + "&lang=vi")
    _settled(p)
    expect(p.locator(SCREEN).get_by_text(f"Câu 3/{LENGTH}")).to_be_visible(timeout=TIMEOUT_MS)
    _fits(p, "class-show-vi")
    # every question of the round, hidden and revealed, whole on the projector
    p.goto(re.sub(r"show=\d+&step=\d+", "show=1&step=1", p.url))
    for n in range(1, LENGTH + 1):
        _at(p, n, 1)
        _keys_ready(p)
        _fits(p)
        _focus_page(p)
        p.keyboard.press("r")
        _at(p, n, 2)
        _fits(p)
        if n < LENGTH:
            p.keyboard.press("ArrowRight")

    # a question out of range: brought back, and said
    p.goto(re.sub(r"show=\d+", "show=40", p.url).replace("&lang=vi", "&lang=en"))
    _at(p, LENGTH, 2)
    expect(p.locator(SCREEN).get_by_text("so question 40 does not exist")).to_be_visible()

    # the end of the presentation: the dashboard again
    p.locator(".st-key-class_show_end button").click()
    _settled(p)
    expect(p.locator(".st-key-class_show_start button")).to_be_visible(timeout=TIMEOUT_MS)
    assert "show=" not in p.url and "step=" not in p.url

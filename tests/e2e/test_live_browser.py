"""A live round in real chromium: the teacher, the big screen and three pupils, each in a
browser context of its own, from the lobby to the podium.

The teacher starts a class and a live round on /class, opens the big screen's link in another
context (1920×1080, the projector), three pupils join on phones (390 px). The teacher opens
question 1 with the → key (the page's body focused); with a button focused → does nothing. Ann
answers right by keyboard alone (Tab, arrows, Space, Enter), Bob wrong, Cat not at all; the big
screen counts the answers as they arrive, the teacher locks (Space on the focused Next: one
step, never a shortcut), reveals (R), and steps on to the podium with the big Next button.
Every new screen reaches the phones and the big screen by their own polling (no reload). The
teacher's key is in no other browser's page.

Screenshots: docs/screenshots/live-screen-lobby.png, live-screen-question.png,
live-screen-reveal.png, live-screen-leaderboard.png, live-screen-podium.png (1920×1080),
live-pupil-question.png and live-pupil-reveal.png (390 px).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import SCREENSHOTS
from keys import focused, in_key, tab_to
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_card_hand_browser import PROJECTOR
from test_present_browser import _HEIGHT_JS
from test_progress_browser import DESKTOP, PHONE, TIMEOUT_MS, _cookie_set, wait_idle

from academy.quiz import Question
from academy.quiz.rounds import seeded_round
from store.class_values import CODE_ALPHABET, CODE_LEN

SEED, LEVEL, RULES, LENGTH = "7", "beginner", "britannica", 5
Q1: Question = seeded_round("e2e", SEED, LEVEL, RULES, LENGTH, now=0.0).question(0)
POLL_MS = 4_000  # the screens poll every second: a change shows within 2 s, and a margin


@pytest.fixture
def contexts(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    made = {"teacher": browser.new_context(viewport=DESKTOP),
            "screen": browser.new_context(viewport=PROJECTOR),
            **{name: browser.new_context(viewport=PHONE) for name in ("Ann", "Bob", "Cat")}}
    yield made
    for context in made.values():
        context.close()


def _settled(p: Page) -> None:
    wait_idle(p)
    expect(p.locator("[data-testid='stException']")).to_have_count(0)


def _click(p: Page, key: str) -> None:
    button = p.locator(f".st-key-{key} button:visible")
    expect(button).to_have_count(1, timeout=TIMEOUT_MS)
    button.click()
    _settled(p)


def _snap(p: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    _settled(p)
    p.wait_for_timeout(300)  # the countdown's first tick and the images drawn
    p.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _answer(p: Page, value: str) -> None:
    field = Q1.fields[0]
    assert field.widget == "choice"
    p.locator(".st-key-live_answer").get_by_text(field.option_text(value), exact=True).click()
    _click(p, "live_check")
    expect(p.get_by_text("Answer sent.")).to_be_visible(timeout=TIMEOUT_MS)


def _answer_by_keys(p: Page, value: str) -> None:
    """The answer by keyboard alone: Tab into the options (one tab stop), the arrow keys to
    the option, Space, Tab to Check, Enter."""
    text = Q1.fields[0].option_text(value)
    tab_to(p, lambda f: in_key("live_answer")(f) and f["tag"] == "INPUT", what="the options")
    for _ in range(len(Q1.fields[0].options)):
        if focused(p)["name"] == text:
            break
        p.keyboard.press("ArrowDown")
    assert focused(p)["name"] == text
    p.keyboard.press("Space")
    _settled(p)
    tab_to(p, lambda f: in_key("live_check")(f) and f["tag"] == "BUTTON", what="Check")
    p.keyboard.press("Enter")
    _settled(p)
    expect(p.get_by_text("Answer sent.")).to_be_visible(timeout=TIMEOUT_MS)


def test_a_live_round_from_the_lobby_to_the_podium(contexts: dict[str, BrowserContext],
                                                   app_server: str) -> None:
    teacher = contexts["teacher"].new_page()
    teacher.goto(f"{app_server}/class")
    _settled(teacher)
    teacher.locator(".st-key-class_f_name input").fill("Year 9 live")
    teacher.locator(".st-key-class_f_seed input").fill(SEED)
    teacher.locator(".st-key-class_f_length").click()
    teacher.get_by_role("option", name=str(LENGTH), exact=True).click()
    _click(teacher, "class_start_go")
    code_box = teacher.locator(".pq-class-code")
    expect(code_box).to_have_text(re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LEN}}}$"),
                                  timeout=TIMEOUT_MS)
    code = code_box.inner_text().strip()
    seconds = teacher.get_by_role("slider", name="Seconds to answer each question")
    expect(seconds).to_be_visible(timeout=TIMEOUT_MS)
    seconds.focus()
    seconds.press("End")  # 120 s a question: a busy machine's pupils still answer in time
    _settled(teacher)
    _click(teacher, "live_start")
    link_box = teacher.locator(".st-key-live_screen_link [data-testid='stCode'] code")
    expect(link_box).to_have_count(1, timeout=TIMEOUT_MS)
    screen_link = link_box.inner_text().strip()
    assert "/class?screen=" in screen_link and code not in screen_link
    _click(teacher, "class_save_link")
    expect(teacher.locator("[data-testid='stCode'] code").filter(has_text="teacher=")
           ).to_have_count(1, timeout=TIMEOUT_MS)
    key = next(t for t in teacher.locator("[data-testid='stCode'] code").all_inner_texts()
               if "teacher=" in t).split("teacher=", 1)[1].strip()

    screen = contexts["screen"].new_page()
    screen.goto(screen_link)
    _settled(screen)
    expect(screen.locator(".pq-live-code")).to_have_text(code, timeout=TIMEOUT_MS)
    expect(screen.locator("section[data-testid='stSidebar']")).to_be_hidden()
    expect(screen.locator(".st-key-pq_menu")).to_be_hidden()

    phones: dict[str, Page] = {}
    for n, name in enumerate(("Ann", "Bob", "Cat"), start=1):
        p = contexts[name].new_page()
        p.goto(f"{app_server}/class?join={code}")
        _settled(p)
        _cookie_set(p)
        p.locator(".st-key-class_name_typed input").fill(name)
        _click(p, "class_join_as")
        expect(p.get_by_text("You are in!")).to_be_visible(timeout=TIMEOUT_MS)
        expect(screen.locator(".pq-live-count")).to_have_text(
            f"{n} pupil joined" if n == 1 else f"{n} pupils joined", timeout=POLL_MS)
        phones[name] = p
    expect(screen.get_by_text("Ann", exact=True)).to_have_count(0)  # no names unless allowed
    _snap(screen, "live-screen-lobby")

    # a focused button keeps its keys: → does nothing then
    expect(teacher.get_by_text("Waiting for the pupils to join")).to_be_visible(
        timeout=TIMEOUT_MS)
    teacher.locator(".st-key-live_new_screen button:visible").focus()
    teacher.keyboard.press("ArrowRight")
    teacher.wait_for_timeout(1500)
    expect(teacher.get_by_text("Waiting for the pupils to join")).to_be_visible()
    # the page's body focused: → opens question 1
    teacher.evaluate("() => document.activeElement && document.activeElement.blur()")
    teacher.keyboard.press("ArrowRight")
    expect(teacher.get_by_text("Question 1 of 5: answers open")).to_be_visible(
        timeout=POLL_MS)

    for p in phones.values():
        expect(p.locator(".st-key-live_answer")).to_be_visible(timeout=POLL_MS)
    expect(screen.get_by_text("Question 1 of 5: answers open")).to_be_visible(timeout=POLL_MS)
    _snap(phones["Ann"], "live-pupil-question")
    right = str(Q1.correct[Q1.fields[0].key])
    wrong = next(o for o in Q1.fields[0].options if o != right)
    _answer_by_keys(phones["Ann"], right)  # a pupil who answers by keyboard alone
    expect(screen.get_by_text("1 of 3 answered")).to_be_visible(timeout=POLL_MS)
    _answer(phones["Bob"], wrong)
    expect(screen.get_by_text("2 of 3 answered")).to_be_visible(timeout=POLL_MS)
    _snap(screen, "live-screen-question")

    # lock (Cat gave no answer) with Space on the focused Next: that button alone, once
    teacher.locator(".st-key-live_next button:visible").focus()
    teacher.keyboard.press(" ")
    _settled(teacher)
    teacher.wait_for_timeout(2500)  # the key pressed earlier is not pressed again by a poll
    expect(teacher.get_by_text("Question 1 of 5: answers locked")).to_be_visible()
    expect(phones["Cat"].get_by_text("Answers are locked.")).to_be_visible(timeout=POLL_MS)
    expect(screen.get_by_text("1 pupil gave no answer.")).to_be_visible(timeout=POLL_MS)
    teacher.evaluate("() => document.activeElement && document.activeElement.blur()")
    teacher.keyboard.press("r")  # reveal
    expect(teacher.get_by_text("Question 1 of 5: the answer")).to_be_visible(timeout=POLL_MS)
    expect(screen.get_by_text(f"Answer: {Q1.answer}")).to_be_visible(timeout=POLL_MS)
    expect(phones["Ann"].get_by_text(re.compile(r"Right! You score \d+\."))).to_be_visible(
        timeout=POLL_MS)
    expect(phones["Bob"].get_by_text("Not this time: 0 points.")).to_be_visible(
        timeout=POLL_MS)
    expect(phones["Cat"].get_by_text(re.compile("counts as unanswered"))).to_be_visible(
        timeout=POLL_MS)
    _snap(screen, "live-screen-reveal")
    # the reveal (the cards, how the class answered, the answer and why) whole on the projector
    assert screen.evaluate(_HEIGHT_JS) <= PROJECTOR["height"] + 2, screen.evaluate(_HEIGHT_JS)
    _snap(phones["Ann"], "live-pupil-reveal")

    _click(teacher, "live_next")
    expect(screen.get_by_role("heading", name="Leaderboard")).to_be_visible(timeout=POLL_MS)
    expect(screen.get_by_text(re.compile(r"Pupil 1 · \d+"))).to_be_visible()
    _snap(screen, "live-screen-leaderboard")
    seen, expected = [], []
    for k in range(2, LENGTH + 1):
        expected += [f"Question {k} of 5: answers open", f"Question {k} of 5: answers locked",
                     f"Question {k} of 5: the answer", f"Leaderboard after question {k}"]
    expected.append("The podium")
    for want in expected:
        _click(teacher, "live_next")
        heading = teacher.get_by_role("heading", level=4).filter(
            has_text=re.compile("^(Question|Leaderboard|The podium)"))
        expect(heading).to_have_text(want, timeout=POLL_MS)  # one step a click, never two
        seen.append(want)
    expect(teacher.get_by_text("The podium")).to_be_visible(timeout=POLL_MS)
    expect(screen.get_by_role("heading", name="The podium")).to_be_visible(timeout=POLL_MS)
    expect(phones["Ann"].get_by_text("Your place: 1")).to_be_visible(timeout=POLL_MS)
    expect(screen.locator(".pq-step-1 .pq-step-who")).to_have_text("Pupil 1")
    screen.wait_for_timeout(1000)  # the steps have risen
    _snap(screen, "live-screen-podium")
    for p in (screen, *phones.values()):
        assert key not in p.content()

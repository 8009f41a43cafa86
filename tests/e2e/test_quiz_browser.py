"""The quiz in real chromium: open a seeded quiz by its link, answer by clicking, read the
feedback, and "Next question" opens at the top of the new question; screenshots
docs/screenshots/quiz-question.png, quiz-feedback.png and quiz-phone.png (390 px)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from scrolling import scroll_to_bottom, scrolled

from academy.quiz import Question, generate_question
from piquet.cards import Card
from ui.cards import card_label
from words.cards import card_name

SEED, LEVEL = "7", "beginner"
def _fill(page: Page, q: Question, values: dict[str, object]) -> None:
    form = page.locator("[data-testid='stForm']")
    for f in q.fields:
        value = values[f.key]
        box = form.locator(f".st-key-quiz_a1_0_{f.key}")
        if f.widget == "choice":
            # an option is an id, shown by its label
            box.get_by_text(f.option_text(str(value)), exact=True).click()
        elif f.widget == "number":
            box.locator("input").fill(str(value))
        else:
            assert isinstance(value, frozenset)
            for option in value:
                text = f.option_text(option)
                if f.widget == "cards":
                    # the pill shows e.g. "A♣︎" (coloured markdown :red[...] for red suits)
                    label = card_label(Card.of(option))
                    text = label.split("[", 1)[1].rstrip("]") if "[" in label else label
                box.get_by_role("button", name=text).click()


def test_answer_a_seeded_question_by_clicking(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_server}/quiz?seed={SEED}&level={LEVEL}")
    wait_for_app()
    q = generate_question(SEED, 0, LEVEL, "britannica")
    expect(page.get_by_text(q.prompt)).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    # the cards are drawn (SVG, named after the card for screen readers)
    for row in q.rows:
        expect(page.locator(f"svg[aria-label='{card_name(row.cards[0])}']").first).to_be_visible()
    shot("quiz-question")

    _fill(page, q, q.correct)
    page.get_by_role("button", name="Check").click()
    wait_for_app()
    alert = page.locator("[data-testid='stAlertContentSuccess']")
    expect(alert).to_contain_text("Right", timeout=15_000)
    expect(page.get_by_text("Why", exact=True)).to_be_visible()
    expect(page.locator("[data-testid='stMetricValue']").first).to_have_text("1 / 1")
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    shot("quiz-feedback")

    # scrolled down to the button, "Next question" opens the new question at its top
    page.set_viewport_size({"width": 1280, "height": 500})
    nxt = page.get_by_role("button", name="Next question")
    nxt.scroll_into_view_if_needed()
    scroll_to_bottom(page)
    page.wait_for_timeout(300)
    assert max(scrolled(page)) > 100, scrolled(page)  # really scrolled down
    nxt.click()
    q1 = generate_question(SEED, 1, LEVEL, "britannica")
    expect(page.get_by_text(q1.prompt)).to_be_visible()
    wait_for_app()
    page.wait_for_timeout(800)
    assert page.evaluate("window.scrollY") == 0
    assert max(scrolled(page)) == 0, scrolled(page)
    assert "seed=7" in page.url and "level=beginner" in page.url
    expect(page.get_by_text("Question 2", exact=True)).to_be_visible()


def test_quiz_on_a_phone(page: Page, app_server: str, wait_for_app: Callable[[], None],
                         shot: Callable[[str], Path]) -> None:
    """390 px wide: the level, teacher mode and new-quiz controls and the cards fit."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_server)
    wait_for_app()
    page.goto(f"{app_server}/quiz?seed={SEED}&level=intermediate&rules=cavendish")
    wait_for_app()
    q = generate_question(SEED, 0, "intermediate", "cavendish")
    expect(page.get_by_text(q.prompt)).to_be_visible()
    expect(page.get_by_text("rules: Cavendish (1882)").first).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page is {width} px wide on a 390 px phone"
    shot("quiz-phone")

"""The quiz in real chromium: open a seeded round by its link, answer by clicking (real taps
on the card hand for "which cards…"), read the feedback, "Next question" opens at the top of
the new question; a whole round of five to its end screen (right, taps, skip, wrong, a
two-part question answered in part first), kept across a reload, then "review my misses".
Screenshots: docs/screenshots/quiz-question.png, quiz-feedback.png, quiz-phone.png (390 px),
quiz-end.png (desktop), quiz-end-phone.png (390 px), quiz-end-projector.png (1920 px)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect
from scrolling import scroll_to_bottom, scrolled

from academy.quiz import Question, check_answer, generate_question
from piquet.cards import Card
from words.cards import card_name

SEED, LEVEL = "7", "beginner"
ROUND_SEED = "1"  # beginner: point, legal_play, sets, sequence_score, point
TIMEOUT_MS = 20_000


def _box(page: Page, position: int, key: str) -> Locator:
    return page.locator(f"[class*='st-key-quiz_a_'][class*='_{position}_{key}']").first


def _fill(page: Page, q: Question, position: int, values: dict[str, object]) -> None:
    for f in q.fields:
        if f.key not in values:
            continue
        value = values[f.key]
        box = _box(page, position, f.key)
        if f.widget == "choice":
            box.get_by_text(f.option_text(str(value)), exact=True).click()
        elif f.widget == "number":
            box.locator("input").fill(str(value))
            box.locator("input").press("Tab")
        elif f.widget == "cards":
            assert isinstance(value, frozenset)
            hand = page.locator(f"[class*='st-key-quiz_a_'][class*='_{position}_{f.key}_hand']")
            for code in sorted(value):
                card = hand.locator(f"button[data-code='{code}']")
                card.click()
                expect(card).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT_MS)
        else:
            assert isinstance(value, frozenset)
            for option in value:
                box.get_by_role("button", name=f.option_text(option)).click()


def _wait(page: Page, wait_for_app: Callable[[], None]) -> None:
    wait_for_app()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def _check(page: Page, wait_for_app: Callable[[], None]) -> None:
    page.get_by_role("button", name="Check", exact=True).click()
    _wait(page, wait_for_app)


def _wrong(q: Question) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in q.fields:
        if isinstance(f.correct, int):
            out[f.key] = f.correct + 1
        elif f.widget == "choice":
            out[f.key] = next(o for o in f.options if o != f.correct)
        else:
            assert isinstance(f.correct, frozenset)
            out[f.key] = frozenset(f.options) - f.correct
    return out


def test_answer_a_seeded_question_by_clicking(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_server}/quiz?seed={SEED}&level={LEVEL}")
    _wait(page, wait_for_app)
    q = generate_question(SEED, 0, LEVEL, "britannica")
    expect(page.get_by_text(q.prompt)).to_be_visible()
    for row in q.rows:
        expect(page.locator(f"svg[aria-label='{card_name(row.cards[0])}']").first).to_be_visible()
    shot("quiz-question")

    _fill(page, q, 0, q.correct)
    _check(page, wait_for_app)
    alert = page.locator("[data-testid='stAlertContentSuccess']")
    expect(alert).to_contain_text("Right", timeout=15_000)
    expect(page.get_by_text("Why", exact=True)).to_be_visible()
    expect(page.locator("[data-testid='stMetricValue']").first).to_have_text("1 / 1")
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
    assert "seed=7" in page.url and "level=beginner" in page.url and "n=10" in page.url
    expect(page.get_by_text("Question 2 of 10")).to_be_visible()


def test_a_round_of_five_to_its_end_screen(
    page: Page, app_server: str, wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_server}/quiz?seed={ROUND_SEED}&level={LEVEL}&n=5")
    _wait(page, wait_for_app)
    qs = [generate_question(ROUND_SEED, i, LEVEL, "britannica") for i in range(5)]
    assert [q.kind for q in qs] == ["point", "legal_play", "sets", "sequence_score", "point"]
    right = 0
    for i, q in enumerate(qs):
        expect(page.get_by_text(q.prompt)).to_be_visible(timeout=TIMEOUT_MS)
        expect(page.get_by_text(f"Question {i + 1} of 5")).to_be_visible()
        if i == 2:
            page.get_by_role("button", name="Skip", exact=True).click()
            _wait(page, wait_for_app)
            # the side panel, in the round's fragment, reads the miss just saved
            expect(page.get_by_text("1 miss to practise again.")).to_be_visible(
                timeout=TIMEOUT_MS)
            continue
        if i == 4:  # the first part only: the page names the missing one
            first = q.fields[0]
            _fill(page, q, i, {first.key: first.correct})
            _check(page, wait_for_app)
            partial = check_answer(q, {first.key: first.correct})
            expect(page.get_by_text(partial.headline)).to_be_visible(timeout=TIMEOUT_MS)
            _fill(page, q, i, {f.key: f.correct for f in q.fields[1:]})
        else:
            _fill(page, q, i, q.correct if i != 3 else _wrong(q))
            if i == 1:
                shot("quiz-which-cards")  # the cards tapped on the card hand
        _check(page, wait_for_app)
        if i == 3:
            expect(page.locator("[data-testid='stAlertContentError']").first).to_contain_text(
                "Not quite", timeout=TIMEOUT_MS)
            expect(page.get_by_text("2 misses to practise again.")).to_be_visible(
                timeout=TIMEOUT_MS)
            # the history, read from the store, has this answer (not the page's first read)
            history = page.get_by_test_id("stExpander").filter(has_text="Your quiz history")
            history.get_by_text("Your quiz history").click()
            expect(history.get_by_role("cell", name=qs[3].title)).to_be_visible(
                timeout=TIMEOUT_MS)
            history.get_by_text("Your quiz history").click()
        else:
            right += 1
            expect(page.locator("[data-testid='stAlertContentSuccess']").first).to_contain_text(
                "Right", timeout=TIMEOUT_MS)
        label = "See your results" if i == 4 else "Next question"
        page.get_by_role("button", name=label).click()
        _wait(page, wait_for_app)

    def end_screen() -> None:
        expect(page.get_by_text("Your results", exact=True)).to_be_visible(timeout=TIMEOUT_MS)
        values = page.locator("[data-testid='stMetricValue']")
        expect(values.nth(0)).to_have_text(f"{right} / 5")
        expect(values.nth(1)).to_have_text(f"{round(100 * right / 5)}%")
        expect(values.nth(3)).to_have_text("1")
        expect(page.get_by_text(f"{qs[2].title} · skipped")).to_be_visible()
        expect(page.get_by_text(f"{qs[3].title} · missed")).to_be_visible()

    end_screen()
    shot("quiz-end")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(500)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the end screen is {width} px wide on a 390 px phone"
    shot("quiz-end-phone")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(500)
    shot("quiz-end-projector")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.reload()  # the round is kept: the same end screen
    _wait(page, wait_for_app)
    end_screen()
    page.get_by_role("button", name="Review my misses (2 questions)").click()
    _wait(page, wait_for_app)
    expect(page.get_by_text(qs[2].prompt)).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text("Question 1 of 2")).to_be_visible()
    assert "seed=" not in page.url


def test_quiz_on_a_phone(page: Page, app_server: str, wait_for_app: Callable[[], None],
                         shot: Callable[[str], Path]) -> None:
    """390 px wide: the level, length, teacher mode and new-round controls and the cards fit;
    a "which cards" question's hand fits too."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_server)
    wait_for_app()
    page.goto(f"{app_server}/quiz?seed={SEED}&level=intermediate&rules=cavendish")
    _wait(page, wait_for_app)
    q = generate_question(SEED, 0, "intermediate", "cavendish")
    expect(page.get_by_text(q.prompt)).to_be_visible()
    expect(page.get_by_text("rules: Cavendish (1882)").first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page is {width} px wide on a 390 px phone"
    shot("quiz-phone")
    page.goto(f"{app_server}/quiz?seed=3&level=beginner&n=5")
    _wait(page, wait_for_app)
    cards = page.locator("button.pq-hand-card")
    expect(cards.first).to_be_visible(timeout=TIMEOUT_MS)
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] >= 44 and box["x"] + box["width"] <= 391
    assert Card.of(str(cards.first.get_attribute("data-code")))

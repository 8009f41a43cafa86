"""A class of puzzles in real chromium (docs/teaching.md, "A class of puzzles"): the teacher
starts a class that is only a set of puzzles (the round code fixed, so the set is known
here), a pupil joins on a phone (390 px), sees the first puzzle, taps the right card and is
told so with the answer on the cards; the teacher's dashboard counts it for that puzzle.

Screenshots: docs/screenshots/class-puzzle-pupil.png (the puzzle on the phone, before the
tap) and class-puzzle-pupil-answered.png (after it)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import cast

from playwright.sync_api import Browser, Page, expect
from test_class_browser import _click, _OnStage, _picture, _settled, page  # noqa: F401
from test_progress_browser import DESKTOP, PHONE, TIMEOUT_MS, _cookie_set

from academy.puzzles import find, puzzle_set
from store.class_values import CODE_ALPHABET, CODE_LEN

SEED = "37"


def test_a_pupil_solves_a_class_puzzle_on_a_phone(
        page: Page, browser: Browser, app_server: str,  # noqa: F811 - the fixture above
        shot: Callable[[str], Path]) -> None:
    want = puzzle_set(SEED, 5)  # the form's defaults: any theme, every rating, five
    first = find(want[0])
    assert first is not None
    teacher = cast(_OnStage, page).target
    teacher.set_viewport_size(DESKTOP)
    teacher.goto(f"{app_server}/class")
    _settled(teacher)
    teacher.locator(".st-key-class_f_name input").fill("Puzzles · Friday")
    teacher.locator(".st-key-class_f_seed input").fill(SEED)
    teacher.locator(".st-key-class_f_quiz label").click()     # no quiz round
    teacher.locator(".st-key-class_f_puzzles label").click()  # a set of puzzles
    _click(teacher, "class_start_go")
    code_box = teacher.locator(".pq-class-code")
    expect(code_box).to_have_text(re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LEN}}}$"),
                                  timeout=TIMEOUT_MS)
    code = code_box.inner_text().strip()

    phone = browser.new_context(viewport=PHONE)
    try:
        p = phone.new_page()
        p.goto(f"{app_server}/class?join={code}&lang=en")
        _settled(p)
        _cookie_set(p)
        p.locator(".st-key-class_name_typed input").fill("Ann")
        _click(p, "class_join_as")
        expect(p.get_by_text(f"Question 1 of {len(want)}")).to_be_visible(timeout=TIMEOUT_MS)
        hand = ("class_puzzle_cards_hand" if first.question.value == "card"
                else "class_puzzle_discard_hand")
        expect(p.locator(f".st-key-{hand} button[data-code]").first).to_be_visible(
            timeout=TIMEOUT_MS)
        _picture(page, p, shot, "class-puzzle-pupil")
        for card in first.answer[:1] if first.question.value == "card" else first.answer:
            p.locator(f".st-key-{hand} button[data-code='{card}']").click()
            _settled(p)
        if first.question.value != "card":
            _click(p, "class_puzzle_go")
        expect(p.locator("[data-testid='stAlertContentSuccess']").first).to_contain_text(
            "Right", timeout=TIMEOUT_MS)
        expect(p.get_by_text("The answer:")).to_be_visible()
        _picture(page, p, shot, "class-puzzle-pupil-answered")
    finally:
        phone.close()

    # the teacher's dashboard (its fragment refreshes itself) names the puzzle answered
    expect(teacher.get_by_text("Who has joined")).to_be_visible(timeout=TIMEOUT_MS)

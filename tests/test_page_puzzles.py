"""AppTest: the Puzzles page (issue 37). A puzzle opens from its link and answers by tapping: the
right card says so and raises the rating, a wrong one says so and lowers it, and a second tap
changes nothing; a discard is tapped and confirmed; an unknown id says so and shows the puzzle
of the day; the theme chooser and "Next puzzle" serve a puzzle of that theme; Vietnamese and
Turkish show the page in their words. A sinking puzzle is answered by its category. The
counting drill (``?mode=count&task=``) takes the exact cards, says what was missed and why a
tapped card cannot be there, and switches with the address."""

from __future__ import annotations

import re
from datetime import date

import pytest
from apptest import APP, TIMEOUT, open_page
from card_taps import codes, has_hand, tap_card
from streamlit.testing.v1 import AppTest

from academy.counting import CountTask, Ruled, candidates, ruled_out, tasks
from academy.puzzles import Puzzle, Question, Theme, catalogue, of_the_day
from ui.puzzles import state
from ui.puzzles.drill import HAND as DRILL_HAND
from ui.puzzles.views import CARD_HAND, DISCARD_HAND, MODE_KEY


def _first(question: Question) -> Puzzle:
    return next(p for p in catalogue() if p.question is question)


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption])


def test_a_puzzle_link_opens_it_and_the_right_card_raises_the_rating() -> None:
    pz = _first(Question.CARD)
    at = open_page("puzzles", id=pz.id)
    assert at.query_params["id"] == [pz.id] or at.query_params["id"] == pz.id
    assert pz.id in _texts(at)
    assert "1,500" in _texts(at)
    tap_card(at, CARD_HAND, pz.answer[0])
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == ["Right!"]
    shown = _texts(at)
    assert "Your rating: 1,500 → " in shown and "(+" in shown
    assert "streak 1 (best 1)" in shown
    # a second tap is no second answer
    other = next(c for c in codes(at, CARD_HAND) if c not in {str(a) for a in pz.answer})
    tap_card(at, CARD_HAND, other)
    assert [s.value for s in at.success] == ["Right!"] and not at.error


def test_a_wrong_card_says_so_and_lowers_the_rating() -> None:
    pz = _first(Question.CARD)
    at = open_page("puzzles", id=pz.id)
    wrong = next(c for c in codes(at, CARD_HAND, enabled=True)
                 if c not in {str(a) for a in pz.answer})
    tap_card(at, CARD_HAND, wrong)
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == ["Not quite."]
    shown = _texts(at)
    got = re.search(r"Your rating: 1,500 → ([\d,]+) \((.)(\d+)\)", shown)
    assert got is not None and got.group(2) in "−-" and int(got.group(1).replace(",", "")) < 1500
    assert "streak 0" in shown
    assert "The answer:" in shown


def test_a_discard_is_tapped_then_confirmed() -> None:
    pz = _first(Question.DISCARD)
    at = open_page("puzzles", id=pz.id)
    assert has_hand(at, DISCARD_HAND) and not has_hand(at, CARD_HAND)
    for c in pz.answer:
        tap_card(at, DISCARD_HAND, c)
    at.button(key="puzzles_discard").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == ["Right!"]
    assert "declarations only" in _texts(at)


def test_an_unknown_id_says_so_and_shows_the_puzzle_of_the_day() -> None:
    at = open_page("puzzles", id="no-such-puzzle")
    assert len(at.warning) == 1 and "no-such-puzzle" in at.warning[0].value
    daily = of_the_day(date.today())
    assert daily.id in _texts(at)
    at.button(key="puzzles_next").click().run()
    assert not at.exception and not at.warning


@pytest.mark.parametrize("theme", [Theme.EXCHANGE, Theme.LAST_TRICK])
def test_next_puzzle_serves_the_theme_chosen(theme: Theme) -> None:
    at = open_page("puzzles")
    at.selectbox(key=state.THEME).set_value(theme).run()
    at.button(key="puzzles_next").click().run()
    assert not at.exception, at.exception
    pid = at.session_state[state.CURRENT]
    assert next(p for p in catalogue() if p.id == pid).theme is theme


@pytest.mark.parametrize(("lang", "words"), [("vi", "Câu đố"), ("tr", "Bulmaca")])
def test_the_page_in_other_languages(lang: str, words: str) -> None:
    at = _in_language(lang, id=_first(Question.CARD).id)
    assert words in at.title[0].value


def _in_language(lang: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("app_pages/puzzles.py")
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


# --- sinking puzzles ----------------------------------------------------------------------------


def _sinking() -> Puzzle:
    return next(p for p in catalogue() if p.question is Question.SINK)


def test_a_sinking_puzzle_is_answered_by_its_category() -> None:
    pz = _sinking()
    at = open_page("puzzles", id=pz.id)
    shown = _texts(at)
    assert "Elder declares everything he holds:" in shown
    assert any("must you declare to stop Elder's" in h.value for h in at.subheader)
    at.button(key=f"puzzles_sink_{pz.category}").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == ["Right!"]
    assert "you may sink the other two" in _texts(at)
    assert all(at.button(key=f"puzzles_sink_{c}").disabled
               for c in ("point", "sequences", "sets"))


def test_a_wrong_category_says_so() -> None:
    pz = _sinking()
    wrong = next(c for c in ("point", "sequences", "sets") if c != pz.category)
    at = open_page("puzzles", id=pz.id)
    at.button(key=f"puzzles_sink_{wrong}").click().run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == ["Not quite."]
    assert "Your rating: 1,500 → " in _texts(at)


# --- the counting drill -------------------------------------------------------------------------


def _task(calls_rule: bool = False) -> CountTask:
    """A task, one where a call rules a card out when ``calls_rule``."""
    for t in tasks():
        v = t.view()
        if not calls_rule or any(ruled_out(v, c, t.answer) is Ruled.CALLS
                                 for c in candidates(v)):
            return t
    raise AssertionError("no such task")


def test_the_drill_opens_from_its_link_and_the_exact_cards_are_right() -> None:
    task = _task()
    at = open_page("puzzles", mode="count", task=task.id)
    assert any("Which cards can Elder still hold?" in h.value for h in at.subheader)
    assert at.query_params["task"] in ([task.id], task.id)
    assert set(codes(at, DRILL_HAND)) == {str(c) for c in candidates(task.view())}
    for c in task.answer:
        tap_card(at, DRILL_HAND, c)
    at.button(key="drill_check").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == ["Right: exactly those."]
    assert "This session: 1 of 1 task right." in _texts(at)


def test_the_drill_says_what_was_missed_and_why_a_card_cannot_be_there() -> None:
    task = _task(calls_rule=True)
    view = task.view()
    called_out = next(c for c in candidates(view)
                      if ruled_out(view, c, task.answer) is Ruled.CALLS)
    at = open_page("puzzles", mode="count", task=task.id)
    tap_card(at, DRILL_HAND, called_out)
    at.button(key="drill_check").click().run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == ["Not quite."]
    shown = _texts(at)
    assert "You missed " in shown
    assert "no hand that makes Elder's calls" in shown
    at.button(key="drill_next").click().run()
    assert not at.exception and at.query_params["task"] not in ([task.id], task.id)


def test_the_mode_switch_follows_the_address() -> None:
    at = open_page("puzzles")
    assert at.session_state[MODE_KEY] == "puzzles"
    at.segmented_control(key=MODE_KEY).set_value("count").run()
    assert not at.exception, at.exception
    assert at.query_params["mode"] in (["count"], "count")
    assert has_hand(at, DRILL_HAND)
    at.segmented_control(key=MODE_KEY).set_value("puzzles").run()
    assert "mode" not in at.query_params and not has_hand(at, DRILL_HAND)


def test_an_unknown_task_says_so() -> None:
    at = open_page("puzzles", mode="count", task="no-such-task")
    assert len(at.warning) == 1 and "no-such-task" in at.warning[0].value
    assert has_hand(at, DRILL_HAND)


@pytest.mark.parametrize(("lang", "words"), [("vi", "Luyện đếm bài"), ("tr", "Kâğıt sayma")])
def test_the_drill_in_other_languages(lang: str, words: str) -> None:
    at = _in_language(lang, mode="count")
    assert any(words in o for o in at.segmented_control(key=MODE_KEY).options)


def test_a_puzzle_counted_with_the_calls_shows_them_and_says_why() -> None:
    pz = next(p for p in catalogue() if p.calls)
    at = open_page("puzzles", id=pz.id)
    shown = _texts(at)
    assert "Elder called" in shown or "His best" in shown
    tap_card(at, CARD_HAND, pz.answer[0])
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == ["Right!"]
    assert "listen to the calls" in _texts(at)

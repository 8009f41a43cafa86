"""The Class page's "show the class", driven headless with AppTest: the round's questions
presented one screen each (``/class?class=ID&show=K&step=N``), the answer hidden until
Reveal, Next and Back, the address kept by a reload, a question or step out of range brought
back with a sentence, "End the presentation" back to the dashboard; the teacher's key and
link on none of these screens (even right after Start, while the link is still shown on the
dashboard)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from test_page_class import (  # own_database: the page's database is the test's own
    LENGTH,
    click,
    every_text,
    open_class,
    own_database,  # noqa: F401
    question,
    run,
    start_class,
)

from academy.quiz import level_title
from store.ids import new_learner_id
from ui.classroom import show, state

STAGES = 1  # start_class's round: LENGTH quiz questions, then one stage


def _answers(at: AppTest) -> list[str]:
    return [s.value for s in at.success if str(s.value).startswith("Answer:")]


def _at(at: AppTest) -> tuple[str | None, str | None]:
    return at.query_params.get(show.SHOW_PARAM), at.query_params.get(show.STEP_PARAM)


def _shown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def _has(at: AppTest, key: str) -> bool:
    return any(b.key == key for b in at.button)


def _count(n: int) -> str:
    return f"Question {n} of {LENGTH + STAGES}"


def _present(at: AppTest, position: int) -> AppTest:
    at.selectbox(key=state.K_SHOW).set_value(position)
    return click(at, "class_show_start")


def test_a_question_hidden_then_revealed_then_the_next_and_back() -> None:
    t = open_class()
    _code, key = start_class(t)              # the teacher's link still shown on the dashboard
    assert key in every_text(t)
    _present(t, 2)
    assert _at(t) == ("3", "1")
    assert _count(3) in _shown(t)
    assert key not in every_text(t)          # never on the projector's screen
    assert not _has(t, "class_save_link") and not t.dataframe  # the screen alone
    q = question(2)
    assert _answers(t) == []                 # hidden until revealed
    assert q.prompt in _shown(t)
    assert "pq-cards" in _shown(t) or not q.rows
    assert "Press R, or Reveal" in _shown(t)
    assert level_title(q.level) in " ".join(c.value for c in t.caption)
    click(t, "class_show_reveal")
    assert _at(t) == ("3", "2")
    assert _answers(t) == [f"Answer: {q.answer}"]
    assert "Press R, or Reveal" not in _shown(t)
    assert t.button(key="class_show_reveal").disabled
    assert key not in every_text(t)
    click(t, "class_show_next")              # the next question, its answer hidden
    assert _at(t) == ("4", "1") and _answers(t) == []
    assert _count(4) in _shown(t)
    click(t, "class_show_back")
    click(t, "class_show_back")
    assert _at(t) == ("2", "1") and _answers(t) == []
    click(t, "class_show_end")               # back to the dashboard
    assert _at(t) == (None, None)
    assert _has(t, "class_show_start") and key in every_text(t)  # the dashboard again


def test_the_first_and_the_last_screens_and_a_stage() -> None:
    t = open_class()
    start_class(t)
    _present(t, 0)
    assert t.button(key="class_show_back").disabled
    assert not t.button(key="class_show_next").disabled
    _present_last = LENGTH + STAGES - 1
    t.query_params[show.SHOW_PARAM] = str(_present_last + 1)
    run(t)
    assert t.button(key="class_show_next").disabled          # the round's last
    assert "Stage: " in _shown(t) and _answers(t) == []
    click(t, "class_show_reveal")
    assert _at(t) == (str(LENGTH + STAGES), "2") and len(_answers(t)) == 1


def test_a_reload_keeps_the_question_and_the_step() -> None:
    me = new_learner_id()
    t = open_class(me)
    start_class(t)
    click(t, "class_bookmarked")
    _present(t, 1)
    click(t, "class_show_reveal")
    class_id = t.query_params[state.CLASS_PARAM]
    again = open_class(me, **{state.CLASS_PARAM: class_id, show.SHOW_PARAM: "2",
                              show.STEP_PARAM: "2"})
    assert _at(again) == ("2", "2")
    assert _count(2) in _shown(again)
    assert _answers(again) == [f"Answer: {question(1).answer}"]


@pytest.mark.parametrize(("raw_show", "raw_step", "want", "says"), [
    ("40", "1", ("6", "1"), "This round has 6 questions, so question 40 does not exist: "
                            "it shows question 6."),
    ("0", "2", ("1", "2"), "so question 0 does not exist: it shows question 1."),
    ("banana", "1", ("1", "1"), "question “banana”, which is not a number"),
    ("2", "7", ("2", "2"), "so step “7” does not exist: it shows step 2."),
    ("2", "x", ("2", "1"), "so step “x” does not exist: it shows step 1."),
])
def test_a_question_or_step_out_of_range_is_brought_back_and_said(
        raw_show: str, raw_step: str, want: tuple[str, str], says: str) -> None:
    me = new_learner_id()
    t = open_class(me)
    start_class(t)
    class_id = t.query_params[state.CLASS_PARAM]
    at = open_class(me, **{state.CLASS_PARAM: class_id, show.SHOW_PARAM: raw_show,
                           show.STEP_PARAM: raw_step})
    assert _at(at) == want                    # the address says what is shown
    assert says in _shown(at)
    assert (len(_answers(at)) == 1) == (want[1] == "2")


def test_no_teacher_no_presentation() -> None:
    """The address's ``show`` alone shows nothing of a class: the Class page's landing."""
    at = open_class(**{show.SHOW_PARAM: "1", show.STEP_PARAM: "2"})
    assert _has(at, "class_start_go") and not _answers(at)

"""The Class page driven headless with AppTest, on SQLite and on a real PostgreSQL (the
``db_url`` fixture): a teacher starts a class; three pupils (three AppTests, three learners)
join and answer, some right, some wrong, with the questions' own answers from
``academy.quiz`` and ``academy.stages``; the teacher's dashboard shows exactly those results;
a pupil's reload resumes at the same question; Close refuses the next Check in words and
stores nothing; Delete removes the class and the pupil's page says so.

Hostile: a wrong teacher's key, a join code used as ``?teacher=``, a broken ``?join=``, names
of HTML, Markdown, right-to-left letters and emoji shown as the exact text, a 200-character
name refused, a join flood beyond the class's size, answers after Close; the teacher's key is
in no element of a pupil's page, nor of the teacher's page once bookmarked (it is shown
right after Start only), and leaves the URL at once.

Every test has a database of its own (``PIQUET_DATABASE_URL``); "a reload" is a new AppTest
with the same learner (``PIQUET_TESTING``'s cookie stand-in).
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from apptest import scrub
from streamlit.testing.v1 import AppTest

from academy.quiz import Question, check_answer, generate_question, kind_title, wrong_answer
from academy.stages import check, make_task
from store import make_engine
from store.class_values import ClassWork, QuizWork, Refusal
from store.classes import ClassStore
from store.ids import learner_key, new_learner_id
from ui.classroom import dashboard, state, teacher
from ui.classroom.work import stage_seed
from ui.components.card_hand import selection_key
from ui.stages.views import answer_text
from ui.text import md_escape
from words import PSEUDO, complete_languages

APP = "../app.py"
CLASS = "app_pages/classroom.py"
SEED, LEVEL, RULES, LENGTH = "42", "beginner", "britannica", 5
STAGE = "04-point/1"
WORK_OF_ONE = ClassWork(QuizWork(LEVEL, RULES, 5, SEED), ())


@pytest.fixture(autouse=True)
def own_database(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The app's database is the test's own (SQLite, or a fresh PostgreSQL database)."""
    monkeypatch.setenv("PIQUET_DATABASE_URL", db_url)
    monkeypatch.setenv("PIQUET_TESTING", "1")
    monkeypatch.delenv("PIQUET_CLASS_MAX_PUPILS", raising=False)
    yield db_url


# ----------------------------------------------------------------------------- harness


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def open_class(learner: str | None = None, lang: str | None = None, **params: str) -> AppTest:
    """The Class page in a browser of ``learner`` (a new one by default)."""
    at = AppTest.from_file(APP, default_timeout=90)
    me = learner or new_learner_id()
    at.session_state["_pq_test_cookie"] = me
    at.session_state["_store_learner"] = learner_key(me)
    if lang is not None:
        at.session_state["lang"] = lang
    run(at)
    at.switch_page(CLASS)
    for k, v in params.items():
        at.query_params[k] = v
    return run(at)


def submit(at: AppTest, key: str) -> AppTest:
    """Press a form's submit button."""
    at.button(key=key).click()
    return run(at)


def start_class(at: AppTest, name: str = "Year 9", *, length: int = LENGTH,
                stages: tuple[str, ...] = (STAGE,)) -> tuple[str, str]:
    """Start a class from the form; returns its (code, teacher's key)."""
    at.text_input(key=teacher.F_NAME).input(name)
    at.selectbox(key=teacher.F_LEVEL).set_value(LEVEL)
    at.selectbox(key=teacher.F_RULES).set_value(RULES)
    at.selectbox(key=teacher.F_LENGTH).set_value(length)
    at.text_input(key=teacher.F_SEED).input(SEED)
    at.multiselect(key=teacher.F_STAGES).set_value(list(stages))
    submit(at, "class_start_go")
    assert state.K_TEACHER_KEY not in at.session_state  # no link on the class's screen
    click(at, "class_save_link")                        # "Save my teacher link": shown once
    key = at.session_state[state.K_TEACHER_KEY]
    return _code_of(at), key


def join(code: str, name: str, learner: str | None = None) -> AppTest:
    at = open_class(learner, join=code)
    at.text_input(key=state.K_NAME).input(name)
    return submit(at, "class_join_as")


def question(position: int) -> Question:
    return generate_question(SEED, position, LEVEL, RULES)


def _key(at: AppTest, field: str) -> str:
    r = at.session_state[state.K_ROUND]
    return f"class_a_{at.session_state[state.K_PUPIL].pupil_id}_{r.at}_{field}"


def _fill(at: AppTest, key: str, widget: str, value: object) -> None:
    if widget == "cards":
        assert isinstance(value, (frozenset, set, tuple, list))
        at.session_state[selection_key(key)] = sorted(str(c) for c in value)
        return
    for group in (at.radio, at.number_input, at.pills):
        for w in group:
            if w.key == key:
                w.set_value(sorted(value) if isinstance(value, frozenset) else value)
                return
    raise AssertionError(f"no widget {key}")


def answer_quiz(at: AppTest, values: dict[str, object]) -> AppTest:
    r = at.session_state[state.K_ROUND]
    for f in question(r.at).fields:
        if f.key in values:
            _fill(at, _key(at, f.key), f.widget, values[f.key])
    at.button(key="class_check").click()
    return run(at)


def answer_stage(at: AppTest, right: bool) -> AppTest:
    r = at.session_state[state.K_ROUND]
    task = make_task(STAGE, stage_seed(r.class_id, STAGE), RULES)
    assert task.answer_kind == "cards"
    value = task.answer_cards if right else frozenset(task.pick) - task.answer_cards
    _fill(at, _key(at, "answer"), "cards", value)
    at.button(key="class_check").click()
    return run(at)


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return run(at)


def play(at: AppTest, plan: str) -> AppTest:
    """Answer the next positions: r(ight), w(rong), s(kip) — quiz questions, then the
    stage — pressing Next after each answer."""
    for how in plan:
        r = at.session_state[state.K_ROUND]
        if how == "s":
            click(at, "class_skip")
            continue
        if r.at < LENGTH:
            q = question(r.at)
            answer_quiz(at, q.correct if how == "r" else wrong_answer(q))
        else:
            answer_stage(at, how == "r")
        click(at, "class_next")
    return at


def frame(at: AppTest, columns: set[str]) -> Any:
    """The dataframe whose columns include ``columns``."""
    for df in at.dataframe:
        if columns <= set(df.value.columns):
            return df.value
    raise AssertionError(f"no table with {columns}")


def every_text(at: AppTest) -> str:
    """Everything an AppTest can read on the page: elements' values, labels, tables."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    for df in at.dataframe:
        parts.append(df.value.to_csv())
    return "\n".join(parts)


def texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "error", "warning",
                                               "info", "success", "text", "subheader")
                     for e in getattr(at, kind))


def store_of(db_url: str) -> ClassStore:
    return ClassStore(make_engine(db_url))


# ----------------------------------------------------------------------------- the story


def test_a_class_from_start_to_delete(db_url: str) -> None:
    t = open_class()
    code, key = start_class(t)
    assert "teacher" not in t.query_params
    assert key in every_text(t)                          # shown once, to bookmark
    run(t)
    assert key in every_text(t)                          # (a rerun does not lose it)
    click(t, "class_bookmarked")
    assert key not in every_text(t)                      # and then never again
    run(t)
    assert key not in every_text(t)
    plans = {"Ann": "rrwsr" + "r", "Bao": "wwr", "Cem": "rs"}
    me = {name: new_learner_id() for name in plans}
    pupils = {name: play(join(code, name, me[name]), plan) for name, plan in plans.items()}
    for p in pupils.values():
        assert key not in every_text(p)
    run(t)
    table = frame(t, {"Pupil", "Progress", "Score"})
    assert list(table["Pupil"]) == ["Ann", "Bao", "Cem"]
    assert list(table["Progress"]) == ["6 / 6", "3 / 6", "2 / 6"]
    assert list(table["Score"]) == ["4 / 6", "1 / 3", "1 / 2"]
    assert list(table["Wrong"]) == [1, 2, 0] and list(table["Skipped"]) == [1, 0, 1]
    grid = frame(t, {"Pupil", "Q1"})
    symbol = {"r": "✓", "w": "✗", "s": "–"}
    for i, plan in enumerate(plans.values()):
        row = [grid[f"Q{n + 1}"][i] for n in range(6)]
        assert row == [symbol[h] for h in plan] + [""] * (6 - len(plan))
    missed = frame(t, {"Question", "Wrong", "Answered"})
    assert list(missed["Wrong"]) == [1, 1, 1] and list(missed["Answered"]) == [3, 3, 2]
    assert [q.split(" · ")[0] for q in missed["Question"]] == [
        "Question 1", "Question 2", "Question 3"]
    kinds = frame(t, {"Kind", "Right", "Wrong", "Skipped"})
    want: dict[str, list[int]] = {}
    for plan in plans.values():
        for pos, how in enumerate(plan):
            label = kind_title(question(pos).kind) if pos < LENGTH else (
                "Stage: " + "Point: the longest suit")
            want.setdefault(label, [0, 0, 0])["rws".index(how)] += 1
    got = {row["Kind"]: [row["Right"], row["Wrong"], row["Skipped"]]
           for _i, row in kinds.iterrows()}
    assert {k.split(":")[0] for k in got} >= {"Stage"}
    assert sorted(got.values()) == sorted(want.values())
    # a reload of Bao's browser: the same question, no name asked
    again = open_class(me["Bao"], join=code)
    r = again.session_state[state.K_ROUND]
    assert (r.at, r.position) == (3, 3) and not again.text_input
    assert again.button(key="class_check")
    # close: Cem's next Check is refused in words and nothing is stored
    click(t, "class_close")
    click(t, "class_close_yes")
    before = store_of(db_url).dashboard(store_of(db_url).teacher(key, client="t"))
    cem = pupils["Cem"]
    answer_quiz(cem, question(2).correct)
    assert "closed" in " ".join(e.value for e in cem.error)
    after = store_of(db_url).dashboard(store_of(db_url).teacher(key, client="t"))
    assert after.answers == before.answers and cem.session_state[state.K_ROUND].position == 2
    # delete (confirmed): the class is gone; Bao's page says so
    click(t, "class_delete")
    t.text_input(key="class_delete_name").input("Year 8")   # not its name: refused
    click(t, "class_delete_yes")
    assert any("type its name" in e.value for e in t.error)
    assert state.K_ACCESS in t.session_state
    click(t, "class_delete")
    t.text_input(key="class_delete_name").input(" year 9 ")
    click(t, "class_delete_yes")
    assert state.K_TEACHER_KEY not in t.session_state
    assert any("deleted" in s.value for s in t.success)
    assert t.button(key="class_start_go")                  # the Start form again
    answer_quiz(again, question(3).correct)
    assert [e.value for e in again.error] == [
        "This class no longer exists: the teacher deleted it, or its time is up."]
    assert again.button(key="class_join_code")             # and the page is usable
    gone = open_class(me["Ann"], join=code)
    assert any("No class has the code" in e.value for e in gone.error)


def test_a_pupil_answers_once_and_checks_need_an_answer(db_url: str) -> None:
    t = open_class()
    code, _key = start_class(t, stages=())
    p = join(code, "Dee")
    click(p, "class_skip")
    assert [f.widget for f in question(1).fields] == ["choice"]
    click(p, "class_check")                               # nothing chosen
    assert any("answer first" in w.value for w in p.warning)
    assert p.session_state[state.K_ROUND].position == 1
    answer_quiz(p, question(1).correct)
    assert "class_check" not in [b.key for b in p.button]  # one try
    fb = check_answer(question(1), question(1).correct)
    assert p.success[0].value == fb.headline
    assert any(m.value.startswith("**Why**") for m in p.markdown)


def test_a_card_question_checked_with_no_card_tapped_asks_for_an_answer(db_url: str) -> None:
    """The Class page shares the Quiz's answer box: no card tapped is no answer (not a wrong
    "none", and the pupil's one try is not spent)."""
    t = open_class()
    t.text_input(key=teacher.F_NAME).input("Year 9")
    t.selectbox(key=teacher.F_LEVEL).set_value("beginner")
    t.selectbox(key=teacher.F_RULES).set_value(RULES)
    t.selectbox(key=teacher.F_LENGTH).set_value(LENGTH)
    t.text_input(key=teacher.F_SEED).input("3")  # its first question: which cards may…
    t.multiselect(key=teacher.F_STAGES).set_value([])
    submit(t, "class_start_go")
    p = join(_code_of(t), "Dee")
    q = generate_question("3", 0, "beginner", RULES)
    assert q.kind == "legal_play" and [f.widget for f in q.fields] == ["cards"]
    click(p, "class_check")                               # no card tapped
    assert [w.value for w in p.warning] == [
        "Choose or type an answer first, then press Check."]
    assert not p.error and p.session_state[state.K_ROUND].position == 0
    _fill(p, _key(p, "cards"), "cards", q.correct["cards"])
    p.button(key="class_check").click()
    run(p)
    assert p.success and p.session_state[state.K_ROUND].position == 1


# ----------------------------------------------------------------------------- hostile


def test_the_teacher_link_opens_the_dashboard_and_leaves_the_url(db_url: str) -> None:
    code, key = start_class(open_class())
    t = open_class(teacher=key)
    assert "class" not in t.query_params  # the address waits for the key to leave it
    scrub(t, "teacher")
    assert "teacher" not in t.query_params and "class" in t.query_params
    assert state.K_ACCESS in t.session_state
    assert key not in every_text(t)
    assert not t.error and any("Nobody yet" in c.value for c in t.caption)
    assert any(code in m.value for m in t.markdown)


def test_a_teacher_link_in_another_language_rewrites_no_address_before_the_key_leaves(
        db_url: str) -> None:
    """A Vietnamese teacher's browser opens the link: the app would add ``lang=vi`` and
    ``class=ID`` to the address — a rewrite while the key is in it would push a history entry
    holding the key. Nothing is written until the key has left; then both are."""
    _code, key = start_class(open_class())
    at = open_class()
    assert not at.query_params
    at.session_state["lang"] = "vi"  # as a Vietnamese browser's locale chooses it
    at.query_params["teacher"] = key
    run(at)
    assert dict(at.query_params) == {"teacher": key}
    assert state.K_ACCESS in at.session_state
    scrub(at, "teacher")
    assert "teacher" not in at.query_params
    assert at.query_params.get("lang") == "vi" and "class" in at.query_params


@pytest.mark.parametrize("given", ["x" * 32, "not a key!", "", "ABCDEF"])
def test_a_wrong_teacher_key_is_refused_with_a_way_back(db_url: str, given: str) -> None:
    start_class(open_class())
    t = open_class(teacher=given)
    words = " ".join(e.value for e in t.error)
    assert ("broken" in words) or ("This teacher's link opens nothing" in words)
    assert t.get("page_link") and state.K_TEACHER_KEY not in t.session_state
    assert not t.dataframe
    scrub(t, "teacher")
    assert "teacher" not in t.query_params
    assert [e.value for e in t.error] == [words]  # still said after the address's scrub
    run(t)
    assert not t.error  # then gone: the link is not tried again


def test_a_teacher_link_is_spent_by_its_first_browser(db_url: str) -> None:
    """One-time: the first browser to open the link runs the class (its "My classes", after
    a reload too); the same link opens nothing in another browser, nor in the same one
    after a reload; Back to it in the tab that opened it keeps the dashboard."""
    starter = new_learner_id()
    code, key = start_class(open_class(starter))
    other = new_learner_id()
    t = open_class(other, teacher=key)
    assert state.K_ACCESS in t.session_state and not t.error
    t.query_params[state.TEACHER_PARAM] = key  # Back, or the address opened again
    run(t)
    assert state.K_ACCESS in t.session_state and not t.error
    assert "teacher" not in t.query_params
    again = open_class(new_learner_id(), teacher=key)  # someone else with a copy
    assert any("opens nothing" in e.value for e in again.error)
    assert state.K_ACCESS not in again.session_state and not again.dataframe
    reload = open_class(other, teacher=key)  # a reload of the address: a new session
    assert any("opens nothing" in e.value for e in reload.error)
    for who in (other, starter):  # both browsers run it: "My classes", after a reload
        mine = open_class(who)
        assert any("Year 9" in m.value for m in mine.markdown)
        click(mine, f"class_open_{store_of(db_url).find(code, client='x').class_id}")
        assert state.K_ACCESS in mine.session_state
        assert any(code in m.value for m in mine.markdown)
    stranger = open_class(new_learner_id())
    assert not any(b.key.startswith("class_open_") for b in stranger.button if b.key)


def test_a_join_code_used_as_the_teacher_key(db_url: str) -> None:
    code, _key = start_class(open_class())
    t = open_class(teacher=code)
    assert "broken" in " ".join(e.value for e in t.error)
    assert not t.dataframe and state.K_ACCESS not in t.session_state


@pytest.mark.parametrize("raw", ["<b>x</b>", "ABC", "[x](javascript:1)", "K7QM2P", "Z" * 300])
def test_a_broken_or_unknown_join_code(db_url: str, raw: str) -> None:
    at = open_class(join=raw)
    words = " ".join(e.value for e in at.error)
    assert "is not a class code" in words or "No class has the code" in words
    assert "<b>" not in words and "](" not in words
    assert at.button(key="class_join_code")                # type another code


NAMES = ["<b>Ann</b>", "**Bo** [x](javascript:1)", "محمد", "Zoë 🦊", "=1+2"]


def test_names_are_shown_as_the_exact_text(db_url: str) -> None:
    t = open_class()
    code, _key = start_class(t)
    for name in NAMES:
        p = join(code, name)
        line = next(e.value for e in p.text if "pupil number" in e.value)
        assert f"\u2068{name}\u2069" in line
    run(t)
    assert list(frame(t, {"Pupil", "Progress"})["Pupil"]) == NAMES
    assert list(frame(t, {"Pupil", "Q1"})["Pupil"]) == NAMES
    assert not any(n in m.value for n in NAMES for m in t.markdown)
    csv = dashboard.csv_text(_board(t), ())
    assert "'=1+2" in csv and "\n=1+2" not in csv
    t.toggle(key=state.K_PROJECTOR).set_value(True)
    run(t)
    assert list(frame(t, {"Pupil", "Q1"})["Pupil"]) == ["#1", "#2", "#3", "#4", "#5"]
    assert not any(n in every_text(t) for n in ("Ann", "محمد", "Zoë"))


def _board(t: AppTest) -> Any:
    classes = store_of(os.environ["PIQUET_DATABASE_URL"])
    return classes.dashboard(t.session_state[state.K_ACCESS])


def test_a_long_empty_or_taken_name_is_refused(db_url: str) -> None:
    code, _key = start_class(open_class())
    p = open_class(join=code)
    p.text_input(key=state.K_NAME).input("x" * 200)  # refused in words, never shortened
    submit(p, "class_join_as")
    assert any("at most 30 characters" in e.value for e in p.error)
    assert state.K_PUPIL not in p.session_state
    p = join(code, "   ")
    assert any("Type your name" in e.value for e in p.error)
    join(code, "Ann")
    p = join(code, "ANN")
    assert any("is taken" in e.value for e in p.error)


def test_a_join_flood_beyond_the_class_size(db_url: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_CLASS_MAX_PUPILS", "3")
    t = open_class()
    code, key = start_class(t)
    for i in range(3):
        assert state.K_PUPIL in join(code, f"P{i}").session_state
    late = join(code, "Late")
    assert any("full" in e.value and "3 pupils" in e.value for e in late.error)
    classes = store_of(db_url)
    board = classes.dashboard(classes.teacher(key, client="t"))
    assert [p.name for p in board.pupils] == ["P0", "P1", "P2"]


def test_two_tabs_of_one_pupil_answer_once(db_url: str) -> None:
    """The same pupil in two tabs: the second tab's Check of a question already answered is
    refused (the database's unique constraint), said in words, and the tab moves to where
    the pupil is; the first answer stays."""
    t = open_class()
    code, key = start_class(t)
    me = new_learner_id()
    one = join(code, "Ann", me)
    two = open_class(me, join=code)
    answer_quiz(one, question(0).correct)
    answer_quiz(two, wrong_answer(question(0)))
    assert any("already answered" in i.value for i in two.info)
    r = two.session_state[state.K_ROUND]
    assert (r.position, r.outcome(0)) == (1, "right")
    classes = store_of(db_url)
    board = classes.dashboard(classes.teacher(key, client="t"))
    assert [(a.position, a.outcome) for a in board.answers] == [(0, "right")]


def test_too_many_wrong_codes_slow_this_browsers_wrong_codes_not_the_right_one(
    db_url: str
) -> None:
    code, _key = start_class(open_class())
    at = open_class()
    for n in range(10):
        at.text_input(key=state.K_CODE_TYPED).input(f"ZZZZ{'23456789'[n % 8]}{n % 3 + 2}")
        submit(at, "class_join_code")
        assert any("No class has the code" in e.value for e in at.error), n
    at.text_input(key=state.K_CODE_TYPED).input("YYYYY2")
    submit(at, "class_join_code")
    assert any("Too many wrong tries" in e.value and "seconds" in e.value for e in at.error)
    at.text_input(key=state.K_CODE_TYPED).input(code)     # the right code: never refused
    submit(at, "class_join_code")
    assert not at.error and at.text_input(key=state.K_NAME)


def test_the_pupils_link_pasted_in_the_code_box_joins_and_a_long_paste_is_answered(
    db_url: str
) -> None:
    code, _key = start_class(open_class())
    at = open_class()
    at.text_input(key=state.K_CODE_TYPED).input("x" * 300)  # no max_chars: read, refused
    submit(at, "class_join_code")
    assert any("No class has the code" in e.value or "not a class code" in e.value
               for e in at.error), [e.value for e in at.error]
    at.text_input(key=state.K_CODE_TYPED).input(f" https://school.example/class?join={code} ")
    submit(at, "class_join_code")
    assert not at.error and at.text_input(key=state.K_NAME)


def test_the_default_class_size_is_sixty(db_url: str) -> None:
    t = open_class()
    code, key = start_class(t)
    classes = store_of(db_url)
    for i in range(60):  # from two addresses (30 new pupils an address within 4.5 s)
        classes.join(code, f"P{i}", learner=learner_key(new_learner_id()), client=f"c{i}",
                     network=f"192.0.2.{i % 2}")
    late = join(code, "Late")
    assert any("it has 60 pupils already" in e.value for e in late.error)
    assert state.K_PUPIL not in late.session_state
    assert len(classes.dashboard(classes.teacher(key, client="t")).pupils) == 60


def test_the_teacher_locks_joining_removes_a_pupil_closes_and_reopens(db_url: str) -> None:
    t = open_class()
    code, key = start_class(t)
    ann = join(code, "Ann")
    click(t, "class_lock")                                   # lock: Ann goes on, Bao is out
    late = join(code, "Bao")
    assert any("locked joining" in e.value for e in late.error)
    answer_quiz(ann, question(0).correct)
    assert not ann.error
    click(t, "class_unlock")
    bao = join(code, "Bao")
    assert not bao.error
    click(t, "class_remove")                                 # remove Bao (asked first)
    t.selectbox(key="class_remove_who").set_value(2)
    click(t, "class_remove_yes")
    board = store_of(db_url).dashboard(store_of(db_url).teacher(key, client="t"))
    assert [p.name for p in board.pupils] == ["Ann"] and len(board.answers) == 1
    click(t, "class_close")                                  # close asks first
    assert not store_of(db_url).find(code, client="x").closed
    click(t, "class_close_no")
    click(t, "class_close")
    click(t, "class_close_yes")
    assert store_of(db_url).find(code, client="x").closed
    assert not any("pq-class-code" in m.value for m in t.markdown)  # no code, no QR
    assert not t.get("imgs")
    click(t, "class_reopen")
    assert not store_of(db_url).find(code, client="x").closed
    assert any("pq-class-code" in m.value for m in t.markdown)


def test_a_name_too_long_is_refused_in_words(db_url: str) -> None:
    code, _key = start_class(open_class())
    at = open_class(join=code)
    assert "at most 30 characters" in at.text_input(key=state.K_NAME).label
    at.text_input(key=state.K_NAME).input("x" * 500)        # a paste: no max_chars cut
    submit(at, "class_join_as")
    assert any("at most 30 characters" in e.value for e in at.error)


def test_answers_after_close_and_joins_after_close(db_url: str) -> None:
    t = open_class()
    code, key = start_class(t)
    p = join(code, "Ann")
    click(t, "class_close")
    click(t, "class_close_yes")
    answer_quiz(p, question(0).correct)
    assert any("closed" in e.value for e in p.error)
    click(p, "class_skip")
    assert p.session_state[state.K_ROUND].position == 0
    classes = store_of(db_url)
    assert not classes.dashboard(classes.teacher(key, client="t")).answers
    late = open_class(join=code)
    assert any("closed" in e.value for e in late.info) and not late.text_input


def test_a_class_of_stages_alone(db_url: str) -> None:
    t = open_class()
    t.text_input(key=teacher.F_NAME).input("Stages only")
    t.toggle(key=teacher.F_QUIZ).set_value(False)
    t.multiselect(key=teacher.F_STAGES).set_value([STAGE])
    submit(t, "class_start_go")
    p = join(_code_of(t), "Eve")
    r = p.session_state[state.K_ROUND]
    assert r.quiz is None and r.length == 1
    task = make_task(STAGE, stage_seed(r.class_id, STAGE), RULES)
    _fill(p, f"class_a_{p.session_state[state.K_PUPIL].pupil_id}_0_answer", "cards",
          task.answer_cards)
    click(p, "class_check")
    assert any(s.value == "Right!" for s in p.success)
    click(p, "class_next")
    assert p.session_state[state.K_ROUND].over
    assert any("perfect round" in s.value for s in p.success)


KIND_STAGES = ("01-deal/1", "02-exchange/1", "03-blanche/1", "09-play/1")  # number, cards,
#                                                                        choice, one card


def _stage_value(task: Any, right: bool) -> object:
    if task.answer_kind == "number":
        return task.answer if right else task.answer + 1
    if task.answer_kind == "choice":
        return task.answer if right else next(c for c in task.choices if c != task.answer)
    if task.answer_kind == "card":
        return [task.answer] if right else [next(c for c in task.pick if not
                                                 check(task, c).right)]
    return task.answer_cards if right else frozenset(task.pick) - task.answer_cards


def test_every_kind_of_stage_answer(db_url: str) -> None:
    """A class of stages alone, one of each answer kind (a number, cards, a choice, one
    card to play): answered right, then wrong by a second pupil; the dashboard counts them
    per stage."""
    t = open_class()
    t.text_input(key=teacher.F_NAME).input("Stages")
    t.toggle(key=teacher.F_QUIZ).set_value(False)
    t.multiselect(key=teacher.F_STAGES).set_value(list(KIND_STAGES))
    submit(t, "class_start_go")
    code = _code_of(t)
    for name, right in (("Ann", True), ("Bao", False)):
        p = join(code, name)
        for n, stage_id in enumerate(KIND_STAGES):
            r = p.session_state[state.K_ROUND]
            assert r.at == n and r.quiz is None
            task = make_task(stage_id, stage_seed(r.class_id, stage_id), RULES)
            widget = "cards" if task.answer_kind in ("cards", "card") else "x"
            _fill(p, _key(p, "answer"), widget, _stage_value(task, right))
            click(p, "class_check")
            answer = f"Answer: {md_escape(answer_text(task))}"
            assert [s.value for s in p.success] == (["Right!", answer] if right else [answer])
            assert [e.value.startswith("Not quite") for e in p.error] == ([] if right
                                                                           else [True])
            click(p, "class_next")
        assert p.session_state[state.K_ROUND].over
    run(t)
    kinds = frame(t, {"Kind", "Right", "Wrong"})
    assert [(row["Right"], row["Wrong"]) for _i, row in kinds.iterrows()] == [(1, 1)] * 4
    assert all(k.startswith("Stage: ") for k in kinds["Kind"])


def _code_of(t: AppTest) -> str:
    link = next(c.value for c in t.code if "join=" in c.value)
    found = re.search(r"join=([A-Z0-9]{6})", link)
    assert found is not None, link
    return found.group(1)


def test_the_start_form_refuses_what_it_cannot_use(db_url: str) -> None:
    t = open_class()
    submit(t, "class_start_go")
    assert any("Give the class a name" in e.value for e in t.error)
    t.text_input(key=teacher.F_NAME).input("Year 9")
    t.toggle(key=teacher.F_QUIZ).set_value(False)
    submit(t, "class_start_go")
    assert any("Choose the work" in e.value for e in t.error)
    t.toggle(key=teacher.F_QUIZ).set_value(True)
    t.text_input(key=teacher.F_SEED).input("no spaces allowed!")
    submit(t, "class_start_go")
    assert any("cannot be used" in e.value for e in t.error)
    assert state.K_TEACHER_KEY not in t.session_state


def test_the_dashboard_is_a_fragment_that_refreshes_alone() -> None:
    """``st.fragment(run_every=3)``: Streamlit reruns the dashboard alone every 3 s (an
    auto-rerun of its fragment id), never the whole page; "show the class" is a fragment
    of its own that reruns only on its own widget."""
    live = inspect.getclosurevars(dashboard.live).nonlocals
    assert live["run_every"] == dashboard.REFRESH_S == 3
    assert inspect.getclosurevars(dashboard.show_the_class).nonlocals["run_every"] is None


def _left(lang: str) -> Any:
    """What is left untranslated on a page in ``lang``: under the pseudo-locale every text
    not wrapped as a catalog message; in a language, every text with common English words."""
    from test_pseudo_locale import unwrapped

    if lang == PSEUDO:
        return unwrapped
    from test_languages import english_words

    return lambda at, extra=frozenset(): english_words(at, frozenset(extra))


@pytest.mark.parametrize("lang", [PSEUDO, *(x for x in complete_languages() if x != "en")])
def test_the_class_page_speaks_only_through_the_catalog(db_url: str, lang: str) -> None:
    """Under ``qps`` every text of the landing, the teacher's view and dashboard, and a
    pupil's question, feedback and end screen is a catalog message; in Vietnamese and
    Turkish none of them has English left."""
    left = _left(lang)
    t = open_class(lang=lang)
    assert not left(t)
    t.text_input(key=teacher.F_NAME).input("9A")
    t.selectbox(key=teacher.F_LENGTH).set_value(5)
    submit(t, "class_start_go")
    code_shown = {m.value for m in t.markdown if "pq-class-code" in m.value}
    assert not left(t, code_shown)
    code = next(v for v in code_shown).split(">")[1][:6]
    p = open_class(lang=lang, join=code)
    assert not left(p)
    p.text_input(key=state.K_NAME).input("An")
    submit(p, "class_join_as")
    assert not left(p)
    quiz = _board(t).info.work.quiz
    assert quiz is not None
    seed = quiz.seed                                      # drawn: the seed box was empty
    for position in range(5):
        q = generate_question(seed, position, LEVEL, RULES)
        _fill_all(p, q, wrong_answer(q) if position % 2 else q.correct)
        click(p, "class_check")
        assert not left(p), position
        click(p, "class_next")
    assert p.session_state[state.K_ROUND].over
    assert not left(p)
    run(t)
    assert not left(t, code_shown)
    t.selectbox(key=state.K_SHOW).set_value(2)           # show the class question 3
    click(t, "class_show_start")
    assert not left(t, code_shown)
    assert any("pq-cards" in m.value for m in t.markdown)
    click(t, "class_show_reveal")                        # and its answer
    assert not left(t, code_shown)
    assert t.success


def _fill_all(at: AppTest, q: Question, values: dict[str, object]) -> None:
    for f in q.fields:
        _fill(at, _key(at, f.key), f.widget, values[f.key])


def test_refusals_say_every_reason_in_words() -> None:
    from store.class_values import ClassRefused

    for why in Refusal:
        text = state.refusal_text(ClassRefused(why, retry_after=90), typed="ABC")
        assert text and "-" not in text.split()[0]


def test_a_class_whose_time_is_up_is_purged_when_the_app_starts(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Purged at start (the process's first run, any page), not only on the Class page: a
    class made 31 days ago (a fake clock) is gone once Home has run; one made 29 days ago
    stays."""
    from datetime import timedelta

    import ui.storage
    from store import FakeClock, migrate, utc_now

    engine = make_engine(db_url)
    migrate(engine)
    old = ClassStore(engine, clock=FakeClock(utc_now() - timedelta(days=31))).create(
        "Old", WORK_OF_ONE)
    recent = ClassStore(engine, clock=FakeClock(utc_now() - timedelta(days=29))).create(
        "Recent", WORK_OF_ONE)
    monkeypatch.setattr(ui.storage, "_migrated", {})      # a new process
    at = AppTest.from_file(APP, default_timeout=90)
    run(at)                                                   # Home, not the Class page
    with engine.connect() as conn:
        from sqlalchemy import text as sql

        left = {row[0] for row in conn.execute(sql("SELECT code FROM classes"))}
    assert old.code not in left and recent.code in left

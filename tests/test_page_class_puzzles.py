"""AppTest: a class that is a set of puzzles (issue 37; docs/teaching.md). The teacher chooses
a theme, a rating range, how many and the puzzle of the day; the set is drawn once from the
round's code and every pupil gets it; pupils answer by tapping, one answer a pupil and puzzle
(a second is refused); the dashboard and the CSV give the results per puzzle and per pupil."""

from __future__ import annotations

from datetime import date
from typing import Any

from card_taps import tap_card
from streamlit.testing.v1 import AppTest
from test_page_class import (  # noqa: F401 - the autouse fixture
    _board,
    _code_of,
    click,
    join,
    open_class,
    own_database,
    run,
    store_of,
    submit,
)

from academy.puzzles import Puzzle, Question, Theme, catalogue, find, of_the_day, puzzle_set
from store.class_values import ClassRefused, Refusal
from ui.classroom import dashboard, state, teacher
from ui.classroom.items import kind_label

SEED = "42"


def _solve(p: AppTest, pz: Puzzle, right: bool) -> None:
    view = pz.position.view()
    if pz.question is Question.CARD:
        card = pz.answer[0] if right else next(c for c in view.legal if c not in pz.answer)
        run(tap_card(p, "class_puzzle_cards", card))
        return
    cards = pz.answer if right else tuple(c for c in view.hand if c not in pz.answer)[
        :len(pz.answer)]
    for c in cards:
        run(tap_card(p, "class_puzzle_discard", c))
    click(p, "class_puzzle_go")


def _start(t: AppTest) -> None:
    t.text_input(key=teacher.F_NAME).input("Puzzles, Friday")
    t.toggle(key=teacher.F_QUIZ).set_value(False)
    t.text_input(key=teacher.F_SEED).input(SEED)
    t.toggle(key=teacher.F_PUZZLES).set_value(True)
    t.selectbox(key=teacher.F_PZ_THEME).set_value(Theme.LAST_TRICK.value)
    t.selectbox(key=teacher.F_PZ_COUNT).set_value(3)
    t.slider(key=teacher.F_PZ_RATING).set_value((1150, 1600))
    t.checkbox(key=teacher.F_PZ_DAILY).check()
    submit(t, "class_start_go")


def test_a_class_of_puzzles(db_url: str) -> None:
    t = open_class()
    _start(t)
    want = puzzle_set(SEED, 3, theme=Theme.LAST_TRICK, low=1150, high=1600, day=date.today())
    tapped = [p for p in catalogue() if p.question is not Question.SINK]  # no sinking puzzle
    assert len(want) == 4 and want[0] == of_the_day(date.today(), tapped).id
    assert all(find(pid).theme is Theme.LAST_TRICK for pid in want[1:])  # type: ignore[union-attr]
    code = _code_of(t)
    ann, bob = join(code, "Ann"), join(code, "Bob")
    for p in (ann, bob):  # every pupil the same set
        assert p.session_state[state.K_ROUND].puzzles == want
    # Ann: right, wrong, right, skipped; Bob: the first right
    for i, how in enumerate("rwrs"):
        r = ann.session_state[state.K_ROUND]
        assert r.at == i and r.open
        if how == "s":
            click(ann, "class_puzzle_skip")  # a skip goes on at once
            continue
        _solve(ann, r.puzzle(i), how == "r")
        assert [s.value for s in ann.success] == (["Right!"] if how == "r" else [])
        assert bool(ann.error) is (how == "w")
        assert "The answer:" in "\n".join(m.value for m in ann.markdown)
        click(ann, "class_next")
    assert ann.session_state[state.K_ROUND].over
    _solve(bob, bob.session_state[state.K_ROUND].puzzle(0), True)
    # one answer a pupil and puzzle: a second is refused
    classes = store_of(db_url)
    pupil = bob.session_state[state.K_PUPIL]
    try:
        classes.record_answer(pupil, position=0, kind=want[0], outcome="wrong", given={},
                              learner=bob.session_state["_store_learner"])
        raise AssertionError("a second answer was taken")
    except ClassRefused as refused:
        assert refused.refusal is Refusal.ALREADY_ANSWERED
    # the results, per puzzle and per pupil
    board = _board(run(t))
    kinds = board.kinds()
    assert set(kinds) == set(want)
    assert (kinds[want[0]].right, kinds[want[0]].wrong) == (2, 0)
    assert (kinds[want[1]].wrong, kinds[want[3]].skipped) == (1, 1)
    rows = {p.name: (p.answered, p.right, p.wrong, p.skipped) for p in board.pupils}
    assert rows == {"Ann": (4, 2, 1, 1), "Bob": (1, 1, 0, 0)}
    shown = _frame_text(t)
    assert kind_label(want[1]) in shown  # "Puzzle … · The last trick", per puzzle
    titles = dashboard._titles(dashboard._plan(board))
    csv = dashboard.csv_text(board, titles)
    head, *lines = csv.splitlines()
    assert all(kind_label(pid) in head for pid in want)
    assert lines[0].endswith("right,wrong,right,skipped") and lines[1].endswith("right,,,")


def _frame_text(t: AppTest) -> str:
    out: list[str] = []
    for df in t.dataframe:
        value: Any = df.value
        out += [str(v) for v in value.to_numpy().ravel()]
    return "\n".join(out)

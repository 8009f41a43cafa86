"""A live round on the Class page, driven headless with AppTest (SQLite and PostgreSQL): the
teacher starts it from the dashboard, the big screen opens by its display-only token, two
pupils answer on their phones (one right, one wrong, one never), the teacher steps through
the lock, the reveal, the leaderboard and the podium; every page reads the round from the
database. Hostile: the big screen never shows the teacher's key nor the names (unless
allowed), a forged name is shown as text, an answer after the lock is refused in words."""

from __future__ import annotations

from typing import Any

from test_page_class import (  # the Class page's harness
    click,
    every_text,
    join,
    open_class,
    own_database,
    question,
    run,
    start_class,
    texts,
)

from academy.quiz import wrong_answer
from store.live import LiveStore
from ui.classroom import dashboard, live, state
from ui.classroom.store import classes

__all__ = ["own_database"]  # the fixture, used by every test here


def fill(at: Any, k: int, values: dict[str, object]) -> None:
    pupil = at.session_state[state.K_PUPIL]
    for f in question(k).fields:
        key = f"live_a_{pupil.pupil_id}_{k}_{f.key}"
        if f.widget == "cards":
            from ui.components.card_hand import selection_key
            at.session_state[selection_key(key)] = sorted(str(c) for c in values[f.key])
            continue
        for group in (at.radio, at.number_input, at.pills):
            for w in group:
                if w.key == key:
                    v = values[f.key]
                    w.set_value(sorted(v) if isinstance(v, frozenset) else v)


def test_a_live_round_from_lobby_to_podium_on_every_screen() -> None:
    teacher = open_class()
    code, key = start_class(teacher, stages=())
    teacher.session_state[live.F_SECONDS] = 60
    teacher.session_state[live.F_NICKNAMES] = False
    run(teacher)
    click(teacher, "live_start")
    token = teacher.session_state["live_screen_token"]
    assert isinstance(token, str) and token not in (key, code)

    screen = open_class(screen=token)
    assert code in every_text(screen)
    ann = join(code, "Ann")
    bob = join(code, "<b>Bob</b> **x**")
    cat = join(code, "Cat")
    run(screen)
    shown = texts(screen)
    assert "3 pupils joined" in shown
    assert "Ann" not in every_text(screen)  # no names unless the teacher allows them
    assert key not in every_text(screen)

    click(teacher, "live_next")  # question 1
    for phone in (ann, bob, cat):
        run(phone)
        assert "Question 1" in texts(phone)
    q = question(0)
    fill(ann, 0, q.correct)
    click(ann, "live_check")
    assert "Answer sent" in texts(ann)
    fill(bob, 0, wrong_answer(q))
    click(bob, "live_check")
    run(screen)
    assert "2 of 3 answered" in texts(screen)
    for phone in (ann, bob, cat):
        assert key not in every_text(phone)

    fill(cat, 0, q.correct)  # Cat's page still shows the question...
    click(teacher, "live_next")  # ...the lock: Cat's answer now comes too late
    click(cat, "live_check")
    assert "Too late: the answers to this question are locked" in texts(cat)
    assert "Answers are locked" in texts(cat)
    run(screen)
    assert "1 pupil gave no answer." in texts(screen)

    click(teacher, "live_reveal")
    run(ann)
    assert "Right!" in texts(ann)
    run(bob)
    assert "0 points" in texts(bob)
    run(cat)
    assert "unanswered" in texts(cat)
    run(screen)
    assert q.answer in every_text(screen)

    click(teacher, "live_next")  # the leaderboard
    run(screen)
    board = texts(screen)
    assert "Leaderboard" in board and "Pupil 1" in board and "Bob" not in board
    for _ in range(4 * (5 - 1) + 1):
        click(teacher, "live_next")
    run(screen)
    assert "The podium" in texts(screen)
    run(ann)
    assert "Your place: 1" in texts(ann)

    # the CSV has the live round too: Ann right with her points, Bob wrong, Cat unanswered
    access = teacher.session_state[state.K_ACCESS]
    results = LiveStore(classes()).results(access)
    rows = dashboard.csv_text(classes().dashboard(access), (), results).splitlines()
    assert rows[0].endswith("Live question 1,Live points 1,Live points in all")
    points = results[1][0][1]
    assert 500 < points <= 1000
    assert rows[1].endswith(f"right,{points},{points}")
    assert rows[2].endswith("wrong,0,0")
    assert rows[3].endswith(",,,0")


def test_names_on_the_big_screen_only_when_allowed_and_as_text() -> None:
    teacher = open_class()
    code, _key = start_class(teacher, stages=())
    teacher.session_state[live.F_NICKNAMES] = True
    run(teacher)
    click(teacher, "live_start")
    token = teacher.session_state["live_screen_token"]
    join(code, "<b>Bob</b> **x**")
    screen = open_class(screen=token)
    shown = "\n".join(str(m.value) for m in screen.markdown)
    assert "\\<b\\>Bob\\</b\\> \\*\\*x\\*\\*" in shown  # the lobby's names: Markdown-escaped
    for _ in range(4):  # the question, its lock, its reveal, the leaderboard
        click(teacher, "live_next")
    run(screen)
    shown = "\n".join(str(m.value) for m in screen.markdown)
    assert "&lt;b&gt;Bob&lt;/b&gt; **x** · 0" in shown  # a forged name: text in the HTML
    assert "<b>Bob" not in shown


def test_a_revoked_screen_link_shows_nothing_and_a_screen_cannot_drive() -> None:
    teacher = open_class()
    _code, _key = start_class(teacher, stages=())
    click(teacher, "live_start")
    token = teacher.session_state["live_screen_token"]
    screen = open_class(screen=token)
    assert not [b for b in screen.button if b.key and b.key.startswith("live_")]
    click(teacher, "live_revoke")
    run(screen)
    assert "shows nothing" in texts(screen)
    assert LiveStore(classes()).round_for(teacher.session_state[state.K_ACCESS]) is not None

"""A class's live round in the database (store/live.py, academy/live.py): its screens, the
scores, when answers lock, and every refusal — on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import Engine, func, select

from academy.live import (
    LiveState,
    Phase,
    all_answered,
    check_seconds,
    score,
    step_back,
    step_next,
    step_reveal,
)
from store import (
    ClassRefused,
    ClassStore,
    ClassWork,
    FakeClock,
    NewClass,
    Pupil,
    QuizWork,
    Refusal,
    TeacherAccess,
    learner_key,
    migrate,
    new_learner_id,
    schema as t,
)
from store.live import LiveStore, ScreenAccess

WORK = ClassWork(QuizWork(level="beginner", rules="classic", length=3, seed="s-1"), ())
TOTAL = 3


@pytest.fixture()
def classes(engine: Engine, clock: FakeClock) -> ClassStore:
    migrate(engine, clock=clock)
    return ClassStore(engine, clock=clock)


@pytest.fixture()
def live(classes: ClassStore) -> LiveStore:
    return LiveStore(classes)


def refused(call: Callable[[], Any]) -> ClassRefused:
    with pytest.raises(ClassRefused) as caught:
        call()
    return caught.value


class Room:
    """A class with a live round started and some pupils (their learner keys kept)."""

    def __init__(self, classes: ClassStore, live: LiveStore, n: int, *, seconds: int = 20,
                 scores: bool = True) -> None:
        self.new: NewClass = classes.create("Year 9", WORK)
        self.access: TeacherAccess = classes.teacher(self.new.teacher_key, client="t")
        self.token = live.start(self.access, seconds=seconds, nicknames=False, scores=scores)
        self.keys = [learner_key(new_learner_id()) for _ in range(n)]
        self.pupils: list[Pupil] = [classes.join(self.new.code, f"P{i}", learner=k,
                                                 client=f"c{i}")
                                    for i, k in enumerate(self.keys)]
        for p in self.pupils:
            live.seen(p)


def stored(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(t.class_live_answers)) or 0)


# --------------------------------------------------------------------------- pure rules


def test_score_is_1000_times_one_minus_t_over_2T_rounded() -> None:
    assert score(0, 20) == 1000
    assert score(5, 20) == 875
    assert score(20, 20) == 500
    assert score(1, 30) == 983  # 983.33
    assert score(3, 40) == 963  # 962.5 rounds half up
    assert score(-1, 20) == 1000 and score(99, 20) == 500  # clamped to the time allowed


def test_seconds_allowed_are_10_to_120() -> None:
    assert check_seconds(10) == 10 and check_seconds(120) == 120
    for bad in (9, 121, 20.5, True, "20"):
        with pytest.raises(ValueError):
            check_seconds(bad)


def test_screens_run_lobby_questions_reveal_leaderboard_podium_and_never_reopen() -> None:
    s = LiveState(Phase.LOBBY, 0, -1)
    seen = []
    for _ in range(12):
        s = step_next(s, total=2, scores=True)
        seen.append((s.phase.value, s.question))
    assert seen[:9] == [("question", 0), ("locked", 0), ("reveal", 0), ("leaderboard", 0),
                        ("question", 1), ("locked", 1), ("reveal", 1), ("leaderboard", 1),
                        ("podium", 1)]
    assert seen[9:] == [("podium", 1)] * 3
    back = step_back(LiveState(Phase.LOCKED, 1, 1), total=2, scores=True)
    assert (back.phase, back.question) == (Phase.LEADERBOARD, 0)
    # forward again: question 1 was asked, so its lock comes, not its question
    again = step_next(back, total=2, scores=True)
    assert (again.phase, again.question) == (Phase.LOCKED, 1)
    assert step_back(LiveState(Phase.QUESTION, 1, 1), total=2, scores=True).phase is \
        Phase.QUESTION
    no_scores = step_next(LiveState(Phase.REVEAL, 0, 0), total=2, scores=False)
    assert (no_scores.phase, no_scores.question) == (Phase.QUESTION, 1)
    assert step_reveal(LiveState(Phase.QUESTION, 0, 0)).phase is Phase.REVEAL
    assert step_reveal(LiveState(Phase.LOBBY, 0, -1)).phase is Phase.LOBBY


def test_all_answered_needs_someone_present() -> None:
    assert not all_answered([], [])
    assert all_answered([1, 2], [2, 1, 3])
    assert not all_answered([1, 2], [1])


# --------------------------------------------------------------------------- the store


def test_a_right_answer_scores_by_the_servers_time_wrong_scores_zero(
        classes: ClassStore, live: LiveStore, clock: FakeClock, engine: Engine) -> None:
    room = Room(classes, live, 3)
    live.step(room.access, "next", total=TOTAL)
    clock.advance(seconds=4)
    assert live.answer(room.pupils[0], learner=room.keys[0], question=0, outcome="right",
                       given={"a": 1}) == 900
    clock.advance(seconds=6)
    assert live.answer(room.pupils[1], learner=room.keys[1], question=0, outcome="wrong",
                       given={"a": 2}) == 0
    board = live.board(room.access)
    assert board is not None
    assert (board.round.phase, board.joined, board.present, board.answered, board.right,
            board.unanswered) == (Phase.QUESTION, 3, 3, 2, 1, 1)
    assert sorted((g["a"], o, n) for g, o, n in board.distribution) == [
        (1, "right", 1), (2, "wrong", 1)]
    assert stored(engine) == 2
    # the third pupil gives no answer: unanswered (no row), not wrong
    clock.advance(seconds=11)
    after = live.board(room.access)
    assert after is not None and after.round.phase is Phase.LOCKED
    assert stored(engine) == 2
    live.step(room.access, "next", total=TOTAL)  # the lock, stored
    live.step(room.access, "next", total=TOTAL)  # reveal
    board = live.board(room.access)  # leaderboard comes after reveal
    assert board is not None and board.round.phase is Phase.LEADERBOARD
    assert [(s.number, s.points, s.rank) for s in board.standings] == [
        (1, 900, 1), (2, 0, 2), (3, 0, 2)]


def test_answers_lock_at_the_deadline_and_a_late_answer_is_refused_and_not_counted(
        classes: ClassStore, live: LiveStore, clock: FakeClock, engine: Engine) -> None:
    room = Room(classes, live, 2, seconds=10)
    r = live.step(room.access, "next", total=TOTAL)
    assert r.phase is Phase.QUESTION and r.remaining == 10
    clock.advance(seconds=10)
    no = refused(lambda: live.answer(room.pupils[0], learner=room.keys[0], question=0,
                                     outcome="right", given={}))
    assert no.refusal is Refusal.TOO_LATE
    assert stored(engine) == 0
    round_ = live.round_for(room.pupils[0])
    assert round_ is not None and round_.phase is Phase.LOCKED and round_.remaining == 0


def test_answers_lock_when_every_pupil_seen_in_the_last_30_s_answered(
        classes: ClassStore, live: LiveStore, clock: FakeClock) -> None:
    room = Room(classes, live, 3, seconds=60)
    clock.advance(seconds=31)  # the third pupil's page went away
    live.seen(room.pupils[0])
    live.seen(room.pupils[1])
    live.step(room.access, "next", total=TOTAL)
    live.answer(room.pupils[0], learner=room.keys[0], question=0, outcome="right", given={})
    r = live.round_for(room.access)
    assert r is not None and r.phase is Phase.QUESTION
    live.answer(room.pupils[1], learner=room.keys[1], question=0, outcome="wrong", given={})
    r = live.round_for(room.access)
    assert r is not None and r.phase is Phase.LOCKED
    late = refused(lambda: live.answer(room.pupils[2], learner=room.keys[2], question=0,
                                       outcome="right", given={}))
    assert late.refusal is Refusal.TOO_LATE


def test_an_answer_before_the_question_is_shown_or_for_another_is_refused(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 1)
    p, k = room.pupils[0], room.keys[0]
    assert refused(lambda: live.answer(p, learner=k, question=0, outcome="right", given={})
                   ).refusal is Refusal.NOT_ASKED  # the lobby
    live.step(room.access, "next", total=TOTAL)
    assert refused(lambda: live.answer(p, learner=k, question=1, outcome="right", given={})
                   ).refusal is Refusal.NOT_ASKED
    assert stored(engine) == 0


def test_a_pupil_answering_twice_from_two_tabs_is_stored_once(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 2)
    live.step(room.access, "next", total=TOTAL)
    p, k = room.pupils[0], room.keys[0]
    results: list[object] = []

    def tab(outcome: str) -> None:
        try:
            results.append(live.answer(p, learner=k, question=0, outcome=outcome, given={}))
        except ClassRefused as no:
            results.append(no.refusal)

    tabs = [threading.Thread(target=tab, args=(o,)) for o in ("right", "wrong", "right")]
    for th in tabs:
        th.start()
    for th in tabs:
        th.join()
    assert results.count(Refusal.ALREADY_ANSWERED) == 2
    assert stored(engine) == 1


def test_another_learners_key_cannot_answer_for_a_pupil(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 2)
    live.step(room.access, "next", total=TOTAL)
    no = refused(lambda: live.answer(room.pupils[0], learner=room.keys[1], question=0,
                                     outcome="right", given={}))
    assert no.refusal is Refusal.GONE
    assert stored(engine) == 0


def test_a_big_screen_token_shows_but_never_drives_and_can_be_revoked(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 1)
    screen = live.screen(room.token)
    assert isinstance(screen, ScreenAccess)
    for action in ("next", "back", "reveal"):
        no = refused(lambda a=action: live.step(screen, a, total=TOTAL))  # type: ignore
        assert no.refusal is Refusal.UNKNOWN_KEY
    for call in (lambda: live.start(screen, seconds=20, nicknames=True,  # type: ignore
                                    scores=True),
                 lambda: live.revoke_screen(screen),  # type: ignore
                 lambda: live.new_screen(screen),  # type: ignore
                 lambda: live.results(screen)):  # type: ignore
        assert refused(call).refusal is Refusal.UNKNOWN_KEY
    forged = ScreenAccess(screen.class_id)  # not made by the store: drives nothing either
    assert refused(lambda: live.board(forged)).refusal is Refusal.UNKNOWN_KEY  # type: ignore
    r = live.round_for(room.access)
    assert r is not None and r.phase is Phase.LOBBY
    # the token is kept only as a hash
    with engine.connect() as conn:
        assert room.token not in str(conn.execute(select(t.class_live)).all())
    # the join code and the teacher's key open no screen
    for other in (room.new.code, room.new.teacher_key, room.token + "x"):
        assert refused(lambda o=other: live.screen(o)).refusal is Refusal.UNKNOWN_KEY
    live.revoke_screen(room.access)
    assert refused(lambda: live.screen(room.token)).refusal is Refusal.UNKNOWN_KEY
    assert refused(lambda: live.board(screen)).refusal is Refusal.UNKNOWN_KEY
    fresh = live.new_screen(room.access)
    assert live.screen(fresh).class_id == screen.class_id


def test_an_answer_after_the_teacher_moved_on_or_closed_the_class_is_refused(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 2)
    live.step(room.access, "next", total=TOTAL)
    live.step(room.access, "reveal", total=TOTAL)
    assert refused(lambda: live.answer(room.pupils[0], learner=room.keys[0], question=0,
                                       outcome="right", given={})).refusal is Refusal.TOO_LATE
    # back and next never reopen question 0
    live.step(room.access, "back", total=TOTAL)
    r = live.step(room.access, "back", total=TOTAL)
    assert r.phase is Phase.LOBBY
    r = live.step(room.access, "next", total=TOTAL)
    assert (r.phase, r.question) == (Phase.LOCKED, 0)
    for _ in range(3):
        r = live.step(room.access, "next", total=TOTAL)
    assert (r.phase, r.question) == (Phase.QUESTION, 1)
    classes.close(room.access)
    assert refused(lambda: live.answer(room.pupils[0], learner=room.keys[0], question=1,
                                       outcome="right", given={})).refusal is Refusal.CLOSED
    assert stored(engine) == 0


def test_a_removed_or_forgotten_pupil_takes_their_live_rows_along(
        classes: ClassStore, live: LiveStore, engine: Engine) -> None:
    room = Room(classes, live, 2)
    live.step(room.access, "next", total=TOTAL)
    live.answer(room.pupils[0], learner=room.keys[0], question=0, outcome="right", given={})
    live.answer(room.pupils[1], learner=room.keys[1], question=0, outcome="right", given={})
    classes.remove_pupil(room.access, 1)
    assert stored(engine) == 1
    assert set(live.results(room.access)) == {2}
    classes.delete(room.access)
    assert stored(engine) == 0
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.class_live)) == 0
        assert conn.scalar(select(func.count()).select_from(t.class_live_seen)) == 0


def test_a_press_delivered_twice_steps_once(classes: ClassStore, live: LiveStore,
                                            clock: FakeClock) -> None:
    room = Room(classes, live, 1, seconds=10)
    r = live.step(room.access, "next", total=TOTAL, seen=(Phase.LOBBY, 0))
    assert (r.phase, r.question) == (Phase.QUESTION, 0)
    again = live.step(room.access, "next", total=TOTAL, seen=(Phase.LOBBY, 0))
    assert (again.phase, again.question) == (Phase.QUESTION, 0)  # not locked by the echo
    clock.advance(seconds=10)  # locked by its deadline while the page showed the question
    r = live.step(room.access, "next", total=TOTAL, seen=(Phase.QUESTION, 0))
    assert r.phase is Phase.LOCKED  # Next meant "lock": it is, nothing more
    r = live.step(room.access, "reveal", total=TOTAL, seen=(Phase.QUESTION, 0))
    assert r.phase is Phase.REVEAL

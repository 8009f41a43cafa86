""""Forget me" forgets the learner's classes too: the store on SQLite and a real PostgreSQL
(the ``db_url`` fixture of tests/store_fixtures.py), then the whole app (AppTest).

- :class:`store.Forget` deletes the learner's pupils in every class with their answers (and
  the wrong tries counted under their browser), in the transaction that deletes their
  progress; other learners' rows, the teacher's classes and the other pupils stay exactly
  as they were.
- What the teacher's dashboard then shows: the pupil is no longer listed, and every count
  (pupils, answers, the grid, the questions missed most, the success per kind) is over the
  pupils that are left; the others keep their numbers.
- The forgotten pupil's open tab: its next Check (or Next) is refused as GONE with
  ``{"pupil": True}`` while the class stays, said in words with the name box to join again;
  a concurrent answer or a teacher's Delete neither deadlocks nor breaks the forget.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import Engine, func, select
from streamlit.testing.v1 import AppTest
from test_page_class import (
    CLASS,
    answer_quiz,
    click,
    frame,
    join,
    open_class,
    own_database,  # noqa: F401 - the autouse fixture: the app's database is the test's own
    play,
    question,
    run,
    start_class,
    store_of,
)

from store import (
    AnswerGiven,
    ClassRefused,
    ClassStore,
    ClassWork,
    FakeClock,
    Forget,
    ItemSeen,
    LearnerKey,
    NewClass,
    Pupil,
    QuizWork,
    Refusal,
    RoundStarted,
    SavePartie,
    SaveSettings,
    Store,
    client_subject,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
    schema as t,
)
from store.class_values import learner_client
from store.progress import forgotten_mark
from ui.classroom import state

WORK = ClassWork(QuizWork(level="beginner", rules="classic", length=10, seed="s-1"), ())


def me() -> LearnerKey:
    return learner_key(new_learner_id())


@pytest.fixture()
def stores(engine: Engine, clock: FakeClock) -> tuple[Store, ClassStore]:
    migrate(engine, clock=clock)
    return Store(engine, clock=clock), ClassStore(engine, clock=clock)


def rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, by table (the ids and moments included)."""
    with engine.connect() as conn:
        return {table.name: sorted(tuple(r) for r in conn.execute(select(table)))
                for table in t.metadata.sorted_tables if table is not t.schema_version}


def answer(classes: ClassStore, pupil: Pupil, key: str, outcomes: str) -> None:
    """The pupil answers positions 0, 1, … : r(ight), w(rong), s(kipped)."""
    for position, how in enumerate(outcomes):
        outcome = {"r": "right", "w": "wrong", "s": "skipped"}[how]
        classes.record_answer(pupil, position=position, kind=("point", "sequence")[position % 2],
                              outcome=outcome, given={"p": position}, learner=key,
                              state={"at": position + 1})


def progress(store: Store, clock: FakeClock, key: LearnerKey) -> None:
    store.apply(key, [
        SaveSettings(clock(), preset="cavendish"),
        ItemSeen(clock(), "stage", "04-point/1", right=False),
        RoundStarted(clock(), "r1", 3),
        AnswerGiven(clock(), "r1", 0, "point", "right"),
        SavePartie(clock(), {"deal": 2}),
    ])


def classroom(classes: ClassStore, name: str, *pupils: tuple[str, LearnerKey, str]
              ) -> tuple[NewClass, dict[str, Pupil]]:
    new = classes.create(name, WORK)
    joined = {}
    for who, key, outcomes in pupils:
        joined[who] = classes.join(new.code, who, learner=key, client=who)
        answer(classes, joined[who], key, outcomes)
    return new, joined


def test_forget_deletes_the_learners_pupils_and_answers_in_every_class(
    stores: tuple[Store, ClassStore], engine: Engine, clock: FakeClock
) -> None:
    store, classes = stores
    ann, bob, cem = me(), me(), me()
    for key in (ann, bob, cem):
        progress(store, clock, key)
    maths, _ = classroom(classes, "Maths", ("Ann", ann, "rwr"), ("Bob", bob, "wws"),
                         ("Cem", cem, "r"))
    cards, _ = classroom(classes, "Cards", ("Bob", bob, "r"), ("Ann", ann, "ww"))
    alone, _ = classroom(classes, "Alone", ("Ann", ann, "s"))
    untouched, _ = classroom(classes, "Others", ("Bob", bob, "rr"))
    for who in (ann, bob):  # a wrong code typed in each browser, from one school network
        with pytest.raises(ClassRefused):
            classes.find("ZZZZZZ", client=learner_client(who), network="10.0.0.1")
    before = rows(engine)

    store.apply(ann, [Forget(clock())])

    after = rows(engine)
    pupils_of_ann = {r[0] for r in before["class_pupils"] if r[2] == ann}
    assert len(pupils_of_ann) == 3
    assert not any(r[2] == ann for r in after["class_pupils"])
    assert not any(r[2] in pupils_of_ann for r in after["class_answers"])
    assert ann not in repr(after)  # no row anywhere carries her key
    # every other row is exactly as it was: the other learners, the classes, the pupils
    # left (with their numbers) and their answers, the wrong tries
    for name, table_rows in before.items():
        if name == "class_pupils":
            assert after[name] == [r for r in table_rows if r[2] != ann]
        elif name == "class_answers":
            assert after[name] == [r for r in table_rows if r[2] not in pupils_of_ann]
        elif name == "class_attempts":  # her browser's wrong tries go, the rest stay
            hers = client_subject(learner_client(ann))
            assert sum(r[2] == hers for r in table_rows) == 1
            assert after[name] == [r for r in table_rows if r[2] != hers]
            assert len([r for r in after[name] if r[1] != "join"]) == 5  # Bob's browser,
            # the network twice, the code twice (and the joins, per address and class)
        elif name == "classes":
            assert after[name] == table_rows
        elif name == "forgotten":  # her mark, a hash of her key, so no tab writes her back
            assert table_rows == [] and [r[0] for r in after[name]] == [forgotten_mark(ann)]
        elif name == "applied_writes":  # random ids, no learner: the Forget's is added
            assert len(after[name]) == len(table_rows) + 1
            assert set(table_rows) < set(after[name])
        else:  # the progress tables: every row of Bob and Cem stays
            assert after[name] == [r for r in table_rows if ann not in r]
    for key in (bob, cem):
        assert store.known(key) and store.partie(key) == {"deal": 2}
    assert not store.known(ann) and store.partie(ann) is None

    def board(new: NewClass) -> Any:
        return classes.dashboard(classes.teacher(new.teacher_key, client="teacher"))

    maths_board = board(maths)
    assert [(p.number, p.name, p.answered, p.right, p.wrong, p.skipped)
            for p in maths_board.pupils] == [(2, "Bob", 3, 0, 2, 1), (3, "Cem", 1, 1, 0, 0)]
    assert len(maths_board.answers) == sum(p.answered for p in maths_board.pupils) == 4
    assert {a.number for a in maths_board.answers} == {2, 3}
    assert maths_board.cell(1, 0) is None  # Ann's cells are empty, not stale
    assert maths_board.missed_most(5) == ((0, 1, 2), (1, 1, 1))
    totals = maths_board.kinds()
    assert sum(k.right + k.wrong + k.skipped for k in totals.values()) == 4
    assert [(p.number, p.name) for p in board(cards).pupils] == [(1, "Bob")]
    assert board(alone).pupils == () and board(alone).answers == ()  # the class stays
    assert [p.answered for p in board(untouched).pupils] == [2]


def test_a_forgotten_pupils_tab_is_told_the_class_stays_and_may_join_again(
    stores: tuple[Store, ClassStore], clock: FakeClock
) -> None:
    store, classes = stores
    ann, bob = me(), me()
    new, pupils = classroom(classes, "Y", ("Ann", ann, "r"), ("Bob", bob, "r"))
    store.apply(ann, [Forget(clock())])
    for call in (
        lambda: classes.record_answer(pupils["Ann"], position=1, kind="point",
                                      outcome="right", given={}, learner=ann),
        lambda: classes.save_state(pupils["Ann"], {"at": 2}),
    ):
        with pytest.raises(ClassRefused) as caught:
            call()
        assert caught.value.refusal is Refusal.GONE and caught.value.values == {"pupil": True}
    # another's key on a pupil who is there says the same: nothing tells it she exists
    with pytest.raises(ClassRefused) as caught:
        classes.record_answer(pupils["Bob"], position=1, kind="point", outcome="right",
                              given={}, learner=ann)
    assert caught.value.values == {"pupil": True}
    assert classes.pupil(new.class_id, learner=ann) is None
    again = classes.join(new.code, "Ann", learner=ann, client="ann")  # her name is free
    assert (again.number, again.state) == (3, None) and again.pupil_id != pupils["Ann"].pupil_id
    # once the class itself is deleted, GONE says nothing of a pupil
    classes.delete(classes.teacher(new.teacher_key, client="teacher"))
    with pytest.raises(ClassRefused) as caught:
        classes.save_state(pupils["Bob"], {"at": 2})
    assert caught.value.refusal is Refusal.GONE and caught.value.values == {}


def test_forget_is_one_transaction_with_the_progress(
    stores: tuple[Store, ClassStore], engine: Engine, clock: FakeClock
) -> None:
    store, classes = stores
    ann = me()
    progress(store, clock, ann)
    classroom(classes, "Y", ("Ann", ann, "rw"))
    before = rows(engine)

    class Failing(Store):
        def _forget(self, conn: Any, key: LearnerKey, at: Any) -> None:
            super()._forget(conn, key, at)
            raise RuntimeError("after the deletes, before the commit")

    with pytest.raises(RuntimeError):
        Failing(engine, clock=clock).apply(ann, [Forget(clock())])
    assert rows(engine) == before  # nothing deleted: neither the progress nor the class rows


def test_forget_racing_answers_and_a_teacher_delete(
    stores: tuple[Store, ClassStore], engine: Engine, clock: FakeClock
) -> None:
    """Real threads on real connections: a forget while the learner's tabs answer in two
    classes and the teacher deletes one of them; every call ends (stored, or refused in
    words), no deadlock, and afterwards no row of the learner is left."""
    store, classes = stores
    ann, bob = me(), me()
    kept, kept_pupils = classroom(classes, "Kept", ("Ann", ann, ""), ("Bob", bob, "r"))
    doomed, doomed_pupils = classroom(classes, "Doomed", ("Ann", ann, ""), ("Bob", bob, ""))
    errors: list[BaseException] = []
    refusals: list[str] = []
    go = threading.Barrier(4)

    def tab(pupil: Pupil) -> None:
        go.wait()
        for position in range(10):
            try:
                classes.record_answer(pupil, position=position, kind="point",
                                      outcome="right", given={}, learner=ann)
            except ClassRefused as refused:
                refusals.append(refused.refusal.value)
                return

    def forget() -> None:
        go.wait()
        store.apply(ann, [Forget(clock())])

    def teacher() -> None:
        go.wait()
        classes.delete(classes.teacher(doomed.teacher_key, client="teacher"))

    def guarded(target: Any, *args: Any) -> threading.Thread:
        def body() -> None:
            try:
                target(*args)
            except BaseException as error:  # reported below
                errors.append(error)
        return threading.Thread(target=body)

    threads = [guarded(tab, kept_pupils["Ann"]), guarded(tab, doomed_pupils["Ann"]),
               guarded(forget), guarded(teacher)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []
    assert set(refusals) <= {"gone"}
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.class_pupils)
                           .where(t.class_pupils.c.learner == ann)) == 0
        assert conn.scalar(select(func.count()).select_from(t.class_answers)) == 1  # Bob's
        assert conn.scalar(select(func.count()).select_from(t.classes)) == 1
    board = classes.dashboard(classes.teacher(kept.teacher_key, client="teacher"))
    assert [(p.name, p.answered) for p in board.pupils] == [("Bob", 1)]


# --------------------------------------------------------------------------- the app
# The Class page's harness is tests/test_page_class.py's (a new AppTest a browser tab), and
# so is its autouse fixture: every test here has a database of its own.


def forget(at: AppTest) -> AppTest:
    """Forget me on the Progress page of this tab, confirmed; the texts said on the way."""
    at.switch_page("app_pages/progress.py")
    run(at)
    assert any("answers you gave in classes" in c.value for c in at.caption)
    click(at, "progress_forget")
    assert any("every class you joined" in e.value for e in at.error)
    click(at, "progress_forget_yes")
    assert any("answers in classes" in s.value for s in at.success)
    return at


def dashboard(at: AppTest) -> dict[str, Any]:
    """What the teacher's dashboard shows, as numbers to compare."""
    run(at)
    pupils = frame(at, {"Pupil", "Progress", "Score"})
    grid = frame(at, {"Pupil", "Q1"})
    kinds = frame(at, {"Kind", "Right", "Wrong", "Skipped"})
    marks = [str(v) for col in grid.columns if col != "Pupil" for v in grid[col] if v]
    return {
        "metrics": [m.value for m in at.metric][:2],
        "pupils": list(pupils["Pupil"]),
        "progress": list(pupils["Progress"]),
        "grid": list(grid["Pupil"]),
        "marks": len(marks),
        "kinds": int(kinds[["Right", "Wrong", "Skipped"]].to_numpy().sum()),
    }


def tries(url: str, subject: str) -> int:
    """The wrong tries counted under ``subject``."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(select(func.count()).select_from(t.class_attempts)
                                   .where(t.class_attempts.c.subject == subject)) or 0)
    finally:
        engine.dispose()


def test_a_pupil_answers_forgets_and_the_dashboard_adds_up(db_url: str) -> None:
    host = open_class()
    code, key = start_class(host, stages=())
    click(host, "class_bookmarked")
    ids = {"Ann": new_learner_id(), "Bao": new_learner_id()}
    pupils = {name: play(join(code, name, ids[name]), plan)
              for name, plan in (("Ann", "rw"), ("Bao", "wrs"))}
    assert dashboard(host) == {"metrics": ["2 / 60", "5"], "pupils": ["Ann", "Bao"],
                               "progress": ["2 / 5", "3 / 5"], "grid": ["Ann", "Bao"],
                               "marks": 5, "kinds": 5}

    wrong = open_class(ids["Ann"], join="ZZZZZZ")  # a wrong code typed in Ann's browser
    assert any("No class has the code" in e.value for e in wrong.error)
    hers = client_subject(learner_client(learner_key(ids["Ann"])))
    assert tries(db_url, hers) == 1

    forget(wrong)  # another tab of Ann's browser

    assert tries(db_url, hers) == 0

    after = {"metrics": ["1 / 60", "3"], "pupils": ["Bao"], "progress": ["3 / 5"],
             "grid": ["Bao"], "marks": 3, "kinds": 3}
    assert dashboard(host) == after
    missed = frame(host, {"Question", "Wrong", "Answered"})
    assert list(missed["Wrong"]) == [1] and list(missed["Answered"]) == [1]
    classes = store_of(db_url)
    board = classes.dashboard(classes.teacher(key, client="t"))
    assert len(board.answers) == sum(p.answered for p in board.pupils) == 3

    # Ann's class tab, mid-round: its next Check is refused in words (no traceback), the
    # page offers to join again, and nothing was stored
    ann = pupils["Ann"]
    assert ann.session_state[state.K_ROUND].at == 2
    answer_quiz(ann, question(2).correct)
    assert not ann.exception
    assert [e.value for e in ann.error] == [
        "You are no longer in this class: your name and answers in it were deleted with "
        "“Forget me” on My progress. To go on, join it again."]
    assert state.K_PUPIL not in ann.session_state
    assert ann.text_input(key=state.K_NAME)
    assert dashboard(host) == after


def test_forget_in_the_pupils_own_session_leaves_the_class_page_joinable(db_url: str) -> None:
    code, key = start_class(open_class(), stages=())
    at = play(join(code, "Dee"), "r")
    assert state.K_PUPIL in at.session_state
    forget(at)
    assert state.K_PUPIL not in at.session_state and state.K_ROUND not in at.session_state
    at.switch_page(CLASS)
    at.query_params["join"] = code
    run(at)
    assert not at.error
    assert at.text_input(key=state.K_NAME)  # a fresh learner: asked for a name again
    classes = store_of(db_url)
    assert classes.dashboard(classes.teacher(key, client="t")).pupils == ()

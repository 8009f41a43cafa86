"""The classes a teacher runs (store/classes.py): the same tests on SQLite and PostgreSQL.

The ``db_url``/``engine``/``clock`` fixtures (tests/store_fixtures.py) run each test on a fresh
SQLite file and on a fresh database of a throw-away PostgreSQL cluster (skipped locally when
PostgreSQL is missing, a failure under CI=true).
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from sqlalchemy import Engine, event, func, select, text
from sqlalchemy.exc import IntegrityError

from store import (
    CODE_ALPHABET,
    CODE_LEN,
    NAME_MAX,
    ClassRefused,
    ClassStore,
    ClassWork,
    FakeClock,
    KindTotals,
    LearnerKey,
    NewClass,
    Pupil,
    QuizWork,
    Refusal,
    TeacherAccess,
    clean_name,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
    normalise_code,
    schema as t,
)

WORK = ClassWork(QuizWork(level="beginner", rules="classic", length=10, seed="s-1"),
                 ("04-point/2",))
CLASS_TABLES = (t.classes, t.class_pupils, t.class_answers, t.class_attempts)


@pytest.fixture()
def classes(engine: Engine, clock: FakeClock) -> ClassStore:
    migrate(engine, clock=clock)
    return ClassStore(engine, clock=clock)


def me() -> LearnerKey:
    return learner_key(new_learner_id())


def refused(call: Callable[[], Any]) -> ClassRefused:
    with pytest.raises(ClassRefused) as caught:
        call()
    return caught.value


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {
            table.name: int(conn.scalar(select(func.count()).select_from(table)) or 0)
            for table in CLASS_TABLES
        }


def dump(engine: Engine) -> str:
    """Every row of every table of the store, as text."""
    lines: list[str] = []
    with engine.connect() as conn:
        for table in t.metadata.sorted_tables:
            lines += [f"{table.name} {tuple(row)!r}" for row in conn.execute(select(table))]
    return "\n".join(lines)


def join(classes: ClassStore, new: NewClass, name: str, learner: str | None = None,
         client: str = "c") -> Pupil:
    return classes.join(new.code, name, learner=learner or me(), client=client)


# --------------------------------------------------------------------------- create


def test_create_gives_a_typable_code_and_a_long_secret_key_stored_only_as_a_hash(
    classes: ClassStore, engine: Engine
) -> None:
    made = [classes.create(f"Class {i}", WORK) for i in range(40)]
    for new in made:
        assert len(new.code) == CODE_LEN == 6
        assert set(new.code) <= set(CODE_ALPHABET)
        assert not set(new.code) & set("0O1IL")
        assert re.fullmatch(r"[A-Za-z0-9_-]+", new.teacher_key)
        assert len(new.teacher_key) * 6 >= 128  # URL-safe base64: 6 bits a character
        assert new.teacher_key not in repr(new)
    assert len({n.code for n in made}) == len({n.teacher_key for n in made}) == 40
    everything = dump(engine)
    for new in made:
        assert new.teacher_key not in everything
        assert new.code in everything
    info = classes.find(made[0].code, client="c")
    assert (info.name, info.work, info.language, info.max_pupils, info.closed) == (
        "Class 0", WORK, "en", 60, False)
    assert (info.expires_at - info.created_at).days == 30


def test_create_refuses_what_cannot_be_a_class(classes: ClassStore) -> None:
    assert refused(lambda: classes.create("  ", WORK)).refusal is Refusal.NAME_EMPTY
    assert refused(lambda: classes.create("x" * 61, WORK)).refusal is Refusal.NAME_TOO_LONG
    with pytest.raises(ValueError):
        classes.create("A", WORK, max_pupils=0)
    with pytest.raises(ValueError):
        classes.create("A", WORK, language="")
    with pytest.raises(ValueError):
        ClassWork(None, ())
    with pytest.raises(ValueError):
        QuizWork("beginner", "classic", 0, "s")


@pytest.mark.parametrize("data", [
    None, [], {"quiz": None, "stages": []}, {"quiz": "x"}, {"quiz": {"length": "9"}},
    {"quiz": None, "stages": "04-point/2"}, {"quiz": None, "stages": [3]},
])
def test_work_from_broken_json_is_refused(data: Any) -> None:
    with pytest.raises(ValueError):
        ClassWork.from_json(data)


def test_work_round_trips_through_json() -> None:
    for work in (WORK, ClassWork(None, ("01-cards/1",)), ClassWork(WORK.quiz, ())):
        assert ClassWork.from_json(work.to_json()) == work


# --------------------------------------------------------------------------- find, join


def test_find_join_and_resume(classes: ClassStore) -> None:
    new = classes.create("Year 9", WORK)
    other = classes.create("Year 10", WORK)
    ann_key, bob_key = me(), me()
    dashed = f" {new.code[:3].lower()}-{new.code[3:]} "
    assert classes.find(dashed, client="c").class_id == new.class_id
    ann = classes.join(dashed, "Ann", learner=ann_key, client="c")
    bob = classes.join(new.code, "Bob", learner=bob_key, client="c")
    assert (ann.number, ann.name, bob.number, bob.name) == (1, "Ann", 2, "Bob")
    again = classes.join(new.code, "Someone Else", learner=ann_key, client="other tab")
    assert again == ann  # the same pupil; the name given is ignored
    assert classes.join(new.code, "", learner=bob_key, client="c") == bob
    assert classes.pupil(new.class_id, learner=ann_key) == ann
    assert classes.pupil(other.class_id, learner=ann_key) is None
    elsewhere = classes.join(other.code, "Ann", learner=ann_key, client="c")
    assert elsewhere.number == 1 and elsewhere.pupil_id != ann.pupil_id
    assert refused(lambda: classes.find("ABC", client="c")).refusal is Refusal.BAD_CODE
    assert refused(lambda: classes.find("ZZZZZZ", client="c")).refusal is Refusal.UNKNOWN_CODE
    assert refused(lambda: classes.find(None, client="c")).refusal is Refusal.BAD_CODE


def test_normalise_code() -> None:
    assert normalise_code(" ab-c 234\t") == "ABC234"
    for bad in ("ABC23", "ABC2345", "ABC10O", "ABCIL2", 123456, None, "ÄBC234", "A" * 100):
        assert normalise_code(bad) is None


def test_pupil_state_is_kept_for_a_resume(classes: ClassStore) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    classes.save_state(pupil, {"at": 3, "round": [1, 2]})
    assert classes.join(new.code, "x", learner=key, client="c").state == {"at": 3, "round": [1, 2]}
    classes.record_answer(pupil, position=3, kind="point", outcome="right", given={"v": 1},
                          learner=key, state={"at": 4})
    resumed = classes.pupil(new.class_id, learner=key)
    assert resumed is not None and resumed.state == {"at": 4}


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(("typed", "kept"), [
    ("<script>alert(1)</script>", "<script>alert(1)</script>"),  # text, never HTML
    ("**Bold** [link](http://x)", "**Bold** [link](http://x)"),  # nor Markdown
    ("  Ann   \n Lee\t", "Ann Lee"),
    ("زينب", "زينب"),  # right-to-left letters kept
    ("שרה כהן", "שרה כהן"),
    ("\u202eevil\u202c Ann", "evil Ann"),  # bidi overrides dropped
    ("A\u2066n\u2069n\u200e\u200f", "Ann"),
    ("A\u200bn\ufeffn\u00ad", "Ann"),  # zero-width characters dropped
    ("Ann 🎉🦊", "Ann 🎉🦊"),  # emoji kept
    ("Dev 👩\u200d💻", "Dev 👩\u200d💻"),  # with the joiner inside an emoji sequence
    ("e\u0301", "é"),  # NFC
    ("Ann\x00\x07\x1b[31m", "Ann[31m"),
])
def test_names_are_cleaned_not_interpreted(classes: ClassStore, typed: str, kept: str) -> None:
    assert clean_name(typed) == kept
    new = classes.create("Y", WORK)
    assert join(classes, new, typed).name == kept


@pytest.mark.parametrize(("typed", "why"), [
    ("", Refusal.NAME_EMPTY), ("   \t\n", Refusal.NAME_EMPTY),
    ("\u200b\u202e\u2066", Refusal.NAME_EMPTY), ("\u3164", Refusal.NAME_EMPTY),
    (None, Refusal.NAME_EMPTY), (42, Refusal.NAME_EMPTY),
    ("x" * 200, Refusal.NAME_TOO_LONG), ("x" * (NAME_MAX + 1), Refusal.NAME_TOO_LONG),
    ("🎉" * 31, Refusal.NAME_TOO_LONG), ("y" * 100_000, Refusal.NAME_TOO_LONG),
])
def test_bad_names_are_refused_never_truncated(
    classes: ClassStore, engine: Engine, typed: Any, why: Refusal
) -> None:
    new = classes.create("Y", WORK)
    error = refused(lambda: join(classes, new, typed))
    assert error.refusal is why
    if why is Refusal.NAME_TOO_LONG:
        assert error.values == {"limit": NAME_MAX}
    assert counts(engine)["class_pupils"] == 0
    assert join(classes, new, "x" * NAME_MAX).name == "x" * NAME_MAX


@pytest.mark.parametrize("again", [
    "Ann", "ann", "ANN", "  ann  ", "Ａｎｎ", "A\u200bnn", "\u202eANN",
])
def test_a_taken_name_is_refused(classes: ClassStore, engine: Engine, again: str) -> None:
    new = classes.create("Y", WORK)
    join(classes, new, "Ann")
    error = refused(lambda: join(classes, new, again))
    assert error.refusal is Refusal.NAME_TAKEN
    assert counts(engine)["class_pupils"] == 1
    assert join(classes, new, "Anne").number == 2  # the next number is not skipped
    # the same name in another class is fine
    assert join(classes, classes.create("Z", WORK), again).number == 1


def test_names_with_long_folded_forms_fit_the_name_key(classes: ClassStore) -> None:
    new = classes.create("Y", WORK)
    wide = "\ufdfa" * 30  # each one folds to 18 letters under NFKC
    assert join(classes, new, wide).name == wide
    assert refused(lambda: join(classes, new, wide)).refusal is Refusal.NAME_TAKEN


_SAFE = st.text(st.characters(codec="utf-8"), max_size=60)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_SAFE)
def test_clean_name_properties(raw: str) -> None:
    try:
        name = clean_name(raw)
    except ClassRefused as error:
        assert error.refusal in (Refusal.NAME_EMPTY, Refusal.NAME_TOO_LONG)
        return
    assert 0 < len(name) <= NAME_MAX
    assert name == name.strip() and "  " not in name
    assert unicodedata.is_normalized("NFC", name)
    assert all(c == " " or not c.isspace() for c in name)
    for at, char in enumerate(name):
        if unicodedata.category(char)[0] == "C":
            assert char == "\u200d" and 0 < at < len(name) - 1
    assert clean_name(name) == name  # idempotent
    assert clean_name(f" \u202e{raw}\t\u200b ") == name


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(st.characters(categories=("L", "N")), min_size=1, max_size=NAME_MAX))
def test_clean_name_keeps_plain_names(raw: str) -> None:
    plain = unicodedata.normalize("NFC", raw)
    if not any(c in "\u115f\u1160\u3164\uffa0" for c in plain):  # fillers that draw nothing
        assert clean_name(raw) == plain


# --------------------------------------------------------------------------- full, closed


def test_a_full_class_refuses_a_new_pupil_but_resumes_one(
    classes: ClassStore, engine: Engine
) -> None:
    new = classes.create("Y", WORK, max_pupils=2)
    first = me()
    join(classes, new, "A", first)
    join(classes, new, "B")
    error = refused(lambda: join(classes, new, "C"))
    assert (error.refusal, error.values) == (Refusal.FULL, {"limit": 2})
    assert classes.join(new.code, "Z", learner=first, client="c").number == 1
    assert counts(engine)["class_pupils"] == 2


def test_a_join_flood_fills_the_class_and_no_more(
    classes: ClassStore, engine: Engine, clock: FakeClock
) -> None:
    new = classes.create("Y", WORK)
    outcomes: list[int | Refusal] = []
    for i in range(70):
        try:
            outcomes.append(join(classes, new, f"Pupil {i}", client=f"client-{i}").number)
        except ClassRefused as error:
            outcomes.append(error.refusal)
        clock.advance(seconds=0.15)  # the pace one address may bring new pupils at
    assert outcomes[:60] == list(range(1, 61))
    assert outcomes[60:] == [Refusal.FULL] * 10
    assert counts(engine)["class_pupils"] == 60


def test_concurrent_joins_number_pupils_uniquely_and_never_over_max(
    classes: ClassStore, engine: Engine
) -> None:
    """20 joins at once (threads; on a file SQLite and on PostgreSQL), four of them by one
    learner in four tabs, into a class of 12."""
    new = classes.create("Y", WORK, max_pupils=12)
    twice = me()
    results: dict[int, int | Refusal] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(20)
    lock = threading.Lock()

    def pupil(i: int) -> None:
        learner = twice if i < 4 else me()
        start.wait()
        try:
            got: int | Refusal = join(classes, new, f"P{i}", learner, client=f"c{i}").number
        except ClassRefused as error:
            got = error.refusal
        except BaseException as error:  # pragma: no cover - reported below
            with lock:
                errors.append(error)
            return
        with lock:
            results[i] = got

    threads = [threading.Thread(target=pupil, args=(i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert len(results) == 20
    tabs = {results[i] for i in range(4)}
    assert len(tabs) == 1  # the four tabs got the same pupil (or were all refused)
    others = [results[i] for i in range(4, 20)]
    numbers = [r for r in [*tabs, *others] if isinstance(r, int)]
    assert sorted(numbers) == list(range(1, 13))  # 1..12, each once, never over max
    assert all(r in (Refusal.FULL, *range(1, 13)) for r in [*tabs, *others])
    with engine.connect() as conn:
        rows = conn.execute(select(t.class_pupils.c.number, t.class_pupils.c.learner)).all()
    assert sorted(n for n, _ in rows) == list(range(1, 13))
    assert sum(1 for _, learner in rows if learner == twice) == (
        1 if isinstance(results[0], int) else 0)


def test_after_close_nothing_is_stored(classes: ClassStore, engine: Engine) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    classes.record_answer(pupil, position=0, kind="point", outcome="right", given={},
                          learner=key)
    access = classes.teacher(new.teacher_key, client="t")
    classes.close(access)
    assert classes.info(access).closed
    before = counts(engine)
    error = refused(lambda: classes.record_answer(
        pupil, position=1, kind="point", outcome="wrong", given={}, learner=key,
        state={"late": True}))
    assert error.refusal is Refusal.CLOSED
    assert refused(lambda: join(classes, new, "Bob")).refusal is Refusal.CLOSED
    assert classes.join(new.code, "", learner=key, client="c").pupil_id == pupil.pupil_id
    assert classes.find(new.code, client="c").closed
    assert counts(engine) == before
    assert classes.pupil(new.class_id, learner=key) == pupil  # the state is not changed
    classes.close(access)  # closing twice is harmless
    assert [a.position for a in classes.dashboard(access).answers] == [0]


# --------------------------------------------------------------------------- answers


def test_the_database_refuses_a_second_answer_to_a_question(
    classes: ClassStore, engine: Engine
) -> None:
    new = classes.create("Y", WORK)
    pupil = join(classes, new, "Ann")
    row = {"c": new.class_id, "p": pupil.pupil_id, "at": "2026-01-01 00:00:00"}
    insert_sql = text(
        "INSERT INTO class_answers (class_id, pupil_id, position, kind, outcome, answered_at)"
        " VALUES (:c, :p, 0, 'point', :o, :at)"
    )
    with engine.begin() as conn:
        conn.execute(insert_sql, {**row, "o": "right"})
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(insert_sql, {**row, "o": "wrong"})
    dupe_number = text(
        "INSERT INTO class_pupils (class_id, learner, number, name, name_key, joined_at)"
        " VALUES (:c, :l, 1, 'Other', 'other', :at)"
    )
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(dupe_number, {**row, "l": me()})
    with engine.connect() as conn:
        assert conn.execute(select(t.class_answers.c.outcome)).scalars().all() == ["right"]


def test_an_answer_is_given_once_and_the_first_stays(classes: ClassStore, engine: Engine) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    classes.record_answer(pupil, position=2, kind="point", outcome="wrong",
                          given={"said": 30}, learner=key, state={"at": 3})
    error = refused(lambda: classes.record_answer(
        pupil, position=2, kind="point", outcome="right", given={"said": 31}, learner=key,
        state={"at": 99}))
    assert (error.refusal, error.values) == (Refusal.ALREADY_ANSWERED, {"position": 2})
    with engine.connect() as conn:
        rows = conn.execute(select(t.class_answers.c.outcome, t.class_answers.c.given)).all()
    assert [tuple(r) for r in rows] == [("wrong", {"said": 30})]
    again = classes.pupil(new.class_id, learner=key)
    assert again is not None and again.state == {"at": 3}


def test_two_tabs_checking_one_question_at_once_store_one_answer(
    classes: ClassStore, engine: Engine
) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    start = threading.Barrier(8)
    results: list[str] = []
    lock = threading.Lock()

    def tab(i: int) -> None:
        start.wait()
        try:
            classes.record_answer(pupil, position=0, kind="point",
                                  outcome="right" if i % 2 else "wrong", given={"tab": i},
                                  learner=key)
            got = "stored"
        except ClassRefused as error:
            got = error.refusal.value
        with lock:
            results.append(got)

    threads = [threading.Thread(target=tab, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == ["already-answered"] * 7 + ["stored"]
    assert counts(engine)["class_answers"] == 1


def test_a_pupil_cannot_answer_for_another(classes: ClassStore, engine: Engine) -> None:
    new = classes.create("Y", WORK)
    ann_key, bob_key = me(), me()
    ann = join(classes, new, "Ann", ann_key)
    join(classes, new, "Bob", bob_key)
    for wrong in (bob_key, me(), "", "x" * 64):
        error = refused(lambda w=wrong: classes.record_answer(
            ann, position=0, kind="point", outcome="right", given={}, learner=w))
        assert error.refusal is Refusal.GONE
    forged = Pupil(ann.pupil_id, classes.create("Z", WORK).class_id, 1, "Ann", ann.joined_at,
                   None)
    assert refused(lambda: classes.record_answer(
        forged, position=0, kind="point", outcome="right", given={}, learner=ann_key)
    ).refusal is Refusal.GONE
    assert counts(engine)["class_answers"] == 0


@pytest.mark.parametrize("bad", [
    {"outcome": "maybe"}, {"kind": ""}, {"kind": "k" * 41}, {"position": -1},
    {"position": True},
])
def test_a_malformed_answer_is_a_programming_error(classes: ClassStore, bad: Any) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    answer: dict[str, Any] = {"position": 0, "kind": "point", "outcome": "right", **bad}
    with pytest.raises(ValueError):
        classes.record_answer(pupil, given={}, learner=key, **answer)


def test_a_deleted_class_is_gone_for_its_pupils(classes: ClassStore) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key)
    access = classes.teacher(new.teacher_key, client="t")
    classes.delete(access)
    for call in (
        lambda: classes.record_answer(pupil, position=0, kind="point", outcome="right",
                                      given={}, learner=key),
        lambda: classes.save_state(pupil, {"at": 1}),
        lambda: classes.info(access),
        lambda: classes.dashboard(access),
        lambda: classes.close(access),
    ):
        assert refused(call).refusal is Refusal.GONE
    assert refused(lambda: classes.find(new.code, client="c")).refusal is Refusal.UNKNOWN_CODE
    assert classes.pupil(new.class_id, learner=key) is None


# --------------------------------------------------------------------------- the teacher


def test_teacher_key_checks(classes: ClassStore) -> None:
    new = classes.create("Y", WORK)
    access = classes.teacher(f"  {new.teacher_key}\n", client="t")
    assert access.class_id == new.class_id
    assert classes.info(access).code == new.code
    unknown = "A" * len(new.teacher_key)
    error = refused(lambda: classes.teacher(unknown, client="t"))
    assert error.refusal is Refusal.UNKNOWN_KEY
    for shape in (new.code, new.code.lower(), None, 42, "", new.teacher_key[:-1],
                  new.teacher_key + "A", new.teacher_key[:-1] + "!", b"bytes"):
        error = refused(lambda s=shape: classes.teacher(s, client="t"))
        assert error.refusal is Refusal.BAD_KEY
        assert new.teacher_key not in str(error) and new.teacher_key not in repr(error.values)
    flipped = new.teacher_key[:-1] + ("B" if new.teacher_key[-1] != "B" else "C")
    assert refused(lambda: classes.teacher(flipped, client="t")).refusal is Refusal.UNKNOWN_KEY


def test_only_the_store_makes_a_teacher_access(classes: ClassStore, engine: Engine) -> None:
    new = classes.create("Y", WORK)
    forged = TeacherAccess(new.class_id)
    for call in (classes.info, classes.dashboard, classes.close, classes.delete):
        assert refused(lambda c=call: c(forged)).refusal is Refusal.UNKNOWN_KEY
    assert counts(engine)["classes"] == 1 and not classes.find(new.code, client="c").closed


def test_keys_are_never_logged_nor_in_errors(
    db_url: str, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """SQL echo on, parameters shown: the key appears nowhere in the log (only its hash)."""
    caplog.set_level(logging.DEBUG)
    chatty = make_engine(db_url, echo="debug", hide_parameters=False)
    try:
        migrate(chatty, clock=clock)
        classes = ClassStore(chatty, clock=clock)
        new = classes.create("Y", WORK)
        access = classes.teacher(new.teacher_key, client="t")
        key = me()
        pupil = classes.join(new.code, "Ann", learner=key, client="c")
        classes.record_answer(pupil, position=0, kind="point", outcome="right", given={},
                              learner=key)
        classes.dashboard(access)
        classes.close(access)
        errors = [refused(lambda: classes.teacher(new.teacher_key[::-1], client="t")),
                  refused(lambda: classes.teacher(new.teacher_key + "x", client="t"))]
        classes.delete(access)
    finally:
        chatty.dispose()
    assert "INSERT INTO classes" in caplog.text  # the log did record the SQL
    assert new.teacher_key not in caplog.text
    assert new.teacher_key[::-1] not in caplog.text
    for error in errors:
        assert new.teacher_key not in str(error) and new.teacher_key[::-1] not in str(error)


# --------------------------------------------------------------------------- rate limit


def test_wrong_codes_back_off_the_client_in_every_tab_and_replica(
    engine: Engine, clock: FakeClock
) -> None:
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock)
    new = classes.create("Y", WORK)
    for i in range(10):
        wrong = "ABCDEF" if i % 2 else "WRONG!"  # unknown, badly shaped: both count
        assert refused(lambda w=wrong: classes.find(w, client="tab")).refusal in (
            Refusal.UNKNOWN_CODE, Refusal.BAD_CODE)
    error = refused(lambda: classes.find("ABCDEG", client="tab"))
    assert error.refusal is Refusal.PAUSED and error.retry_after == 2
    assert "retry" in str(error)
    assert classes.find(new.code, client="tab").code == new.code  # the right code: never
    replica = ClassStore(engine, clock=clock)  # a new tab, another replica: same count
    assert refused(lambda: replica.find("ABCDEG", client="tab")).refusal is Refusal.PAUSED
    assert replica.join(new.code, "Ann", learner=me(), client="tab").number == 1
    assert refused(lambda: classes.find("ABCDEG", client="another")
                   ).refusal is Refusal.UNKNOWN_CODE
    clock.advance(seconds=1)
    assert refused(lambda: replica.find("ABCDEG", client="tab")).retry_after == 1
    clock.advance(seconds=1)
    assert refused(lambda: replica.find("ABCDEG", client="tab")).refusal is Refusal.UNKNOWN_CODE
    assert refused(lambda: replica.find("ABCDEH", client="tab")).retry_after == 4  # doubled


def test_the_backoff_doubles_to_its_cap_and_the_window_forgets(
    classes: ClassStore, clock: FakeClock
) -> None:
    """A guesser in one browser, trying again the moment he may: he waits 2, 4, 8 ... s,
    then 300 s at most; an hour after, his old tries no longer count."""
    waits = []
    for i in range(20):
        error = refused(lambda i=i: classes.find(f"ZZZ{i:03d}".translate(
            str.maketrans("01", "AB")), client="guesser"))
        if error.refusal is Refusal.PAUSED:
            waits.append(error.retry_after)
            clock.advance(seconds=error.retry_after)
            assert refused(lambda i=i: classes.find(f"YYY{i:03d}".translate(
                str.maketrans("01", "AB")), client="guesser")).refusal is Refusal.UNKNOWN_CODE
    assert waits == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300]
    clock.advance(seconds=3601)
    assert refused(lambda: classes.find("XXXXXX", client="guesser")
                   ).refusal is Refusal.UNKNOWN_CODE


def test_wrong_tries_arriving_together_take_one_free_slot_of_the_backoff(
    tmp_path: Any, clock: FakeClock
) -> None:
    """Eight wrong codes from one address, at the same moment, in eight threads, when the
    address's backoff allows one more: exactly one is counted, the others are told to wait
    (a check-then-count race let two through, seen as a guesser's double try)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'race.db'}")
    migrate(engine, clock=clock)
    store = ClassStore(engine, clock=clock, max_network_tries=3)
    for i in range(3):  # the address's free tries
        assert refused(lambda i=i: store.find(f"QQQ{'ABC'[i]}QQ", client=f"c{i}",
                                              network="198.51.100.7")
                       ).refusal is Refusal.UNKNOWN_CODE
    clock.advance(seconds=60)  # past the first wait: one more try may count
    start = threading.Barrier(8)
    seen: list[Refusal] = []
    lock = threading.Lock()

    def guess(n: int) -> None:
        start.wait()
        got = refused(lambda: store.find(f"WWW{'ABCDEFGH'[n]}WW", client=f"t{n}",
                                         network="198.51.100.7"))
        with lock:
            seen.append(got.refusal)

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    engine.dispose()
    assert sorted(r.name for r in seen) == ["PAUSED"] * 7 + ["UNKNOWN_CODE"], seen


def test_a_pupil_who_joined_resumes_even_while_paused(
    classes: ClassStore, clock: FakeClock
) -> None:
    new = classes.create("Y", WORK)
    key = me()
    pupil = join(classes, new, "Ann", key, client="tab")
    for _ in range(20):
        refused(lambda: classes.find("ZZZZZZ", client="tab", network="10.0.0.7"))
    assert refused(lambda: classes.find("ZZZZZY", client="tab", network="10.0.0.7")
                   ).refusal is Refusal.PAUSED
    assert classes.join(new.code, "", learner=key, client="tab", network="10.0.0.7") == pupil
    assert classes.pupil(new.class_id, learner=key) == pupil


def test_wrong_tries_spread_out_do_not_pause(classes: ClassStore, clock: FakeClock) -> None:
    new = classes.create("Y", WORK)
    for _ in range(30):
        assert refused(lambda: classes.find("ZZZZZZ", client="slow")
                       ).refusal is Refusal.UNKNOWN_CODE
        clock.advance(seconds=361)  # never 10 within an hour
    assert classes.find(new.code, client="slow").code == new.code


def test_wrong_tries_of_one_code_pause_that_code(classes: ClassStore) -> None:
    new = classes.create("Y", WORK)
    for i in range(10):
        error = refused(lambda i=i: classes.find("zzz-zzz", client=f"client {i}"))
        assert error.refusal is Refusal.UNKNOWN_CODE and error.values == {"code": "ZZZZZZ"}
    assert refused(lambda: classes.find("ZZZZZZ", client="fresh")).refusal is Refusal.PAUSED
    assert classes.find(new.code, client="fresh").code == new.code  # other codes still work


def test_a_teachers_key_is_never_refused_wrong_keys_back_off(
    classes: ClassStore, clock: FakeClock
) -> None:
    new = classes.create("Y", WORK)
    guesses = [f"{i:032d}" for i in range(10)]
    for guess in guesses:
        assert refused(lambda g=guess: classes.teacher(g, client="guesser")
                       ).refusal is Refusal.UNKNOWN_KEY
    error = refused(lambda: classes.teacher("9" * 32, client="guesser"))
    assert error.refusal is Refusal.PAUSED and error.retry_after == 2
    assert classes.teacher(new.teacher_key, client="guesser").class_id == new.class_id
    assert classes.claim(new.teacher_key, owner=me(), client="guesser").class_id == new.class_id


def test_a_flood_of_wrong_codes_refuses_no_correct_code_key_nor_pupil(
    engine: Engine, clock: FakeClock
) -> None:
    """The review's prankster: 1,000 wrong codes and keys from one address, in new browsers
    and in the teacher's and pupils' own; every correct code, key and resume still works,
    and his own wrong tries are answered PAUSED after the free ones."""
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock)
    school = "198.51.100.7"
    new = classes.create("Y", WORK)
    ann_key = me()
    ann = classes.join(new.code, "Ann", learner=ann_key, client="ann", network=school)
    outcomes = []
    for i in range(1000):
        browser = "ann" if i % 3 == 0 else "teacher" if i % 3 == 1 else f"script {i}"
        try:
            if i % 2:
                classes.find(f"Q{i:05d}".translate(str.maketrans("01", "AB")),
                             client=browser, network=school)
            else:
                classes.teacher(f"{i:032d}", client=browser, network=school)
        except ClassRefused as error:
            outcomes.append(error.refusal)
    assert outcomes.count(Refusal.PAUSED) >= 970  # 20 free, then at most a try per 2 s+
    assert classes.find(new.code, client="ann", network=school).code == new.code
    assert classes.join(new.code, "", learner=ann_key, client="ann", network=school) == ann
    bob = classes.join(new.code, "Bob", learner=me(), client="teacher", network=school)
    assert bob.number == 2
    assert classes.teacher(new.teacher_key, client="teacher", network=school
                           ).class_id == new.class_id


def test_a_class_of_60_through_one_address_with_typos_all_join(
    engine: Engine, clock: FakeClock
) -> None:
    """60 pupils behind one school address, in 10 s; each mistypes the code once first (60
    wrong codes: the review's class of 30 with two typos each paused the address), and
    three their names. All 60 join, never told to wait."""
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock)
    school = "203.0.113.50"
    new = classes.create("Y", WORK)
    numbers = []
    for i in range(60):
        learner = me()
        typo = new.code[:4] + CODE_ALPHABET[i % 31] + CODE_ALPHABET[i // 31]  # his own
        if typo != new.code:
            assert refused(lambda t=typo, k=learner: classes.find(t, client=k, network=school)
                           ).refusal in (Refusal.UNKNOWN_CODE, Refusal.PAUSED)
        name = f"Pupil {i}"
        if i in (10, 20, 30):
            assert refused(lambda k=learner: classes.join(new.code, "Pupil 1", learner=k,
                                                          client=k, network=school)
                           ).refusal is Refusal.NAME_TAKEN
        info = classes.find(new.code, client=learner, network=school)
        numbers.append(classes.join(info.code, name, learner=learner, client=learner,
                                    network=school).number)
        clock.advance(seconds=10 / 60)
    assert sorted(numbers) == list(range(1, 61))


def test_a_join_flood_from_one_address_is_slowed_to_a_classs_pace(
    engine: Engine, clock: FakeClock
) -> None:
    """A script adding invented pupils (a new browser each) from one address: 30 at once,
    then BUSY until 4.5 s have gone; at most 30 in any 4.5 s. Another address, and a pupil
    who joined, are not held up."""
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock)
    new = classes.create("Y", WORK, max_pupils=1000)
    kept = me()
    outcomes: list[int | Refusal] = []
    for i in range(40):
        try:
            outcomes.append(classes.join(new.code, f"Fake {i}", learner=kept if i == 0
                                         else me(), client=f"s{i}", network="192.0.2.1"
                                         ).number)
        except ClassRefused as error:
            outcomes.append(error.refusal)
            assert error.retry_after == 5 and error.values["seconds"] == 4.5
    assert outcomes == [*range(1, 31), *[Refusal.BUSY] * 10]
    assert classes.join(new.code, "", learner=kept, client="s0", network="192.0.2.1").number == 1
    assert classes.join(new.code, "Real", learner=me(), client="r", network="192.0.2.2"
                        ).number == 31
    clock.advance(seconds=4.5)
    joined = 0
    for i in range(500):  # 10 s of a script's 50 tries a second: at most 30 per 4.5 s
        try:
            classes.join(new.code, f"More {i}", learner=me(), client=f"m{i}",
                         network="192.0.2.1")
            joined += 1
        except ClassRefused as error:
            assert error.refusal is Refusal.BUSY
        clock.advance(seconds=0.02)
    assert joined == 90  # 30 at 0 s, 4.5 s and 9 s: 9 a second, not 50


# --------------------------------------------------------------------------- purge, delete


def _busy_class(classes: ClassStore, name: str, pupils: int = 3) -> NewClass:
    new = classes.create(name, WORK)
    for i in range(pupils):
        key = me()
        pupil = join(classes, new, f"P{i}", key)
        classes.save_state(pupil, {"at": i})
        for position in range(i + 1):
            classes.record_answer(pupil, position=position, kind="point",
                                  outcome="right" if position % 2 else "wrong",
                                  given={"p": position}, learner=key)
    return new


def test_purge_deletes_expired_classes_with_all_their_rows(
    engine: Engine, clock: FakeClock
) -> None:
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock)
    old = _busy_class(classes, "Old")
    clock.advance(days=2)
    young = _busy_class(classes, "Young", pupils=2)
    clock.advance(days=27)  # the old one is 29 days old
    assert classes.purge() == 0
    assert classes.find(old.code, client="c").code == old.code
    refused(lambda: classes.find("ZZZZZZ", client="c"))  # a wrong try, kept for a day
    clock.advance(days=2)  # 31 days
    before = counts(engine)
    assert before["class_attempts"] == 3  # the client, the (unknown) network, the code
    # a new process starts: it migrates, then purges
    assert migrate(engine, clock=clock) >= 5
    restarted = ClassStore(engine, clock=clock)
    assert restarted.purge() == 1
    after = counts(engine)
    assert after == {"classes": 1, "class_pupils": 2, "class_answers": 1 + 2,
                     "class_attempts": 0}
    with engine.connect() as conn:
        for table in (t.class_pupils, t.class_answers):
            assert set(conn.execute(select(table.c.class_id)).scalars()) == {young.class_id}
    assert refused(lambda: restarted.find(old.code, client="c")).refusal is Refusal.UNKNOWN_CODE
    assert restarted.teacher(young.teacher_key, client="t").class_id == young.class_id


def test_an_expired_class_is_gone_before_the_purge(classes: ClassStore, clock: FakeClock) -> None:
    new = classes.create("Y", WORK, keep_days=1)
    key = me()
    pupil = join(classes, new, "Ann", key)
    clock.advance(days=1)
    assert refused(lambda: classes.find(new.code, client="c")).refusal is Refusal.GONE
    assert refused(lambda: classes.teacher(new.teacher_key, client="t")).refusal is Refusal.GONE
    assert refused(lambda: classes.join(new.code, "", learner=key, client="c")
                   ).refusal is Refusal.GONE
    assert refused(lambda: classes.record_answer(
        pupil, position=0, kind="point", outcome="right", given={}, learner=key)
    ).refusal is Refusal.GONE
    assert classes.pupil(new.class_id, learner=key) is None
    assert classes.purge() == 1


def test_delete_removes_the_class_and_nothing_else(classes: ClassStore, engine: Engine) -> None:
    gone = _busy_class(classes, "Gone", pupils=4)
    kept = _busy_class(classes, "Kept", pupils=3)
    kept_before = classes.dashboard(classes.teacher(kept.teacher_key, client="t"))
    classes.delete(classes.teacher(gone.teacher_key, client="t"))
    assert counts(engine) == {"classes": 1, "class_pupils": 3, "class_answers": 1 + 2 + 3,
                              "class_attempts": 3}  # the kept class's 3 joins, counted
    everything = dump(engine)
    assert gone.class_id not in everything and gone.code not in everything
    assert classes.dashboard(classes.teacher(kept.teacher_key, client="t")) == kept_before
    assert refused(lambda: classes.teacher(gone.teacher_key, client="t")
                   ).refusal is Refusal.UNKNOWN_KEY


# --------------------------------------------------------------------------- dashboard


def test_the_dashboard_counts_exactly(classes: ClassStore, clock: FakeClock) -> None:
    new = classes.create("Y", WORK)
    other = _busy_class(classes, "Other")  # none of its answers show
    keys = [me(), me(), me(), me()]
    pupils = [join(classes, new, name, key) for name, key in zip(
        ("Ann", "Bob", "Cem", "Dao"), keys, strict=True)]
    given = {  # pupil index -> (position, kind, outcome)
        0: [(0, "point", "right"), (1, "sequence", "wrong"), (2, "point", "right")],
        1: [(0, "point", "wrong"), (1, "sequence", "wrong"), (2, "point", "skipped")],
        2: [(1, "sequence", "right")],
        3: [],
    }
    for index, answers in given.items():
        for position, kind, outcome in answers:
            clock.advance(seconds=5)
            classes.record_answer(pupils[index], position=position, kind=kind,
                                  outcome=outcome, given={}, learner=keys[index])
    board = classes.dashboard(classes.teacher(new.teacher_key, client="t"))
    assert board.info.class_id == new.class_id
    assert [(p.number, p.name, p.answered, p.right, p.wrong, p.skipped) for p in board.pupils] == [
        (1, "Ann", 3, 2, 1, 0), (2, "Bob", 3, 0, 2, 1), (3, "Cem", 1, 1, 0, 0),
        (4, "Dao", 0, 0, 0, 0)]
    assert [(a.number, a.position, a.kind, a.outcome) for a in board.answers] == [
        (n + 1, p, k, o) for n in range(4) for p, k, o in given[n]]
    assert board.cell(1, 1) == "wrong" and board.cell(2, 2) == "skipped"
    assert board.cell(3, 0) is None and board.cell(4, 0) is None and board.cell(9, 9) is None
    assert board.missed_most(5) == ((1, 2, 3), (0, 1, 2))
    assert board.missed_most(1) == ((1, 2, 3),)
    assert board.kinds() == {"point": KindTotals(2, 1, 1), "sequence": KindTotals(1, 2, 0)}
    assert other.class_id != new.class_id


def test_the_dashboard_takes_the_same_few_queries_for_any_class(
    classes: ClassStore, engine: Engine
) -> None:
    small = _busy_class(classes, "Small", pupils=1)
    big = _busy_class(classes, "Big", pupils=12)
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    def queries(new: NewClass) -> int:
        access = classes.teacher(new.teacher_key, client="t")
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            classes.dashboard(access)
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return sum(1 for s in statements if s.lstrip().upper().startswith("SELECT"))

    assert queries(small) == queries(big) == 3


def test_a_network_address_is_paused_after_more_wrong_tries_than_a_browser(
    engine: Engine, clock: FakeClock
) -> None:
    """A guesser who starts a new browser (a new client) at every try is still counted by
    the address the tries come from; its limit is higher, since a school's pupils share it,
    and its backoff is capped at a minute."""
    migrate(engine, clock=clock)
    classes = ClassStore(engine, clock=clock, max_tries=3, max_network_tries=5)
    new = classes.create("Y", WORK)
    for i in range(5):
        assert refused(lambda i=i: classes.find("ZZZZZ" + "ABCDE"[i], client=f"browser {i}",
                                                network="10.0.0.7")
                       ).refusal is Refusal.UNKNOWN_CODE
    error = refused(lambda: classes.find("ZZZZZF", client="browser 9", network="10.0.0.7"))
    assert error.refusal is Refusal.PAUSED and error.retry_after == 2
    assert refused(lambda: classes.teacher("7" * 32, client="browser 9", network="10.0.0.7")
                   ).refusal is Refusal.PAUSED
    assert classes.find(new.code, client="browser 9", network="10.0.0.7").code == new.code
    assert refused(lambda: classes.find("ZZZZZF", client="browser 9", network="10.0.0.8")
                   ).refusal is Refusal.UNKNOWN_CODE
    waits = []
    for i in range(12):
        clock.advance(seconds=refused(lambda i=i: classes.find(
            "ZZZZZG", client=f"new {i}", network="10.0.0.7")).retry_after)
        assert refused(lambda i=i: classes.find("ZZZZH" + CODE_ALPHABET[i], client=f"new {i}",
                                                network="10.0.0.7")
                       ).refusal is Refusal.UNKNOWN_CODE
        waits.append(refused(lambda: classes.find("ZZZZZJ", client="x", network="10.0.0.7")
                             ).retry_after)
    assert waits == [4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60]

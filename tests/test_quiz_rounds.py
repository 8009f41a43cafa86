"""The round model (academy/quiz/rounds.py) on its own: a seeded round is the quiz's links'
questions, its steps and counts, JSON kept and never trusted, review and practice rounds,
the answer model's one sentence for a question answered in part; and the store's round
state (migration step 4) on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from academy.quiz import KINDS, LEVELS, check_answer, generate_question
from academy.quiz.rounds import (
    ROUND_LENGTHS,
    Round,
    misses_kinds,
    misses_round,
    parse_length,
    random_round,
    round_from_json,
    seeded_round,
)
from store import RoundFinished, RoundStarted, RoundState, Store, learner_key, new_learner_id


def _wrong(r: Round) -> dict[str, Any]:
    q = r.question(r.at)
    out: dict[str, Any] = {}
    for f in q.fields:
        if isinstance(f.correct, int):
            out[f.key] = f.correct + 1
        elif f.widget == "choice":
            out[f.key] = next(o for o in f.options if o != f.correct)
        else:
            assert isinstance(f.correct, frozenset)
            out[f.key] = sorted(frozenset(f.options) - f.correct)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_round_is_the_links_questions(level: str) -> None:
    r = seeded_round("r", "3", level, "cavendish", 20, now=0)  # type: ignore[arg-type]
    assert [r.question(i) for i in range(20)] == [
        generate_question("3", i, level, "cavendish") for i in range(20)]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.sampled_from(["1", "42", "x-y"]), n=st.sampled_from(ROUND_LENGTHS),
       plan=st.lists(st.sampled_from("rwsp"), min_size=25, max_size=25))
def test_steps_counts_and_json(seed: str, n: int, plan: list[str]) -> None:
    r = seeded_round("abc", seed, "mix", "britannica", n, now=10.0)
    outcomes: list[str] = []
    t = 10.0
    for how in plan:
        if r.over:
            break
        t += 3
        if not r.open:
            r = r.next()
        elif how == "s":
            r = r.skip(now=t)
            outcomes.append("skipped")
        elif how == "p":  # in part: nothing changes
            q = r.question(r.at)
            if len(q.fields) == 1:
                continue
            first = q.fields[0]
            after, fb = r.answer({first.key: first.correct}, now=t)
            assert after is r and fb.partial
        else:
            q = r.question(r.at)
            r, fb = r.answer(dict(q.correct) if how == "r" else _wrong(r), now=t)
            assert fb.correct == (how == "r")
            outcomes.append("right" if how == "r" else "wrong")
        back = round_from_json(json.loads(json.dumps(r.to_json())))
        assert back == r
        res = r.result()
        assert (res.right, res.wrong, res.skipped) == (
            outcomes.count("right"), outcomes.count("wrong"), outcomes.count("skipped"))
        assert res.missed == tuple(i for i, o in enumerate(outcomes) if o != "right")
        assert sum(k.asked for k in res.per_kind.values()) == len(outcomes)
        assert (res.seconds is None) == (len(outcomes) < n)
    if r.done:
        assert r.finished is not None and r.result().seconds == int(r.finished - 10.0)


def test_review_is_the_missed_questions_in_order() -> None:
    r = seeded_round("a", "5", "beginner", "britannica", 5, now=0)
    asked = []
    for how in "rwsrw":
        asked.append(r.question(r.at))
        if how == "s":
            r = r.skip(now=1)
        else:
            r, _ = r.answer(dict(asked[-1].correct) if how == "r" else _wrong(r), now=1)
            r = r.next()
    assert r.over
    review = r.review("b", now=2)
    assert review is not None and review.mode == "review" and not review.seeded
    assert [review.question(i) for i in range(3)] == [asked[1], asked[2], asked[4]]
    perfect = seeded_round("c", "5", "beginner", "britannica", 5, now=0)
    for _ in range(5):
        perfect, _ = perfect.answer(dict(perfect.question(perfect.at).correct), now=1)
        perfect = perfect.next()
    assert perfect.review("d", now=2) is None


def test_forced_kinds_and_practice_rounds() -> None:
    kinds = misses_kinds(["trick", "point"], ["sets"], 5)
    assert kinds == ("trick", "point", "trick", "point", "trick")
    r = misses_round("m", "9", "beginner", "britannica", kinds, now=0)
    assert [r.question(i).kind for i in range(5)] == list(kinds) and r.mode == "misses"
    assert misses_kinds([], ["sets", "nope"], 2) == ("sets", "sets")
    assert misses_kinds([], [], 5) == ()
    rr = random_round("z", "9", "expert", "britannica", 5, now=0, kinds=["pique"] * 5)
    assert {rr.question(i).kind for i in range(5)} == {"pique"}


@pytest.mark.parametrize("bad", [
    None, 3, "x", {}, {"v": 2}, {"v": 1, "id": "", "seed": "1"},
])
def test_broken_json_is_no_round(bad: object) -> None:
    assert round_from_json(bad) is None


def test_tampered_json_is_no_round() -> None:
    r = seeded_round("abc", "1", "mix", "britannica", 5, now=0)
    good = r.to_json()
    for key, value in [("seed", "<b>"), ("level", "guru"), ("rules", "x"), ("mode", "y"),
                       ("slots", []), ("slots", [[0, "nope"]]), ("slots", [["0", None]]),
                       ("at", 4), ("at", "0"), ("t0", "now"),
                       ("answers", [{"o": "great", "k": "point", "g": {}}]),
                       ("answers", [{"o": "right", "k": "point", "g": {"a": 1.5}}])]:
        assert round_from_json({**good, key: value}) is None, key


def test_parse_length() -> None:
    assert [parse_length(x) for x in ("5", "10", "20", " 10 ", 20)] == [5, 10, 20, 10, 20]
    assert [parse_length(x) for x in ("0", "7", "-5", "1e1", True, None, 10.0)] == [None] * 7


def test_the_missing_part_is_said_the_same_way_for_every_kind() -> None:
    for kind in KINDS:
        for i in range(3):
            q = generate_question(str(i), 0, "mix", "britannica", kind=kind)
            if len(q.fields) < 2:
                continue
            last = q.fields[-1]
            fb = check_answer(q, {last.key: last.correct})
            assert fb.partial and not fb.correct and not fb.answered
            assert list(fb.missing) == list(q.fields[:-1])
            parts = ", ".join(str(n + 1) for n in range(len(q.fields) - 1))
            head = "Part" if len(q.fields) == 2 else "Parts"
            assert fb.headline.startswith(f"{head} {parts} ")
            assert fb.headline.endswith("then press Check.")
            full = check_answer(q, q.correct)
            assert not full.partial and full.correct


def test_the_store_keeps_a_rounds_state(store: Store) -> None:
    me = learner_key(new_learner_id())
    clock = store.clock
    assert store.latest_round(me) is None
    r = seeded_round("r1", "1", "beginner", "britannica", 5, now=0)
    store.apply(me, [RoundStarted(clock(), "r1", 5, level="beginner", seed="1"),
                     RoundState(clock(), "r1", r.to_json())])
    state, finished = store.latest_round(me)  # type: ignore[misc]
    assert round_from_json(state) == r and finished is None
    store.apply(me, [RoundFinished(clock(), "r1")])
    assert store.latest_round(me)[1] is not None  # type: ignore[index]
    with pytest.raises(TypeError):
        RoundState(clock(), "r1", {"x": object()})

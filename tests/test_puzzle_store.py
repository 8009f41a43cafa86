"""Puzzle ratings and attempts in the store (migration step 13, store/puzzles.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine, func, insert, select
from sqlalchemy.exc import IntegrityError

from academy.rating import Rating, attempt
from store import (
    MY_PUZZLE_KIND,
    FakeClock,
    Forget,
    ItemSeen,
    MyPuzzleMade,
    PuzzleAttempt,
    Store,
    learner_key,
    new_learner_id,
    schema as t,
)
from store.puzzles import NEW_LEARNER, PUZZLE_RD, learner_standing, puzzle_ratings, tried_puzzles


def test_an_attempt_rates_the_learner_and_the_puzzle(store: Store, engine: Engine,
                                                      clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    assert learner_standing(engine, me) == NEW_LEARNER
    store.apply(me, [PuzzleAttempt(clock(), puzzle="b2-8", solved=True, seed_rating=1700.0)])
    mine, theirs = attempt(NEW_LEARNER.rating, Rating(1700.0, PUZZLE_RD), solved=True)
    got = learner_standing(engine, me)
    assert got.rating.rating == pytest.approx(mine.rating)
    assert got.rating.rd == pytest.approx(mine.rd)
    assert (got.streak, got.best_streak, got.attempts, got.solved) == (1, 1, 1, 1)
    assert puzzle_ratings(engine)["b2-8"].rating == pytest.approx(theirs.rating)
    # the second attempt starts from the stored ratings, not from the seed
    clock.advance(minutes=1)
    store.apply(me, [PuzzleAttempt(clock(), puzzle="b2-8", solved=False, seed_rating=1000.0)])
    mine2, theirs2 = attempt(mine, theirs, solved=False)
    got = learner_standing(engine, me)
    assert got.rating.rating == pytest.approx(mine2.rating)
    assert (got.streak, got.best_streak, got.attempts, got.solved) == (0, 1, 2, 1)
    assert puzzle_ratings(engine, ["b2-8"])["b2-8"].rating == pytest.approx(theirs2.rating)
    assert tried_puzzles(engine, me)["b2-8"][0] is False


def test_forgetting_a_learner_keeps_the_puzzles_ratings(store: Store, engine: Engine,
                                                         clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    store.apply(me, [PuzzleAttempt(clock(), puzzle="c5-8", solved=True, seed_rating=1500.0)])
    store.apply(me, [Forget(clock())])
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.puzzle_attempts)) == 0
        assert conn.scalar(select(func.count()).select_from(t.learner_ratings)) == 0
    assert "c5-8" in puzzle_ratings(engine)
    assert learner_standing(engine, me) == NEW_LEARNER


def test_a_puzzle_id_is_checked() -> None:
    with pytest.raises(ValueError):
        PuzzleAttempt(FakeClock()(), puzzle="", solved=True, seed_rating=1500.0)


# --- a learner's own puzzles (migration step 15) ---------------------------------------------

_MINE = {"id": "m-0123456789ab", "theme": "play", "q": "card",
         "pos": {"rules": "britannica", "seed": 0, "plays": "AS"}, "answer": "KS",
         "margin": 4.0, "error": 0.0, "worlds": 1, "exact": True, "rating": 1500}


def test_a_puzzle_of_your_own_is_kept_once_and_due_as_a_miss(store: Store, engine: Engine,
                                                              clock: FakeClock) -> None:
    me, you = learner_key(new_learner_id()), learner_key(new_learner_id())
    assert store.my_puzzles(me) == {}
    store.apply(me, [MyPuzzleMade(clock(), puzzle="m-0123456789ab", data=_MINE)])
    assert store.my_puzzles(me) == {"m-0123456789ab": _MINE}
    assert store.my_puzzles(you) == {}  # bound to the learner
    due = store.misses(me)
    assert [(p.kind, p.item, p.review.wrong) for p in due] == [
        (MY_PUZZLE_KIND, "m-0123456789ab", 1)]
    assert not store.due(me)
    clock.advance(minutes=1)  # a miss's first learning step
    assert store.due(me)[0].item == "m-0123456789ab"
    # made again (the same deal reviewed again): still one puzzle, still one miss
    clock.advance(minutes=1)
    store.apply(me, [MyPuzzleMade(clock(), puzzle="m-0123456789ab", data=_MINE)])
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(t.my_puzzles)) == 1
    assert store.misses(me)[0].review.wrong == 1
    # solved: rescheduled by the spaced repetition, later than a miss would be
    store.apply(me, [ItemSeen(clock(), kind=MY_PUZZLE_KIND, item="m-0123456789ab",
                              right=True)])
    got = store.item(me, MY_PUZZLE_KIND, "m-0123456789ab")
    assert got is not None and (got.review.right, got.review.wrong) == (1, 1)
    assert got.review.due_at - got.review.last_seen == timedelta(minutes=10)
    assert not store.due(me)
    # "forget me" takes them
    store.apply(me, [Forget(clock())])
    assert store.my_puzzles(me) == {}


def test_one_row_a_learner_and_puzzle(engine: Engine, store: Store, clock: FakeClock) -> None:
    me = learner_key(new_learner_id())
    store.apply(me, [MyPuzzleMade(clock(), puzzle="m-0123456789ab", data=_MINE)])
    row = {"learner": me, "puzzle": "m-0123456789ab", "data": _MINE, "made_at": clock()}
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(insert(t.my_puzzles).values(row))


def test_a_puzzle_of_your_own_is_checked() -> None:
    with pytest.raises(ValueError):
        MyPuzzleMade(FakeClock()(), puzzle="x" * 41, data={})
    with pytest.raises(TypeError):
        MyPuzzleMade(FakeClock()(), puzzle="m-1", data={"x": object()})

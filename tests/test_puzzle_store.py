"""Puzzle ratings and attempts in the store (migration step 13, store/puzzles.py)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, func, select

from academy.rating import Rating, attempt
from store import FakeClock, Forget, PuzzleAttempt, Store, learner_key, new_learner_id, schema as t
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

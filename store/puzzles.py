"""Puzzle ratings and attempts (migration step 13; docs/puzzles.md).

A learner and a puzzle each have a Glicko-2 rating (:mod:`academy.rating`). An attempt
(:class:`store.writes.PuzzleAttempt`) updates both inside the store's transaction, from the
ratings stored at that moment (a puzzle never attempted starts at its catalogue seed, with
deviation :data:`PUZZLE_RD`; a learner at 1500 with deviation 350), and records the attempt
with the learner's rating before and after. The learner's streak counts puzzles solved in a
row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import Connection, Engine, insert, select, update

from academy.rating import START, START_RD, START_VOL, Rating, attempt
from store import schema as t
from store.ids import LearnerKey
from store.writes import PuzzleAttempt

__all__ = ["NEW_LEARNER", "PUZZLE_RD", "LearnerStanding", "apply_attempt", "learner_standing",
           "new_rows", "puzzle_ratings", "tried_puzzles"]

PUZZLE_RD: Final = 200.0
"""A puzzle's first deviation: its seed is measured, not a guess."""


@dataclass(frozen=True, slots=True)
class LearnerStanding:
    """A learner's puzzle rating, streak and counts."""

    rating: Rating
    streak: int
    best_streak: int
    attempts: int
    solved: int


NEW_LEARNER: Final = LearnerStanding(Rating(START, START_RD, START_VOL), 0, 0, 0, 0)


def apply_attempt(conn: Connection, key: LearnerKey, write: PuzzleAttempt) -> None:
    """Rate one attempt (the rows of the learner and the puzzle exist and are locked by the
    caller's transaction, see :meth:`store.progress.Store.apply`)."""
    lr = conn.execute(select(t.learner_ratings).where(t.learner_ratings.c.learner == key)
                      .with_for_update()).one()
    pr = conn.execute(select(t.puzzle_ratings).where(t.puzzle_ratings.c.puzzle == write.puzzle)
                      .with_for_update()).one()
    mine = Rating(float(lr.rating), float(lr.rd), float(lr.vol))
    theirs = Rating(float(pr.rating), float(pr.rd), float(pr.vol))
    new_mine, new_theirs = attempt(mine, theirs, write.solved)
    streak = int(lr.streak) + 1 if write.solved else 0
    conn.execute(update(t.learner_ratings).where(t.learner_ratings.c.learner == key).values(
        rating=new_mine.rating, rd=new_mine.rd, vol=new_mine.vol, streak=streak,
        best_streak=max(int(lr.best_streak), streak), updated_at=write.at))
    conn.execute(update(t.puzzle_ratings).where(t.puzzle_ratings.c.puzzle == write.puzzle)
                 .values(rating=new_theirs.rating, rd=new_theirs.rd, vol=new_theirs.vol,
                         attempts=int(pr.attempts) + 1,
                         solved=int(pr.solved) + int(write.solved)))
    conn.execute(insert(t.puzzle_attempts).values(
        learner=key, puzzle=write.puzzle, solved=write.solved, rating_before=mine.rating,
        rating_after=new_mine.rating, at=write.at))


def new_rows(key: LearnerKey, write: PuzzleAttempt
             ) -> tuple[dict[str, object], dict[str, object]]:
    """The learner's and the puzzle's first rows (inserted when missing, before
    :func:`apply_attempt`)."""
    learner: dict[str, object] = {"rating": START, "rd": START_RD, "vol": START_VOL,
                                  "streak": 0, "best_streak": 0, "updated_at": write.at}
    puzzle: dict[str, object] = {"rating": write.seed_rating, "rd": PUZZLE_RD,
                                 "vol": START_VOL, "attempts": 0, "solved": 0}
    return learner, puzzle


def learner_standing(engine: Engine, key: LearnerKey) -> LearnerStanding:
    """The learner's rating and streak (a new learner's when none is stored)."""
    with engine.connect() as conn:
        row = conn.execute(select(t.learner_ratings)
                           .where(t.learner_ratings.c.learner == key)).first()
        counts = conn.execute(select(t.puzzle_attempts.c.solved)
                              .where(t.puzzle_attempts.c.learner == key)).all()
    if row is None:
        return NEW_LEARNER
    return LearnerStanding(Rating(float(row.rating), float(row.rd), float(row.vol)),
                           int(row.streak), int(row.best_streak), len(counts),
                           sum(1 for c in counts if c.solved))


def puzzle_ratings(engine: Engine, ids: Iterable[str] | None = None) -> dict[str, Rating]:
    """The stored ratings of puzzles (all, or those of ``ids``), by id."""
    stmt = select(t.puzzle_ratings)
    if ids is not None:
        stmt = stmt.where(t.puzzle_ratings.c.puzzle.in_(list(ids)))
    with engine.connect() as conn:
        rows = conn.execute(stmt).all()
    return {r.puzzle: Rating(float(r.rating), float(r.rd), float(r.vol)) for r in rows}


def tried_puzzles(engine: Engine, key: LearnerKey) -> dict[str, tuple[bool, datetime]]:
    """Each puzzle the learner tried: whether the last attempt solved it, and when."""
    with engine.connect() as conn:
        rows = conn.execute(select(t.puzzle_attempts.c.puzzle, t.puzzle_attempts.c.solved,
                                   t.puzzle_attempts.c.at)
                            .where(t.puzzle_attempts.c.learner == key)
                            .order_by(t.puzzle_attempts.c.id)).all()
    return {r.puzzle: (bool(r.solved), r.at) for r in rows}

"""Glicko-2 ratings of learners and puzzles, a typed wrapper of the ``glicko2`` package.

Each attempt at a puzzle is a game between the learner and the puzzle in a rating period of
its own: the learner wins when the answer is right, the puzzle wins otherwise, and both are
updated from the other's rating before the attempt (Glickman, "Example of the Glicko-2
system", 2013; the system constant tau is the package's 0.5).

>>> learner, puzzle = attempt(Rating(), Rating(1500.0, 100.0), solved=True)
>>> round(learner.rating) > 1500 > round(puzzle.rating)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import glicko2  # type: ignore[import-untyped]

START: Final = 1500.0
START_RD: Final = 350.0
START_VOL: Final = 0.06
MIN_RD: Final = 45.0
"""A rating's deviation never falls below this, so that it can still move (as on Lichess)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the usual scale: rating, deviation (RD) and volatility."""

    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL


def _player(r: Rating) -> glicko2.Player:
    return glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)


def update(player: Rating, games: Sequence[tuple[Rating, float]], *,
           min_rd: float = 0.0) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score 1, 0.5 or 0); an
    empty period only widens the deviation."""
    p = _player(player)
    if games:
        p.update_player([g[0].rating for g in games], [g[0].rd for g in games],
                        [g[1] for g in games])
    else:
        p.did_not_compete()
    return Rating(float(p.rating), max(float(p.rd), min_rd), float(p.vol))


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt."""
    won = 1.0 if solved else 0.0
    return (update(learner, [(puzzle, won)], min_rd=MIN_RD),
            update(puzzle, [(learner, 1.0 - won)], min_rd=MIN_RD))

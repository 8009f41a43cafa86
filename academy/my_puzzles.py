"""A learner's own puzzles: the costliest mistakes of a deal they played, cut from its review.

:func:`from_review` takes the review of a deal (:func:`academy.review.review_record`) and, for
each of the reviewed player's costliest decisions (:meth:`academy.review.DealReview.costliest`)
marked a mistake or a blunder, a discard or a card played with at most :data:`MAX_HAND` cards
in hand, rebuilds the position just before
it as that player saw it (:class:`academy.puzzles.Position` with the cards dealt) and measures
it by the catalogue's own criterion (:func:`academy.puzzles.measured`: the best answer beats
every other by at least 2 points and, unless exact, 3 standard errors). The decision becomes
a puzzle only when that holds and the review's better play is the measured answer; otherwise
it is left out. A puzzle's id is made from its position, so the same decision reviewed again
gives the same puzzle. Pure Python: no Streamlit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from academy.puzzles import Position, Puzzle, Question, measured
from academy.rating import START
from academy.review import DealReview, Decision, DecisionKind, Mark, state_before
from piquet.cards import Card
from piquet.reckon import Role
from piquet.record import DealRecord

__all__ = ["COSTLIEST", "MARKS", "MAX_HAND", "PREFIX", "from_review", "position_of", "puzzle_id"]

MARKS: Final = (Mark.MISTAKE, Mark.BLUNDER)
"""The marks of the decisions that become puzzles."""
COSTLIEST: Final = 3
"""How many of the costliest decisions are looked at (those the review shows first)."""
MAX_HAND: Final = 8
"""A card decision is measured with at most this many cards in hand (as the catalogue's are,
but for the opening lead): with more, the exact solver over every world takes too long."""
PREFIX: Final = "m-"
"""Every personal puzzle's id starts so (the catalogue's never do)."""


def position_of(record: Mapping[str, Any] | DealRecord, decision: Decision) -> Position:
    """The position just before ``decision`` (a discard or a card), from the cards dealt."""
    rec = DealRecord.from_json(record)
    dealt = (rec.elder, rec.younger, rec.talon)
    rules = rec.rules.name
    if decision.kind is DecisionKind.DISCARD:
        ed = rec.elder_discard if decision.who == "younger" else None
        return Position(rules, 0, ed, dealt=dealt)
    if decision.kind is not DecisionKind.CARD:
        raise ValueError("only a discard or a card makes a puzzle")
    before = state_before(rec, decision)
    played: list[Card] = [c for t in rec.tricks for c in t]
    n = 2 * len(before.tricks) + (1 if before.lead is not None else 0)
    specs = (dict(rec.declarations[0]) if rec.declarations[0] is not None else None,
             dict(rec.declarations[1]) if rec.declarations[1] is not None else None)
    return Position(rules, 0, rec.elder_discard, rec.younger_discard, specs,
                    tuple(played[:n]), dealt, rec.younger_shows_leftovers)


def puzzle_id(position: Position) -> str:
    """The id of the puzzle of ``position``: ``m-`` and twelve hex digits of its hash."""
    text = json.dumps(position.as_json(), sort_keys=True)
    return PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def from_review(record: Mapping[str, Any] | DealRecord, review: DealReview, role: Role,
                seed: int = 0) -> tuple[Puzzle, ...]:
    """``role``'s costliest mistakes and blunders in ``review`` that make sound puzzles."""
    out: list[Puzzle] = []
    for d in review.costliest(COSTLIEST):
        if d.who != role or d.mark not in MARKS or d.kind not in (DecisionKind.CARD,
                                                                    DecisionKind.DISCARD):
            continue
        pos = position_of(record, d)
        if d.kind is DecisionKind.CARD and len(pos.view().hand) > MAX_HAND:
            continue
        question = Question.CARD if d.kind is DecisionKind.CARD else Question.DISCARD
        pz = measured(puzzle_id(pos), pos, question, seed, START)
        if pz is not None and pz.is_right(d.best) and not pz.is_right(d.choice):
            out.append(pz)
    return tuple(out)

"""A learner's own puzzles cut from the review of a deal they played (academy/my_puzzles.py;
docs/puzzles.md): only sound decisions become puzzles.

The deals here are played by a learner who discards his first three cards and plays his
first legal card each time (costly habits) against the computer. Every card decision of his
with at most three cards in hand is measured by :func:`academy.puzzles.measured` and checked
against the independent exact check of tests/test_puzzles_sound.py (the worlds enumerated
from the view alone, every legal card valued by a plain minimax written there from the
rules): a puzzle is made exactly when the best cards beat every other by at least two
points, and its answer is exactly those cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_puzzles_sound import independent_means, worlds_of

from academy.my_puzzles import MARKS, PREFIX, from_review, position_of, puzzle_id
from academy.puzzles import MIN_MARGIN, Puzzle, Question, measured
from academy.review import DecisionKind, review_record
from piquet.deal import DealState, Phase
from piquet.players import ComputerPlayer


def played(seed: int, rules: str = "britannica") -> dict[str, Any]:
    """A deal the learner (Younger) played badly against the computer (Elder)."""
    d = DealState.deal(seed, rules=rules)
    computer = ComputerPlayer(2, seed)
    d = d.discard("elder", computer.choose_discard(d.view("elder")))
    v = d.view("younger")
    d = d.discard("younger", v.hand[:min(3, v.exchange_range.stop - 1)])
    d = d.declare("elder", None).declare("younger", None)
    while d.phase is Phase.PLAY:
        role = d.to_move or "elder"
        v = d.view(role)
        d = d.play(role, computer.choose_card(v) if role == "elder" else v.legal[0])
    return d.record()


SEEDS = (9, 11, 13)


@pytest.mark.parametrize("seed", SEEDS)
def test_only_sound_decisions_become_puzzles(seed: int) -> None:
    record = played(seed)
    review = review_record(record, "younger", 16, seed=0)
    checked = 0
    for d in review.decisions:
        if d.kind is not DecisionKind.CARD:
            continue
        pos = position_of(record, d)
        view = pos.view()
        if len(view.hand) > 3:
            continue
        assert view.role == "younger" and view.to_move == "younger"
        assert d.choice[0] in view.hand  # the position is the one he saw, before he chose
        pz = measured(puzzle_id(pos), pos, Question.CARD, 0, 1500.0)
        means = independent_means(view)
        best = max(means.values())
        winners = {c for c, v in means.items() if v == best}
        sound = len(winners) < len(means) and all(
            best - v >= MIN_MARGIN for c, v in means.items() if c not in winners)
        assert (pz is not None) == sound, (seed, d.index)
        if pz is not None:
            assert pz.exact and pz.worlds == len(worlds_of(view))
            assert set(pz.answer) == winners
        checked += 1
    assert checked


def test_the_costliest_mistakes_become_puzzles_with_the_reviews_answer() -> None:
    made: list[Puzzle] = []
    for seed in SEEDS:
        record = played(seed)
        review = review_record(record, "younger", 16, seed=0)
        mine = from_review(record, review, "younger")
        costly = {position_of(record, d): d for d in review.costliest(3)
                  if d.kind is not DecisionKind.DECLARATION}
        for pz in mine:
            d = costly[pz.position]
            assert d.mark in MARKS and d.who == "younger"
            assert pz.is_right(d.best) and not pz.is_right(d.choice)
            assert pz.id.startswith(PREFIX) and pz.id == puzzle_id(pz.position)
            again = Puzzle.from_json(pz.as_json())  # stored and read back
            assert (again.id, again.position, again.answer) == (pz.id, pz.position, pz.answer)
            assert pz.position.state().view("younger").hand  # replays from the cards dealt
        made += mine
    assert made  # the habit is costly: some of it makes sound puzzles


def test_a_position_of_a_deal_played_replays_it() -> None:
    record = played(11)
    review = review_record(record, "younger", 16, seed=0)
    d = next(d for d in review.decisions if d.kind is DecisionKind.CARD and d.trick == 5)
    state = position_of(record, d).state()
    assert len(state.tricks) == 4 and state.to_move == "younger"
    assert d.choice[0] in state.view("younger").legal

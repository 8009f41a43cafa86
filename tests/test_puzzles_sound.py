"""The puzzle catalogue (academy/data/puzzles.json) re-verified (issue 37; docs/puzzles.md).

Every puzzle checked here replays from its seed and actions to a position where the player
to move faces the puzzle's question, and its stored figures are those of a sound puzzle. Then:

- **an independent exact check** (card questions measured over every world, the hands small
  enough): the worlds are enumerated here from the view alone (the cards unseen, the cards
  the opponent showed or Elder saw him draw, the suits he failed to follow), the opponent's
  true hand must be among them, and every legal card is valued in every world by a plain
  minimax written here from the rules (a point a card led, a point a capture, the last
  trick's point under Cavendish, the pique, the cards and capot), with none of the solver's
  pruning, tables or card equivalences: the best card must beat every other by at least two
  points, and the answer's cards must be exactly the best ones;
- **the library's own check** (:func:`academy.puzzles.verify`): a sampled puzzle on fresh
  worlds, an exchange on fresh samples of the advisor, an exact one over its worlds again.

``make test`` checks a sample: ``PIQUET_PUZZLE_SAMPLE`` puzzles for each check (default 6,
drawn the same way each run); ``make soak`` sets it to 0, every puzzle.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from calls_truth import _tricks, elder_played, makes_calls

from academy.puzzles import (
    MIN_MARGIN,
    MIN_SES,
    Puzzle,
    Question,
    catalogue,
    verify,
)
from piquet.cards import DECK, Card
from piquet.deal import Phase, PlayerView

SAMPLE = int(os.environ.get("PIQUET_PUZZLE_SAMPLE", "6"))
SMALL_HAND = 3
"""The independent minimax checks card puzzles with at most this many cards in hand."""


def _sample(puzzles: list[Puzzle]) -> list[Puzzle]:
    if SAMPLE <= 0 or len(puzzles) <= SAMPLE:
        return puzzles
    return random.Random(37).sample(puzzles, SAMPLE)


def _small(p: Puzzle) -> bool:
    return (p.question is Question.CARD and p.exact
            and len(p.position.view().hand) <= SMALL_HAND)


# --- worlds from the view, written here -----------------------------------------------------


def _next_leader(view: PlayerView) -> int:
    leader = 0
    for a, b in view.tricks:
        if b.suit is a.suit and b.rank > a.rank:
            leader = 1 - leader
    return leader


def worlds_of(view: PlayerView) -> list[frozenset[Card]]:
    me = 0 if view.role == "elder" else 1
    played = set(view.played) | ({view.lead} if view.lead else set())
    known = set(view.opponent_shown)
    if view.role == "elder":  # the talon's first five he saw: Younger drew those past his own
        nd, ny = len(view.discard), view.opponent_discard_count
        known |= set(view.seen_talon[nd:min(5, nd + ny)])
    known -= played
    unseen = set(DECK) - set(view.seen_cards())
    unseen |= set(view.opponent_blanche) - played - known
    void = {a.suit for a, b, ldr in _tricks(view) if ldr == me and b.suit is not a.suit}
    free = sorted((c for c in unseen if c.suit not in void and c not in known),
                  key=lambda c: c.index)
    size = len(view.hand) - (1 if view.lead is not None else 0)
    return [frozenset(known | set(pick)) for pick in combinations(free, size - len(known))]


# --- a plain minimax from the rules ---------------------------------------------------------


def _legal(hand: frozenset[Card], lead: Card | None) -> list[Card]:
    if lead is None:
        return sorted(hand, key=lambda c: c.index)
    same = [c for c in hand if c.suit is lead.suit]
    return sorted(same or hand, key=lambda c: c.index)


def _score(who: int, n: int, pts: int | None, ys: bool) -> tuple[int, int | None, bool]:
    """``who`` scores ``n`` points: the value to Elder (a pique's 30 when Elder's total
    passes 30 while Younger has scored nothing), Elder's total while a pique may come, and
    whether Younger has scored."""
    if who == 1:
        return -n, None, True
    if pts is None or ys:
        return n, None, ys
    if pts < 30 <= pts + n:
        return n + 30, None, ys
    return n, pts + n, ys


def _led(e: frozenset[Card], y: frozenset[Card], leader: int, c: Card, te: int, ty: int,
         pts: int | None, ys: bool, last: bool) -> int:
    """The value from the lead of ``c`` on (its point included)."""
    v, pts, ys = _score(leader, 1, pts, ys)
    rest = (e - {c}, y) if leader == 0 else (e, y - {c})
    return v + _follow(rest[0], rest[1], leader, c, te, ty, pts, ys, last)


@cache
def _follow(e: frozenset[Card], y: frozenset[Card], leader: int, lead: Card, te: int, ty: int,
            pts: int | None, ys: bool, last: bool) -> int:
    follower = 1 - leader
    vals = [_played(e, y, leader, lead, c, te, ty, pts, ys, last)
            for c in _legal((e, y)[follower], lead)]
    return max(vals) if follower == 0 else min(vals)


def _played(e: frozenset[Card], y: frozenset[Card], leader: int, lead: Card, c: Card, te: int,
            ty: int, pts: int | None, ys: bool, last: bool) -> int:
    """The value from the follower's ``c`` to ``lead`` on: the trick, then the rest."""
    follower = 1 - leader
    captured = c.suit is lead.suit and c.rank > lead.rank
    winner = follower if captured else leader
    v = 0
    if captured:
        v, pts, ys = _score(follower, 1, pts, ys)
    te, ty = te + (winner == 0), ty + (winner == 1)
    e, y = (e - {c}, y) if follower == 0 else (e, y - {c})
    if e or y:
        return v + _lead(e, y, winner, te, ty, pts, ys, last)
    if last:
        extra, pts, ys = _score(winner, 1, pts, ys)
        v += extra
    if te == 12 or ty == 12:
        return v + (40 if te == 12 else -40)
    return v + (10 if te > 6 else -10 if ty > 6 else 0)


@cache
def _lead(e: frozenset[Card], y: frozenset[Card], leader: int, te: int, ty: int,
          pts: int | None, ys: bool, last: bool) -> int:
    vals = [_led(e, y, leader, c, te, ty, pts, ys, last) for c in _legal((e, y)[leader], None)]
    return max(vals) if leader == 0 else min(vals)


def puzzle_worlds(puzzle: Puzzle, view: PlayerView) -> list[frozenset[Card]]:
    """The worlds of the view; for a puzzle counted with the calls, those whose twelve cards
    (with what Elder played) could make Elder's calls."""
    worlds = worlds_of(view)
    if puzzle.calls:
        worlds = [w for w in worlds if makes_calls(w | elder_played(view), view)]
    return worlds


def independent_means(view: PlayerView, worlds: list[frozenset[Card]] | None = None
                      ) -> dict[Card, Fraction]:
    """Each legal card's mean value to the mover over every world of the view (or
    ``worlds``), points from the start of the current trick to the end of the deal."""
    me = 0 if view.role == "elder" else 1
    sheet = view.sheet or {}
    e_row, y_row = sheet.get("elder", {}), sheet.get("younger", {})
    pique_open = (not y_row.get("total") and not e_row.get("pique")
                  and not e_row.get("repique") and e_row.get("total", 0) < 30)
    pts = e_row.get("total", 0) if pique_open else None
    ys = not pique_open
    te = sum(1 for a, b, ldr in _tricks(view)
             if (ldr == 0) != (b.suit is a.suit and b.rank > a.rank))
    ty = len(view.tricks) - te
    leader = _next_leader(view)
    last = view.rules.last_trick_point
    mine = frozenset(view.hand)
    totals: dict[Card, Fraction] = {c: Fraction(0) for c in view.legal}
    worlds = worlds_of(view) if worlds is None else worlds
    for w in worlds:
        e, y = (mine, w) if me == 0 else (w, mine)
        for c in view.legal:
            if view.lead is None:
                val = _led(e, y, me, c, te, ty, pts, ys, last)
            else:
                v0, p2, y2 = _score(leader, 1, pts, ys)  # the lead's point
                val = v0 + _played(e, y, leader, view.lead, c, te, ty, p2, y2, last)
            totals[c] += val if me == 0 else -val
    return {c: t / len(worlds) for c, t in totals.items()}


# --- the tests ------------------------------------------------------------------------------


def test_the_catalogue_is_there_and_every_puzzle_replays() -> None:
    puzzles = catalogue()
    assert puzzles, "academy/data/puzzles.json has no puzzle"
    assert len({p.id for p in puzzles}) == len(puzzles)
    for p in _sample(list(puzzles)) if SAMPLE else puzzles:
        view = p.position.view()
        assert view.to_move == view.role or view.phase in (
            Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE) or (
            p.question is Question.SINK and view.phase is Phase.ELDER_DECLARES), p.id
        assert p.margin >= MIN_MARGIN and (p.exact or p.margin >= MIN_SES * p.error), p.id
        if p.question is Question.SINK:  # checked in test_sinking_drill_sound.py
            assert p.category and set(p.answer) <= set(view.hand), p.id
        elif p.question is Question.CARD:
            assert set(p.answer) <= set(view.legal), p.id
        else:
            assert len(p.answer) in view.exchange_range and set(p.answer) <= set(view.hand)


SMALL = _sample([p for p in catalogue() if _small(p) and not p.calls]) + [
    p for p in catalogue() if _small(p) and p.calls]  # every one counted with the calls


@pytest.mark.parametrize("puzzle", SMALL, ids=[p.id for p in SMALL])
def test_an_independent_exact_check(puzzle: Puzzle) -> None:
    state = puzzle.position.state()
    view = state.view(puzzle.position.role)
    worlds = puzzle_worlds(puzzle, view)
    truth = frozenset(state.hand("younger" if view.role == "elder" else "elder"))
    if view.lead is not None:
        truth -= {view.lead}
    assert truth in worlds  # the worlds hold the opponent's real cards
    assert len(worlds) == puzzle.worlds
    means = independent_means(view, worlds)
    best = max(means.values())
    winners = {c for c, v in means.items() if v == best}
    assert winners == set(puzzle.answer)
    assert all(best - v >= MIN_MARGIN for c, v in means.items() if c not in winners)
    runner_up = max(v for c, v in means.items() if c not in winners)
    assert float(best - runner_up) == pytest.approx(puzzle.margin, abs=0.01)


OTHERS = _sample([p for p in catalogue() if not _small(p)])


@pytest.mark.parametrize("puzzle", OTHERS, ids=[p.id for p in OTHERS])
def test_measured_again(puzzle: Puzzle) -> None:
    assert verify(puzzle, seed=20261207)

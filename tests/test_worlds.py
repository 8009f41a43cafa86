"""piquet.worlds: the one check of an opponent hand against what was heard of the declarations
(sinking allowed), against a brute force written here from the rules."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings, strategies as st

from piquet.cards import DECK, SUITS, Card, Rank
from piquet.worlds import TOP, Heard, consistent

_PIPS = {Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10,
         Rank.NINE: 9, Rank.EIGHT: 8, Rank.SEVEN: 7}


def _every_declaration(cards: list[Card]) -> tuple[set[int], set[int], set[int]]:
    """The keys of everything the hand may declare in each category, 0 (nothing) included:
    a point is some cards of one suit (length * 128 + pips), a sequence some consecutive cards
    of one suit, three or more (length * 8 + top), a set three or four cards of one rank, ten
    or higher (count * 8 + rank); a player may declare less than he holds."""
    points, runs, sets = {0}, {0}, {0}
    for suit in SUITS:
        mine = [c for c in cards if c.suit is suit]
        for n in range(1, len(mine) + 1):
            for part in combinations(mine, n):
                points.add(128 * n + sum(_PIPS[c.rank] for c in part))
        ranks = {int(c.rank) for c in mine}
        for low in range(8):
            for top in range(low + 2, 8):
                if all(r in ranks for r in range(low, top + 1)):
                    runs.add((top - low + 1) * 8 + top)
    for rank in Rank:
        if rank < Rank.TEN:
            continue
        held = sum(c.rank is rank for c in cards)
        for count in (3, 4):
            if held >= count:
                sets.add(count * 8 + int(rank))
    return points, runs, sets


def _interval(draw: st.DrawFn, keys: list[int]) -> tuple[int, int]:
    lo = draw(st.sampled_from(keys))
    hi = draw(st.sampled_from([k for k in keys if k >= lo] + [TOP]))
    return lo, hi


_POINTS = sorted({0, *(128 * n + p for n in range(1, 9) for p in range(7 * n, 11 * n + 1))})
_RUNS = sorted({0, *(n * 8 + t for n in range(3, 9) for t in range(n - 1, 8))})
_SETS = sorted({0, *(n * 8 + r for n in (3, 4) for r in range(3, 8))})


@st.composite
def _heard(draw: st.DrawFn) -> Heard:
    return Heard(_interval(draw, _POINTS), _interval(draw, _RUNS), _interval(draw, _SETS))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=9, unique=True), _heard())
def test_consistent_agrees_with_every_declaration_the_hand_could_make(
        cards: list[Card], heard: Heard) -> None:
    points, runs, sets = _every_declaration(cards)
    brute = (any(heard.point[0] <= k <= heard.point[1] for k in points)
             and any(heard.sequence[0] <= k <= heard.sequence[1] for k in runs)
             and any(heard.sets[0] <= k <= heard.sets[1] for k in sets))
    assert consistent(sum(c.bit for c in cards), heard) == brute


def test_a_hand_may_hold_more_than_was_declared_never_less() -> None:
    quint = Heard((5 * 128, 5 * 128 + 127), (5 * 8 + 7, 5 * 8 + 7), (0, 0))
    hand = [c for c in DECK if c.suit is SUITS[0] and c.rank >= Rank.TEN]  # A K Q J 10
    six = [*hand, next(c for c in DECK if c.suit is SUITS[0] and c.rank is Rank.NINE)]
    assert consistent(sum(c.bit for c in six), quint)  # a sixième sinking to a quint
    assert not consistent(sum(c.bit for c in hand[:4]), quint)  # a quart cannot call a quint


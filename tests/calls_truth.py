"""Truths written in the tests from the rules (no library code): who led each trick, the
cards Elder played, and whether twelve cards could make Elder's calls as Younger heard them
(a call is a floor: a point of n cards, of p pips when heard, needs n cards of one suit some n
of which make p; a sequence its run in some suit; a set its rank that many times)."""

from __future__ import annotations

from itertools import combinations

from piquet.cards import Card
from piquet.deal import PlayerView

PIP = (7, 8, 9, 10, 10, 10, 10, 11)


def _tricks(view: PlayerView) -> list[tuple[Card, Card, int]]:
    """Each trick with who led it (0 Elder, 1 Younger)."""
    out, leader = [], 0
    for a, b in view.tricks:
        out.append((a, b, leader))
        if b.suit is a.suit and b.rank > a.rank:
            leader = 1 - leader
    return out


def _suit_ranks(hand: frozenset[Card], s: int) -> list[int]:
    return sorted(int(c.rank) for c in hand if c.suit.index == s)


def _point(hand: frozenset[Card]) -> tuple[int, int]:
    return max((len(r), sum(PIP[x] for x in r)) for r in (_suit_ranks(hand, s) for s in range(4)))


def elder_played(view: PlayerView) -> frozenset[Card]:
    return frozenset(a if ldr == 0 else b for a, b, ldr in _tricks(view))


def makes_calls(twelve: frozenset[Card], view: PlayerView) -> bool:
    calls = view.opponent_calls
    if calls is None:
        return True
    mine = frozenset(view.hand) | (frozenset(view.played) - elder_played(view))
    pips_heard = _point(mine)[0] == calls.point_length
    if calls.point_length and not any(
        len(r) >= calls.point_length and (not pips_heard or any(
            sum(PIP[x] for x in pick) == calls.point_pips
            for pick in combinations(r, calls.point_length)))
        for r in (_suit_ranks(twelve, s) for s in range(4))
    ):
        return False
    if calls.sequence_length:
        top = int(calls.sequence_top or 0)
        need = set(range(top - calls.sequence_length + 1, top + 1))
        if not any(need <= set(_suit_ranks(twelve, s)) for s in range(4)):
            return False
    if calls.set_count:
        rank = int(calls.set_rank or 0)
        if sum(1 for c in twelve if int(c.rank) == rank) < calls.set_count:
            return False
    return True



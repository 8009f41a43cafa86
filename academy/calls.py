"""Elder's calls as Younger heard them, and whether a hand could make them.

A call never claims more than is held (a player may sink, so what he calls is a floor): a point
of ``n`` cards (of ``p`` pips when heard) needs ``n`` cards of one suit, some ``n`` of them
making ``p``; a sequence needs its run in some suit; a set its rank ``count`` times. Used by
the counting drill (:mod:`academy.counting`) and the puzzles counted with the calls
(:mod:`academy.puzzles`). Pure Python: no Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from piquet.cards import Card, cards_mask, mask_cards
from piquet.combos import analyse
from piquet.deal import PlayerView
from piquet.declare import Calls
from piquet.players import knowledge

PIPS: Final = (7, 8, 9, 10, 10, 10, 10, 11)
"""The pip value of each rank index, 7 to ace."""
@dataclass(frozen=True, slots=True)
class Heard:
    """Elder's calls as Younger heard them (0: nothing called; pips 0: not heard)."""

    point_length: int
    point_pips: int
    run_length: int
    run_top: int
    """The run's top card's rank index (0 seven ... 7 ace)."""
    set_count: int
    set_rank: int


def heard(view: PlayerView) -> Heard:
    """The calls in ``view`` (Younger's): the pips only when his own point is as long."""
    c: Calls | None = view.opponent_calls
    if c is None:
        return Heard(0, 0, 0, 0, 0, 0)
    mine = analyse(_after_exchange(view)).point
    asked = mine is not None and mine.length == c.point_length
    return Heard(c.point_length, c.point_pips if asked else 0, c.sequence_length,
                 int(c.sequence_top) if c.sequence_top is not None else 0, c.set_count,
                 int(c.set_rank) if c.set_rank is not None else 0)


def _after_exchange(view: PlayerView) -> tuple[Card, ...]:
    """The view's player's twelve cards after the exchange (his hand and what he played)."""
    k = knowledge(view)
    mine = cards_mask(view.played) & ~k.opp_played
    return mask_cards(cards_mask(view.hand) | mine)


def calls_allow(twelve: int, h: Heard) -> bool:
    """Whether twelve cards (a mask) could make the calls ``h``."""
    suits = [twelve >> 8 * s & 255 for s in range(4)]
    if h.point_length:
        ok = False
        for m in suits:
            ranks = [r for r in range(8) if m >> r & 1]
            if len(ranks) < h.point_length:
                continue
            if not h.point_pips or any(sum(PIPS[r] for r in pick) == h.point_pips
                                       for pick in combinations(ranks, h.point_length)):
                ok = True
                break
        if not ok:
            return False
    if h.run_length:
        run = ((1 << h.run_length) - 1) << (h.run_top - h.run_length + 1)
        if not any(m & run == run for m in suits):
            return False
    return not (h.set_count and sum(m >> h.set_rank & 1 for m in suits) < h.set_count)



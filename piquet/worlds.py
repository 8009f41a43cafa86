"""Which opponent hands fit what a player heard of the declarations (facts, sinking allowed).

In play a player reasons over *worlds*: the hands the opponent may hold. Besides the cards he
saw (his own, the talon he looked at, the cards played, the voids shown), the declarations
bind them: what he heard of the opponent's calls, answers and scores. A player may **sink**
(declare less than he holds), so a call binds from below only: a hand may hold more than its
owner declared, never less. This module is the one place that says so, for the computer
player (:mod:`piquet.players`) and the review of a deal (:mod:`academy.review`):

- :class:`Heard`: for the point, the sequences and the sets, the interval the opponent's
  *declared* key lies in, as the player learned it (:func:`heard_of`; a
  :class:`piquet.deal.PlayerView` carries it as ``view.heard`` once both have declared);
- :func:`consistent`: could a hand (the opponent's after the exchange) have declared
  something in each interval? Declaring nothing is always possible, so an interval that holds
  0 binds nothing.

Keys are those of :mod:`piquet.combos`: a point is ``length * 128 + pips``, a sequence
``length * 8 + top rank``, a set ``count * 8 + rank`` (ranks seven = 0 ... ace = 7).

>>> from piquet.cards import cards_mask, parse_cards
>>> quint = Heard(point=(5 * 128, 5 * 128 + 127), sequence=(5 * 8 + 7, 5 * 8 + 7), sets=(0, 0))
>>> consistent(cards_mask(parse_cards("AS KS QS JS 10S 9H 8H 7H 9D 8D 7D 7C")), quint)
True
>>> consistent(cards_mask(parse_cards("AS KS QS JS 9H 8H 7H 9D 8D 7D 9S 8C")), quint)
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from piquet.combos import POINT_KEY
from piquet.declare import Declaration
from piquet.reckon import Role

__all__ = ["TOP", "Heard", "consistent", "heard_of"]

TOP: Final = 1 << 20
"""An upper bound above every key (an interval open above)."""


@dataclass(frozen=True, slots=True)
class Heard:
    """For each category, the interval ``(low, high)`` (both included) the opponent's declared
    key lies in, as the player learned it from the calls, the answers and the score sheet.
    ``(0, 0)``: he declared nothing there."""

    point: tuple[int, int]
    sequence: tuple[int, int]
    sets: tuple[int, int]


def _keys(d: Declaration) -> tuple[int, int, int]:
    bs, bt = d.best_sequence, d.best_set
    return d.point_key, bs.key if bs else 0, bt.key if bt else 0


def heard_of(elder: Declaration, younger: Declaration, role: Role) -> Heard:
    """What ``role`` heard of the opponent's declaration, given what each declared.

    Younger hears Elder's calls: his point's length (its pips too when Younger holds as many
    cards, so asks), the name of his best sequence and of his best set. Elder hears Younger's
    answers ("Good", "Not good", "Equal") and sees on the sheet the point Younger scores;
    "Good" may hide a sunk combination, so it binds nothing.
    """
    ek, yk = _keys(elder), _keys(younger)
    if role == "younger":
        pl = ek[0] >> 7
        yl = younger.point.length if younger.point else 0
        point = (ek[0], ek[0]) if pl == 0 or yl == pl else (pl * 128, pl * 128 + 127)
        return Heard(point, (ek[1], ek[1]), (ek[2], ek[2]))
    out: list[tuple[int, int]] = []
    for i in range(3):
        e, y = ek[i], yk[i]
        if i == 0 and e:
            el, yl = e >> 7, y >> 7
            if yl > el:
                out.append((yl * 128, yl * 128 + 127))  # his length is on the sheet
            elif yl == el:  # he asked the pips
                if y > e:
                    out.append((e + 1, el * 128 + 127))
                elif y == e:
                    out.append((e, e))
                else:
                    out.append((el * 128, e - 1))
            else:
                out.append((0, el * 128 - 1))
        elif i == 0:  # Elder called no point: Younger scores his, and says its length
            yl = y >> 7
            out.append((yl * 128, yl * 128 + 127) if yl else (0, 0))
        elif y > e:
            out.append((e + 1, TOP))
        elif y == e and e:
            out.append((e, e))
        else:
            out.append((0, max(e - 1, 0)))
    return Heard(*out)


@cache
def _point_keys(pattern: int) -> frozenset[int]:
    """Every point key one suit's cards (``pattern``) can declare (its non-empty subsets)."""
    out = set()
    sub = pattern
    while sub:
        out.add(POINT_KEY[sub])
        sub = (sub - 1) & pattern
    return frozenset(out)


@cache
def _run_keys(pattern: int) -> frozenset[int]:
    """Every sequence key one suit's cards can declare: each run of three or more
    consecutive cards, part of a longer one included."""
    out = set()
    for top in range(8):
        n = 0
        while top - n >= 0 and pattern >> (top - n) & 1:
            n += 1
            if n >= 3:
                out.add(n * 8 + top)
    return frozenset(out)


def _declarable(hand: int, lo: int, hi: int, keys: Callable[[int], Iterable[int]]) -> bool:
    if lo <= 0 <= hi:
        return True  # declaring nothing is always allowed
    return any(lo <= k <= hi for s in range(4) for k in keys(hand >> 8 * s & 255))


def _set_declarable(hand: int, lo: int, hi: int) -> bool:
    if lo <= 0 <= hi:
        return True
    for r in range(3, 8):  # sets of tens and higher
        n = sum(hand >> (8 * s + r) & 1 for s in range(4))
        if n >= 3 and lo <= 3 * 8 + r <= hi:
            return True
        if n == 4 and lo <= 4 * 8 + r <= hi:
            return True
    return False


def consistent(hand: int, heard: Heard) -> bool:
    """Could the opponent, holding ``hand`` (a card mask: his hand after the exchange, the
    cards he has played included), have declared what was ``heard``? Sinking allowed: he may
    have declared less than he held, so ``hand`` fits when, in each category, something it
    may declare (nothing included) has its key in the interval heard."""
    return (_declarable(hand, *heard.point, _point_keys)
            and _declarable(hand, *heard.sequence, _run_keys)
            and _set_declarable(hand, *heard.sets))

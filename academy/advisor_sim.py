"""The advisor's simulation (:mod:`academy.advisor`): the declaration points of each discard
against sampled opponent hands and talons, every discard on the same samples.

A sample is an ordering of the 20 cards the player does not hold: the opponent's twelve as
dealt, then the talon top first. The opponent exchanges the greedy way
(:func:`piquet.players._greedy_exchange_mask`): against Elder, Younger takes every card Elder
left; against Younger, Elder took ``elder_took`` cards. Both final hands are declared in full
and scored by :func:`piquet.players.declaration_outcome` (carte blanche from the hands as
dealt, point, sequences, sets, repique; no pique).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from piquet.combos import is_carte_blanche, point_key
from piquet.exchange import TALON_SIZE
from piquet.players import _greedy_exchange_mask, declaration_outcome

Figures = tuple[float, float, int, float]
"""(expected, standard error, samples, chance of winning the point) of one discard."""

_TOP: Final = 10
_TARGET: Final = 0.5
_MAX: Final = 40_000


class Simulation:
    """The samples of one question (hand, role, how many cards Elder took, seed)."""

    def __init__(self, dealt: int, role: str, elder_took: int, seed: int) -> None:
        self.dealt = dealt
        self.elder = role == "elder"
        self.took = elder_took
        self.my_blanche = is_carte_blanche(dealt)
        self.unseen = [i for i in range(32) if not dealt >> i & 1]
        self._rng = random.Random(seed)
        self._samples: list[tuple[int, tuple[int, ...], bool]] = []
        self._opp: dict[tuple[int, int], int] = {}

    def _grow(self, n: int) -> None:
        while len(self._samples) < n:
            perm = self.unseen[:]
            self._rng.shuffle(perm)
            opp = sum(1 << c for c in perm[:12])
            self._samples.append((opp, tuple(perm[12:]), is_carte_blanche(opp)))

    def _opponent(self, i: int, j: int) -> int:
        key = (i, j if self.elder else -1)
        found = self._opp.get(key)
        if found is None:
            opp, talon, _ = self._samples[i]
            if self.elder:
                found = _greedy_exchange_mask(opp, talon[j:], TALON_SIZE - j)
            else:
                found = _greedy_exchange_mask(opp, talon, self.took)
            self._opp[key] = found
        return found

    def measure(self, kept: int, j: int, n: int) -> Figures:
        """The figures of the discard keeping ``kept`` and drawing ``j`` on samples ``:n``."""
        self._grow(n)
        total = total2 = 0.0
        won = 0
        first = 0 if self.elder else self.took
        for i in range(n):
            _, talon, opp_bl = self._samples[i]
            mine = kept
            for c in talon[first:first + j]:
                mine |= 1 << c
            opp = self._opponent(i, j)
            if self.elder:
                ep, yp, _ = declaration_outcome(mine, opp, self.my_blanche, opp_bl)
                d = ep - yp
            else:
                ep, yp, _ = declaration_outcome(opp, mine, opp_bl, self.my_blanche)
                d = yp - ep
            total += d
            total2 += d * d
            if point_key(mine) > point_key(opp):
                won += 1
        mean = total / n
        var = max(total2 / n - mean * mean, 0.0) * n / (n - 1)
        return mean, math.sqrt(var / n), n, won / n

    def rank(self, kept: Sequence[int], drawn: Sequence[int], first: int) -> list[Figures]:
        """Every discard on the first ``first`` samples, then the leaders on more until the
        first ten have an error of at most 0.5."""
        figs = [self.measure(k, j, first) for k, j in zip(kept, drawn, strict=True)]
        while True:
            order = sorted(range(len(figs)), key=lambda i: (-figs[i][0], i))[:_TOP]
            loose = [i for i in order if figs[i][1] > _TARGET and figs[i][2] < _MAX]
            if not loose:
                return figs
            for i in loose:
                _, err, n, _ = figs[i]
                want = min(_MAX, max(2 * n, math.ceil(n * (err / (_TARGET * 0.95)) ** 2)))
                figs[i] = self.measure(kept[i], drawn[i], want)

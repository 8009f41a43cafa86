"""The advisor's simulation (:mod:`academy.advisor`): the declaration points of each discard
against sampled opponent hands and talons, every discard on the same samples.

A sample is an ordering of the 20 cards the player does not hold: the opponent's twelve as
dealt, then the talon top first. Samples come in chunks of :data:`CHUNK`, chunk ``c`` drawn by
``numpy.random.default_rng([seed, c])``, so the first ``n`` samples are the same whatever
more are drawn later. The opponent exchanges the greedy way (the rule of
``piquet.players._greedy_exchange_mask``: the lowest cards outside his longest suit): against
Elder, Younger takes every card Elder left; against Younger, Elder took ``elder_took``. Both
final hands are declared in full and scored as ``piquet.players.declaration_outcome`` scores
them (carte blanche from the hands as dealt, point, sequences, sets, repique; no pique), with
per-suit tables over whole arrays of hands (:func:`hand_keys`, :func:`declaration_points`;
the tests check them against the engine).

Cheap for thousands of discards (``bench/bench_advisor.py``): the player's hands are looked
up two suits at a time (each pair of patterns the discards keep, once a sample; a discard's
keys are then two rows put together), the sets on an index of 5**5 entries (a base-5 digit
a rank, the suits' digits adding up), the scoring in int16 (its figures exact integers, the
same means and errors as in int64).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from academy.advisor_budget import (
    LEADER_SAMPLES,
    MAX_SAMPLES,
    TARGET_ERROR as TARGET,
    TOP_MEASURED as TOP,
)
from piquet.combos import COURT_MASK, POINT_KEY, SEQ_KEY, SEQ_SCORE
from piquet.exchange import TALON_SIZE
from piquet.reckon import REPIQUE

if TYPE_CHECKING:   # numpy.typing is not imported at run time
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]
    Small = npt.NDArray[np.int16]
    Whole = npt.NDArray[np.signedinteger[Any]]
    Keys = tuple[Whole, Whole, Whole, Whole, Whole]
    Figures = tuple[float, float, int, float]
    """(expected, standard error, samples, chance of winning the point) of one discard."""

CHUNK: Final = 128
_SEED_MASK: Final = (1 << 64) - 1
_BLOCK: Final = 1 << 15
"""About how many (discard, sample) pairs are scored in one numpy pass."""


@cache
def _pair_tables() -> tuple[Small, Small, Small, Ints, Small, Small]:
    """The per-suit tables (:func:`hand_keys`, :meth:`Simulation.measure`), on the 256
    patterns of a suit:
    point key, best sequence key, sequences' score (int16, small) and the suit's tens to aces
    as an index in base 5 (a digit a rank, so that the suits' indexes add up); then, on the
    summed index, the best set key and the sets' score."""
    p = np.arange(256, dtype=np.int64)
    r5 = sum(((p >> r) & 1) * 5 ** (r - 3) for r in range(3, 8))
    packed = np.arange(5 ** 5, dtype=np.int64)
    best = np.zeros(5 ** 5, dtype=np.int64)
    total = np.zeros(5 ** 5, dtype=np.int64)
    for r in range(3, 8):
        n = packed // 5 ** (r - 3) % 5
        total += np.where(n == 4, 14, np.where(n == 3, 3, 0))
        best = np.maximum(best, np.where(n >= 3, n * 8 + r, 0))
    small = np.int16
    return (np.array(POINT_KEY, dtype=small), np.array(SEQ_KEY, dtype=small),
            np.array(SEQ_SCORE, dtype=small), np.asarray(r5, dtype=np.int64),
            best.astype(small), total.astype(small))


def hand_keys(masks: Ints) -> Keys:
    """(point key, best sequence key, sequences' score, best set key, sets' score) of each
    12-card mask, as ``piquet.combos`` computes them (int16)."""
    pk, sk, ss, r5, set_key, set_score = _pair_tables()
    p = [masks & 255, masks >> 8 & 255, masks >> 16 & 255, masks >> 24 & 255]
    x = r5[p[0]] + r5[p[1]] + r5[p[2]] + r5[p[3]]
    return (np.maximum(np.maximum(pk[p[0]], pk[p[1]]), np.maximum(pk[p[2]], pk[p[3]])),
            np.maximum(np.maximum(sk[p[0]], sk[p[1]]), np.maximum(sk[p[2]], sk[p[3]])),
            ss[p[0]] + ss[p[1]] + ss[p[2]] + ss[p[3]], set_key[x], set_score[x])


def declaration_points(e: Keys, y: Keys, eb: Whole | bool, yb: Whole | bool
                       ) -> tuple[Whole, Whole]:
    """(Elder's points, Younger's points) of final hands declared in full (their
    :func:`hand_keys`, arrays that broadcast), carte blanche from the flags: what
    ``piquet.players.declaration_outcome`` gives first."""
    epk, esk, ess, etk, ets = e
    ypk, ysk, yss, ytk, yts = y
    dt = np.result_type(epk, ypk)   # int64, or the int16 of Simulation.measure
    e1 = np.asarray(eb, dtype=dt) * 10
    y1 = np.asarray(yb, dtype=dt) * 10
    e2 = e1 + (epk > ypk) * (epk >> 7)
    y2 = y1 + (ypk > epk) * (ypk >> 7)
    e3 = e2 + (esk > ysk) * ess
    y3 = y2 + (ysk > esk) * yss
    e4 = e3 + (etk > ytk) * ets
    y4 = y3 + (ytk > etk) * yts
    e_rep = ((e2 >= 30) & (y2 == 0)) | ((e3 >= 30) & (y3 == 0)) | ((e4 >= 30) & (y4 == 0))
    y_rep = ((y2 >= 30) & (e2 == 0)) | ((y3 >= 30) & (e3 == 0)) | ((y4 >= 30) & (e4 == 0))
    repique = dt.type(REPIQUE)
    return e4 + e_rep * repique, y4 + y_rep * repique


_BITS: Final = np.array([1 << i for i in range(32)], dtype=np.int64)
_SPREAD: Final = np.array([sum(1 << 4 * r for r in range(8) if p >> r & 1) for p in range(256)],
                          dtype=np.int64)
"""A suit's pattern with its rank r moved to bit 4r: ``_SPREAD[p] << s`` is suit ``s``'s cards
in rank-major order (bit ``4 * rank + suit``)."""
_CARD_OF: Final = np.zeros(37, dtype=np.int64)
_CARD_OF[[(1 << (4 * (i & 7) + (i >> 3))) % 37 for i in range(32)]] = [1 << i for i in range(32)]
"""A card's bit from its rank-major bit ``b``, looked up at ``b % 37`` (the 32 powers of two
have distinct remainders)."""


def greedy_throws(dealt: Ints) -> Ints:
    """``out[:, t]``: the ``t`` cards (0..8) each hand throws the greedy way, as masks: the
    lowest cards outside the longest suit (the first longest), low ranks first and suit by
    suit on a rank, then the longest suit's, low ranks first."""
    point = _pair_tables()[0]
    pats = [dealt >> 8 * s & 255 for s in range(4)]
    longest = np.argmax(np.stack([point[p] for p in pats], axis=1), axis=1)
    held = _SPREAD[pats[0]] | _SPREAD[pats[1]] << 1 | _SPREAD[pats[2]] << 2 | _SPREAD[pats[3]] << 3
    long = held & (0x11111111 << longest)
    rest = held & ~long
    out = np.zeros((len(dealt), TALON_SIZE + 1), dtype=np.int64)
    for t in range(1, TALON_SIZE + 1):   # the lowest card left of the rest, else of the longest
        take = np.where(rest != 0, rest, long)
        low = take & -take
        rest &= ~low
        long &= ~low
        out[:, t] = out[:, t - 1] | _CARD_OF[low % 37]
    return out


def best_first(expected: Sequence[float]) -> list[int]:
    """The indexes by ``expected``, highest first, ties in index order (a stable sort)."""
    return np.argsort(-np.array(expected, dtype=np.float64), kind="stable").tolist()  # type: ignore[no-any-return]


class Simulation:
    """The samples of one question (hand, role, how many cards Elder took, seed)."""

    def __init__(self, dealt: int, role: str, elder_took: int, seed: int) -> None:
        self.elder = role == "elder"
        self.took = elder_took
        self.my_blanche = not dealt & COURT_MASK
        self.seed = seed
        self.unseen = np.array([i for i in range(32) if not dealt >> i & 1], dtype=np.int64)
        self.n = 0
        self.draw = np.zeros((0, TALON_SIZE + 1), dtype=np.int64)
        """draw[:, j]: the mask of the cards the player draws taking j."""
        self.opp = np.zeros((0, TALON_SIZE + 1), dtype=np.int64)
        """opp[:, j]: the opponent's final hand when the player takes j (against Younger
        the same for every j)."""
        self.opp_blanche = np.zeros(0, dtype=bool)
        by_held = sorted(range(4), key=lambda s: (dealt >> 8 * s & 255).bit_count())
        self.pairs = ((by_held[0], by_held[3]), (by_held[1], by_held[2]))
        """The suits two by two, each pair holding about as many cards as the other."""

    def grow(self, n: int) -> None:
        """Have at least ``n`` samples."""
        chunks = -(-n // CHUNK)
        have = self.n // CHUNK
        if chunks <= have:
            return
        perms = [np.random.default_rng([self.seed & _SEED_MASK, c]).permuted(
                    np.tile(self.unseen, (CHUNK, 1)), axis=1) for c in range(have, chunks)]
        perm = np.concatenate(perms)
        bits = _BITS[perm]
        dealt = bits[:, :12].sum(axis=1)
        talon = bits[:, 12:]
        top = np.concatenate([np.zeros((len(perm), 1), dtype=np.int64),
                              np.cumsum(talon, axis=1)], axis=1)   # top[:, t]: talon[:t]
        throws = greedy_throws(dealt)
        j = np.arange(TALON_SIZE + 1)
        if self.elder:
            draw = top
            rest = top[:, -1:] - top                                # talon[j:]
            opp = (dealt[:, None] & ~throws[:, TALON_SIZE - j]) | rest
        else:
            k = self.took
            ahead = np.minimum(k + j, TALON_SIZE)
            draw = top[:, ahead] - top[:, k:k + 1]
            final = (dealt & ~throws[:, k]) | top[:, k]
            opp = np.repeat(final[:, None], TALON_SIZE + 1, axis=1)
        self.draw = np.concatenate([self.draw, draw])
        self.opp = np.concatenate([self.opp, opp])
        self.opp_blanche = np.concatenate([self.opp_blanche, (dealt & COURT_MASK) == 0])
        self.n = chunks * CHUNK

    def _halves(self, kept: Ints, draw: Ints) -> list[tuple[Ints, Small, Small, Small, Ints]]:
        """The player's hands ``kept | draw`` (discards by samples) two suits at a time: for
        each pair of suits, the row of each discard and, for each pair of patterns the pair
        keeps (rows) and sample, the pair's longest point key, best sequence key, sequences'
        score and the sets' index of :func:`_pair_tables`."""
        pk, sk, ss, r5, _, _ = _pair_tables()
        out = []
        for s, t in self.pairs:
            key = (kept >> 8 * s & 255) | (kept >> 8 * t & 255) << 8
            uniq, inv = np.unique(key, return_inverse=True)
            a = (uniq[:, None] & 255) | (draw[None, :] >> 8 * s & 255)
            b = (uniq[:, None] >> 8) | (draw[None, :] >> 8 * t & 255)
            out.append((inv.reshape(-1), np.maximum(pk[a], pk[b]), np.maximum(sk[a], sk[b]),
                        ss[a] + ss[b], r5[a] + r5[b]))
        return out

    def measure(self, kept: Ints, drawn: Ints, n: int) -> list[Figures]:
        """The figures of discards (``kept`` masks, ``drawn`` cards) on samples ``:n``."""
        self.grow(n)
        *_, set_key, set_score = _pair_tables()
        out: list[Figures] = [(0.0, 0.0, 0, 0.0)] * len(kept)
        for j in sorted(set(drawn.tolist())):
            idx = np.flatnonzero(drawn == j)
            step = max(1, _BLOCK // n)
            opp = hand_keys(self.opp[None, :n, j])
            opp_bl = self.opp_blanche[None, :n]
            (ia, pa, sa, qa, xa), (ib, pb, sb, qb, xb) = self._halves(kept[idx],
                                                                      self.draw[:n, j])
            for a in range(0, len(idx), step):
                part = idx[a:a + step]
                ra, rb = ia[a:a + step], ib[a:a + step]
                x = xa[ra] + xb[rb]
                mine = (np.maximum(pa[ra], pb[rb]), np.maximum(sa[ra], sb[rb]), qa[ra] + qb[rb],
                        set_key[x], set_score[x])
                if self.elder:
                    ep, yp = declaration_points(mine, opp, self.my_blanche, opp_bl)
                    d = ep - yp
                else:
                    ep, yp = declaration_points(opp, mine, opp_bl, self.my_blanche)
                    d = yp - ep
                won = (mine[0] > opp[0]).mean(axis=1)
                mean = d.mean(axis=1)
                err = d.std(axis=1, ddof=1) / math.sqrt(n)
                for i, m, e, w in zip(part.tolist(), mean.tolist(), err.tolist(),
                                      won.tolist(), strict=True):
                    out[i] = (m, e, n, w)
        return out

    def rank(self, kept: Sequence[int], drawn: Sequence[int], first: int) -> list[Figures]:
        """Every discard on the first ``first`` samples, then the leaders on more, all on the
        same samples, until the first ten have been measured on at least ``LEADER_SAMPLES``
        and have an error of at most ``TARGET_ERROR``."""
        k = np.array(kept, dtype=np.int64)
        j = np.array(drawn, dtype=np.int64)
        figs = self.measure(k, j, first)
        while True:
            order = best_first([f[0] for f in figs])[:TOP]
            loose = [i for i in order if figs[i][2] < MAX_SAMPLES and (
                figs[i][1] > TARGET or figs[i][2] < LEADER_SAMPLES)]
            if not loose:
                return figs
            need = max(math.ceil(figs[i][2] * (figs[i][1] / (TARGET * 0.95)) ** 2)
                       for i in loose)
            n = min(MAX_SAMPLES, max(need, LEADER_SAMPLES,
                                     2 * max(figs[i][2] for i in loose)))
            # measure every leader on the same, longer run of samples
            lead = [i for i in order if figs[i][2] < n]
            for i, f in zip(lead, self.measure(k[lead], j[lead], n), strict=True):
                figs[i] = f

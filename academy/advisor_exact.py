"""The advisor's exact chances (:mod:`academy.advisor`), counted for every discard at once.

A discard of ``n`` cards draws a uniformly random ``n``-subset of the 20 cards the player does
not hold. Split by suit, a draw takes ``j_s`` of the ``m_s`` unseen cards of suit ``s``; the
number of draws with a property that is decided suit by suit (no suit longer than ``L``, no
sequence longer than ``L``, no court card) is the coefficient of ``x**n`` in the product of
the four suits' polynomials ``sum_j (draws of j cards of the suit with it) x**j``. Sets are
decided rank by rank in the same way (the ranks ten to ace, and the rest lumped). The
polynomials are integer arrays (numpy).

Cheap for thousands of discards: a suit's polynomials depend only on the pattern it keeps
(one of the subsets of the suit's cards held), so they are made once a pattern; the suits go
in two pairs, each pair's product made once for each pair of patterns the discards keep, and
a discard's count is then one coefficient, ``sum_j A[j] * B[n - j]``. The sets depend only on
how many cards of each rank are kept and on ``n``: counted once for each such key.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

import numpy as np

from piquet.combos import COURT_MASK, SEQ_KEY

if TYPE_CHECKING:
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]

_POPCOUNT = np.array([p.bit_count() for p in range(256)], dtype=np.int64)
_SEQ_LEN = np.array([k >> 3 for k in SEQ_KEY], dtype=np.int64)
"""The longest run of a suit's pattern (0: none; a run is three or more)."""
_ROWS = 19
"""A suit's polynomials: 0-8 point (the suit at most L long), 9-17 sequence (no run longer
than L), 18 no court card."""


def _subsets(bits: int) -> list[int]:
    out = [0]
    for r in range(8):
        if bits >> r & 1:
            out += [s | 1 << r for s in out]
    return out


def _mul(a: Ints, b: Ints) -> Ints:
    """Polynomials along the last axis, multiplied and cut to the same degree."""
    deg = a.shape[-1]
    out = a * b[..., :1]
    for i in range(1, deg):
        out[..., i:] += a[..., :deg - i] * b[..., i:i + 1]
    return out


def _binomials(m: int, deg: int) -> list[int]:
    return [comb(m, j) for j in range(deg)]


def _suit_polys(dealt: int, s: int, deg: int) -> Ints:
    """(256, 19, deg): the suit's polynomials for each pattern it may keep (zero elsewhere)."""
    held = dealt >> 8 * s & 255
    unseen = 255 & ~held
    court = COURT_MASK >> 8 * s & 255
    binom = np.array(_binomials(unseen.bit_count(), deg), dtype=np.int64)
    plain = np.array(_binomials((unseen & ~court).bit_count(), deg), dtype=np.int64)
    pats = np.array(_subsets(held), dtype=np.int64)
    draws = np.array([d for d in _subsets(unseen) if d.bit_count() < deg], dtype=np.int64)
    size = _POPCOUNT[draws]
    j = np.arange(deg)
    out = np.zeros((256, _ROWS, deg), dtype=np.int64)
    # the point: j cards drawn make the suit |p| + j long
    out[pats, :9] = (_POPCOUNT[pats][:, None, None] + j <= np.arange(9)[:, None]) * binom
    # the sequences: the draws of j cards whose longest run is `run`, summed up to L
    runs = _SEQ_LEN[pats[:, None] | draws[None, :]]
    flat = (np.arange(len(pats))[:, None] * 9 + runs) * deg + size
    counts = np.bincount(flat.reshape(-1), minlength=len(pats) * 9 * deg)
    out[pats, 9:18] = np.cumsum(counts.reshape(len(pats), 9, deg), axis=1)
    out[pats[(pats & court) == 0], 18] = plain
    return out


def _coefficients(a: Ints, ia: Ints, b: Ints, ib: Ints, drawn: Ints) -> Ints:
    """Discard by discard, the coefficient ``drawn[i]`` of the product of ``a[ia[i]]`` and
    ``b[ib[i]]``."""
    out = np.zeros((len(drawn), a.shape[1]), dtype=np.int64)
    for n in sorted(set(drawn.tolist())):   # (np.unique would import numpy.ma)
        idx = np.flatnonzero(drawn == n)
        out[idx] = np.einsum("ijk,ijk->ij", a[ia[idx], :, :n + 1], b[ib[idx], :, n::-1])
    return out


def exact_counts(dealt: int, kept: Ints, drawn: Ints) -> dict[str, Ints]:
    """For each discard (``kept`` masks, ``drawn`` cards), counts of draws out of ``C(20, n)``:

    - ``point``: (D, 9) draws whose longest suit is at most L, L = 0..8;
    - ``sequence``: (D, 9) draws whose longest sequence is at most L (a sequence is three or
      more: L = 0, 1, 2 all count the draws with none);
    - ``no_quatorze``, ``no_trio``, ``blanche``: (D,) draws with no quatorze, with no rank of
      exactly three (tens and higher), with no court card.
    """
    deg = int(drawn.max()) + 1 if len(drawn) else 1
    polys = [_suit_polys(dealt, s, deg) for s in range(4)]
    # pair the suits so that each pair holds about as many cards as the other
    by_held = sorted(range(4), key=lambda s: (dealt >> 8 * s & 255).bit_count())
    halves = []
    for s, t in ((by_held[0], by_held[3]), (by_held[1], by_held[2])):
        key = (kept >> 8 * s & 255) | (kept >> 8 * t & 255) << 8
        uniq, inv = np.unique(key, return_inverse=True)
        halves.append((_mul(polys[s][uniq & 255], polys[t][uniq >> 8]), inv.reshape(-1)))
    (a, ia), (b, ib) = halves
    suits = _coefficients(a, ia, b, ib, drawn)
    # sets, rank by rank (the ranks below ten lumped), once per count kept of each rank
    key = drawn.copy()
    for r in range(3, 8):
        x = (kept >> r) & 0x01010101
        key = key * 5 + (((x * 0x01010101) >> 24) & 255)
    uniq, inv = np.unique(key, return_inverse=True)
    low = _binomials(sum(4 - (dealt & 0x01010101 << r).bit_count() for r in range(3)), deg)
    sets: Ints = np.broadcast_to(np.array(low, dtype=np.int64), (len(uniq), 2, deg))
    j = np.arange(deg)
    rest = uniq
    for r in range(7, 2, -1):
        count = rest % 5
        rest = rest // 5
        binom = np.array(_binomials(4 - (dealt & 0x01010101 << r).bit_count(), deg),
                         dtype=np.int64)
        total = count[:, None] + j[None, :]
        rank = np.stack([np.where(total == 4, 0, binom), np.where(total == 3, 0, binom)],
                        axis=1)
        sets = _mul(sets, rank)
    picked = sets[np.arange(len(uniq)), :, rest][inv.reshape(-1)]
    return {
        "point": suits[:, 0:9],
        "sequence": suits[:, 9:18],
        "no_quatorze": picked[:, 0],
        "no_trio": picked[:, 1],
        "blanche": suits[:, 18],
    }

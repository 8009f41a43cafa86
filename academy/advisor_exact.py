"""The advisor's exact chances (:mod:`academy.advisor`), counted for every discard at once.

A discard of ``n`` cards draws a uniformly random ``n``-subset of the 20 cards the player does
not hold. Split by suit, a draw takes ``j_s`` of the ``m_s`` unseen cards of suit ``s``; the
number of draws with a property that is decided suit by suit (no suit longer than ``L``, no
sequence longer than ``L``, no court card) is the coefficient of ``x**n`` in the product of
the four suits' polynomials ``sum_j (draws of j cards of the suit with it) x**j``. Sets are
decided rank by rank in the same way (the ranks ten to ace, and the rest lumped). The
polynomials are integer arrays, multiplied for every discard at once with numpy.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from piquet.combos import COURT_MASK, SEQ_KEY

Ints = npt.NDArray[np.int64]

@cache
def _seq_len() -> Ints:
    return np.array([k >> 3 for k in SEQ_KEY], dtype=np.int64)


def _subsets(bits: int) -> list[int]:
    out = [0]
    for r in range(8):
        if bits >> r & 1:
            out += [s | 1 << r for s in out]
    return out


def _mul(a: Ints, b: Ints) -> Ints:
    """Polynomials along the last axis, multiplied and cut to the same degree."""
    deg = a.shape[-1]
    out = np.zeros(np.broadcast_shapes(a.shape, b.shape), dtype=np.int64)
    for i in range(deg):
        out[..., i:] += a[..., i:i + 1] * b[..., :deg - i]
    return out


def _binomials(m: int, deg: int) -> Ints:
    return np.array([comb(m, j) for j in range(deg)], dtype=np.int64)


def exact_counts(dealt: int, kept: Ints, drawn: Ints) -> dict[str, Ints]:
    """For each discard (``kept`` masks, ``drawn`` cards), counts of draws out of ``C(20, n)``:

    - ``point``: (D, 9) draws whose longest suit is at most L, L = 0..8;
    - ``sequence``: (D, 9) draws whose longest sequence is at most L (a sequence is three or
      more: L = 0, 1, 2 all count the draws with none);
    - ``no_quatorze``, ``no_trio``, ``blanche``: (D,) draws with no quatorze, with no rank of
      exactly three (tens and higher), with no court card.
    """
    deg = int(drawn.max()) + 1 if len(drawn) else 1
    rows = np.arange(len(kept))
    seq_len = _seq_len()
    lengths = np.arange(9)
    one = (np.arange(deg) == 0).astype(np.int64)
    point: Ints = np.broadcast_to(one, (len(kept), 9, deg))
    sequence: Ints = point
    blanche: Ints = np.broadcast_to(one, (len(kept), deg))
    j = np.arange(deg)
    for s in range(4):
        held = dealt >> 8 * s & 255
        unseen = 255 & ~held
        ks = (kept >> 8 * s) & 255
        binom = _binomials(unseen.bit_count(), deg)
        # the longest suit: j cards drawn make it |k| + j long
        klen = np.array([p.bit_count() for p in range(256)], dtype=np.int64)[ks]
        ok = (klen[:, None, None] + j[None, None, :]) <= lengths[None, :, None]
        point = _mul(point, ok * binom)
        # the longest sequence, per kept pattern of the suit: count subsets of the unseen
        pats = np.array(_subsets(held), dtype=np.int64)
        draws = np.array(_subsets(unseen), dtype=np.int64)
        dsize = np.array([d.bit_count() for d in _subsets(unseen)], dtype=np.int64)
        keep_d = dsize < deg
        draws, dsize = draws[keep_d], dsize[keep_d]
        runs = seq_len[pats[:, None] | draws[None, :]]          # (patterns, draws)
        table = np.zeros((256, 9, deg), dtype=np.int64)
        for L in range(9):
            fits = (runs <= L).astype(np.int64)                   # (patterns, draws)
            onehot = (dsize[:, None] == j[None, :]).astype(np.int64)  # (draws, deg)
            table[pats, L, :] = fits @ onehot
        sequence = _mul(sequence, table[ks])
        # no court card
        court_unseen = ((~dealt & COURT_MASK) >> 8 * s & 255).bit_count()
        plain = _binomials(unseen.bit_count() - court_unseen, deg)
        has_court = ((kept >> 8 * s) & (COURT_MASK >> 8 * s & 255)) != 0
        blanche = _mul(blanche, np.where(has_court[:, None], 0, plain[None, :]))
    # sets, rank by rank: the ranks below ten lumped
    low = _binomials(sum(4 - (dealt & 0x01010101 << r).bit_count() for r in range(3)), deg)
    no_q: Ints = np.broadcast_to(low, (len(kept), deg))
    no_t = no_q
    for r in range(3, 8):
        unseen_r = 4 - (dealt & 0x01010101 << r).bit_count()
        binom = _binomials(unseen_r, deg)
        x = (kept >> r) & 0x01010101
        count = ((x * 0x01010101) >> 24) & 255
        total = count[:, None] + j[None, :]
        no_q = _mul(no_q, np.where(total == 4, 0, binom[None, :]))
        no_t = _mul(no_t, np.where(total == 3, 0, binom[None, :]))
    return {
        "point": point[rows, :, drawn],
        "sequence": sequence[rows, :, drawn],
        "no_quatorze": no_q[rows, drawn],
        "no_trio": no_t[rows, drawn],
        "blanche": blanche[rows, drawn],
    }

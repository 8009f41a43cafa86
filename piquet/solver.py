"""Exact double-dummy solver for the remaining tricks of a deal (both hands known).

Hands are 32-bit masks (bit ``suit * 8 + rank``, seven = 0 ... ace = 7, see :mod:`piquet.cards`);
player 0 is Elder, player 1 Younger. The search is alpha-beta over half-tricks with a
transposition table keyed at trick boundaries, rank-equivalent cards searched once, and an
exact "the leader wins every remaining trick" cut-off.

**Value.** Every value is **Elder's points minus Younger's points**, counted from the start of
the current trick to the end of the deal: 1 for each card led, 1 for each capture, 1 more for
the twelfth trick under ``cavendish`` (``last_trick_point``), the pique (+30 to Elder when his
running total reaches 30 while Younger has scored nothing) and the cards (10) or capot (40).
Points scored before the current trick are not included; pass what matters of them in
``elder_tricks`` (tricks Elder has won so far) and ``pique_base`` (Elder's running total before
the current trick when a pique is still possible, else ``None``).

>>> from piquet.cards import cards_mask, parse_cards
>>> e = cards_mask(parse_cards("AS KS"))
>>> y = cards_mask(parse_cards("QS JS"))
>>> s = Solver()
>>> s.solve((e, y), leader=0, elder_tricks=5, pique_base=None)   # 2 leads, 7 tricks: the cards
12
>>> s.solve((y, e), leader=0, elder_tricks=0, pique_base=None)    # lead, capture, lead; capot
-41
>>> s.solve((e, y), leader=0, elder_tricks=10, pique_base=27)     # 2 leads reach 29: no pique
42
>>> s.solve((e, y), leader=0, elder_tricks=10, pique_base=28)     # the second lead makes 30
72
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Final

from piquet.reckon import CAPOT_BONUS, CARDS_BONUS, PIQUE

INF: Final = 10_000


class SearchTimeout(Exception):
    """The solver passed its ``deadline`` (see :class:`Solver`)."""

_SUITS: Final = (0, 8, 16, 24)

# Representatives of rank-equivalent cards: for a player's suit pattern ``mine`` and the
# pattern ``other`` of the suit's other cards still in play, the ranks (high first) of one
# card per group of cards that no card of ``other`` separates.
_REPS: dict[int, tuple[int, ...]] = {}


def _reps(mine: int, other: int) -> tuple[int, ...]:
    key = mine << 8 | other
    found = _REPS.get(key)
    if found is not None:
        return found
    out: list[int] = []
    in_group = False
    for r in range(7, -1, -1):
        if mine >> r & 1:
            if not in_group:
                out.append(r)  # the group's top card stands for it
                in_group = True
        elif other >> r & 1:
            in_group = False
    found = tuple(out)
    _REPS[key] = found
    return found


def _compressed(pair: int) -> int:
    """One suit of a position, its out-of-play cards squeezed out: for Elder's pattern
    ``pair >> 8`` and Younger's ``pair & 255`` (disjoint), Elder's pattern among the cards
    still in play (low first) with a bit above them marking how many there are. Positions
    equal but for cards no longer in play have the same value (only the order of the cards in
    play decides a trick), so the table stores them once."""
    e, y = pair >> 8, pair & 255
    out = k = 0
    for r in range(8):
        if (e | y) >> r & 1:
            out |= (e >> r & 1) << k
            k += 1
    return out | 1 << k


_CMP: Final = tuple(_compressed(i) if not (i >> 8) & i & 255 else 0 for i in range(1 << 16))
""":func:`_compressed` of every pair of suit patterns (index ``elder << 8 | younger``)."""

TABLE_LIMIT: Final = 1 << 21
"""A kept table is emptied when it holds more positions than this (memory)."""


def _popcount(x: int) -> int:
    return x.bit_count()


def _bonus(elder_tricks: int) -> int:
    """The cards or capot, Elder minus Younger, from Elder's trick count out of 12."""
    if elder_tricks == 12:
        return CAPOT_BONUS
    if elder_tricks == 0:
        return -CAPOT_BONUS
    if elder_tricks >= 7:
        return CARDS_BONUS
    if elder_tricks <= 5:
        return -CARDS_BONUS
    return 0


def _leader_wins_all(lead_mask: int, follow_mask: int) -> bool:
    """True when every card of the leader beats every card the follower holds in its suit."""
    for sh in _SUITS:
        m = lead_mask >> sh & 255
        if m:
            o = follow_mask >> sh & 255
            if o and (m & -m) < (1 << (o.bit_length() - 1)):
                return False
    return True


class Solver:
    """A double-dummy solver; one instance may be reused. Its transposition table is keyed by
    the position itself (the cards in play, squeezed by rank order, who leads, Elder's tricks
    of the deal, whether a pique is still possible and at which total), so with
    ``keep_table`` it stays valid from one position to another of any deal under the same
    rules (other worlds, later tricks): what was solved once is not solved again. With a
    ``deadline`` a search that runs past it raises :class:`SearchTimeout`."""

    def __init__(self, last_trick_point: bool = False, deadline: float | None = None) -> None:
        self.last = 1 if last_trick_point else 0
        self.deadline = deadline
        """A ``time.perf_counter()`` value after which a search raises :class:`SearchTimeout`."""
        self.nodes = 0
        self._tt: dict[int, tuple[int, int, int]] = {}
        self._te0 = 0
        self._base = -1

    # --- public entry points ---

    def solve(self, hands: tuple[int, int], leader: int, elder_tricks: int,
              pique_base: int | None, lead: int | None = None) -> int:
        """The exact value (Elder minus Younger, see the module doc) of the rest of the deal.

        ``hands`` are the cards held now; ``lead`` is the index of a card already led to the
        current trick by ``leader`` (no longer in his hand), or ``None``.
        """
        self._start(elder_tricks, pique_base, leader)
        h = [hands[0], hands[1]]
        if lead is None:
            return self._ab(h[0], h[1], leader, 0, 0, -INF, INF)
        vals = self._follow_values(h, leader, lead, None)
        return max(vals.values()) if leader == 1 else min(vals.values())

    def move_values(self, hands: tuple[int, int], leader: int, elder_tricks: int,
                    pique_base: int | None, lead: int | None = None,
                    moves: Iterable[int] | None = None, keep_table: bool = False,
                    margin: int | None = None) -> dict[int, int]:
        """The exact value (Elder minus Younger) of each card the player to move may play.

        ``moves`` restricts the cards evaluated, in that order (default: one card per
        rank-equivalent group of the legal cards, which have equal values). The player to move
        is ``leader`` when ``lead`` is None, else the other player. With a ``margin``, a card
        worse for the mover than the best one found before it by more than ``margin`` is not
        solved exactly: its value is reported as that bound (best - margin for Elder, best +
        margin for Younger), which is much quicker.
        """
        self._start(elder_tricks, pique_base, leader, keep_table)
        h = [hands[0], hands[1]]
        if lead is None:
            return self._lead_values(h, leader, moves, margin)
        return self._follow_values(h, leader, lead, moves, margin)

    # --- internals ---

    def _start(self, elder_tricks: int, pique_base: int | None, leader: int,
               keep: bool = False) -> None:
        base = -1 if pique_base is None or pique_base >= 30 else pique_base
        if leader == 1:  # Younger leads this trick, so he has scored: no pique any more
            base = -1
        if not keep or len(self._tt) > TABLE_LIMIT:
            self._tt = {}
        self._te0 = elder_tricks
        self._base = base

    def _lead_values(self, h: list[int], leader: int, moves: Iterable[int] | None,
                     margin: int | None = None) -> dict[int, int]:
        lm = h[leader]
        fm = h[1 - leader]
        if moves is None:
            cand = []
            for sh in _SUITS:
                for r in _reps(lm >> sh & 255, fm >> sh & 255):
                    cand.append(sh + r)
        else:
            cand = list(moves)
        out: dict[int, int] = {}
        best: int | None = None
        for c in cand:
            hh = [h[0], h[1]]
            hh[leader] = lm & ~(1 << c)
            alpha, beta = -INF, INF
            if margin is not None and best is not None:
                if leader == 0:
                    alpha = best - margin
                else:
                    beta = best + margin
            v = self._reply_value(hh, leader, c, alpha, beta)
            v = min(max(v, alpha), beta)
            out[c] = v
            if best is None or (v > best if leader == 0 else v < best):
                best = v
        return out

    def _reply_cands(self, h: list[int], leader: int, lead: int) -> list[int]:
        fm = h[1 - leader]
        lm = h[leader]
        sh = lead & 24
        suit = fm >> sh & 255
        if suit:
            other = (lm >> sh & 255) | 1 << (lead & 7)
            return [sh + r for r in _reps(suit, other)]
        cand = []
        for s2 in _SUITS:
            for r in _reps(fm >> s2 & 255, lm >> s2 & 255):
                cand.append(s2 + r)
        return cand

    def _reply_value(self, h: list[int], leader: int, lead: int, alpha: int, beta: int
                     ) -> int:
        """Value of ``lead`` (already out of the leader's hand) with the follower's best reply
        (fail-soft within the window)."""
        remaining = _popcount(h[1 - leader])
        if leader == 0:  # Younger replies, minimising
            inner = INF
            for c in self._reply_cands(h, leader, lead):
                v = self._after_trick(h, leader, lead, c, remaining, 0, 0, alpha, beta)
                if v < inner:
                    inner = v
                    if inner <= alpha:
                        break
                    beta = min(beta, inner)
            return inner
        inner = -INF
        for c in self._reply_cands(h, leader, lead):
            v = self._after_trick(h, leader, lead, c, remaining, 0, 0, alpha, beta)
            if v > inner:
                inner = v
                if inner >= beta:
                    break
                alpha = max(alpha, inner)
        return inner

    def _follow_values(self, h: list[int], leader: int, lead: int, moves: Iterable[int] | None,
                       margin: int | None = None) -> dict[int, int]:
        """The value of each of the follower's replies to ``lead`` (see ``margin``)."""
        cand = list(moves) if moves is not None else self._reply_cands(h, leader, lead)
        remaining = _popcount(h[1 - leader])
        out: dict[int, int] = {}
        best: int | None = None
        follower = 1 - leader
        for c in cand:
            alpha, beta = -INF, INF
            if margin is not None and best is not None:
                if follower == 0:
                    alpha = best - margin
                else:
                    beta = best + margin
            v = self._after_trick(h, leader, lead, c, remaining, 0, 0, alpha, beta)
            v = min(max(v, alpha), beta)
            out[c] = v
            if best is None or (v > best if follower == 0 else v < best):
                best = v
        return out

    def _after_trick(self, h: list[int], leader: int, lead: int, second: int, remaining: int,
                     te: int, ty: int, alpha: int = -INF, beta: int = INF) -> int:
        """Value of completing the trick (lead, second) and searching on; root helper."""
        follower = 1 - leader
        e = h[0]
        y = h[1]
        if follower == 0:
            e &= ~(1 << second)
        else:
            y &= ~(1 << second)
        captured = (second & 24) == (lead & 24) and second > lead
        winner = follower if captured else leader
        v = 1 if leader == 0 else -1
        if leader == 0 and ty == 0 and self._base >= 0 and self._base + te + 1 == 30:
            v += PIQUE
        if captured:
            v += 1 if winner == 0 else -1
        te2 = te + (1 if winner == 0 else 0)
        ty2 = ty + (1 if winner == 1 else 0)
        if remaining == 1:
            v += self._end(winner, te2, ty2)
            return v
        return v + self._ab(e, y, winner, te2, ty2, alpha - v, beta - v)

    def _end(self, last_winner: int, te: int, ty: int) -> int:
        """The last-trick point (with a pique it may bring) and the cards or capot."""
        v = 0
        if self.last:
            if last_winner == 0:
                v += 1
                if ty == 0 and self._base >= 0 and self._base + te + 1 == 30:
                    v += PIQUE
            else:
                v -= 1
        return v + _bonus(self._te0 + te)

    def _ab(self, e: int, y: int, leader: int, te: int, ty: int, alpha: int, beta: int) -> int:
        """Alpha-beta at a trick boundary; ``te``/``ty`` tricks won since the root."""
        self.nodes += 1
        if not self.nodes & 1023 and self.deadline is not None \
                and time.perf_counter() > self.deadline:
            raise SearchTimeout
        lm, fm = (e, y) if leader == 0 else (y, e)
        n = _popcount(lm)
        base = self._base
        if _leader_wins_all(lm, fm):
            if leader == 0:
                v = n + self.last
                if ty == 0 and base >= 0 and base + te < 30 <= base + te + n + self.last:
                    v += PIQUE
                return v + _bonus(self._te0 + te + n)
            return -n - self.last + _bonus(self._te0 + te)
        cm = _CMP
        key = (cm[(e & 255) << 8 | (y & 255)] | cm[(e >> 8 & 255) << 8 | (y >> 8 & 255)] << 9
               | cm[(e >> 16 & 255) << 8 | (y >> 16 & 255)] << 18
               | cm[(e >> 24) << 8 | (y >> 24)] << 27 | leader << 36
               | (self._te0 + te) << 37)
        if ty == 0 and base >= 0 and base + te < 30:
            key |= (base + te + 1) << 41
        tt = self._tt
        entry = tt.get(key)
        best_move = -1
        if entry is not None:
            lo, hi, best_move = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        maxing = leader == 0
        # the lead point, and a pique it may bring
        lead_pts = 1 if maxing else -1
        if maxing and ty == 0 and base >= 0 and base + te + 1 == 30:
            lead_pts += PIQUE
        # candidate leads: one per rank-equivalent group, the table's best first,
        # then winners (high first), then the rest
        leads: list[int] = []
        for sh in _SUITS:
            m = lm >> sh & 255
            if m:
                o = fm >> sh & 255
                for r in _reps(m, o):
                    leads.append(sh + r)
        if len(leads) > 1:
            leads.sort(key=lambda c: _lead_order(c, fm), reverse=True)
            if best_move >= 0 and best_move in leads:
                leads.remove(best_move)
                leads.insert(0, best_move)
        best = -INF if maxing else INF
        bm = leads[0]
        last_trick = n == 1
        for c in leads:
            bit = 1 << c
            sh = c & 24
            suit = fm >> sh & 255
            lm2 = lm & ~bit
            # follower's replies
            if suit:
                other = (lm2 >> sh & 255) | 1 << (c & 7)
                reps = _reps(suit, other)
                rank = c & 7
                # cheapest winner first, then the lowest card, then the others
                winners = [r for r in reps if r > rank]
                losers = [r for r in reps if r < rank]
                order: list[int] = []
                if winners:
                    order.append(sh + winners[-1])
                if losers:
                    order.append(sh + losers[-1])
                for r in winners[:-1]:
                    order.append(sh + r)
                for r in losers[:-1]:
                    order.append(sh + r)
            else:
                order = []
                for s2 in _SUITS:
                    for r in _reps(fm >> s2 & 255, lm2 >> s2 & 255):
                        order.append(s2 + r)
                if len(order) > 1:
                    order.sort(key=lambda x: x & 7)
            if maxing:
                inner = INF
                b2 = beta
                for f in order:
                    captured = (f & 24) == sh and f > c
                    if captured:
                        v = lead_pts - 1
                        if last_trick:
                            v += self._end(1, te, ty + 1)
                        else:
                            e2, y2 = lm2, fm & ~(1 << f)
                            v += self._ab(e2, y2, 1, te, ty + 1, alpha - v, b2 - v)
                    else:
                        v = lead_pts
                        if last_trick:
                            v += self._end(0, te + 1, ty)
                        else:
                            e2, y2 = lm2, fm & ~(1 << f)
                            v += self._ab(e2, y2, 0, te + 1, ty, alpha - v, b2 - v)
                    if v < inner:
                        inner = v
                        if inner <= alpha:
                            break
                        if inner < b2:
                            b2 = inner
                if inner > best:
                    best = inner
                    bm = c
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            else:
                inner = -INF
                a2 = alpha
                for f in order:
                    captured = (f & 24) == sh and f > c
                    if captured:  # Elder captures Younger's lead
                        v = lead_pts + 1
                        if last_trick:
                            v += self._end(0, te + 1, ty)
                        else:
                            v += self._ab(fm & ~(1 << f), lm2, 0, te + 1, ty, a2 - v, beta - v)
                    else:
                        v = lead_pts
                        if last_trick:
                            v += self._end(1, te, ty + 1)
                        else:
                            v += self._ab(fm & ~(1 << f), lm2, 1, te, ty + 1, a2 - v, beta - v)
                    if v > inner:
                        inner = v
                        if inner >= beta:
                            break
                        if inner > a2:
                            a2 = inner
                if inner < best:
                    best = inner
                    bm = c
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if best <= a0:
            lo2, hi2 = -INF, best
        elif best >= b0:
            lo2, hi2 = best, INF
        else:
            lo2 = hi2 = best
        if entry is not None:
            lo2 = max(lo2, entry[0])
            hi2 = min(hi2, entry[1])
        tt[key] = (lo2, hi2, bm)
        return best


def _lead_order(card: int, follow_mask: int) -> int:
    """Move-ordering score of a lead: winners first (high first), then high cards."""
    sh = card & 24
    o = follow_mask >> sh & 255
    r = card & 7
    if not o:
        return 20 + r
    if (1 << r) > o:
        return 10 + r
    return r


def naive_value(hands: tuple[int, int], leader: int, elder_tricks: int,
                pique_base: int | None, last_trick_point: bool = False,
                lead: int | None = None) -> int:
    """Plain minimax over every legal card (no pruning, no table): the reference for tests.
    Same value as :meth:`Solver.solve`; only for a few tricks."""
    base = -1 if pique_base is None or pique_base >= 30 or leader == 1 else pique_base
    last = 1 if last_trick_point else 0

    def legal(mask: int, led: int | None) -> list[int]:
        if led is not None:
            s = mask & (0xFF << (led & 24))
            if s:
                mask = s
        return [i for i in range(32) if mask >> i & 1]

    def trick(e: int, y: int, ldr: int, c: int, te: int, ty: int) -> int:
        # ``c`` led by ``ldr`` (already out of his hand); the follower chooses
        fol = 1 - ldr
        fm = y if fol == 1 else e
        vals = []
        for f in legal(fm, c):
            v = 1 if ldr == 0 else -1
            if ldr == 0 and ty == 0 and base >= 0 and base + te + 1 == 30:
                v += PIQUE
            cap = (f & 24) == (c & 24) and f > c
            win = fol if cap else ldr
            if cap:
                v += 1 if win == 0 else -1
            te2, ty2 = te + (win == 0), ty + (win == 1)
            e2 = e & ~(1 << f) if fol == 0 else e
            y2 = y & ~(1 << f) if fol == 1 else y
            if not e2 and not y2:
                if last:
                    if win == 0:
                        v += 1
                        if ty2 == 0 and base >= 0 and base + te2 + 1 == 30:
                            v += PIQUE
                    else:
                        v -= 1
                v += _bonus(elder_tricks + te2)
            else:
                v += node(e2, y2, win, te2, ty2)
            vals.append(v)
        return max(vals) if fol == 0 else min(vals)

    def node(e: int, y: int, ldr: int, te: int, ty: int) -> int:
        lm = e if ldr == 0 else y
        vals = []
        for c in legal(lm, None):
            e2 = e & ~(1 << c) if ldr == 0 else e
            y2 = y & ~(1 << c) if ldr == 1 else y
            vals.append(trick(e2, y2, ldr, c, te, ty))
        return max(vals) if ldr == 0 else min(vals)

    if lead is None:
        return node(hands[0], hands[1], leader, 0, 0)
    return trick(hands[0], hands[1], leader, lead, 0, 0)

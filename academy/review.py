"""The review of a deal: each decision a player made, judged from what he could see (facts).

:func:`review_record` goes through a deal record's decisions in order (one player's, or both
players') and returns a :class:`DealReview` of frozen :class:`Decision` records:

- **the discard** (:attr:`DecisionKind.DISCARD`): the exchange advisor's expected
  *declaration* points (``academy.advisor.rank_discards``; the play is left out) of the
  discard made against the best discard's, its rank among every legal discard, and the cards
  that make the difference;
- **the declaration** (:attr:`DecisionKind.DECLARATION`), only when it sank something: what
  the sinking gave away in declaration points against declaring in full, and the cards it
  hid — facts without a mark (its worth in the play depends on how the opponent would have
  played);
- **every card played** where the player had a real choice (:attr:`DecisionKind.CARD`): the
  points (the player's minus the opponent's, from that trick to the end of the deal: tricks,
  last trick, pique, the cards, capot) the card chosen keeps in expectation against the best
  card, judged *from what that player could see*: the opponent's hands consistent with the
  player's own view (his cards, the talon he saw, the cards played, the voids shown) **and
  with the calls he heard** (sinking allowed: a hand may hold more than its owner declared,
  never less), uniformly weighted, each solved exactly by :class:`piquet.solver.Solver`.
  When the consistent hands are few (:data:`ENUMERATE_AT_MOST`), every one of them is
  solved: the expectation is exact, and when there is only one the view determined every
  card (``Decision.determined``). A world that contradicts the calls is never used; a
  decision for which no consistent world was found in the tries allowed has no mark.

Marks (:class:`Mark`) are by the expected points lost (:data:`THRESHOLDS`); where the
sampling error could change a mark, more worlds are solved (up to :data:`MAX_WORLDS_FACTOR`
times the worlds asked for) and the error is kept in the record. The same ``seed`` gives the
same review. A record that is broken or breaks a rule raises the record's own
:class:`piquet.record.RecordError`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Any, Final

from piquet.cards import DECK, Card, Suit, cards_mask, sort_cards
from piquet.deal import DealState, PlayerView
from piquet.declare import Declaration
from piquet.play import trick_winner
from piquet.players import Knowledge, candidates, knowledge, root_groups
from piquet.reckon import ROLES, Role
from piquet.record import DealRecord, score_record
from piquet.solver import SearchTimeout, Solver
from piquet.worlds import Heard, consistent

__all__ = [
    "ENUMERATE_AT_MOST",
    "MAX_WORLDS_FACTOR",
    "THRESHOLDS",
    "DealReview",
    "Decision",
    "DecisionKind",
    "Mark",
    "Reason",
    "ReasonKind",
    "mark_of",
    "review_record",
    "state_before",
]


class DecisionKind(Enum):
    """What was decided."""

    DISCARD = "discard"
    DECLARATION = "declaration"
    CARD = "card"


class Mark(Enum):
    """A decision's mark, by the expected points it lost (see :data:`THRESHOLDS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: Final = ((Mark.BLUNDER, 10.0), (Mark.MISTAKE, 4.0), (Mark.INACCURACY, 1.5),
                     (Mark.GOOD, 0.25))
"""The least points lost for each mark below BEST, worst first. The points are the player's
minus the opponent's, so one trick changing hands moves them by about 2 (the lead or capture
point to one side instead of the other): under 0.25 is the best play (or within noise of it),
under 1.5 a good one (less than a trick's swing), from 1.5 an inaccuracy (about a trick), from
4 a mistake (two tricks, or the last trick and more), from 10 a blunder (the cards' ten, a
pique's 30 or the capot's 40 put at stake)."""

ENUMERATE_AT_MOST: Final = 64
"""When at most this many opponent hands (and at most twice the worlds asked for) are
consistent with the view, all are solved."""

MAX_WORLDS_FACTOR: Final = 4
"""Where the sampling error could change a mark, worlds are added up to this factor."""

_ENUM_COMBOS: Final = 6000  # hands listed one by one when the pool allows at most this many
_TRIES: Final = 400  # sampling attempts per world wanted


def mark_of(lost: float) -> Mark:
    """The mark of a decision that lost ``lost`` points in expectation.

    >>> [mark_of(x).name for x in (0, 1, 2, 5, 12)]
    ['BEST', 'GOOD', 'INACCURACY', 'MISTAKE', 'BLUNDER']
    """
    for mark, least in THRESHOLDS:
        if lost >= least:
            return mark
    return Mark.BEST


class ReasonKind(Enum):
    """Why the better choice is better, as a fact (the text layer says it)."""

    KEEPS_GUARD = "keeps_guard"
    """The better card keeps the guard of ``cards[0]``; the card played unguarded it."""
    WINS_THE_TRICK = "wins_the_trick"
    """The better card (``cards[0]``) takes the trick; the card played gives it up."""
    COUNTED_NO_MORE_SUIT = "counted_no_more_suit"
    """Counting the cards, the opponent holds no more of ``suit``: its cards are winners."""
    PIQUE_AT_STAKE = "pique_at_stake"
    """The difference is the pique (30)."""
    CARDS_AT_STAKE = "cards_at_stake"
    """The difference is the cards (10)."""
    CAPOT_AT_STAKE = "capot_at_stake"
    """The difference is the capot (40)."""
    DISCARD_KEEPS = "discard_keeps"
    """The better discard keeps ``cards`` (which the discard made threw)."""
    DISCARD_THROWS = "discard_throws"
    """The better discard throws ``cards`` (which the discard made kept)."""
    SANK = "sank"
    """A declaration sank ``points`` of declaration points and hid ``cards``."""
    NO_WORLD = "no_world"
    """No opponent hand consistent with the calls was found: no mark."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact of a decision: a kind and its values."""

    kind: ReasonKind
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    points: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a deal, judged (see the module's docstring)."""

    index: int
    """Its place in the deal's decisions, from 0."""
    kind: DecisionKind
    who: Role
    trick: int
    """The trick it was made in (1 to 12); 0 for the discard and the declaration."""
    choice: tuple[Card, ...]
    """The cards discarded, the card played; for a declaration the cards declared."""
    best: tuple[Card, ...]
    """The best discard or card (the choice itself when it is the best); for a declaration,
    what declaring in full would have declared."""
    expected_choice: float | None
    """Expected points of the choice (the player's minus the opponent's): declaration points
    for a discard, points from the trick on for a card; None for a declaration."""
    expected_best: float | None
    lost: float | None
    """``expected_best - expected_choice`` (0 or more); None for a declaration."""
    mark: Mark | None
    """None for a declaration, and for a card judged on no world."""
    error: float
    """The standard error of ``lost`` (0 when every consistent world was solved)."""
    worlds: int
    """Opponent hands solved (discards: the advisor's samples)."""
    every_world: bool
    """Every opponent hand consistent with the view was solved (an exact expectation)."""
    determined: bool
    """The view determined every card: one world, solved exactly once."""
    rank: int
    """The choice's rank among the options (1 is the best); 0 for a declaration."""
    options: int
    """How many options were judged (legal discards, cards that differ)."""
    difference: tuple[Card, ...]
    """The cards that make the difference between the choice and the best."""
    reasons: tuple[Reason, ...] = ()

    @property
    def judged(self) -> bool:
        """The decision has a mark."""
        return self.mark is not None


@dataclass(frozen=True)
class DealReview:
    """A deal's review: its decisions in order, and the figures over them."""

    roles: tuple[Role, ...]
    decisions: tuple[Decision, ...]
    worlds: int
    seed: int
    complete: bool
    """False when the review ran past its budget: the decisions are those judged in time."""
    total: int
    """How many decisions the review had to judge (``len(decisions)`` when complete)."""
    seconds: float = field(compare=False, default=0.0)

    def accuracy(self, role: Role | None = None) -> float | None:
        """The share (0 to 100) of the judged decisions (of ``role``, or all) marked BEST or
        GOOD; None when none was judged."""
        marks = [d.mark for d in self.decisions if d.mark is not None
                 and (role is None or d.who == role)]
        if not marks:
            return None
        return 100.0 * sum(m in (Mark.BEST, Mark.GOOD) for m in marks) / len(marks)

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` judged decisions that lost the most points (more than :data:`THRESHOLDS`'s
        GOOD), costliest first (in the deal's order on a tie)."""
        good = dict(THRESHOLDS)[Mark.INACCURACY]
        lost = [d for d in self.decisions if d.lost is not None and d.lost >= good]
        return tuple(sorted(lost, key=lambda d: (-(d.lost or 0.0), d.index))[:n])


Progress = Callable[[int, int], None]
"""Called with (decisions judged, decisions to judge)."""


# --- the record ------------------------------------------------------------------------------


def _checked(record: Mapping[str, Any] | DealRecord) -> tuple[DealRecord, DealState]:
    """The record parsed and replayed; its own :class:`RecordError` when it cannot be."""
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    score_record(rec)  # every rule checked: raises the record's RecordError
    return rec, DealState.from_record(rec)


def _before_play(rec: DealRecord) -> DealState:
    """The deal once both have declared, before the first card."""
    d = DealState(rec.rules, rec.elder, rec.younger, rec.talon)
    d = d.discard("elder", rec.elder_discard).discard(
        "younger", rec.younger_discard, show_leftovers=rec.younger_shows_leftovers)
    return d.declare("elder", rec.declarations[0]).declare("younger", rec.declarations[1])


def _roles(role: Role | None) -> tuple[Role, ...]:
    if role is None:
        return ROLES
    if role not in ROLES:
        raise ValueError(f"role must be 'elder', 'younger' or None, not {role!r}")
    return (role,)


# --- worlds ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Worlds:
    hands: tuple[int, ...]
    every: bool  # every consistent hand is in ``hands``


def _worlds(k: Knowledge, heard: Heard, n: int, rng: random.Random,
            exclude: frozenset[int] = frozenset()) -> _Worlds:
    """Up to ``n`` distinct opponent hands (masks of what he holds now) consistent with the
    view and the calls, none in ``exclude``; all of them when they are few."""
    need, cand = candidates(k)
    if need <= 0 or len(cand) <= need:
        hand = k.opp_known | sum(1 << c for c in cand[:max(need, 0)])
        ok = consistent(hand | k.opp_played, heard)
        return _Worlds((hand,) if ok and hand not in exclude else (), True)
    if math.comb(len(cand), need) <= _ENUM_COMBOS:
        every = [h for h in (k.opp_known | sum(1 << c for c in combo)
                             for combo in combinations(cand, need))
                 if consistent(h | k.opp_played, heard)]
        if len(every) <= min(ENUMERATE_AT_MOST, 2 * n):
            return _Worlds(tuple(h for h in every if h not in exclude), True)
        rng.shuffle(every)
        return _Worlds(tuple(h for h in every if h not in exclude)[:n], False)
    out: list[int] = []
    seen = set(exclude)
    for _ in range(n * _TRIES):
        h = k.opp_known
        for c in rng.sample(cand, need):
            h |= 1 << c
        if h in seen:
            continue
        seen.add(h)
        if consistent(h | k.opp_played, heard):
            out.append(h)
            if len(out) >= n:
                break
    return _Worlds(tuple(out), False)


# --- judging -------------------------------------------------------------------------------


class _OutOfTime(Exception):
    pass


def _group_of(card: Card, roots: Sequence[Card], maybe_in_play: int) -> Card:
    """The root card standing for ``card`` (same suit, no card that may still be played
    between them)."""
    for r in roots:
        if r.suit is card.suit:
            lo, hi = sorted((r.index, card.index))
            if not any(maybe_in_play >> i & 1 for i in range(lo + 1, hi)):
                return r
    return card


def _card_reasons(view: PlayerView, k: Knowledge, choice: Card, best: Card, lost: float,
                  heard_cands: list[int]) -> tuple[Reason, ...]:
    out: list[Reason] = []
    maybe_opp = 0
    for c in heard_cands:
        maybe_opp |= 1 << c
    maybe_opp |= k.opp_known
    if lost >= 25:
        kind = ReasonKind.PIQUE_AT_STAKE if k.pique_base is not None else \
            ReasonKind.CAPOT_AT_STAKE
        out.append(Reason(kind, points=round(lost)))
    elif lost >= 8:
        out.append(Reason(ReasonKind.CARDS_AT_STAKE, points=round(lost)))
    if view.lead is not None:
        led = view.lead
        if trick_winner(led, best) and not trick_winner(led, choice):
            out.append(Reason(ReasonKind.WINS_THE_TRICK, (best,)))
    else:
        s = best.suit.index
        if best.suit is not choice.suit and not maybe_opp >> 8 * s & 255:
            out.append(Reason(ReasonKind.COUNTED_NO_MORE_SUIT, (best,), best.suit))
    # a guard: the card played was below a high card of its suit that needed it
    if choice.suit is not best.suit:
        s = choice.suit.index
        mine = k.hand >> 8 * s & 255
        theirs = maybe_opp >> 8 * s & 255
        for r in range(7, int(choice.rank), -1):
            if mine >> r & 1:
                above = (theirs >> (r + 1)).bit_count()
                below = (mine & ((1 << r) - 1)).bit_count()
                if above and below >= above > below - 1:
                    out.append(Reason(ReasonKind.KEEPS_GUARD, (DECK[8 * s + r],)))
                    break
    return tuple(out)


def _judge_card(state: DealState, index: int, who: Role, choice: Card, worlds: int,
                seed: int, solver: Solver) -> Decision | None:
    view = state.view(who)
    legal = view.legal
    k = knowledge(view)
    maybe_in_play = ~k.out_of_play & ~k.hand & 0xFFFFFFFF
    if view.lead is not None:
        maybe_in_play |= view.lead.bit
    roots = root_groups(k.hand, legal, maybe_in_play)
    if len(roots) <= 1:
        return None  # no real choice
    mine = _group_of(choice, roots, maybe_in_play)
    cands = [choice if c == mine else c for c in roots]
    heard = view.heard
    assert heard is not None  # in play, both have declared
    rng = random.Random(f"{seed}:{who}:{len(state.tricks)}:{state.lead}")
    sign = 1 if k.me == 0 else -1
    values: list[list[int]] = []
    got = _worlds(k, heard, worlds, rng)
    limit = worlds * MAX_WORLDS_FACTOR
    seen: set[int] = set()
    trick = len(state.tricks) + 1
    while True:
        for w in got.hands:
            seen.add(w)
            hands = (k.hand, w) if k.me == 0 else (w, k.hand)
            try:
                vals = solver.move_values(hands, k.leader, k.elder_tricks, k.pique_base, k.lead,
                                          [c.index for c in cands], keep_table=True)
            except SearchTimeout:
                raise _OutOfTime from None
            values.append([sign * vals[c.index] for c in cands])
        if not values:
            return Decision(index, DecisionKind.CARD, who, trick, (choice,), (choice,), None,
                            None, None, None, 0.0, 0, False, False, 0, len(cands), (),
                            (Reason(ReasonKind.NO_WORLD),))
        n = len(values)
        means = [sum(v[i] for v in values) / n for i in range(len(cands))]
        ci = cands.index(choice)
        bi = max(range(len(cands)), key=lambda i: (means[i], i == ci))
        diffs = [v[bi] - v[ci] for v in values]
        lost = means[bi] - means[ci]
        err = 0.0
        if not got.every and n > 1:
            var = sum((d - lost) ** 2 for d in diffs) / (n - 1)
            err = math.sqrt(var / n)
        if got.every or n >= limit or mark_of(max(lost - 2 * err, 0)) is mark_of(lost + 2 * err):
            break
        more = _worlds(k, heard, min(n, limit - n), rng, frozenset(seen))
        if not more.hands:
            break
        got = _Worlds(more.hands, False)
    order = sorted(range(len(cands)), key=lambda i: -means[i])
    rank = 1 + sum(means[i] > means[ci] for i in order)
    best = cands[bi]
    _, heard_cands = candidates(k)
    reasons = _card_reasons(view, k, choice, best, lost, heard_cands) if bi != ci else ()
    diff = () if bi == ci else (choice, best)
    return Decision(index, DecisionKind.CARD, who, trick, (choice,), (best,), means[ci],
                    means[bi], lost, mark_of(lost), err, n, got.every,
                    got.every and n == 1, rank, len(cands), diff, reasons)


def _judge_discard(rec: DealRecord, index: int, who: Role, seed: int) -> Decision | None:
    from academy.advisor import rank_discards

    dealt = rec.elder if who == "elder" else rec.younger
    made = sort_cards(rec.elder_discard if who == "elder" else rec.younger_discard)
    left = 0 if who == "elder" else 5 - len(rec.elder_discard)
    advice = rank_discards(dealt, role=who, left=left, rules=rec.rules, seed=seed)
    if len(advice) <= 1:
        return None
    mask = cards_mask(made)
    at = next((i for i, a in enumerate(advice) if cards_mask(a.discard) == mask), None)
    if at is None:  # not among the advisor's discards (never expected): not judged
        return None
    mine, best = advice[at], advice[0]
    lost = max(best.expected - mine.expected, 0.0)
    err = math.hypot(best.error, mine.error) if at else 0.0
    keeps = tuple(c for c in made if c not in best.discard)
    throws = tuple(c for c in best.discard if c not in made)
    reasons = []
    if keeps:
        reasons.append(Reason(ReasonKind.DISCARD_KEEPS, keeps))
    if throws:
        reasons.append(Reason(ReasonKind.DISCARD_THROWS, throws))
    return Decision(index, DecisionKind.DISCARD, who, 0, made, best.discard, mine.expected,
                    best.expected, lost, mark_of(lost), err, mine.samples, False, False,
                    at + 1, len(advice), tuple(sort_cards((*keeps, *throws))), tuple(reasons))


def _decl_points(sheet: Mapping[str, Mapping[str, int]], who: Role) -> int:
    other = "younger" if who == "elder" else "elder"
    cats = ("point", "sequences", "sets", "repique")
    return sum(sheet[who][c] - sheet[other][c] for c in cats)


def _judge_declaration(rec: DealRecord, index: int, who: Role) -> Decision | None:
    i = 0 if who == "elder" else 1
    spec = rec.declarations[i]
    if spec is None:
        return None
    data = rec.to_json()
    full = dict(data)
    decls = dict(full.get("declarations", {}))
    decls.pop(who, None)
    full["declarations"] = decls
    b = _before_play(DealRecord.from_json({**data, "tricks": []}))
    w = _before_play(DealRecord.from_json({**full, "tricks": []}))
    made = b.declaration(who, spec)
    if not made.sunk:
        return None
    in_full = w.declaration(who, None)
    other: Role = "younger" if who == "elder" else "elder"
    gave = _decl_points(w.score().as_dict(), who) - _decl_points(b.score().as_dict(), who)
    shown_full = set(w.view(other).opponent_shown)
    hid = tuple(sort_cards(shown_full - set(b.view(other).opponent_shown)))

    def cards(d: Declaration) -> tuple[Card, ...]:
        out: set[Card] = set()
        if d.point:
            out |= set(d.point.cards)
        for r in d.sequences:
            out |= set(r.cards)
        for s in d.sets:
            out |= set(s.cards)
        return tuple(sort_cards(out))

    return Decision(index, DecisionKind.DECLARATION, who, 0, cards(made), cards(in_full), None,
                    None, None, None, 0.0, 0, False, False, 0, 0, hid,
                    (Reason(ReasonKind.SANK, hid, points=gave),))


# --- the review ------------------------------------------------------------------------------


def state_before(record: Mapping[str, Any] | DealRecord, decision: Decision) -> DealState:
    """The deal just before ``decision`` was made (to try it again from there)."""
    rec, _ = _checked(record)
    if decision.kind is DecisionKind.DISCARD:
        d = DealState(rec.rules, rec.elder, rec.younger, rec.talon)
        return d.discard("elder", rec.elder_discard) if decision.who == "younger" else d
    if decision.kind is DecisionKind.DECLARATION:
        d = DealState(rec.rules, rec.elder, rec.younger, rec.talon)
        d = d.discard("elder", rec.elder_discard).discard(
            "younger", rec.younger_discard, show_leftovers=rec.younger_shows_leftovers)
        return d.declare("elder", rec.declarations[0]) if decision.who == "younger" else d
    d = _before_play(rec)
    for a, b in rec.tricks:
        for card in (a, b):
            if len(d.tricks) + 1 == decision.trick and d.to_move == decision.who:
                return d
            d = d.play(d.to_move or "elder", card)
    raise ValueError(f"no decision of {decision.who} in trick {decision.trick}")



def review_record(record: Mapping[str, Any] | DealRecord, role: Role | None = None,
                  worlds: int = 16, *, seed: int = 0, budget_s: float | None = None,
                  progress: Progress | None = None) -> DealReview:
    """Review a deal record's decisions: ``role``'s (``"elder"``/``"younger"``), or both
    players' (``None``), in the deal's order, ``worlds`` sampled opponent hands at least per
    card decision. The same ``seed`` gives the same review. With ``budget_s`` (seconds), the
    review stops at the budget and says so (``complete`` False) with the decisions judged.
    A record that is broken or breaks a rule raises its :class:`piquet.record.RecordError`.
    """
    roles = _roles(role)
    if not isinstance(worlds, int) or isinstance(worlds, bool) or worlds < 1:
        raise ValueError(f"worlds must be a positive whole number, not {worlds!r}")
    rec, final = _checked(record)
    start = time.perf_counter()
    deadline = None if budget_s is None else start + budget_s
    todo: list[tuple[DecisionKind, Role, int]] = []
    for who in ROLES:
        if who in roles:
            todo.append((DecisionKind.DISCARD, who, 0))
    for who in ROLES:
        if who in roles and final.declared[ROLES.index(who)]:
            todo.append((DecisionKind.DECLARATION, who, 0))
    state = _before_play(rec)
    plays: list[tuple[DealState, Role, Card]] = []
    for a, b in rec.tricks:
        for card in (a, b):
            who = state.to_move or "elder"
            if who in roles:
                plays.append((state, who, card))
            state = state.play(who, card)
    total = len(todo) + len(plays)
    # one solver, its table kept from one world and one decision to the next: a position met
    # again (another world, a later trick) is not solved again
    solver = Solver(rec.rules.last_trick_point, deadline=deadline)
    out: list[Decision] = []
    done = 0
    complete = True

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    try:
        for kind, who, _ in todo:
            if deadline is not None and time.perf_counter() > deadline:
                raise _OutOfTime
            if kind is DecisionKind.DISCARD:
                d = _judge_discard(rec, len(out), who, seed)
            else:
                d = _judge_declaration(rec, len(out), who)
            if d is not None:
                out.append(d)
            step()
        for st, who, card in plays:
            if deadline is not None and time.perf_counter() > deadline:
                raise _OutOfTime
            d = _judge_card(st, len(out), who, card, worlds, seed, solver)
            if d is not None:
                out.append(d)
            step()
    except _OutOfTime:
        complete = False
    return DealReview(roles, tuple(out), worlds, seed, complete, total,
                      time.perf_counter() - start)


"""Computer players and hints, all through one interface on a :class:`~piquet.deal.PlayerView`.

A player sees only the engine-built view of its own side (its hand, its discards, the talon
cards it may look at, what was declared, shown and played) and returns a decision for the
exchange, the declaration and each card:

- ``random``: uniform among the legal choices (see :class:`RandomPlayer` for the declaration).
- ``greedy``: discards the lowest-ranked cards outside its longest suit (as many as allowed:
  Elder 5, Younger all that remain), declares everything, plays the highest legal card.
- ``computer:1`` ... ``computer:3`` (``computer`` is the strongest): evaluates candidate discards
  against sampled draws and opponent hands; declares in full (at the top level Younger sinks
  the categories Elder's calls already beat, which costs nothing and hides cards); in play it
  samples opponent hands consistent with everything it has seen (shown combinations, voids,
  talon cards it looked at) and heard of the declarations (:func:`piquet.worlds.consistent`,
  sinking allowed) and solves the remaining
  tricks exactly with :mod:`piquet.solver` in each, choosing the card with the best average.

>>> from piquet.deal import DealState
>>> d = DealState.deal(seed=3)
>>> p = make_player("greedy")
>>> [str(c) for c in d.hand("elder")]
['KC', 'JD', 'AC', '8D', '9D', 'AH', '9H', 'JC', '8S', 'QD', 'QH', 'JH']
>>> [str(c) for c in p.choose_discard(d.view("elder"))]
['8S', '8D', '9D', 'JD', 'JC']
>>> h = p.hint(d.view("elder"))
>>> h.kind, h.reason, h.suit
(<HintKind.DISCARD: 'discard'>, <HintReason.GREEDY_DISCARD: 'greedy_discard'>, <Suit.HEARTS: 'H'>)

A hint is facts (what to do, why, and the numbers behind it); :mod:`words.hints` says it.
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations
from typing import Any, Final

from piquet.cards import DECK, SUITS, Card, Suit, cards_mask
from piquet.combos import (
    POINT_KEY,
    SEQ_SCORE,
    SUIT_LENGTH,
    SUIT_PIPS,
    SUIT_RUNS,
    analyse,
    is_carte_blanche,
    point_key,
    sequence_key_score,
    set_key_score,
)
from piquet.deal import Phase, PlayerView
from piquet.declare import decide
from piquet.errors import PlayerError
from piquet.play import trick_winner
from piquet.reckon import CAPOT_BONUS, CARDS_BONUS, PIQUE, REPIQUE
from piquet.solver import SearchTimeout, Solver
from piquet.worlds import Heard, consistent

FULL: Final = (1 << 32) - 1
MAX_LEVEL: Final = 3
"""``computer:1`` ... ``computer:3``; ``computer`` alone is ``computer:3``."""

# card indices lowest rank first (sevens of every suit, then eights...), suits in S H D C order
_LOW_FIRST: Final = tuple(sorted(range(32), key=lambda i: (i & 7, i >> 3)))


class HintKind(Enum):
    """What a hint suggests: a discard, a declaration or a card to play."""

    DISCARD = "discard"
    DECLARE = "declare"
    PLAY = "play"


class HintReason(Enum):
    """Why a player chose as it did; the numbers that go with each reason are the
    :class:`Hint`'s fields named here."""

    CHOICE = "choice"
    """No reason beyond the player's own rule (``player``: its name)."""
    GREEDY_DISCARD = "greedy_discard"
    """The lowest cards outside the longest suit (``suit``)."""
    GREEDY_DECLARE = "greedy_declare"
    """Greedy always declares everything it holds."""
    GREEDY_PLAY = "greedy_play"
    """Greedy always plays its highest legal card."""
    TALON_EMPTY = "talon_empty"
    """Nothing is left in the talon to take."""
    BEST_EXCHANGE = "best_exchange"
    """The discard that scored best over sampled draws: it keeps ``suit`` (``suit_cards``
    cards, ``pips`` pips), sequences worth ``sequences``, sets worth ``sets``; ``expected``
    points against the opponent on average."""
    DECLARE_ALL = "declare_all"
    """Declaring in full scores every category the player wins (it does not sink)."""
    NOTHING_TO_SINK = "nothing_to_sink"
    """Elder's calls beat nothing: declaring in full scores every category it can win."""
    SINK = "sink"
    """Elder's calls already beat the categories the declaration sinks (:attr:`Hint.sinking`):
    declaring nothing there costs nothing and hides cards."""
    ONLY_CARD = "only_card"
    """The only legal card."""
    EQUIVALENT = "equivalent"
    """The legal cards are all equivalent."""
    PLAYED_OUT = "played_out"
    """Best in ``wins`` of ``worlds`` sampled deals played out quickly; ``expected`` points
    from here to the end of the deal."""
    SOLVED = "solved"
    """Best in ``wins`` of ``worlds`` sampled deals solved exactly; ``expected`` points from
    here to the end of the deal."""


CATEGORIES: Final = ("point", "sequences", "sets")


@dataclass(frozen=True)
class Hint:
    """A suggested action, as facts: ``kind`` (discard, declare, play), ``cards`` (the
    discard or the card to play), ``declaration`` (the declaration spec; None: in full), and
    ``reason`` with the numbers it names (see :class:`HintReason`)."""

    kind: HintKind
    reason: HintReason
    cards: tuple[Card, ...] = ()
    declaration: dict[str, Any] | None = None
    player: str = ""
    suit: Suit | None = None
    suit_cards: int = 0
    pips: int = 0
    sequences: int = 0
    sets: int = 0
    wins: int = 0
    worlds: int = 0
    expected: float = 0.0

    @property
    def sinking(self) -> tuple[str, ...]:
        """The categories the suggested declaration names (sinks), in the order point,
        sequences, sets (empty: in full)."""
        spec = self.declaration
        return () if spec is None else tuple(k for k in CATEGORIES if k in spec)


class Player(ABC):
    """A computer player. It is given only a :class:`PlayerView` for each decision."""

    name: str = "player"

    @abstractmethod
    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        """The cards to discard (their number within ``view.exchange_range``)."""

    @abstractmethod
    def choose_declaration(self, view: PlayerView) -> dict[str, Any] | None:
        """A declaration spec as in :mod:`piquet.declare`, or None to declare in full."""

    @abstractmethod
    def choose_card(self, view: PlayerView) -> Card:
        """The card to play: one of ``view.legal``."""

    def hint(self, view: PlayerView) -> Hint:
        """This player's decision for the current step, with why (as facts)."""
        phase = view.phase
        if phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            disc = self.choose_discard(view)
            return Hint(HintKind.DISCARD, HintReason.CHOICE, disc, player=self.name)
        if phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
            spec = self.choose_declaration(view)
            return Hint(HintKind.DECLARE, HintReason.CHOICE, (), spec, player=self.name)
        card = self.choose_card(view)
        return Hint(HintKind.PLAY, HintReason.CHOICE, (card,), player=self.name)


# --- random and greedy ----------------------------------------------------------------------


def declaration_options(hand: Sequence[Card]) -> dict[str, list[list[Any]]]:
    """The natural declarations per category: the point as one suit's whole holding (or
    nothing); any subset of the maximal sequences; any subset of the sets."""
    combos = analyse(hand)
    points: list[list[Any]] = [[]]
    for p in combos.suit_points:
        if p.length:
            points.append([str(c) for c in p.cards])
    seqs = [[str(c) for c in s.cards] for s in combos.sequences]
    sets = [[str(c) for c in s.cards] for s in combos.sets]
    return {
        "point": points,
        "sequences": [[list(x) for x in sub] for n in range(len(seqs) + 1)
                      for sub in combinations(seqs, n)],
        "sets": [[list(x) for x in sub] for n in range(len(sets) + 1)
                 for sub in combinations(sets, n)],
    }


class RandomPlayer(Player):
    """Uniform among legal choices: any legal discard (every subset of an allowed size equally
    likely), a declaration drawn uniformly per category from :func:`declaration_options`, any
    legal card."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        n = len(view.hand)
        sizes = list(view.exchange_range)
        weights = [math.comb(n, k) for k in sizes]
        k = self.rng.choices(sizes, weights)[0]
        return tuple(self.rng.sample(view.hand, k))

    def choose_declaration(self, view: PlayerView) -> dict[str, Any] | None:
        opts = declaration_options(view.hand)
        return {cat: self.rng.choice(choices) for cat, choices in opts.items()}

    def choose_card(self, view: PlayerView) -> Card:
        return self.rng.choice(view.legal)


def longest_suit(hand: Sequence[Card]) -> int:
    """Index of the longest suit; ties go to the higher pip total, then S H D C order."""
    m = cards_mask(hand)
    return max(range(4), key=lambda s: (POINT_KEY[m >> 8 * s & 255], -s))


def greedy_discard(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` lowest-ranked cards outside the longest suit (ties in S H D C order), then,
    if there are not enough, the lowest of the longest suit."""
    s = longest_suit(hand)
    order = sorted(hand, key=lambda c: (c.suit.index == s, int(c.rank), c.suit.index))
    return tuple(order[:count])


class GreedyPlayer(Player):
    """Discard the lowest-ranked cards outside the longest suit (as many as allowed: Elder 5,
    Younger all that remain), declare everything, play the highest legal card (ties: the
    first suit in S H D C order)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        return greedy_discard(view.hand, view.exchange_range.stop - 1)

    def choose_declaration(self, view: PlayerView) -> dict[str, Any] | None:
        return None

    def choose_card(self, view: PlayerView) -> Card:
        return max(view.legal, key=lambda c: (int(c.rank), -c.suit.index))

    def hint(self, view: PlayerView) -> Hint:
        h = super().hint(view)
        if h.kind is HintKind.DISCARD:
            return replace(h, reason=HintReason.GREEDY_DISCARD,
                           suit=SUITS[longest_suit(view.hand)])
        if h.kind is HintKind.DECLARE:
            return replace(h, reason=HintReason.GREEDY_DECLARE)
        return replace(h, reason=HintReason.GREEDY_PLAY)


# --- fast evaluation on masks ---------------------------------------------------------------


def _greedy_exchange_mask(dealt: int, talon: Sequence[int], take: int) -> int:
    """The hand after discarding ``take`` cards the greedy way and drawing ``talon[:take]``."""
    if take <= 0:
        return dealt
    s = max(range(4), key=lambda x: (POINT_KEY[dealt >> 8 * x & 255], -x))
    keep_suit = 0xFF << 8 * s
    m = dealt
    n = take
    for i in _LOW_FIRST:
        if n == 0:
            break
        if m >> i & 1 and not (1 << i) & keep_suit:
            m &= ~(1 << i)
            n -= 1
    if n:
        for i in _LOW_FIRST:
            if n == 0:
                break
            if m >> i & 1:
                m &= ~(1 << i)
                n -= 1
    for c in talon[:take]:
        m |= 1 << c
    return m


def declaration_outcome(em: int, ym: int, eb: bool = False, yb: bool = False
                        ) -> tuple[int, int, int]:
    """Both hands declared in full: (Elder's points, Younger's points, pique base), the points
    including carte blanche and repique; the pique base is Elder's total when a pique is still
    possible (Younger has nothing, no repique), else -1."""
    entries: list[tuple[int, int]] = []
    if eb:
        entries.append((0, 10))
    if yb:
        entries.append((1, 10))
    w = decide(point_key(em), point_key(ym))
    if w < 2:
        entries.append((w, (point_key(em) if w == 0 else point_key(ym)) >> 7))
    ek, es = sequence_key_score(em)
    yk, ys = sequence_key_score(ym)
    w = decide(ek, yk)
    if w < 2:
        entries.append((w, es if w == 0 else ys))
    ek, es = set_key_score(em)
    yk, ys = set_key_score(ym)
    w = decide(ek, yk)
    if w < 2:
        entries.append((w, es if w == 0 else ys))
    tot = [0, 0]
    rep = -1
    for who, pts in entries:
        tot[who] += pts
        if rep < 0 and tot[who] >= 30 and not tot[1 - who]:
            rep = who
    if rep >= 0:
        tot[rep] += REPIQUE
        return tot[0], tot[1], -1
    return tot[0], tot[1], (tot[0] if not tot[1] and tot[0] < 30 else -1)


def _top_winner(lm: int, fm: int) -> int:
    """A card of the leader that wins its trick for sure (-1 if none): from the suit where he
    holds most such winners, the highest."""
    best = -1
    best_n = 0
    for sh in (0, 8, 16, 24):
        m = lm >> sh & 255
        if not m:
            continue
        o = fm >> sh & 255
        if not o:
            n = SUIT_LENGTH[m]
            top = sh + m.bit_length() - 1
        else:
            hi = o.bit_length() - 1
            w = m >> (hi + 1)
            if not w:
                continue
            n = SUIT_LENGTH[w]
            top = sh + m.bit_length() - 1
        if n > best_n:
            best_n = n
            best = top
    return best


def _policy_lead(lm: int, fm: int) -> int:
    c = _top_winner(lm, fm)
    if c >= 0:
        return c
    best_key = -1
    for sh in (0, 8, 16, 24):
        m = lm >> sh & 255
        if m:
            low = (m & -m).bit_length() - 1
            k = SUIT_LENGTH[m] * 16 - low
            if k > best_key:
                best_key = k
                c = sh + low
    return c


def _policy_follow(fm: int, c: int) -> int:
    sh = c & 24
    suit = fm >> sh & 255
    if suit:
        above = suit >> ((c & 7) + 1)
        if above:
            return sh + (c & 7) + (above & -above).bit_length()
        return sh + (suit & -suit).bit_length() - 1
    for i in _LOW_FIRST:
        if fm >> i & 1:
            return i
    return -1


def quick_play(em: int, ym: int, last: bool, pique_base: int, leader: int = 0,
               lead: int = -1, elder_tricks: int = 0, first: int = -1) -> int:
    """Play the rest of the deal out with simple policies (cash sure winners, else lead low
    from the longest suit; follow with the cheapest winner or the lowest card; discard the
    lowest card). Same value as the solver: Elder's points minus Younger's from the start of
    the current trick (``lead``: a card already led by ``leader``; ``first``: the card the
    player to move plays now; ``pique_base``: -1 when no pique is possible)."""
    hands = [em, ym]
    te = elder_tricks
    diff = 0
    alive = pique_base >= 0 and leader == 0
    run = pique_base
    while True:
        if lead >= 0:
            c = lead
            lead = -1
            f = first if first >= 0 else _policy_follow(hands[1 - leader], c)
        else:
            c = first if first >= 0 else _policy_lead(hands[leader], hands[1 - leader])
            hands[leader] &= ~(1 << c)
            f = _policy_follow(hands[1 - leader], c)
        first = -1
        hands[1 - leader] &= ~(1 << f)
        if leader == 0:
            diff += 1
            if alive:
                run += 1
                if run == 30:
                    diff += PIQUE
        else:
            diff -= 1
            alive = False
        if (f & 24) == (c & 24) and f > c:
            leader = 1 - leader
            if leader == 0:
                diff += 1
            else:
                diff -= 1
                alive = False
        if leader == 0:
            te += 1
        if not hands[0] and not hands[1]:
            break
    if last:
        if leader == 0:
            diff += 1
            if alive and run + 1 == 30:
                diff += PIQUE
        else:
            diff -= 1
    if te == 12:
        diff += CAPOT_BONUS
    elif te == 0:
        diff -= CAPOT_BONUS
    elif te >= 7:
        diff += CARDS_BONUS
    elif te <= 5:
        diff -= CARDS_BONUS
    return diff


# static trick strength of a suit holding (for the first, coarse pass of the exchange)
def _suit_strength(p: int) -> float:
    n = SUIT_LENGTH[p]
    v = 0.0
    if p & 128:
        v += 1.0
    if p & 64:
        v += 0.8 if n >= 2 else 0.3
    if p & 32:
        v += 0.55 if n >= 3 else 0.15
    if p & 16:
        v += 0.3 if n >= 4 else 0.05
    if n >= 4:
        v += (n - 3) * 0.6
    return v


_STRENGTH: Final = tuple(_suit_strength(p) for p in range(256))


def _static_play(m: int) -> float:
    t = _STRENGTH[m & 255] + _STRENGTH[m >> 8 & 255] + _STRENGTH[m >> 16 & 255] \
        + _STRENGTH[m >> 24 & 255]
    return (t - 4.0) * 4.0


# --- what a player knows in play --------------------------------------------------------------


@dataclass
class Knowledge:
    """What the view tells about the opponent's cards (masks)."""

    me: int
    opp: int  # 0 elder, 1 younger
    hand: int
    opp_known: int  # cards the opponent surely holds now
    opp_played: int
    pool: int  # cards that may be anywhere hidden (opponent's hand, his discards, the talon)
    opp_count: int  # cards in the opponent's hand now
    voids: int  # suit mask (bit s) where the opponent is known void
    elder_tricks: int
    leader: int
    lead: int | None
    pique_base: int | None
    out_of_play: int  # cards surely out of the play (played, my discards, talon left)


def trick_leaders(tricks: Sequence[tuple[Card, Card]]) -> list[int]:
    """Who led each trick (0 Elder, 1 Younger), and who leads next as the last element."""
    out = [0]
    for a, b in tricks:
        out.append(1 - out[-1] if trick_winner(a, b) else out[-1])
    return out


def knowledge(view: PlayerView) -> Knowledge:
    me = 0 if view.role == "elder" else 1
    opp = 1 - me
    hand = cards_mask(view.hand)
    leaders = trick_leaders(view.tricks)
    opp_played = 0
    voids = 0
    te = 0
    for (a, b), ldr in zip(view.tricks, leaders, strict=False):
        if ldr == opp:
            opp_played |= a.bit
        else:
            opp_played |= b.bit
            if b.suit is not a.suit:
                voids |= 1 << a.suit.index
        winner = ldr if not trick_winner(a, b) else 1 - ldr
        te += winner == 0
    leader = leaders[-1]
    lead = view.lead.index if view.lead is not None else None
    if view.lead is not None and leader == opp:
        opp_played |= view.lead.bit
    played = cards_mask(view.played) | (view.lead.bit if view.lead else 0)
    seen = cards_mask(view.seen_cards())
    # talon cards I saw: which did the opponent draw?
    opp_known = cards_mask(view.opponent_shown) & ~played
    my_disc = cards_mask(view.discard)
    talon_out = 0
    st = list(view.seen_talon)
    nd = len(view.discard)
    if me == 0:
        mine = st[:nd]
        left = st[nd:5]
        ny = view.opponent_discard_count
        took = left[:ny]
        opp_known |= cards_mask(took) & ~played
        talon_out = cards_mask(st) & ~cards_mask(mine) & ~cards_mask(took)
    else:
        talon_out = cards_mask(st[nd:])
    # cards of the opponent's carte blanche may still be in his hand (or in his discard)
    pool = (FULL & ~seen) | (cards_mask(view.opponent_blanche) & ~played & ~opp_known)
    opp_count = len(view.hand) - (1 if (view.lead is not None and leader == opp) else 0)
    if view.lead is not None and leader == me:
        opp_count = len(view.hand) + 1
    base: int | None = None
    if view.sheet is not None and view.phase is Phase.PLAY:
        row = view.sheet
        e, y = row["elder"], row["younger"]
        if not y["total"] and not e["repique"] and not e["pique"]:
            t = e["total"]
            base = t if t < 30 else None
    return Knowledge(me, opp, hand, opp_known, opp_played, pool, opp_count, voids, te, leader,
                     lead, base, played | my_disc | talon_out)


def candidates(k: Knowledge) -> tuple[int, list[int]]:
    """How many cards of the opponent's hand are unknown, and the cards they may be (the hidden
    cards, less those of the suits he is known void in), in order."""
    need = k.opp_count - k.opp_known.bit_count()
    allowed = k.pool & ~k.opp_known
    for s in range(4):
        if k.voids >> s & 1:
            allowed &= ~(0xFF << 8 * s)
    return need, [i for i in range(32) if allowed >> i & 1]


def sample_worlds(k: Knowledge, n: int, rng: random.Random, heard: Heard | None,
                  tries: int = 60) -> list[int]:
    """Up to ``n`` masks of the opponent's hand consistent with what is known (with what was
    ``heard`` of his declaration, :func:`piquet.worlds.consistent`, when hands fitting it can
    be found)."""
    need, cand = candidates(k)
    if len(cand) < need:  # should not happen; fall back to ignoring voids
        free = k.pool & ~k.opp_known
        cand = [i for i in range(32) if free >> i & 1]
    if need <= 0:
        return [k.opp_known]
    out: list[int] = []
    seen: set[int] = set()
    plain: list[int] = []
    attempts = 0
    limit = n * tries if heard is not None else n
    while len(out) < n and attempts < limit:
        attempts += 1
        m = k.opp_known
        for c in rng.sample(cand, need):
            m |= 1 << c
        if heard is None or consistent(m | k.opp_played, heard):
            if m not in seen:
                seen.add(m)
                out.append(m)
        elif len(plain) < n:
            plain.append(m)
        if attempts == 4 * n and not out and heard is not None:
            break  # hands that fit are too rare to find by chance
    if not out:
        out = plain or [k.opp_known | sum(1 << c for c in rng.sample(cand, need))]
    return out[:n]


def root_groups(hand: int, legal: Sequence[Card], maybe_in_play: int) -> list[Card]:
    """One legal card per group of my cards with no card between them that may still be
    played (they are equivalent in every world); the lowest of each group."""
    legal_m = cards_mask(legal)
    out: list[Card] = []
    for sh in (0, 8, 16, 24):
        grp_low = -1
        for r in range(7, -1, -1):
            i = sh + r
            if legal_m >> i & 1:
                grp_low = i
                continue
            if maybe_in_play >> i & 1 and grp_low >= 0:
                out.append(DECK[grp_low])
                grp_low = -1
        if grp_low >= 0:
            out.append(DECK[grp_low])
    return out


# --- the computer player ------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """Knobs of one level of the computer player."""

    exchange_samples: int  # samples per candidate discard in the fine pass (0: static only)
    coarse_samples: int  # samples in the coarse pass over every candidate
    finalists: int
    sink: bool
    inference: bool  # use the declarations to constrain sampled hands
    worlds: int  # sampled worlds per card decision
    solver_from: int  # solve exactly when at most this many tricks remain
    budget: float  # seconds for the sampled worlds of one card decision (soft)
    early_worlds: int  # worlds for exact solving beyond solver_from (0: rollouts instead)
    hard_limit: float  # seconds after which a running exact solve is abandoned
    early_cands: int  # cards solved exactly beyond solver_from (the best of the play-outs)


LEVELS: Final = {
    1: Level(0, 4, 1, False, False, 4, 4, 0.05, 0, 0.5, 0),
    2: Level(16, 8, 6, False, True, 8, 7, 0.12, 0, 0.5, 0),
    3: Level(40, 12, 10, True, True, 16, 9, 0.2, 4, 0.6, 4),
}



class ComputerPlayer(Player):
    """The computer player at one level (1 weakest ... :data:`MAX_LEVEL` strongest)."""

    def __init__(self, level: int = MAX_LEVEL, seed: int | None = None) -> None:
        if level not in LEVELS:
            raise PlayerError(code="unknown_level", values=(level, MAX_LEVEL))
        self.level = level
        self.params = LEVELS[level]
        self.name = "computer" if level == MAX_LEVEL else f"computer:{level}"
        self.rng = random.Random(seed)
        self.last_hint: Hint | None = None
        """The facts behind the last decision (what :meth:`hint` would say of it)."""

    # --- the exchange ---

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        self.last_hint = h = self._exchange(view)
        return h.cards

    def _exchange(self, view: PlayerView) -> Hint:
        rng_ = view.exchange_range
        hand = list(view.hand)
        if len(rng_) == 1 and rng_.start == 0:
            return Hint(HintKind.DISCARD, HintReason.TALON_EMPTY)
        P = self.params
        me_elder = view.role == "elder"
        hm = cards_mask(hand)
        my_bl = is_carte_blanche(cards_mask(view.dealt))
        opp_bl = bool(view.opponent_blanche)
        unknown = [i for i in range(32) if not (hm | cards_mask(view.seen_cards())) >> i & 1]
        k_elder = len(view.discard) if me_elder else view.opponent_discard_count
        # candidate discards: subsets of the weakest cards
        longest = longest_suit(hand)
        counts = [sum(1 for c in hand if int(c.rank) == r) for r in range(8)]
        keep_score = {c: _keep_score(c, hm, longest, counts) for c in hand}
        weakest = sorted(hand, key=lambda c: keep_score[c])
        sizes = [s for s in rng_ if s <= 6]
        pool_n = 9 if max(sizes) <= 5 else 8
        pool = weakest[:pool_n]
        cands: list[tuple[Card, ...]] = []
        for s in sizes:
            if s == 0:
                cands.append(())
            else:
                cands.extend(combinations(pool, s))
        # samples: the opponent's dealt hand and the talon, top first
        n_coarse = max(P.coarse_samples, 1)
        n_fine = P.exchange_samples
        known_opp = cards_mask(view.opponent_blanche)  # his hand as dealt, if shown
        samples = []
        for _ in range(max(n_coarse, n_fine)):
            perm = unknown[:]
            self.rng.shuffle(perm)
            if known_opp:
                samples.append((known_opp, perm[:8]))
            else:
                samples.append((sum(1 << c for c in perm[:12]), perm[12:20]))
        opp_cache: dict[tuple[int, int], int] = {}

        def opp_hand(si: int, took: int) -> int:
            key = (si, took)
            found = opp_cache.get(key)
            if found is None:
                dealt, talon = samples[si]
                if me_elder:  # Younger takes all that remain, the greedy way
                    found = _greedy_exchange_mask(dealt, talon[took:], 8 - took)
                else:  # Elder took k_elder, the greedy way
                    found = _greedy_exchange_mask(dealt, talon, k_elder)
                opp_cache[key] = found
            return found

        def value(disc: tuple[Card, ...], n: int, fine: bool) -> float:
            dm = cards_mask(disc)
            j = len(disc)
            total = 0.0
            for si in range(n):
                talon = samples[si][1]
                if me_elder:
                    mine = hm & ~dm
                    for c in talon[:j]:
                        mine |= 1 << c
                    opp = opp_hand(si, j)
                    em, ym, eb, yb = mine, opp, my_bl, opp_bl
                else:
                    mine = hm & ~dm
                    for c in talon[k_elder:k_elder + j]:
                        mine |= 1 << c
                    opp = opp_hand(si, k_elder)
                    em, ym, eb, yb = opp, mine, opp_bl, my_bl
                ep, yp, base = declaration_outcome(em, ym, eb, yb)
                if fine:
                    play = quick_play(em, ym, view.rules.last_trick_point, base)
                    d = ep - yp + play
                    total += d if me_elder else -d
                else:
                    d = ep - yp
                    total += (d if me_elder else -d) + _static_play(mine) - _static_play(
                        opp)
            return total / n

        scored = sorted(((value(c, n_coarse, False), i) for i, c in enumerate(cands)),
                        reverse=True)
        finalists = [cands[i] for _, i in scored[:max(P.finalists, 1)]]
        if n_fine and len(finalists) > 1:
            fine = sorted(((value(c, n_fine, True), i) for i, c in enumerate(finalists)),
                          reverse=True)
            best = finalists[fine[0][1]]
            est = fine[0][0]
        else:
            best = finalists[0]
            est = scored[0][0]
        kept = [c for c in hand if c not in best]
        return exchange_hint(best, kept, est)

    # --- declarations ---

    def choose_declaration(self, view: PlayerView) -> dict[str, Any] | None:
        self.last_hint = h = self._declare(view)
        return h.declaration

    def _declare(self, view: PlayerView) -> Hint:
        calls = view.opponent_calls
        if not self.params.sink or view.role != "younger" or calls is None:
            return Hint(HintKind.DECLARE, HintReason.DECLARE_ALL)
        mine = analyse(view.hand)
        spec: dict[str, Any] = {}
        my_pk = mine.point.key if mine.point else 0
        if calls.point_length:
            their = calls.point_length * 128 + (
                calls.point_pips if mine.point and mine.point.length == calls.point_length
                else 127)
            if my_pk < their:
                spec["point"] = []
        my_sk = sequence_key_score(mine.mask)[0]
        if calls.sequence_key and my_sk < calls.sequence_key:
            spec["sequences"] = []
        if calls.set_key and set_key_score(mine.mask)[0] < calls.set_key:
            spec["sets"] = []
        if not spec:
            return Hint(HintKind.DECLARE, HintReason.NOTHING_TO_SINK)
        return Hint(HintKind.DECLARE, HintReason.SINK, (), spec)

    # --- play ---

    def choose_card(self, view: PlayerView) -> Card:
        self.last_hint = h = self._play(view)
        return h.cards[0]

    def _play(self, view: PlayerView) -> Hint:
        legal = view.legal
        if len(legal) == 1:
            return Hint(HintKind.PLAY, HintReason.ONLY_CARD, (legal[0],))
        P = self.params
        k = knowledge(view)
        heard = view.heard if P.inference else None
        remaining = len(view.hand)
        maybe_in_play = FULL & ~k.out_of_play & ~k.hand
        if view.lead is not None:  # the card led splits my cards of its suit
            maybe_in_play |= view.lead.bit
        roots = root_groups(k.hand, legal, maybe_in_play)
        if len(roots) == 1:
            return Hint(HintKind.PLAY, HintReason.EQUIVALENT, (roots[0],))
        early = remaining > P.solver_from
        n_worlds = max(P.early_worlds, P.worlds) if early else P.worlds
        worlds = sample_worlds(k, n_worlds, self.rng, heard)
        sign = 1 if k.me == 0 else -1
        last = view.rules.last_trick_point
        start = time.perf_counter()

        def tally(values: list[dict[Card, int]], cands: list[Card]
                  ) -> tuple[dict[Card, float], dict[Card, int]]:
            totals = {c: 0.0 for c in cands}
            wins = {c: 0 for c in cands}
            for got in values:
                best = max(got[c] for c in cands)
                for c in cands:
                    totals[c] += got[c]
                    wins[c] += got[c] == best
            return totals, wins

        # quick play-outs in every world: the whole answer early on at the lower levels, and
        # otherwise the order (and, early, the short list) of the cards solved exactly
        rolled = [{c: sign * self._rollout(((k.hand, w) if k.me == 0 else (w, k.hand)), k, c,
                                           last) for c in roots} for w in worlds]
        r_tot, r_wins = tally(rolled, roots)
        cands = sorted(roots, key=lambda c: (-r_tot[c], int(c.rank)))
        if early and P.early_worlds == 0:
            choice = cands[0]
            return _play_hint(choice, HintReason.PLAYED_OUT, r_wins[choice], len(worlds),
                              r_tot[choice] / len(worlds))
        if early and len(cands) > P.early_cands:
            cands = cands[:P.early_cands]
        solver = Solver(last, deadline=start + P.hard_limit)
        solved: list[dict[Card, int]] = []
        min_worlds = 1 if early else min(4, len(worlds))
        for w in worlds:
            if len(solved) >= min_worlds and time.perf_counter() - start > P.budget:
                break
            hands = (k.hand, w) if k.me == 0 else (w, k.hand)
            try:
                vals = solver.move_values(hands, k.leader, k.elder_tricks, k.pique_base,
                                          k.lead, [c.index for c in cands])
            except SearchTimeout:
                break
            solved.append({c: sign * vals[c.index] for c in cands})
        if not solved:  # out of time before one exact solution: trust the play-outs
            choice = cands[0]
            return _play_hint(choice, HintReason.PLAYED_OUT, r_wins[choice], len(worlds),
                              r_tot[choice] / len(worlds))
        totals, wins = tally(solved, cands)
        choice = max(cands, key=lambda c: (totals[c], -int(c.rank)))
        return _play_hint(choice, HintReason.SOLVED, wins[choice], len(solved),
                          totals[choice] / len(solved))

    def _rollout(self, hands: tuple[int, int], k: Knowledge, card: Card, last: bool) -> int:
        """A quick play-out after ``card`` with the simple policies (Elder minus Younger)."""
        base = -1 if k.pique_base is None else k.pique_base
        lead = -1 if k.lead is None else k.lead
        return quick_play(hands[0], hands[1], last, base, k.leader, lead, k.elder_tricks,
                          card.index)

    # --- hints ---

    def hint(self, view: PlayerView) -> Hint:
        phase = view.phase
        if phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            return self._exchange(view)
        if phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
            return self._declare(view)
        return self._play(view)


def _play_hint(card: Card, reason: HintReason, wins: int, worlds: int, avg: float) -> Hint:
    return Hint(HintKind.PLAY, reason, (card,), wins=wins, worlds=worlds, expected=avg)


def _keep_score(c: Card, m: int, longest: int, rank_counts: Sequence[int]) -> float:
    """How much a card is worth keeping (for choosing the candidate discards)."""
    s = c.suit.index
    p = m >> 8 * s & 255
    r = int(c.rank)
    v = SUIT_LENGTH[p] * 1.5 + r * 0.6
    if p >> (r + 1) & 1 or (r > 0 and p >> (r - 1) & 1):
        v += 2.0
    if any(top - n < r <= top for n, top in SUIT_RUNS[p]):
        v += 3.0
    if r >= 3 and rank_counts[r] >= 2:
        v += 1.5 * rank_counts[r]
    if r == 7:
        v += 2.0
    if s == longest:
        v += 3.0
    return v


def exchange_hint(discard: Sequence[Card], kept: Sequence[Card], est: float) -> Hint:
    """The facts of a discard that scored ``est`` over sampled draws: the longest suit it
    keeps (its cards and pips), the sequences and sets worth of what it keeps."""
    m = cards_mask(kept)
    s = max(range(4), key=lambda x: (POINT_KEY[m >> 8 * x & 255], -x))
    return Hint(HintKind.DISCARD, HintReason.BEST_EXCHANGE, tuple(discard), suit=SUITS[s],
                suit_cards=SUIT_LENGTH[m >> 8 * s & 255], pips=SUIT_PIPS[m >> 8 * s & 255],
                sequences=sum(SEQ_SCORE[m >> 8 * x & 255] for x in range(4)),
                sets=set_key_score(m)[1], expected=est)


def make_player(name: str, seed: int | None = None) -> Player:
    """``random``, ``greedy``, ``computer`` (the strongest) or ``computer:1`` ... ``computer:3``.

    >>> make_player("computer").name, make_player("computer:1").name
    ('computer', 'computer:1')
    >>> make_player("expert")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    piquet.errors.PlayerError: unknown_player: 'expert', 3
    """
    key = name.strip().lower()
    if key == "random":
        return RandomPlayer(seed)
    if key == "greedy":
        return GreedyPlayer(seed)
    if key == "computer":
        return ComputerPlayer(MAX_LEVEL, seed)
    if key.startswith("computer:"):
        lvl = key.split(":", 1)[1]
        if lvl.isdigit() and int(lvl) in LEVELS:
            return ComputerPlayer(int(lvl), seed)
    raise PlayerError(code="unknown_player", values=(name, MAX_LEVEL))

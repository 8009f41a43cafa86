"""Puzzles cut from the computer's own games, each with a unique and sound answer.

A :class:`Puzzle` is a position (a seeded deal and the actions taken so far, seen by the
player to move: :class:`Position`), a question (which card to play, or which cards to
discard), the answer, and the margin by which it was measured to beat every other answer.

**Soundness** (:func:`verify`). For a card question the player's view fixes the cards he
holds, the cards seen (his own discards and the talon cards he saw, the cards played, the
cards the opponent showed for his declarations) and the suits the opponent is known to lack.
The *worlds* are the opponent hands consistent with that view: every set of the right size
that holds the cards the opponent showed and not yet played, drawn from the cards the player
has not seen, none of a suit the opponent failed to follow. What was called but not shown is
not used (a player may sink, so a call binds no card). Each legal card (one per group of cards
equivalent in every world) is valued in each world by the exact double-dummy solver
(:class:`piquet.solver.Solver`): the points the mover scores minus the opponent's from here to
the end of the deal. When there are at most :data:`ENUMERATE_AT_MOST` worlds, all are solved
and the expectation is exact (a uniform chance over the worlds); otherwise
:data:`SAMPLED_WORLDS` are drawn at random and each other card's shortfall is a paired mean
with its standard error. A puzzle is sound when the best card beats every other by at least
:data:`MIN_MARGIN` points in expectation and, when sampled, by at least :data:`MIN_SES`
standard errors.

For a discard question the exchange advisor (:func:`academy.advisor.rank_discards`) measures
the declaration points of every legal discard over sampled opponent hands and talons; the
best beats every other discard by :data:`MIN_MARGIN` points and :data:`MIN_SES` standard
errors of the difference (the two errors combined as if independent).

A puzzle *counted with the calls* (``calls``) narrows the worlds by the opponent's calls too
(:func:`call_worlds`: a call is a floor, :mod:`academy.calls`). A *sinking puzzle*
(:attr:`Question.SINK`, :mod:`academy.sinking`) asks which category Younger must declare.

Themes (:class:`Theme`) say what the puzzle is about; they are facts of the position and of
the measured values (see :func:`theme_of`). Pure Python: no Streamlit.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from functools import cache
from itertools import combinations
from math import comb, sqrt
from pathlib import Path
from typing import Any, Final

from academy.calls import calls_allow, heard
from academy.sinking import deciding_category
from piquet.cards import DECK, Card, cards_mask, parse_cards
from piquet.deal import DealState, Phase, PlayerView
from piquet.players import Knowledge, knowledge
from piquet.reckon import Role
from piquet.rules import get_rules
from piquet.solver import Solver

MIN_MARGIN: Final = 2.0
"""Points by which the answer beats every other, in expectation."""
MIN_SES: Final = 3.0
"""Standard errors by which a sampled answer beats every other."""
ENUMERATE_AT_MOST: Final = 400
"""Worlds solved all (an exact expectation) when there are at most this many."""
SAMPLED_WORLDS: Final = 48
"""Worlds drawn when there are more."""


class Theme(StrEnum):
    """What a puzzle is about."""

    EXCHANGE = "exchange"
    OPENING_LEAD = "opening_lead"
    GUARD = "guard"
    COUNTING = "counting"
    CAPOT = "capot"
    PIQUE = "pique"
    LAST_TRICK = "last_trick"
    SINKING = "sinking"
    """What Younger must declare to stop Elder's repique or pique (:mod:`academy.sinking`)."""
    PLAY = "play"
    """A card to play with none of the themes above."""


class Question(StrEnum):
    CARD = "card"
    """Which card to play (any card of the answer's group)."""
    DISCARD = "discard"
    """Which cards to discard (exactly the answer's cards)."""
    SINK = "sink"
    """Which category Younger must declare (the others he may sink): the answer's
    ``category``."""


@dataclass(frozen=True, slots=True)
class Position:
    """A deal replayed from its seed (or from the cards dealt, ``dealt``: Elder's, Younger's
    and the talon, for a deal a learner played): the discards, the declarations (``None``: in
    full) and the cards played so far (leads and replies in order). ``None`` for an exchange
    not made; ``leftovers``: Younger turned the cards he left face up."""

    rules: str
    seed: int
    elder_discard: tuple[Card, ...] | None = None
    younger_discard: tuple[Card, ...] | None = None
    specs: tuple[dict[str, Any] | None, dict[str, Any] | None] | None = None
    plays: tuple[Card, ...] = ()
    dealt: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] | None = None
    leftovers: bool = False

    def state(self) -> DealState:
        if self.dealt is None:
            d = DealState.deal(self.seed, rules=self.rules)
        else:
            d = DealState(get_rules(self.rules), *self.dealt)
        if self.elder_discard is not None:
            d = d.discard("elder", self.elder_discard)
        if self.younger_discard is not None:
            d = d.discard("younger", self.younger_discard, show_leftovers=self.leftovers)
        if self.specs is not None:
            d = d.declare("elder", self.specs[0]).declare("younger", self.specs[1])
        for c in self.plays:
            d = d.play(d.to_move or "elder", c)
        return d

    @property
    def role(self) -> Role:
        """The player to move (whose view the puzzle shows)."""
        d = self.state()
        if d.phase is Phase.ELDER_EXCHANGE:
            return "elder"
        if d.phase in (Phase.YOUNGER_EXCHANGE, Phase.ELDER_DECLARES):
            return "younger"  # a sinking puzzle: Younger hears Elder's declarations
        return d.to_move or "elder"

    def view(self) -> PlayerView:
        return self.state().view(self.role)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": self.rules, "seed": self.seed}
        if self.elder_discard is not None:
            out["ed"] = " ".join(map(str, self.elder_discard))
        if self.younger_discard is not None:
            out["yd"] = " ".join(map(str, self.younger_discard))
        if self.specs is not None:
            out["specs"] = list(self.specs)
        if self.plays:
            out["plays"] = " ".join(map(str, self.plays))
        if self.dealt is not None:
            out["dealt"] = [" ".join(map(str, cards)) for cards in self.dealt]
        if self.leftovers:
            out["lo"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        specs = data.get("specs")
        dealt = data.get("dealt")
        return cls(str(data["rules"]), int(data["seed"]),
                   parse_cards(data["ed"]) if "ed" in data else None,
                   parse_cards(data["yd"]) if "yd" in data else None,
                   (specs[0], specs[1]) if specs is not None else None,
                   parse_cards(data.get("plays", "")),
                   (parse_cards(dealt[0]), parse_cards(dealt[1]), parse_cards(dealt[2]))
                   if dealt is not None else None,
                   bool(data.get("lo", False)))


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle of the catalogue."""

    id: str
    theme: Theme
    question: Question
    position: Position
    answer: tuple[Card, ...]
    """The card question: every card of the best group (any is right); the discard: its
    cards."""
    margin: float
    """Points by which the answer beat the next best, in expectation."""
    error: float
    """The standard error of ``margin`` (0 when exact)."""
    worlds: int
    """Worlds (or opponent samples) the margin was measured over."""
    exact: bool
    """Every world consistent with the view was solved."""
    rating: float
    """The first rating, seeded from the measured difficulty (docs/puzzles.md)."""
    category: str = ""
    """A sinking puzzle's answer: the category to declare (``point``, ``sequences``,
    ``sets``); ``answer`` then holds Younger's cards of that category."""
    calls: bool = False
    """The worlds were narrowed by the opponent's calls too (:func:`call_worlds`)."""

    def accepts(self, category: str) -> bool:
        """Whether a sinking puzzle's answer is this category."""
        return self.question is Question.SINK and category == self.category

    def is_right(self, cards: Sequence[Card]) -> bool:
        """Whether the learner's answer is the puzzle's."""
        if self.question is Question.CARD:
            return len(cards) == 1 and cards[0] in self.answer
        if self.question is Question.SINK:
            return False  # answered by a category (:meth:`accepts`), never by cards
        return cards_mask(cards) == cards_mask(self.answer) and len(cards) == len(self.answer)

    def as_json(self) -> dict[str, Any]:
        out = {"id": self.id, "theme": self.theme.value, "q": self.question.value,
               "pos": self.position.as_json(), "answer": " ".join(map(str, self.answer)),
               "margin": round(self.margin, 2), "error": round(self.error, 2),
               "worlds": self.worlds, "exact": self.exact, "rating": round(self.rating)}
        if self.category:
            out["cat"] = self.category
        if self.calls:
            out["calls"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        return cls(str(data["id"]), Theme(data["theme"]), Question(data["q"]),
                   Position.from_json(data["pos"]), parse_cards(data["answer"]),
                   float(data["margin"]), float(data["error"]), int(data["worlds"]),
                   bool(data["exact"]), float(data["rating"]), str(data.get("cat", "")),
                   bool(data.get("calls", False)))


# --- the worlds of a view -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Worlds:
    """The opponent hands (masks) consistent with a view, and whether they are all of them."""

    hands: tuple[int, ...]
    exact: bool
    total: int
    """How many worlds are consistent with the view."""


def _free_cards(k: Knowledge) -> tuple[list[int], int]:
    allowed = k.pool & ~k.opp_known
    for s in range(4):
        if k.voids >> s & 1:
            allowed &= ~(0xFF << 8 * s)
    need = k.opp_count - k.opp_known.bit_count()
    return [i for i in range(32) if allowed >> i & 1], need


def view_worlds(view: PlayerView, rng: random.Random, sampled: int = SAMPLED_WORLDS,
                enumerate_at_most: int = ENUMERATE_AT_MOST) -> Worlds:
    """Every world consistent with ``view`` when there are few, else ``sampled`` drawn."""
    k = knowledge(view)
    cand, need = _free_cards(k)
    total = comb(len(cand), need)
    if total <= enumerate_at_most:
        hands = tuple(k.opp_known | sum(1 << c for c in pick)
                      for pick in combinations(cand, need))
        return Worlds(hands, True, total)
    hands = tuple(k.opp_known | sum(1 << c for c in rng.sample(cand, need))
                  for _ in range(sampled))
    return Worlds(hands, False, total)


CALL_ENUMERATE_AT_MOST: Final = 5000
"""The worlds enumerated before the calls narrow them (:func:`call_worlds`)."""


def call_worlds(view: PlayerView) -> Worlds | None:
    """Every world consistent with ``view`` **and** the opponent's calls (Younger hears
    Elder's; a call is a floor: :mod:`academy.calls`), or None when there are too many to
    enumerate."""
    k = knowledge(view)
    ws = view_worlds(view, random.Random(0), sampled=0,
                     enumerate_at_most=CALL_ENUMERATE_AT_MOST)
    if not ws.exact:
        return None
    h = heard(view)
    keep = tuple(w for w in ws.hands if calls_allow(w | k.opp_played, h))
    return Worlds(keep, True, len(keep))


# --- measuring a card question --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """Each candidate card's mean value (the mover's points minus the opponent's) and the
    best card's lead over it: mean and standard error of the paired differences."""

    cards: tuple[Card, ...]
    """One card per group equivalent in every world, best first."""
    means: tuple[float, ...]
    gaps: tuple[float, ...]
    """The best's mean lead over each card (0 for the best itself)."""
    errors: tuple[float, ...]
    worlds: int
    exact: bool
    groups: tuple[tuple[Card, ...], ...]
    """Each candidate's group: the legal cards equivalent to it."""

    @property
    def margin(self) -> float:
        return min(self.gaps[1:]) if len(self.gaps) > 1 else 0.0

    @property
    def error(self) -> float:
        i = min(range(1, len(self.gaps)), key=lambda j: self.gaps[j]) if len(self.gaps) > 1 else 0
        return self.errors[i]

    @property
    def sound(self) -> bool:
        if len(self.cards) < 2:
            return False
        return all(g >= MIN_MARGIN and (self.exact or g >= MIN_SES * e)
                   for g, e in zip(self.gaps[1:], self.errors[1:], strict=True))


def _maybe_in_play(view: PlayerView, k: Knowledge) -> int:
    m = ((1 << 32) - 1) & ~k.out_of_play & ~k.hand
    if view.lead is not None:
        m |= view.lead.bit
    return m


def card_groups(view: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """The legal cards in groups equivalent in every world (no card between them may still
    be played), each group's lowest card first."""
    k = knowledge(view)
    mip = _maybe_in_play(view, k)
    legal = cards_mask(view.legal)
    out: list[tuple[Card, ...]] = []
    for sh in (0, 8, 16, 24):
        grp: list[Card] = []
        for r in range(7, -1, -1):
            i = sh + r
            if legal >> i & 1:
                grp.append(DECK[i])
            elif mip >> i & 1 and grp:
                out.append(tuple(reversed(grp)))
                grp = []
        if grp:
            out.append(tuple(reversed(grp)))
    return tuple(out)


def measure_cards(view: PlayerView, worlds: Worlds) -> CardVerdict:
    """Every candidate card valued in every world by the exact solver."""
    k = knowledge(view)
    groups = card_groups(view)
    reps = [g[0] for g in groups]
    sign = 1 if k.me == 0 else -1
    solver = Solver(view.rules.last_trick_point)
    rows: list[list[int]] = []
    for w in worlds.hands:
        hands = (k.hand, w) if k.me == 0 else (w, k.hand)
        vals = solver.move_values(hands, k.leader, k.elder_tricks, k.pique_base, k.lead,
                                  [c.index for c in reps])
        rows.append([sign * vals[c.index] for c in reps])
    n = len(rows)
    means = [sum(r[i] for r in rows) / n for i in range(len(reps))]
    order = sorted(range(len(reps)), key=lambda i: (-means[i], reps[i].index))
    b = order[0]
    gaps, errors = [], []
    for i in order:
        diffs = [r[b] - r[i] for r in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        gaps.append(mean)
        errors.append(0.0 if worlds.exact else sqrt(var / n))
    return CardVerdict(tuple(reps[i] for i in order), tuple(means[i] for i in order),
                       tuple(gaps), tuple(errors), n, worlds.exact,
                       tuple(groups[i] for i in order))


# --- themes -----------------------------------------------------------------------------------


def _guard_suits(view: PlayerView, k: Knowledge) -> int:
    """Suits (bit mask) where the mover holds a king or queen guarded exactly: as many other
    cards as higher cards the opponent may hold."""
    mip = _maybe_in_play(view, k)
    out = 0
    for s in range(4):
        mine = k.hand >> 8 * s & 255
        if not mine:
            continue
        top = mine.bit_length() - 1
        if top not in (5, 6):  # queen (5) or king (6)
            continue
        higher = (mip >> 8 * s & 255) >> (top + 1)
        if higher and mine.bit_count() == higher.bit_count() + 1:
            out |= 1 << s
    return out


def theme_of(view: PlayerView, verdict: CardVerdict) -> Theme:
    """The theme of a card question (the first that applies):

    - the opening lead: Elder's first lead;
    - the last trick: two cards left each;
    - saving the capot: the mover has won no trick of at least six played and some other
      card loses 30 points or more (the capot's 40 against the cards' 10);
    - stopping a pique: Younger to play while Elder may still reach a pique, and some other
      card loses 25 points or more;
    - keeping a guard: a king or queen guarded exactly, the answer not of its suit, some
      other card of it;
    - counting the cards: the view determines the opponent's cards (one world);
    - else the play.
    """
    k = knowledge(view)
    played = len(view.tricks)
    mine_won = k.elder_tricks if k.me == 0 else played - k.elder_tricks
    worst = max(verdict.gaps)
    if played == 0 and view.lead is None:
        return Theme.OPENING_LEAD
    if len(view.hand) <= 2:
        return Theme.LAST_TRICK
    if mine_won == 0 and played >= 6 and worst >= 30:
        return Theme.CAPOT
    if k.me == 1 and k.pique_base is not None and worst >= 25:
        return Theme.PIQUE
    guards = _guard_suits(view, k)
    best = verdict.cards[0]
    if guards and not guards >> best.suit.index & 1 and any(
            guards >> c.suit.index & 1 for c in verdict.cards[1:]):
        return Theme.GUARD
    if verdict.exact and verdict.worlds == 1:
        return Theme.COUNTING
    return Theme.PLAY


# --- the exchange -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    discard: tuple[Card, ...]
    margin: float
    error: float
    samples: int
    sound: bool


def measure_discard(view: PlayerView, seed: int, samples: int | None = None
                    ) -> DiscardVerdict:
    """The advisor's best discard and its lead over every other (see the module doc)."""
    from academy.advisor import rank_discards

    left = 0 if view.role == "elder" else 5 - view.opponent_discard_count
    ranked = rank_discards(view.hand, role=view.role, left=left, rules=view.rules,
                           samples=samples, seed=seed)
    best = ranked[0]
    if len(ranked) < 2:
        return DiscardVerdict(best.discard, 0.0, 0.0, best.samples, False)
    gaps = [(best.expected - a.expected, sqrt(best.error ** 2 + a.error ** 2))
            for a in ranked[1:]]
    sound = all(g >= MIN_MARGIN and g >= MIN_SES * e for g, e in gaps)
    g, e = min(gaps)
    return DiscardVerdict(best.discard, g, e, best.samples, sound)


# --- verifying a puzzle -------------------------------------------------------------------------


def verify(puzzle: Puzzle, seed: int = 1) -> bool:
    """Whether ``puzzle`` holds: its answer is measured again (the card question on every world
    when it was measured so, else on fresh worlds drawn with ``seed``; the discard on fresh
    samples) and must still beat every other answer soundly."""
    if puzzle.question is Question.SINK:
        d = puzzle.position.state()
        if d.phase is not Phase.ELDER_DECLARES:
            return False
        got = deciding_category(puzzle.position.rules, d.hand("elder"), d.hand("younger"))
        return got is not None and puzzle.accepts(got[0])
    view = puzzle.position.view()
    if puzzle.question is Question.DISCARD:
        if view.phase not in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            return False
        dv = measure_discard(view, seed)
        return dv.sound and puzzle.is_right(dv.discard)
    if view.phase is not Phase.PLAY or view.to_move != view.role:
        return False
    if puzzle.calls:
        narrowed = call_worlds(view)
        if narrowed is None or not narrowed.hands:
            return False
        verdict = measure_cards(view, narrowed)
        return verdict.sound and set(verdict.groups[0]) == set(puzzle.answer)
    worlds = view_worlds(view, random.Random(seed),
                         enumerate_at_most=ENUMERATE_AT_MOST if puzzle.exact else 0)
    verdict = measure_cards(view, worlds)
    return verdict.sound and set(verdict.groups[0]) == set(puzzle.answer)


def measured(pid: str, position: Position, question: Question, seed: int,
             rating: float) -> Puzzle | None:
    """The puzzle of ``position`` (``question`` asked of the player to move) when its answer
    is unique and sound by the catalogue's criterion (the module's doc), else None: a card
    question over the view's worlds (every one when few, else sampled with ``seed`` and then
    measured again on fresh worlds, :func:`verify`), a discard by the advisor (and again on
    fresh samples)."""
    view = position.view()
    if question is Question.DISCARD:
        if view.phase not in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            return None
        dv = measure_discard(view, seed)
        if not dv.sound:
            return None
        pz = Puzzle(pid, Theme.EXCHANGE, question, position, dv.discard, dv.margin, dv.error,
                    dv.samples, False, rating)
    else:
        if view.phase is not Phase.PLAY or view.to_move != view.role:
            return None
        verdict = measure_cards(view, view_worlds(view, random.Random(seed)))
        if not verdict.sound:
            return None
        pz = Puzzle(pid, theme_of(view, verdict), question, position, verdict.groups[0],
                    verdict.margin, verdict.error, verdict.worlds, verdict.exact, rating)
    return pz if pz.exact or verify(pz, seed=seed + 7919) else None


def load(text: str) -> tuple[Puzzle, ...]:
    """The catalogue from its JSON text (a list of :meth:`Puzzle.as_json` objects)."""
    return tuple(Puzzle.from_json(d) for d in json.loads(text))


CATALOGUE_FILE: Final = Path(__file__).resolve().parent / "data" / "puzzles.json"


@cache
def catalogue() -> tuple[Puzzle, ...]:
    """The committed catalogue (``academy/data/puzzles.json``, made by
    ``scripts/make_puzzles.py``), sorted by id."""
    return tuple(sorted(load(CATALOGUE_FILE.read_text(encoding="utf-8")),
                        key=lambda p: p.id))


@cache
def _by_id() -> dict[str, Puzzle]:
    return {p.id: p for p in catalogue()}


def find(pid: str) -> Puzzle | None:
    """The puzzle of that id, or None."""
    return _by_id().get(pid)


def of_the_day(day: date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The same puzzle for everyone on ``day``: a stride through the catalogue."""
    ps = catalogue() if puzzles is None else puzzles
    return ps[(day.toordinal() * 7919) % len(ps)]


def puzzle_set(seed: str, n: int, *, theme: Theme | None = None, low: float = 0.0,
               high: float = 10_000.0, day: date | None = None,
               puzzles: Sequence[Puzzle] | None = None) -> tuple[str, ...]:
    """A set of puzzles for a class, the same for the same arguments: with ``day``, that
    day's puzzle first; then ``n`` drawn (seeded by ``seed``) from those of ``theme`` (any
    when None) whose first rating is within ``low``-``high``, in the catalogue's order of
    drawing. Fewer when fewer match. No sinking puzzle: a class's answers are cards tapped,
    and a sinking puzzle's is a category (so the day's puzzle is that of the other puzzles)."""
    ps = [p for p in (catalogue() if puzzles is None else puzzles)
          if p.question is not Question.SINK]
    first = [of_the_day(day, ps).id] if day is not None else []
    pool = [p.id for p in ps if (theme is None or p.theme is theme) and low <= p.rating <= high
            and p.id not in first]
    drawn = random.Random(f"class-puzzles:{seed}").sample(pool, min(max(n, 0), len(pool)))
    return (*first, *drawn)


def near(rating: float, rng: random.Random, *, theme: Theme | None = None,
         ratings: Mapping[str, float] | None = None, avoid: Collection[str] = (),
         puzzles: Sequence[Puzzle] | None = None, width: float = 150.0) -> Puzzle:
    """A puzzle near ``rating`` (its stored rating from ``ratings``, else its seed): drawn
    from those within ``width`` (widened until some are found) of ``theme`` if given and any
    exist, not in ``avoid`` while others are left."""
    ps = list(catalogue() if puzzles is None else puzzles)
    themed = [p for p in ps if theme is None or p.theme is theme]
    pool = [p for p in (themed or ps) if p.id not in avoid] or themed or ps
    got = ratings or {}

    def gap(p: Puzzle) -> float:
        return abs(got.get(p.id, p.rating) - rating)

    w = width
    while True:
        close = [p for p in pool if gap(p) <= w]
        if close:
            return rng.choice(close)
        w *= 2

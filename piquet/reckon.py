"""The order of reckoning, repique and pique (RULES.md section 6).

Scores are reckoned in a fixed order, whatever the order they were spoken in:
carte blanche, point, sequences, sets, the points of play in time order, the cards or capot.

- **Repique (+60)**: a player reaching 30 from the first four steps alone before the
  opponent has scored anything in that order. Either player can get it.
- **Pique (+30)**: Elder only, reaching 30 with the first five steps before Younger has
  scored anything. The cards and capot never count towards either.

Example 1 of RULES.md (the seed; Parlett), repique by Elder:

>>> r = reckon(point=(7, 0), sequences=(15 + 4 + 3, 0), sets=(3, 0))
>>> r.repique, r.total("elder")
('elder', 92)

Example 3 (Cavendish): equality does not save a pique.

>>> r = reckon(sequences=(15, 0), sets=(14, 0), play=["elder"])
>>> r.pique, r.total("elder")
('elder', 60)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal, NamedTuple

from piquet.errors import PiquetError

Role = Literal["elder", "younger"]
ROLES: Final[tuple[Role, Role]] = ("elder", "younger")
REPIQUE: Final = 60
PIQUE: Final = 30
CARDS_BONUS: Final = 10
CAPOT_BONUS: Final = 40

Category = Literal[
    "blanche", "point", "sequences", "sets", "lead", "capture", "last",
    "repique", "pique", "cards", "capot",
]
DECLARATION_STEPS: Final[tuple[Category, ...]] = ("blanche", "point", "sequences", "sets")


class PlayPoint(NamedTuple):
    """One point scored in play: ``kind`` is ``lead``, ``capture`` or ``last``."""

    player: Role
    kind: Literal["lead", "capture", "last"]
    trick: int


class Bonuses(NamedTuple):
    """Where the bonuses fall: the player (0 elder, 1 younger, -1 none) and the index of the
    entry that brought them to 30 (in the declaration entries, or in the play points)."""

    repique: int
    repique_at: int
    pique: int
    pique_at: int


NO_BONUS: Final = Bonuses(-1, -1, -1, -1)


def find_bonuses(declared: Sequence[tuple[int, int]], play: Sequence[int]) -> Bonuses:
    """Decide repique and pique.

    ``declared`` holds ``(player, points)`` for the first four steps in reckoning order
    (player 0 is Elder, 1 Younger); ``play`` holds the player of each play point, in the
    order they were scored. This is the one place the rule is written down.

    >>> find_bonuses([(1, 5), (0, 18), (0, 14)], [])   # Younger's point reckons first
    Bonuses(repique=-1, repique_at=-1, pique=-1, pique_at=-1)
    >>> find_bonuses([(0, 6), (0, 15), (1, 14)], [])   # Elder's 30th point precedes Younger's sets
    Bonuses(repique=-1, repique_at=-1, pique=-1, pique_at=-1)
    >>> find_bonuses([(0, 15), (0, 16), (1, 14)], [])
    Bonuses(repique=0, repique_at=1, pique=-1, pique_at=-1)
    """
    e = y = 0
    for i, (who, pts) in enumerate(declared):
        if pts <= 0:
            continue
        if who:
            y += pts
            if y >= 30 and not e:
                return Bonuses(1, i, -1, -1)
        else:
            e += pts
            if e >= 30 and not y:
                return Bonuses(0, i, -1, -1)
    if y:
        return NO_BONUS
    for j, who in enumerate(play):
        if who:
            return NO_BONUS
        e += 1
        if e >= 30:
            return Bonuses(-1, -1, 0, j)
    return NO_BONUS


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One entry of the reckoning log, with both running totals after it."""

    category: Category
    player: Role
    points: int
    elder_total: int
    younger_total: int
    trick: int | None = None


@dataclass(frozen=True)
class Reckoning:
    """The ordered log of a deal's scores, with the repique and pique decided."""

    events: tuple[ScoreEvent, ...]
    repique: Role | None
    pique: Role | None

    def score(self, player: Role, category: str) -> int:
        """Points a player scored in one category (``play`` sums lead, capture and last)."""
        cats = ("lead", "capture", "last") if category == "play" else (category,)
        return sum(e.points for e in self.events if e.player == player and e.category in cats)

    def total(self, player: Role) -> int:
        return sum(e.points for e in self.events if e.player == player)

    def bonus_facts(self) -> BonusFacts:
        """Why there is, or is not, a repique or pique (the text layer says it:
        ``words.reckoning.bonus_text``).

        >>> f = reckon(point=(7, 0), sequences=(22, 0), sets=(3, 0)).bonus_facts()
        >>> f.outcome.name, f.player, f.reached, f.event.points
        ('REPIQUE', 'elder', 32, 60)
        >>> f = reckon(point=(0, 4), sequences=(18, 0), sets=(14, 0)).bonus_facts()
        >>> f.outcome.name, f.player, f.event.category
        ('YOUNGER_FIRST', 'younger', 'point')
        >>> reckon().bonus_facts().outcome.name
        'NOBODY_SCORED'
        """
        for ev in self.events:
            if ev.category in ("repique", "pique"):
                before = (ev.elder_total if ev.player == "elder" else ev.younger_total) - ev.points
                kind = BonusOutcome.REPIQUE if ev.category == "repique" else BonusOutcome.PIQUE
                return BonusFacts(kind, ev.player, ev, before)
        first = {p: next((ev for ev in self.events if ev.player == p and ev.points), None)
                 for p in ROLES}
        e, y = first["elder"], first["younger"]
        if e is None and y is None:
            return BonusFacts(BonusOutcome.NOBODY_SCORED, None, None, 0)
        if y and (not e or self.events.index(y) < self.events.index(e)):
            return BonusFacts(BonusOutcome.YOUNGER_FIRST, "younger", y, 0)
        return BonusFacts(BonusOutcome.NOT_REACHED, None, None, 0)


class BonusOutcome(Enum):
    """Why a deal has, or has not, a repique or pique (:meth:`Reckoning.bonus_facts`)."""

    REPIQUE = "repique"
    """``player`` reached ``reached`` from the combinations alone before the other scored."""
    PIQUE = "pique"
    """Elder reached ``reached`` from combinations and play before Younger scored."""
    NOBODY_SCORED = "nobody_scored"
    """Nobody scored anything: no repique or pique."""
    YOUNGER_FIRST = "younger_first"
    """No bonus; Younger scored first (``event`` is his first score)."""
    NOT_REACHED = "not_reached"
    """No bonus: nobody reached 30 before the other had scored."""


@dataclass(frozen=True, slots=True)
class BonusFacts:
    """The facts behind a deal's repique or pique, or its absence: the ``outcome``, the
    ``player`` it concerns (the bonus's scorer; Younger when he scored first), the ``event``
    (the bonus's entry, or Younger's first score) and, for a bonus, the total ``reached``
    before it."""

    outcome: BonusOutcome
    player: Role | None
    event: ScoreEvent | None
    reached: int


class ReckonError(PiquetError):
    """Scores that cannot be reckoned (typed by hand): ``not_a_pair``, ``negative_score`` and
    ``both_score`` (category, value); ``play_point_shape`` and ``play_point_unknown`` (its
    number from 1, the item); ``blanche_worth`` (role, points); ``worth`` (``"cards"`` or
    ``"capot"``, its worth, the pair); ``capot_with_cards`` (the cards' pair, capot's pair)."""

    default_code = "reckon"


def _pair(category: Category, value: tuple[int, int]) -> tuple[int, int]:
    try:
        e, y = (int(v) for v in value)
    except (TypeError, ValueError):
        raise ReckonError(code="not_a_pair", values=(category, value)) from None
    if e < 0 or y < 0:
        raise ReckonError(code="negative_score", values=(category, value))
    if e and y:
        raise ReckonError(code="both_score", values=(category, value))
    return e, y


def _play_point(item: PlayPoint | tuple[str, str, int] | str, n: int) -> PlayPoint:
    if isinstance(item, str):
        item = (item, "lead", 0)
    try:
        who, kind, trick = item
    except (TypeError, ValueError):
        raise ReckonError(code="play_point_shape", values=(n + 1, item)) from None
    if who not in ROLES or kind not in ("lead", "capture", "last"):
        raise ReckonError(code="play_point_unknown", values=(n + 1, item))
    return PlayPoint(who, kind, int(trick))  # type: ignore[arg-type]


def reckon(
    *,
    blanche: tuple[int, int] = (0, 0),
    point: tuple[int, int] = (0, 0),
    sequences: tuple[int, int] = (0, 0),
    sets: tuple[int, int] = (0, 0),
    play: Iterable[PlayPoint | tuple[str, str, int] | str] = (),
    cards: tuple[int, int] = (0, 0),
    capot: tuple[int, int] = (0, 0),
) -> Reckoning:
    """Reckon a deal from per-category ``(elder, younger)`` scores and the play points in order.

    Each play point is a :class:`PlayPoint` or just the player who scored it. The log lists
    every score in reckoning order, with repique or pique inserted where the 30 is reached.

    Example 2 of RULES.md (Parlett): repique by Younger; point and sequence equal.

    >>> r = reckon(sets=(0, 14 + 14 + 3))
    >>> r.repique, r.total("younger")
    ('younger', 91)

    Example 4 (Cavendish): no repique despite 32, Younger's point reckons first.

    >>> reckon(point=(0, 4), sequences=(18, 0), sets=(14, 0)).repique is None
    True
    """
    decl_pairs: list[tuple[Category, tuple[int, int]]] = [
        ("blanche", _pair("blanche", blanche)),
        ("point", _pair("point", point)),
        ("sequences", _pair("sequences", sequences)),
        ("sets", _pair("sets", sets)),
    ]
    for who, pts in zip(ROLES, decl_pairs[0][1], strict=True):
        if pts not in (0, 10):
            raise ReckonError(code="blanche_worth", values=(who, pts))
    plays = [_play_point(p, i) for i, p in enumerate(play)]
    cards_pair = _pair("cards", cards)
    capot_pair = _pair("capot", capot)
    for name, pair, worth in (("cards", cards_pair, 10), ("capot", capot_pair, 40)):
        if any(p not in (0, worth) for p in pair):
            raise ReckonError(code="worth", values=(name, worth, pair))
    if any(cards_pair) and any(capot_pair):
        raise ReckonError(code="capot_with_cards", values=(cards_pair, capot_pair))
    declared: list[tuple[Category, int, int]] = []
    for cat, (e, y) in decl_pairs:
        if e:
            declared.append((cat, 0, e))
        if y:
            declared.append((cat, 1, y))
    return build_reckoning(declared, plays, cards_pair, capot_pair)


def build_reckoning(
    declared: Sequence[tuple[Category, int, int]],
    plays: Sequence[PlayPoint],
    cards: tuple[int, int],
    capot: tuple[int, int],
) -> Reckoning:
    """The log from declaration entries ``(category, player, points)`` in order, the play points
    and the end-of-deal bonuses."""
    bonus = find_bonuses([(w, p) for _, w, p in declared],
                         [0 if p.player == "elder" else 1 for p in plays])
    events: list[ScoreEvent] = []
    tot = [0, 0]

    def add(cat: Category, who: int, pts: int, trick: int | None = None) -> None:
        tot[who] += pts
        events.append(ScoreEvent(cat, ROLES[who], pts, tot[0], tot[1], trick))

    for i, (cat, who, pts) in enumerate(declared):
        add(cat, who, pts)
        if i == bonus.repique_at:
            add("repique", bonus.repique, REPIQUE)
    for j, p in enumerate(plays):
        add(p.kind, 0 if p.player == "elder" else 1, 1, p.trick)
        if j == bonus.pique_at:
            add("pique", 0, PIQUE)
    for who in (0, 1):
        if cards[who]:
            add("cards", who, cards[who])
        if capot[who]:
            add("capot", who, capot[who])
    return Reckoning(
        tuple(events),
        ROLES[bonus.repique] if bonus.repique >= 0 else None,
        "elder" if bonus.pique == 0 else None,
    )


class PiqueOutlook(Enum):
    """What the declarations alone tell of a pique (RULES.md section 6), before any trick."""

    REPIQUE = "repique"
    """A repique was scored in the declarations: no pique is possible on top of it."""
    YOUNGER_SCORED = "younger_scored"
    """Younger scored in the declarations: Elder can no longer make a pique."""
    ON_FIRST_LEAD = "on_first_lead"
    """Elder's first lead brings him to 30 before Younger has scored: pique."""
    NEEDS_PLAY = "needs_play"
    """Elder still needs ``needed`` points in play before Younger scores any."""
    OUT_OF_REACH = "out_of_reach"
    """Even leading every trick (and taking the last), Elder cannot reach 30."""


@dataclass(frozen=True, slots=True)
class PiqueChance:
    """The pique as far as the declarations decide it.

    ``elder_after_lead`` is Elder's total once his first lead (+1) is scored; ``needed`` the
    further points in play Elder must score before Younger scores any (0 unless
    :attr:`PiqueOutlook.NEEDS_PLAY`); ``most_in_play`` the most Elder can still score in play
    before Younger scores (eleven more leads, and the last trick where it counts).
    """

    outlook: PiqueOutlook
    elder_after_lead: int
    needed: int
    most_in_play: int


def pique_chance(elder: int, younger: int, *, repique: bool, last_trick_point: bool
                 ) -> PiqueChance:
    """The pique from the declaration totals (repique included) and the preset.

    >>> pique_chance(29, 0, repique=False, last_trick_point=False).outlook.name
    'ON_FIRST_LEAD'
    >>> c = pique_chance(20, 0, repique=False, last_trick_point=False)
    >>> c.outlook.name, c.elder_after_lead, c.needed
    ('NEEDS_PLAY', 21, 9)
    >>> pique_chance(29, 3, repique=False, last_trick_point=False).outlook.name
    'YOUNGER_SCORED'
    >>> pique_chance(0, 0, repique=False, last_trick_point=True).outlook.name
    'OUT_OF_REACH'
    """
    after = elder + 1
    most = 11 + (1 if last_trick_point else 0)
    if repique:
        return PiqueChance(PiqueOutlook.REPIQUE, after, 0, most)
    if younger:
        return PiqueChance(PiqueOutlook.YOUNGER_SCORED, after, 0, most)
    if after >= PIQUE:
        return PiqueChance(PiqueOutlook.ON_FIRST_LEAD, after, 0, most)
    needed = PIQUE - after
    if needed > most:
        return PiqueChance(PiqueOutlook.OUT_OF_REACH, after, needed, most)
    return PiqueChance(PiqueOutlook.NEEDS_PLAY, after, needed, most)

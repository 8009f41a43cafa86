"""Declarations: what each player declares (in full, or sinking), the verdict of each
category with its reason, and the Good / Not good / Equal dialogue.

A declaration spec names the cards declared in each category::

    {"point": [cards of one suit], "sequences": [[run], ...], "sets": [[cards of one rank], ...]}

A category left out is declared in full; an empty list declares nothing.

>>> from piquet.cards import parse_cards
>>> hand = parse_cards("AS KS QS JS 10S 9S AH KH QH 8D 7D 7C")
>>> d = declaration_from_spec(hand, {"point": ["AS", "KS", "QS", "JS", "10S"],
...                                  "sequences": [["AS", "KS", "QS", "JS"]]})
>>> d.point.length, [(s.length, s.top.symbol) for s in d.sequences], d.sunk
(5, [(4, 'A')], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal, TypeAlias

from piquet.cards import Card, CardError, Rank, parse_cards
from piquet.combos import CardSet, Combinations, Point, Sequence as Run, analyse
from piquet.errors import PiquetError
from piquet.reckon import ROLES, Role

Category = Literal["point", "sequences", "sets"]
CATEGORIES: Final[tuple[Category, ...]] = ("point", "sequences", "sets")


class DeclarationError(PiquetError):
    """A declaration that is not allowed: a card not held, not a run, not a set..."""

    default_code = "declaration"


@dataclass(frozen=True)
class Declaration:
    """What one player declares. ``sunk`` is true when he declares less than he holds."""

    point: Point | None
    sequences: tuple[Run, ...]
    sets: tuple[CardSet, ...]
    sunk: bool = False

    @property
    def point_key(self) -> int:
        return self.point.key if self.point else 0

    @property
    def best_sequence(self) -> Run | None:
        return max(self.sequences, key=lambda s: s.key) if self.sequences else None

    @property
    def best_set(self) -> CardSet | None:
        return max(self.sets, key=lambda s: s.key) if self.sets else None

    def as_spec(self) -> dict[str, list[Any]]:
        """The JSON-able spec (for a deal record)."""
        return {
            "point": [str(c) for c in self.point.cards] if self.point else [],
            "sequences": [[str(c) for c in s.cards] for s in self.sequences],
            "sets": [[str(c) for c in s.cards] for s in self.sets],
        }


def full_declaration(combos: Combinations) -> Declaration:
    """Declaring everything: the best point, every sequence, every set."""
    return Declaration(combos.point, combos.sequences, combos.sets)


def _cards(value: object, who: str, part: str) -> tuple[Card, ...]:
    """The cards ``who`` names for ``part`` (point, sequence or set)."""
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardError:
            raise DeclarationError(code="declaration_card", values=(who, part, value)) from None
    if not isinstance(value, (list, tuple)):
        raise DeclarationError(code="declaration_shape", values=(who, part, value))
    try:
        return parse_cards(value)
    except CardError:
        raise DeclarationError(code="declaration_card", values=(who, part, value)) from None


def _check_held(cards: Sequence[Card], held: int, who: str, part: str) -> None:
    seen = 0
    for c in cards:
        if not held & c.bit:
            raise DeclarationError(code="declaration_not_held", values=(who, c, part))
        if seen & c.bit:
            raise DeclarationError(code="declaration_twice", values=(who, c, part))
        seen |= c.bit


def _point_from(cards: tuple[Card, ...], held: int, who: str) -> Point | None:
    if not cards:
        return None
    _check_held(cards, held, who, "point")
    suits = {c.suit for c in cards}
    if len(suits) > 1:
        raise DeclarationError(code="declaration_point_suits", values=(who, cards))
    return Point(cards[0].suit, tuple(sorted(cards, key=lambda c: -int(c.rank))))


def _run_from(cards: tuple[Card, ...], held: int, who: str) -> Run:
    _check_held(cards, held, who, "sequence")
    if len(cards) < 3:
        raise DeclarationError(code="declaration_run_short", values=(who, cards))
    if len({c.suit for c in cards}) > 1:
        raise DeclarationError(code="declaration_run_suits", values=(who, cards))
    ordered = tuple(sorted(cards, key=lambda c: -int(c.rank)))
    ranks = [int(c.rank) for c in ordered]
    if ranks[0] - ranks[-1] != len(ranks) - 1:
        raise DeclarationError(code="declaration_run_gap", values=(who, cards))
    return Run(ordered[0].suit, ordered)


def _set_from(cards: tuple[Card, ...], held: int, who: str) -> CardSet:
    _check_held(cards, held, who, "set")
    if len({c.rank for c in cards}) > 1:
        raise DeclarationError(code="declaration_set_ranks", values=(who, cards))
    if len(cards) not in (3, 4):
        raise DeclarationError(code="declaration_set_size", values=(who, cards))
    rank = cards[0].rank
    if rank < Rank.TEN:
        raise DeclarationError(code="declaration_set_rank", values=(who, cards, rank))
    return CardSet(rank, tuple(sorted(cards, key=lambda c: c.suit.index)))


def declaration_from_spec(
    hand: Sequence[Card] | Combinations,
    spec: Mapping[str, Any] | None,
    *,
    who: str = "Player",
) -> Declaration:
    """Check a declaration spec against the hand it is declared from (12 cards after the
    exchange) and return the :class:`Declaration`. ``None`` declares in full.

    ``who`` names the declarer in a :class:`DeclarationError` (whose ``values`` start with
    it)."""
    combos = hand if isinstance(hand, Combinations) else analyse(hand)
    full = full_declaration(combos)
    if spec is None:
        return full
    if not isinstance(spec, Mapping):
        raise DeclarationError(code="declaration_shape", values=(who, "declaration", spec))
    unknown = [k for k in spec if k not in CATEGORIES]
    if unknown:
        raise DeclarationError(code="declaration_category", values=(who, unknown[0]))
    held = combos.mask
    point = full.point
    if "point" in spec:
        point = _point_from(_cards(spec["point"], who, "point"), held, who)
    runs = full.sequences
    if "sequences" in spec:
        runs = tuple(_run_from(_cards(r, who, "sequence"), held, who)
                     for r in _list(spec["sequences"], who, "sequences"))
        _check_runs_apart(runs, who)
    sets = full.sets
    if "sets" in spec:
        sets = tuple(_set_from(_cards(s, who, "set"), held, who)
                     for s in _list(spec["sets"], who, "sets"))
        if len({s.rank for s in sets}) < len(sets):
            raise DeclarationError(code="declaration_set_twice", values=(who,))
    sunk = (point != full.point or set(runs) != set(full.sequences)
            or set(sets) != set(full.sets))
    return Declaration(point, tuple(sorted(runs, key=lambda s: -s.key)),
                       tuple(sorted(sets, key=lambda s: -s.key)), sunk)


def _list(value: object, who: str, part: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise DeclarationError(code="declaration_shape", values=(who, part, value))
    return list(value)


def _check_runs_apart(runs: Sequence[Run], who: str) -> None:
    """Two declared runs may not share a card, nor touch: A-K-Q-J is one quart, never two."""
    for i, a in enumerate(runs):
        for b in runs[i + 1:]:
            if a.suit is not b.suit:
                continue
            lo_a, hi_a = int(a.cards[-1].rank), int(a.top)
            lo_b, hi_b = int(b.cards[-1].rank), int(b.top)
            if lo_a <= hi_b + 1 and lo_b <= hi_a + 1:
                raise DeclarationError(
                    code="declaration_runs_touch", values=(who, a.cards, b.cards))


# --- verdicts ---------------------------------------------------------------------------


class Reason(Enum):
    """Why a category went the way it did."""

    LONGER = "longer"
    MORE_PIPS = "more_pips"
    HIGHER = "higher"
    QUATORZE_BEATS_TRIO = "quatorze_beats_trio"
    EQUAL = "equal"
    UNOPPOSED = "unopposed"
    NONE = "none"


class Answer(Enum):
    """Younger's answer to a call of Elder's (RULES.md section 5)."""

    GOOD = "good"
    NOT_GOOD = "not_good"
    EQUAL = "equal"


def possible_answers(category: str) -> tuple[Answer, ...]:
    """The answers Younger may give to a call in ``category``: sets are never equal (ranks
    differ and any quatorze beats any trio, RULES.md section 5), so a call of a set is
    answered only Good or Not good.

    >>> [a.value for a in possible_answers("sets")]
    ['good', 'not_good']
    >>> len(possible_answers("point"))
    3
    """
    if category == "sets":
        return (Answer.GOOD, Answer.NOT_GOOD)
    return (Answer.GOOD, Answer.NOT_GOOD, Answer.EQUAL)


def decide(elder_key: int, younger_key: int) -> int:
    """0 Elder wins, 1 Younger wins, 2 equal, 3 neither declared. Keys order combinations."""
    if elder_key > younger_key:
        return 0
    if younger_key > elder_key:
        return 1
    return 3 if not elder_key else 2


@dataclass(frozen=True)
class Verdict:
    """The outcome of one category, and why."""

    category: Category
    winner: Role | None
    reason: Reason
    elder: Point | Run | CardSet | None
    younger: Point | Run | CardSet | None
    scored: tuple[Point | Run | CardSet, ...]
    points: int

    @property
    def reply(self) -> Answer | None:
        """Younger's answer to Elder's call (``None`` when Elder called nothing here).

        >>> from piquet.cards import parse_cards
        >>> e = declaration_from_spec(parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD"), None)
        >>> y = declaration_from_spec(parse_cards("7S 8S 9H 10H JH 7D 8D 9D JD 7C 8C 9C"), None)
        >>> verdict("point", e, y).reply
        <Answer.GOOD: 'good'>
        """
        if self.elder is None:
            return None
        return {"elder": Answer.GOOD, "younger": Answer.NOT_GOOD, None: Answer.EQUAL}[self.winner]


def verdict(category: Category, elder: Declaration, younger: Declaration) -> Verdict:
    """Compare what the two players declared in one category."""
    pair: tuple[Any, Any]
    if category == "point":
        pair = (elder.point, younger.point)
        groups: tuple[tuple[Any, ...], tuple[Any, ...]] = (
            (elder.point,) if elder.point else (), (younger.point,) if younger.point else ())
    elif category == "sequences":
        pair = (elder.best_sequence, younger.best_sequence)
        groups = (elder.sequences, younger.sequences)
    else:
        pair = (elder.best_set, younger.best_set)
        groups = (elder.sets, younger.sets)
    e, y = pair
    outcome = decide(e.key if e else 0, y.key if y else 0)
    reason = Reason.UNOPPOSED
    if outcome == 3:
        return Verdict(category, None, Reason.NONE, e, y, (), 0)
    if outcome == 2:
        return Verdict(category, None, Reason.EQUAL, e, y, (), 0)
    win, lose = (e, y) if outcome == 0 else (y, e)
    if isinstance(win, Point) and isinstance(lose, Point):
        reason = Reason.LONGER if win.length > lose.length else Reason.MORE_PIPS
    elif isinstance(win, Run) and isinstance(lose, Run):
        reason = Reason.LONGER if win.length > lose.length else Reason.HIGHER
    elif isinstance(win, CardSet) and isinstance(lose, CardSet):
        reason = Reason.QUATORZE_BEATS_TRIO if win.count > lose.count else Reason.HIGHER
    scored = groups[outcome]
    return Verdict(category, ROLES[outcome], reason, e, y, scored,
                   sum(c.score for c in scored))


# --- the dialogue -----------------------------------------------------------------------


class LineKind(Enum):
    """What a line of the declaring dialogue does (RULES.md section 5)."""

    BLANCHE = "blanche"
    """A player shows (or announces) carte blanche."""
    CALL_POINT = "call_point"
    """Elder calls his point's length ("Five.")."""
    ASK_PIPS = "ask_pips"
    """Younger, as long, asks "What do they make?"."""
    GIVE_PIPS = "give_pips"
    """Elder gives his point's pips ("Forty-nine.")."""
    CALL_RUN = "call_run"
    """Elder calls his best sequence ("Quint major.")."""
    CALL_SET = "call_set"
    """Elder calls his best set ("Fourteen aces.")."""
    NOTHING = "nothing"
    """Elder has nothing to call in the category ("No sequence.")."""
    ANSWER = "answer"
    """Younger answers a call: Good, Not good or Equal."""
    SCORE = "score"
    """A player counts aloud what he scores."""


class BlancheShowing(Enum):
    """When a player announcing carte blanche shows his twelve cards (RULES.md section 4): the
    fact a :attr:`LineKind.BLANCHE` line names."""

    NOW = "now"
    """He shows them as he announces it (Elder, under Britannica's rule)."""
    AFTER_DISCARD = "after_discard"
    """Once his opponent has discarded."""
    AFTER_EXCHANGE = "after_exchange"
    """Once his opponent has exchanged (Younger: once Elder has drawn)."""


Scored: TypeAlias = tuple[Point | Run | CardSet, ...]
Named: TypeAlias = Answer | BlancheShowing | Scored | None
"""What a line names: Younger's :class:`Answer`, a carte blanche's :class:`BlancheShowing`,
the combinations a :attr:`LineKind.SCORE` line counts (best first), or nothing."""

_CATEGORY_OF: Final = {
    LineKind.BLANCHE: "blanche", LineKind.CALL_POINT: "point", LineKind.ASK_PIPS: "point",
    LineKind.GIVE_PIPS: "point", LineKind.CALL_RUN: "sequences", LineKind.CALL_SET: "sets",
    LineKind.SCORE: "score",
}


@dataclass(frozen=True, slots=True)
class DialogueLine:
    """One spoken line, as facts (``words.declarations.line_text`` says it).

    ``speaker`` is elder or younger; ``kind`` what the line does; ``numbers`` what it calls:
    the point's length (:attr:`~LineKind.CALL_POINT`) or pips (:attr:`~LineKind.GIVE_PIPS`),
    a sequence's length and top rank order (:attr:`~LineKind.CALL_RUN`), a set's count and
    rank order (:attr:`~LineKind.CALL_SET`), the running total (and for Elder the total with
    one for his lead) of a :attr:`~LineKind.SCORE`; ``combination`` what it names (see
    :data:`Named`); ``category`` what it is about (point, sequences, sets, blanche or score:
    given by the kind when left empty); ``blanche`` whether a score line counts ten for carte
    blanche.

    >>> DialogueLine("younger", LineKind.ASK_PIPS).category
    'point'
    """

    speaker: Role
    kind: LineKind
    numbers: tuple[int, ...] = ()
    combination: Named = None
    category: str = ""
    blanche: bool = False

    def __post_init__(self) -> None:
        if not self.category:
            object.__setattr__(self, "category", _CATEGORY_OF.get(self.kind, ""))


@dataclass(frozen=True, slots=True)
class Calls:
    """What a player calls: numbers, never the cards (RULES.md section 5).

    This is what the other player hears before the answers: the point's length (and its
    pips, given when asked), the best sequence (its length and top card) and the best set
    (its count and rank) — each ``key`` orders it, as in :mod:`piquet.combos`.

    >>> from piquet.cards import parse_cards
    >>> c = Calls.of(declaration_from_spec(parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD"),
    ...                                    None))
    >>> c.point_length, c.point_pips, c.sequence_length, c.sequence_top, c.set_count, c.set_rank
    (5, 50, 4, <Rank.ACE: 7>, 4, <Rank.ACE: 7>)
    >>> [(line.kind.name, line.numbers) for line in c.lines(5)]  # doctest: +NORMALIZE_WHITESPACE
    [('CALL_POINT', (5,)), ('ASK_PIPS', ()), ('GIVE_PIPS', (50,)), ('CALL_RUN', (4, 7)),
     ('CALL_SET', (4, 7))]
    """

    point_length: int
    point_pips: int
    point_key: int
    sequence_key: int
    set_key: int

    @classmethod
    def of(cls, d: Declaration) -> Calls:
        bs, bt = d.best_sequence, d.best_set
        return cls(d.point.length if d.point else 0, d.point.pips if d.point else 0,
                   d.point_key, bs.key if bs else 0, bt.key if bt else 0)

    @property
    def sequence_length(self) -> int:
        """The best sequence's length (0 when none is called)."""
        return self.sequence_key >> 3

    @property
    def sequence_top(self) -> Rank | None:
        """The best sequence's top card's rank (``None`` when none is called)."""
        return Rank(self.sequence_key & 7) if self.sequence_key else None

    @property
    def set_count(self) -> int:
        """How many cards the best set has: 3, 4 (0 when none is called)."""
        return self.set_key >> 3

    @property
    def set_rank(self) -> Rank | None:
        """The best set's rank (``None`` when none is called)."""
        return Rank(self.set_key & 7) if self.set_key else None

    def lines(self, answerer_point_length: int | None) -> list[DialogueLine]:
        """The calls as spoken (with "What do they make?" when the answerer's point is as
        long), without the answers."""
        out: list[DialogueLine] = []
        if not self.point_length:
            out.append(DialogueLine("elder", LineKind.NOTHING, category="point"))
        else:
            out.append(DialogueLine("elder", LineKind.CALL_POINT, (self.point_length,)))
            if answerer_point_length == self.point_length:
                out.append(DialogueLine("younger", LineKind.ASK_PIPS))
                out.append(DialogueLine("elder", LineKind.GIVE_PIPS, (self.point_pips,)))
        if self.sequence_key:
            out.append(DialogueLine("elder", LineKind.CALL_RUN,
                                    (self.sequence_length, self.sequence_key & 7)))
        else:
            out.append(DialogueLine("elder", LineKind.NOTHING, category="sequences"))
        if self.set_key:
            out.append(DialogueLine("elder", LineKind.CALL_SET,
                                    (self.set_count, self.set_key & 7)))
        else:
            out.append(DialogueLine("elder", LineKind.NOTHING, category="sets"))
        return out


def dialogue(
    elder: Declaration, younger: Declaration, verdicts: Sequence[Verdict],
    *, elder_blanche: bool = False, younger_blanche: bool = False,
) -> tuple[DialogueLine, ...]:
    """The declaring dialogue, line by line, as it is spoken at the table (as facts:
    ``words.declarations.line_text`` says each line).

    A carte blanche is announced first (Elder shows it at once, Younger once Elder has
    exchanged; ``academy.rule_text.blanche_shown`` says when under each preset). Then
    Elder calls each category and Younger answers each call; Elder counts what he scores
    and one for his lead; Younger counts what he scores, if anything.

    >>> from piquet.cards import parse_cards
    >>> e = declaration_from_spec(parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD"), None)
    >>> y = declaration_from_spec(parse_cards("7S 8S 9H 10H JH 7D 8D 9D JD 7C 8C 9C"), None)
    >>> d = dialogue(e, y, [verdict(c, e, y) for c in CATEGORIES])
    >>> [(ln.speaker, ln.kind.name) for ln in d][:3]
    [('elder', 'CALL_POINT'), ('younger', 'ANSWER'), ('elder', 'CALL_RUN')]
    >>> d[1].combination, d[-1].numbers  # Good; Elder scores 5 + 4 + 3 + 14, and one he leads
    (<Answer.GOOD: 'good'>, (26, 27))
    """
    out: list[DialogueLine] = []
    if elder_blanche:
        out.append(DialogueLine("elder", LineKind.BLANCHE, combination=BlancheShowing.NOW))
    if younger_blanche:
        out.append(DialogueLine("younger", LineKind.BLANCHE,
                                combination=BlancheShowing.AFTER_EXCHANGE))
    by_cat = {v.category: v for v in verdicts}
    yp = younger.point
    calls = Calls.of(elder).lines(yp.length if yp else None)
    for cat in CATEGORIES:
        group = [line for line in calls if line.category == cat]
        out.extend(group)
        if group[0].kind is not LineKind.NOTHING:
            out.append(DialogueLine("younger", LineKind.ANSWER, combination=by_cat[cat].reply,
                                    category=cat))
    # Elder scores what was good, then leads; Younger scores what was his
    players: tuple[tuple[Role, bool], ...] = (("elder", elder_blanche),
                                              ("younger", younger_blanche))
    for who, blanche in players:
        scored = tuple(c for cat in CATEGORIES if by_cat[cat].winner == who
                       for c in by_cat[cat].scored)
        running = (10 if blanche else 0) + sum(c.score for c in scored)
        if who == "elder":
            out.append(DialogueLine("elder", LineKind.SCORE, (running, running + 1), scored,
                                    blanche=blanche))
        elif scored or blanche:
            out.append(DialogueLine("younger", LineKind.SCORE, (running,), scored,
                                    blanche=blanche))
    return tuple(out)


__all__ = [
    "CATEGORIES",
    "Answer",
    "BlancheShowing",
    "Calls",
    "Declarable",
    "Declaration",
    "DeclarationError",
    "DialogueLine",
    "LineKind",
    "Reason",
    "Verdict",
    "decide",
    "declarable",
    "declaration_from_spec",
    "dialogue",
    "full_declaration",
    "possible_answers",
    "spec_of",
    "verdict",
]


@dataclass(frozen=True)
class Declarable:
    """What a hand may declare in each category: the full combinations and the lesser ones
    it could sink to (best first)."""

    points: tuple[Point, ...]
    sequences: tuple[Run, ...]
    sets: tuple[CardSet, ...]


def declarable(combos: Combinations) -> Declarable:
    """Every point, run and set a hand may declare: in full or sunk.

    Points: the best suit's top cards, all of them down to one. Runs: each maximal run and
    its shorter runs from the top. Sets: each set, and each trio inside a quatorze.

    >>> from piquet.cards import parse_cards
    >>> d = declarable(analyse(parse_cards("AS KS QS JS AH AD AC 9H 8H 7H 8D 7D")))
    >>> [p.length for p in d.points], [(s.length, s.top.symbol) for s in d.sequences]
    ([4, 3, 2, 1], [(4, 'A'), (3, 'A'), (3, '9')])
    >>> [s.count for s in d.sets]
    [4, 3, 3, 3, 3]
    """
    points: list[Point] = []
    if combos.point is not None:
        best = combos.point
        points = [Point(best.suit, best.cards[:n]) for n in range(best.length, 0, -1)]
    runs: list[Run] = []
    for run in combos.sequences:
        runs.extend(Run(run.suit, run.cards[:n]) for n in range(run.length, 2, -1))
    sets: list[CardSet] = []
    for s in combos.sets:
        sets.append(s)
        if s.count == 4:
            sets.extend(CardSet(s.rank, tuple(c for c in s.cards if c is not gone))
                        for gone in s.cards)
    return Declarable(tuple(points), tuple(runs), tuple(sets))


def spec_of(point: Point | None, runs: Sequence[Run], sets: Sequence[CardSet]
            ) -> dict[str, list[Any]]:
    """The declaration spec (JSON-able) naming these combinations."""
    return Declaration(point, tuple(runs), tuple(sets)).as_spec()

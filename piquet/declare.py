"""Declarations: what each player declares (in full, or sinking), the verdict of each
category with its reason, and the Good / Not good / Equal dialogue.

A declaration spec names the cards declared in each category::

    {"point": [cards of one suit], "sequences": [[run], ...], "sets": [[cards of one rank], ...]}

A category left out is declared in full; an empty list declares nothing.

>>> from piquet.cards import parse_cards
>>> hand = parse_cards("AS KS QS JS 10S 9S AH KH QH 8D 7D 7C")
>>> d = declaration_from_spec(hand, {"point": ["AS", "KS", "QS", "JS", "10S"],
...                                  "sequences": [["AS", "KS", "QS", "JS"]]})
>>> d.point.length, [s.name for s in d.sequences], d.sunk
(5, ['Quart major'], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal, TypeAlias

from piquet.cards import Card, CardError, Rank, parse_cards
from piquet.combos import (
    CardSet,
    Combinations,
    Point,
    Sequence as Run,
    analyse,
    number_word,
)
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


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardError as e:
            raise DeclarationError(f"{what}: {e}") from None
    if not isinstance(value, (list, tuple)):
        raise DeclarationError(f"{what} must be a list of cards, not {value!r}")
    try:
        return parse_cards(value)
    except CardError as e:
        raise DeclarationError(f"{what}: {e}") from None


def _check_held(cards: Sequence[Card], held: int, who: str, what: str) -> None:
    seen = 0
    for c in cards:
        if not held & c.bit:
            raise DeclarationError(f"{who} declares {c} in {what} but does not hold it")
        if seen & c.bit:
            raise DeclarationError(f"{who} names {c} twice in {what}")
        seen |= c.bit


def _point_from(cards: tuple[Card, ...], held: int, who: str) -> Point | None:
    if not cards:
        return None
    _check_held(cards, held, who, "the point")
    suits = {c.suit for c in cards}
    if len(suits) > 1:
        raise DeclarationError(
            f"{who}'s declared point {' '.join(map(str, cards))} mixes suits; a point is one suit")
    return Point(cards[0].suit, tuple(sorted(cards, key=lambda c: -int(c.rank))))


def _run_from(cards: tuple[Card, ...], held: int, who: str) -> Run:
    shown = " ".join(map(str, cards))
    _check_held(cards, held, who, "a sequence")
    if len(cards) < 3:
        raise DeclarationError(f"{who}'s declared sequence {shown} has "
                               f"{counted(len(cards), 'card')}; "
                               "a sequence needs at least three")
    if len({c.suit for c in cards}) > 1:
        raise DeclarationError(f"{who}'s declared sequence {shown} mixes suits")
    ordered = tuple(sorted(cards, key=lambda c: -int(c.rank)))
    ranks = [int(c.rank) for c in ordered]
    if ranks[0] - ranks[-1] != len(ranks) - 1:
        raise DeclarationError(f"{who}'s declared sequence {shown} is not a run of "
                               "consecutive cards")
    return Run(ordered[0].suit, ordered)


def _set_from(cards: tuple[Card, ...], held: int, who: str) -> CardSet:
    shown = " ".join(map(str, cards))
    _check_held(cards, held, who, "a set")
    if len({c.rank for c in cards}) > 1:
        raise DeclarationError(f"{who}'s declared set {shown} mixes ranks")
    if len(cards) not in (3, 4):
        raise DeclarationError(f"{who}'s declared set {shown} has "
                               f"{counted(len(cards), 'card')}; "
                               "a set is three or four of a rank")
    rank = cards[0].rank
    if rank < Rank.TEN:
        raise DeclarationError(f"{who}'s declared set {shown}: {rank.plural} never form sets "
                               "(tens and higher only)")
    return CardSet(rank, tuple(sorted(cards, key=lambda c: c.suit.index)))


def declaration_from_spec(
    hand: Sequence[Card] | Combinations,
    spec: Mapping[str, Any] | None,
    *,
    who: str = "The player",
) -> Declaration:
    """Check a declaration spec against the hand it is declared from (12 cards after the
    exchange) and return the :class:`Declaration`. ``None`` declares in full."""
    combos = hand if isinstance(hand, Combinations) else analyse(hand)
    full = full_declaration(combos)
    if spec is None:
        return full
    if not isinstance(spec, Mapping):
        raise DeclarationError(f"{who}'s declaration must be an object with point, sequences "
                               f"and sets, not {spec!r}")
    unknown = [k for k in spec if k not in CATEGORIES]
    if unknown:
        raise DeclarationError(f"{who}'s declaration has an unknown category {unknown[0]!r} "
                               "(use point, sequences, sets)")
    held = combos.mask
    point = full.point
    if "point" in spec:
        point = _point_from(_cards(spec["point"], f"{who}'s point"), held, who)
    runs = full.sequences
    if "sequences" in spec:
        runs = tuple(_run_from(_cards(r, f"{who}'s sequence"), held, who)
                     for r in _list(spec["sequences"], f"{who}'s sequences"))
        _check_runs_apart(runs, who)
    sets = full.sets
    if "sets" in spec:
        sets = tuple(_set_from(_cards(s, f"{who}'s set"), held, who)
                     for s in _list(spec["sets"], f"{who}'s sets"))
        if len({s.rank for s in sets}) < len(sets):
            raise DeclarationError(f"{who} declares two sets of the same rank")
    sunk = (point != full.point or set(runs) != set(full.sequences)
            or set(sets) != set(full.sets))
    return Declaration(point, tuple(sorted(runs, key=lambda s: -s.key)),
                       tuple(sorted(sets, key=lambda s: -s.key)), sunk)


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise DeclarationError(f"{what} must be a list of lists of cards, not {value!r}")
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
                    f"{who} declares {a.describe()} and {b.describe()}: runs that share or "
                    "touch are one sequence")


# --- verdicts ---------------------------------------------------------------------------


class Reason(Enum):
    """Why a category went the way it did."""

    LONGER = "longer"
    MORE_PIPS = "more pips"
    HIGHER = "higher"
    QUATORZE_BEATS_TRIO = "quatorze beats trio"
    EQUAL = "equal"
    UNOPPOSED = "unopposed"
    NONE = "none declared"


class Answer(Enum):
    """Younger's answer to a call of Elder's (RULES.md section 5)."""

    GOOD = "good"
    NOT_GOOD = "not_good"
    EQUAL = "equal"


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

    @property
    def answer(self) -> str:
        """Younger's answer to Elder's call: Good, Not good, Equal (or '' if no call)."""
        if self.elder is None:
            return ""
        return {"elder": "Good", "younger": "Not good", None: "Equal"}[self.winner]

    def explain(self) -> str:
        """A sentence on the cards: who scores this category and why."""
        return _explain(self)


def counted(n: int, noun: str) -> str:
    """``n`` and the noun in agreement, for the English messages: "1 card", "2 cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _what(c: Point | Run | CardSet | None) -> str:
    if c is None:
        return "nothing"
    if isinstance(c, Point):
        return counted(c.length, "card")
    if isinstance(c, Run):
        return c.name.lower()
    return c.call.lower()


def _explain(v: Verdict) -> str:
    W = v.winner.capitalize() if v.winner else ""
    L = "Younger" if v.winner == "elder" else "Elder"
    won = v.elder if v.winner == "elder" else v.younger
    lost = v.younger if v.winner == "elder" else v.elder
    name = {"point": "point", "sequences": "sequence", "sets": "set"}[v.category]
    scored = " + ".join(str(c.score) for c in v.scored)
    if len(v.scored) > 1:
        scored += f" = {v.points}"
    tail = f": {W} scores {scored}."
    if v.reason is Reason.NONE:
        return f"Neither player declares a {name}: nobody scores."
    if v.reason is Reason.UNOPPOSED:
        return f"{L} declares no {name}, so {W}'s {_what(won)} is unopposed{tail}"
    if v.reason is Reason.EQUAL:
        if isinstance(v.elder, Point):
            return (f"Both points are {counted(v.elder.length, 'card')} making {v.elder.pips}: "
                    "Equal, "
                    "nobody scores the point.")
        return (f"Both best sequences are a {_what(v.elder)}: Equal, so neither player scores "
                "any sequence, not even lesser ones.")
    if v.reason is Reason.LONGER:
        one = name != "point" or (isinstance(won, Point) and won.length == 1)
        return f"{W}'s {_what(won)} beat{'s' if one else ''} {L}'s {_what(lost)}" \
               f" (longer){tail}"
    if v.reason is Reason.MORE_PIPS and isinstance(won, Point) and isinstance(lost, Point):
        makes = "makes" if won.length == 1 else "make"
        return (f"Both have {counted(won.length, 'card')}; {W}'s {makes} {won.pips}, "
                f"{L}'s {lost.pips}"
                f"{tail}")
    if v.reason is Reason.QUATORZE_BEATS_TRIO:
        return f"{W}'s {_what(won)} beat {L}'s {_what(lost)}: any quatorze beats any trio{tail}"
    verb = "beat" if v.category == "sets" else "beats"
    return f"{W}'s {_what(won)} {verb} {L}'s {_what(lost)} (higher){tail}"


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
    text: str = ""

    def __post_init__(self) -> None:
        if not self.category:
            object.__setattr__(self, "category", _CATEGORY_OF.get(self.kind, ""))


_TENS: Final = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                "ninety")
_TEENS: Final = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen")


def spoken_number(n: int) -> str:
    """A number as spoken in the dialogue.

    >>> spoken_number(49), spoken_number(17), spoken_number(170)
    ('forty-nine', 'seventeen', '170')
    """
    if n < 13:
        return number_word(n)
    if n < 20:
        return _TEENS[n - 10]
    if n < 100:
        t, u = divmod(n, 10)
        return _TENS[t] + (f"-{number_word(u)}" if u else "")
    return str(n)


@dataclass(frozen=True, slots=True)
class Calls:
    """What a player calls: numbers and names, never the cards (RULES.md section 5).

    This is what the other player hears before the answers: the point's length (and its
    pips, given when asked), the best sequence's name, the best set's name.

    >>> from piquet.cards import parse_cards
    >>> c = Calls.of(declaration_from_spec(parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD"),
    ...                                    None))
    >>> c.point_length, c.point_pips, c.sequence_name, c.set_name
    (5, 50, 'Quart major', 'Fourteen aces')
    >>> [line.text for line in c.lines(5)]
    ['Five.', 'What do they make?', 'Fifty.', 'Quart major.', 'Fourteen aces.']
    """

    point_length: int
    point_pips: int
    point_key: int
    sequence_key: int
    sequence_name: str | None
    set_key: int
    set_name: str | None

    @classmethod
    def of(cls, d: Declaration) -> Calls:
        bs, bt = d.best_sequence, d.best_set
        return cls(d.point.length if d.point else 0, d.point.pips if d.point else 0,
                   d.point_key, bs.key if bs else 0, bs.name if bs else None,
                   bt.key if bt else 0, bt.call if bt else None)

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
            out.append(DialogueLine("elder", LineKind.NOTHING, category="point",
                                    text="No point."))
        else:
            out.append(DialogueLine(
                "elder", LineKind.CALL_POINT, (self.point_length,),
                text=f"{number_word(self.point_length).capitalize()}."))
            if answerer_point_length == self.point_length:
                out.append(DialogueLine("younger", LineKind.ASK_PIPS,
                                        text="What do they make?"))
                out.append(DialogueLine(
                    "elder", LineKind.GIVE_PIPS, (self.point_pips,),
                    text=f"{spoken_number(self.point_pips).capitalize()}."))
        if self.sequence_key:
            out.append(DialogueLine("elder", LineKind.CALL_RUN,
                                    (self.sequence_length, self.sequence_key & 7),
                                    text=f"{self.sequence_name}."))
        else:
            out.append(DialogueLine("elder", LineKind.NOTHING, category="sequences",
                                    text="No sequence."))
        if self.set_key:
            out.append(DialogueLine("elder", LineKind.CALL_SET,
                                    (self.set_count, self.set_key & 7),
                                    text=f"{self.set_name}."))
        else:
            out.append(DialogueLine("elder", LineKind.NOTHING, category="sets",
                                    text="No set."))
        return out


def dialogue(
    elder: Declaration, younger: Declaration, verdicts: Sequence[Verdict],
    *, elder_blanche: bool = False, younger_blanche: bool = False,
) -> tuple[DialogueLine, ...]:
    """The declaring dialogue, line by line, as it is spoken at the table."""
    out: list[DialogueLine] = []
    if elder_blanche:
        out.append(DialogueLine(
            "elder", LineKind.BLANCHE, combination=BlancheShowing.NOW,
            text="Carte blanche. (Elder shows his twelve cards: no king, queen or jack.)"))
    if younger_blanche:
        out.append(DialogueLine(
            "younger", LineKind.BLANCHE, combination=BlancheShowing.AFTER_EXCHANGE,
            text="Carte blanche. (Younger will show it once Elder has exchanged.)"))
    by_cat = {v.category: v for v in verdicts}
    yp = younger.point
    calls = Calls.of(elder).lines(yp.length if yp else None)
    for cat in CATEGORIES:
        group = [line for line in calls if line.category == cat]
        out.extend(group)
        if group[0].kind is not LineKind.NOTHING:
            out.append(DialogueLine("younger", LineKind.ANSWER, combination=by_cat[cat].reply,
                                    category=cat, text=f"{by_cat[cat].answer}."))
    # Elder scores what was good, then leads
    for who, blanche in (("elder", elder_blanche), ("younger", younger_blanche)):
        scored = tuple(c for cat in CATEGORIES if by_cat[cat].winner == who
                       for c in by_cat[cat].scored)
        running = (10 if blanche else 0) + sum(c.score for c in scored)
        if who == "elder":
            out.append(DialogueLine("elder", LineKind.SCORE, (running, running + 1), scored,
                                    blanche=blanche, text=_score_text(scored, running, True,
                                                                      blanche)))
        elif scored or blanche:
            out.append(DialogueLine("younger", LineKind.SCORE, (running,), scored,
                                    blanche=blanche, text=_score_text(scored, running, False,
                                                                      blanche)))
    return tuple(out)


def _score_text(scored: Scored, running: int, elder: bool, blanche: bool) -> str:
    parts = [_score_phrase(c) for c in scored]
    if elder:
        lead = running + 1
        if parts:
            return (f"{', '.join(parts).capitalize()}: {spoken_number(running)}. "
                    f"And one I lead: {spoken_number(lead)}.")
        start = "Ten for carte blanche, and o" if blanche else "O"
        return f"{start}ne I lead: {spoken_number(lead)}."
    if parts:
        return f"{', '.join(parts).capitalize()}: {spoken_number(running)}."
    return "Ten for carte blanche."


def _score_phrase(c: Point | Run | CardSet) -> str:
    if isinstance(c, Point):
        return f"{spoken_number(c.score)} for point"
    if isinstance(c, Run):
        return f"{spoken_number(c.score)} for the {c.kind}"
    return f"{c.call.lower()}, {spoken_number(c.score)}" if c.count == 3 else \
        f"fourteen {c.rank.plural}"


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
    "spec_of",
    "spoken_number",
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
    >>> [p.length for p in d.points], [s.name for s in d.sequences]
    ([4, 3, 2, 1], ['Quart major', 'Tierce major', 'Tierce minor'])
    >>> [s.call for s in d.sets]
    ['Fourteen aces', 'Three aces', 'Three aces', 'Three aces', 'Three aces']
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

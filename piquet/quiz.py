"""Quiz questions generated from random deals, checked and explained by the engine.

Pure Python, no I/O. A question is a frozen :class:`Question`: what to show (rows of cards,
context lines), what to ask (one or more :class:`Field` answer widgets, each with its
correct value), and the engine's explanation of the answer (with the cards behind each
combination to highlight). :func:`check_answer` compares a learner's answers and returns a
:class:`Feedback` that always carries the correct answer and the explanation.

Question ``n`` of a seeded quiz depends only on ``(seed, level, preset, n)``:

>>> q = generate_question("42", 3, "beginner", "britannica")
>>> q == generate_question("42", 3, "beginner", "britannica")
True
>>> q.kind in LEVEL_KINDS["beginner"]
True
>>> check_answer(q, q.correct).correct
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from piquet.cards import DECK, Card, Rank, Suit, cards_mask, mask_cards
from piquet.combos import (
    CardSet,
    Combinations,
    Point,
    Sequence as Run,
    analyse,
    pretty,
)
from piquet.deal import DealState, Phase
from piquet.declare import Reason, Verdict
from piquet.partie import RUBICON, settle_partie
from piquet.play import legal_cards, trick_winner
from piquet.reckon import PlayPoint, Reckoning, Role, reckon
from piquet.rules import Rules, get_rules
from piquet.scoring import DeclarationScore, score_declarations

__all__ = [
    "KINDS",
    "KIND_GROUPS",
    "KIND_TITLES",
    "LEVELS",
    "LEVEL_KINDS",
    "LEVEL_TITLES",
    "RECKONING_KINDS",
    "AnswerValue",
    "CardRow",
    "Feedback",
    "Field",
    "FieldResult",
    "Kind",
    "Level",
    "Question",
    "check_answer",
    "generate_question",
    "parse_level",
    "parse_seed",
    "pick_kind",
    "question_rng",
]

Level = Literal["beginner", "intermediate", "expert", "mix"]
LEVELS: Final[tuple[Level, ...]] = ("beginner", "intermediate", "expert", "mix")
LEVEL_TITLES: Final[dict[Level, str]] = {
    "beginner": "Beginner", "intermediate": "Intermediate", "expert": "Expert", "mix": "Mix",
}

Kind = Literal[
    "point", "best_sequence", "sequence_score", "sets", "blanche",
    "answer", "category", "comparison",
    "repique", "pique",
    "legal_play", "trick",
    "settlement",
    "muggins",
]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
KIND_TITLES: Final[dict[Kind, str]] = {
    "point": "Point of one hand",
    "best_sequence": "Best sequence",
    "sequence_score": "Sequences' score",
    "sets": "Which sets count",
    "blanche": "Carte blanche",
    "answer": "Younger's answer",
    "category": "Who scores a category",
    "comparison": "Full comparison",
    "repique": "Repique?",
    "pique": "Repique or pique after the lead?",
    "legal_play": "Legal plays",
    "trick": "Who wins the trick",
    "settlement": "Settling the partie",
    "muggins": "Claim your declarations",
}
KIND_GROUPS: Final[dict[Kind, str]] = {
    "point": "Count one hand", "best_sequence": "Count one hand",
    "sequence_score": "Count one hand", "sets": "Count one hand", "blanche": "Count one hand",
    "answer": "Compare two hands", "category": "Compare two hands",
    "comparison": "Compare two hands",
    "repique": "Reckoning", "pique": "Reckoning",
    "legal_play": "Play", "trick": "Play",
    "settlement": "End of a partie",
    "muggins": "Muggins",
}
RECKONING_KINDS: Final[tuple[Kind, ...]] = ("repique", "pique")
LEVEL_KINDS: Final[dict[Level, tuple[Kind, ...]]] = {
    # one hand, one category
    "beginner": ("point", "best_sequence", "sequence_score", "sets", "blanche", "legal_play"),
    "intermediate": ("point", "sequence_score", "sets", "answer", "category", "legal_play",
                     "trick", "settlement", "muggins"),
    # full comparisons, reckoning order, rules presets (the last trick)
    "expert": ("answer", "category", "comparison", "repique", "pique", "trick",
               "settlement", "muggins"),
    "mix": KINDS,
}

Widget = Literal["choice", "multi", "cards", "number"]
AnswerValue = str | int | frozenset[str]
WHO_OPTIONS: Final = ("Elder", "Younger", "Nobody")
ANSWERS: Final = ("Good", "Not good", "Equal")
_NAMES: Final[dict[Role, str]] = {"elder": "Elder", "younger": "Younger"}
_CATEGORY_NOUN: Final = {"point": "point", "sequences": "sequence", "sets": "set"}
_SEED_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Field:
    """One answer widget: ``choice`` (one of ``options``), ``multi`` (any of ``options``),
    ``cards`` (any of ``options``, which are card codes such as ``10S``), ``number``."""

    key: str
    label: str
    widget: Widget
    correct: AnswerValue
    options: tuple[str, ...] = ()
    help: str = ""

    def normalise(self, value: object) -> AnswerValue | None:
        """The learner's value in the field's own type, or None when there is no answer."""
        if value is None:
            return None
        if self.widget == "number":
            if isinstance(value, bool):
                return None
            if isinstance(value, int):
                return value
            if isinstance(value, float) and value.is_integer():
                return int(value)
            if isinstance(value, str) and re.fullmatch(r"\s*\d{1,6}\s*", value):
                return int(value)
            return None
        if self.widget == "choice":
            text = str(value)
            return text if text else None
        if isinstance(value, (str, Card)):
            return frozenset([str(value)])
        if isinstance(value, Iterable):
            return frozenset(str(v) for v in value)
        return None

    def text(self, value: AnswerValue | None) -> str:
        """A value as the learner reads it."""
        if value is None:
            return "no answer"
        if isinstance(value, frozenset):
            if not value:
                return "none"
            if self.widget == "cards":
                cards = sorted((Card.of(v) for v in value),
                               key=lambda c: (c.suit.index, -int(c.rank)))
                return " ".join(c.pretty for c in cards)
            order = {o: i for i, o in enumerate(self.options)}
            return ", ".join(sorted(value, key=lambda v: order.get(v, 99)))
        return str(value)


@dataclass(frozen=True)
class CardRow:
    """A row of cards to show: ``highlight`` marks, with the feedback, the cards behind the
    answer (a combination, the legal plays...)."""

    label: str
    cards: tuple[Card, ...]
    highlight: frozenset[Card] = frozenset()
    role: str = ""


@dataclass(frozen=True)
class Question:
    """One generated question. ``correct`` maps each field's key to its correct value."""

    kind: Kind
    level: Level
    index: int
    rules: str
    prompt: str
    rows: tuple[CardRow, ...]
    fields: tuple[Field, ...]
    answer: str
    explanation: tuple[str, ...]
    context: tuple[str, ...] = ()
    dialogue: tuple[tuple[str, str], ...] = ()
    # the raw situation, for the tests and the views
    subject: Role | None = None
    elder: tuple[Card, ...] = ()
    younger: tuple[Card, ...] = ()
    category: str = ""
    leader: Role | None = None
    lead: Card | None = None
    reply: Card | None = None
    trick: int = 0
    totals: tuple[int, int] | None = None
    yes: bool | None = None
    scenario: str = ""

    @property
    def correct(self) -> dict[str, AnswerValue]:
        return {f.key: f.correct for f in self.fields}

    @property
    def title(self) -> str:
        return KIND_TITLES[self.kind]

    @property
    def group(self) -> str:
        return KIND_GROUPS[self.kind]

    @property
    def highlight(self) -> frozenset[Card]:
        out: frozenset[Card] = frozenset()
        for row in self.rows:
            out |= row.highlight
        return out


@dataclass(frozen=True)
class FieldResult:
    field: Field
    given: AnswerValue | None
    ok: bool

    @property
    def given_text(self) -> str:
        return self.field.text(self.given)

    @property
    def expected_text(self) -> str:
        return self.field.text(self.field.correct)


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: never a bare "wrong": the correct answer, each part's
    result, what was missed, and the engine's explanation."""

    correct: bool
    answered: bool
    headline: str
    answer: str
    results: tuple[FieldResult, ...]
    missed: tuple[str, ...]
    explanation: tuple[str, ...]


# --------------------------------------------------------------------------- seeds, levels


def parse_seed(raw: object) -> str | None:
    """A seed from a link: 1 to 40 letters, digits, ``-`` or ``_``; None if unusable.

    >>> parse_seed("42"), parse_seed(" class-3B "), parse_seed("<script>"), parse_seed("")
    ('42', 'class-3B', None, None)
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    return text if _SEED_RE.fullmatch(text) else None


def parse_level(raw: object) -> Level | None:
    """A level from a link (case-insensitive); None if unknown.

    >>> parse_level("Expert"), parse_level("guru")
    ('expert', None)
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip().lower()
    for lvl in LEVELS:
        if lvl == text:
            return lvl
    return None


def question_rng(seed: object, level: str, rules: str | Rules, index: int) -> random.Random:
    """The random source of question ``index``: a function of seed, level, preset, index."""
    name = get_rules(rules).name
    return random.Random(f"{seed}:{level}:{name}:{index}")


def pick_kind(rng: random.Random, level: str,
              stats: Mapping[str, tuple[int, int]] | None = None) -> Kind:
    """Choose a kind for the level. With ``stats`` (kind -> (asked, missed)) the kinds missed
    most often come back more often; without, every kind of the level is equally likely."""
    kinds = LEVEL_KINDS[parse_level(level) or "beginner"]
    if not stats:
        return rng.choice(kinds)
    weights = []
    for k in kinds:
        asked, missed = stats.get(k, (0, 0))
        weights.append(1.0 + 4.0 * (missed + 0.5) / (asked + 1.0))
    return rng.choices(kinds, weights=weights)[0]


# --------------------------------------------------------------------------- hands


def _hand(mask: int) -> tuple[Card, ...]:
    return mask_cards(mask)


def _random_hands(rng: random.Random) -> tuple[int, int]:
    pack = list(DECK)
    rng.shuffle(pack)
    return cards_mask(pack[:12]), cards_mask(pack[12:24])


def _run_mask(rng: random.Random, length: int, suit: int | None = None) -> int:
    s = rng.randrange(4) if suit is None else suit
    top = rng.randint(length - 1, 7)
    m = 0
    for r in range(top - length + 1, top + 1):
        m |= 1 << (s * 8 + r)
    return m


def _rank_mask(rng: random.Random, rank: int, count: int) -> int:
    m = 0
    for s in rng.sample(range(4), count):
        m |= 1 << (s * 8 + rank)
    return m


def _fill(rng: random.Random, e_parts: int, y_parts: int,
          e_avoid: int = 0, y_avoid: int = 0) -> tuple[int, int] | None:
    """Complete two hands around the combinations placed in them; None if impossible."""
    if e_parts & y_parts or e_parts.bit_count() > 12 or y_parts.bit_count() > 12:
        return None
    rest = [c.bit for c in DECK if not (e_parts | y_parts) & c.bit]
    rng.shuffle(rest)
    em, ym = e_parts, y_parts
    for b in rest:
        if em.bit_count() < 12 and not b & e_avoid:
            em |= b
        elif ym.bit_count() < 12 and not b & y_avoid:
            ym |= b
    if em.bit_count() != 12 or ym.bit_count() != 12:
        return None
    return em, ym


def _one_hand(rng: random.Random, parts: int) -> int:
    got = _fill(rng, parts, 0)
    return got[0] if got else _random_hands(rng)[0]


def _rich_parts(rng: random.Random) -> int:
    """Combinations that often make 30: long runs, quatorzes."""
    style = rng.randrange(5)
    m = 0
    if style == 0:
        a, b = rng.sample(range(4), 2)
        m = _run_mask(rng, rng.randint(5, 7), a) | _run_mask(rng, rng.randint(3, 5), b)
    elif style == 1:
        m = _run_mask(rng, rng.randint(5, 6)) | _rank_mask(rng, rng.randint(3, 7), 4)
    elif style == 2:
        r1, r2 = rng.sample(range(3, 8), 2)
        m = _rank_mask(rng, r1, 4) | _rank_mask(rng, r2, rng.choice((3, 4)))
    elif style == 3:
        m = _run_mask(rng, rng.randint(6, 8)) | _run_mask(rng, rng.randint(3, 4))
    else:
        m = (_run_mask(rng, rng.randint(4, 5)) | _rank_mask(rng, rng.randint(3, 7), 4)
             | _rank_mask(rng, rng.randint(3, 7), 3))
    return m


def _mirror_point(rng: random.Random) -> tuple[int, int, int, int]:
    """Two points of equal length and pips in two suits: (elder part, younger part, and the
    rest of each suit, which the fill must avoid to keep the lengths)."""
    length = rng.randint(4, 6)
    se, sy = rng.sample(range(4), 2)
    ranks = sorted(rng.sample(range(8), length))
    tens = [r for r in ranks if 3 <= r <= 6]  # ten, jack, queen, king: all worth 10
    others = [r for r in ranks if r not in tens]
    y_ranks = others + rng.sample(range(3, 7), len(tens))
    em = sum(1 << (se * 8 + r) for r in ranks)
    ym = sum(1 << (sy * 8 + r) for r in y_ranks)
    return em, ym, (0xFF << (se * 8)) & ~em, (0xFF << (sy * 8)) & ~ym


def _score(em: int, ym: int, rules: Rules) -> DeclarationScore:
    return score_declarations(_hand(em), _hand(ym), rules=rules)


def _decl_totals(s: DeclarationScore) -> tuple[int, int]:
    e = sum(p for _, w, p in s.entries if w == 0)
    y = sum(p for _, w, p in s.entries if w == 1)
    return e, y


def _after_lead(s: DeclarationScore) -> Reckoning:
    """The reckoning once Elder has led to the first trick."""
    d = s.as_dict()
    return reckon(
        point=(d["elder"]["point"], d["younger"]["point"]),
        sequences=(d["elder"]["sequences"], d["younger"]["sequences"]),
        sets=(d["elder"]["sets"], d["younger"]["sets"]),
        play=[PlayPoint("elder", "lead", 1)],
    )


# --------------------------------------------------------------------------- text helpers


_cards_text = pretty


def _combo_text(c: Point | Run | CardSet) -> str:
    return c.describe()


def _run_name(length: int, top: int) -> str:
    cards = tuple(DECK[r] for r in range(top, top - length, -1))
    return Run(Suit.SPADES, cards).name


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _reckoning_lines(r: Reckoning) -> list[str]:
    out = ["Reckoning order: carte blanche, point, sequences, sets, then play."]
    if not r.events:
        out.append("Nothing is scored.")
    for ev in r.events:
        out.append(f"{ev.label.capitalize()}: {_NAMES[ev.player]} +{ev.points} "
                   f"→ Elder {ev.elder_total}, Younger {ev.younger_total}.")
    out.append(r.explain_bonus())
    return out


def _verdict(s: DeclarationScore, category: str) -> Verdict:
    return next(v for v in s.verdicts if v.category == category)


def _verdict_highlight(v: Verdict) -> tuple[frozenset[Card], frozenset[Card]]:
    """Cards behind a verdict in each hand: the compared best and, for the winner, every
    combination he scores."""
    e: set[Card] = set(v.elder.cards) if v.elder is not None else set()
    y: set[Card] = set(v.younger.cards) if v.younger is not None else set()
    for c in v.scored:
        (e if v.winner == "elder" else y).update(c.cards)
    return frozenset(e), frozenset(y)


def _who(role: Role | None) -> str:
    return _NAMES[role] if role else "Nobody"


# --------------------------------------------------------------------------- generation


@dataclass
class _Ctx:
    rng: random.Random
    level: Level
    rules: Rules
    index: int

    def make(self, kind: Kind, **kw: Any) -> Question:
        return Question(kind=kind, level=self.level, index=self.index,
                        rules=self.rules.name, **kw)


def _subject(ctx: _Ctx) -> Role:
    return "elder" if ctx.rng.random() < 0.6 else "younger"


def _q_point(ctx: _Ctx) -> Question:
    rng = ctx.rng
    want_tie = rng.random() < 0.5
    mask = 0
    for _ in range(60):
        mask = cards_mask(rng.sample(DECK, 12))
        lengths = sorted((analyse(_hand(mask)).suit_points[i].length for i in range(4)),
                         reverse=True)
        if (lengths[0] == lengths[1]) == want_tie:
            break
    who = _subject(ctx)
    combos = analyse(_hand(mask))
    pt = combos.point
    assert pt is not None
    suits = "; ".join(f"{p.suit.noun} {p.length} making {p.pips}" for p in combos.suit_points)
    lines = [
        f"Each suit: {suits}.",
        "The point is the longest suit; between suits of equal length, the higher pip total "
        "(ace 11, king, queen, jack 10, the others their face value).",
        f"{_NAMES[who]}'s point: {_combo_text(pt)}. If good it scores {pt.length} "
        "(one per card).",
    ]
    tied = [p for p in combos.suit_points if p.length == pt.length and p is not pt]
    if tied:
        lines.insert(2, f"{', '.join(p.suit.noun.capitalize() for p in tied)} also "
                        f"{'has' if len(tied) == 1 else 'have'} {pt.length} cards, but "
                        f"fewer pips: the pip total decides.")
    return ctx.make(
        "point", prompt=f"What is {_NAMES[who]}'s point? Give its number of cards and their "
                        "pip total.",
        rows=(CardRow(f"{_NAMES[who]}'s hand", _hand(mask), frozenset(pt.cards), who),),
        fields=(Field("cards", "Number of cards", "number", pt.length),
                Field("pips", "Pip total", "number", pt.pips)),
        answer=f"{pt.length} cards making {pt.pips} ({pt.suit.noun})",
        explanation=tuple(lines), subject=who,
        elder=_hand(mask) if who == "elder" else (),
        younger=_hand(mask) if who == "younger" else (),
        category="point",
    )


def _sequence_hand(rng: random.Random) -> int:
    r = rng.random()
    parts = 0
    if r < 0.85:
        parts = _run_mask(rng, rng.choice((3, 3, 4, 4, 5, 6)))
        if rng.random() < 0.5:
            extra = _run_mask(rng, rng.choice((3, 3, 4, 5)))
            parts |= extra
    return _one_hand(rng, parts)


def _q_best_sequence(ctx: _Ctx) -> Question:
    rng = ctx.rng
    mask = _sequence_hand(rng)
    who = _subject(ctx)
    combos = analyse(_hand(mask))
    runs = combos.sequences
    best = runs[0] if runs else None
    none = "No sequence"
    options: set[str] = {none}
    if best is not None:
        options.add(best.name)
        options.update(q.name for q in runs[1:])
        for length, top in ((best.length - 1, int(best.top)), (best.length + 1, int(best.top)),
                            (best.length, int(best.top) - 1), (best.length - 1,
                                                                 int(best.top) - 1)):
            if 3 <= length <= 8 and length - 1 <= top <= 7:
                options.add(_run_name(length, top))
            if len(options) >= 5:
                break
    else:
        for _ in range(3):
            length, top = rng.choice((3, 3, 4)), rng.randint(3, 7)
            options.add(_run_name(length, top))

    def order(name: str) -> tuple[int, int]:
        for length in range(8, 2, -1):
            for top in range(7, length - 2, -1):
                if _run_name(length, top) == name:
                    return (-length, -top)
        return (1, 0)

    opts = tuple(sorted(options, key=order))
    lines: list[str] = []
    if best is None:
        lines.append("No suit has three consecutive cards: no sequence.")
    else:
        lines.append("Sequences held: " + "; ".join(_combo_text(q) for q in runs) + ".")
        lines.append("The best sequence is the longest; between equal lengths, the one with "
                     "the higher top card.")
        if any(q.length >= 4 for q in runs):
            lines.append("A run counts once, as its full length: A-K-Q-J is a quart, never "
                         "two tierces.")
        lines.append(f"Best: {_combo_text(best)}.")
    hl = frozenset(best.cards) if best else frozenset()
    return ctx.make(
        "best_sequence", prompt=f"Name {_NAMES[who]}'s best sequence.",
        rows=(CardRow(f"{_NAMES[who]}'s hand", _hand(mask), hl, who),),
        fields=(Field("name", "Best sequence", "choice", best.name if best else none, opts),),
        answer=f"{best.name} ({_cards_text(best.cards)})" if best else none,
        explanation=tuple(lines), subject=who,
        elder=_hand(mask) if who == "elder" else (),
        younger=_hand(mask) if who == "younger" else (),
        category="sequences",
    )


def _q_sequence_score(ctx: _Ctx) -> Question:
    rng = ctx.rng
    mask = _sequence_hand(rng)
    who = _subject(ctx)
    runs = analyse(_hand(mask)).sequences
    total = sum(q.score for q in runs)
    lines = ["Sequences score: tierce 3, quart 4, quint 15, sixième 16, septième 17, "
             "huitième 18."]
    if runs:
        lines += [f"{_combo_text(q)}: {q.score}." for q in runs]
        sums = f"{' + '.join(str(q.score) for q in runs)} = {total}" if len(runs) > 1 \
            else f"{total}"
        lines.append(f"Together: {sums}, if {_NAMES[who]}'s best sequence is good (the winner "
                     "scores every sequence he holds).")
    else:
        lines.append("No suit has three consecutive cards: no sequence, 0.")
    hl: frozenset[Card] = frozenset(c for q in runs for c in q.cards)
    return ctx.make(
        "sequence_score",
        prompt=f"How many points do {_NAMES[who]}'s sequences score, if they are good?",
        rows=(CardRow(f"{_NAMES[who]}'s hand", _hand(mask), hl, who),),
        fields=(Field("points", "Points for sequences", "number", total),),
        answer=f"{total}" + (f" ({' + '.join(str(q.score) for q in runs)})"
                             if len(runs) > 1 else ""),
        explanation=tuple(lines), subject=who,
        elder=_hand(mask) if who == "elder" else (),
        younger=_hand(mask) if who == "younger" else (),
        category="sequences",
    )


def _group_label(rank: Rank, count: int) -> str:
    return f"{'Four' if count == 4 else 'Three'} {rank.plural}"


def _q_sets(ctx: _Ctx) -> Question:
    rng = ctx.rng
    mask = 0
    groups: list[tuple[Rank, int]] = []
    for _ in range(30):
        parts = 0
        if rng.random() < 0.7:
            parts |= _rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
        if rng.random() < 0.6:
            parts |= _rank_mask(rng, rng.randint(0, 2), rng.choice((3, 3, 4)))
        if rng.random() < 0.3:
            parts |= _rank_mask(rng, rng.randint(0, 7), 3)
        mask = _one_hand(rng, parts)
        groups = []
        for rank in reversed(Rank):
            n = (mask & (0x01010101 << int(rank))).bit_count()
            if n >= 3:
                groups.append((rank, n))
        if len(groups) >= 2:
            break
    hand = _hand(mask)
    options = [_group_label(r, n) for r, n in groups]
    if len(options) < 2:
        pairs = [r for r in reversed(Rank)
                 if (mask & (0x01010101 << int(r))).bit_count() == 2]
        for r in pairs[: 3 - len(options)]:
            options.append(f"Three {r.plural}")
    counting = [(r, n) for r, n in groups if r >= Rank.TEN]
    correct = frozenset(_group_label(r, n) for r, n in counting)
    lines = ["Sets are three (a trio, 3) or four (a quatorze, 14) cards of one rank, tens or "
             "higher: aces, kings, queens, jacks, tens. Nines, eights and sevens never count."]
    for r, n in groups:
        cards = tuple(c for c in hand if c.rank is r)
        if r >= Rank.TEN:
            kind = "a quatorze, 14" if n == 4 else "a trio, 3"
            lines.append(f"{_group_label(r, n)} ({_cards_text(cards)}): {kind}.")
        else:
            lines.append(f"{_group_label(r, n)} ({_cards_text(cards)}): {r.plural} never "
                         "form sets.")
    held = {_group_label(r, n) for r, n in groups}
    for o in options:
        if o not in held:
            lines.append(f"{o}: the hand holds only two.")
    if not counting:
        lines.append("No set counts in this hand.")
    else:
        lines.append(f"The sets are worth {sum(14 if n == 4 else 3 for _, n in counting)} "
                     "if they are good.")
    hl = frozenset(c for c in hand if any(c.rank is r for r, _ in counting))
    return ctx.make(
        "sets", prompt="Which of these count as sets? (Select none if none count.)",
        rows=(CardRow("The hand", hand, hl, "elder"),),
        fields=(Field("sets", "Sets that count", "multi", correct, tuple(options)),),
        answer=", ".join(o for o in options if o in correct) or "None of them",
        explanation=tuple(lines), subject="elder", elder=hand, category="sets",
    )


def _q_blanche(ctx: _Ctx) -> Question:
    rng = ctx.rng
    plain = [c for c in DECK if not c.rank.is_court]
    courts = [c for c in DECK if c.rank.is_court]
    r = rng.random()
    if r < 0.5:
        cards = rng.sample(plain, 12)
    elif r < 0.8:
        cards = [*rng.sample(plain, 11), rng.choice(courts)]
    else:
        cards = rng.sample(DECK, 12)
    hand = mask_cards(cards_mask(cards))
    spoilers = tuple(c for c in hand if c.rank.is_court)
    yes = not spoilers
    who = _subject(ctx)
    if yes:
        lines = ["No king, queen or jack among the twelve cards as dealt: carte blanche. "
                 "Aces and tens do not spoil it.",
                 "It is worth 10 and is reckoned first of everything, so it counts towards "
                 "repique and pique and prevents the opponent's."]
    else:
        lines = [f"The hand holds {_plural(len(spoilers), 'court card')} "
                 f"({_cards_text(spoilers)}): not carte blanche.",
                 "Carte blanche is a hand as dealt with no king, queen or jack (aces and tens "
                 "are allowed)."]
    return ctx.make(
        "blanche", prompt=f"{_NAMES[who]} has just been dealt this hand. Is it carte blanche?",
        rows=(CardRow(f"{_NAMES[who]}'s hand as dealt", hand, frozenset(spoilers), who),),
        fields=(Field("blanche", "Carte blanche?", "choice", "Yes" if yes else "No",
                      ("Yes", "No")),),
        answer="Yes: carte blanche (10)" if yes else "No",
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
        yes=yes,
    )


# --- two hands


def _compare_hands(ctx: _Ctx, category: str, want_equal: bool) -> DeclarationScore:
    """Two hands after the exchange where Elder has a call in ``category``; for the point and
    sequences, an Equal when ``want_equal``."""
    rng = ctx.rng
    s: DeclarationScore | None = None
    for _ in range(200):
        got: tuple[int, int] | None
        if want_equal and category == "point":
            em, ym, ea, ya = _mirror_point(rng)
            got = _fill(rng, em, ym, ea, ya)
        elif want_equal and category == "sequences":
            length = rng.choice((3, 3, 4, 4, 5))
            a, b = rng.sample(range(4), 2)
            top = rng.randint(length - 1, 7)
            em = sum(1 << (a * 8 + r) for r in range(top - length + 1, top + 1))
            ym = sum(1 << (b * 8 + r) for r in range(top - length + 1, top + 1))
            got = _fill(rng, em, ym)
        elif category == "sets":
            ep = _rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
            yp = 0
            if rng.random() < 0.7:
                yp = _rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
            got = _fill(rng, ep, yp & ~ep) if not ep & yp else None
        elif category == "sequences":
            ep = _run_mask(rng, rng.choice((3, 4, 5)))
            yp = _run_mask(rng, rng.choice((3, 4, 5))) if rng.random() < 0.8 else 0
            got = _fill(rng, ep, yp) if not ep & yp else None
        else:
            got = _random_hands(rng)
        if got is None:
            continue
        s = _score(got[0], got[1], ctx.rules)
        v = _verdict(s, category)
        if v.elder is None:
            continue
        if category != "sets" and want_equal != (v.reason is Reason.EQUAL):
            continue
        # often a close call: equal length, so Younger asks what they make
        if category == "point" and not want_equal and rng.random() < 0.5 and not (
                isinstance(v.younger, Point) and isinstance(v.elder, Point)
                and v.younger.length == v.elder.length):
            continue
        return s
    assert s is not None
    return s


def _compare_rows(s: DeclarationScore, hl: tuple[frozenset[Card], frozenset[Card]]
                  ) -> tuple[CardRow, CardRow]:
    return (CardRow("Elder's hand (after the exchange)", s.elder, hl[0], "elder"),
            CardRow("Younger's hand (after the exchange)", s.younger, hl[1], "younger"))


def _holds(v: Verdict) -> list[str]:
    noun = _CATEGORY_NOUN[v.category]
    out = []
    for role, c in (("Elder", v.elder), ("Younger", v.younger)):
        out.append(f"{role}'s best {noun}: {_combo_text(c) if c is not None else 'none'}.")
    return out


def _pick_category(rng: random.Random) -> str:
    return rng.choices(("point", "sequences", "sets"), weights=(4, 3.5, 2.5))[0]


def _q_answer(ctx: _Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.25
    s = _compare_hands(ctx, category, want_equal)
    v = _verdict(s, category)
    lines = [(line.speaker, line.text) for line in s.dialogue if line.category == category]
    shown = tuple(lines[:-1])  # everything before Younger's answer
    options = ANSWERS if category != "sets" else ANSWERS[:2]
    expl = [*_holds(v), f"Younger answers “{v.answer}”. {v.explain()}"]
    if category == "point":
        expl.insert(0, "Point: the longer suit wins; equal length, the higher pip total; both "
                       "equal: Equal, nobody scores.")
    elif category == "sequences":
        expl.insert(0, "Sequences: the longer wins; equal length, the higher top card; "
                       "identical: Equal, and neither scores any sequence.")
    else:
        expl.insert(0, "Sets: any quatorze beats any trio; between equal kinds, the higher "
                       "rank. Sets are never equal.")
    return ctx.make(
        "answer",
        prompt=f"Elder calls his {_CATEGORY_NOUN[category]}. What does Younger answer?",
        rows=_compare_rows(s, _verdict_highlight(v)),
        fields=(Field("answer", "Younger answers", "choice", v.answer, options),),
        answer=v.answer, explanation=tuple(expl), dialogue=shown,
        elder=s.elder, younger=s.younger, category=category,
    )


def _q_category(ctx: _Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.2
    s = _compare_hands(ctx, category, want_equal)
    v = _verdict(s, category)
    noun = {"point": "point", "sequences": "sequences", "sets": "sets"}[category]
    expl = [*_holds(v), v.explain()]
    if category != "point" and v.winner is not None and len(v.scored) > 1:
        expl.append(f"The winner of the {noun} also scores every other {_CATEGORY_NOUN[category]}"
                    " he holds; the loser scores none.")
    return ctx.make(
        "category", prompt=f"Who scores the {noun}, and how many points?",
        rows=_compare_rows(s, _verdict_highlight(v)),
        fields=(Field("who", f"Who scores the {noun}", "choice", _who(v.winner), WHO_OPTIONS),
                Field("points", "Points scored", "number", v.points)),
        answer=f"{_who(v.winner)} scores {v.points}" if v.winner else "Nobody scores (Equal)",
        explanation=tuple(expl), elder=s.elder, younger=s.younger, category=category,
    )


def _q_comparison(ctx: _Ctx) -> Question:
    rng = ctx.rng
    if rng.random() < 0.3:
        got = None
        while got is None:
            got = _fill(rng, _rich_parts(rng), 0) if rng.random() < 0.5 else \
                _fill(rng, 0, _rich_parts(rng))
        s = _score(got[0], got[1], ctx.rules)
    else:
        s = _score(*_random_hands(rng), ctx.rules)
    d = s.as_dict()
    fields: list[Field] = []
    expl: list[str] = []
    e_hl: set[Card] = set()
    y_hl: set[Card] = set()
    for v in s.verdicts:
        noun = {"point": "point", "sequences": "sequences", "sets": "sets"}[v.category]
        fields.append(Field(v.category, f"Who scores the {noun}", "choice", _who(v.winner),
                            WHO_OPTIONS))
        expl.append(f"{noun.capitalize()}: {v.explain()}")
        a, b = _verdict_highlight(v)
        e_hl |= a
        y_hl |= b
    fields.append(Field("elder_total", "Elder's total for declarations", "number",
                        d["elder"]["total"]))
    fields.append(Field("younger_total", "Younger's total for declarations", "number",
                        d["younger"]["total"]))
    expl += _reckoning_lines(s.reckoning)[1:]
    parts = ", ".join(f"{f.label.split()[-1]} {f.correct}" for f in fields[:3])
    return ctx.make(
        "comparison",
        prompt="Both players declare in full. Who scores each category, and what does each "
               "total for his declarations (with any repique, before Elder's lead)?",
        rows=_compare_rows(s, (frozenset(e_hl), frozenset(y_hl))),
        fields=tuple(fields),
        answer=f"{parts}; Elder {d['elder']['total']}, Younger {d['younger']['total']}",
        explanation=tuple(expl), elder=s.elder, younger=s.younger,
    )


# --- reckoning

_REPIQUE_TARGETS: Final = (
    ("elder_before_sets", 0.16), ("elder", 0.12), ("younger", 0.16), ("equal_point", 0.1),
    ("near_miss", 0.28), ("plain", 0.18),
)
_PIQUE_TARGETS: Final = (
    ("pique", 0.3), ("younger", 0.1), ("elder", 0.08), ("equal_point", 0.08),
    ("near_miss", 0.28), ("plain", 0.16),
)
SCENARIO_TEXT: Final = {
    "elder_before_sets": "Elder reaches 30 on point and sequences, before Younger's sets",
    "elder": "Elder's combinations",
    "younger": "Younger's combinations",
    "equal_point": "an Equal point",
    "pique": "Elder's 30th point comes from his lead",
    "near_miss": "a near miss",
    "plain": "an ordinary deal",
}


def _situations(s: DeclarationScore, after_lead: bool) -> tuple[set[str], bool]:
    """The situations a deal shows, and whether a bonus is scored."""
    labels: set[str] = set()
    e, y = _decl_totals(s)
    pique = after_lead and s.repique is None and y == 0 and e == 29
    if s.repique == "elder":
        labels.add("elder")
        if any(c == "sets" and w == 1 for c, w, _ in s.entries):
            labels.add("elder_before_sets")
    if s.repique == "younger":
        labels.add("younger")
    if pique:
        labels.add("pique")
    bonus = s.repique is not None or pique
    if bonus and not any(c == "point" for c, _, _ in s.entries):
        labels.add("equal_point")
    if not bonus:
        labels.add("plain")
        if max(e, y) >= 27:
            labels.add("near_miss")
    return labels, bonus


def _elder_extras(rng: random.Random, em: int, ym: int, ea: int) -> int:
    """Sets (and perhaps a run) for Elder around an Equal point, without lengthening his
    point suit or taking Younger's cards."""
    blocked = ym | ea
    extra = 0
    ranks = list(range(3, 8))
    rng.shuffle(ranks)
    for r in ranks[:2]:
        avail = [s for s in range(4) if not blocked >> (s * 8 + r) & 1]
        if len(avail) >= 3:
            k = 4 if len(avail) == 4 and rng.random() < 0.8 else 3
            for s in rng.sample(avail, k):
                extra |= 1 << (s * 8 + r)
    free = [i for i in range(4) if not (em | ym) >> (8 * i) & 0xFF]
    if free and rng.random() < 0.7:
        run = _run_mask(rng, rng.randint(4, 6), rng.choice(free))
        if not run & blocked:
            extra |= run
    return extra


def _reckoning_deal(ctx: _Ctx, target: str, after_lead: bool) -> DeclarationScore:
    rng = ctx.rng
    s: DeclarationScore | None = None
    for _ in range(400):
        got: tuple[int, int] | None = None
        if target == "elder_before_sets":
            a, b = rng.sample(range(4), 2)
            ep = _run_mask(rng, rng.randint(5, 7), a) | _run_mask(rng, rng.randint(4, 6), b)
            yp = _rank_mask(rng, rng.randint(3, 7), rng.choice((3, 4)))
            got = None if ep & yp else _fill(rng, ep, yp)
        elif target in ("elder", "pique"):
            got = _fill(rng, _rich_parts(rng), 0)
        elif target == "younger":
            got = _fill(rng, 0, _rich_parts(rng))
        elif target == "equal_point":
            em, ym, ea, ya = _mirror_point(rng)
            extra = _elder_extras(rng, em, ym, ea)
            got = _fill(rng, em | extra, ym, ea, ya)
        elif target == "near_miss":
            if rng.random() < 0.5:
                got = _fill(rng, _rich_parts(rng), _run_mask(rng, rng.randint(5, 7)))
            else:
                got = _fill(rng, _rich_parts(rng), 0)
        else:
            got = _random_hands(rng)
        if got is None:
            continue
        s = _score(got[0], got[1], ctx.rules)
        labels, _ = _situations(s, after_lead)
        if target in labels:
            return s
    return s if s is not None else _score(*_random_hands(rng), ctx.rules)


def _pick_target(rng: random.Random, targets: tuple[tuple[str, float], ...]) -> str:
    return rng.choices([t for t, _ in targets], weights=[w for _, w in targets])[0]


def _reckoning_question(ctx: _Ctx, kind: Kind) -> Question:
    after_lead = kind == "pique"
    target = _pick_target(ctx.rng, _PIQUE_TARGETS if after_lead else _REPIQUE_TARGETS)
    s = _reckoning_deal(ctx, target, after_lead)
    labels, yes = _situations(s, after_lead)
    e_hl: set[Card] = set()
    y_hl: set[Card] = set()
    expl: list[str] = []
    for v in s.verdicts:
        a, b = _verdict_highlight(v)
        if v.winner == "elder":
            e_hl |= a
        elif v.winner == "younger":
            y_hl |= b
        expl.append(f"{v.category.capitalize()}: {v.explain()}")
    if after_lead:
        r = _after_lead(s)
        if r.pique:
            correct = "Pique for Elder (+30)"
        elif r.repique:
            correct = f"Repique for {_NAMES[r.repique]} (+60)"
        else:
            correct = "Neither"
        options: tuple[str, ...] = ("Neither", "Repique for Elder (+60)",
                                    "Repique for Younger (+60)", "Pique for Elder (+30)")
        prompt = ("Both declare in full, and Elder leads to the first trick. Does anyone score "
                  "a repique or a pique?")
        label = "Bonus"
        if r.repique == "younger":
            expl.append("Younger's combinations reckon before Elder's lead point, so the lead "
                        "does not block Younger's repique.")
        if r.pique:
            expl.append("Elder's 30th point comes from his lead (step 5), not from his "
                        "combinations alone: a pique (30), not a repique (60).")
    else:
        r = s.reckoning
        correct = f"Yes, {_NAMES[s.repique]}" if s.repique else "No"
        options = ("No", "Yes, Elder", "Yes, Younger")
        prompt = "Both declare in full. Does anyone score a repique?"
        label = "Repique"
    expl += _reckoning_lines(r)
    if "elder_before_sets" in labels:
        expl.append("Elder reached 30 before the sets were reckoned; Younger's sets come "
                    "later in the order and do not take the repique away.")
    if not any(c == "point" for c, _, _ in s.entries):
        expl.append("The point was Equal: nobody scores it, and an Equal does not count as "
                    "scoring, so it blocks nothing.")
    assert yes == (correct not in ("No", "Neither"))
    return ctx.make(
        kind, prompt=prompt,
        rows=_compare_rows(s, (frozenset(e_hl), frozenset(y_hl))),
        fields=(Field("bonus", label, "choice", correct, options),),
        answer=correct, explanation=tuple(expl), elder=s.elder, younger=s.younger,
        yes=yes, scenario=target if target in labels else next(iter(sorted(labels))),
    )


def _q_repique(ctx: _Ctx) -> Question:
    return _reckoning_question(ctx, "repique")


def _q_pique(ctx: _Ctx) -> Question:
    return _reckoning_question(ctx, "pique")


# --- play


def _played_deal(ctx: _Ctx) -> DealState:
    rng = ctx.rng
    d = DealState.deal(seed=rng.randrange(1 << 30), rules=ctx.rules)
    hand = d.hand("elder")
    d = d.discard("elder", rng.sample(hand, rng.randint(1, 5)))
    allowed = d.exchange_range("younger")
    n = rng.randint(max(allowed.start, 0), min(allowed.stop - 1, 3))
    d = d.discard("younger", rng.sample(d.hand("younger"), n))
    return d.declare("elder").declare("younger")


def _random_play(rng: random.Random, d: DealState, prefer_capture: bool = False) -> DealState:
    legal = d.legal_plays()
    role = d.to_move
    assert role is not None
    if prefer_capture and d.lead is not None:
        lead = d.lead
        wins = [c for c in legal if trick_winner(lead, c)]
        if wins:
            return d.play(role, rng.choice(wins))
    return d.play(role, rng.choice(legal))


def _q_legal_play(ctx: _Ctx) -> Question:
    rng = ctx.rng
    want_void = rng.random() < 0.4
    while True:
        d = _played_deal(ctx)
        target = rng.randint(1, 8)
        while d.phase is Phase.PLAY and (len(d.tricks) + 1 < target or d.leader != "elder"):
            d = _random_play(rng, d)
            d = _random_play(rng, d)
        if d.phase is Phase.PLAY and d.leader == "elder" and len(d.tricks) < 9:
            break
    eh, yh = d.hand("elder"), d.hand("younger")
    void = [c for c in eh if not any(y.suit is c.suit for y in yh)]
    lead = rng.choice(void) if (want_void and void) else rng.choice(eh)
    d = d.play("elder", lead)
    legal = d.legal_plays()
    assert set(legal) == set(legal_cards(yh, lead))
    yhand = mask_cards(cards_mask(yh))
    same = [c for c in yhand if c.suit is lead.suit]
    if same:
        held = _plural(len(same), lead.suit.noun[:-1])
        lines = [f"Elder leads {lead.pretty}. Younger holds {held} ({_cards_text(same)}): he "
                 "must follow suit with one of them.",
                 "There is no obligation to win the trick: any card of the suit will do."]
    else:
        lines = [f"Elder leads {lead.pretty}. Younger holds no {lead.suit.noun}: he may play "
                 "any card. There are no trumps, so whatever he plays, Elder wins the trick."]
    trick_no = len(d.tricks) + 1
    return ctx.make(
        "legal_play",
        prompt=f"Trick {trick_no}: Elder leads. Which cards may Younger play?",
        rows=(CardRow("Elder leads", (lead,), frozenset(), "elder"),
              CardRow("Younger's hand", yhand, frozenset(legal), "younger")),
        fields=(Field("cards", "Cards Younger may play", "cards",
                      frozenset(str(c) for c in legal), tuple(str(c) for c in yhand)),),
        answer=_cards_text(mask_cards(cards_mask(legal))),
        explanation=tuple(lines), younger=yhand, leader="elder", lead=lead, trick=trick_no,
    )


def _q_trick(ctx: _Ctx) -> Question:
    rng = ctx.rng
    last = ctx.level in ("expert", "mix") and rng.random() < 0.4
    target = 12 if last else rng.randint(1, 11)
    d = _played_deal(ctx)
    while len(d.tricks) < target - 1:
        d = _random_play(rng, d)
        d = _random_play(rng, d)
    before = d.score()
    leader = d.to_move
    assert leader is not None
    d = _random_play(rng, d)
    d = _random_play(rng, d, prefer_capture=rng.random() < 0.5)
    after = d.score()
    led, second = d.tricks[-1]
    pts = {r: after.score(r, "play") - before.score(r, "play") for r in ("elder", "younger")}
    trick = after.play.tricks[-1]
    winner = trick.winner
    other: Role = "younger" if leader == "elder" else "elder"
    lines = [trick.explain(),
             "Each card led scores 1 to the leader, win or lose; the second player scores 1 "
             "only when he wins the trick. A won own lead is 1, not 2."]
    if target == 12:
        if ctx.rules.last_trick_point:
            lines.append(f"Trick 12 under {ctx.rules.title}: 1 more to its winner, for the last "
                         "trick.")
        else:
            lines.append(f"Trick 12 under {ctx.rules.title}: no extra point for the last trick "
                         "(Cavendish would give 1).")
    lines.append(f"This trick: Elder +{pts['elder']}, Younger +{pts['younger']}.")
    return ctx.make(
        "trick",
        prompt=f"Trick {target}{' (the last)' if target == 12 else ''}: who wins it, and "
               "how many points does each player score for it?",
        rows=(CardRow(f"{_NAMES[leader]} leads", (led,),
                      frozenset([led]) if winner == leader else frozenset(), leader),
              CardRow(f"{_NAMES[other]} plays", (second,),
                      frozenset([second]) if winner == other else frozenset(), other)),
        fields=(Field("winner", "Trick won by", "choice", _NAMES[winner], ("Elder", "Younger")),
                Field("elder", "Elder scores", "number", pts["elder"]),
                Field("younger", "Younger scores", "number", pts["younger"])),
        answer=f"{_NAMES[winner]} wins; Elder +{pts['elder']}, Younger +{pts['younger']}",
        explanation=tuple(lines), context=(f"Rules: {ctx.rules.title}.",),
        leader=leader, lead=led, reply=second, trick=target,
    )


# --- the partie


def _q_settlement(ctx: _Ctx) -> Question:
    rng = ctx.rng
    r = rng.random()
    if r < 0.08:
        a = b = rng.randint(60, 160)
    else:
        if r < 0.35:
            lo = rng.choice((99, 100, 100, 101, rng.randint(95, 105)))
            hi = lo + rng.randint(1, 60)
        elif r < 0.55:
            lo = rng.randint(20, 90)
            hi = rng.randint(lo + 1, 99)
        elif r < 0.8:
            lo = rng.randint(30, 98)
            hi = rng.randint(max(lo + 1, 100), 200)
        else:
            lo = rng.randint(100, 170)
            hi = lo + rng.randint(1, 80)
        a, b = (hi, lo) if rng.random() < 0.5 else (lo, hi)
    sett = settle_partie(a, b)
    lines = [f"A has {a}, B has {b}.", sett.explain(),
             f"The loser with {RUBICON} or more: the winner scores 100 + the difference. Under "
             f"{RUBICON} he is rubiconed: the winner scores 100 + both totals, even if he too "
             "is under 100."]
    if a == b:
        lines.append("Equal totals after six deals mean two more deals; equal after eight, the "
                     "partie is drawn.")
    winner = sett.winner or "Nobody"
    return ctx.make(
        "settlement",
        prompt=f"The partie is over: A has {a}, B has {b}. Who wins, and what does he score?",
        rows=(),
        fields=(Field("winner", "Winner", "choice", winner, ("A", "B", "Nobody")),
                Field("points", "He scores", "number", sett.points)),
        answer=(f"{sett.winner} scores {sett.points}" + (" (rubicon)" if sett.rubiconed else "")
                if sett.winner else "Nobody: the partie is drawn, 0"),
        explanation=tuple(lines), context=(f"Final totals: A {a}, B {b}.",), totals=(a, b),
    )


# --- muggins


def _q_muggins(ctx: _Ctx) -> Question:
    rng = ctx.rng
    parts = 0
    if rng.random() < 0.8:
        parts |= _run_mask(rng, rng.choice((3, 3, 4, 5)))
    if rng.random() < 0.6:
        parts |= _rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
    if rng.random() < 0.4:
        parts |= _run_mask(rng, 3)
    mask = _one_hand(rng, parts)
    who = _subject(ctx)
    hand = _hand(mask)
    c = analyse(hand)
    pt = c.point
    assert pt is not None
    seq = sum(q.score for q in c.sequences)
    sets = sum(x.score for x in c.sets)
    lines = [f"Point: {_combo_text(pt)}: {pt.length}."]
    lines += [f"Sequence: {_combo_text(q)}: {q.score}." for q in c.sequences] or \
        ["No sequence."]
    lines += [f"Set: {_combo_text(x)}: {x.score}." for x in c.sets] or ["No set."]
    lines.append(f"Everything: {pt.length} + {seq} + {sets} = {pt.length + seq + sets}.")
    hl = frozenset(pt.cards) | frozenset(x for q in c.sequences for x in q.cards) | \
        frozenset(x for s in c.sets for x in s.cards)
    return ctx.make(
        "muggins",
        prompt=f"You are {_NAMES[who]}, and everything you hold is good. Claim your "
               "declarations: what do your point, your sequences and your sets score? "
               "(Whatever you miss, you lose.)",
        rows=(CardRow("Your hand (after the exchange)", hand, hl, who),),
        fields=(Field("point", "Point", "number", pt.length),
                Field("sequences", "Sequences", "number", seq),
                Field("sets", "Sets", "number", sets)),
        answer=f"Point {pt.length}, sequences {seq}, sets {sets} (total "
               f"{pt.length + seq + sets})",
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
    )


_GENERATORS: Final[dict[Kind, Callable[[_Ctx], Question]]] = {
    "point": _q_point,
    "best_sequence": _q_best_sequence,
    "sequence_score": _q_sequence_score,
    "sets": _q_sets,
    "blanche": _q_blanche,
    "answer": _q_answer,
    "category": _q_category,
    "comparison": _q_comparison,
    "repique": _q_repique,
    "pique": _q_pique,
    "legal_play": _q_legal_play,
    "trick": _q_trick,
    "settlement": _q_settlement,
    "muggins": _q_muggins,
}


def generate_question(seed: object, index: int, level: str = "beginner",
                      rules: str | Rules | None = "britannica",
                      kind: Kind | None = None) -> Question:
    """Question ``index`` of a quiz. ``seed`` is any seed (or a ``random.Random`` to draw
    from directly); with a seed, the question depends only on (seed, level, preset, index).
    ``kind`` forces the kind (the adaptive mode picks it); otherwise it is drawn from the
    level's kinds."""
    lvl = parse_level(level)
    if lvl is None:
        raise ValueError(f"{level!r} is not a level (choose {', '.join(LEVELS)})")
    rules_ = get_rules(rules)
    rng = seed if isinstance(seed, random.Random) else question_rng(seed, lvl, rules_, index)
    chosen = pick_kind(rng, lvl)
    if kind is not None:
        if kind not in _GENERATORS:
            raise ValueError(f"{kind!r} is not a question kind")
        chosen = kind
    return _GENERATORS[chosen](_Ctx(rng, lvl, rules_, index))


# --------------------------------------------------------------------------- checking


def _missed(q: Question, results: tuple[FieldResult, ...]) -> tuple[str, ...]:
    """For the muggins kind: what the learner failed to claim (or over-claimed)."""
    if q.kind != "muggins":
        return ()
    hand = q.elder or q.younger
    c: Combinations = analyse(hand)
    out: list[str] = []
    for r in results:
        if r.ok:
            continue
        given = r.given if isinstance(r.given, int) else 0
        expected = r.field.correct
        assert isinstance(expected, int)
        combos: tuple[Point | Run | CardSet, ...]
        if r.field.key == "point":
            combos = (c.point,) if c.point else ()
        elif r.field.key == "sequences":
            combos = c.sequences
        else:
            combos = c.sets
        held = "; ".join(f"{_combo_text(x)}, {x.score}" for x in combos) or "nothing"
        if r.given is None or given < expected:
            out.append(f"{r.field.label}: you claimed {given}, you hold {expected}: you missed "
                       f"{expected - given}. The hand holds: {held}.")
        else:
            out.append(f"{r.field.label}: you claimed {given}, but the hand holds only "
                       f"{expected} ({held}). Claiming more than you hold is not allowed.")
    return tuple(out)


def check_answer(question: Question, answer: Mapping[str, object]) -> Feedback:
    """Compare the learner's answers (field key -> value) with the correct ones."""
    results = []
    for f in question.fields:
        given = f.normalise(answer.get(f.key))
        results.append(FieldResult(f, given, given is not None and given == f.correct))
    res = tuple(results)
    answered = all(r.given is not None for r in res)
    ok = all(r.ok for r in res)
    if ok:
        headline = f"Right! {question.answer}."
    elif all(r.given is None for r in res):
        headline = f"Not answered. The answer: {question.answer}."
    else:
        n_ok = sum(r.ok for r in res)
        part = f" ({n_ok} of {len(res)} parts right)" if len(res) > 1 and n_ok else ""
        headline = f"Not quite{part}. The answer: {question.answer}."
    return Feedback(ok, answered, headline, question.answer, res, _missed(question, res),
                    question.explanation)


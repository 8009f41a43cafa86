"""The answer model: a :class:`Question` and its :class:`Field` answer widgets, the cards it
shows (:class:`CardRow`), and the verdict on an answer (:class:`Feedback`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

from academy.quiz.kinds import Kind, Level, kind_group, kind_title
from academy.quiz.labels import ANSWER_IDS, WHO_IDS, option_text
from piquet.cards import Card
from piquet.declare import DialogueLine
from piquet.reckon import Role
from words import _, ngettext

Widget = Literal["choice", "multi", "cards", "number"]
AnswerValue = str | int | frozenset[str]
WHO_OPTIONS: Final = WHO_IDS
ANSWERS: Final = ANSWER_IDS


@dataclass(frozen=True)
class Field:
    """One answer widget: ``choice`` (one of ``options``), ``multi`` (any of ``options``),
    ``cards`` (any of ``options``, which are card codes such as ``10S``), ``number``.

    ``options`` and ``correct`` are ids (a number for ``number``), never labels: the label of
    an option is rendered from its id and the field's ``vocab`` (:func:`option_text`) when
    it is shown, so an answer is marked the same in every language."""

    key: str
    label: str
    widget: Widget
    correct: AnswerValue
    options: tuple[str, ...] = ()
    help: str = ""
    vocab: str = ""

    def option_text(self, oid: str) -> str:
        """The label of one option, in the current language."""
        return option_text(self.vocab, oid)

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
        if isinstance(value, Enum):
            value = value.value
        if self.widget == "choice":
            text = str(value)
            return text if text else None
        if isinstance(value, (str, Card)):
            return frozenset([str(value)])
        if isinstance(value, Iterable):
            chosen = frozenset(str(v) for v in value)
            # no card tapped is no answer ("choose an answer first"); an empty choice of
            # options is one ("which sets count?": none of them)
            return chosen if chosen or self.widget == "multi" else None
        return None

    def text(self, value: AnswerValue | None) -> str:
        """A value as the learner reads it."""
        if value is None:
            return _("no answer")
        if isinstance(value, frozenset):
            if not value:
                return _("none")
            if self.widget == "cards":
                cards = sorted((Card.of(v) for v in value),
                               key=lambda c: (c.suit.index, -int(c.rank)))
                return " ".join(c.pretty for c in cards)
            order = {o: i for i, o in enumerate(self.options)}
            return _(", ").join(self.option_text(v)
                                for v in sorted(value, key=lambda v: order.get(v, 99)))
        if isinstance(value, str):
            return self.option_text(value)
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
    dialogue: tuple[DialogueLine, ...] = ()
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
        """The kind's title, in the current language."""
        return kind_title(self.kind)

    @property
    def group(self) -> str:
        """The kind's family, in the current language."""
        return kind_group(self.kind)

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
    missing: tuple[Field, ...] = ()
    """The parts left unanswered when some others were answered (see :attr:`partial`)."""

    @property
    def partial(self) -> bool:
        """Answered in part: some parts answered, others (:attr:`missing`) not. The quiz
        does not mark such an answer: it asks for the missing parts (:func:`missing_text`)."""
        return bool(self.missing)


def missing_text(fields: tuple[Field, ...], missing: Iterable[Field]) -> str:
    """The one sentence, for every kind, that names the parts of a question left unanswered:
    their numbers among ``fields`` and their labels.

    >>> a = Field("cards", "Number of cards", "number", 5)
    >>> b = Field("pips", "Pip total", "number", 49)
    >>> missing_text((a, b), (b,))
    'Part 2 is missing: Pip total. Answer it too, then press Check.'
    """
    gone = [f for f in fields if f in tuple(missing)]
    numbers = _(", ").join(str(fields.index(f) + 1) for f in gone)
    parts = _(", ").join(f.label for f in gone)
    # TRANSLATORS: {numbers} are the parts' numbers ("2", "2, 3"), {parts} their labels.
    return ngettext("Part {numbers} is missing: {parts}. Answer it too, then press Check.",
                    "Parts {numbers} are missing: {parts}. Answer them too, then press Check.",
                    len(gone), numbers=numbers, parts=parts)

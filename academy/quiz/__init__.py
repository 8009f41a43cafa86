"""Quiz questions generated from random deals, checked and explained by the engine.

Pure Python, no I/O. A question is a frozen :class:`Question`: what to show (rows of cards,
context lines), what to ask (one or more :class:`Field` answer widgets, each with its
correct value), and the engine's explanation of the answer (with the cards behind each
combination to highlight). :func:`check_answer` compares a learner's answers and returns a
:class:`Feedback` that always carries the correct answer and the explanation.

Answers are ids, never labels: a choice's options and correct value are ids such as
``"elder"``, ``"good"`` (:class:`piquet.declare.Answer` values), ``"yes"`` or ``"5-A"`` (a
quint major), numbers are ints; :mod:`~academy.quiz.labels` renders an id's label. The
question's sentences are said through the text layer (:mod:`words`) in the language current
when it is generated; its facts (kind, cards, ids, numbers) do not depend on the language,
so the same question generated again in another language differs only in its words, and an
answer is marked the same in every language.

The modules: :mod:`~academy.quiz.kinds` (levels, kinds, seeds), :mod:`~academy.quiz.answers`
(the answer model), :mod:`~academy.quiz.rounds` (a round of questions with an end),
:mod:`~academy.quiz.labels` (the answer ids and their labels),
:mod:`~academy.quiz.deals` (deals to order), one module per family of
kinds (:mod:`~academy.quiz.one_hand`, :mod:`~academy.quiz.two_hands`,
:mod:`~academy.quiz.reckoning`, :mod:`~academy.quiz.play`, :mod:`~academy.quiz.partie`,
:mod:`~academy.quiz.muggins`), :mod:`~academy.quiz.generate` and :mod:`~academy.quiz.checking`.

Question ``n`` of a seeded quiz depends only on ``(seed, level, preset, n)``:

>>> q = generate_question("42", 3, "beginner", "britannica")
>>> q == generate_question("42", 3, "beginner", "britannica")
True
>>> q.kind in LEVEL_KINDS["beginner"]
True
>>> check_answer(q, q.correct).correct
True
>>> from words import use_language
>>> with use_language("qps"):
...     q2 = generate_question("42", 3, "beginner", "britannica")
>>> q2.correct == q.correct and q2.rows[0].cards == q.rows[0].cards
True"""

from academy.quiz.answers import (
    ANSWERS,
    WHO_OPTIONS,
    AnswerValue,
    CardRow,
    Feedback,
    Field,
    FieldResult,
    Question,
    Widget,
)
from academy.quiz.checking import check_answer, wrong_answer
from academy.quiz.generate import generate_question
from academy.quiz.kinds import (
    KIND_GROUPS,
    KINDS,
    LEVEL_KINDS,
    LEVELS,
    RECKONING_KINDS,
    Kind,
    Level,
    kind_group,
    kind_title,
    level_title,
    parse_level,
    parse_seed,
    pick_kind,
    question_rng,
)
from academy.quiz.labels import option_text
from academy.quiz.reckoning import SCENARIOS, scenario_text
from academy.quiz.rounds import (
    DEFAULT_LENGTH,
    ROUND_LENGTHS,
    Round,
    RoundResult,
    parse_length,
    round_from_json,
)

__all__ = [
    "ANSWERS",
    "DEFAULT_LENGTH",
    "KINDS",
    "KIND_GROUPS",
    "LEVELS",
    "LEVEL_KINDS",
    "RECKONING_KINDS",
    "ROUND_LENGTHS",
    "SCENARIOS",
    "WHO_OPTIONS",
    "AnswerValue",
    "CardRow",
    "Feedback",
    "Field",
    "FieldResult",
    "Kind",
    "Level",
    "Question",
    "Round",
    "RoundResult",
    "Widget",
    "check_answer",
    "generate_question",
    "kind_group",
    "kind_title",
    "level_title",
    "option_text",
    "parse_length",
    "parse_level",
    "parse_seed",
    "pick_kind",
    "question_rng",
    "round_from_json",
    "scenario_text",
    "wrong_answer",
]

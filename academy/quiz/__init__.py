"""Quiz questions generated from random deals, checked and explained by the engine.

Pure Python, no I/O. A question is a frozen :class:`Question`: what to show (rows of cards,
context lines), what to ask (one or more :class:`Field` answer widgets, each with its
correct value), and the engine's explanation of the answer (with the cards behind each
combination to highlight). :func:`check_answer` compares a learner's answers and returns a
:class:`Feedback` that always carries the correct answer and the explanation.

The modules: :mod:`~academy.quiz.kinds` (levels, kinds, seeds), :mod:`~academy.quiz.answers`
(the answer model), :mod:`~academy.quiz.deals` (deals to order), one module per family of
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
from academy.quiz.checking import check_answer
from academy.quiz.generate import generate_question
from academy.quiz.kinds import (
    KIND_GROUPS,
    KIND_TITLES,
    KINDS,
    LEVEL_KINDS,
    LEVEL_TITLES,
    LEVELS,
    RECKONING_KINDS,
    Kind,
    Level,
    parse_level,
    parse_seed,
    pick_kind,
    question_rng,
)
from academy.quiz.reckoning import SCENARIO_TEXT

__all__ = [
    "ANSWERS",
    "KINDS",
    "KIND_GROUPS",
    "KIND_TITLES",
    "LEVELS",
    "LEVEL_KINDS",
    "LEVEL_TITLES",
    "RECKONING_KINDS",
    "SCENARIO_TEXT",
    "WHO_OPTIONS",
    "AnswerValue",
    "CardRow",
    "Feedback",
    "Field",
    "FieldResult",
    "Kind",
    "Level",
    "Question",
    "Widget",
    "check_answer",
    "generate_question",
    "parse_level",
    "parse_seed",
    "pick_kind",
    "question_rng",
]

"""Question ``n`` of a quiz, of the level's kinds or of a kind chosen by the caller."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from academy.quiz.answers import Question
from academy.quiz.context import Ctx
from academy.quiz.kinds import LEVELS, Kind, parse_level, pick_kind, question_rng
from academy.quiz.muggins import muggins_question
from academy.quiz.one_hand import (
    best_sequence_question,
    blanche_question,
    point_question,
    sequence_score_question,
    sets_question,
)
from academy.quiz.partie import settlement_question
from academy.quiz.play import legal_play_question, trick_question
from academy.quiz.reckoning import pique_question, repique_question
from academy.quiz.two_hands import answer_question, category_question, comparison_question
from piquet.rules import Rules, get_rules

_GENERATORS: Final[dict[Kind, Callable[[Ctx], Question]]] = {
    "point": point_question,
    "best_sequence": best_sequence_question,
    "sequence_score": sequence_score_question,
    "sets": sets_question,
    "blanche": blanche_question,
    "answer": answer_question,
    "category": category_question,
    "comparison": comparison_question,
    "repique": repique_question,
    "pique": pique_question,
    "legal_play": legal_play_question,
    "trick": trick_question,
    "settlement": settlement_question,
    "muggins": muggins_question,
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
    return _GENERATORS[chosen](Ctx(rng, lvl, rules_, index))

"""Question ``n`` of a quiz, of the level's kinds or of a kind chosen by the caller."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from academy.quiz.answers import Question
from academy.quiz.context import _Ctx
from academy.quiz.kinds import LEVELS, Kind, parse_level, pick_kind, question_rng
from academy.quiz.muggins import _q_muggins
from academy.quiz.one_hand import _q_best_sequence, _q_blanche, _q_point, _q_sequence_score, _q_sets
from academy.quiz.partie import _q_settlement
from academy.quiz.play import _q_legal_play, _q_trick
from academy.quiz.reckoning import _q_pique, _q_repique
from academy.quiz.two_hands import _q_answer, _q_category, _q_comparison
from piquet.rules import Rules, get_rules

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

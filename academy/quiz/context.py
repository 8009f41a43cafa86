"""What every question kind shares: the generation context (:class:`Ctx`) and the words
for hands, combinations and reckonings."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from academy.quiz.answers import Question
from academy.quiz.kinds import Kind, Level
from academy.quiz.labels import role_name
from piquet.cards import Card
from piquet.combos import (
    CardSet,
    Point,
    Sequence as Run,
    pretty,
)
from piquet.declare import Verdict
from piquet.reckon import Reckoning, Role
from piquet.rules import Rules
from piquet.scoring import DeclarationScore
from words import _
from words.declarations import combination_text
from words.reckoning import bonus_text, event_label

cards_text = pretty


def combo_text(c: Point | Run | CardSet) -> str:
    return combination_text(c)


def who_id(role: Role | None) -> str:
    """The answer id of a role, or ``"nobody"``."""
    return role if role is not None else "nobody"


def reckoning_lines(r: Reckoning) -> list[str]:
    out = [_("Reckoning order: carte blanche, point, sequences, sets, then play.")]
    if not r.events:
        out.append(_("Nothing is scored."))
    for ev in r.events:
        # TRANSLATORS: one step of the reckoning log: "Point: Elder +5 → Elder 5, Younger 0."
        out.append(_("{step}: {who} +{points} → Elder {elder}, Younger {younger}.",
                     step=event_label(ev), who=role_name(ev.player), points=ev.points,
                     elder=ev.elder_total, younger=ev.younger_total))
    out.append(bonus_text(r))
    return out


def verdict_of(s: DeclarationScore, category: str) -> Verdict:
    return next(v for v in s.verdicts if v.category == category)


def verdict_highlight(v: Verdict) -> tuple[frozenset[Card], frozenset[Card]]:
    """Cards behind a verdict in each hand: the compared best and, for the winner, every
    combination he scores."""
    e: set[Card] = set(v.elder.cards) if v.elder is not None else set()
    y: set[Card] = set(v.younger.cards) if v.younger is not None else set()
    for c in v.scored:
        (e if v.winner == "elder" else y).update(c.cards)
    return frozenset(e), frozenset(y)


@dataclass
class Ctx:
    """What a question kind draws from: its random source, level, preset and number."""

    rng: random.Random
    level: Level
    rules: Rules
    index: int

    def make(self, kind: Kind, **kw: Any) -> Question:
        return Question(kind=kind, level=self.level, index=self.index,
                        rules=self.rules.name, **kw)


def pick_subject(ctx: Ctx) -> Role:
    return "elder" if ctx.rng.random() < 0.6 else "younger"

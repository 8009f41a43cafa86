"""What every question kind shares: the generation context (:class:`Ctx`) and the words
for hands, combinations and reckonings."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from academy.quiz.answers import Question
from academy.quiz.kinds import Kind, Level
from piquet.cards import DECK, Card, Suit
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
from words.declarations import combination_text
from words.reckoning import bonus_text

ROLE_NAMES: Final[dict[Role, str]] = {"elder": "Elder", "younger": "Younger"}
CATEGORY_NOUN: Final = {"point": "point", "sequences": "sequence", "sets": "set"}


cards_text = pretty


def combo_text(c: Point | Run | CardSet) -> str:
    return combination_text(c)


def run_name(length: int, top: int) -> str:
    cards = tuple(DECK[r] for r in range(top, top - length, -1))
    return Run(Suit.SPADES, cards).name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def reckoning_lines(r: Reckoning) -> list[str]:
    out = ["Reckoning order: carte blanche, point, sequences, sets, then play."]
    if not r.events:
        out.append("Nothing is scored.")
    for ev in r.events:
        out.append(f"{ev.label.capitalize()}: {ROLE_NAMES[ev.player]} +{ev.points} "
                   f"→ Elder {ev.elder_total}, Younger {ev.younger_total}.")
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


def who_name(role: Role | None) -> str:
    return ROLE_NAMES[role] if role else "Nobody"


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

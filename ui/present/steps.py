"""A deal cut into the steps a teacher shows one at a time: the hands, each line of the
declaring dialogue, each step of the reckoning with its running total, the totals after
Elder's first lead and, when the deal was played (a record), each trick and the deal's end.

Every number comes from the engine (:mod:`piquet`): the dialogue's lines, the reckoning's
events and their running totals, the tricks. Nothing here draws."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from piquet import Card, DealScore, DeclarationScore, LineKind
from piquet.combos import CardSet, Point, Sequence as Run
from piquet.declare import Declaration, DialogueLine
from piquet.play import Trick
from piquet.reckon import Reckoning, Role, ScoreEvent
from ui.lab.views import lab_reckoning

__all__ = ["Kind", "Presentation", "Step", "presentation", "totals_after_trick"]


class Kind(Enum):
    """What a step shows."""

    HANDS = "hands"
    """The two hands, after the exchange."""
    LINE = "line"
    """One line of the dialogue, with the cards it names lifted."""
    RECKON = "reckon"
    """One step of the reckoning, with the running totals."""
    TOTALS = "totals"
    """The totals after Elder's first lead, and what they decide of a repique or pique."""
    TRICK = "trick"
    """One trick of the play (a deal from a record)."""
    END = "end"
    """The deal's end: the cards, capot and the final score (a deal from a record)."""


@dataclass(frozen=True, slots=True)
class Step:
    """A step: its kind and which line, reckoning event or trick (0-based) it shows."""

    kind: Kind
    index: int = 0


_NOTHING: Final[Mapping[Role, frozenset[Card]]] = {}


def _best(d: Declaration | None, category: str) -> Point | Run | CardSet | None:
    if d is None:
        return None
    if category == "point":
        return d.point
    return d.best_sequence if category == "sequences" else d.best_set


def _cards(combos: Iterable[Point | Run | CardSet | None]) -> frozenset[Card]:
    return frozenset(c for combo in combos if combo is not None for c in combo.cards)


def named_cards(score: DeclarationScore, line: DialogueLine) -> Mapping[Role, frozenset[Card]]:
    """The cards a line of the dialogue names, per player: the combination called, the one
    an answer weighs it against, the combinations counted, a carte blanche's twelve cards.

    >>> from piquet import score_declarations
    >>> s = score_declarations("AS KS QS JS 9S AH KH QH 10D 10C AC AD",
    ...                        "7S 8S 9H 10H JH 7D 8D 9D JD 7C 8C 9C")
    >>> first = s.dialogue[0]; first.kind.name
    'CALL_POINT'
    >>> sorted(str(c) for c in named_cards(s, first)["elder"])
    ['9S', 'AS', 'JS', 'KS', 'QS']
    """
    elder, younger = score.declarations
    cat, kind = line.category, line.kind
    if kind is LineKind.BLANCHE:
        return {line.speaker: frozenset(score.elder if line.speaker == "elder"
                                        else score.younger)}
    if kind in (LineKind.CALL_POINT, LineKind.GIVE_PIPS, LineKind.CALL_RUN, LineKind.CALL_SET):
        return {"elder": _cards([_best(elder, cat)])}
    if kind is LineKind.ASK_PIPS:
        return {"younger": _cards([_best(younger, "point")])}
    if kind is LineKind.ANSWER:
        return {"elder": _cards([_best(elder, cat)]), "younger": _cards([_best(younger, cat)])}
    if kind is LineKind.SCORE and isinstance(line.combination, tuple):
        return {line.speaker: _cards(line.combination)}
    return _NOTHING


def totals_after_trick(r: Reckoning, trick: int) -> tuple[int, int]:
    """Elder's and Younger's running totals once trick ``trick`` (1..12) is played: every
    event up to that trick's, a pique it brings included; the cards and capot come after the
    twelfth."""
    elder = younger = 0
    for ev in r.events:
        if (ev.trick is not None and ev.trick > trick) or ev.category in ("cards", "capot"):
            break
        elder, younger = ev.elder_total, ev.younger_total
    return elder, younger


@dataclass(frozen=True)
class Presentation:
    """A deal's steps, with what each shows.

    ``score`` is the declarations scored; ``reckoning`` their reckoning ending with Elder's
    first lead (as the Lab's tally); ``deal`` the whole deal when it was played from a record
    (its tricks and its own reckoning), else ``None``."""

    score: DeclarationScore
    reckoning: Reckoning
    deal: DealScore | None
    steps: tuple[Step, ...]

    def __len__(self) -> int:
        return len(self.steps)

    def line(self, step: Step) -> DialogueLine:
        return self.score.dialogue[step.index]

    def event(self, step: Step) -> ScoreEvent:
        return self.reckoning.events[step.index]

    def trick(self, step: Step) -> Trick:
        assert self.deal is not None
        return self.deal.play.tricks[step.index]

    def revealable(self, step: Step) -> bool:
        """Whether the step hides something until it is revealed: Younger's answer (the class
        guesses it first)."""
        return step.kind is Kind.LINE and self.line(step).kind is LineKind.ANSWER

    def totals(self, step: Step) -> tuple[int, int]:
        """Elder's and Younger's running totals at ``step`` (0, 0 before the reckoning)."""
        if step.kind is Kind.RECKON:
            ev = self.event(step)
            return ev.elder_total, ev.younger_total
        if step.kind is Kind.TOTALS:
            last = self.reckoning.events[-1] if self.reckoning.events else None
            return (last.elder_total, last.younger_total) if last else (0, 0)
        if step.kind is Kind.TRICK:
            assert self.deal is not None
            return totals_after_trick(self.deal.reckoning, step.index + 1)
        if step.kind is Kind.END:
            assert self.deal is not None
            r = self.deal.reckoning
            return r.total("elder"), r.total("younger")
        return 0, 0

    def scored_cards(self, step: Step) -> frozenset[Card]:
        """The cards a step of the reckoning counts: the combinations that score in its
        category, or a carte blanche's hand (none for the lead, repique or pique)."""
        ev = self.event(step)
        if ev.category == "blanche":
            return frozenset(self.score.elder if ev.player == "elder" else self.score.younger)
        return _cards(c for v in self.score.verdicts
                      if v.category == ev.category and v.winner == ev.player for c in v.scored)


def presentation(score: DeclarationScore, deal: DealScore | None = None) -> Presentation:
    """The steps of ``score`` (and of ``deal``'s play, when given)."""
    r = lab_reckoning(score)
    steps = [Step(Kind.HANDS)]
    steps += [Step(Kind.LINE, i) for i in range(len(score.dialogue))]
    steps += [Step(Kind.RECKON, i) for i in range(len(r.events))]
    steps.append(Step(Kind.TOTALS))
    if deal is not None:
        steps += [Step(Kind.TRICK, i) for i in range(len(deal.play.tricks))]
        steps.append(Step(Kind.END))
    return Presentation(score, r, deal, tuple(steps))



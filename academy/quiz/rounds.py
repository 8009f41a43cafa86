"""A quiz round: a chosen number of questions, answered, skipped or missed, with an end.

Pure Python, no I/O, no clock: the caller gives the moments (seconds since the epoch). A
:class:`Round` is a frozen value; every step (:meth:`Round.answer`, :meth:`Round.skip`,
:meth:`Round.next`) returns a new one. It is kept as JSON (:meth:`Round.to_json`,
:func:`round_from_json`) so that a round in progress survives a reload.

A round is a list of :class:`Slot`: question ``index`` of the round's seed, of a kind the
level draws (``kind=None``) or of a kind forced (practising misses, an adaptive random
round). A seeded round (``/quiz?seed=..&level=..&n=..``) is slots ``0 .. n-1`` with no kind
forced: question ``i`` is ``generate_question(seed, i, level, rules)``, the same for everyone
and the same first questions as the quiz's links before rounds existed.

>>> r = seeded_round("r1", "42", "beginner", "britannica", 5, now=100.0)
>>> r.length, r.position, r.at, r.over
(5, 0, 0, False)
>>> q = r.question(0)
>>> q == generate_question("42", 0, "beginner", "britannica")
True
>>> r, fb = r.answer(q.correct, now=110.0)
>>> fb.correct, r.position, r.at
(True, 1, 0)
>>> r = r.next().skip(now=120.0)
>>> [a.outcome for a in r.answers], r.at
(['right', 'skipped'], 2)
>>> round_from_json(r.to_json()) == r
True
>>> res = r.result()
>>> res.right, res.wrong, res.skipped, res.missed
(1, 0, 1, (1,))
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, cast

from academy.quiz.answers import Feedback, Question
from academy.quiz.checking import check_answer
from academy.quiz.generate import generate_question
from academy.quiz.kinds import KINDS, Kind, Level, parse_level, parse_seed, pick_kind
from piquet.rules import PRESETS

__all__ = [
    "DEFAULT_LENGTH",
    "ROUND_LENGTHS",
    "Given",
    "KindResult",
    "Mode",
    "Outcome",
    "Positioned",
    "Round",
    "RoundResult",
    "Slot",
    "adaptive_kinds",
    "misses_kinds",
    "misses_round",
    "parse_length",
    "random_round",
    "round_from_json",
    "seeded_round",
]

ROUND_LENGTHS: Final[tuple[int, ...]] = (5, 10, 20)
DEFAULT_LENGTH: Final = 10
Outcome = Literal["right", "wrong", "skipped"]
Mode = Literal["quiz", "misses", "review"]
JSONValue = str | int | list[str]
_MODES: Final[tuple[Mode, ...]] = ("quiz", "misses", "review")
_OUTCOMES: Final[tuple[Outcome, ...]] = ("right", "wrong", "skipped")
_VERSION: Final = 1
KINDS_BY_NAME: Final[dict[str, Kind]] = {k: k for k in KINDS}


def parse_length(raw: object) -> int | None:
    """A round's length from a link (``n=``): one of :data:`ROUND_LENGTHS`, else None.

    >>> parse_length("20"), parse_length(5), parse_length("7"), parse_length("x")
    (20, 5, None, None)
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw if raw in ROUND_LENGTHS else None
    if isinstance(raw, str) and raw.strip().isdigit():
        n = int(raw.strip())
        return n if n in ROUND_LENGTHS else None
    return None


@dataclass(frozen=True, slots=True)
class Slot:
    """Question ``index`` of the round's seed; ``kind`` forced, or None (the level draws)."""

    index: int
    kind: Kind | None = None


@dataclass(frozen=True, slots=True)
class Given:
    """One answer of a round: its outcome, the question's kind, the values given (ids and
    numbers as JSON: a set of ids is a sorted list; empty for a skip)."""

    outcome: Outcome
    kind: Kind
    values: Mapping[str, JSONValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class KindResult:
    right: int = 0
    wrong: int = 0
    skipped: int = 0

    @property
    def asked(self) -> int:
        return self.right + self.wrong + self.skipped


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What the end screen shows: the counts, per kind (in the order first asked), the
    positions missed (wrong or skipped, in order) and the time taken (None while open)."""

    length: int
    right: int
    wrong: int
    skipped: int
    per_kind: dict[Kind, KindResult]
    missed: tuple[int, ...]
    seconds: int | None

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.length) if self.length else 0


def _json_value(value: object) -> JSONValue | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, str)):
        return value
    if isinstance(value, frozenset):
        return sorted(str(v) for v in value)
    return None


class Positioned:
    """What a round's screen shows, from three numbers its class gives: ``length``, the next
    ``position`` to answer and the position ``at`` on screen (``length`` for the end
    screen). Shared by :class:`Round` and the Class page's rounds."""

    __slots__ = ()

    @property
    def length(self) -> int:
        raise NotImplementedError

    @property
    def position(self) -> int:
        raise NotImplementedError

    @property
    def at(self) -> int:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        """The end screen is up."""
        return self.at >= self.length

    @property
    def open(self) -> bool:
        """The question on screen waits for its answer."""
        return not self.over and self.at == self.position


@dataclass(frozen=True, slots=True)
class Round(Positioned):
    """A quiz round. ``answers`` are the answers given so far (position ``i`` answers slot
    ``i``); ``at`` is the position on screen: ``position`` (the question is open) or
    ``position - 1`` (its feedback is shown), and ``length`` once the end screen is up."""

    round_id: str
    seed: str
    level: Level
    rules: str
    slots: tuple[Slot, ...]
    seeded: bool = False
    mode: Mode = "quiz"
    answers: tuple[Given, ...] = ()
    at: int = 0
    started: float = 0.0
    finished: float | None = None

    # ------------------------------------------------------------------ reading

    @property
    def length(self) -> int:
        return len(self.slots)

    @property
    def position(self) -> int:
        """The next position to answer (``length`` when every question has its answer)."""
        return len(self.answers)

    @property
    def done(self) -> bool:
        """Every question answered or skipped."""
        return self.position >= self.length

    def question(self, position: int) -> Question:
        """The question at ``position`` (0-based), generated in the current language."""
        slot = self.slots[position]
        return generate_question(self.seed, slot.index, self.level, self.rules, kind=slot.kind)

    def result(self) -> RoundResult:
        per: dict[Kind, KindResult] = {}
        missed: list[int] = []
        for i, a in enumerate(self.answers):
            k = per.get(a.kind, KindResult())
            per[a.kind] = KindResult(k.right + (a.outcome == "right"),
                                     k.wrong + (a.outcome == "wrong"),
                                     k.skipped + (a.outcome == "skipped"))
            if a.outcome != "right":
                missed.append(i)
        right = sum(a.outcome == "right" for a in self.answers)
        wrong = sum(a.outcome == "wrong" for a in self.answers)
        seconds = (None if self.finished is None
                   else max(0, math.floor(self.finished - self.started)))
        return RoundResult(self.length, right, wrong, self.position - right - wrong, per,
                           tuple(missed), seconds)

    # ------------------------------------------------------------------ steps

    def _finish(self, now: float) -> Round:
        if self.done and self.finished is None:
            return replace(self, finished=now)
        return self

    def answer(self, values: Mapping[str, object], *, now: float) -> tuple[Round, Feedback]:
        """Check ``values`` (field key -> value) against the open question. Nothing given, or
        given in part (:attr:`Feedback.partial`), the round is unchanged: the learner is asked
        for the rest. Otherwise the answer is kept (right or wrong) and its feedback shown."""
        q = self.question(self.at)
        fb = check_answer(q, values)
        if not self.open or fb.partial or not fb.answered:
            return self, fb
        kept = {r.field.key: v for r in fb.results if (v := _json_value(r.given)) is not None}
        given = Given("right" if fb.correct else "wrong", q.kind, kept)
        return replace(self, answers=(*self.answers, given))._finish(now), fb

    def skip(self, *, now: float) -> Round:
        """Skip the open question: it counts as skipped; the next one opens."""
        if not self.open:
            return self
        given = Given("skipped", self.question(self.at).kind)
        return replace(self, answers=(*self.answers, given), at=self.at + 1)._finish(now)

    def next(self) -> Round:
        """From a question's feedback to the next question (or the end screen)."""
        if self.over or self.at >= self.position:
            return self
        return replace(self, at=self.at + 1)

    def feedback(self, position: int) -> Feedback | None:
        """The check of the answer kept at ``position`` (None for a skip), in the current
        language."""
        if position >= self.position or self.answers[position].outcome == "skipped":
            return None
        return check_answer(self.question(position), self.answers[position].values)

    def review(self, round_id: str, *, now: float) -> Round | None:
        """A round of the questions missed (wrong or skipped), in order; None if none."""
        missed = self.result().missed
        if not missed:
            return None
        return Round(round_id, self.seed, self.level, self.rules,
                     tuple(self.slots[i] for i in missed), seeded=False, mode="review",
                     started=now)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "v": _VERSION, "id": self.round_id, "seed": self.seed, "level": self.level,
            "rules": self.rules, "seeded": self.seeded, "mode": self.mode,
            "slots": [[s.index, s.kind] for s in self.slots],
            "answers": [{"o": a.outcome, "k": a.kind, "g": dict(a.values)} for a in self.answers],
            "at": self.at, "t0": self.started, "t1": self.finished,
        }


def _values(raw: object) -> dict[str, JSONValue] | None:
    if not isinstance(raw, Mapping):
        return None
    out: dict[str, JSONValue] = {}
    for k, v in raw.items():
        if not isinstance(k, str):
            return None
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            out[k] = [str(x) for x in v]
        elif isinstance(v, (str, int)) and not isinstance(v, bool):
            out[k] = v
        else:
            return None
    return out


def round_from_json(data: object) -> Round | None:
    """A :class:`Round` from :meth:`Round.to_json` (stored, so never trusted): None when
    anything is missing, of the wrong type or out of range."""
    try:
        return _from_json(data)
    except (KeyError, TypeError, ValueError):
        return None


def _from_json(data: object) -> Round | None:
    if not isinstance(data, Mapping) or data.get("v") != _VERSION:
        return None
    round_id, seed = data["id"], parse_seed(data["seed"])
    level, rules, mode = parse_level(data["level"]), data["rules"], data["mode"]
    if (not isinstance(round_id, str) or not 0 < len(round_id) <= 32 or seed is None
            or level is None or rules not in PRESETS or mode not in _MODES):
        return None
    slots: list[Slot] = []
    for item in data["slots"]:
        index, kind = item
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 1000:
            return None
        if kind is not None and kind not in KINDS:
            return None
        slots.append(Slot(index, cast("Kind | None", kind)))
    answers: list[Given] = []
    for item in data["answers"]:
        outcome, kind, values = item["o"], item["k"], _values(item["g"])
        if outcome not in _OUTCOMES or kind not in KINDS or values is None:
            return None
        answers.append(Given(outcome, kind, values))
    at, t0, t1 = data["at"], data["t0"], data["t1"]
    if (not slots or len(answers) > len(slots) or not isinstance(at, int)
            or not len(answers) - 1 <= at <= len(answers) or at > len(slots)
            or not isinstance(t0, (int, float))
            or not (t1 is None or isinstance(t1, (int, float)))):
        return None
    if at == len(slots) and len(answers) < len(slots):
        return None
    return Round(round_id, seed, level, str(rules), tuple(slots), seeded=bool(data["seeded"]),
                 mode=mode, answers=tuple(answers), at=at, started=float(t0),
                 finished=None if t1 is None else float(t1))


# --------------------------------------------------------------------------- making rounds


def seeded_round(round_id: str, seed: str, level: Level, rules: str, length: int, *,
                 now: float) -> Round:
    """The round of a link: questions ``0 .. length-1`` of the seed, the same for everyone."""
    return Round(round_id, seed, level, rules, tuple(Slot(i) for i in range(length)),
                 seeded=True, started=now)


def adaptive_kinds(rng: random.Random, level: Level, length: int,
                   stats: Mapping[str, tuple[int, int]] | None = None) -> tuple[Kind, ...]:
    """Kinds for a random round: the level's, the ones missed most (``stats``: kind ->
    (asked, missed)) coming more often (:func:`~academy.quiz.kinds.pick_kind`)."""
    return tuple(pick_kind(rng, level, stats) for _ in range(length))


def random_round(round_id: str, seed: str, level: Level, rules: str, length: int, *,
                 now: float, kinds: Sequence[Kind] | None = None) -> Round:
    """An unseeded round; ``kinds`` (one per question) forced when given."""
    slots = tuple(Slot(i, kinds[i] if kinds else None) for i in range(length))
    return Round(round_id, seed, level, rules, slots, started=now)


def misses_kinds(due: Sequence[str], missed: Sequence[str], length: int) -> tuple[Kind, ...]:
    """The kinds of a "practise my misses" round of ``length`` questions: the kinds due
    again (``due``, in the store's order: shakiest first) — or, when none is due yet, the
    kinds ever missed (``missed``, soonest due first) — taken in turn. Empty when there is
    nothing to practise. Unknown kinds are left out.

    >>> misses_kinds(["trick", "point"], ["sets"], 5)
    ('trick', 'point', 'trick', 'point', 'trick')
    >>> misses_kinds([], ["sets", "nonsense"], 3), misses_kinds([], [], 5)
    (('sets', 'sets', 'sets'), ())
    """
    def known(names: Sequence[str]) -> list[Kind]:
        return [
            KINDS_BY_NAME[k] for k in dict.fromkeys(names) if k in KINDS_BY_NAME]

    pool = known(due) or known(missed)
    if not pool:
        return ()
    return tuple(pool[i % len(pool)] for i in range(length))


def misses_round(round_id: str, seed: str, level: Level, rules: str,
                 kinds: Sequence[Kind], *, now: float) -> Round:
    """A "practise my misses" round: one question of each kind of ``kinds``, in order."""
    return Round(round_id, seed, level, rules,
                 tuple(Slot(i, k) for i, k in enumerate(kinds)), mode="misses", started=now)

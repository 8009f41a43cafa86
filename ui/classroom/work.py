"""A pupil's round in a class: the class's quiz round, then its lesson stages, then its
puzzles, one position each (pure Python, no Streamlit; the caller gives the moments).

The quiz part is :func:`academy.quiz.rounds.seeded_round` of the class's seed, level, preset
and length: the same questions for every pupil, position ``i`` is question ``i``. Then each
stage of the class, in order, at the positions after the quiz: its task made from a seed of
the class (:func:`stage_seed`), the same for every pupil too, so that the teacher can show
the class the very task they answered. Then each puzzle of the class's set (ids of the
catalogue, :func:`academy.puzzles.puzzle_set`, drawn once when the class was made): the same
for every pupil, answered by the cards tapped. A pupil answers each position once (right,
wrong or skipped): there is no second try in a class.

A :class:`ClassRound` is a frozen value: every step returns a new one, kept as JSON
(:meth:`ClassRound.to_json`, :func:`round_from_json`, checked against the class's work) in
the pupil's row so that a reload opens the same question.

>>> from store.class_values import ClassWork, QuizWork
>>> work = ClassWork(QuizWork("beginner", "britannica", 5, "42"), ("04-point/1",))
>>> r = new_round("c" * 32, work, now=100.0)
>>> r.length, r.at, r.open, item(r, 5)
(6, 0, True, ('stage', '04-point/1'))
>>> q = r.question(0)
>>> r, fb = r.answer_quiz(q.correct, now=101.0)
>>> fb.correct, r.outcome(0), r.at, r.open
(True, 'right', 0, False)
>>> r = r.next().skip(now=102.0)
>>> [r.outcome(i) for i in range(3)], r.at
(['right', 'skipped', None], 2)
>>> round_from_json(r.to_json(), "c" * 32, work) == r
True
>>> from academy.puzzles import find
>>> pz = find("b2-8")
>>> r = new_round("c" * 32, ClassWork(None, (), ("b2-8",)), now=0.0)
>>> item(r, 0), r.kind(0), r.puzzle(0) == pz
(('puzzle', 'b2-8'), 'b2-8', True)
>>> r, right = r.answer_puzzle(pz.answer[:1], now=1.0)
>>> right, r.outcome(0), r.given(0), r.over
(True, 'right', {'answer': ['...']}, False)
>>> round_from_json(r.to_json(), "c" * 32, ClassWork(None, (), ("b2-8",))) == r
True
>>> r.next().over, r.puzzle_given(0) == pz.answer[:1]
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from academy.puzzles import Puzzle, find as find_puzzle
from academy.quiz import Feedback, Question
from academy.quiz.kinds import parse_level
from academy.quiz.rounds import Positioned, Round, round_from_json as quiz_from_json, seeded_round
from academy.stages import Checked, Task, check, make_task, task_seed
from academy.stages.catalog import stage as find_stage
from piquet.cards import Card, parse_card
from piquet.rules import PRESETS
from store.class_values import ClassWork

__all__ = [
    "DEFAULT_RULES",
    "ClassRound",
    "Outcome",
    "StageAnswer",
    "item",
    "new_round",
    "round_from_json",
    "stage_given",
    "stage_seed",
]

Outcome = Literal["right", "wrong", "skipped"]
Item = tuple[Literal["quiz", "stage", "puzzle"], int | str]
JSONGiven = str | int | list[str] | None
DEFAULT_RULES: Final = "britannica"
_VERSION: Final = 1
_OUTCOMES: Final[tuple[Outcome, ...]] = ("right", "wrong", "skipped")


def stage_seed(class_id: str, stage_id: str) -> int:
    """The seed of a stage's task in a class: every pupil gets the same task."""
    return task_seed(f"class:{class_id}", stage_id, 0)


def stage_given(task: Task, raw: JSONGiven) -> frozenset[Card] | Card | str | int | None:
    """A stage answer kept as JSON (card codes, a code, an id or a number) in the task's
    own shape; None when it is not one."""
    try:
        if task.answer_kind == "cards" and isinstance(raw, list):
            return frozenset(parse_card(c) for c in raw)
        if task.answer_kind == "card" and isinstance(raw, str):
            return parse_card(raw)
    except ValueError:
        return None
    if task.answer_kind == "choice" and isinstance(raw, str):
        return raw
    if task.answer_kind == "number" and isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    return None


def _json_given(task: Task, value: object) -> JSONGiven:
    if task.answer_kind == "cards" and isinstance(value, (set, frozenset, list, tuple)):
        return sorted(str(c) for c in value)
    if task.answer_kind == "card" and isinstance(value, (set, frozenset, list, tuple)):
        cards = [str(c) for c in value]
        return cards[0] if len(cards) == 1 else None
    if task.answer_kind == "card" and isinstance(value, Card):
        return str(value)
    if task.answer_kind == "choice" and isinstance(value, str):
        return value
    if task.answer_kind == "number" and isinstance(value, (int, float)) and not isinstance(
            value, bool) and float(value).is_integer():
        return int(value)
    return None


@dataclass(frozen=True, slots=True)
class StageAnswer:
    """A stage's answer: its outcome and what was given (JSON; None for a skip)."""

    outcome: Outcome
    given: JSONGiven = None


@dataclass(frozen=True, slots=True)
class ClassRound(Positioned):
    """A pupil's round. ``quiz`` is the quiz part (None when the class has none);
    ``stage_answers`` the stages and then the puzzles answered so far and ``stage_at`` the
    one on screen (counted from the first stage), with the meaning of
    :attr:`academy.quiz.rounds.Round.at`."""

    class_id: str
    quiz: Round | None
    stages: tuple[str, ...]
    rules: str
    stage_answers: tuple[StageAnswer, ...] = ()
    stage_at: int = 0
    started: float = 0.0
    finished: float | None = None
    puzzles: tuple[str, ...] = ()

    # ------------------------------------------------------------------ reading

    @property
    def quiz_length(self) -> int:
        return 0 if self.quiz is None else self.quiz.length

    @property
    def length(self) -> int:
        return self.quiz_length + len(self.stages) + len(self.puzzles)

    @property
    def puzzles_from(self) -> int:
        """The position of the first puzzle."""
        return self.quiz_length + len(self.stages)

    @property
    def in_quiz(self) -> bool:
        return self.quiz is not None and not self.quiz.over

    @property
    def at(self) -> int:
        """The position on screen (``length`` once the end screen is up)."""
        if self.quiz is not None and not self.quiz.over:
            return self.quiz.at
        return self.quiz_length + self.stage_at

    @property
    def position(self) -> int:
        """The next position to answer."""
        return (0 if self.quiz is None else self.quiz.position) + len(self.stage_answers)

    def question(self, position: int) -> Question:
        """The quiz question at ``position`` (in the current language)."""
        assert self.quiz is not None and position < self.quiz_length
        return self.quiz.question(position)

    def task(self, position: int) -> Task:
        """The stage task at ``position``."""
        stage_id = self.stages[position - self.quiz_length]
        return make_task(stage_id, stage_seed(self.class_id, stage_id), self.rules)

    def puzzle(self, position: int) -> Puzzle:
        """The puzzle at ``position``."""
        found = find_puzzle(self.puzzles[position - self.puzzles_from])
        assert found is not None  # new_round keeps the catalogue's only
        return found

    def kind(self, position: int) -> str:
        """What the dashboard counts the answer under: the quiz kind, the stage's id, or
        the puzzle's id."""
        if position < self.quiz_length:
            assert self.quiz is not None
            return self.quiz.slots[position].kind or self.question(position).kind
        if position >= self.puzzles_from:
            return self.puzzles[position - self.puzzles_from]
        return self.stages[position - self.quiz_length]

    def outcome(self, position: int) -> Outcome | None:
        if position >= self.position:
            return None
        if position < self.quiz_length:
            assert self.quiz is not None
            return self.quiz.answers[position].outcome
        return self.stage_answers[position - self.quiz_length].outcome

    def given(self, position: int) -> dict[str, Any]:
        """What was given at ``position``, as stored with the answer."""
        if position < self.quiz_length:
            assert self.quiz is not None
            return dict(self.quiz.answers[position].values)
        answer = self.stage_answers[position - self.quiz_length]
        return {} if answer.given is None else {"answer": answer.given}

    def quiz_feedback(self, position: int) -> Feedback | None:
        assert self.quiz is not None
        return self.quiz.feedback(position)

    def stage_check(self, position: int) -> tuple[Checked, object] | None:
        """The check of the stage answer at ``position`` and the answer (None: skipped)."""
        answer = self.stage_answers[position - self.quiz_length]
        if answer.outcome == "skipped":
            return None
        task = self.task(position)
        value = stage_given(task, answer.given)
        return check(task, value), value

    def counts(self) -> tuple[int, int, int]:
        """Right, wrong and skipped answers so far."""
        outcomes = [self.outcome(i) for i in range(self.position)]
        return (outcomes.count("right"), outcomes.count("wrong"), outcomes.count("skipped"))

    # ------------------------------------------------------------------ steps

    def _finish(self, now: float) -> ClassRound:
        if self.position >= self.length and self.finished is None:
            return replace(self, finished=now)
        return self

    def answer_quiz(self, values: Mapping[str, object], *, now: float
                    ) -> tuple[ClassRound, Feedback]:
        """Check ``values`` on the open quiz question (unchanged when nothing or a part is
        given: :attr:`Feedback.partial`)."""
        assert self.quiz is not None and self.in_quiz
        quiz, fb = self.quiz.answer(values, now=now)
        if quiz is self.quiz:
            return self, fb
        return replace(self, quiz=quiz)._finish(now), fb

    def answer_stage(self, value: object, *, now: float) -> tuple[ClassRound, Checked]:
        """Check ``value`` on the open stage (unchanged when :attr:`Checked.empty`)."""
        task = self.task(self.at)
        found = check(task, value)
        kept = _json_given(task, value)
        if found.empty or kept is None or not self.open:
            return self, Checked(right=False, empty=True)
        answer = StageAnswer("right" if found.right else "wrong", kept)
        return replace(self, stage_answers=(*self.stage_answers, answer))._finish(now), found

    def answer_puzzle(self, cards: tuple[Card, ...], *, now: float
                      ) -> tuple[ClassRound, bool | None]:
        """Judge ``cards`` on the open puzzle: the round after, and whether right (None and
        unchanged when nothing was given)."""
        if not self.open or not cards or self.at < self.puzzles_from:
            return self, None
        right = self.puzzle(self.at).is_right(cards)
        answer = StageAnswer("right" if right else "wrong", sorted(str(c) for c in cards))
        return replace(self, stage_answers=(*self.stage_answers, answer))._finish(now), right

    def puzzle_given(self, position: int) -> tuple[Card, ...] | None:
        """The cards given at the puzzle at ``position`` (None: skipped or not answered)."""
        if position >= self.position:
            return None
        answer = self.stage_answers[position - self.quiz_length]
        if not isinstance(answer.given, list):
            return None
        return tuple(parse_card(c) for c in answer.given)

    def skip(self, *, now: float) -> ClassRound:
        if not self.open:
            return self
        if self.in_quiz:
            assert self.quiz is not None
            return replace(self, quiz=self.quiz.skip(now=now))._finish(now)
        return replace(self, stage_answers=(*self.stage_answers, StageAnswer("skipped")),
                       stage_at=self.stage_at + 1)._finish(now)

    def next(self) -> ClassRound:
        """From an answer's feedback to the next position (or the end screen)."""
        if self.over or self.at >= self.position:
            return self
        if self.in_quiz:
            assert self.quiz is not None
            return replace(self, quiz=self.quiz.next())
        return replace(self, stage_at=self.stage_at + 1)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "v": _VERSION, "quiz": None if self.quiz is None else self.quiz.to_json(),
            "stages": [{"o": a.outcome, "g": a.given} for a in self.stage_answers],
            "at": self.stage_at, "t0": self.started, "t1": self.finished,
        }


def item(r: ClassRound, position: int) -> Item:
    """What stands at ``position``: ``("quiz", index)``, ``("stage", stage id)`` or
    ``("puzzle", puzzle id)``."""
    if position < r.quiz_length:
        return ("quiz", position)
    if position >= r.puzzles_from:
        return ("puzzle", r.puzzles[position - r.puzzles_from])
    return ("stage", r.stages[position - r.quiz_length])


def _rules(work: ClassWork) -> str:
    rules = work.quiz.rules if work.quiz is not None else DEFAULT_RULES
    return rules if rules in PRESETS else DEFAULT_RULES


def new_round(class_id: str, work: ClassWork, *, now: float) -> ClassRound:
    """A pupil's fresh round of the class's work."""
    quiz = None
    if work.quiz is not None:
        level = parse_level(work.quiz.level) or "beginner"
        quiz = seeded_round(class_id[:32], work.quiz.seed, level, _rules(work),
                            work.quiz.length, now=now)
    stages = tuple(s for s in work.stages if _known_stage(s))
    puzzles = tuple(p for p in work.puzzles if find_puzzle(p) is not None)
    return ClassRound(class_id, quiz, stages, _rules(work), started=now, puzzles=puzzles)


def _known_stage(stage_id: str) -> bool:
    try:
        find_stage(stage_id)
    except ValueError:
        return False
    return True


def round_from_json(data: object, class_id: str, work: ClassWork) -> ClassRound | None:
    """The round kept for a pupil of this class (None when it is not one: then a fresh
    round starts)."""
    try:
        return _from_json(data, class_id, work)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _from_json(data: object, class_id: str, work: ClassWork) -> ClassRound | None:
    if not isinstance(data, Mapping) or data.get("v") != _VERSION:
        return None
    fresh = new_round(class_id, work, now=0.0)
    quiz = None
    if fresh.quiz is not None:
        quiz = quiz_from_json(data["quiz"])
        if (quiz is None or quiz.seed != fresh.quiz.seed or quiz.level != fresh.quiz.level
                or quiz.rules != fresh.quiz.rules or quiz.slots != fresh.quiz.slots):
            return None
    elif data["quiz"] is not None:
        return None
    answers = []
    for raw in data["stages"]:
        outcome, given = raw["o"], raw["g"]
        if outcome not in _OUTCOMES or not (
                given is None or isinstance(given, (str, int))
                or (isinstance(given, list) and all(isinstance(g, str) for g in given))):
            return None
        answers.append(StageAnswer(outcome, given))
    at, t0, t1 = data["at"], data["t0"], data["t1"]
    n = len(answers)
    tail = len(fresh.stages) + len(fresh.puzzles)
    if (n > tail or not isinstance(at, int) or isinstance(at, bool)
            or not n - 1 <= at <= n or at > tail
            or (at == tail and n < tail)
            or (n and quiz is not None and not quiz.over)
            or not isinstance(t0, (int, float))
            or not (t1 is None or isinstance(t1, (int, float)))):
        return None
    return ClassRound(class_id, quiz, fresh.stages, fresh.rules, tuple(answers), max(at, 0),
                      float(t0), None if t1 is None else float(t1), fresh.puzzles)

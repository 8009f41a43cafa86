"""The stage player's session keys (all ``stages_…``) and callbacks.

A lesson's pass is an :class:`academy.stages.LessonRun` kept in the session per lesson
(``stages_runs``). The task on show is made again on every run from its stage, its seed and
the preset (:func:`current_task`): the seed depends on the learner, the stage and the
attempt, so a reload (a new session) shows the same task for the same learner, and a miss
brings the stage back with a new hand.

Every answer goes through :func:`submit` (the Check button, a played card, a test):
it is checked by the engine (:func:`academy.stages.check`), the run moves on
(:mod:`academy.stages.session`), and every answer is stored
(``ui.storage.item_seen("stage", id, right=...)``: a miss brings the stage back sooner in
"practise my misses", a right answer later; a stage is done once answered right); the end
of a lesson stores ``item_seen("lesson", lesson id, right=True)`` and the pass's score
(``lesson_done``: stages right at the first try; the store keeps the best pass, so stars
earned stay). A lesson finished before opens finished — every stage done, its best stars —
until the learner practises it again (:func:`restart`) or follows a link to one stage.
"""

from __future__ import annotations

import secrets
from typing import Any, Final

import streamlit as st

from academy.stages import (
    LessonRun,
    Step,
    Task,
    check,
    lesson_id,
    lesson_stages,
    make_task,
    session as run_of,
    task_seed,
)
from piquet.cards import Card
from ui import storage
from ui.components.card_hand import selection, set_selection
from ui.lessons.state import completed
from ui.settings import current_rules

__all__ = [
    "NOTICE",
    "RUNS",
    "advance",
    "answer_key",
    "best_score",
    "current_task",
    "done_lessons",
    "done_stages",
    "given_of",
    "last_given",
    "lesson_run",
    "restart",
    "skip",
    "submit",
]

RUNS: Final = "stages_runs"
"""``{lesson slug: LessonRun}``."""
BASE: Final = "stages_base"
"""``{stage id: tasks the learner had on it before this session}`` (from the store)."""
SALT: Final = "stages_salt"
"""A random stand-in for the learner's key when the session has none (nothing is saved)."""
GIVEN: Final = "stages_given"
"""``{stage id: the last wrong answer}`` (the hint says what was right in it)."""
NOTICE: Final = "stages_notice"
"""The stage id whose Check found nothing chosen (the page asks for an answer)."""
DONE: Final = "stages_done"
"""Stage ids answered right in this session."""
LESSONS_DONE: Final = "stages_lessons_done"
"""Lesson slugs finished in this session."""
BEST: Final = "stages_best"
"""``{lesson slug: (stages right at the first try, stages)}``: the best pass finished in this
session (the store keeps the best of all, :func:`best_score`)."""


def _ss() -> Any:
    return st.session_state


def _learner() -> str:
    key = storage.learner()
    if key is not None:
        return str(key)
    salt = _ss().get(SALT)
    if not isinstance(salt, str):
        salt = secrets.token_hex(16)
        _ss()[SALT] = salt
    return salt


def done_stages() -> set[str]:
    """Stage ids ever answered right: the store's, and this session's."""
    stored = {p.item for p in storage.items("stage") if p.review.right > 0}
    return stored | set(_ss().get(DONE, set()))


def done_lessons() -> set[str]:
    """Lesson ids finished: the store's, and this session's."""
    stored = {p.item for p in storage.items("lesson") if p.review.right > 0}
    session = {lesson_id(s) for s in _ss().get(LESSONS_DONE, set())}
    return stored | {x for x in session if x}


def lesson_run(slug: str, *, again: bool = False) -> LessonRun:
    """This session's pass through lesson ``slug`` (started on first use: finished, every
    stage settled, when the learner finished the lesson before — unless ``again``)."""
    runs: dict[str, LessonRun] = _ss().setdefault(RUNS, {})
    run = runs.get(slug)
    if run is None:
        stages = [s.id for s in lesson_stages(slug)]
        run = run_of.start(slug, stages)
        if not again and lesson_id(slug) in done_lessons():
            run.queue.clear()
        runs[slug] = run
        base: dict[str, int] = _ss().setdefault(BASE, {})
        seen = {p.item: p.review.right + p.review.wrong for p in storage.items("stage")}
        for stage_id in stages:
            base.setdefault(stage_id, seen.get(stage_id, 0))
    return run


def _ratio(score: tuple[int, int]) -> float:
    return score[0] / score[1] if score[1] else 0.0


def best_score(slug: str) -> tuple[int, int] | None:
    """The best pass of lesson ``slug`` (stages right at the first try, stages): the store's
    or this session's, whichever is better; None when it was never finished."""
    found: list[tuple[int, int]] = []
    lid = lesson_id(slug)
    stored = storage.lesson_results().get(lid) if lid else None
    if stored is not None:
        found.append((stored.first_try, stored.stages))
    session: dict[str, tuple[int, int]] = _ss().get(BEST, {})
    if slug in session:
        found.append(session[slug])
    return max(found, key=_ratio, default=None)


def _attempt(run: LessonRun, stage_id: str) -> int:
    base: dict[str, int] = _ss().get(BASE, {})
    return base.get(stage_id, 0) + run.attempts.get(stage_id, 0)


def current_task(slug: str) -> Task | None:
    """The task on show for lesson ``slug`` (``None`` when its path is done)."""
    run = lesson_run(slug)
    stage_id = run_of.current(run)
    if stage_id is None:
        return None
    seed = task_seed(_learner(), stage_id, _attempt(run, stage_id))
    return make_task(stage_id, seed, current_rules().name)


def answer_key(task: Task) -> str:
    """The key of the task's answer widget (a new one for each task: a fresh answer)."""
    return f"stages_answer_{task.stage_id.replace('/', '_')}_{task.seed % 1_000_000_007}"


def given_of(task: Task) -> object:
    """What the learner has given so far in the task's answer widget."""
    key = answer_key(task)
    if task.answer_kind == "cards":
        return frozenset(selection(key))
    return _ss().get(key)


def last_given(task: Task) -> object:
    given: dict[str, object] = _ss().get(GIVEN, {})
    return given.get(task.stage_id)


def submit(slug: str, given: object | None = None) -> None:
    """Answer the task on show with ``given`` (default: what its widget holds)."""
    task = current_task(slug)
    run = lesson_run(slug)
    if task is None or run.state in (Step.RIGHT, Step.REVEALED):
        return
    value = given_of(task) if given is None else given
    found = check(task, value)
    if found.empty:
        _ss()[NOTICE] = task.stage_id
        return
    _ss().pop(NOTICE, None)
    step = run_of.answer(run, right=found.right)
    _ss().setdefault(GIVEN, {})[task.stage_id] = value
    if step is Step.RIGHT:
        _ss().setdefault(DONE, set()).add(task.stage_id)
    storage.item_seen("stage", task.stage_id, right=found.right)


def play(slug: str, card: Card) -> None:
    """A card played in a ``"card"`` task (the card hand's ``on_change``)."""
    submit(slug, card)


def advance(slug: str) -> None:
    """"Continue" after a settled task; the end of the path marks the lesson done."""
    run = lesson_run(slug)
    run_of.advance(run)
    _ss().pop(NOTICE, None)
    if run.done:
        lessons: set[str] = _ss().setdefault(LESSONS_DONE, set())
        lid = lesson_id(slug)
        passed = run_of.score(run)
        best: dict[str, tuple[int, int]] = _ss().setdefault(BEST, {})
        if slug not in best or _ratio(passed) > _ratio(best[slug]):
            best[slug] = passed
        with storage.together():
            if slug not in lessons:
                lessons.add(slug)
                completed().add(slug)
                if lid:
                    storage.item_seen("lesson", lid, right=True)
            if lid:
                storage.lesson_done(lid, *passed)


def skip(slug: str) -> None:
    run_of.skip(lesson_run(slug))
    _ss().pop(NOTICE, None)


def restart(slug: str) -> None:
    """Practise the lesson again: a new pass, new hands."""
    runs: dict[str, LessonRun] = _ss().setdefault(RUNS, {})
    old = runs.pop(slug, None)
    run = lesson_run(slug, again=True)
    if old is not None:  # new hands: carry the attempts on
        for stage_id in run.stages:
            run.attempts[stage_id] = old.attempts.get(stage_id, 0) + 1
    for stage_id in run.stages:
        _ss().get(GIVEN, {}).pop(stage_id, None)


def clear_answer(task: Task) -> None:
    set_selection(answer_key(task), ())


def lesson_run_state(task: Task) -> Step | None:
    """What the last answer on the task on show did."""
    runs: dict[str, LessonRun] = _ss().get(RUNS, {})
    for run in runs.values():
        if run_of.current(run) == task.stage_id:
            return run.state
    return None


STAGE_PARAM: Final = "stage"
"""``/lessons?lesson=point&stage=04-point/2``: open the lesson on that stage (Home's
"continue where you left off", "practise my misses")."""


def follow_stage_param(slug: str) -> None:
    """Bring the stage named by ``?stage=`` to the front of lesson ``slug``'s queue (a
    stage done in this session comes back with new cards), then drop the parameter. An id
    that is not a stage of this lesson is ignored."""
    raw = st.query_params.get(STAGE_PARAM)
    if raw is None:
        return
    del st.query_params[STAGE_PARAM]
    run = lesson_run(slug)
    if raw not in run.stages or (run_of.current(run) == raw and run.state is None):
        return
    if run.state in (Step.RIGHT, Step.REVEALED):
        run_of.advance(run)
    if raw in run.queue:
        run.queue.remove(raw)
    else:
        run.attempts[raw] = run.attempts.get(raw, 0) + 1
    run.queue.insert(0, raw)
    run.tries = 0
    run.state = None

"""Lessons as stages: each lesson is a path of short stages, one idea and a task of a minute
or less each, its hands generated from a seed and every answer checked by the engine.

Pure Python, no Streamlit. The parts:

- :mod:`~academy.stages.model`: :class:`Stage`, :class:`Task`, :class:`Hint`, :class:`Checked`;
- :mod:`~academy.stages.catalog`: the paths from ``content/<lang>/stages/`` (:data:`STAGES`,
  ordered, with their lesson), :func:`make_task` and :func:`task_seed`;
- :mod:`~academy.stages.kinds` (with :mod:`~academy.stages.kinds_hand` and
  :mod:`~academy.stages.kinds_other`): the task kinds, :func:`check` and :func:`hint`;
- :mod:`~academy.stages.says`: the task in words (prompt, hint, explanation);
- :mod:`~academy.stages.session`: the in-session retry queue and the lesson's score.

Stage ids are stable, ``"<lesson id>/<n>"`` (``"04-point/2"``): the progress store keeps
them (``item_seen("stage", id, right=...)``) and "practise my misses" replays a stage with
``make_task(stage_id, seed)``.

>>> STAGES[0].id, STAGES[0].lesson
('01-deal/1', 'deal')
>>> t = make_task("04-point/1", 3)
>>> check(t, t.answer).right, check(t, frozenset()).empty
(True, True)
"""

from academy.stages.catalog import (
    LESSONS,
    STAGES,
    StageError,
    StageText,
    lesson_id,
    lesson_stages,
    make_task,
    stage,
    stage_text,
    task_seed,
)
from academy.stages.kinds import KINDS, check, hint
from academy.stages.model import AnswerKind, Checked, Given, Hint, HintKind, Stage, Task
from academy.stages.session import LessonRun, Step

__all__ = [
    "KINDS",
    "LESSONS",
    "STAGES",
    "AnswerKind",
    "Checked",
    "Given",
    "Hint",
    "HintKind",
    "LessonRun",
    "Stage",
    "StageError",
    "StageText",
    "Step",
    "Task",
    "check",
    "hint",
    "lesson_id",
    "lesson_stages",
    "make_task",
    "stage",
    "stage_text",
    "task_seed",
]

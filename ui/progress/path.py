"""What the learner has done and where to go next, from the progress store.

- :func:`lesson_path`: every lesson in order with whether it is done, and its stages (from
  ``academy.stages.STAGES`` when that exists) with theirs;
- :func:`next_steps`: "continue where you left off": the next lesson stage not done, the
  quiz round in progress, the partie in progress on Play;
- :func:`misses`: "practise my misses", the one list the Quiz page and My progress show
  (:meth:`store.progress.Store.misses`: every miss not learnt again yet, and every miss due
  again — quiz kinds, lesson stages, lessons, the learner's own puzzles), each with the link
  that replays it.

A lesson or a stage is done once it has been answered right (``ui.storage.items``); the
lessons done in this very session (``ui.lessons.state.completed``) count too.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from academy.quiz.kinds import KINDS, kind_title
from store import MY_PUZZLE_KIND, ItemProgress
from ui import storage
from ui.content import Lesson
from ui.lessons.state import completed
from ui.progress.partie import summary
from ui.prose import lesson_list
from ui.puzzles.state import MINE_PARAM, PAGE as PUZZLES_PAGE
from words import _, ngettext

__all__ = [
    "LESSONS_PAGE",
    "PLAY_PAGE",
    "QUIZ_PAGE",
    "LessonStep",
    "Link",
    "lesson_path",
    "misses",
    "next_steps",
    "stages_by_lesson",
]

LESSONS_PAGE: Final = "app_pages/lessons.py"
QUIZ_PAGE: Final = "app_pages/quiz.py"

PLAY_PAGE: Final = "app_pages/play.py"
STAGE_PARAM: Final = "stage"
PRACTISE_PARAM: Final = "practise"


@dataclass(frozen=True)
class Link:
    """A place to go: a page, its query parameters, a label and a line saying why."""

    page: str
    label: str
    detail: str = ""
    params: dict[str, str] = field(default_factory=dict)
    icon: str = ":material/arrow_forward:"


@dataclass(frozen=True)
class LessonStep:
    lesson: Lesson
    done: bool
    stages: tuple[tuple[str, bool], ...] = ()

    @property
    def stages_done(self) -> int:
        return sum(1 for _sid, done in self.stages if done)


def stages_by_lesson() -> dict[str, tuple[str, ...]]:
    """``{lesson slug: stage ids in order}`` from ``academy.stages.STAGES`` (empty while
    the lessons have no stages)."""
    try:
        module = importlib.import_module("academy.stages")
    except ImportError:
        return {}
    stages: Any = getattr(module, "STAGES", None)
    if stages is None:
        return {}
    values = stages.values() if isinstance(stages, dict) else stages
    out: dict[str, list[str]] = {}
    for stage in values:
        sid, lesson = getattr(stage, "id", None), getattr(stage, "lesson", None)
        if isinstance(sid, str) and isinstance(lesson, str):
            out.setdefault(lesson, []).append(sid)
    return {k: tuple(v) for k, v in out.items()}


def _done(items: Sequence[ItemProgress]) -> set[str]:
    return {p.item for p in items if p.review.right > 0}


def _lesson_ids() -> dict[str, str]:
    """``{lesson id ("04-point"): slug ("point")}``: the stages store a lesson by its id."""
    try:
        module = importlib.import_module("academy.stages")
    except ImportError:
        return {}
    lessons: Any = getattr(module, "LESSONS", None)
    if not isinstance(lessons, dict):
        return {}
    return {str(lid): str(slug) for slug, lid in lessons.items()}


def lesson_path() -> list[LessonStep]:
    """Every lesson, in order, with what is done."""
    ids = _lesson_ids()
    lessons_done = {ids.get(item, item) for item in _done(storage.items("lesson"))}
    lessons_done |= {ids.get(item, item) for item in completed()}
    stages_done = _done(storage.items("stage"))
    stages = stages_by_lesson()
    out = []
    for lesson in lesson_list():
        sids = stages.get(lesson.slug, ())
        done = lesson.slug in lessons_done or (bool(sids) and all(s in stages_done
                                                                   for s in sids))
        # a lesson done has every stage done (progress never goes back)
        out.append(LessonStep(lesson, done, tuple((s, done or s in stages_done)
                                                  for s in sids)))
    return out


def _lesson_label(lesson: Lesson) -> str:
    # TRANSLATORS: {number} the lesson's place on the path, {title} its title
    return _("Lesson {number}: {title}", number=lesson.number, title=lesson.title)


def _next_lesson(path: Sequence[LessonStep]) -> Link | None:
    for step in path:
        if step.done:
            continue
        for sid, done in step.stages:
            if not done:
                return Link(LESSONS_PAGE, _lesson_label(step.lesson), ngettext(
                    "{done} of {n} stage done", "{done} of {n} stages done",
                    len(step.stages), done=step.stages_done),
                    {"lesson": step.lesson.slug, STAGE_PARAM: sid}, ":material/school:")
        return Link(LESSONS_PAGE, _lesson_label(step.lesson),
                    _("The next lesson on your path."), {"lesson": step.lesson.slug},
                    ":material/school:")
    return None


def _quiz_in_progress() -> Link | None:
    latest = storage.rounds(limit=1)
    if not latest:
        return None
    r = latest[0]
    answered = r.right + r.wrong + r.skipped
    if r.finished_at is not None or answered >= r.length:
        return None
    return Link(QUIZ_PAGE, _("Your quiz round"), ngettext(
        "{done} of {n} question answered", "{done} of {n} questions answered", r.length,
        done=answered), {}, ":material/quiz:")


def _partie_in_progress() -> Link | None:
    found = summary(storage.partie())
    if found is None:
        return None
    deal, you, computer = found
    return Link(PLAY_PAGE, _("Your partie against the computer"),
                _("Deal {deal} of 6 — you {you}, the computer {computer}.", deal=deal,
                  you=you, computer=computer), {}, ":material/playing_cards:")


def next_steps(path: Sequence[LessonStep] | None = None) -> list[Link]:
    """Continue where you left off: the quiz round and the partie in progress, then the
    next lesson (or stage) not done."""
    found = [_quiz_in_progress(), _partie_in_progress(),
             _next_lesson(lesson_path() if path is None else path)]
    return [link for link in found if link is not None]


def _stage_lessons() -> dict[str, str]:
    return {sid: lesson for lesson, sids in stages_by_lesson().items() for sid in sids}


def misses(limit: int = 20) -> list[Link]:
    """"Practise my misses", shakiest first, each with its link (one list: the Quiz page
    and My progress both draw it, :func:`ui.progress.views.render_misses`)."""
    titles = {lesson.slug: lesson for lesson in lesson_list()}
    stage_lessons = _stage_lessons()
    ids = _lesson_ids()
    out: list[Link] = []
    for p in storage.misses(limit=limit):
        detail = ngettext("Missed {n} time", "Missed {n} times", p.review.wrong)
        if p.kind == "stage":
            lesson = titles.get(stage_lessons.get(p.item, ""))
            label = (_("A stage of lesson {number}: {title}", number=lesson.number,
                       title=lesson.title) if lesson else _("A lesson stage"))
            params = {"lesson": lesson.slug} if lesson else {}
            out.append(Link(LESSONS_PAGE, label, detail, {**params, STAGE_PARAM: p.item},
                            ":material/school:"))
        elif p.kind == "lesson" and ids.get(p.item, p.item) in titles:
            slug = ids.get(p.item, p.item)
            out.append(Link(LESSONS_PAGE, _lesson_label(titles[slug]), detail,
                            {"lesson": slug}, ":material/school:"))
        elif p.kind in ("quiz", "quiz_kind") and p.item in KINDS:
            out.append(Link(QUIZ_PAGE, _("Quiz: {kind}", kind=kind_title(p.item)), detail,
                            {PRACTISE_PARAM: "1", "kind": p.item}, ":material/quiz:"))
        elif p.kind == MY_PUZZLE_KIND:
            out.append(Link(PUZZLES_PAGE, _("A puzzle from a deal you played"), detail,
                            {MINE_PARAM: p.item}, ":material/extension:"))
    return out

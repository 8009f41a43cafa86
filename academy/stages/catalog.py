"""The lessons' paths of stages, read from ``content/<lang>/stages/NN-name.json`` (one file
per lesson), and the tasks they make.

A file holds the lesson's slug and its stages in order, each with a number ``n`` (the
stable part of its id: ``"04-point/2"``), a task ``kind`` with its ``params``, a ``title``
and the two or three sentences that ``teach`` the idea. The English files are the paths;
another language's file (same names) gives only its titles and texts, by ``n``: a stage it
lacks is said in English.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from academy.stages.kinds import KINDS
from academy.stages.model import Stage, Task
from piquet.rules import PRESETS, get_rules

__all__ = [
    "CONTENT",
    "LESSONS",
    "STAGES",
    "StageError",
    "StageText",
    "lesson_id",
    "lesson_stages",
    "make_task",
    "stage",
    "stage_text",
    "task_seed",
]

CONTENT: Final = Path(__file__).resolve().parents[2] / "content"
DEFAULT_LANG: Final = "en"


class StageError(ValueError):
    """A stage id that no lesson has (the message names it)."""


@dataclass(frozen=True, slots=True)
class StageText:
    title: str
    teach: str


def _files(lang: str) -> list[Path]:
    return sorted((CONTENT / lang / "stages").glob("*.json"))


@cache
def _read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _load() -> tuple[tuple[Stage, ...], dict[str, str]]:
    stages: list[Stage] = []
    lessons: dict[str, str] = {}
    for path in _files(DEFAULT_LANG):
        data = _read(path)
        slug = str(data["lesson"])
        lessons[slug] = path.stem
        for item in data["stages"]:
            kind = str(item["kind"])
            if kind not in KINDS:
                raise StageError(f"{path.name}: stage {item['n']} has an unknown kind {kind!r}")
            stages.append(Stage(f"{path.stem}/{int(item['n'])}", slug, path.stem,
                                int(item["n"]), kind, dict(item.get("params", {}))))
    return tuple(stages), lessons


_LOADED: Final = _load()
STAGES: Final[tuple[Stage, ...]] = _LOADED[0]
"""Every stage, lesson by lesson, in order."""
LESSONS: Final[dict[str, str]] = _LOADED[1]
"""Each lesson's slug → its id (the file's name, ``"04-point"``), in order."""
_BY_ID: Final = {s.id: s for s in STAGES}


def stage(stage_id: str) -> Stage:
    """The stage of that id; :class:`StageError` naming it when there is none."""
    found = _BY_ID.get(stage_id)
    if found is None:
        shown = stage_id if len(stage_id) <= 40 else stage_id[:40] + "…"
        raise StageError(f"there is no stage {shown!r}")
    return found


def lesson_stages(slug: str) -> tuple[Stage, ...]:
    """The stages of lesson ``slug`` in order (empty for a lesson without stages)."""
    return tuple(s for s in STAGES if s.lesson == slug)


def lesson_id(slug: str) -> str | None:
    """The id of lesson ``slug`` (``"04-point"``), ``None`` for an unknown slug."""
    return LESSONS.get(slug)


def stage_text(s: Stage, lang: str = DEFAULT_LANG) -> StageText:
    """The stage's title and teaching text in ``lang`` (English when it has none)."""
    for code in (lang, DEFAULT_LANG):
        path = CONTENT / code / "stages" / f"{s.lesson_id}.json"
        if not path.exists():
            continue
        for item in _read(path)["stages"]:
            if int(item["n"]) == s.number and item.get("title") and item.get("teach"):
                return StageText(str(item["title"]), str(item["teach"]))
    return StageText(s.id, "")


def task_seed(learner: str, stage_id: str, attempt: int) -> int:
    """The seed of a learner's ``attempt``-th task on a stage: the same learner, stage and
    attempt always make the same task; another learner or attempt, another one.

    >>> task_seed("k", "04-point/1", 0) == task_seed("k", "04-point/1", 0)
    True
    >>> task_seed("k", "04-point/1", 0) != task_seed("k", "04-point/1", 1)
    True
    """
    digest = hashlib.sha256(f"{learner}\x1f{stage_id}\x1f{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_task(stage_id: str, seed: int, rules: str = "britannica") -> Task:
    """A fresh task for the stage ``stage_id`` made from ``seed`` under the preset ``rules``:
    the same arguments always make the same task (for the "practise my misses" page too).

    >>> t = make_task("04-point/1", 7)
    >>> t == make_task("04-point/1", 7), t.answer_kind
    (True, 'cards')
    """
    s = stage(stage_id)
    preset = get_rules(rules if rules in PRESETS else None)
    rng = random.Random(f"{stage_id}:{seed}")
    made = KINDS[s.kind].make(rng, preset, s.params)
    return Task(stage_id=stage_id, kind=s.kind, seed=seed, rules=preset.name, **made)

"""Reading the text content under ``content/<lang>/``: lessons and pages' prose.

Lessons are Markdown files: ``# Title``, a ``slug: x`` line, the body with one
``<!-- widget -->`` marker, and a ``## Check your understanding`` section holding a fenced
``questions`` JSON block.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from piquet import Card, DealRecord, sort_cards

CONTENT: Final = Path(__file__).resolve().parent.parent / "content"
WIDGET_MARK: Final = "<!-- widget -->"
_QUESTIONS: Final = re.compile(r"```questions\s*\n(.*?)\n```", re.S)
_CHECK_HEADING: Final = "## Check your understanding"


@dataclass(frozen=True)
class Question:
    q: str
    options: tuple[str, ...]
    answer: int
    why: str


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    before: str
    after: str
    questions: tuple[Question, ...]
    number: int


def text(name: str, lang: str = "en") -> str:
    """A prose file, e.g. ``text("home.md")``."""
    return _read(CONTENT / lang / name)


@lru_cache(maxsize=64)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _parse_lesson(path: Path, number: int) -> Lesson:
    raw = _read(path)
    lines = raw.splitlines()
    title = lines[0].removeprefix("# ").strip()
    slug = next(ln.split(":", 1)[1].strip() for ln in lines if ln.startswith("slug:"))
    body = "\n".join(ln for ln in lines[1:] if not ln.startswith("slug:"))
    check = body.find(_CHECK_HEADING)
    questions: tuple[Question, ...] = ()
    if check >= 0:
        m = _QUESTIONS.search(body, check)
        if m:
            questions = tuple(Question(q["q"], tuple(q["options"]), int(q["answer"]), q["why"])
                              for q in json.loads(m.group(1)))
        body = body[:check]
    before, _, after = body.partition(WIDGET_MARK)
    return Lesson(slug, title, before.strip(), after.strip(), questions, number)


@lru_cache(maxsize=4)
def lessons(lang: str = "en") -> tuple[Lesson, ...]:
    """All lessons in order."""
    files = sorted((CONTENT / lang / "lessons").glob("*.md"))
    return tuple(_parse_lesson(p, i) for i, p in enumerate(files, 1))


def scenario_texts(name: str, lang: str) -> dict[str, object]:
    """A library scenario's words in ``lang`` (``content/<lang>/scenarios/<name>.json``: its
    title, lesson, summary and captions; the record stays in ``content/scenarios/``)."""
    data = json.loads(_read(CONTENT / lang / "scenarios" / f"{name}.json"))
    return {k: data[k] for k in ("title", "lesson", "summary", "captions") if k in data}


@cache
def example_hands(scenario: str = "cavendish-deal") -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Elder's and Younger's hands after the exchange in a library scenario
    (``content/scenarios/<scenario>.json``), in display order: the example deal is read from
    its file, never typed again."""
    data = json.loads(_read(CONTENT / "scenarios" / f"{scenario}.json"))
    rec = DealRecord.from_json(data.get("record", data))
    return sort_cards(rec.elder_after), sort_cards(rec.younger_after)

"""The Lessons area: eleven short lessons, each with a live widget on real cards and a few
check questions.

- :mod:`ui.lessons.state`: the area's session keys (all ``lessons_…``) and callbacks;
- :mod:`ui.lessons.framework`: the page machinery (chooser synced with ``?lesson=``,
  progress, previous / next, check questions, prose with page links, the "Try it" box);
- :mod:`ui.lessons.common`: what the widgets share (cards, hand input, Cavendish's deal);
- :mod:`ui.lessons.widgets`: one module per lesson widget, and the registry ``WIDGETS``.
"""

from ui.lessons.common import blanche_timing
from ui.lessons.framework import (
    check_questions,
    choose_lesson,
    lesson_intro,
    lesson_markdown,
    lesson_widget,
    page_links,
    prev_next,
    progress,
)
from ui.lessons.state import completed
from ui.lessons.widgets import WIDGETS

__all__ = [
    "WIDGETS",
    "blanche_timing",
    "check_questions",
    "choose_lesson",
    "completed",
    "lesson_intro",
    "lesson_markdown",
    "lesson_widget",
    "page_links",
    "prev_next",
    "progress",
]

"""The lessons' live widgets, one module per lesson, and their registry :data:`WIDGETS`
(lesson slug -> the function drawing its widget).

Every score and every rule comes from the ``piquet`` engine; the widgets only lay it out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ui.lessons.widgets.blanche import blanche_widget
from ui.lessons.widgets.deal import deal_widget
from ui.lessons.widgets.dialogue import dialogue_widget
from ui.lessons.widgets.differences import differences_widget
from ui.lessons.widgets.exchange import exchange_widget
from ui.lessons.widgets.partie import partie_widget
from ui.lessons.widgets.play import play_widget
from ui.lessons.widgets.point import point_widget
from ui.lessons.widgets.reckoning import reckoning_widget
from ui.lessons.widgets.sequence import sequence_widget
from ui.lessons.widgets.sets import sets_widget

__all__ = ["WIDGETS"]

WIDGETS: Final[dict[str, Callable[[], None]]] = {
    "deal": deal_widget,
    "exchange": exchange_widget,
    "blanche": blanche_widget,
    "point": point_widget,
    "sequence": sequence_widget,
    "sets": sets_widget,
    "dialogue": dialogue_widget,
    "reckoning": reckoning_widget,
    "play": play_widget,
    "partie": partie_widget,
    "differences": differences_widget,
}
"""Lesson slug -> the function drawing its live widget."""

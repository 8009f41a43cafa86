"""A deal presented to a class on a projector, one screen at a time.

:mod:`ui.present.steps` cuts a deal into steps (the hands, each line of the dialogue, each
step of the reckoning, the totals, each trick); :mod:`ui.present.screens` draws a step as a
screen that fits a 1920×1080 projector without scrolling, with big buttons and the keys
→ (next), ← (back) and R (reveal) from :mod:`ui.present.keys`. The Lab's presentation mode
uses :func:`present_deal`; any page can, with the step in its own address (``step=N``).
:func:`ui.present.screens.screen` is one screen of any presentation (the Class page's "show
the class" draws its questions in it)."""

from ui.present.screens import present_deal
from ui.present.steps import Kind, Presentation, Step, presentation

__all__ = ["Kind", "Presentation", "Step", "present_deal", "presentation"]

"""The quiz page (kept for its importers): see :mod:`ui.quiz`."""

from ui.quiz.views import quiz_page

__all__ = ["quiz_page"]

"""Quiz: questions dealt from random hands; each answer checked and explained by the engine.

Deep links: ``/quiz?seed=42&level=expert`` (with the frame's ``&rules=``) gives every pupil
the same questions."""

from ui.quiz_view import quiz_page

quiz_page()

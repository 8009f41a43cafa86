"""Quiz: rounds of questions dealt from random hands; each answer checked and explained by the
engine, an end screen with the score, the time, the results per kind and the misses.

Deep links: ``/quiz?seed=42&level=expert&n=10`` (with the frame's ``&rules=``) gives every
pupil the same round; ``?practise=1`` (``&kind=``) a round of the learner's misses."""

from ui.quiz_view import quiz_page

quiz_page()

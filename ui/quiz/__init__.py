"""The quiz page's Streamlit side: :mod:`ui.quiz.state` (the round in progress, kept in the
session and the progress store), :mod:`ui.quiz.views` (the page), :mod:`ui.quiz.draw` (cards,
answers and feedback) and :mod:`ui.quiz.end` (the end screen and the quiz history)."""

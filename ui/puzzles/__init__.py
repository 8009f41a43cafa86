"""The Puzzles page (app_pages/puzzles.py): its state (:mod:`ui.puzzles.state`) and drawing
(:mod:`ui.puzzles.views`)."""

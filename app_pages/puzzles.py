"""Puzzles: positions cut from the computer's own games, each with one sound answer, served
near the learner's rating (Glicko-2), by theme if chosen; a puzzle of the day; ``?id=`` is a
puzzle's shareable link (ui/puzzles/, docs/puzzles.md)."""

from ui.puzzles import state, views

views.header()
puzzle = state.current()
views.unknown_notice()
views.position(puzzle)  # the task and its cards first: on a phone, on the first screen
views.question(puzzle)
views.verdict(puzzle)
views.choosers()

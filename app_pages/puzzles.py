"""Puzzles: positions cut from the computer's own games, each with one sound answer, served
near the learner's rating (Glicko-2), by theme if chosen; a puzzle of the day; ``?id=`` is a
puzzle's shareable link. ``?mode=count``: the counting drill, ``?task=`` its task's link
(ui/puzzles/, docs/puzzles.md)."""

from ui.puzzles import drill, state, views

if views.mode() == views.COUNT:
    views.drill_header()
    drill.task_view(drill.current())
else:
    views.header()
    puzzle = state.current()
    views.unknown_notice()
    views.position(puzzle)  # the task and its cards first: on a phone, on the first screen
    views.question(puzzle)
    views.verdict(puzzle)
    views.choosers()

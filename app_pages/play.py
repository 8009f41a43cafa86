"""Play: a partie against the computer, or a deal replayed step by step
(``/play?scenario=NAME&step=N``, or ``/play?record=…`` for any other deal, its record in the
link; ``&present=1`` for a projector)."""

from ui.play import render_page

render_page()

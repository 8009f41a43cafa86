"""My progress: what is done, the quiz history per kind, practise my misses, move my progress
to another device (the resume link ``/progress?resume=…``, adopted by the frame), forget me."""

from ui.progress.views import render_progress_page

render_progress_page()

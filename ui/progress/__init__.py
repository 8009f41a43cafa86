"""Progress kept, as the learner meets it: who the learner is, the partie kept across a
reload, what is done and where to go next.

- :mod:`ui.progress.identity`: the learner's secret id on every run (:func:`start`), the
  resume link of "move my progress to another device", "forget me";
- :mod:`ui.progress.partie`: the partie in progress on Play, saved after every step
  (:func:`keep`) and restored when Play opens (:func:`restore`);
- :mod:`ui.progress.path`: the lesson path with what is done, "continue where you left off",
  "practise my misses";
- :mod:`ui.progress.views`: Home's blocks and the "My progress" page.

The frame (``app.py``) calls ``start()`` first, ``restore()`` before Play, ``keep()`` and
``browser_store()`` after the page. See docs/storage.md.
"""

from ui.progress.identity import current_id, forget_me, resume_link, show_messages, start
from ui.progress.partie import keep, restore

__all__ = ["current_id", "forget_me", "keep", "restore", "resume_link", "show_messages",
           "start"]

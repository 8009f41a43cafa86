"""Making sure every page runs inside the frame (``app.py``).

Streamlit 1.67 starts a server whose script folder holds ``pages/`` in its old (v1)
multipage mode: until some session has run ``app.py`` and its ``st.navigation``, a first
request for ``/lab`` runs ``pages/lab.py`` alone, with no frame, no rules selector and the
old sidebar list of files. :func:`ensure_frame`, called first by every page, notices this,
switches the server to the ``st.navigation`` mode and reruns, so ``app.py`` draws the frame
and then the page that was asked for.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager


def ensure_frame() -> None:
    """Rerun through ``app.py`` if this page was started without it."""
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()

"""What the learner sees when a page fails: one sentence in their language, never a
traceback (which names the server's files). The traceback goes to the server's log.

The router runs each page inside :func:`contained`; what runs outside it — a fragment's own
rerun, a widget's callback, the frame — reaches :func:`said`, the ``on_script_error`` of the
app's ``st.App`` (app.py). Should that fail too, ``client.showErrorDetails = "none"``
(``.streamlit/config.toml``) makes Streamlit show its own short notice (in English), never
the traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit.errors import FragmentHandledException

from words import _

__all__ = ["contained", "failure_text", "said"]

log = logging.getLogger(__name__)


def failure_text() -> str:
    return _("Something went wrong, and this page could not be shown in full. Nothing you "
             "saved is lost: reload the page, or open another one.")


@contextmanager
def contained() -> Iterator[None]:
    """Run a page: an error in it is logged (with its traceback) and said in words.

    Streamlit's own signals (``st.rerun``, ``st.stop``, a page switch) are not errors: they
    derive from ``BaseException``, not ``Exception``, and pass through; so does a fragment's
    error, which Streamlit has already handled (through :func:`said`) when it raises
    ``FragmentHandledException``."""
    try:
        yield
    except FragmentHandledException:
        raise
    except Exception:
        log.exception("a page failed")
        st.error(failure_text(), icon=":material/error:")


def said(error: Exception) -> bool:
    """``st.App(on_script_error=...)``: an error outside the page (a callback, a fragment's
    run) logged and said in words; True: Streamlit shows nothing more of it."""
    log.error("a run failed", exc_info=error)
    try:
        st.error(failure_text(), icon=":material/error:")
    except Exception:  # nothing can be drawn: Streamlit's own notice (showErrorDetails)
        return False
    return True

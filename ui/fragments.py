"""A part of a page drawn as an ``st.fragment`` reruns alone on its widgets' changes. A step
in it that changes more than the fragment (the sidebar's preset, a notice drawn at the page's
top, a new round, a class gone) asks for a whole-page run instead: the fragment's next run
starts one, and a whole-page run, which draws everything anyway, forgets the ask.

One key serves every page: a step asks from a callback, which runs just before the run it
triggers (the fragment's), and each page forgets the ask before it draws its fragment."""

from __future__ import annotations

from typing import Final

import streamlit as st

__all__ = ["ask_whole_page", "whole_page_drawn", "whole_page_if_asked"]

_K_ASKED: Final = "_pq_whole_page_asked"


def ask_whole_page() -> None:
    """From a step inside a fragment (a callback): run the whole page next, not the fragment."""
    st.session_state[_K_ASKED] = True


def whole_page_drawn() -> None:
    """In a whole-page run, before the page draws its fragment: an ask is met by this run."""
    st.session_state.pop(_K_ASKED, None)


def whole_page_if_asked(also: bool = False) -> None:
    """First in a fragment: run the whole page instead when a step asked for it, or when
    ``also`` (the fragment's own reason)."""
    if st.session_state.pop(_K_ASKED, False) or also:
        st.rerun(scope="app")

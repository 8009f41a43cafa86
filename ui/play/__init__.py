"""The Play page: a partie against the computer (:mod:`ui.play.table`), or a deal replayed
step by step (:mod:`ui.play.walkthrough`).

Session keys and callbacks are in :mod:`ui.play.state`: every key starts with ``play_`` or
``wt_``. A callback only applies the learner's own action, so it is quick; the computer's move
(and a hint) is computed afterwards (:mod:`ui.play.computer`), behind ``st.spinner``, followed
by ``st.rerun()``. The panels of a deal are in :mod:`ui.play.panels`, the drawing helpers in
:mod:`ui.play.draw`, the messages with a count in :mod:`ui.play.words`.

Keys the tests click: ``play_new_partie``, ``play_deal``, the card hands ``play_discards``
(tap the cards to discard; the choice kept as ``play_discard_<CARD>`` flags) and
``play_trick_hand`` (tap a card to play it; :mod:`ui.play.taps`), ``play_exchange``,
``play_decl_*`` (checkboxes), ``play_answer_<category>`` (radios), ``play_declare``,
``play_undo``, ``play_next_deal``, ``play_download``;
in the walkthrough ``wt_scenario``, ``wt_text``, ``wt_load``, ``wt_prev``, ``wt_next``,
``wt_first``, ``wt_last``, ``wt_present``.
"""

from __future__ import annotations

import streamlit as st

from ui.play.draw import _css, tally_html
from ui.play.state import LOADED, _init_from_params, _ss, learner_spec, scenario_library
from ui.play.table import render_play
from ui.play.walkthrough import render_walkthrough, walk_params
from words import _


def _mode_label(mode: str) -> str:
    return _("Play against the computer") if mode == "play" else _("Replay and teach")


def render_page() -> None:
    """The Play page: a partie against the computer, or replay and teach."""
    _css()
    ss = _ss()
    if "play_mode" not in ss:
        qp = st.query_params
        ss["play_mode"] = "teach" if any(k in qp for k in ("scenario", "record", "step",
                                                              "present")) else "play"
    if ss.get("play_mode") == "teach":
        _init_from_params(scenario_library())
    if not ss.get("wt_present") or ss.get("play_mode") != "teach":
        st.title(_("Play"))
        st.segmented_control(_("Mode"), ["play", "teach"], key="play_mode", required=True,
                             format_func=_mode_label, label_visibility="collapsed",
                             persist_state="session")
    if ss.get("play_mode") == "teach":
        render_walkthrough()
    else:
        for k in ("scenario", "record", "step", "present"):
            st.query_params.pop(k, None)
        render_play()


__all__ = ["LOADED", "learner_spec", "render_page", "render_play", "render_walkthrough",
           "scenario_library", "tally_html", "walk_params"]

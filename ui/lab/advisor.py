"""The Lab's exchange advisor and "How rare is this hand?": a panel opened on demand.

Shut (most reruns), the panel is its expander's label alone: nothing is computed or sent.
Opened (``st.expander(on_change="rerun")``), it draws, for Elder's hand or Younger's (given
how many cards Elder left), the advisor's best discards on the cards with their figures, a
picker to try any discard (its figures and rank, or why it is not a legal discard), and the
hand's combinations placed on the dealt distributions. Everything computed is cached per
sorted hand, role, ``left`` and preset (:mod:`ui.lab.advisor_data`); the blocks per discard,
view and language (:mod:`ui.lab.advisor_view`).

The widgets' state (whose hand, ``left``, the pick) is dropped by Streamlit while the panel
is shut; what they showed is kept beside them (``_lab_adv_kept``) and put back on opening.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import streamlit as st

from academy.advisor import AdviceError
from piquet.cards import Card
from piquet.errors import PiquetError
from piquet.rules import Rules
from ui.lab.advisor_data import Ranking, hand_key, ranking, rarities
from ui.lab.advisor_view import advice_markdown
from ui.lab.sinking import hand_sig
from ui.text import md_escape
from words import language
from words.advisor import (
    advice_error_text,
    label,
    left_option,
    pick_problem,
    rarity_text,
    top_heading,
)
from words.errors import error_text
from words.hints import cards_text

__all__ = ["K_ADVISOR_OPEN", "advisor_panel", "problem_text"]

K_ADVISOR_OPEN: Final = "lab_advisor"
K_ROLE: Final = "lab_adv_role"
K_LEFT: Final = "lab_adv_left"
K_PICK: Final = "lab_adv_pick"
_K_KEPT: Final = "_lab_adv_kept"
LEFT_CHOICES: Final = (0, 1, 2, 3, 4)


def problem_text(e: BaseException) -> str:
    """Why the advisor could not answer, in words (plain text)."""
    if isinstance(e, AdviceError):
        return advice_error_text(e)
    return error_text(e) if isinstance(e, PiquetError) else label("failed")


def _pick_key(role: str, hand: tuple[Card, ...]) -> str:
    return f"{K_PICK}_{role}_{hand_sig(hand)}"


def _restore(key: str, default: Any) -> None:
    """Put back what a widget showed the last time the panel was open."""
    kept: dict[str, Any] = st.session_state.setdefault(_K_KEPT, {})
    if key not in st.session_state:
        st.session_state[key] = kept.get(key, default)


def _keep(key: str) -> None:
    kept: dict[str, Any] = st.session_state.setdefault(_K_KEPT, {})
    kept[key] = st.session_state.get(key)


def _forget_other_picks(keep: str) -> None:
    kept: dict[str, Any] = st.session_state.setdefault(_K_KEPT, {})
    for k in [k for k in kept if k.startswith(K_PICK) and k != keep]:
        del kept[k]


def _best(r: Ranking, colours: bool) -> None:
    lang = language()
    st.subheader(top_heading(len(r.top)))
    for i, f in enumerate(r.top, start=1):
        st.markdown(advice_markdown(r.hand, f, i, r.count, lang=lang, colours=colours),
                    unsafe_allow_html=True)


def _picked(r: Ranking, colours: bool) -> None:
    key = _pick_key(r.role, r.hand)
    _forget_other_picks(key)
    _restore(key, [])
    picked = st.multiselect(label("pick"), options=list(r.hand), key=key,
                            format_func=lambda c: cards_text((c,)), help=label("pick_help"),
                            placeholder=label("pick_placeholder"))
    _keep(key)
    problem = pick_problem(r.role, len(picked), r.allowed())
    if not picked and problem:  # nothing picked yet: say what may be, without alarm
        st.caption(label("pick_none"))
        st.caption(problem)
        return
    found = None if problem else r.find(list(picked))
    if problem or found is None:
        st.warning(problem or label("failed"), icon=":material/block:")
        return
    rank, f = found
    st.markdown(advice_markdown(r.hand, f, rank, r.count, lang=language(), colours=colours,
                                numbered=False), unsafe_allow_html=True)


def _rarity(hand: tuple[Card, ...]) -> None:
    st.subheader(label("rarity"))
    try:
        lines = rarities(hand_key(hand))
    except PiquetError as e:
        st.error(md_escape(problem_text(e)))
        return
    st.caption(label("rarity_intro"))
    if not lines:
        st.caption(label("no_rarity"))
        return
    st.markdown("\n".join(
        "- " + rarity_text(x.kind, x.size, x.rank, x.chance, x.one_in) for x in lines))


def advisor_panel(hands: Mapping[str, tuple[Card, ...] | None], rules: Rules, *,
                  colours: bool = False) -> None:
    """The panel: its expander always, its content only while open."""
    panel = st.expander(label("panel"), icon=":material/insights:", key=K_ADVISOR_OPEN,
                        on_change="rerun")
    if not panel.open:
        return
    with panel:
        st.caption(label("intro"))
        _restore(K_ROLE, "elder")
        role = st.radio(label("whose"), ("elder", "younger"), key=K_ROLE, horizontal=True,
                        format_func=lambda r: label(f"{r}_hand"))
        _keep(K_ROLE)
        left = 0
        if role == "younger":
            _restore(K_LEFT, 0)
            left = int(st.radio(label("left"), LEFT_CHOICES, key=K_LEFT, horizontal=True,
                                format_func=left_option, help=label("left_help")) or 0)
            _keep(K_LEFT)
        hand = hands.get(str(role))
        if hand is None:
            st.info(label("elder_missing") if role == "elder" else label("younger_missing"))
            return
        try:
            with st.spinner(label("thinking")):
                r = ranking(hand_key(hand), str(role), left, rules.name)
        except PiquetError as e:
            st.error(md_escape(problem_text(e)), icon=":material/block:")
            return
        st.caption(label("figures_help"))
        _best(r, colours)
        _picked(r, colours)
        _rarity(hand)

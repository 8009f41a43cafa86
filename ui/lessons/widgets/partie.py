"""Lesson 10's widget: two partie totals and the settlement, rubicon and all."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import settle_partie
from ui.lessons.state import PARTIE_A, PARTIE_B, set_partie_totals
from ui.text import md_escape
from words.reckoning import settlement_text

_SETTLEMENTS: Final = ((131, 113), (120, 100), (120, 99), (125, 81), (51, 49), (112, 112))
MAX_PARTIE: Final = 8 * 170
"""No partie total can be higher: at most eight deals of at most 170 points."""


def _total(text: str, who: str) -> tuple[int | None, str | None]:
    """A partie total typed by the user: (value, None) or (None, the problem in words)."""
    raw = text.strip()
    shown = md_escape(raw if len(raw) <= 20 else raw[:20] + "…")
    if not raw:
        return None, f"{who}'s total is empty: type a whole number such as 125."
    if not (raw.isascii() and raw.isdigit()):
        return None, f"{who}'s total “{shown}” is not a whole number of 0 or more."
    value = int(raw)
    if value > MAX_PARTIE:
        return None, (f"{who}'s total {value:,} is more than a partie can score "
                      f"(at most {MAX_PARTIE:,}: eight deals of at most 170).")
    return value, None


def partie_widget() -> None:
    """Two partie totals and the settlement, rubicon and all. A bad total is named (both at
    once) and no settlement is shown beside it."""
    ss = st.session_state
    ss.setdefault(PARTIE_A, "125")
    ss.setdefault(PARTIE_B, "81")
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown("The lesson's examples:")
        for ex_a, ex_b in _SETTLEMENTS:
            st.button(f"{ex_a} v {ex_b}", key=f"lessons_partie_ex_{ex_a}_{ex_b}",
                      on_click=set_partie_totals, args=(ex_a, ex_b))
    left, right = st.columns(2)
    with left:
        st.text_input("A's total after six deals", key=PARTIE_A, max_chars=12)
    with right:
        st.text_input("B's total after six deals", key=PARTIE_B, max_chars=12)
    a, bad_a = _total(str(ss.get(PARTIE_A) or ""), "A")
    b, bad_b = _total(str(ss.get(PARTIE_B) or ""), "B")
    problems = [p for p in (bad_a, bad_b) if p]
    if problems or a is None or b is None:
        st.error("  \n".join(problems), icon=":material/error:")
        return
    s = settle_partie(a, b)
    if s.winner is None:
        st.info(settlement_text(s) + " (A tie after six deals is first followed by two more deals; "
                "only a tie after eight is a draw.)",
                icon=":material/balance:")
        return
    c1, c2 = st.columns(2)
    c1.metric(f"{s.winner} wins the partie", f"{s.points}", border=True)
    c2.metric("Loser rubiconed?", "yes" if s.rubiconed else "no", border=True)
    st.success(settlement_text(s), icon=":material/emoji_events:")



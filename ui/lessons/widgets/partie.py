"""Lesson 10's widget: two partie totals and the settlement, rubicon and all."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import settle_partie
from ui.lessons.state import PARTIE_A, PARTIE_B, set_partie_totals
from ui.text import md_escape
from words import _, format_number
from words.reckoning import settlement_text

_SETTLEMENTS: Final = ((131, 113), (120, 100), (120, 99), (125, 81), (51, 49), (112, 112))
MAX_PARTIE: Final = 8 * 170
"""No partie total can be higher: at most eight deals of at most 170 points."""


def _total(text: str, who: str) -> tuple[int | None, str | None]:
    """A partie total typed by the user for player ``who`` ("A" or "B"): (value, None) or
    (None, the problem in words)."""
    raw = text.strip()
    shown = md_escape(raw if len(raw) <= 20 else raw[:20] + "…")
    a = who == "A"
    if not raw:
        return None, (_("A's total is empty: type a whole number such as 125.") if a else
                      _("B's total is empty: type a whole number such as 125."))
    if not (raw.isascii() and raw.isdigit()):
        # TRANSLATORS: {value} is what was typed.
        return None, (_("A's total “{value}” is not a whole number of 0 or more.", value=shown)
                      if a else
                      _("B's total “{value}” is not a whole number of 0 or more.", value=shown))
    value = int(raw)
    if value > MAX_PARTIE:
        shown, most = format_number(value), format_number(MAX_PARTIE)
        return None, (_("A's total {value} is more than a partie can score (at most {most}: "
                        "eight deals of at most 170).", value=shown, most=most) if a else
                      _("B's total {value} is more than a partie can score (at most {most}: "
                        "eight deals of at most 170).", value=shown, most=most))
    return value, None


def partie_widget() -> None:
    """Two partie totals and the settlement, rubicon and all. A bad total is named (both at
    once) and no settlement is shown beside it."""
    ss = st.session_state
    ss.setdefault(PARTIE_A, "125")
    ss.setdefault(PARTIE_B, "81")
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown(_("The lesson's examples:"))
        for ex_a, ex_b in _SETTLEMENTS:
            # TRANSLATORS: an example's two partie totals, A's then B's: "131 v 113".
            st.button(_("{a} v {b}", a=ex_a, b=ex_b), key=f"lessons_partie_ex_{ex_a}_{ex_b}",
                      on_click=set_partie_totals, args=(ex_a, ex_b))
    left, right = st.columns(2)
    with left:
        st.text_input(_("A's total after six deals"), key=PARTIE_A, max_chars=12,
                      persist_state="session")
    with right:
        st.text_input(_("B's total after six deals"), key=PARTIE_B, max_chars=12,
                      persist_state="session")
    a, bad_a = _total(str(ss.get(PARTIE_A) or ""), "A")
    b, bad_b = _total(str(ss.get(PARTIE_B) or ""), "B")
    problems = [p for p in (bad_a, bad_b) if p]
    if problems or a is None or b is None:
        st.error("  \n".join(problems), icon=":material/error:")
        return
    s = settle_partie(a, b)
    if s.winner is None:
        st.info(_("{settlement} (A tie after six deals is first followed by two more deals; "
                  "only a tie after eight is a draw.)", settlement=settlement_text(s)),
                icon=":material/balance:")
        return
    c1, c2 = st.columns(2)
    # TRANSLATORS: {winner} is a player's name, A or B.
    c1.metric(_("{winner} wins the partie", winner=s.winner), f"{s.points}", border=True)
    c2.metric(_("Loser rubiconed?"), _("yes") if s.rubiconed else _("no"), border=True)
    st.success(settlement_text(s), icon=":material/emoji_events:")

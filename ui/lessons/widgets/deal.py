"""Lesson 1's widget: a seeded random deal, both hands and the talon."""

from __future__ import annotations

from typing import Any

import streamlit as st

from piquet import sort_cards
from piquet.deal import DealState
from ui.lessons.common import SMALL_WIDTH, card_names, draw_cards, faces_down
from ui.lessons.state import new_seed
from ui.settings import current_rules


def deal_widget() -> None:
    """Deal a seeded random deal: both hands and the talon (top 5 Elder's, bottom 3
    Younger's), by twos or threes."""
    ss = st.session_state
    seed = ss.setdefault("lessons_deal_seed", 1)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button("Deal", key="lessons_deal_button", type="primary", icon=":material/casino:",
                  on_click=new_seed, args=("lessons_deal_seed",))
        twos = st.toggle("Deal in twos (off: in threes)", key="lessons_deal_twos")
    batch = 2 if twos else 3
    d = DealState.deal(seed, rules=current_rules(), batch=batch)
    st.markdown("**Elder** (the non-dealer): twelve cards")
    draw_cards(sort_cards(d.elder_dealt))
    st.markdown("**Younger** (the dealer): twelve cards")
    draw_cards(sort_cards(d.younger_dealt))
    st.markdown("**The talon**: eight cards, face down between the players")
    faces_down(len(d.talon))
    st.caption("Turned face up below, so that you can see how it is split:")
    top, bottom = st.columns([5, 4])
    with top:
        st.markdown("Top 5: **Elder's** to draw from")
        draw_cards(d.talon[:5], width=SMALL_WIDTH, caption="top card first")
    with bottom:
        st.markdown("Bottom 3: **Younger's**")
        draw_cards(d.talon[5:], width=SMALL_WIDTH)
    for role, blank in zip(("Elder", "Younger"), d.blanche, strict=True):
        if blank:
            st.success(f"{role}'s hand is carte blanche (no king, queen or jack)! Lesson 3.")
    with st.expander(f"The deal, batch by batch (in {'twos' if twos else 'threes'})"):
        rows: list[dict[str, Any]] = []
        for n in range(0, 12, batch):
            rows.append({"batch": len(rows) + 1, "to": "Elder",
                         "cards": card_names(d.elder_dealt[n:n + batch])})
            rows.append({"batch": len(rows) + 1, "to": "Younger",
                         "cards": card_names(d.younger_dealt[n:n + batch])})
        st.table(rows, hide_index=True)
        st.caption(f"Deal number {seed}. The same number always gives the same cards.")



"""Lesson 1's widget: a seeded random deal, both hands and the talon."""

from __future__ import annotations

import streamlit as st

from piquet import sort_cards
from piquet.deal import DealState
from ui.lessons.common import SMALL_WIDTH, card_names, draw_cards, faces_down
from ui.lessons.state import new_seed
from ui.settings import current_rules
from ui.tables import show_rows_table
from words import _
from words.names import role_name


def deal_widget() -> None:
    """Deal a seeded random deal: both hands and the talon (top 5 Elder's, bottom 3
    Younger's), by twos or threes."""
    ss = st.session_state
    seed = ss.setdefault("lessons_deal_seed", 1)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(_("Deal"), key="lessons_deal_button", type="primary",
                  icon=":material/casino:", on_click=new_seed, args=("lessons_deal_seed",))
        twos = st.toggle(_("Deal in twos (off: in threes)"), key="lessons_deal_twos",
                         persist_state="session")
    batch = 2 if twos else 3
    d = DealState.deal(seed, rules=current_rules(), batch=batch)
    draw_cards(sort_cards(d.elder_dealt), label=_("**Elder** (the non-dealer): twelve cards"))
    draw_cards(sort_cards(d.younger_dealt), label=_("**Younger** (the dealer): twelve cards"))
    faces_down(len(d.talon),
               label=_("**The talon**: eight cards, face down between the players"))
    st.caption(_("Turned face up below, so that you can see how it is split:"))
    top, bottom = st.columns([5, 4])
    with top:
        draw_cards(d.talon[:5], width=SMALL_WIDTH, caption=_("top card first"),
                   label=_("Top 5: **Elder's** to draw from"))
    with bottom:
        draw_cards(d.talon[5:], width=SMALL_WIDTH, label=_("Bottom 3: **Younger's**"))
    elder_blank, younger_blank = d.blanche
    if elder_blank:
        st.success(_("Elder's hand is carte blanche (no king, queen or jack)! Lesson 3."))
    if younger_blank:
        st.success(_("Younger's hand is carte blanche (no king, queen or jack)! Lesson 3."))
    with st.expander(_("The deal, batch by batch (in twos)") if twos else
                     _("The deal, batch by batch (in threes)")):
        to, elder, younger = _("to"), role_name("elder"), role_name("younger")
        rows: list[dict[str, object]] = []
        for n in range(0, 12, batch):
            for who, dealt in ((elder, d.elder_dealt), (younger, d.younger_dealt)):
                rows.append({_("batch"): len(rows) + 1, to: who,
                             _("cards"): card_names(dealt[n:n + batch])})
        show_rows_table(rows)
        st.caption(_("Deal number {seed}. The same number always gives the same cards.",
                     seed=seed))

"""Play's "why this discard?": at the learner's exchange, the exchange advisor's best discard
for the hand, on the cards, with its sentences and figures and a button that picks it.

Asked for, not offered: the panel is an expander that draws (and computes) its content only
while open (``on_change="rerun"``); the ranking is cached per sorted hand, role, ``left`` and
preset (:func:`ui.lab.advisor_data.ranking`), so asking again costs nothing.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet.cards import sort_cards
from piquet.deal import PlayerView
from piquet.errors import PiquetError
from piquet.exchange import ELDER_SHARE
from ui.lab.advisor import problem_text
from ui.lab.advisor_data import hand_key, ranking
from ui.lab.advisor_view import advice_parts
from ui.play.state import _on_take_hint
from ui.settings import four_colour
from ui.text import md_escape
from words import language
from words.advisor import label

__all__ = ["K_ADVICE_OPEN", "advice_hint", "elder_left"]

K_ADVICE_OPEN: Final = "play_advice_open"


def elder_left(view: PlayerView) -> int:
    """How many cards Elder left in the talon, as the player knows it (0 for Elder)."""
    return 0 if view.role == "elder" else ELDER_SHARE - view.opponent_discard_count


def advice_hint(view: PlayerView) -> None:
    """The "why this discard?" panel of the learner's exchange (``view``: the learner's)."""
    panel = st.expander(label("hint"), icon=":material/insights:", key=K_ADVICE_OPEN,
                        on_change="rerun")
    if not panel.open:
        return
    with panel:
        try:
            with st.spinner(label("thinking")):
                r = ranking(hand_key(view.hand), view.role, elder_left(view), view.rules.name)
        except PiquetError as e:
            st.error(md_escape(problem_text(e)), icon=":material/block:")
            return
        if not r.top:
            st.info(label("failed"))
            return
        colours = four_colour()
        best = r.top[0]
        st.caption(label("hint_intro"))
        title, row, text = advice_parts(sort_cards(view.hand), best, 1, r.count,
                                        lang=language(), colours=colours, numbered=False)
        st.markdown(title)
        st.markdown(row, unsafe_allow_html=True)
        st.markdown(text)
        st.button(label("hint_take"), key="play_advice_take", on_click=_on_take_hint,
                  args=(best.discard,), disabled=not best.discard)

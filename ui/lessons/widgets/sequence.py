"""Lesson 5's widget: every sequence of a hand, named and scored."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import analyse, sort_cards
from ui.lessons.common import SMALL_WIDTH, draw_cards, hand_input

_SEQUENCE: Final = "KH QH JH 10H 9H 10S 9S 8S AD KD QD 7C"


def sequence_widget() -> None:
    """Every sequence of a hand, outlined on the cards with its name and score."""
    hand = hand_input(
        "lessons_seq_hand", "Your hand (12 cards)", _SEQUENCE,
        examples={"Lesson example": _SEQUENCE,
                  "Quart, never two tierces": "AS KS QS JS 9S 8H 7H AD QD 10C 9C 8C",
                  "Huitième": "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"})
    if hand is None:
        return
    runs = analyse(hand).sequences
    outlined = {c for r in runs for c in r.cards}
    draw_cards(sort_cards(hand), highlight=outlined)
    if not runs:
        st.info("No sequence here: no three cards in a row of one suit.")
        return
    for run in runs:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            draw_cards(run.cards, width=SMALL_WIDTH, highlight=set(run.cards))
        with text_col:
            st.markdown(f"**{run.name}** in {run.suit.noun} — {run.length} cards, "
                        f"scores **{run.score}**")
    total = sum(r.score for r in runs)
    sums = " + ".join(str(r.score) for r in runs)
    st.success(f"Best sequence: **{runs[0].name}**. If it is good, this hand scores "
               f"{sums}{f' = {total}' if len(runs) > 1 else ''} for sequences; "
               "if not, nothing.", icon=":material/star:")



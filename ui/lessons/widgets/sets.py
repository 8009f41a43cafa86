"""Lesson 6's widget: every trio and quatorze of a hand, scored."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import Rank, analyse, sort_cards
from piquet.combos import SET_RANKS
from ui.content import example_hands
from ui.lessons.common import SMALL_WIDTH, card_names, draw_cards, hand_input, words

_SETS: Final = "AS AH AD 10S 10H 10D 10C 9S 9H 9D KS QC"


def sets_widget() -> None:
    """Every trio and quatorze of a hand outlined and scored; nines and below noted."""
    hand = hand_input(
        "lessons_sets_hand", "Your hand (12 cards)", _SETS,
        examples={"Lesson example": _SETS,
                  "Cavendish's Younger": words(example_hands()[1]),
                  "Four nines": "9S 9H 9D 9C KS KH KD AS QH JD 8C 7C"})
    if hand is None:
        return
    sets = analyse(hand).sets
    draw_cards(sort_cards(hand), highlight={c for s in sets for c in s.cards})
    for s in sets:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            draw_cards(s.cards, width=SMALL_WIDTH, highlight=set(s.cards))
        with text_col:
            st.markdown(f"**{s.call}**: a {s.kind}, scores **{s.score}**")
    for rank in Rank:
        same = [c for c in hand if c.rank is rank]
        if rank not in SET_RANKS and len(same) >= 3:
            word = "Four" if len(same) == 4 else "Three"
            st.warning(f"{word} {rank.plural} ({card_names(same)}): {rank.plural} never form "
                       "sets. Only tens and higher do.", icon=":material/block:")
    if sets:
        sums = " + ".join(str(s.score) for s in sets)
        total = sum(s.score for s in sets)
        st.success(f"Best set: **{sets[0].call}**. If it is good, this hand scores {sums}"
                   f"{f' = {total}' if len(sets) > 1 else ''} for sets; if not, nothing.",
                   icon=":material/star:")
    else:
        st.info("No set here: no three or four aces, kings, queens, jacks or tens.")



"""Lesson 3's widget: is a dealt hand carte blanche, and the odds of one."""

from __future__ import annotations

import math
from typing import Final

import streamlit as st

from piquet import DECK, analyse, sort_cards
from ui.lessons.common import blanche_timing, card_names, draw_cards, hand_input, preset_label
from ui.settings import current_rules

_BLANCHE: Final = "AS 10S 9S AH 10H 8H 7H AD 9D 8D 10C 9C"


def blanche_widget() -> None:
    """Test a dealt hand for carte blanche; the courts that spoil it are outlined."""
    rules = current_rules()
    hand = hand_input(
        "lessons_blanche_hand", "A hand as dealt (12 cards)", _BLANCHE,
        examples={"Carte blanche": _BLANCHE,
                  "Spoiled by one jack": _BLANCHE.replace("9C", "JC"),
                  "Spoiled by courts": "KS QS 9S AH 10H 8H 7H AD JD 8D 10C 9C"})
    if hand is not None:
        courts = [c for c in hand if c.rank.is_court]
        draw_cards(sort_cards(hand), highlight=set(courts))
        if analyse(hand).carte_blanche:
            st.success("**Carte blanche**: no king, queen or jack. Worth **10**, reckoned "
                       "first of everything.", icon=":material/celebration:")
        else:
            st.error(f"**Not carte blanche**: spoiled by {card_names(sort_cards(courts))} "
                     "(outlined). Aces and tens would not spoil it.", icon=":material/block:")
        st.caption(f"When it is shown, under {preset_label(rules.name)}: {blanche_timing(rules)}")
    blanks = sum(1 for c in DECK if not c.rank.is_court)
    ways, hands = math.comb(blanks, 12), math.comb(len(DECK), 12)
    st.metric("Odds of being dealt carte blanche", f"1 in {round(hands / ways):,}",
              help=f"{blanks} cards are not K, Q or J: C({blanks}, 12) / C({len(DECK)}, 12) = "
                   f"{ways:,} / {hands:,}", border=True, width="content")
    st.caption(f"{ways:,} blank hands out of {hands:,} possible hands ≈ 1 in "
               f"{hands / ways:,.1f}.")



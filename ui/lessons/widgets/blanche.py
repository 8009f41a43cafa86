"""Lesson 3's widget: is a dealt hand carte blanche, and the odds of one."""

from __future__ import annotations

import math
from typing import Final

import streamlit as st

from piquet import DECK, analyse, sort_cards
from ui.lessons.common import blanche_timing, card_names, draw_cards, hand_input
from ui.settings import current_rules
from words import _, format_number
from words.odds import one_in_n

_BLANCHE: Final = "AS 10S 9S AH 10H 8H 7H AD 9D 8D 10C 9C"


def blanche_widget() -> None:
    """Test a dealt hand for carte blanche; the courts that spoil it are outlined."""
    rules = current_rules()
    hand = hand_input(
        "lessons_blanche_hand", _("A hand as dealt (12 cards)"), _BLANCHE,
        examples={"blanche": (_("Carte blanche"), _BLANCHE),
                  "jack": (_("Spoiled by one jack"), _BLANCHE.replace("9C", "JC")),
                  "courts": (_("Spoiled by courts"), "KS QS 9S AH 10H 8H 7H AD JD 8D 10C 9C")})
    if hand is not None:
        courts = [c for c in hand if c.rank.is_court]
        draw_cards(sort_cards(hand), highlight=set(courts))
        if analyse(hand).carte_blanche:
            st.success(_("**Carte blanche**: no king, queen or jack. Worth **10**, reckoned "
                         "first of everything."), icon=":material/celebration:")
        else:
            # TRANSLATORS: {cards} are the kings, queens and jacks of the hand, e.g. "K♠ J♦".
            st.error(_("**Not carte blanche**: spoiled by {cards} (outlined). Aces and tens "
                       "would not spoil it.", cards=card_names(sort_cards(courts))),
                     icon=":material/block:")
        st.caption(blanche_timing(rules))
    blanks = sum(1 for c in DECK if not c.rank.is_court)
    ways, hands = math.comb(blanks, 12), math.comb(len(DECK), 12)
    n_ways, n_hands = format_number(ways), format_number(hands)
    odds = one_in_n(round(hands / ways))
    st.metric(_("Odds of being dealt carte blanche"), odds,
              # TRANSLATORS: the arithmetic of the odds; C(n, k) is "n choose k".
              help=_("{blanks} cards are not K, Q or J: C({blanks}, 12) / C({deck}, 12) = "
                     "{ways} / {hands}", blanks=blanks, deck=len(DECK), ways=n_ways,
                     hands=n_hands), border=True, width="content")
    st.caption(_("{ways} blank hands out of {hands} possible hands: about {odds}.",
                 ways=n_ways, hands=n_hands, odds=odds))

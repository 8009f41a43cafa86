"""Lesson 5's widget: every sequence of a hand, named and scored."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import analyse, sort_cards
from ui.lessons.common import SMALL_WIDTH, draw_cards, hand_input, sum_text
from words import _, ngettext
from words.cards import suit_name
from words.declarations import combination_name

_SEQUENCE: Final = "KH QH JH 10H 9H 10S 9S 8S AD KD QD 7C"


def sequence_widget() -> None:
    """Every sequence of a hand, outlined on the cards with its name and score."""
    hand = hand_input(
        "lessons_seq_hand", _("Your hand (12 cards)"), _SEQUENCE,
        examples={"lesson": (_("Lesson example"), _SEQUENCE),
                  "quart": (_("Quart, never two tierces"),
                            "AS KS QS JS 9S 8H 7H AD QD 10C 9C 8C"),
                  "huitieme": (_("Huitième"), "AS KS QS JS 10S 9S 8S 7S AH KH QH JH")})
    if hand is None:
        return
    runs = analyse(hand).sequences
    outlined = {c for r in runs for c in r.cards}
    draw_cards(sort_cards(hand), highlight=outlined)
    if not runs:
        st.info(_("No sequence here: no three cards in a row of one suit."))
        return
    for run in runs:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            draw_cards(run.cards, width=SMALL_WIDTH, highlight=set(run.cards))
        with text_col:
            # TRANSLATORS: "**Quint to the king** in hearts — 5 cards, scores **15**".
            st.markdown(ngettext("**{name}** in {suit} — {n} card, scores **{score}**",
                                 "**{name}** in {suit} — {n} cards, scores **{score}**",
                                 run.length, name=combination_name(run), suit=suit_name(run.suit),
                                 score=run.score))
    # TRANSLATORS: {sum} is the scores added up, e.g. "15 + 3 + 3 = 21" (or one score).
    st.success(_("Best sequence: **{name}**. If it is good, this hand scores {sum} for "
                 "sequences; if not, nothing.", name=combination_name(runs[0]),
                 sum=sum_text([r.score for r in runs])), icon=":material/star:")

"""Lesson 6's widget: every trio and quatorze of a hand, scored."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import Rank, analyse, sort_cards
from piquet.combos import SET_RANKS
from ui.content import example_hands
from ui.lessons.common import SMALL_WIDTH, card_names, draw_cards, hand_input, sum_text, words
from words import _
from words.declarations import combination_name

_SETS: Final = "AS AH AD 10S 10H 10D 10C 9S 9H 9D KS QC"


def _never_a_set(rank: Rank, count: int, cards: str) -> str:
    """Three or four nines, eights or sevens: they never form a set."""
    four = count == 4
    if rank is Rank.NINE:
        return (_("Four nines ({cards}): nines never form sets. Only tens and higher do.",
                  cards=cards) if four else
                _("Three nines ({cards}): nines never form sets. Only tens and higher do.",
                  cards=cards))
    if rank is Rank.EIGHT:
        return (_("Four eights ({cards}): eights never form sets. Only tens and higher do.",
                  cards=cards) if four else
                _("Three eights ({cards}): eights never form sets. Only tens and higher do.",
                  cards=cards))
    return (_("Four sevens ({cards}): sevens never form sets. Only tens and higher do.",
              cards=cards) if four else
            _("Three sevens ({cards}): sevens never form sets. Only tens and higher do.",
              cards=cards))


def sets_widget() -> None:
    """Every trio and quatorze of a hand outlined and scored; nines and below noted."""
    hand = hand_input(
        "lessons_sets_hand", _("Your hand (12 cards)"), _SETS,
        examples={"lesson": (_("Lesson example"), _SETS),
                  "cavendish": (_("Cavendish's Younger"), words(example_hands()[1])),
                  "nines": (_("Four nines"), "9S 9H 9D 9C KS KH KD AS QH JD 8C 7C")})
    if hand is None:
        return
    sets = analyse(hand).sets
    draw_cards(sort_cards(hand), highlight={c for s in sets for c in s.cards})
    for s in sets:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            draw_cards(s.cards, width=SMALL_WIDTH, highlight=set(s.cards))
        with text_col:
            # TRANSLATORS: {call} names the set as it is declared: "Fourteen tens".
            st.markdown(_("**{call}**: a quatorze, scores **{score}**", call=combination_name(s),
                          score=s.score) if s.count == 4 else
                        _("**{call}**: a trio, scores **{score}**", call=combination_name(s),
                          score=s.score))
    for rank in Rank:
        same = [c for c in hand if c.rank is rank]
        if rank not in SET_RANKS and len(same) >= 3:
            st.warning(_never_a_set(rank, len(same), card_names(same)),
                       icon=":material/block:")
    if sets:
        st.success(_("Best set: **{call}**. If it is good, this hand scores {sum} for sets; "
                     "if not, nothing.", call=combination_name(sets[0]),
                     sum=sum_text([s.score for s in sets])), icon=":material/star:")
    else:
        st.info(_("No set here: no three or four aces, kings, queens, jacks or tens."))

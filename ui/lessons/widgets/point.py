"""Lesson 4's widget: each suit's length and pip value; the point."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from academy.rule_text import counted
from piquet import DECK, SUITS, Card, Suit, analyse, sort_cards
from ui.cards import card_label
from ui.lessons.common import card_names, crc, draw_cards, fc, hand_input

_POINT: Final = "AS KS QS 10S 8S KH QH JH 10H 8H 7C 7D"


def _arithmetic(cards: Sequence[Card]) -> str:
    if not cards:
        return "—"
    pips = [c.rank.pips for c in cards]
    return f"{' + '.join(map(str, pips))} = {sum(pips)}" if len(pips) > 1 else str(pips[0])


def point_widget() -> None:
    """Each suit's length and pip value with the arithmetic; the best suit outlined. Pick
    which cards of one suit are held and watch the numbers change."""
    base = hand_input(
        "lessons_point_hand", "Your hand (12 cards)", _POINT,
        examples={"Two five-card suits": _POINT,
                  "A six-card suit": "AC QC JC 9C 8C 7C KH QH 10S 9S 8D 7D",
                  "Three-card point": "AS KS 7S AH 9H 8H AD QD 10D KC JC 9C"})
    if base is None:
        return
    suit: Suit = st.segmented_control(
        "Change the cards of one suit", SUITS, key="lessons_point_suit", default=Suit.SPADES,
        required=True, format_func=lambda s: f"{s.symbol}\ufe0e {s.noun}") or Suit.SPADES
    ss = st.session_state
    base_id = crc(*sorted(base, key=lambda c: c.index))

    def held_key(s: Suit) -> str:
        return f"lessons_point_held_{s.value}_{base_id}"

    key = held_key(suit)
    in_suit = sort_cards(c for c in DECK if c.suit is suit)
    if key not in ss:
        ss[key] = [c for c in in_suit if c in base]
    # persist_state="page": each suit keeps its changes while another suit is on show
    st.pills(f"{suit.noun.capitalize()} held (click to add or remove)", in_suit,
             selection_mode="multi", key=key, format_func=lambda c: card_label(c, fc()),
             persist_state="page")
    hand = sort_cards(
        c for s in SUITS
        for c in (ss[held_key(s)] if held_key(s) in ss else [x for x in base if x.suit is s]))
    combos = analyse(hand)
    best = combos.point
    if len(hand) != 12:
        st.caption(f"The hand now has {counted(len(hand), 'card')} (a real hand has 12): "
                   "fine for exploring the point.")
    draw_cards(hand, highlight=set(best.cards) if best else set())
    rows = []
    for p in combos.suit_points:
        rows.append({
            "suit": f"{p.suit.symbol}\ufe0e {p.suit.noun}",
            "cards": card_names(p.cards) or "—",
            "length": p.length,
            "pip value": _arithmetic(p.cards),
            "": "◀ the point" if best is not None and p == best else "",
        })
    st.table(rows, hide_index=True)
    if best is None:
        st.info("No cards, no point.")
        return
    ties = [p for p in combos.suit_points if p != best and p.length == best.length]
    why = (f" Among the {best.length}-card suits, {best.pips} is the highest total."
           if ties else "")
    st.success(f"**Point: {counted(best.length, 'card')} making {best.pips}** in "
               f"{best.suit.noun}. "
               f"It scores **{best.score}** (one per card) if it is good.{why}",
               icon=":material/star:")



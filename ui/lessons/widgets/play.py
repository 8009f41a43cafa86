"""Lesson 9's widget: a lead, the legal replies, who wins the trick and what it scores."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import DECK, parse_cards, sort_cards
from piquet.play import Trick, legal_cards, play_tricks, trick_winner, verify_play
from piquet.reckon import Role
from ui.cards import card_label
from ui.lessons.common import crc, draw_cards, fc, hand_input, preset_label, show_error
from ui.settings import current_rules
from words.play import trick_text

_PLAY_HAND: Final = "AD 8D 10S 9S 7S KH QH 9H AC JC 8C 7C"


def play_widget() -> None:
    """A lead and the second player's hand: the legal replies outlined; for a reply, who
    wins the trick and what each player scores."""
    rules = current_rules()
    leader: Role = st.segmented_control(
        "Who leads?", ["elder", "younger"], key="lessons_play_leader", default="elder",
        required=True, format_func=str.capitalize) or "elder"
    second: Role = "younger" if leader == "elder" else "elder"
    lead_col, hand_col = st.columns([1, 2])
    with lead_col:
        lead = st.selectbox(f"{leader.capitalize()} leads", sort_cards(DECK),
                            key="lessons_play_lead", index=sort_cards(DECK).index(
                                parse_cards("KD")[0]),
                            format_func=lambda c: f"{c.pretty}\ufe0e  {c.name}")
    with hand_col:
        hand = hand_input("lessons_play_hand", f"{second.capitalize()}'s hand (1 to 12 cards)",
                           _PLAY_HAND, who=second.capitalize(), size=None)
    if hand is None or lead is None:
        return
    if not hand:
        st.info(f"Type {second.capitalize()}'s cards.")
        return
    if len(hand) > 12:
        st.error(f"{second.capitalize()} has {len(hand)} cards; a hand has at most 12.")
        return
    if lead in hand:
        st.error(f"{lead} is the card led, so it cannot be in {second.capitalize()}'s hand.")
        return
    legal = legal_cards(sort_cards(hand), lead)
    st.markdown(f"**The card led** by {leader.capitalize()}")
    draw_cards([lead])
    follows = all(c.suit is lead.suit for c in legal)
    st.markdown(f"**{second.capitalize()}'s hand**: the legal replies are outlined "
                + ("(he must follow suit)" if follows else "(he has none of the suit led, so "
                   "any card will do)"))
    draw_cards(sort_cards(hand), highlight=set(legal), dim=set(hand) - set(legal))
    key = f"lessons_play_reply_{crc(lead, *sorted(hand, key=lambda c: c.index))}"
    if key not in st.session_state:
        st.session_state[key] = legal[0]
    reply = st.pills(f"{second.capitalize()} plays", sort_cards(hand), key=key,
                     format_func=lambda c: card_label(c, fc()))
    if reply is None:
        st.info(f"Choose the card {second.capitalize()} plays.")
        return
    mask = sum(c.bit for c in hand)
    try:
        verify_play(mask, reply, lead, second.capitalize())
    except ValueError as err:
        show_error(err)
        return
    captured = trick_winner(lead, reply)
    winner: Role = second if captured else leader
    trick = Trick(1, leader, lead, reply, winner)
    # Score the trick through the engine (its first trick is always led by "elder").
    result = play_tricks(lead.bit, mask, [(lead, reply)], rules)
    pts = {leader: 0, second: 0}
    for p in result.points:
        pts[leader if p.player == "elder" else second] += 1
    st.success(trick_text(trick), icon=":material/style:")
    a, b = st.columns(2)
    a.metric(f"{leader.capitalize()} (leader)", f"+{pts[leader]}",
             help="1 for each card led, won or lost", border=True)
    b.metric(f"{second.capitalize()} (second)", f"+{pts[second]}",
             help="1 when he captures the lead", border=True)
    st.markdown(f"**{winner.capitalize()}** wins the trick and leads to the next.")
    last = ("the winner of the twelfth trick scores 1 more, “for last”"
            if rules.last_trick_point else "the last trick scores nothing extra")
    st.caption(f"Under {preset_label(rules.name)}, {last}.")



"""Lesson 9's widget: a lead, the legal replies, who wins the trick and what it scores."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import DECK, Card, parse_cards, sort_cards
from piquet.play import Trick, legal_cards, play_tricks, trick_winner, verify_play
from piquet.reckon import Role
from ui.cards import card_label
from ui.lessons.common import crc, draw_cards, fc, hand_input, preset_label, show_error
from ui.settings import current_rules
from words import _, ngettext
from words.cards import card_name
from words.names import role_name
from words.play import trick_text

_PLAY_HAND: Final = "AD 8D 10S 9S 7S KH QH 9H AC JC 8C 7C"


def _card_choice(c: Card) -> str:
    # TRANSLATORS: a card in a chooser: its symbol, then its name ("K♦  King of diamonds").
    return _("{card}  {name}", card=c.pretty + "\ufe0e", name=card_name(c))


def play_widget() -> None:
    """A lead and the second player's hand: the legal replies outlined; for a reply, who
    wins the trick and what each player scores."""
    rules = current_rules()
    leader: Role = st.segmented_control(
        _("Who leads?"), ["elder", "younger"], key="lessons_play_leader", default="elder",
        required=True, format_func=role_name, persist_state="session") or "elder"
    second: Role = "younger" if leader == "elder" else "elder"
    first, other = role_name(leader), role_name(second)
    lead_col, hand_col = st.columns([1, 2])
    with lead_col:
        lead = st.selectbox(_("{who} leads", who=first), sort_cards(DECK),
                            key="lessons_play_lead", index=sort_cards(DECK).index(
                                parse_cards("KD")[0]),
                            format_func=_card_choice, persist_state="session")
    with hand_col:
        hand = hand_input("lessons_play_hand",
                          _("Younger's hand (1 to 12 cards)") if second == "younger"
                          else _("Elder's hand (1 to 12 cards)"),
                          _PLAY_HAND, who=other, size=None)
    if hand is None or lead is None:
        return
    if not hand:
        st.info(_("Type Younger's cards.") if second == "younger" else _("Type Elder's cards."))
        return
    if len(hand) > 12:
        st.error(ngettext("{who} has {n} card; a hand has at most 12.",
                          "{who} has {n} cards; a hand has at most 12.", len(hand), who=other))
        return
    if lead in hand:
        st.error(_("{card} is the card led, so it cannot be in Younger's hand.", card=lead)
                 if second == "younger" else
                 _("{card} is the card led, so it cannot be in Elder's hand.", card=lead))
        return
    legal = legal_cards(sort_cards(hand), lead)
    st.markdown(_("**The card led** by {who}", who=first))
    draw_cards([lead])
    follows = all(c.suit is lead.suit for c in legal)
    if second == "younger":
        st.markdown(_("**Younger's hand**: the legal replies are outlined (he must follow suit)")
                    if follows else
                    _("**Younger's hand**: the legal replies are outlined (he has none of the "
                      "suit led, so any card will do)"))
    else:
        st.markdown(_("**Elder's hand**: the legal replies are outlined (he must follow suit)")
                    if follows else
                    _("**Elder's hand**: the legal replies are outlined (he has none of the "
                      "suit led, so any card will do)"))
    draw_cards(sort_cards(hand), highlight=set(legal), dim=set(hand) - set(legal))
    key = f"lessons_play_reply_{crc(lead, *sorted(hand, key=lambda c: c.index))}"
    if key not in st.session_state:
        st.session_state[key] = legal[0]
    reply = st.pills(_("{who} plays", who=other), sort_cards(hand), key=key,
                     format_func=lambda c: card_label(c, fc()), persist_state="session")
    if reply is None:
        st.info(_("Choose the card {who} plays.", who=other))
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
    a.metric(_("{who} (leader)", who=first), f"+{pts[leader]}",
             help=_("1 for each card led, won or lost"), border=True)
    b.metric(_("{who} (second)", who=other), f"+{pts[second]}",
             help=_("1 when he captures the lead"), border=True)
    st.markdown(_("**{who}** wins the trick and leads to the next.", who=role_name(winner)))
    if rules.last_trick_point:
        st.caption(_("Under {preset}, the winner of the twelfth trick scores 1 more, “for "
                     "last”.", preset=preset_label(rules.name)))
    else:
        st.caption(_("Under {preset}, the last trick scores nothing extra.",
                     preset=preset_label(rules.name)))

"""Lesson 2's widget: both exchanges, on Cavendish's deal or a random one."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from academy.rule_text import counted, rule_sentence
from piquet import Card, sort_cards
from piquet.deal import DealState
from ui.cards import card_label
from ui.lessons.common import (
    SMALL_WIDTH,
    card_names,
    cavendish_deal,
    crc,
    draw_cards,
    faces_down,
    fc,
    preset_note,
    show_error,
)
from ui.lessons.state import limit_picks, new_seed, set_picks
from ui.settings import current_rules


def _leave_one() -> tuple[Card, ...]:
    """Cavendish's discards but his king of spades (its first): Elder leaves one card."""
    return cavendish_deal().elder_discard[1:]


def _discard_pills(key: str, who: str, hand: Sequence[Card], allowed: range,
                   default: Sequence[Card]) -> list[Card]:
    """The pills of one player's discards, at most ``allowed.stop - 1`` of them."""
    ss = st.session_state
    most = allowed.stop - 1
    if key not in ss:
        ss[key] = list(default)
        ss[f"{key}_prev"] = list(default)
    st.pills(f"Click the cards {who} discards ({allowed.start} to {most}):", hand,
             selection_mode="multi", key=key, format_func=lambda c: card_label(c, fc()),
             on_change=limit_picks, args=(key, most))
    if ss.pop(f"{key}_over", False):
        st.warning(f"{who} may discard at most {counted(most, 'card')}: unselect one first.",
                   icon=":material/block:")
    return [c for c in ss.get(key) or [] if c in hand]


def exchange_widget() -> None:
    """Both exchanges on a dealt hand: Elder's discards (at most 5), what he draws and what
    he leaves; then Younger's discards, what he draws (Elder's leftovers first) and what
    stays in the talon, under the preset."""
    ss = st.session_state
    rules = current_rules()
    source = st.segmented_control(
        "Deal", ["cavendish", "random"], key="lessons_ex_source", default="cavendish",
        required=True,
        format_func=lambda s: "Cavendish's example" if s == "cavendish" else "A random deal")
    if source == "random":
        seed = ss.setdefault("lessons_ex_seed", 1)
        st.button("Deal again", key="lessons_ex_deal", icon=":material/casino:",
                  on_click=new_seed, args=("lessons_ex_seed",))
        d = DealState.deal(seed, rules=rules)
        default: list[Card] = []
        deal_id = f"r{seed}"
    else:
        cav = cavendish_deal()
        d = DealState(rules, cav.elder, cav.younger, cav.talon)
        default = list(cav.elder_discard)
        deal_id = "cav"
    key = f"lessons_ex_discard_{deal_id}"
    if source == "cavendish":
        with st.container(horizontal=True, gap="small"):
            st.button("Cavendish's discards (five)", key="lessons_ex_five", type="tertiary",
                      icon=":material/style:", on_click=set_picks,
                      args=(key, cavendish_deal().elder_discard))
            st.button("Elder leaves one", key="lessons_ex_leave_one", type="tertiary",
                      icon=":material/style:", on_click=set_picks,
                      args=(key, _leave_one()))
    hand = sort_cards(d.elder_dealt)
    st.markdown("**Elder's twelve cards as dealt** (the discards are greyed)")
    draw_cards(hand, dim=set(c for c in ss.get(key) or [] if c in hand))
    picked = _discard_pills(key, "Elder", hand, d.exchange_range("elder"), default)
    if not picked:
        allowed = d.exchange_range("elder")
        st.info(f"Choose {allowed.start} to {allowed.stop - 1} cards for Elder to discard.")
        return
    try:
        after = d.discard("elder", picked)
    except ValueError as err:
        show_error(err)
        return
    drawn = after.drawn("elder")
    left = tuple(c for c in after.view("elder").seen_talon if c not in drawn)
    gone, came = st.columns(2)
    with gone:
        st.markdown(f"**Discarded**: {counted(len(picked), 'card')}, face down")
        draw_cards(sort_cards(picked), width=SMALL_WIDTH)
    with came:
        st.markdown(f"**Drawn** from the top of the talon: {counted(len(drawn), 'card')} "
                    "(outlined)")
        draw_cards(drawn, width=SMALL_WIDTH, highlight=set(drawn))
    st.markdown("**Elder's hand after the exchange** (new cards outlined)")
    draw_cards(sort_cards(after.hand("elder")), highlight=set(drawn))
    if left:
        n = len(left)
        st.markdown(f"Elder leaves **{n}** of his five ({'it stays' if n == 1 else 'they stay'}"
                    " on top of the talon, for Younger). He may look at "
                    f"{'it' if n == 1 else 'them'}:")
        draw_cards(left, width=SMALL_WIDTH)
    rest = len(d.talon) - len(drawn)
    st.markdown(f"**The talon now**: {counted(rest, 'card')}, face down"
                + (f" (Elder's {len(left)} on top)" if left else ""))
    faces_down(rest)
    _younger_exchange(after, deal_id, left, default_younger=(
        list(cavendish_deal().younger_discard)
        if source == "cavendish" and set(picked) == set(default) else []))
    preset_note(rules)


def _younger_exchange(after: DealState, deal_id: str, left: Sequence[Card],
                      default_younger: list[Card]) -> None:
    """Younger's half of the exchange, on the talon Elder has left."""
    rules = after.rules
    yr = after.exchange_range("younger")
    st.info(f"**Younger** may now exchange **{yr.start} to {yr.stop - 1}** cards"
            + (", taking Elder's leftovers first. " if left else ". ")
            + rule_sentence(rules, "younger_must_exchange"), icon=":material/swap_horiz:")
    yhand = sort_cards(after.younger_dealt)
    elder_id = crc(*sorted(c.index for c in after.elder_discard or ()))
    ykey = f"lessons_ex_ydiscard_{deal_id}_{elder_id}"
    st.markdown("**Younger's twelve cards as dealt**")
    draw_cards(yhand, width=SMALL_WIDTH, dim=set(c for c in st.session_state.get(ykey) or []
                                             if c in yhand))
    ypicked = _discard_pills(ykey, "Younger", yhand, yr, default_younger)
    if len(ypicked) < yr.start:
        st.info(f"Choose {yr.start} to {yr.stop - 1} cards for Younger to discard.")
        return
    try:
        done = after.discard("younger", ypicked)
    except ValueError as err:
        show_error(err)
        return
    ydrawn = done.drawn("younger")
    taken_left = [c for c in ydrawn if c in left]
    if ydrawn:
        st.markdown(f"**Younger draws** {counted(len(ydrawn), 'card')}, from the top: "
                    + card_names(ydrawn)
                    + (f" (Elder's leftover{'s' if len(taken_left) != 1 else ''} "
                       f"{card_names(taken_left)} first)" if taken_left else ""))
        st.markdown("**Younger's hand after the exchange** (new cards outlined)")
        draw_cards(sort_cards(done.hand("younger")), highlight=set(ydrawn))
    else:
        st.markdown("**Younger exchanges nothing** and keeps his twelve cards.")
    stays = done.talon[len(done.elder_discard or ()) + len(ypicked):]
    if not stays:
        st.markdown("**The talon is empty**: every card has been taken.")
        return
    elder_left = [c for c in stays if c in left]
    fate = rule_sentence(rules, "younger_may_look_at_leftovers")
    st.markdown(f"**Left in the talon**: {counted(len(stays), 'card')}, out of play for "
                f"this deal. {fate}"
                + (f" Among them {'is' if len(elder_left) == 1 else 'are'} Elder's "
                   f"leftover{'s' if len(elder_left) != 1 else ''} {card_names(elder_left)}, "
                   "which Elder has already seen and does not get back." if elder_left
                   else ""))
    draw_cards(stays, width=SMALL_WIDTH, caption="turned face up here, so that you can see them")



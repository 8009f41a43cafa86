"""Lesson 2's widget: both exchanges, on Cavendish's deal or a random one."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from academy.rule_text import rule_sentence
from piquet import Card, sort_cards
from piquet.deal import DealState
from piquet.reckon import Role
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
from words import _, ngettext, pgettext


def _leave_one() -> tuple[Card, ...]:
    """Cavendish's discards but his king of spades (its first): Elder leaves one card."""
    return cavendish_deal().elder_discard[1:]


def _start_picks(key: str, default: Sequence[Card]) -> None:
    """A new picker starts on ``default``; called before the hand it greys is drawn, so that
    the first run greys the discards the picker shows."""
    ss = st.session_state
    if key not in ss:
        ss[key] = list(default)
        ss[f"{key}_prev"] = list(default)


def _discard_pills(key: str, role: Role, hand: Sequence[Card], allowed: range) -> list[Card]:
    """The pills of one player's discards, at most ``allowed.stop - 1`` of them (started by
    :func:`_start_picks`, before the hand they grey is drawn)."""
    ss = st.session_state
    most = allowed.stop - 1
    label = (_("Click the cards Elder discards ({least} to {most}):", least=allowed.start,
               most=most) if role == "elder" else
             _("Click the cards Younger discards ({least} to {most}):", least=allowed.start,
               most=most))
    st.pills(label, hand, selection_mode="multi", key=key,
             format_func=lambda c: card_label(c, fc()), on_change=limit_picks,
             args=(key, most), persist_state="session")
    if ss.pop(f"{key}_over", False):
        st.warning(ngettext("Elder may discard at most {n} card: unselect one first.",
                            "Elder may discard at most {n} cards: unselect one first.", most)
                   if role == "elder" else
                   ngettext("Younger may discard at most {n} card: unselect one first.",
                            "Younger may discard at most {n} cards: unselect one first.", most),
                   icon=":material/block:")
    return [c for c in ss.get(key) or [] if c in hand]


def _choose(role: Role, allowed: range) -> str:
    """"Choose 1 to 5 cards for Elder to discard." """
    most = allowed.stop - 1
    if role == "elder":
        return ngettext("Choose {least} to {n} cards for Elder to discard.",
                        "Choose {least} to {n} cards for Elder to discard.", most,
                        least=allowed.start)
    return ngettext("Choose {least} to {n} cards for Younger to discard.",
                    "Choose {least} to {n} cards for Younger to discard.", most,
                    least=allowed.start)


def exchange_widget() -> None:
    """Both exchanges on a dealt hand: Elder's discards (at most 5), what he draws and what
    he leaves; then Younger's discards, what he draws (Elder's leftovers first) and what
    stays in the talon, under the preset."""
    ss = st.session_state
    rules = current_rules()
    source = st.segmented_control(
        pgettext("a deal of the cards", "Deal"), ["cavendish", "random"],
        key="lessons_ex_source", default="cavendish", required=True, persist_state="session",
        format_func=lambda s: _("Cavendish's example") if s == "cavendish"
        else _("A random deal"))
    if source == "random":
        seed = ss.setdefault("lessons_ex_seed", 1)
        st.button(_("Deal again"), key="lessons_ex_deal", icon=":material/casino:",
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
            st.button(_("Cavendish's discards (five)"), key="lessons_ex_five", type="tertiary",
                      icon=":material/style:", on_click=set_picks,
                      args=(key, cavendish_deal().elder_discard))
            st.button(_("Elder leaves one"), key="lessons_ex_leave_one", type="tertiary",
                      icon=":material/style:", on_click=set_picks,
                      args=(key, _leave_one()))
    hand = sort_cards(d.elder_dealt)
    st.markdown(_("**Elder's twelve cards as dealt** (the discards are greyed)"))
    _start_picks(key, default)
    draw_cards(hand, dim=set(c for c in ss.get(key) or [] if c in hand))
    picked = _discard_pills(key, "elder", hand, d.exchange_range("elder"))
    if not picked:
        st.info(_choose("elder", d.exchange_range("elder")))
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
        st.markdown(ngettext("**Discarded**: {n} card, face down",
                             "**Discarded**: {n} cards, face down", len(picked)))
        draw_cards(sort_cards(picked), width=SMALL_WIDTH)
    with came:
        st.markdown(ngettext("**Drawn** from the top of the talon: {n} card (outlined)",
                             "**Drawn** from the top of the talon: {n} cards (outlined)",
                             len(drawn)))
        draw_cards(drawn, width=SMALL_WIDTH, highlight=set(drawn))
    st.markdown(_("**Elder's hand after the exchange** (new cards outlined)"))
    draw_cards(sort_cards(after.hand("elder")), highlight=set(drawn))
    if left:
        st.markdown(ngettext(
            "Elder leaves **{n}** of his five (it stays on top of the talon, for Younger). "
            "He may look at it:",
            "Elder leaves **{n}** of his five (they stay on top of the talon, for Younger). "
            "He may look at them:", len(left)))
        draw_cards(left, width=SMALL_WIDTH)
    rest = len(d.talon) - len(drawn)
    if left:
        # TRANSLATORS: {left} is how many of Elder's five he left on top of the talon.
        st.markdown(ngettext("**The talon now**: {n} card, face down (Elder's {left} on top)",
                             "**The talon now**: {n} cards, face down (Elder's {left} on top)",
                             rest, left=len(left)))
    else:
        st.markdown(ngettext("**The talon now**: {n} card, face down",
                             "**The talon now**: {n} cards, face down", rest))
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
    rule = rule_sentence(rules, "younger_must_exchange")
    most = yr.stop - 1
    # TRANSLATORS: {rule} is a sentence: whether Younger must take at least one card.
    st.info(ngettext("**Younger** may now exchange **{least} to {n}** cards, taking Elder's "
                     "leftovers first. {rule}",
                     "**Younger** may now exchange **{least} to {n}** cards, taking Elder's "
                     "leftovers first. {rule}", most, least=yr.start, rule=rule) if left else
            ngettext("**Younger** may now exchange **{least} to {n}** cards. {rule}",
                     "**Younger** may now exchange **{least} to {n}** cards. {rule}", most,
                     least=yr.start, rule=rule), icon=":material/swap_horiz:")
    yhand = sort_cards(after.younger_dealt)
    elder_id = crc(*sorted(c.index for c in after.elder_discard or ()))
    ykey = f"lessons_ex_ydiscard_{deal_id}_{elder_id}"
    st.markdown(_("**Younger's twelve cards as dealt**"))
    _start_picks(ykey, default_younger)
    draw_cards(yhand, width=SMALL_WIDTH, dim=set(c for c in st.session_state.get(ykey) or []
                                             if c in yhand))
    ypicked = _discard_pills(ykey, "younger", yhand, yr)
    if len(ypicked) < yr.start:
        st.info(_choose("younger", yr))
        return
    try:
        done = after.discard("younger", ypicked)
    except ValueError as err:
        show_error(err)
        return
    ydrawn = done.drawn("younger")
    taken_left = [c for c in ydrawn if c in left]
    if ydrawn:
        st.markdown(_younger_draws(ydrawn, taken_left))
        st.markdown(_("**Younger's hand after the exchange** (new cards outlined)"))
        draw_cards(sort_cards(done.hand("younger")), highlight=set(ydrawn))
    else:
        st.markdown(_("**Younger exchanges nothing** and keeps his twelve cards."))
    stays = done.talon[len(done.elder_discard or ()) + len(ypicked):]
    if not stays:
        st.markdown(_("**The talon is empty**: every card has been taken."))
        return
    elder_left = [c for c in stays if c in left]
    fate = rule_sentence(rules, "younger_may_look_at_leftovers")
    n = len(stays)
    if elder_left:
        among = ngettext("Among them is Elder's leftover {cards}, which Elder has already seen "
                         "and does not get back.",
                         "Among them are Elder's leftovers {cards}, which Elder has already "
                         "seen and does not get back.", len(elder_left),
                         cards=card_names(elder_left))
        # TRANSLATORS: {rule} is a sentence on who may see these cards; {among} a sentence
        # naming the cards Elder left among them.
        st.markdown(ngettext("**Left in the talon**: {n} card, out of play for this deal. "
                             "{rule} {among}",
                             "**Left in the talon**: {n} cards, out of play for this deal. "
                             "{rule} {among}", n, rule=fate, among=among))
    else:
        st.markdown(ngettext("**Left in the talon**: {n} card, out of play for this deal. "
                             "{rule}",
                             "**Left in the talon**: {n} cards, out of play for this deal. "
                             "{rule}", n, rule=fate))
    draw_cards(stays, width=SMALL_WIDTH,
               caption=_("turned face up here, so that you can see them"))


def _younger_draws(drawn: Sequence[Card], taken_left: Sequence[Card]) -> str:
    """"**Younger draws** 2 cards, from the top: …", naming Elder's leftovers he takes."""
    n, cards = len(drawn), card_names(drawn)
    if not taken_left:
        return ngettext("**Younger draws** {n} card, from the top: {cards}",
                        "**Younger draws** {n} cards, from the top: {cards}", n, cards=cards)
    left = card_names(taken_left)
    if len(taken_left) == 1:
        # TRANSLATORS: {left} is the card Elder left on the talon, which Younger draws first.
        return ngettext("**Younger draws** {n} card, from the top: {cards} (Elder's leftover "
                        "{left} first)",
                        "**Younger draws** {n} cards, from the top: {cards} (Elder's leftover "
                        "{left} first)", n, cards=cards, left=left)
    return ngettext("**Younger draws** {n} card, from the top: {cards} (Elder's leftovers "
                    "{left} first)",
                    "**Younger draws** {n} cards, from the top: {cards} (Elder's leftovers "
                    "{left} first)", n, cards=cards, left=left)



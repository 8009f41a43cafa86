"""Lesson 4's widget: each suit's length and pip value; the point."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import DECK, SUITS, Suit, analyse, sort_cards
from ui.cards import card_label
from ui.lessons.common import (
    card_names,
    crc,
    draw_cards,
    fc,
    hand_input,
    sum_text,
)
from ui.tables import show_rows_table
from words import _, ngettext, pgettext
from words.cards import suit_name

_POINT: Final = "AS KS QS 10S 8S KH QH JH 10H 8H 7C 7D"


def _suit(s: Suit) -> str:
    """A suit with its symbol, ``♠︎ spades``."""
    # TRANSLATORS: a suit: its symbol and its name, "♠ spades".
    return _("{symbol} {suit}", symbol=s.symbol + "\ufe0e", suit=suit_name(s))


def _held_label(s: Suit) -> str:
    """The label of the picker of one suit's cards."""
    return {Suit.SPADES: _("Spades held (click to add or remove)"),
            Suit.HEARTS: _("Hearts held (click to add or remove)"),
            Suit.DIAMONDS: _("Diamonds held (click to add or remove)"),
            Suit.CLUBS: _("Clubs held (click to add or remove)")}[s]


def point_widget() -> None:
    """Each suit's length and pip value with the arithmetic; the best suit outlined. Pick
    which cards of one suit are held and watch the numbers change."""
    base = hand_input(
        "lessons_point_hand", _("Your hand (12 cards)"), _POINT,
        examples={"two-fives": (_("Two five-card suits"), _POINT),
                  "six": (_("A six-card suit"), "AC QC JC 9C 8C 7C KH QH 10S 9S 8D 7D"),
                  "three": (_("Three-card point"), "AS KS 7S AH 9H 8H AD QD 10D KC JC 9C")})
    if base is None:
        return
    suit: Suit = st.segmented_control(
        _("Change the cards of one suit"), SUITS, key="lessons_point_suit",
        default=Suit.SPADES, required=True, format_func=_suit,
        persist_state="session") or Suit.SPADES
    ss = st.session_state
    base_id = crc(*sorted(base, key=lambda c: c.index))

    def held_key(s: Suit) -> str:
        return f"lessons_point_held_{s.value}_{base_id}"

    key = held_key(suit)
    in_suit = sort_cards(c for c in DECK if c.suit is suit)
    if key not in ss:
        ss[key] = [c for c in in_suit if c in base]
    # each suit keeps its changes while another suit is on show, or another page
    st.pills(_held_label(suit), in_suit,
             selection_mode="multi", key=key, format_func=lambda c: card_label(c, fc()),
             persist_state="session")
    hand = sort_cards(
        c for s in SUITS
        for c in (ss[held_key(s)] if held_key(s) in ss else [x for x in base if x.suit is s]))
    combos = analyse(hand)
    best = combos.point
    if len(hand) != 12:
        st.caption(ngettext("The hand now has {n} card (a real hand has 12): fine for "
                            "exploring the point.",
                            "The hand now has {n} cards (a real hand has 12): fine for "
                            "exploring the point.", len(hand)))
    draw_cards(hand, highlight=set(best.cards) if best else set())
    rows = []
    for p in combos.suit_points:
        rows.append({
            _("suit"): _suit(p.suit),
            _("cards"): card_names(p.cards) or "—",
            _("length"): p.length,
            pgettext("pips", "pip value"): sum_text([c.rank.pips for c in p.cards]),
            "": _("◀ the point") if best is not None and p == best else "",
        })
    show_rows_table(rows)
    if best is None:
        st.info(_("No cards, no point."))
        return
    ties = [p for p in combos.suit_points if p != best and p.length == best.length]
    if ties:
        # TRANSLATORS: {length} is the number of cards of the tied suits, {pips} the best total.
        st.success(ngettext("**Point: {n} card making {pips}** in {suit}. It scores **{score}** "
                            "(one per card) if it is good. Among the {length}-card suits, "
                            "{pips} is the highest total.",
                            "**Point: {n} cards making {pips}** in {suit}. It scores "
                            "**{score}** (one per card) if it is good. Among the {length}-card "
                            "suits, {pips} is the highest total.", best.length,
                            pips=best.pips, suit=suit_name(best.suit), score=best.score,
                            length=best.length), icon=":material/star:")
    else:
        st.success(ngettext("**Point: {n} card making {pips}** in {suit}. It scores **{score}** "
                            "(one per card) if it is good.",
                            "**Point: {n} cards making {pips}** in {suit}. It scores "
                            "**{score}** (one per card) if it is good.", best.length,
                            pips=best.pips, suit=suit_name(best.suit), score=best.score),
                   icon=":material/star:")

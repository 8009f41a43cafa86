"""The card table of the Play page: the cut, then each deal of the partie against the
computer, then the settlement."""

from __future__ import annotations

import time

import streamlit as st

from academy.rule_text import blanche_showing
from piquet import Partie
from piquet.cards import sort_cards
from piquet.deal import DealState, Phase
from piquet.players import HintKind
from ui.components.live import announce
from ui.play.computer import _advance, _hint, _show_hint, computer_error, warm_hints
from ui.play.draw import SMALL_W, _backs, _html_cards, _label
from ui.play.panels import (
    _announcements,
    _controls,
    _cut_panel,
    _deal_header,
    _deal_summary,
    _declare_panel,
    _dialogue_panel,
    _exchange_panel,
    _hand_with_controls,
    _led_card,
    _left_cards,
    _settlement,
    _start_panel,
    _tally,
    _trick_area,
    play_news,
)
from ui.play.state import (
    K_BATCH,
    K_CUT,
    K_DEAL,
    K_ERROR,
    K_MS,
    K_NOTES,
    K_PARTIE,
    K_T0,
    Note,
    Seat,
    _on_deal,
    _on_new_partie,
    _seat,
    _ss,
    note_text,
)
from ui.play.words import cards_text, computer_hand_label, left_cards_label, talon_label
from ui.scroll import scroll_into_view
from ui.text import md_escape
from words import _
from words.errors import error_text


def render_play() -> None:
    """The Play tab: the cut, then each deal of the partie, then the settlement."""
    ss = _ss()
    slot = st.empty()
    t0 = ss.pop(K_T0, None)
    warm_hints()
    partie: Partie | None = ss.get(K_PARTIE)
    deal: DealState | None = ss.get(K_DEAL)
    seat: Seat | None = None

    if ss.get(K_CUT) is None:
        _start_panel()
    elif partie is None:
        _cut_panel()
    elif deal is None:
        if partie.finished:
            _settlement(partie)
        else:
            seat = _seat(partie)
            if not partie.scores:
                _cut_panel()
            _deal_header(partie, seat)
            st.markdown(_dealing_text(seat.learner == "younger", ss.get(K_BATCH, 3)))
            st.button(_("Deal the cards"), key="play_deal", type="primary", on_click=_on_deal,
                      icon=":material/playing_cards:")
        seat = None
    else:
        seat = _seat(partie)
        ss["play_learner"] = seat.learner
        _render_deal(partie, deal, seat)

    if t0 is not None:
        ms = (time.perf_counter() - t0) * 1000
        ss[K_MS] = round(ms, 1)
        ss.setdefault("play_click_log", []).append(round(ms, 1))
    _advance(ss.get(K_DEAL) if seat else None, seat, slot)


def _dealing_text(you_deal: bool, batch: int) -> str:
    """Who deals, and in twos or threes."""
    if you_deal:
        return (_("You deal: twelve cards each, in twos, Elder first; the other eight to the "
                  "talon.") if batch == 2 else
                _("You deal: twelve cards each, in threes, Elder first; the other eight to the "
                  "talon."))
    return (_("The computer deals: twelve cards each, in twos, Elder first; the other eight "
              "to the talon.") if batch == 2 else
            _("The computer deals: twelve cards each, in threes, Elder first; the other eight "
              "to the talon."))


def _render_deal(partie: Partie, deal: DealState, seat: Seat) -> None:
    view = deal.view(seat.learner)
    score = deal.score() if deal.declared[1] else None
    hint = _hint(deal) if deal.to_move == seat.learner else None
    ph = deal.phase
    _deal_header(partie, seat, deal)
    _controls(deal)
    error = _ss().get(K_ERROR)
    if error:
        st.error(md_escape(error_text(error) if isinstance(error, Exception) else str(error)))
    failed = computer_error(deal)
    if failed is not None:  # the computer's move raised: said plainly, no stand-in plays on
        # TRANSLATORS: {why} says what the rules refused
        st.error(_("The computer could not make its move: {why}. Undo your last action, or "
                   "start a new partie.", why=md_escape(failed)), icon=":material/error:")
        st.button(_("Start a new partie"), key="play_new_partie", on_click=_on_new_partie,
                  icon=":material/playing_cards:")
    for note in _ss().get(K_NOTES) or []:
        if isinstance(note, Note):
            st.caption(note_text(note))
    mine, theirs = (deal.blanche if seat.learner == "elder" else deal.blanche[::-1])
    if mine:
        # TRANSLATORS: {showing} says when the preset has carte blanche shown
        st.success(_("Carte blanche! Your twelve cards as dealt hold no king, queen or jack: "
                     "10 points, reckoned before everything else. {showing}",
                     showing=blanche_showing(deal.rules, seat.learner)))
    if theirs:
        shown = view.opponent_blanche
        showing = blanche_showing(deal.rules, seat.computer)
        st.warning(_("The computer announces carte blanche: 10 points, reckoned first. "
                     "{showing} It shows its cards: {cards}.", showing=showing,
                     cards=cards_text(sort_cards(shown))) if shown else
                   _("The computer announces carte blanche: 10 points, reckoned first. "
                     "{showing}", showing=showing))
    _announcements(score)
    news = play_news(deal, seat, score)
    if news:  # a trick won, the score, the card led: said politely to a screen reader
        announce(news, token=f"{len(partie.scores)}-{len(deal.tricks)}-{deal.lead}-{ph.name}",
                 key="pq_live_play")
    if ph is Phase.DONE and score is not None:
        _deal_summary(deal, seat, score)

    left, right = st.columns([3, 2], gap="large")
    with left:
        opp_n = len(deal.hand(seat.computer))
        if opp_n:
            _label(computer_hand_label(opp_n))
            _backs(opp_n, width=30)
        if view.opponent_shown and ph is not Phase.DONE:
            _html_cards(sort_cards(view.opponent_shown), width=34,
                        caption=_("Cards the computer has shown in declaring"))
        if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            talon_n = len(deal.talon) - len(deal.elder_discard or ())
            _label(talon_label(talon_n))
            _backs(talon_n, width=30)
        _trick_area(deal, seat, score)
        left_cards = _left_cards(deal, seat)
        if left_cards:
            with st.expander(left_cards_label(len(left_cards))):
                st.caption(_("As Elder you may look at the cards of your five you did not "
                             "take."))
                _html_cards(left_cards, width=SMALL_W)
    with right:
        _tally(deal, score, seat)
        mine_disc = view.discard
        if mine_disc:
            _html_cards(sort_cards(mine_disc), width=30, caption=_("Your discards"))
    his_play = ph is Phase.PLAY and deal.to_move == seat.learner
    if his_play and hint is not None and hint.kind is HintKind.PLAY:
        _show_hint(hint)
    if his_play:
        # his turn again: the hand on the screen, whatever grew or shrank above it
        scroll_into_view("play_turn", token=(len(partie.scores), len(deal.tricks),
                                             deal.lead is None), target="play_hand_area")
    with st.container(key="play_hand_area"):  # the card led stays in view above the hand
        _led_card(deal, seat, view)
        if his_play:
            st.markdown(_("**Your turn:** tap a card to lead.") if deal.lead is None
                        else _("**Your turn:** tap a card to play to the trick."))
        _hand_with_controls(deal, seat, view, hint)
    if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
        _exchange_panel(deal, seat, view, hint)
    elif ph in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
        _declare_panel(deal, seat, view, hint)
    if score is not None:
        with st.expander(_("The declarations, as they were spoken"), expanded=not deal.tricks,
                         icon=":material/record_voice_over:"):
            _dialogue_panel(deal, seat, score)

"""Drawing the Puzzles page: the learner's standing, the choosers, the position on cards, the
question answered by tapping, and the verdict after."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from academy.puzzles import Puzzle, Question, Theme
from piquet.cards import Card, sort_cards
from piquet.deal import PlayerView
from piquet.players import knowledge
from ui.cards import cards_row_html
from ui.components.card_hand import card_hand, selection
from ui.puzzles import state
from words import _
from words.cards import card_name
from words.names import preset_name, role_name
from words.puzzles import (
    answer_line,
    label,
    led_line,
    left_line,
    margin_text,
    my_puzzle_caption,
    puzzle_caption,
    rating_change,
    rating_line,
    role_line,
    theme_name,
    theme_reason,
    tricks_line,
    unknown_puzzle,
)

CARD_HAND = "puzzle_cards"
DISCARD_HAND = "puzzle_discard"
"""The Puzzles page's card hands (:func:`ask` with its default ``keys``)."""
PLAYED_W = 40


def header() -> None:
    st.title(label("title"))
    st.caption(label("intro"))
    s = state.standing()
    st.markdown(rating_line(s.rating.rating, s.rating.rd, s.streak, s.best_streak))


def choosers() -> None:
    st.selectbox(label("theme"), state.themes(), key=state.THEME, format_func=theme_name)
    daily, nxt = st.columns(2)
    daily.button(label("daily"), on_click=state.show_daily, key="puzzles_daily",
                 width="stretch", icon=":material/today:")
    nxt.button(label("next"), on_click=state.show_next, key="puzzles_next", width="stretch",
               icon=":material/skip_next:", type="primary")


def unknown_notice() -> None:
    raw = st.session_state.get(state.UNKNOWN)
    if isinstance(raw, str):
        st.warning(unknown_puzzle(raw), icon=":material/warning:")


def _tricks_won(view: PlayerView) -> tuple[int, int]:
    elder = knowledge(view).elder_tricks
    mine = elder if view.role == "elder" else len(view.tricks) - elder
    return mine, len(view.tricks) - mine


def _names(cards: tuple[Card, ...]) -> str:
    return _(", ").join(card_name(c) for c in cards)


def position(pz: Puzzle) -> None:
    """The position as the player to move sees it."""
    view = pz.position.view()
    if state.is_mine(pz):
        st.caption(my_puzzle_caption(theme_name(pz.theme)))
    else:
        st.caption(puzzle_caption(pz.id, pz.rating, theme_name(pz.theme)))
    situation(pz, view)


def situation(pz: Puzzle, view: PlayerView) -> None:
    """Who the player is, the tricks so far and the cards played, the card led."""
    st.markdown(role_line(role_name(view.role), preset_name(pz.position.rules)))
    if pz.question is Question.DISCARD:
        if view.role == "younger":
            st.markdown(left_line(5 - view.opponent_discard_count))
        return
    mine, theirs = _tricks_won(view)
    st.markdown(tricks_line(mine, theirs))
    if view.tricks:
        played = [c for t in view.tricks for c in t]
        st.caption(label("played"))  # it ends with a colon: above the cards it names
        st.markdown(cards_row_html(played, width=PLAYED_W), unsafe_allow_html=True)
    if view.lead is not None:
        st.markdown(led_line(card_name(view.lead, start=False)))
        st.markdown(cards_row_html([view.lead], width=64), unsafe_allow_html=True)


def question(pz: Puzzle) -> None:
    """The question, answered by tapping (once)."""
    ask(pz, lambda cards: state.answer(pz, cards), done=state.result() is not None)


def ask(pz: Puzzle, answer: Callable[[tuple[Card, ...]], None], *, done: bool,
        keys: str = "puzzle", button: str = "puzzles_discard") -> None:
    """The question on the cards: a card tapped, or the cards to discard tapped and
    confirmed, handed to ``answer``; nothing to tap once ``done``. ``keys`` prefixes the
    card hands' keys, ``button`` is the discard button's key."""
    view = pz.position.view()
    hand = sort_cards(view.hand)
    if pz.question is Question.CARD:
        st.subheader(label("card_question"))
        legal = set(view.legal)
        card_hand(f"{keys}_cards", hand, mode="play",
                  disabled=[c for c in hand if c not in legal or done],
                  on_change=lambda c: answer((c,)), label=label("your_cards"))
        return
    st.subheader(label("discard_question"))
    most = view.exchange_range.stop - 1
    chosen = f"{keys}_discard"
    card_hand(chosen, hand, max_selected=most, label=label("your_cards"),
              disabled=hand if done else ())
    if not done:
        st.button(label("discard_button"), key=button, type="primary",
                  on_click=lambda: answer(selection(chosen)), disabled=not selection(chosen))


def the_answer(pz: Puzzle) -> None:
    """The answer on cards, why (the theme's reason) and the figures that make it sound."""
    shown = pz.answer if pz.question is Question.DISCARD else pz.answer[:1]
    st.markdown(answer_line(_names(shown)))
    st.markdown(cards_row_html(shown, width=64, highlight=shown), unsafe_allow_html=True)
    reason = theme_reason(pz.theme) if pz.theme is not Theme.EXCHANGE else None
    if reason:
        st.markdown(reason)
    st.markdown(margin_text(pz.margin, pz.error, pz.worlds, pz.exact,
                            pz.question is Question.DISCARD))


def verdict(pz: Puzzle) -> None:
    """After the answer: right or not, the answer, why, the figures, the rating change."""
    done = state.result()
    if done is None:
        return
    if done.right:
        st.success(label("right"), icon=":material/check_circle:")
    else:
        st.error(label("wrong"), icon=":material/cancel:")
    the_answer(pz)
    if done.mine:
        st.markdown(label("mine_back"))
    else:
        st.markdown(rating_change(done.before, done.after))

"""Drawing the Puzzles page: the learner's standing, the choosers, the position on cards, the
question answered by tapping, and the verdict after."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from academy.puzzles import Puzzle, Question, Theme
from academy.sinking import Threat, threat
from piquet.cards import Card, sort_cards
from piquet.combos import analyse, pretty
from piquet.deal import PlayerView
from piquet.declare import CATEGORIES
from piquet.players import knowledge
from ui.cards import cards_row_html
from ui.components.card_hand import card_hand, selection
from ui.puzzles import state
from ui.puzzles.drill import calls_facts
from words import _
from words.cards import card_name
from words.declarations import combination_text
from words.names import category_noun, category_title, preset_name, role_name
from words.puzzles import (
    answer_line,
    calls_reason,
    drill_label,
    elder_declares_line,
    label,
    led_line,
    left_line,
    margin_text,
    mode_name,
    my_puzzle_caption,
    puzzle_caption,
    rating_change,
    rating_line,
    role_line,
    sink_answer_line,
    sink_question,
    sink_reason,
    theme_name,
    theme_reason,
    tricks_line,
    unknown_puzzle,
)

MODE_PARAM = "mode"
MODE_KEY = "puzzles_mode"
PUZZLES = "puzzles"
COUNT = "count"
CARD_HAND = "puzzle_cards"
DISCARD_HAND = "puzzle_discard"
"""The Puzzles page's card hands (:func:`ask` with its default ``keys``)."""
PLAYED_W = 40


def mode() -> str:
    """The page's mode from the address: ``?mode=count`` the counting drill, else puzzles."""
    return COUNT if st.query_params.get(MODE_PARAM) == COUNT else PUZZLES


def _switch() -> None:
    new = st.session_state.get(MODE_KEY)
    if new == COUNT:
        st.query_params[MODE_PARAM] = COUNT
        st.query_params.pop(state.PARAM, None)
    else:
        st.query_params.pop(MODE_PARAM, None)
        st.query_params.pop("task", None)


def mode_control() -> None:
    """Puzzles or the counting drill (the address follows: ``?mode=count``)."""
    st.session_state[MODE_KEY] = mode()
    st.segmented_control(drill_label("mode"), [PUZZLES, COUNT], key=MODE_KEY, required=True,
                         format_func=mode_name, on_change=_switch,
                         label_visibility="collapsed")


def header() -> None:
    st.title(label("title"))
    mode_control()
    st.caption(label("intro"))
    s = state.standing()
    st.markdown(rating_line(s.rating.rating, s.rating.rd, s.streak, s.best_streak))


def drill_header() -> None:
    st.title(label("title"))
    mode_control()


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
    if pz.question is Question.SINK:
        elder = analyse(pz.position.state().hand("elder"))
        st.markdown(elder_declares_line())
        combos = [c for c in (elder.point, *elder.sequences, *elder.sets) if c is not None]
        st.markdown("\n".join(f"- {combination_text(c)}" for c in combos))
        return
    mine, theirs = _tricks_won(view)
    st.markdown(tricks_line(mine, theirs))
    if pz.calls:  # counted with the calls: what Younger heard and was shown
        st.markdown("  \n".join(calls_facts(view)))
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
    if pz.question is Question.SINK:
        sink_choice(pz, view)
        return
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
    """The answer on cards, why (the theme's reason, the calls, or the sinking's reckoning)
    and the figures that make it sound."""
    if pz.question is Question.SINK:
        st.markdown(sink_answer_line(category_noun(pz.category)))
        st.markdown(cards_row_html(pz.answer, width=64, highlight=pz.answer),
                    unsafe_allow_html=True)
        st.markdown(sink_reason(category_noun(pz.category), _threat(pz).value))
        return
    shown = pz.answer if pz.question is Question.DISCARD else pz.answer[:1]
    st.markdown(answer_line(_names(shown)))
    st.markdown(cards_row_html(shown, width=64, highlight=shown), unsafe_allow_html=True)
    reason = (calls_reason() if pz.calls
              else theme_reason(pz.theme) if pz.theme is not Theme.EXCHANGE else None)
    if reason:
        st.markdown(reason)
    st.markdown(margin_text(pz.margin, pz.error, pz.worlds, pz.exact,
                            pz.question is Question.DISCARD))


def _threat(pz: Puzzle) -> Threat:
    d = pz.position.state()
    got = threat(pz.position.rules, d.hand("elder"), d.hand("younger"), ())
    return got if got is not None else Threat.REPIQUE


def sink_choice(pz: Puzzle, view: PlayerView) -> None:
    """A sinking puzzle: your cards, then one button a category (the first tap answers)."""
    st.subheader(sink_question(_threat(pz).value))
    # the hand in text: on a phone the three answers stay on the first screen
    st.markdown(f"**{drill_label('hand')}** {pretty(sort_cards(view.hand))}")
    done = state.result()
    for col, cat in zip(st.columns(len(CATEGORIES)), CATEGORIES, strict=True):
        col.button(category_title(cat), key=f"puzzles_sink_{cat}", width="stretch",
                   disabled=done is not None,
                   type="primary" if done is not None and cat == pz.category else "secondary",
                   on_click=state.answer, args=(pz, (), cat))


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

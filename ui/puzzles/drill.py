"""The Puzzles page's counting drill (``?mode=count``): which cards can your opponent still
hold? The task on show follows ``?task=`` (its shareable link); the learner taps the cards and
checks; the verdict says which he missed and why each wrongly tapped card cannot be there.

Phone first: the task, the cards to tap and the Check button come before the facts they are
judged from (hand, discards, calls, cards played) only as far as the first screen allows: the
facts are drawn small, in one column, above the cards to tap."""

from __future__ import annotations

import random
from dataclasses import dataclass

import streamlit as st

from academy.calls import Heard, heard
from academy.counting import (
    CountTask,
    candidates,
    find_task,
    ruled_out,
    tasks,
)
from piquet.cards import Card, Rank, sort_cards
from piquet.combos import pretty
from piquet.deal import PlayerView
from ui.cards import cards_row_html
from ui.components.card_hand import card_hand, selection, set_selection
from ui.puzzles import state
from words.cards import card_name
from words.declarations import sequence_name, set_name
from words.names import preset_name
from words.puzzles import (
    calls_lines,
    drill_label,
    drill_role_line,
    drill_tally,
    missed_line,
    ruled_text,
    unknown_task,
)

PARAM = "task"
CURRENT = "drill_current"
RESULT = "drill_result"
UNKNOWN = "drill_unknown"
TALLY = "drill_tally"
HAND = "drill_cards"
SMALL_W = 34


@dataclass(frozen=True, slots=True)
class Checked:
    tid: str
    cards: tuple[Card, ...]
    right: bool


def show(tid: str) -> None:
    st.session_state[CURRENT] = tid
    st.query_params[PARAM] = tid
    st.session_state.pop(RESULT, None)
    set_selection(HAND, ())


def show_next() -> None:
    st.session_state.pop(UNKNOWN, None)
    held = st.session_state.get(CURRENT)
    others = [t for t in tasks() if t.id != held]
    show(random.choice(others).id)


def _any_other() -> str:
    return random.choice(tasks()).id


def current() -> CountTask:
    """The task on show, following ``?task=`` (an unknown id: said, and a task drawn)."""
    state.follow_address(PARAM, CURRENT, UNKNOWN, lambda raw: find_task(raw) is not None,
                         show, _any_other)
    task = find_task(str(st.session_state.get(CURRENT, "")))
    if task is None:
        task = random.choice(tasks())
        show(task.id)
    st.query_params[PARAM] = task.id
    return task


def result() -> Checked | None:
    got = st.session_state.get(RESULT)
    return got if isinstance(got, Checked) and got.tid == st.session_state.get(CURRENT) else None


def check(task: CountTask) -> None:
    if result() is not None:
        return
    cards = selection(HAND)
    right = task.is_right(cards)
    st.session_state[RESULT] = Checked(task.id, cards, right)
    done, good = st.session_state.get(TALLY, (0, 0))
    st.session_state[TALLY] = (done + 1, good + int(right))


def _calls(h: Heard) -> list[str]:
    seq = sequence_name(h.run_length, Rank(h.run_top), start=False) if h.run_length else ""
    sets = set_name(h.set_count, Rank(h.set_rank), start=False) if h.set_count else ""
    return calls_lines(h.point_length, h.point_pips, seq, sets)


def _line(title: str, cards: tuple[Card, ...] | list[Card]) -> str:
    return f"**{title}** {pretty(cards)}" if cards else f"**{title}** —"


def calls_facts(view: PlayerView) -> list[str]:
    """Elder's calls as Younger heard them, and the cards Elder showed, as lines."""
    lines = _calls(heard(view))
    if view.opponent_shown:
        lines.append(_line(drill_label("shown"), sort_cards(view.opponent_shown)))
    return lines


def facts(view: PlayerView, task: CountTask) -> None:
    """What the learner saw and heard, as short lines (the cards in text: on a phone the
    cards to tap and Check stay on the first screen)."""
    st.caption(drill_role_line(preset_name(task.position.rules)))
    lines = calls_facts(view)
    lines.append(_line(drill_label("hand"), sort_cards(view.hand)))
    lines.append(_line(drill_label("discards"), sort_cards(view.discard)))
    lines.append(_line(drill_label("played"), [c for t in view.tricks for c in t]))
    st.markdown("  \n".join(lines))


def task_view(task: CountTask) -> None:
    """The drill: the task, the facts, the cards to tap, Check; the verdict after."""
    raw = st.session_state.get(UNKNOWN)
    if isinstance(raw, str):
        st.warning(unknown_task(raw), icon=":material/warning:")
    view = task.view()
    st.subheader(drill_label("task"))
    facts(view, task)
    done = result()
    offer = candidates(view)
    card_hand(HAND, offer, label=drill_label("tap"), rows=2,
              disabled=offer if done is not None else ())
    if done is None:
        st.button(drill_label("check"), key="drill_check", type="primary", width="stretch",
                  on_click=check, args=(task,), icon=":material/check:")
    else:
        verdict(task, view, done)
    st.button(drill_label("next"), key="drill_next", on_click=show_next, width="stretch",
              icon=":material/skip_next:")
    n, good = st.session_state.get(TALLY, (0, 0))
    if n:
        st.caption(drill_tally(good, n))
    st.caption(drill_label("about"))


def verdict(task: CountTask, view: PlayerView, done: Checked) -> None:
    if done.right:
        st.success(drill_label("right"), icon=":material/check_circle:")
    else:
        st.error(drill_label("wrong"), icon=":material/cancel:")
    answer = sort_cards(task.answer)
    st.caption(drill_label("answer"))
    st.markdown(cards_row_html(answer, width=SMALL_W, highlight=answer),
                unsafe_allow_html=True)
    missed = [c for c in answer if c not in done.cards]
    if missed:
        st.markdown(missed_line([card_name(c, start=False) for c in missed]))
    for c in sort_cards(done.cards):
        why = ruled_out(view, c, task.answer)
        if why is not None:
            st.markdown(ruled_text(why, card_name(c)))

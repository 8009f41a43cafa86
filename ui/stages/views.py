"""The stage player: a lesson's path of stages with done marks, the stage on show (its two
or three sentences beside the task), the answer widget (the card hand, pills or a number),
the hint, the answer with its explanation on the cards, and the result screen.

State and callbacks: :mod:`ui.stages.state`.
"""

from __future__ import annotations

import functools
import os

import streamlit as st

from academy.stages import Step, Task, hint as hint_of, lesson_stages, says, stage, stage_text
from academy.stages.kinds_advisor import marked_cards
from academy.stages.session import score, stars
from piquet.cards import Card, parse_card, sort_cards
from piquet.combos import pretty
from ui.cards import show_cards
from ui.components.card_hand import card_hand, tap
from ui.content import Lesson
from ui.lessons.state import go
from ui.prose import content_language
from ui.settings import four_colour
from ui.stages import state
from ui.text import md_escape
from words import _, ngettext
from words.cards import card_name

__all__ = ["SHOWN", "TEST_TAPS", "answer_text", "revealed_text", "stage_player"]

CARD_WIDTH = 58
SHOWN = "stages_shown"
"""The task drawn last (a fact the page tests compare with what the page shows)."""
TEST_TAPS = "_stages_test_taps"
"""Tests only (``PIQUET_TESTING=1``): card codes tapped on the task's hand before the run,
through :func:`ui.components.card_hand.tap`, the component's own callback path (AppTest
cannot fire a Components v2 event)."""


def answer_text(task: Task) -> str:
    """The engine's answer in words."""
    answer = task.answer
    if isinstance(answer, frozenset):
        return pretty(sort_cards(answer))
    if isinstance(answer, Card):
        return card_name(answer)
    if isinstance(answer, str):
        return says.choice_text(task, answer)
    return str(answer)


def revealed_text(task: Task) -> str:
    """The answer said after the second wrong try: a choice quoted as the option it is
    ("the answer is “Discard 5 cards: …”"), a card by its name inside a sentence, cards or a
    number as they are."""
    if task.answer_kind == "choice":
        # TRANSLATORS: {answer} is the right option's label exactly as the options show it
        # ("Yes", "Elder", "Equal: nobody scores", "Discard 5 cards: 7♣ 8♦ 9♥ J♠ Q♣"),
        # quoted as an option.
        return _("Not this time: the answer is “{answer}”.", answer=answer_text(task))
    if isinstance(task.answer, Card):
        # TRANSLATORS: {card} is a card's name inside a sentence ("ace of diamonds").
        return _("Not this time: the answer is the {card}.",
                 card=card_name(task.answer, start=False))
    # TRANSLATORS: {answer} is cards ("A♠ K♠ Q♠") or a number.
    return _("Not this time: the answer is {answer}.", answer=answer_text(task))


def _path(slug: str) -> None:
    """The lesson's stages as badges: done ✓, on show, still to do."""
    run = state.lesson_run(slug)
    done = state.done_stages() | (set(run.stages) if run.done else set())
    on_show = run.queue[0] if run.queue else None
    lang = content_language("stages")
    with st.container(horizontal=True, key="stages_path", gap="small"):
        for s in lesson_stages(slug):
            label = _("{number}. {title}", number=s.number, title=stage_text(s, lang).title)
            if s.id == on_show:
                st.badge(label, icon=":material/play_arrow:", color="blue")
            elif s.id in done:
                st.badge(label, icon=":material/check_circle:", color="green")
            else:
                st.badge(label, icon=":material/radio_button_unchecked:", color="gray")
    n = len(run.stages)
    with st.container(key="stages_progress"):  # on a phone the badges say it (ui.style)
        st.progress(run.position / n if n else 1.0,
                    text=ngettext("{done} of {n} stage done", "{done} of {n} stages done", n,
                                  done=run.position))


def _rows(task: Task, settled: bool) -> None:
    colours = four_colour()
    if "led" in task.facts:
        show_cards((task.facts["led"],), width=CARD_WIDTH, four_colour=colours,
                   caption=_("Elder leads"))
    for role, cards in task.hands:
        highlight = task.answer_cards if settled else frozenset()
        if task.kind in ("verdict", "younger_answer", "bonus_kind") and (
                settled or state.lesson_run_state(task) is Step.HINT):
            highlight = frozenset(hint_of(task).cards)
        if task.kind == "discard_best":
            hinted = state.lesson_run_state(task) is Step.HINT
            highlight = marked_cards(task, settled, hint_of(task, state.last_given(task))
                                     if hinted else None)
        show_cards(cards, width=CARD_WIDTH, highlight=highlight, four_colour=colours,
                   caption=says.hand_label(role))


def _answer_widget(slug: str, task: Task, settled: bool) -> None:
    key = state.answer_key(task)
    label = says.hand_label(task.role)
    if task.answer_kind in ("cards", "card") and settled:
        given = state.last_given(task)
        right = state.lesson_run(slug).state is Step.RIGHT
        shown = (given if right and isinstance(given, frozenset) else
                 frozenset((given,)) if right and isinstance(given, Card) else task.answer_cards)
        show_cards(task.pick, width=CARD_WIDTH, highlight=shown, four_colour=four_colour(),
                   caption=label)
        return
    if task.answer_kind == "cards":
        card_hand(key, task.pick, max_selected=task.count, label=label)
    elif task.answer_kind == "card":
        card_hand(key, task.pick, mode="play", label=label,
                  on_change=functools.partial(state.play, slug))
        return
    elif task.answer_kind == "choice":
        st.pills(_("Your answer"), task.choices, key=key, disabled=settled,
                 format_func=functools.partial(says.choice_text, task))
    else:
        st.number_input(_("Your answer"), min_value=0, max_value=9999, step=1, value=None,
                        key=key, disabled=settled, placeholder=_("A number"))
    if not settled:
        st.button(_("Check"), key="stages_check", type="primary", icon=":material/check:",
                  on_click=state.submit, args=(slug,))


def _feedback(slug: str, task: Task) -> None:
    run = state.lesson_run(slug)
    if st.session_state.get(state.NOTICE) == task.stage_id:
        st.info(_("Choose an answer first, then press Check."))
    if run.state is Step.HINT:
        st.warning(says.feedback_hint(task, state.last_given(task),
                                      hint_of(task, state.last_given(task))),
                   icon=":material/lightbulb:")
    elif run.state is Step.RIGHT:
        st.success(_("Right!") if run.tries == 0 else _("Right, at the second try."),
                   icon=":material/check_circle:")
        for line in says.explanation(task):
            st.markdown(md_escape(line))
    elif run.state is Step.REVEALED:
        st.error(revealed_text(task), icon=":material/school:")
        for line in says.explanation(task):
            st.markdown(md_escape(line))
        st.caption(_("This stage comes back later in the lesson, with new cards."))
    with st.container(horizontal=True):
        if run.state in (Step.RIGHT, Step.REVEALED):
            st.button(_("Continue"), key="stages_continue", type="primary",
                      icon=":material/arrow_forward:", on_click=state.advance, args=(slug,))
        else:
            st.button(_("Skip for now"), key="stages_skip", type="tertiary",
                      icon=":material/skip_next:", on_click=state.skip, args=(slug,))


def _stage(slug: str, task: Task) -> None:
    s = stage(task.stage_id)
    text = stage_text(s, content_language("stages"))
    settled = state.lesson_run(slug).state in (Step.RIGHT, Step.REVEALED)
    st.session_state[SHOWN] = task
    with st.container(border=True, key="stages_player"):
        teach, work = st.columns([2, 3], gap="medium")
        with teach:
            st.subheader(text.title, anchor=False)
            st.markdown(text.teach)  # our own content, Markdown as written
        with work:
            st.markdown(md_escape(says.prompt(task)))
            for line in says.context_lines(task):
                st.caption(md_escape(line))
            _rows(task, settled)
            _answer_widget(slug, task, settled)
            _feedback(slug, task)


def _result(lesson: Lesson, next_lesson: Lesson | None) -> None:
    run = state.lesson_run(lesson.slug)
    right, total = state.best_score(lesson.slug) or score(run)  # the stars earned stay
    n = stars(right, total)
    with st.container(border=True, key="stages_result"):
        st.subheader(_("Lesson {number} done!", number=lesson.number), anchor=False)
        st.markdown(_("{stars} {right} of {total} stages right at the first try.",
                      stars="★" * n + "☆" * (3 - n), right=right, total=total))
        missed = [s for s in run.stages if not run.first_try.get(s)]
        if missed and run.first_try and score(run) == (right, total):  # this pass is the best
            lang = content_language("stages")
            st.caption(_("Missed at the first try: {stages}.", stages=_(", ").join(
                stage_text(stage(s), lang).title for s in missed)))
        with st.container(horizontal=True):
            if next_lesson is not None:
                st.button(_("Next lesson: {title}", title=next_lesson.title),
                          key="stages_next", type="primary", icon=":material/arrow_forward:",
                          on_click=go, args=(next_lesson.slug,))
            st.button(_("Practise this lesson again"), key="stages_again",
                      icon=":material/replay:", on_click=state.restart, args=(lesson.slug,))


def _test_taps(slug: str) -> None:
    codes = st.session_state.pop(TEST_TAPS, None)
    if not codes or os.environ.get("PIQUET_TESTING") != "1":
        return
    task = state.current_task(slug)
    for code in codes:
        if task is not None:
            tap(state.answer_key(task), parse_card(str(code)))


def stage_player(lesson: Lesson, next_lesson: Lesson | None) -> None:
    """The lesson's path and the stage on show (or its result screen)."""
    if not lesson_stages(lesson.slug):
        return
    _test_taps(lesson.slug)
    _path(lesson.slug)
    task = state.current_task(lesson.slug)
    if task is None:
        st.session_state.pop(SHOWN, None)
        _result(lesson, next_lesson)
    else:
        _stage(lesson.slug, task)

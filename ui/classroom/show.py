""""Show the class": the class's round presented on the projector, one question a screen, in
the screens of the Lab's presentation (:func:`ui.present.screens.screen`: its stylesheet,
its big buttons ← Back, Reveal (R), Next → and its keys → ← R).

The address says what is shown: ``/class?class=ID&show=K&step=N`` — ``show`` the question
(1 the round's first), ``step`` 1 for the question with its answer hidden, 2 once revealed
(the right answer, why, and the cards behind it highlighted). A reload keeps it; a number
out of range is brought back into it with a sentence that says so. Next and Back open the
next and the previous question, their answer hidden; "End the presentation" goes back to
the dashboard. Nothing of the teacher's key or link is on these screens."""

from __future__ import annotations

import html
from typing import Final

import streamlit as st

from ui.classroom.items import BIG_WIDTH, kind_label, show_item
from ui.classroom.work import ClassRound
from ui.present.keys import Action
from ui.present.screens import PARAM as STEP_PARAM, in_range, screen
from ui.style import inject_css
from words import _, ngettext

__all__ = ["KEY", "SHOW_PARAM", "STEP_PARAM", "end", "present", "read", "showing", "start"]

SHOW_PARAM: Final = "show"
"""The address's parameter naming the question shown (1 the round's first)."""
KEY: Final = "class_show"
"""The presentation's elements' keys start with it (its screen: ``.st-key-class_show_screen``)."""
ASKED, REVEALED = 1, 2
"""The steps of a question: asked (its answer hidden), revealed."""

_CSS: Final = """<style>
.st-key-class_show_screen.st-key-class_show_screen{--pqp-card:min(19vh,10.5vw)}
.st-key-class_show_screen .pqp-top{padding-left:6.5rem}
.st-key-class_show_screen .pq-cards.pq-cards{flex-wrap:wrap !important;row-gap:.4rem;
  margin-bottom:.4rem !important}
.st-key-class_show_screen .pq-cards svg.pq-card:not(:first-child){
  margin-left:calc(var(--pqp-card) / -1.4 * .5) !important}
.st-key-class_show_screen h4{font-size:36px !important;line-height:1.25;padding:.2rem 0}
.st-key-class_show_screen [data-testid='stAlertContainer']{padding:.4rem .9rem}
.st-key-class_show_screen [data-testid='stCaptionContainer'],
.st-key-class_show_screen [data-testid='stCaptionContainer'] p{font-size:28px}
.st-key-class_show_screen .pqp-ask{margin-top:1rem}
</style>"""
"""What the class's screens add to the presentation's: room for the page's menu beside the
title; the cards fanned (each covers half of the one before, its corner showing), a
little smaller, so that a hand of twelve fits beside the answer, wrapped rather than cut; the
question's prompt large."""


def showing() -> bool:
    """Whether the address asks for the presentation."""
    return SHOW_PARAM in st.query_params


def _raw(param: str) -> str | None:
    value = st.query_params.get(param)
    return None if value is None else str(value)


def read(length: int, raw_show: str | None, raw_step: str | None
         ) -> tuple[int, int, list[str]]:
    """The question (1..``length``) and step (1 or 2) the address asks for, and a sentence
    for each that had to be changed."""
    shown, asked = in_range(length, raw_show)
    notes = []
    if isinstance(asked, str):
        notes.append(_("The address asks for question “{asked}”, which is not a number: the "
                       "presentation starts at question 1.", asked=asked))
    elif asked is not None:
        notes.append(ngettext(
            "This round has {n} question, so question {asked} does not exist: it shows "
            "question {shown}.",
            "This round has {n} questions, so question {asked} does not exist: it shows "
            "question {shown}.", length, asked=asked, shown=shown))
    step, asked = in_range(REVEALED, raw_step)
    if asked is not None:
        # TRANSLATORS: {asked} is the text of the address's step (not 1 or 2), quoted.
        notes.append(_("A question has two steps, 1 the question and 2 its answer, so step "
                       "“{asked}” does not exist: it shows step {step}.", asked=asked,
                       step=step))
    return shown, step, notes


def start(position: int) -> None:
    """Open the presentation at ``position`` (0-based), its answer hidden."""
    st.query_params[SHOW_PARAM] = str(position + 1)
    st.query_params[STEP_PARAM] = str(ASKED)


def end() -> None:
    """Back to the dashboard (a callback)."""
    st.query_params.pop(SHOW_PARAM, None)
    st.query_params.pop(STEP_PARAM, None)


def _go(length: int, action: Action) -> None:
    """A button's or a key's action (a callback): the next or previous question, or the
    answer revealed."""
    shown, _step, _notes = read(length, _raw(SHOW_PARAM), _raw(STEP_PARAM))
    if action == "reveal":
        st.query_params[STEP_PARAM] = str(REVEALED)
        return
    new = shown + 1 if action == "next" else shown - 1
    if 1 <= new <= length:
        start(new - 1)


def present(r: ClassRound) -> None:
    """The screen of the question and step the address names (out-of-range values brought
    back, and said)."""
    inject_css(big=True, present=True)
    st.html(_CSS)
    length = r.length
    shown, step, notes = read(length, _raw(SHOW_PARAM), _raw(STEP_PARAM))
    for param, value in ((SHOW_PARAM, shown), (STEP_PARAM, step)):
        if _raw(param) != str(value):
            st.query_params[param] = str(value)  # the address says what is shown
    position, revealed = shown - 1, step == REVEALED

    def body() -> None:
        left, right = st.columns([3, 2], gap="large")
        with left:
            show_item(r, position, width=BIG_WIDTH, reveal=revealed, answer=right)
        if not revealed:
            ask = _("What is the answer? Press R, or Reveal, to show it.")
            right.markdown(f'<div class="pqp-ask">{html.escape(ask)}</div>',
                           unsafe_allow_html=True)

    screen(KEY, title=kind_label(r.kind(position)),
           count=_("Question {number} of {total}", number=shown, total=length),
           note=" ".join(notes) or None, body=body, back=shown > 1, forward=shown < length,
           reveal=revealed, on_action=lambda action: _go(length, action),
           end=(_("End the presentation"), end))

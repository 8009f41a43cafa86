"""What every page that asks a quiz question draws (the Quiz page and the Class page's
pupils): the question itself (its prompt, context, dialogue and rows of cards) and the
answer box (one widget a field, the card hand for "which cards…", Check and Skip).

A page gives the keys (:class:`AnswerKeys`: its own prefix, and a function naming the
widget of each field for the question on screen) and its callbacks; :func:`given_values`
reads the values back for the check.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from academy.quiz import Field, Question
from piquet.cards import Card
from ui.components.card_hand import card_hand, selection
from ui.dialogue import dialogue_html
from ui.quiz.draw import rows
from words import _

__all__ = ["AnswerKeys", "answer_box", "given_values", "hand_cards", "question_body"]


@dataclass(frozen=True, slots=True)
class AnswerKeys:
    """A page's keys: ``prefix`` names the box (``<prefix>_answer``) and its buttons
    (``<prefix>_check``, ``<prefix>_skip``); ``field`` names a field's widget."""

    prefix: str
    field: Callable[[Field], str]


def given_values(fields: Sequence[Field], keys: AnswerKeys) -> dict[str, object]:
    """What the widgets of ``fields`` hold (card codes for a card hand), field key -> value."""
    ss = st.session_state
    out: dict[str, object] = {}
    for f in fields:
        if f.widget == "cards":
            out[f.key] = [str(c) for c in selection(keys.field(f))]
        else:
            out[f.key] = ss.get(keys.field(f))
    return out


def hand_cards(q: Question) -> tuple[Card, ...]:
    """The cards of the question's card hand ("which cards…"), empty without one."""
    hand = next((f for f in q.fields if f.widget == "cards"), None)
    return () if hand is None else tuple(Card.of(o) for o in hand.options)


def question_body(q: Question, *, width: int, reveal: bool,
                  skip: tuple[Card, ...] = ()) -> None:
    """The question's prompt, context lines, dialogue and rows of cards (the cards behind
    the answer highlighted once ``reveal``; the row ``skip`` is left to the card hand)."""
    st.markdown(f"#### {q.prompt}")
    for line in q.context:
        st.markdown(line)
    if q.dialogue:
        st.markdown(dialogue_html(q.dialogue), unsafe_allow_html=True)
    rows(q, width=width, reveal=reveal, skip=skip)


def _widget(field: Field, key: str, max_cards: int | None) -> None:
    # the options' labels as a table made in this run: a format function of the option
    # alone (AppTest formats a value again outside the run, where the language is unknown)
    labels = ({o: field.option_text(o) for o in field.options}
              if field.widget in ("choice", "multi") else {})
    if field.widget == "choice":
        st.radio(field.label, field.options, index=None, key=key, horizontal=True,
                 format_func=labels.__getitem__)
    elif field.widget == "number":
        st.number_input(field.label, min_value=0, max_value=999, value=None, step=1, key=key,
                        placeholder=_("type a number"))
    elif field.widget == "cards":
        st.markdown(f"**{html.escape(field.label)}**")
        st.caption(_("Tap the cards to choose them; tap again to put one back."))
        card_hand(key, [Card.of(code) for code in field.options], label=field.label,
                  max_selected=max_cards)
    else:
        st.pills(field.label, field.options, selection_mode="multi", key=key,
                 format_func=labels.__getitem__)


def answer_box(fields: Sequence[Field], keys: AnswerKeys, *, on_check: Callable[[], None],
               on_skip: Callable[[], None] | None, notice: str | None = None,
               max_cards: int | None = None) -> None:
    """The answer widgets of ``fields`` (numbers side by side), Check and Skip; ``notice``
    (an answer missing, in part or whole) under the box; ``max_cards``: at most that many
    cards chosen on a card hand."""
    with st.container(border=True, key=f"{keys.prefix}_answer"):
        numbers = [f for f in fields if f.widget == "number"]
        for f in fields:
            if f.widget != "number":
                _widget(f, keys.field(f), max_cards)
        if numbers:
            cols = st.columns(len(numbers))
            for col, f in zip(cols, numbers, strict=True):
                with col:
                    _widget(f, keys.field(f), max_cards)
        with st.container(horizontal=True, gap="small"):
            st.button(_("Check"), type="primary", key=f"{keys.prefix}_check", on_click=on_check)
            if on_skip is not None:
                st.button(_("Skip"), key=f"{keys.prefix}_skip", on_click=on_skip,
                          help=_("Skipped questions count as skipped; the answer is on the "
                                 "end screen."))
    if notice:
        st.warning(notice, icon=":material/edit:")

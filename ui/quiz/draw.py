"""What the quiz's question and end screens both draw: the rows of cards, the learner's
answer, the feedback and the explanation."""

from __future__ import annotations

import streamlit as st

from academy.quiz import Feedback, Question
from piquet.cards import Card
from ui.cards import show_cards
from ui.settings import four_colour
from words import _


def rows(q: Question, *, width: int, reveal: bool, skip: tuple[Card, ...] = ()) -> None:
    """The question's rows of cards (with the cards behind the answer once ``reveal``);
    a row of exactly the cards ``skip`` is left to the card hand."""
    fc = four_colour()
    for row in q.rows:
        if skip and set(row.cards) == set(skip):
            continue
        st.markdown(f"**{row.label}**")
        show_cards(row.cards, width=width if len(row.cards) > 1 else width + 10,
                   highlight=row.highlight if reveal else frozenset(), four_colour=fc)


def given(fb: Feedback) -> None:
    """The learner's answer, once checked (one try per question)."""
    # TRANSLATORS: one field of the learner's answer: "Point: **5 cards**".
    parts = [_("{field}: **{answer}**", field=r.field.label, answer=r.given_text)
             for r in fb.results]
    st.markdown(_("Your answer — {answers}", answers=" · ".join(parts)))


def feedback(fb: Feedback) -> None:
    if fb.correct:
        st.success(fb.headline, icon=":material/check_circle:")
    else:
        st.error(fb.headline, icon=":material/cancel:")
    if fb.missed:
        right = _(", ").join(r.field.label for r in fb.results if r.ok)
        items = [f"- {line}" for line in fb.missed]
        if right:
            items.append(_("- Claimed correctly: {fields}.", fields=right))
        st.warning(_("**What you missed**\n\n{items}", items="\n".join(items)),
                   icon=":material/search:")
    elif len(fb.results) > 1:
        lines = []
        for r in fb.results:
            if r.ok:
                lines.append(_("- :green[:material/check:] **{field}**: {answer}",
                               field=r.field.label, answer=r.given_text))
            else:
                lines.append(_("- :red[:material/close:] **{field}**: you said {answer}; the "
                               "answer is **{expected}**", field=r.field.label,
                               answer=r.given_text, expected=r.expected_text))
        st.markdown("\n".join(lines))
    explanation(fb.explanation)


def explanation(lines: tuple[str, ...]) -> None:
    st.markdown(_("**Why**  \n{items}", items="\n".join(f"- {line}" for line in lines)))
    st.caption(_("The highlighted cards are the ones behind the answer."))

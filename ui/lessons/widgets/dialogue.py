"""Lesson 7's widget: two hands, the declaring dialogue and each verdict."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, Final

import streamlit as st

from piquet import Card, score_declarations, sort_cards
from piquet.reckon import Role
from ui.content import example_hands
from ui.lessons.common import SMALL_WIDTH, draw_cards, hand_input, show_error, words
from ui.settings import current_rules
from words.declarations import verdict_text

_CATEGORY_NAMES: Final = {"point": "Point", "sequences": "Sequence", "sets": "Sets"}
_ANSWERS: Final = {"Good.": "pq-good", "Not good.": "pq-notgood", "Equal.": "pq-equal"}


def _dialogue_html(lines: Sequence[Any]) -> str:
    out = ['<div class="pq-dialogue">']
    for line in lines:
        text = html.escape(line.text)
        chip = _ANSWERS.get(line.text)
        if chip and line.speaker == "younger":
            text = f'<span class="{chip}">{text}</span>'
        out.append(f'<div class="pq-{line.speaker}"><span class="pq-speaker">'
                   f"{line.speaker.capitalize()}</span> {text}</div>")
    out.append("</div>")
    return "".join(out)


def dialogue_widget() -> None:
    """Two hands, the dialogue line by line, and each verdict explained."""
    rules = current_rules()
    example_elder, example_younger = example_hands()  # Cavendish's, after the exchange
    left, right = st.columns(2)
    with left:
        elder = hand_input("lessons_dlg_elder", "Elder's hand after the exchange",
                            words(example_elder), who="Elder")
    with right:
        younger = hand_input("lessons_dlg_younger", "Younger's hand after the exchange",
                              words(example_younger), who="Younger")
    if elder is None or younger is None:
        return
    specs: dict[Role, dict[str, list[Any]] | None] = {"elder": None, "younger": None}
    with st.expander("Sink: declare nothing in a category"):
        for role in ("elder", "younger"):
            sunk = st.pills(f"{role.capitalize()} declares nothing in", list(_CATEGORY_NAMES),
                            selection_mode="multi", key=f"lessons_dlg_sink_{role}",
                            format_func=lambda c: _CATEGORY_NAMES[c])
            if sunk:
                specs[role] = {c: [] for c in sunk}
        st.caption("Sinking part of a combination (a tierce from a quart) is in the Lab.")
    try:
        s = score_declarations(elder, younger, rules=rules, elder_declares=specs["elder"],
                               younger_declares=specs["younger"])
    except ValueError as err:
        show_error(err)
        return
    outlined = False
    pairs: tuple[tuple[Role, tuple[Card, ...]], ...] = (("elder", elder), ("younger", younger))
    for role, hand in pairs:
        st.markdown(f"**{role.capitalize()}** · {s.total(role)} from declarations")
        scoring = {c for v in s.verdicts if v.winner == role for x in v.scored for c in x.cards}
        outlined = outlined or bool(scoring)
        draw_cards(sort_cards(hand), width=SMALL_WIDTH, highlight=scoring)
    st.caption("Outlined: the cards that score." if outlined
               else "Neither player scores a combination, so no card is outlined.")
    st.subheader("The dialogue")
    st.html(_dialogue_html(s.dialogue))
    st.subheader("Why")
    for v in s.verdicts:
        st.markdown(f"- **{_CATEGORY_NAMES[v.category]}.** {verdict_text(v)}")
    try:
        st.page_link("app_pages/lab.py", label="Try sinking in the Declarations Lab",
                     icon=":material/science:")
    except Exception:  # the Lab page is not in this app's navigation
        st.caption("The Declarations Lab lets you sink part of any combination.")



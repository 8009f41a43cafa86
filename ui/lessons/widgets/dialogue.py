"""Lesson 7's widget: two hands, the declaring dialogue and each verdict."""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from piquet import Card, score_declarations, sort_cards
from piquet.reckon import Role
from ui.content import example_hands
from ui.dialogue import dialogue_html
from ui.lessons.common import SMALL_WIDTH, draw_cards, hand_input, show_error, words
from ui.settings import current_rules
from words import _
from words.declarations import verdict_text
from words.names import category_title

_CATEGORIES: Final = ("point", "sequences", "sets")


def _sink_label(role: Role) -> str:
    return _("Elder declares nothing in") if role == "elder" else _("Younger declares nothing in")


def _total_line(role: Role, points: int) -> str:
    if role == "elder":
        return _("**Elder** · {points} from declarations", points=points)
    return _("**Younger** · {points} from declarations", points=points)


def _title(category: str) -> str:
    return _("Sets") if category == "sets" else category_title(category)


def dialogue_widget() -> None:
    """Two hands, the dialogue line by line, and each verdict explained."""
    rules = current_rules()
    example_elder, example_younger = example_hands()  # Cavendish's, after the exchange
    left, right = st.columns(2)
    with left:
        elder = hand_input("lessons_dlg_elder", _("Elder's hand after the exchange"),
                           words(example_elder), who="Elder")
    with right:
        younger = hand_input("lessons_dlg_younger", _("Younger's hand after the exchange"),
                             words(example_younger), who="Younger")
    if elder is None or younger is None:
        return
    specs: dict[Role, dict[str, list[Any]] | None] = {"elder": None, "younger": None}
    roles: tuple[Role, Role] = ("elder", "younger")
    with st.expander(_("Sink: declare nothing in a category")):
        for role in roles:
            sunk = st.pills(_sink_label(role), list(_CATEGORIES),
                            selection_mode="multi", key=f"lessons_dlg_sink_{role}",
                            format_func=_title, persist_state="session")
            if sunk:
                specs[role] = {c: [] for c in sunk}
        st.caption(_("Sinking part of a combination (a tierce from a quart) is in the Lab."))
    try:
        s = score_declarations(elder, younger, rules=rules, elder_declares=specs["elder"],
                               younger_declares=specs["younger"])
    except ValueError as err:
        show_error(err)
        return
    outlined = False
    pairs: tuple[tuple[Role, tuple[Card, ...]], ...] = (("elder", elder), ("younger", younger))
    for role, hand in pairs:
        st.markdown(_total_line(role, s.total(role)))
        scoring = {c for v in s.verdicts if v.winner == role for x in v.scored for c in x.cards}
        outlined = outlined or bool(scoring)
        draw_cards(sort_cards(hand), width=SMALL_WIDTH, highlight=scoring)
    st.caption(_("Outlined: the cards that score.") if outlined
               else _("Neither player scores a combination, so no card is outlined."))
    st.subheader(_("The dialogue"))
    st.html(dialogue_html(s.dialogue))
    st.subheader(_("Why"))
    for v in s.verdicts:
        # TRANSLATORS: one verdict in a list: the category's title, then why it went so
        st.markdown(_("- **{category}.** {why}", category=_title(v.category),
                      why=verdict_text(v)))
    try:
        st.page_link("app_pages/lab.py", label=_("Try sinking in the Declarations Lab"),
                     icon=":material/science:")
    except Exception:  # the Lab page is not in this app's navigation
        st.caption(_("The Declarations Lab lets you sink part of any combination."))



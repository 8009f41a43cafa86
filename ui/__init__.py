"""Streamlit-side helpers of Piquet Academy: SVG cards, the hand builder, shared CSS.

>>> from ui import card_svg, cards_row_html, show_cards, card_label
>>> from ui import hand_builder, parse_hand_param, set_hand, inject_css
"""

from ui.cards import (
    CLUB_PATH,
    DIAMOND_PATH,
    HEART_PATH,
    PIP_PATHS,
    SPADE_PATH,
    card_colour,
    card_label,
    card_svg,
    cards_row_html,
    show_cards,
)
from ui.hand_builder import (
    PICKER_ORDER,
    hand_builder,
    hand_problems,
    parse_hand_param,
    set_hand,
)
from ui.style import inject_css
from words import SESSION_KEY, set_language_source


def session_language() -> str | None:
    """The language in ``st.session_state`` (``None`` outside a running script): the text
    layer's source of the user's language."""
    import streamlit as st
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    value = st.session_state.get(SESSION_KEY)
    return value if isinstance(value, str) else None


set_language_source(session_language)

__all__ = [
    "CLUB_PATH",
    "DIAMOND_PATH",
    "HEART_PATH",
    "PICKER_ORDER",
    "PIP_PATHS",
    "SPADE_PATH",
    "card_colour",
    "card_label",
    "card_svg",
    "cards_row_html",
    "hand_builder",
    "hand_problems",
    "inject_css",
    "parse_hand_param",
    "session_language",
    "set_hand",
    "show_cards",
]

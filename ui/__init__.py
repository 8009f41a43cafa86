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
from ui.language import forget_session_language, session_language
from ui.style import inject_css

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
    "forget_session_language",
    "hand_builder",
    "hand_problems",
    "inject_css",
    "parse_hand_param",
    "session_language",
    "set_hand",
    "show_cards",
]

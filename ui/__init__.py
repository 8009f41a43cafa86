"""Streamlit-side helpers of Piquet Academy: SVG cards, the hand builder, shared CSS.

>>> from ui import card_svg, cards_row_html, show_cards, card_label
>>> from ui import hand_builder, parse_hand_param, set_hand, inject_css
"""

import contextlib
from typing import cast

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

_MEMO = "_pq_language"


def session_language() -> str | None:
    """The language in ``st.session_state`` (``None`` outside a running script): the text
    layer's source of the user's language.

    Read once a run: a page asks for it hundreds of times (every message, every card name),
    and each read of the session state costs tens of microseconds. The memo lives on the run's
    context and holds that run's ``cursors`` (a new dict each run), so the next run reads the
    session again. Code that sets ``st.session_state["lang"]`` during a run calls
    :func:`forget_session_language`.
    """
    import streamlit as st
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return None
    memo = getattr(ctx, _MEMO, None)
    if memo is not None and memo[0] is ctx.cursors:
        return cast("str | None", memo[1])
    raw = st.session_state.get(SESSION_KEY)
    value = raw if isinstance(raw, str) else None
    with contextlib.suppress(AttributeError):  # a context without a __dict__: no memo
        setattr(ctx, _MEMO, (ctx.cursors, value))
    return value


def forget_session_language() -> None:
    """After ``st.session_state["lang"]`` changed during a run: read it again."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is not None and hasattr(ctx, _MEMO):
        delattr(ctx, _MEMO)


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
    "forget_session_language",
    "hand_builder",
    "hand_problems",
    "inject_css",
    "parse_hand_param",
    "session_language",
    "set_hand",
    "show_cards",
]

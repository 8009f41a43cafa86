"""Settings every page honours: the rules preset (``?rules=``) and the deck colours."""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import PRESETS, Rules, get_rules

RULES_KEY: Final = "rules"
FOUR_COLOUR_KEY: Final = "four_colour"
PRESET_NAMES: Final = tuple(PRESETS)


def _clean_rules_param() -> None:
    """An unknown ``?rules=`` value falls back to the default, with a message."""
    raw = st.query_params.get(RULES_KEY)
    if raw is not None and raw not in PRESETS:
        st.session_state["_bad_rules_param"] = raw
        del st.query_params[RULES_KEY]
        st.session_state.pop(RULES_KEY, None)


def rules_selector() -> None:
    """The preset selector, drawn once in the frame and bound to ``?rules=``."""
    _clean_rules_param()
    st.segmented_control(
        "Rules", PRESET_NAMES, key=RULES_KEY, default="britannica", required=True,
        bind="query-params",
        help="Britannica (the seed texts, default) or Cavendish (the 1882 club laws: "
             "+1 for the last trick, Younger must take a card).",
    )
    bad = st.session_state.pop("_bad_rules_param", None)
    if bad is not None:
        st.warning(f"Unknown rules preset {str(bad)[:30]!r} in the link; using Britannica.")
    st.toggle("Four-colour deck", key=FOUR_COLOUR_KEY,
              help="Spades black, hearts red, diamonds blue, clubs green.")


def current_rules() -> Rules:
    """The preset chosen in the frame (britannica until chosen)."""
    name = st.session_state.get(RULES_KEY) or "britannica"
    try:
        return get_rules(str(name))
    except ValueError:
        return get_rules("britannica")


def four_colour() -> bool:
    return bool(st.session_state.get(FOUR_COLOUR_KEY, False))

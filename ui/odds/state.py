"""The Odds page's state: whose exchange and under which preset the figures after the
exchange are shown (session keys ``odds_…``).

The preset starts as the app's (the sidebar's) and follows it when the sidebar changes; a
choice made on the page holds until then. Both choices survive a page switch
(``persist_state="session"``).
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import PRESETS
from piquet.reckon import ROLES

__all__ = ["K_PRESET", "K_ROLE", "PRESET_IDS", "ROLE_IDS", "chosen_preset", "chosen_role",
           "follow_app_preset"]

K_ROLE: Final = "odds_role"
K_PRESET: Final = "odds_preset"
_K_APP_PRESET: Final = "odds_app_preset"  # the sidebar's preset when last seen here
ROLE_IDS: Final[tuple[str, ...]] = tuple(ROLES)
PRESET_IDS: Final[tuple[str, ...]] = tuple(PRESETS)


def follow_app_preset(app_preset: str) -> None:
    """Before the preset's widget is drawn: the page's preset becomes the app's on the first
    visit and whenever the app's has changed since the last run here."""
    ss = st.session_state
    if ss.get(_K_APP_PRESET) != app_preset or ss.get(K_PRESET) not in PRESET_IDS:
        ss[K_PRESET] = app_preset if app_preset in PRESET_IDS else PRESET_IDS[0]
    ss[_K_APP_PRESET] = app_preset
    if ss.get(K_ROLE) not in ROLE_IDS:
        ss[K_ROLE] = ROLE_IDS[0]


def chosen_role() -> str:
    """``"elder"`` or ``"younger"``: whose exchange is shown."""
    role = st.session_state.get(K_ROLE)
    return role if role in ROLE_IDS else ROLE_IDS[0]


def chosen_preset() -> str:
    """The preset id the figures after the exchange follow."""
    preset = st.session_state.get(K_PRESET)
    return preset if preset in PRESET_IDS else PRESET_IDS[0]

"""Custom Components v2 widgets of Piquet Academy (inline HTML, CSS and JS; no iframe).

- :mod:`ui.components.card_hand`: :func:`card_hand`, cards the learner taps or plays with
  the keyboard, and :func:`tap`, the one Python path every tap goes through.
- :mod:`ui.components.browser_store`: the learner's secret id kept in the browser
  (``localStorage``, mirrored in a first-party cookie read through ``st.context.cookies``).

See docs/components.md.
"""

from ui.components.card_hand import (
    card_hand,
    card_hand_callback,
    clean_selection,
    selection,
    set_selection,
    tap,
    toggle,
)

__all__ = [
    "card_hand",
    "card_hand_callback",
    "clean_selection",
    "selection",
    "set_selection",
    "tap",
    "toggle",
]

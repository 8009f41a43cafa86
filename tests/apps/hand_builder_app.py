"""A tiny Streamlit app for tests/test_ui_cards.py: one hand builder and its result.

Run by ``AppTest.from_file``; by hand: ``streamlit run tests/apps/hand_builder_app.py``.
Test hooks (set ``at.session_state[...]`` before a run): ``test_taken`` (text, the other
hand's cards), ``test_set_hand`` (text or None, passed to ``set_hand`` before drawing).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from piquet.cards import format_cards, parse_cards  # noqa: E402
from ui.hand_builder import hand_builder, set_hand  # noqa: E402
from ui.style import inject_css  # noqa: E402

# pytest's --doctest-modules imports every module under tests/: draw only when run as an app.
if __name__ == "__main__":
    inject_css()  # the builder injects it too; the second call must add nothing
    pending = st.session_state.pop("test_set_hand", None)
    if pending is not None:
        set_hand("elder", pending)
    taken = frozenset(parse_cards(st.session_state.get("test_taken", "")))
    hand = hand_builder("elder", label="Elder", taken=taken)
    st.write(hand)
    st.text("result: " + ("None" if hand is None else format_cards(hand)))

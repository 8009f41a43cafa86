"""The Lab's controls and nothing else: its title and presentation toggle, the two hand
builders (ui/hand_builder.py: a text box, the 32-card pack, Deal and Clear), the two carte
blanche toggles, and a sidebar of three settings widgets, with no score drawn. What a full
run of a page with these inputs costs Streamlit, before the page shows anything:
``python bench/bench_wsload.py --script bench/controls_app.py --path / --query ""`` (issue
14; figures in bench/bench_wsload.py's docstring)."""

import sys
from pathlib import Path

import streamlit as st
from streamlit import runtime

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if not runtime.exists():  # `python bench/controls_app.py` (make bench runs every bench/*.py)
    print("bench/controls_app.py is a Streamlit page: bench/bench_wsload.py measures it")
else:
    from ui.content import example_hands
    from ui.hand_builder import hand_builder

    with st.sidebar:
        st.markdown("### Piquet Academy")
        st.selectbox("Language", ["English", "Tiếng Việt", "Türkçe"], key="language")
        st.segmented_control("Rules", ["britannica", "cavendish"], key="rules",
                             default="britannica")
        st.toggle("Four-colour deck", key="four_colour")
    st.title("Declarations Lab")
    st.toggle("Presentation mode", key="present")
    left, right = st.columns(2)
    for col, role, example in zip((left, right), ("elder", "younger"), example_hands(),
                                  strict=True):
        with col:
            hand_builder(f"controls_{role}", label=role.title(), default=example)
            st.toggle("Carte blanche (as dealt)", key=f"controls_blanche_{role}")

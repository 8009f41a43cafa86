"""The rungs between the toy page and the Lab, one at a time (``?rung=``), each the toy's
title and line plus one thing the Lab cannot do without: what that thing alone costs a full
run on Streamlit 1.67. bench/bench_floor.py measures every rung against the toy (issue 14).

- ``settings``: the sidebar's three settings widgets (a select box, a segmented control, a
  toggle), as the app's frame draws them on every page;
- ``hand``: one 32-card pack (ui/components/card_hand.py), as each of the Lab's two hand
  builders draws it;
- ``text``: one text field, as each hand builder has for typing the cards;
- ``nodelay``: nothing more on the page, but Nagle's algorithm off on the server's sockets as
  the app's router turns it off (ui/sockets.py): one session's reruns, measured with
  ``python bench/bench_wsload.py --script bench/floor_app.py --path / --query rung=nodelay
  --sessions 1 --reruns 20``, against the toy's."""

import sys
from pathlib import Path

import streamlit as st
from streamlit import runtime

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if not runtime.exists():  # `python bench/floor_app.py` (make bench runs every bench/*.py)
    print("bench/floor_app.py is a Streamlit page: bench/bench_floor.py measures it")
else:
    from ui.components.card_hand import card_hand
    from ui.hand_builder import PICKER_ORDER

    st.title("Toy page")
    st.write("A title and a line, the least a Streamlit page sends.")
    rung = st.query_params.get("rung", "")
    if rung == "settings":
        with st.sidebar:
            st.selectbox("Language", ["English", "Tiếng Việt", "Türkçe"], key="language")
            st.segmented_control("Rules", ["britannica", "cavendish"], key="rules",
                                 default="britannica")
            st.toggle("Four-colour deck", key="four_colour")
    elif rung == "hand":
        card_hand("floor_pack", PICKER_ORDER, label="The pack", rows=4)
    elif rung == "text":
        st.text_input("Elder: type the cards", key="floor_text")
    elif rung == "nodelay":
        from ui.sockets import no_delay

        no_delay()
    else:
        st.error(f"bench/floor_app.py: no rung {rung!r}")

"""Home: what piquet is, where to start, a path through the lessons, what each page is for."""

import streamlit as st

from ui.content import text
from ui.frame import ensure_frame

ensure_frame()

intro, _, rest = text("home.md").partition("## A suggested path")
st.markdown(intro)

cols = st.columns(4)
links = [
    ("pages/lessons.py", "Lessons", ":material/school:", "Learn the rules step by step."),
    ("pages/lab.py", "Declarations Lab", ":material/science:", "Two hands, every score explained."),
    ("pages/quiz.py", "Quiz", ":material/quiz:", "Drill declarations until automatic."),
    ("pages/play.py", "Play", ":material/playing_cards:", "A deal against the computer."),
]
for col, (page, label, icon, blurb) in zip(cols, links, strict=True):
    with col, st.container(border=True):
        st.page_link(page, label=label, icon=icon)
        st.caption(blurb)

st.markdown("## A suggested path" + rest)

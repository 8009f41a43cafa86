"""Home: what piquet is, where to start, a path through the lessons, what each page is for."""

import streamlit as st

from ui.content import text

intro, _, rest = text("home.md").partition("## A suggested path")
st.markdown(intro)

cols = st.columns(4)
links = [
    ("app_pages/lessons.py", "Lessons", ":material/school:", "Learn the rules step by step."),
    ("app_pages/lab.py", "Declarations Lab", ":material/science:",
     "Two hands, every score explained."),
    ("app_pages/quiz.py", "Quiz", ":material/quiz:", "Drill declarations until automatic."),
    ("app_pages/play.py", "Play", ":material/playing_cards:", "A deal against the computer."),
]
for col, (page, label, icon, blurb) in zip(cols, links, strict=True):
    with col, st.container(border=True):
        st.page_link(page, label=label, icon=icon)
        st.caption(blurb)

st.markdown("## A suggested path" + rest)

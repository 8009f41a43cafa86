"""Home: what piquet is, where to start, a path through the lessons, what each page is for."""

import streamlit as st

from ui.prose import prose
from words import _

# the page cards go between the welcome and the first section (in any language's home.md)
intro, _heading, rest = prose("home.md").partition("\n## ")
st.markdown(intro)

cols = st.columns(4)
links = [
    ("app_pages/lessons.py", _("Lessons"), ":material/school:", _("Learn the rules step by step.")),
    ("app_pages/lab.py", _("Declarations Lab"), ":material/science:",
     _("Two hands, every score explained.")),
    ("app_pages/quiz.py", _("Quiz"), ":material/quiz:", _("Drill declarations until automatic.")),
    ("app_pages/play.py", _("Play"), ":material/playing_cards:", _("A deal against the computer.")),
]
for col, (page, label, icon, blurb) in zip(cols, links, strict=True):
    with col, st.container(border=True):
        st.page_link(page, label=label, icon=icon)
        st.caption(blurb)

st.markdown("## " + rest if _heading else rest)

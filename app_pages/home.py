"""Home: what piquet is, "continue where you left off", where to start, the lesson path with
what is done, what each page is for."""

import streamlit as st

from ui.progress.path import lesson_path
from ui.progress.views import render_continue, render_lesson_path
from ui.prose import prose
from words import _, ngettext

# the page cards go between the welcome and the first section (in any language's home.md)
intro, _heading, rest = prose("home.md").partition("\n## ")
st.markdown(intro)

path = lesson_path()
render_continue(path)
done = sum(1 for step in path if step.done)
started = done > 0 or any(d for step in path for _sid, d in step.stages)
with st.expander(ngettext("Your lesson path: {done} of {n} lesson done",
                          "Your lesson path: {done} of {n} lessons done", len(path), done=done),
                 expanded=started, icon=":material/route:"):
    render_lesson_path(path)
    st.page_link("app_pages/progress.py", label=_("My progress"), icon=":material/insights:")

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

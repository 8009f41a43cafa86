"""Lessons: eleven short lessons on rubicon piquet, each with a live widget on real cards
and a few check questions. Deep link: ``/lessons?lesson=point``."""

import streamlit as st

from ui.content import lessons
from ui.frame import ensure_frame
from ui.lesson_widgets import (
    check_questions,
    choose_lesson,
    lesson_intro,
    lesson_widget,
    prev_next,
    progress,
)

ensure_frame()
LESSONS = lessons()

progress(LESSONS)
lesson = choose_lesson(LESSONS)

lesson_intro(lesson)
st.markdown(lesson.before)
lesson_widget(lesson.slug)
st.markdown(lesson.after)
check_questions(lesson)

st.divider()
prev_next(LESSONS, lesson, "bottom")

"""Lessons: eleven short lessons on rubicon piquet, each with a live widget on real cards
and a few check questions. Deep link: ``/lessons?lesson=point``. The lessons are read in the
reader's language (``content/<lang>/lessons/``, English when it has none)."""

import streamlit as st

from ui.lessons import (
    check_questions,
    choose_lesson,
    lesson_intro,
    lesson_markdown,
    lesson_widget,
    prev_next,
    progress,
)
from ui.prose import lesson_list
from ui.scroll import scroll_to_top

LESSONS = lesson_list()

progress(LESSONS)
lesson = choose_lesson(LESSONS)
scroll_to_top("lessons", token=lesson.slug)  # "Next lesson" opens at the top

lesson_intro(lesson)
lesson_markdown(lesson.before)
lesson_widget(lesson.slug)
lesson_markdown(lesson.after)
check_questions(lesson)

st.divider()
prev_next(LESSONS, lesson, "bottom")

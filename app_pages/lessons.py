"""Lessons: eleven lessons on rubicon piquet, each a path of short stages (one idea, a task
on real cards, checked by the engine), with the whole lesson — its text, live widget and
check questions — to read behind them. Deep link: ``/lessons?lesson=point``. Lessons and
stages are read in the reader's language (``content/<lang>/``, English when it has none)."""

import streamlit as st

from academy.stages import LESSONS as LESSON_IDS
from ui.lessons import (
    check_questions,
    choose_lesson,
    completed,
    lesson_markdown,
    lesson_widget,
    prev_next,
    progress,
)
from ui.lessons.framework import numbered
from ui.lessons.state import TAB, LessonTab, keep_tab
from ui.prose import lesson_list
from ui.scroll import scroll_to_top
from ui.stages import stage_player
from ui.stages.state import done_lessons, follow_stage_param
from words import _

LESSONS = lesson_list()

finished = done_lessons()  # the lessons done on the learner's path, this visit or before
completed().update(slug for slug, lid in LESSON_IDS.items() if lid in finished)
progress(LESSONS)
lesson = choose_lesson(LESSONS)
scroll_to_top("lessons", token=lesson.slug)  # "Next lesson" opens at the top
follow_stage_param(lesson.slug)

st.title(numbered(lesson), anchor=False)
slugs = [x.slug for x in LESSONS]
i = slugs.index(lesson.slug)
tab_labels: dict[LessonTab, str] = {"stages": _(":material/stairs: Stages"),
                                    "read": _(":material/menu_book: Read the whole lesson")}
keep_tab(tab_labels)  # back from another page, the lesson opens on the tab it was on
stages_tab, read_tab = st.tabs(list(tab_labels.values()), key=TAB, on_change="rerun")
with stages_tab:
    stage_player(lesson, LESSONS[i + 1] if i + 1 < len(LESSONS) else None)
with read_tab:
    lesson_markdown(lesson.before)
    lesson_widget(lesson.slug)
    lesson_markdown(lesson.after)
    check_questions(lesson)

st.divider()
prev_next(LESSONS, lesson, "bottom")

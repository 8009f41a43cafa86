"""The Lessons page's machinery: the lesson chooser synced with ``?lesson=``, progress,
previous / next, the check questions, a lesson's prose with its page links, and the "Try it"
box that draws the lesson's widget from the registry :data:`ui.lessons.widgets.WIDGETS`.

Session keys and callbacks live in :mod:`ui.lessons.state`.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import streamlit as st

from ui.content import Lesson
from ui.lessons.state import (
    CHOOSER,
    CURRENT,
    PARAM,
    check_answer,
    completed,
    forget_feedback,
    go,
    on_chooser,
    qkey,
    right_answers,
)
from ui.lessons.widgets import WIDGETS
from ui.text import md_escape

__all__ = [
    "TRY_IT",
    "check_questions",
    "choose_lesson",
    "lesson_intro",
    "lesson_markdown",
    "lesson_widget",
    "page_links",
    "prev_next",
    "progress",
]

TRY_IT: Final = "try-it"
"""The anchor of the "Try it" box."""


def choose_lesson(lessons: Sequence[Lesson]) -> Lesson:
    """The lesson chooser (pills), synced with ``?lesson=``; returns the lesson on show.

    An unknown ``?lesson=`` shows a warning naming it and falls back to the first lesson.
    """
    by_slug = {lesson.slug: lesson for lesson in lessons}
    ss = st.session_state
    raw = st.query_params.get(PARAM)
    if raw is not None and raw not in by_slug:
        shown = raw if len(raw) <= 30 else raw[:30] + "…"
        st.warning(
            f"There is no lesson called “{md_escape(shown)}”; showing lesson 1, "
            f"“{lessons[0].title}”. The lessons are: {', '.join(by_slug)}.",
            icon=":material/warning:",
        )
        ss[CURRENT] = lessons[0].slug
    elif raw is not None:
        ss[CURRENT] = raw
    slug = ss.get(CURRENT)
    if slug not in by_slug:
        slug = lessons[0].slug
    ss[CURRENT] = slug
    st.query_params[PARAM] = slug
    ss[CHOOSER] = slug  # before the widget is drawn: the chooser follows the URL and buttons
    done = completed()
    st.pills(
        "Lesson",
        list(by_slug),
        key=CHOOSER,
        required=True,
        format_func=lambda s: f"{'✓ ' if s in done else ''}{by_slug[s].number}. "
        f"{by_slug[s].title}",
        on_change=on_chooser,
        label_visibility="collapsed",
    )
    return by_slug[slug]


def progress(lessons: Sequence[Lesson]) -> None:
    """A progress bar: "3 of 11 lessons completed"."""
    n = sum(1 for lesson in lessons if lesson.slug in completed())
    st.progress(n / len(lessons), text=f"{n} of {len(lessons)} lessons completed")


def prev_next(lessons: Sequence[Lesson], lesson: Lesson, where: str) -> None:
    """Previous / Next buttons."""
    i = [x.slug for x in lessons].index(lesson.slug)
    with st.container(horizontal=True, horizontal_alignment="distribute"):
        if i > 0:
            prev = lessons[i - 1]
            st.button(f"{prev.number}. {prev.title}", key=f"lessons_prev_{where}",
                      icon=":material/arrow_back:", on_click=go, args=(prev.slug,),
                      help="Previous lesson")
        else:
            st.empty()
        if i + 1 < len(lessons):
            nxt = lessons[i + 1]
            st.button(f"{nxt.number}. {nxt.title}", key=f"lessons_next_{where}",
                      icon=":material/arrow_forward:", icon_position="right",
                      on_click=go, args=(nxt.slug,), help="Next lesson",
                      type="primary" if lesson.slug in completed() else "secondary")


def check_questions(lesson: Lesson) -> None:
    """ "Check your understanding": one radio and a Check button per question."""
    if not lesson.questions:
        return
    st.header("Check your understanding", divider="gray")
    right = right_answers(lesson.slug)
    for i, q in enumerate(lesson.questions):
        with st.container(border=True, key=f"lessons_question_{lesson.slug}_{i}"):
            st.radio(
                f"**{i + 1}.** {q.q}",
                q.options,
                index=None,
                key=qkey(lesson.slug, i, "q"),
                on_change=forget_feedback,
                args=(lesson.slug, i),
                persist_state="session",
            )
            st.button("Check", key=qkey(lesson.slug, i, "check"), on_click=check_answer,
                      args=(lesson, i), icon=":material/check:")
            kind, text = st.session_state.get(qkey(lesson.slug, i, "fb"), ("", ""))
            if kind == "right":
                st.success(text, icon=":material/check_circle:")
            elif kind == "wrong":
                st.error(text, icon=":material/lightbulb:")
            elif kind == "none":
                st.info(text)
            elif i in right:
                st.caption("✓ You have answered this one correctly.")
    if lesson.slug in completed():
        st.success(f"Lesson {lesson.number} completed: every answer right.",
                   icon=":material/school:")


def lesson_widget(slug: str) -> None:
    """Draw the lesson's widget in a bordered "Try it" box (nothing if it has none)."""
    draw = WIDGETS.get(slug)
    if draw is None:
        return
    with st.container(border=True, key=f"lessons_widget_{slug}"):
        st.subheader(":material/touch_app: Try it", anchor=TRY_IT)
        draw()


_PAGE_LINK: Final = re.compile(
    r"^\[(?P<label>[^\]]+)\]\(/(?P<page>[a-z]+)(?:\?(?P<query>[^)\s]*))?\)$")
"""A line that is only a Markdown link to one of the app's pages, ``[label](/play?x=y)``."""
PAGES: Final = Path(__file__).resolve().parents[2] / "app_pages"


def page_links(text: str) -> list[tuple[str, str, dict[str, str]]]:
    """The app-page links standing alone on a line of ``text``: (label, page, params)."""
    out = []
    for line in text.splitlines():
        m = _PAGE_LINK.match(line.strip())
        if m:
            params = dict(urllib.parse.parse_qsl(m.group("query") or ""))
            out.append((m.group("label"), m.group("page"), params))
    return out


def lesson_markdown(text: str) -> None:
    """A lesson's prose. A line that is only a link to one of the app's pages becomes a
    page link (same tab, same session, the preset kept); the rest is Markdown."""
    chunk: list[str] = []

    def flush() -> None:
        if "".join(chunk).strip():
            st.markdown("\n".join(chunk))
        chunk.clear()

    for line in text.splitlines():
        m = _PAGE_LINK.match(line.strip())
        page = PAGES / f"{m.group('page')}.py" if m else None
        if m is None or page is None or not page.exists():
            chunk.append(line)
            continue
        flush()
        params = dict(urllib.parse.parse_qsl(m.group("query") or ""))
        try:
            st.page_link(f"app_pages/{page.name}", label=m.group("label"),
                         icon=":material/play_circle:", query_params=params or None)
        except Exception:  # the page is not in this app's navigation
            st.markdown(md_escape(m.group("label")))
    flush()


def lesson_intro(lesson: Lesson) -> None:
    """The lesson's title, and a link down to its live widget."""
    st.title(f"{lesson.number}. {lesson.title}", anchor=False)
    if lesson.slug in WIDGETS:
        st.markdown(f"[:material/touch_app: Jump to the live example](#{TRY_IT})")

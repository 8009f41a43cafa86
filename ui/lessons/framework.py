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
    CHOOSER_PHONE,
    CURRENT,
    PARAM,
    UNKNOWN,
    check_answer,
    completed,
    feedback,
    forget_feedback,
    go,
    on_chooser,
    qkey,
    right_answers,
)
from ui.lessons.widgets import WIDGETS
from ui.links import new_visit, page_link
from ui.text import md_escape, md_quote
from words import _, ngettext

__all__ = [
    "TRY_IT",
    "check_questions",
    "choose_lesson",
    "lesson_intro",
    "lesson_markdown",
    "lesson_widget",
    "numbered",
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
    if new_visit("lessons_visit"):
        ss.pop(UNKNOWN, None)  # a notice is for the visit its link opened
    if raw is not None and raw not in by_slug:
        ss[UNKNOWN] = raw if len(raw) <= 30 else raw[:30] + "…"
        ss[CURRENT] = lessons[0].slug
    elif raw is not None:
        if raw != ss.get(CURRENT):
            ss.pop(UNKNOWN, None)  # a link to another lesson
        ss[CURRENT] = raw
    if UNKNOWN in ss:  # shown until the learner chooses a lesson (a tab's rerun keeps it)
        st.warning(
            # TRANSLATORS: {name} is what the link asked for; {slugs} the lessons' ids.
            _("There is no lesson called “{name}”; showing lesson 1, “{title}”. The lessons "
              "are: {slugs}.", name=md_quote(ss[UNKNOWN]), title=lessons[0].title,
              slugs=_(", ").join(by_slug)),
            icon=":material/warning:",
        )
    slug = ss.get(CURRENT)
    if slug not in by_slug:
        slug = lessons[0].slug
    ss[CURRENT] = slug
    st.query_params[PARAM] = slug
    ss[CHOOSER] = slug  # before the widget is drawn: the chooser follows the URL and buttons
    ss[CHOOSER_PHONE] = slug
    done = completed()

    def label(s: str) -> str:
        return (_("✓ {number}. {title}", number=by_slug[s].number, title=by_slug[s].title)
                if s in done else numbered(by_slug[s]))

    st.pills(_("Lesson"), list(by_slug), key=CHOOSER, required=True, format_func=label,
             on_change=on_chooser, label_visibility="collapsed")
    # on a phone (ui.style shows one of the two): one line instead of eleven chips
    # labels made in this run (AppTest formats a value again outside the run)
    labels = {s: label(s) for s in by_slug}
    st.selectbox(_("Lesson"), list(by_slug), key=CHOOSER_PHONE, format_func=labels.__getitem__,
                 on_change=on_chooser, args=(CHOOSER_PHONE,), label_visibility="collapsed")
    return by_slug[slug]


def progress(lessons: Sequence[Lesson]) -> None:
    """A progress bar: "3 of 11 lessons completed"."""
    n = sum(1 for lesson in lessons if lesson.slug in completed())
    st.progress(n / len(lessons), text=ngettext("{done} of {n} lesson completed",
                                                "{done} of {n} lessons completed",
                                                len(lessons), done=n))


def prev_next(lessons: Sequence[Lesson], lesson: Lesson, where: str) -> None:
    """Previous / Next buttons."""
    i = [x.slug for x in lessons].index(lesson.slug)
    with st.container(horizontal=True, horizontal_alignment="distribute"):
        if i > 0:
            prev = lessons[i - 1]
            st.button(numbered(prev), key=f"lessons_prev_{where}",
                      icon=":material/arrow_back:", on_click=go, args=(prev.slug,),
                      help=_("Previous lesson"))
        else:
            st.empty()
        if i + 1 < len(lessons):
            nxt = lessons[i + 1]
            st.button(numbered(nxt), key=f"lessons_next_{where}",
                      icon=":material/arrow_forward:", icon_position="right",
                      on_click=go, args=(nxt.slug,), help=_("Next lesson"),
                      type="primary" if lesson.slug in completed() else "secondary")


def check_questions(lesson: Lesson) -> None:
    """ "Check your understanding": one radio and a Check button per question."""
    if not lesson.questions:
        return
    st.header(_("Check your understanding"), divider="gray")
    right = right_answers(lesson.slug)
    for i, q in enumerate(lesson.questions):
        with st.container(border=True, key=f"lessons_question_{lesson.slug}_{i}"):
            # the options are their indices; the lesson's file words them (q.answer is one)
            st.radio(
                # TRANSLATORS: a check question: its number, then the question.
                _("**{number}.** {question}", number=i + 1, question=q.q),
                range(len(q.options)),
                index=None,
                key=qkey(lesson.slug, i, "q"),
                format_func=q.options.__getitem__,
                on_change=forget_feedback,
                args=(lesson.slug, i),
                persist_state="session",
            )
            st.button(_("Check"), key=qkey(lesson.slug, i, "check"), on_click=check_answer,
                      args=(lesson, i), icon=":material/check:")
            found = feedback(lesson.slug, i)
            if found == "right":
                # TRANSLATORS: {why} is the lesson's explanation of the answer.
                st.success(_("Right — {why}", why=q.why), icon=":material/check_circle:")
            elif found == "wrong":
                # TRANSLATORS: {answer} is the right option; {why} the lesson's explanation.
                st.error(_("Not quite: the answer is {answer}. {why}",
                           answer=q.options[q.answer], why=q.why), icon=":material/lightbulb:")
            elif found == "none":
                st.info(_("Choose an answer first, then press Check."))
            elif i in right:
                st.caption(_("✓ You have answered this one correctly."))
    if lesson.slug in completed():
        st.success(_("Lesson {number} completed: every answer right.", number=lesson.number),
                   icon=":material/school:")


def lesson_widget(slug: str) -> None:
    """Draw the lesson's widget in a bordered "Try it" box (nothing if it has none)."""
    draw = WIDGETS.get(slug)
    if draw is None:
        return
    with st.container(border=True, key=f"lessons_widget_{slug}"):
        st.subheader(_(":material/touch_app: Try it"), anchor=TRY_IT)
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
            page_link(f"app_pages/{page.name}", m.group("label"), params,
                      icon=":material/play_circle:")
        except Exception:  # the page is not in this app's navigation
            st.markdown(md_escape(m.group("label")))
    flush()


def lesson_intro(lesson: Lesson) -> None:
    """The lesson's title, and a link down to its live widget."""
    st.title(numbered(lesson), anchor=False)
    if lesson.slug in WIDGETS:
        # TRANSLATORS: a link down the page; keep "[", "](#{anchor})" and the icon as they are.
        st.markdown(_("[:material/touch_app: Jump to the live example](#{anchor})",
                      anchor=TRY_IT))


def numbered(lesson: Lesson) -> str:
    """A lesson's number and title, ``4. The point``."""
    # TRANSLATORS: a lesson's number and title, "4. The point".
    return _("{number}. {title}", number=lesson.number, title=lesson.title)

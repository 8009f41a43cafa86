"""What the learner sees of the progress kept: Home's "continue where you left off" and
lesson path, and the "My progress" page (what is done, the quiz history per kind, practise
my misses, move my progress to another device, forget me).

Keys the tests click: ``progress_show_link``, ``progress_forget``, ``progress_forget_yes``,
``progress_forget_no``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from academy.quiz.kinds import kind_title, level_title, parse_level
from ui import storage
from ui.links import page_link
from ui.progress.identity import bring_back, forget_me, resume_link, set_asides
from ui.progress.path import LESSONS_PAGE, LessonStep, Link, lesson_path, misses, next_steps
from ui.text import md_escape
from words import _, format_day, ngettext

__all__ = ["render_continue", "render_lesson_path", "render_misses", "render_progress_page"]

_SHOW_LINK: Final = "progress_link_shown"
_ASK_FORGET: Final = "progress_ask_forget"
_FORGOTTEN: Final = "progress_forgotten"


def _link(link: Link, key: str) -> None:
    with st.container(border=True, key=key):
        page_link(link.page, link.label, link.params, icon=link.icon)
        if link.detail:
            st.caption(md_escape(link.detail))


def render_continue(path: Sequence[LessonStep] | None = None) -> None:
    """Home's "continue where you left off": the round, the partie, the next lesson."""
    path = lesson_path() if path is None else path
    steps = next_steps(path)
    if not steps:
        return
    begun = any(step.done or step.stages_done for step in path) or any(
        link.page != LESSONS_PAGE for link in steps)
    st.subheader(_("Continue where you left off") if begun else _("Start here"))
    cols = st.columns(len(steps))
    for i, (col, step) in enumerate(zip(cols, steps, strict=True)):
        with col:
            _link(step, f"progress_continue_{i}")


def render_lesson_path(path: Sequence[LessonStep]) -> None:
    """The lessons in order, each marked done or not, linked."""
    done = sum(1 for step in path if step.done)
    st.progress(done / len(path) if path else 0.0, text=ngettext(
        "{done} of {n} lesson done", "{done} of {n} lessons done", len(path), done=done))
    for step in path:
        icon = ":material/check_circle:" if step.done else ":material/radio_button_unchecked:"
        if step.stages and not step.done:
            # TRANSLATORS: a lesson on the path: its number, title and stages done
            label = _("{number}. {title} — {done} of {total} stages", number=step.lesson.number,
                      title=step.lesson.title, done=step.stages_done,
                      total=len(step.stages))
        else:
            label = _("{number}. {title}", number=step.lesson.number, title=step.lesson.title)
        page_link(LESSONS_PAGE, label, {"lesson": step.lesson.slug}, icon=icon,
                  help=_("Done") if step.done else _("Not done yet"))


def _quiz_history() -> None:
    st.subheader(_("Quiz history"))
    totals = storage.kind_totals()
    rounds = storage.rounds(limit=10)
    if not totals and not rounds:
        st.caption(_("No quiz answers yet: take the quiz and your results per kind of "
                     "question appear here."))
    elif totals:
        rows = [
            {_("Kind of question"): kind_title(kind), _("Right"): t.right,
             _("Wrong"): t.wrong, _("Skipped"): t.skipped}
            for kind, t in totals.items()
        ]
        st.dataframe(rows, hide_index=True, width="stretch")
    if rounds:
        st.markdown(_("**Your latest rounds**"))
        lines = []
        for r in rounds:
            level = parse_level(r.level) if r.level else None
            line = (_("{when}: {right} of {n} right ({level})", when=f"{r.started_at:%Y-%m-%d}",
                      right=r.right, n=r.length, level=level_title(level))
                    if level is not None else
                    _("{when}: {right} of {n} right", when=f"{r.started_at:%Y-%m-%d}",
                      right=r.right, n=r.length))
            if r.finished_at is None:
                line = _("{round} — not finished", round=line)
            lines.append("- " + md_escape(line))
        st.markdown("\n".join(lines))


def render_misses(found: Sequence[Link], key: str) -> None:
    """"Practise my misses" (:func:`ui.progress.path.misses`, the one list): a line saying
    how many, then each miss with its link (containers ``<key>_0``, ``<key>_1``…). The Quiz
    page and My progress both draw it."""
    if not found:
        st.caption(_("Nothing to practise right now: what you miss in the lessons and the "
                     "quiz comes back here, sooner when you miss it again, later when you get "
                     "it right."))
        return
    st.caption(ngettext("{n} miss to practise again.", "{n} misses to practise again.",
                        len(found)))
    for i, link in enumerate(found):
        _link(link, f"{key}_{i}")


def _misses() -> None:
    st.subheader(_("Practise my misses"))
    render_misses(misses(), "progress_miss")


def _on_show_link() -> None:
    st.session_state[_SHOW_LINK] = resume_link() or ""  # "": the database is away


def _move() -> None:
    st.subheader(_("Move my progress to another device"))
    st.caption(_("Open this link on your other device (or another browser) and your "
                 "progress continues there. It works once, within an hour."))
    link = st.session_state.get(_SHOW_LINK)
    if not isinstance(link, str) or not link:
        if link == "":
            st.warning(_("No link can be made right now: the database cannot be reached. "
                         "Try again in a moment."), icon=":material/cloud_off:")
        st.button(_("Make my resume link"), key="progress_show_link", on_click=_on_show_link,
                  icon=":material/devices:")
    else:
        st.warning(_("Keep this link to yourself, like a password: whoever opens it first "
                     "gets your progress."), icon=":material/key:")
        st.code(link, language=None, wrap_lines=True)
    _set_aside()


def _set_aside() -> None:
    """The progress this browser set aside to follow a resume link, to bring back."""
    for aside in set_asides():
        left, right = st.columns([3, 1], vertical_alignment="center")
        with left:
            st.caption(_("This device's earlier progress, kept aside on {day} when you "
                         "opened a resume link.", day=format_day(aside.at)))
        with right:
            st.button(_("Bring it back"), key=f"progress_back_{aside.aside_id}",
                      on_click=bring_back, args=(aside.aside_id,),
                      icon=":material/settings_backup_restore:")


def _on_ask_forget(ask: bool) -> None:
    st.session_state[_ASK_FORGET] = ask


def _on_forget() -> None:
    forget_me()
    st.session_state[_ASK_FORGET] = False
    st.session_state.pop(_SHOW_LINK, None)
    st.session_state[_FORGOTTEN] = True


def _forget() -> None:
    st.subheader(_("Forget me"))
    if st.session_state.pop(_FORGOTTEN, False):
        st.success(_("Done: your progress was deleted, with your names and answers in "
                     "classes, and this browser starts afresh."))
    st.caption(_("Deletes everything kept about you here — lessons, quiz history, your "
                 "partie, settings, the names and answers you gave in classes — and the "
                 "progress code kept in this browser. Your teacher's class no longer lists "
                 "you.") + " " + _("Only a one-way mark of the deleted code is kept, for a "
                                   "year, so that a tab still open elsewhere cannot save "
                                   "anything under it again."))
    if not st.session_state.get(_ASK_FORGET):
        st.button(_("Forget me"), key="progress_forget", on_click=_on_ask_forget,
                  args=(True,), icon=":material/delete:")
        return
    st.error(_("Delete all your progress, and your answers in every class you joined? "
               "This cannot be undone."))
    with st.container(horizontal=True):
        st.button(_("Yes, delete my progress"), key="progress_forget_yes", type="primary",
                  on_click=_on_forget)
        st.button(_("Cancel"), key="progress_forget_no", on_click=_on_ask_forget,
                  args=(False,))


def render_progress_page() -> None:
    """The "My progress" page."""
    st.title(_("My progress"))
    st.caption(_("Kept on this app's server under an anonymous code stored in your browser; "
                 "nothing personal is asked for."))
    path = lesson_path()
    render_continue(path)
    st.subheader(_("Lessons"))
    render_lesson_path(path)
    _quiz_history()
    _misses()
    _move()
    _forget()

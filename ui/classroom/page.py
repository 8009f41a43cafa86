"""The Class page (``/class``): who is on it decides what it shows.

- ``?teacher=KEY`` — a one-time teacher's link: the key is taken into the session and
  removed from the URL first of all, then spent (this browser runs the class from then on,
  its "My classes"); then the teacher's view: the class's code, links and QR code, the
  live dashboard, "show the class".
- ``?class=ID&show=K&step=N`` — the teacher's "show the class": question K of the round on
  the projector, step 1 its answer hidden, 2 revealed (:mod:`ui.classroom.show`).
- ``?join=CODE`` — the pupil's view: the name box, or the round (a learner who joined the
  class resumes at once).
- neither — "My classes" (the classes this browser runs), "Join a class" (type a code) and
  "Start a class".

A short privacy note closes the page. The classes whose time is up are purged when the page
opens in a session (:func:`ui.classroom.store.opened`).
"""

from __future__ import annotations

import streamlit as st

from store.class_values import ClassRefused, TeacherAccess
from ui.classroom import dashboard, live, pupil, show, state, teacher
from ui.classroom.store import AWAY_ERRORS, ClassesAway, classes, keep_days, opened
from ui.classroom.work import new_round
from ui.components.address import frozen
from ui.fragments import whole_page_drawn
from words import _, ngettext

__all__ = ["class_page", "privacy_note"]


def _messages() -> None:
    for level, text in st.session_state.pop(state.K_MESSAGES, []):
        {"error": st.error, "warning": st.warning, "info": st.info,
         "success": st.success}.get(level, st.info)(text)


def privacy_note() -> None:
    with st.expander(_("Privacy: what a class keeps"), icon=":material/shield:"):
        st.markdown(ngettext(
            "A class keeps its name, its work, each pupil's display name and number, and each "
            "answer (right, wrong or skipped) with its time. Pupils are known by this "
            "browser's anonymous learner id, never by an account. The teacher's key is not "
            "stored, only a hash of it. Everything is deleted {days} day after the class "
            "starts, or at once when the teacher deletes the class.",
            "A class keeps its name, its work, each pupil's display name and number, and each "
            "answer (right, wrong or skipped) with its time. Pupils are known by this "
            "browser's anonymous learner id, never by an account. The teacher's key is not "
            "stored, only a hash of it. Everything is deleted {days} days after the class "
            "starts, or at once when the teacher deletes the class.", keep_days(),
            days=keep_days()))


def _teacher_view(access: TeacherAccess | None) -> bool:
    """The teacher's view when the session holds a teacher's key; False otherwise (or when
    the key was refused: its message is drawn)."""
    if access is None:
        return False
    try:
        info = classes().info(access)
    except ClassRefused as refused:
        state.forget_teacher()
        st.error(state.refusal_text(refused), icon=":material/block:")
        return False
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return True
    if not frozen():  # else the rewrite would push an entry holding the teacher's key
        st.query_params[state.CLASS_PARAM] = info.class_id  # a reload reopens this dashboard
    if show.showing():  # "show the class": the projector's screen, nothing else on it
        show.present(new_round(info.class_id, info.work, now=0.0))
        return True
    dashboard.warm_tables()  # before the first answers: the tables' imports, in the background
    teacher.heading(info)
    teacher.class_links(info)
    st.divider()
    live.teacher_panel(info)
    st.divider()
    dashboard.live()
    st.divider()
    dashboard.show_the_class(access)
    st.divider()
    teacher.teacher_link()
    st.divider()
    st.button(_("Leave the dashboard"), key="class_leave", on_click=teacher.forget,
              icon=":material/logout:",
              help=_("The class stays in “My classes” in this browser."))
    return True


def class_page() -> None:
    """The whole Class page."""
    teacher.take_key()  # first of all: the key is read once, and leaves the address
    whole_page_drawn()
    opened()
    token = st.query_params.get(live.SCREEN_PARAM)
    if token is not None:
        live.screen_view(str(token))  # the big screen: nothing else on it
        return
    raw_join = st.query_params.get(state.JOIN_PARAM)
    early = raw_join is None and show.showing()
    access = teacher.access() if early else None
    if access is not None:  # "show the class": no title, the screen alone
        _messages()
        if _teacher_view(access):
            return
        access = None
    st.title(_("Class"))
    st.caption(_("A teacher starts a class; the pupils join with its code and take its "
                 "round; the teacher follows their answers live."))
    _messages()
    if raw_join is not None:
        pupil.pupil_view(raw_join)
    elif not _teacher_view(access if early else teacher.access()):
        teacher.my_classes()
        join, start = st.columns([2, 3], gap="large")
        with join:
            pupil.join_box()
        with start:
            teacher.start_form()
    privacy_note()

"""The teacher's side of the Class page: the teacher's key taken from the link (and out of
the address bar on that very run), the "Start a class" form, and after Start the code, the
pupils' link and its QR code, and the teacher's link shown once.

The key is a secret: it is drawn only right after Start (to bookmark, until the teacher
says it is done), never again, never in the dashboard, never in a QR code; the session keeps
it (:data:`state.K_TEACHER_KEY`) and the store's :class:`~store.classes.TeacherAccess` for
it.
"""

from __future__ import annotations

import random
from typing import Final

import streamlit as st

from academy.quiz import DEFAULT_LENGTH, LEVELS, ROUND_LENGTHS, level_title, parse_seed
from academy.stages import STAGES, stage
from store.class_values import ClassInfo, ClassRefused, ClassWork, QuizWork, Refusal, TeacherAccess
from ui.classroom import state
from ui.classroom.items import stage_title
from ui.classroom.qr import qr_png, qr_svg
from ui.classroom.store import (
    AWAY_ERRORS,
    ClassesAway,
    classes,
    client,
    keep_days,
    max_pupils,
    network,
)
from ui.links import page_url
from ui.settings import PRESET_NAMES, current_rules, preset_label
from ui.text import md_escape
from words import _, language, language_name, ngettext, offered_languages

__all__ = ["access", "class_links", "forget", "start_form", "take_key"]

PAGE: Final = "/class"
PAGE_FILE: Final = "app_pages/classroom.py"
_FORM: Final = "class_start"
_ERROR: Final = "class_start_error"
F_NAME: Final = "class_f_name"
F_QUIZ: Final = "class_f_quiz"
F_LEVEL: Final = "class_f_level"
F_RULES: Final = "class_f_rules"
F_LANG: Final = "class_f_lang"
F_LENGTH: Final = "class_f_length"
F_SEED: Final = "class_f_seed"
F_STAGES: Final = "class_f_stages"
_CODE_STYLE: Final = ("font-size:clamp(3rem,9vw,6.5rem);font-weight:700;letter-spacing:.12em;"
                      "font-family:ui-monospace,monospace;margin:0;line-height:1.1")


def take_key() -> None:
    """``?teacher=KEY``: the key into the session and out of the URL, before anything is
    drawn (a key already there is replaced: the link wins)."""
    raw = st.query_params.get(state.TEACHER_PARAM)
    if raw is None:
        return
    del st.query_params[state.TEACHER_PARAM]
    state.forget_teacher()
    st.session_state[state.K_TEACHER_KEY] = str(raw)


def access() -> TeacherAccess | None:
    """The access of the session's teacher's key (looked up once, then kept); None without
    a key, or with a message when the key is refused (then the session forgets it)."""
    ss = st.session_state
    found = ss.get(state.K_ACCESS)
    if isinstance(found, TeacherAccess):
        return found
    key = ss.get(state.K_TEACHER_KEY)
    if not isinstance(key, str):
        return None
    try:
        got = classes().teacher(key, client=client(), network=network())
    except ClassRefused as refused:
        state.forget_teacher()
        st.error(state.refusal_text(refused), icon=":material/key_off:")
        st.page_link(PAGE_FILE, label=_("Back to the Class page"),
                     icon=":material/arrow_back:")
        return None
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return None
    ss[state.K_ACCESS] = got
    return got


def forget() -> None:
    """Leave the dashboard: the session forgets the key (the bookmarked link brings it back)."""
    state.forget_teacher()


# --------------------------------------------------------------------------- Start a class


def _new_seed() -> str:
    return str(random.SystemRandom().randrange(100_000, 1_000_000))


def _stage_label(stage_id: str) -> str:
    s = stage(stage_id)
    # TRANSLATORS: a lesson stage to choose for a class: its lesson's number and its title.
    number = s.lesson_id.split("-", 1)[0].lstrip("0") or "0"
    return _("Lesson {lesson} · {title}", lesson=number, title=stage_title(stage_id))


def _on_start() -> None:
    ss = st.session_state
    ss.pop(_ERROR, None)
    name = str(ss.get(F_NAME) or "")
    stages = tuple(s for s in ss.get(F_STAGES) or () if isinstance(s, str))
    quiz = None
    if ss.get(F_QUIZ):
        raw_seed = str(ss.get(F_SEED) or "").strip()
        seed = parse_seed(raw_seed) if raw_seed else _new_seed()
        if seed is None:
            ss[_ERROR] = _("The seed “{seed}” cannot be used: 1 to 40 letters, digits, - or _ "
                           "(or leave it empty for a drawn one).", seed=state.shown(raw_seed))
            return
        quiz = QuizWork(str(ss.get(F_LEVEL) or LEVELS[0]), str(ss.get(F_RULES)),
                        int(ss.get(F_LENGTH) or DEFAULT_LENGTH), seed)
    if quiz is None and not stages:
        ss[_ERROR] = _("Choose the work: a quiz round, lesson stages, or both.")
        return
    lang = str(ss.get(F_LANG) or language())
    try:
        made = classes().create(name, ClassWork(quiz, stages), language=lang,
                                max_pupils=max_pupils(), keep_days=keep_days())
    except ClassRefused as refused:
        ss[_ERROR] = (_("Give the class a name, for example “Year 9, Tuesday”.")
                      if refused.refusal is Refusal.NAME_EMPTY
                      else _("A class name has at most 60 characters: please shorten it."))
        return
    except (ClassesAway, *AWAY_ERRORS):
        ss[_ERROR] = state.outage_text()
        return
    state.forget_teacher()
    ss[state.K_TEACHER_KEY] = made.teacher_key
    ss[state.K_SHOW_LINK] = True


def start_form() -> None:
    """"Start a class": its name and its work (a quiz round and/or lesson stages)."""
    ss = st.session_state
    ss.setdefault(F_RULES, current_rules().name)
    ss.setdefault(F_LANG, language() if language() in offered_languages() else "en")
    ss.setdefault(F_LENGTH, DEFAULT_LENGTH)
    ss.setdefault(F_QUIZ, True)
    # Fixed tables, made in this run: a format function of the option alone (AppTest
    # formats a selectbox's value again outside the run, where the language is not known).
    levels = {lv: level_title(lv) for lv in LEVELS}
    presets = {name: preset_label(name) for name in PRESET_NAMES}
    langs = {lang: language_name(lang) for lang in offered_languages()}
    stages = {s.id: _stage_label(s.id) for s in STAGES}
    with st.form(_FORM, border=True):
        st.markdown(_("#### Start a class"))
        st.text_input(_("Class name"), key=F_NAME, max_chars=60,
                      placeholder=_("for example Year 9, Tuesday"))
        st.toggle(_("A quiz round"), key=F_QUIZ,
                  help=_("The same seeded questions for every pupil."))
        cols = st.columns([1, 1.5, 0.7])  # room for "Britannica article" at 1280 px
        with cols[0]:
            st.selectbox(_("Level"), LEVELS, key=F_LEVEL, format_func=levels.__getitem__)
        with cols[1]:
            st.selectbox(_("Rules"), PRESET_NAMES, key=F_RULES,
                         format_func=presets.__getitem__)
        with cols[2]:
            st.selectbox(_("Questions"), ROUND_LENGTHS, key=F_LENGTH)
        lang_col, seed_col = st.columns(2)
        with lang_col:
            st.selectbox(_("Language of the class"), tuple(langs), key=F_LANG,
                         format_func=langs.__getitem__,
                         help=_("The pupils' link opens the app in this language."))
        with seed_col:
            st.text_input(_("Seed"), key=F_SEED, max_chars=40,
                          placeholder=_("empty: a seed is drawn"),
                          help=_("The same seed gives the same questions, class after class."))
        st.multiselect(_("Lesson stages (after the quiz, or alone)"), tuple(stages),
                       key=F_STAGES, format_func=stages.__getitem__,
                       placeholder=_("Choose stages"))
        st.caption(ngettext("A class takes up to {n} pupil and is kept {days} days.",
                            "A class takes up to {n} pupils and is kept {days} days.",
                            max_pupils(), days=keep_days()))
        st.form_submit_button(_("Start the class"), type="primary", on_click=_on_start,
                              key="class_start_go")
    error = ss.pop(_ERROR, None)
    if error:
        st.error(error, icon=":material/error:")


# --------------------------------------------------------------------------- the links


def pupils_link(info: ClassInfo) -> str:
    """The pupils' link: ``…/class?join=CODE&lang=LANG``."""
    return page_url(PAGE, {state.JOIN_PARAM: info.code, "lang": info.language})


def _bookmarked() -> None:
    st.session_state.pop(state.K_SHOW_LINK, None)


def class_links(info: ClassInfo) -> None:
    """The code big, the pupils' link and its QR code; the teacher's link right after
    Start, until "I have bookmarked it" (then never again)."""
    ss = st.session_state
    link = pupils_link(info)
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.caption(_("Join code"))
        st.markdown(f'<p class="pq-class-code" style="{_CODE_STYLE}">{info.code}</p>',
                    unsafe_allow_html=True)
        st.markdown(_("Pupils open this link, or scan the code, or type the join code on the "
                      "Class page:"))
        st.code(link, language=None, wrap_lines=True)
    with right:
        st.image(qr_png(link), width=260, caption=_("The pupils' link"))
        st.download_button(_("Download the QR code (SVG)"), qr_svg(link),
                           file_name=f"class-{info.code}.svg", mime="image/svg+xml",
                           key="class_qr_svg", icon=":material/download:")
    if ss.get(state.K_SHOW_LINK):
        key = ss.get(state.K_TEACHER_KEY)
        with st.container(border=True, key="class_teacher_link"):
            st.warning(_("**Your teacher's link: bookmark it now, it is shown only once.** It "
                         "opens this dashboard from any device; whoever has it can close or "
                         "delete the class. Never show it on the projector."),
                       icon=":material/bookmark:")
            st.code(page_url(PAGE, {state.TEACHER_PARAM: str(key)}), language=None,
                    wrap_lines=True)
            st.button(_("I have bookmarked it"), key="class_bookmarked", type="primary",
                      on_click=_bookmarked,
                      help=_("The link disappears from this page for good."))


def heading(info: ClassInfo) -> None:
    # TRANSLATORS: {name} is the class's name, as its teacher typed it.
    st.subheader(_("Class {name}", name=md_escape(info.name)), anchor=False)

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
from datetime import date
from typing import Final

import streamlit as st

from academy.puzzles import Theme, puzzle_set
from academy.quiz import DEFAULT_LENGTH, LEVELS, ROUND_LENGTHS, level_title, parse_seed
from academy.stages import STAGES, stage
from store.class_values import (
    ClassInfo,
    ClassRefused,
    ClassWork,
    QuizWork,
    Refusal,
    TeacherAccess,
    teacher_hash,
)
from ui.classroom import state
from ui.classroom.items import stage_title
from ui.classroom.qr import qr_png, qr_svg
from ui.classroom.store import (
    AWAY_ERRORS,
    ClassesAway,
    classes,
    client,
    keep_days,
    learner,
    max_pupils,
    network,
)
from ui.components.address import scrubbing, take_secret
from ui.components.copy_button import copy_button
from ui.links import page_url
from ui.puzzles.state import themes
from ui.settings import PRESET_NAMES, current_rules, preset_label
from ui.text import md_quote
from words import (
    _,
    format_day,
    language,
    language_name,
    ngettext,
    offered_languages,
    pgettext,
)
from words.puzzles import theme_name

__all__ = ["access", "class_links", "forget", "my_classes", "open_owned", "start_form",
           "take_key", "teacher_link"]

PAGE: Final = "/class"
PAGE_FILE: Final = "app_pages/classroom.py"
_FORM: Final = "class_start"
_ERROR: Final = "class_start_error"
_LINK_REFUSED: Final = "class_link_refused"  # a teacher's link refused: said until the scrub
F_NAME: Final = "class_f_name"
F_QUIZ: Final = "class_f_quiz"
F_LEVEL: Final = "class_f_level"
F_RULES: Final = "class_f_rules"
F_LANG: Final = "class_f_lang"
F_LENGTH: Final = "class_f_length"
F_SEED: Final = "class_f_seed"
F_STAGES: Final = "class_f_stages"
F_PUZZLES: Final = "class_f_puzzles"
F_PZ_THEME: Final = "class_f_pz_theme"
F_PZ_RATING: Final = "class_f_pz_rating"
F_PZ_COUNT: Final = "class_f_pz_count"
F_PZ_DAILY: Final = "class_f_pz_daily"
PUZZLE_COUNTS: Final = (3, 5, 8, 10)
RATINGS: Final = (1150, 1850)
"""The catalogue's first ratings run from 1150 to 1850 (docs/puzzles.md)."""
_CODE_STYLE: Final = ("font-size:clamp(3rem,9vw,6.5rem);font-weight:700;letter-spacing:.12em;"
                      "font-family:ui-monospace,monospace;margin:0;line-height:1.1")


def take_key() -> None:
    """``?teacher=KEY``: the key into the session and out of the URL, before anything is
    drawn. A teacher's link is one-time: the key is spent by :func:`access`, which makes this
    browser one that runs the class (its "My classes"). The link this session already opened
    (Back, a reload of the address) is let be: its key is spent, the session keeps its access.
    """
    raw = take_secret(state.TEACHER_PARAM)  # out of the address, no Back entry keeps it
    if raw is None:
        return
    opened = st.session_state.get(state.K_OPENED_LINKS)
    if isinstance(opened, set) and teacher_hash(str(raw)) in opened:
        return
    state.forget_teacher()
    st.session_state[state.K_LINK_KEY] = str(raw)


def access() -> TeacherAccess | None:
    """The session's access to its class: kept once had (started here, opened from "My
    classes" or from a teacher's link); a teacher's link taken by :func:`take_key` is spent
    here, this browser then running the class. None without either, or with a message when
    the link is refused (then the session forgets it)."""
    ss = st.session_state
    found = ss.get(state.K_ACCESS)
    if isinstance(found, TeacherAccess):
        return found
    refused_before = ss.get(_LINK_REFUSED)
    if refused_before is not None:  # said again in the run that follows the address's scrub
        if not scrubbing():
            ss.pop(_LINK_REFUSED, None)
        _link_refused(str(refused_before))
        return None
    key = ss.pop(state.K_LINK_KEY, None)
    me = learner()
    if me is None:
        return None
    if not isinstance(key, str):
        return _reopened(me)
    try:
        got = classes().claim(key, owner=me, client=client(), network=network())
    except ClassRefused as refused:
        state.forget_teacher()
        said = state.refusal_text(refused)
        if scrubbing():
            ss[_LINK_REFUSED] = said
        _link_refused(said)
        return None
    except (ClassesAway, *AWAY_ERRORS):
        ss[state.K_LINK_KEY] = key  # not spent: tried again on the next run
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return None
    ss.setdefault(state.K_OPENED_LINKS, set()).add(teacher_hash(key))
    ss[state.K_ACCESS] = got
    return got


def _link_refused(said: str) -> None:
    st.error(said, icon=":material/key_off:")
    st.page_link(PAGE_FILE, label=_("Back to the Class page"), icon=":material/arrow_back:")


def _reopened(me: str) -> TeacherAccess | None:
    """``?class=ID``, the address of a dashboard this browser runs (a reload, a bookmark):
    that dashboard again; nothing when the class is not this browser's (the parameter goes)."""
    raw = st.query_params.get(state.CLASS_PARAM)
    if raw is None:
        return None
    try:
        got = classes().owner_access(str(raw), me)
    except ClassRefused:
        del st.query_params[state.CLASS_PARAM]
        return None
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return None
    st.session_state[state.K_ACCESS] = got
    return got


def open_owned(class_id: str) -> None:
    """Open a class of "My classes" (a button's callback)."""
    me = learner()
    if me is None:
        return
    _done, got = state.attempt(lambda: classes().owner_access(class_id, me))
    if got is None:
        return
    state.forget_teacher()
    st.session_state[state.K_ACCESS] = got


def forget() -> None:
    """Leave the dashboard: the session forgets its access (the class stays in this
    browser's "My classes")."""
    state.forget_teacher()
    st.query_params.pop(state.CLASS_PARAM, None)


def my_classes() -> None:
    """"My classes": the classes this browser runs (it started them, or opened one of their
    teacher's links), newest first, each opened with a button."""
    me = learner()
    if me is None:
        return
    try:
        owned = classes().owned(me)
    except (ClassesAway, *AWAY_ERRORS):
        return
    if not owned:
        return
    with st.container(border=True, key="class_mine"):
        st.subheader(_("My classes"), anchor=False)
        for item in owned:
            info = item.info
            left, right = st.columns([4, 1], vertical_alignment="center")
            status = (pgettext("class status", "closed") if info.closed_at is not None
                      else pgettext("class status", "open"))
            with left:
                # TRANSLATORS: a line of "My classes": the class's name (as its teacher typed
                # it), the day it started, how many pupils joined, and open or closed.
                st.markdown(ngettext("**{name}** · {day} · {n} pupil · {status}",
                                     "**{name}** · {day} · {n} pupils · {status}",
                                     item.pupils, name=md_quote(info.name),
                                     day=format_day(info.created_at), status=status))
            with right:
                st.button(pgettext("a class of My classes", "Open"),
                          key=f"class_open_{info.class_id}", on_click=open_owned,
                          args=(info.class_id,), icon=":material/dashboard:")


# --------------------------------------------------------------------------- Start a class


def _new_seed() -> str:
    return str(random.SystemRandom().randrange(100_000, 1_000_000))


def _stage_label(stage_id: str) -> str:
    s = stage(stage_id)
    # TRANSLATORS: a lesson stage to choose for a class: its lesson's number and its title.
    number = s.lesson_id.split("-", 1)[0].lstrip("0") or "0"
    return _("Lesson {lesson} · {title}", lesson=number, title=stage_title(stage_id))


def _puzzles(seed: str) -> tuple[str, ...]:
    """The class's set of puzzles from the form, drawn once from ``seed``: every pupil gets
    this set (:func:`academy.puzzles.puzzle_set`)."""
    ss = st.session_state
    raw_theme = str(ss.get(F_PZ_THEME) or "")
    theme = Theme(raw_theme) if raw_theme in {t.value for t in Theme} else None
    low, high = ss.get(F_PZ_RATING) or RATINGS
    return puzzle_set(seed, int(ss.get(F_PZ_COUNT) or PUZZLE_COUNTS[1]), theme=theme,
                      low=float(low), high=float(high),
                      day=date.today() if ss.get(F_PZ_DAILY) else None)


def _puzzle_choices() -> None:
    """The form's set of puzzles: a theme, a rating range, how many, the puzzle of the day."""
    names = {"": theme_name(None), **{t.value: theme_name(t) for t in themes() if t}}
    st.toggle(_("A set of puzzles (after the quiz and the stages, or alone)"), key=F_PUZZLES,
              help=_("Every pupil gets the same puzzles, drawn from the round's code."))
    theme_col, count_col = st.columns([2, 1])
    with theme_col:
        st.selectbox(_("Puzzle theme"), tuple(names), key=F_PZ_THEME,
                     format_func=names.__getitem__)
    with count_col:
        st.selectbox(_("Puzzles"), PUZZLE_COUNTS, key=F_PZ_COUNT)
    st.slider(_("Puzzle ratings"), RATINGS[0], RATINGS[1], key=F_PZ_RATING, step=50)
    st.checkbox(_("Begin with the puzzle of the day"), key=F_PZ_DAILY)


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
            ss[_ERROR] = _("The round code “{seed}” cannot be used: 1 to 40 letters, digits, "
                           "- or _ (or leave it empty for a drawn one).",
                           seed=state.shown(raw_seed))
            return
        quiz = QuizWork(str(ss.get(F_LEVEL) or LEVELS[0]), str(ss.get(F_RULES)),
                        int(ss.get(F_LENGTH) or DEFAULT_LENGTH), seed)
    puzzles = _puzzles(str(ss.get(F_SEED) or "").strip() or (
        quiz.seed if quiz is not None else _new_seed())) if ss.get(F_PUZZLES) else ()
    if quiz is None and not stages and not puzzles:
        ss[_ERROR] = _("Choose the work: a quiz round, lesson stages, a set of puzzles, or "
                       "more than one.")
        return
    lang = str(ss.get(F_LANG) or language())
    try:
        made = classes().create(name, ClassWork(quiz, stages, puzzles), language=lang,
                                max_pupils=max_pupils(), keep_days=keep_days(),
                                owner=learner())
    except ClassRefused as refused:
        if refused.refusal is Refusal.NAME_EMPTY:
            ss[_ERROR] = _("Give the class a name, for example “Year 9, Tuesday”.")
        elif refused.refusal is Refusal.NAME_UNREADABLE:
            ss[_ERROR] = state.refusal_text(refused)
        else:
            ss[_ERROR] = _("A class name has at most 60 characters: please shorten it.")
        return
    except (ClassesAway, *AWAY_ERRORS):
        ss[_ERROR] = state.outage_text()
        return
    state.forget_teacher()
    me = learner()
    try:  # the browser that started the class runs it; the link is for another device
        if me is not None:
            ss[state.K_ACCESS] = classes().owner_access(made.class_id, me)
    except (ClassRefused, ClassesAway, *AWAY_ERRORS):
        ss[_ERROR] = state.outage_text()
        return


def start_form() -> None:
    """"Start a class": its name and its work (a quiz round and/or lesson stages)."""
    ss = st.session_state
    ss.setdefault(F_RULES, current_rules().name)
    ss.setdefault(F_LANG, language() if language() in offered_languages() else "en")
    ss.setdefault(F_LENGTH, DEFAULT_LENGTH)
    ss.setdefault(F_QUIZ, True)
    ss.setdefault(F_PZ_COUNT, PUZZLE_COUNTS[1])
    ss.setdefault(F_PZ_RATING, RATINGS)
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
                  help=_("Every pupil gets the same questions, drawn from the round's code."))
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
            # TRANSLATORS: the quiz round's code, the teacher's word for it (a test's code):
            # the same code gives the same questions.
            st.text_input(_("Round code"), key=F_SEED, max_chars=40,
                          placeholder=_("empty: a code is drawn"),
                          help=_("The same code gives the same questions, class after class."))
        st.multiselect(_("Lesson stages (after the quiz, or alone)"), tuple(stages),
                       key=F_STAGES, format_func=stages.__getitem__,
                       placeholder=_("Choose stages"))
        _puzzle_choices()
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


def _on_make_link() -> None:
    """"Save my teacher link": a new one-time link for another device (an earlier one not
    opened yet opens nothing any more), shown once."""
    ss = st.session_state
    access = ss.get(state.K_ACCESS)
    if not isinstance(access, TeacherAccess):
        return
    _done, key = state.attempt(lambda: classes().new_teacher_link(access))
    if key is not None:
        ss[state.K_TEACHER_KEY] = key
        ss[state.K_SHOW_LINK] = True


def _bookmarked() -> None:
    st.session_state.pop(state.K_SHOW_LINK, None)
    st.session_state.pop(state.K_TEACHER_KEY, None)


def class_links(info: ClassInfo) -> None:
    """What the class's screen shows the pupils: the code big, the pupils' link and its QR
    code (none of it once the class is closed). The teacher's link, to run the class from
    another device, is a step of its own (:func:`teacher_link`), never on this screen."""
    if info.closed:
        st.info(_("The class is closed: it takes no new pupils and no more answers. Reopen it "
                  "to show its code again."), icon=":material/lock:")
        return
    link = pupils_link(info)
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.caption(_("Join code"))
        st.markdown(f'<p class="pq-class-code" style="{_CODE_STYLE}">{info.code}</p>',
                    unsafe_allow_html=True)
        st.markdown(_("Pupils open this link, or scan the code, or type the join code on the "
                      "Class page:"))
        st.code(link, language=None, wrap_lines=True)
        if info.locked:
            st.caption(_("Joining is locked: the pupils in the class go on, no one new "
                         "joins."))
    with right:
        st.image(qr_png(link), width=260, caption=_("The pupils' link"))
        st.download_button(_("Download the QR code (SVG)"), qr_svg(link),
                           file_name=f"class-{info.code}.svg", mime="image/svg+xml",
                           key="class_qr_svg", icon=":material/download:")


def teacher_link() -> None:
    """"Save my teacher link": a one-time link to run the class from another device, made
    on demand and shown once, with a copy button in the page's language; the link is shown
    for selection too (a school's plain-http address gives no clipboard)."""
    ss = st.session_state
    key = ss.get(state.K_TEACHER_KEY)
    if not ss.get(state.K_SHOW_LINK) or not isinstance(key, str):
        st.button(_("Save my teacher link…"), key="class_save_link", on_click=_on_make_link,
                  icon=":material/key:")
        st.caption(_("A link to run this class from another device. Make it when nobody "
                     "sees your screen: it is shown once."))
        return
    link = page_url(PAGE, {state.TEACHER_PARAM: key})
    with st.container(border=True, key="class_teacher_link"):
        st.warning(_("**Your teacher's link, to run this class from another device: it is "
                     "shown only once.** This browser runs the class already (“My "
                     "classes”). The link works once: the browser that opens it runs the "
                     "class too, and can close or delete it. Never show it on the "
                     "projector."), icon=":material/bookmark:")
        st.code(link, language=None, wrap_lines=True)
        copy_button("class_link_copy", link, target="class_teacher_link")
        st.button(_("I have kept it"), key="class_bookmarked", type="primary",
                  on_click=_bookmarked,
                  help=_("The link disappears from this page for good."))


def heading(info: ClassInfo) -> None:
    # TRANSLATORS: {name} is the class's name, as its teacher typed it.
    st.subheader(_("Class {name}", name=md_quote(info.name)), anchor=False)

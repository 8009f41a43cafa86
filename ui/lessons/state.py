"""The Lessons area's session keys and callbacks.

Every session key of the area starts with ``lessons_``; the chooser is synced with the
``?lesson=`` query parameter. Callbacks run before the page is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Literal

import streamlit as st

from piquet import Card
from ui.content import Lesson

__all__ = [
    "CHOOSER",
    "CHOOSER_PHONE",
    "CURRENT",
    "DONE",
    "PARAM",
    "RIGHT",
    "TAB",
    "UNKNOWN",
    "Feedback",
    "LessonTab",
    "check_answer",
    "completed",
    "feedback",
    "forget_feedback",
    "go",
    "keep_tab",
    "limit_picks",
    "new_seed",
    "on_chooser",
    "qkey",
    "right_answers",
    "set_partie_totals",
    "set_picks",
    "set_value",
]

CURRENT: Final = "lessons_current"
"""The slug of the lesson on show (non-widget key: kept across page switches)."""
DONE: Final = "lessons_done"
"""Slugs of the completed lessons (every check question answered right)."""
RIGHT: Final = "lessons_right"
"""``{slug: {question index, ...}}``: the questions answered right."""
CHOOSER: Final = "lessons_chooser"
CHOOSER_PHONE: Final = "lessons_chooser_phone"
"""The same chooser as a drop-down, shown instead of the chips on a phone (``ui.style``)."""
UNKNOWN: Final = "lessons_unknown"
"""The lesson an unknown ``?lesson=`` asked for (shortened), while its notice shows: from the
link until the learner chooses a lesson or leaves the page."""
PARAM: Final = "lesson"
"""The query parameter naming the lesson on show, ``/lessons?lesson=point``."""
Feedback = Literal["right", "wrong", "none"]
"""What a Check found: the right option, a wrong one, or none chosen."""
LessonTab = Literal["stages", "read"]
"""The lesson's two tabs: its stages, and the whole lesson to read."""
TAB: Final = "lessons_tab"
"""The tabs' widget key (its value: the open tab's label, in the page's language)."""
_TAB_KEPT: Final = "_lessons_tab_kept"
"""The open tab (:data:`LessonTab`), kept when the learner visits another page: the widget's
own state goes with the page (:func:`keep_tab` opens it again)."""
PARTIE_A: Final = "lessons_partie_a"
PARTIE_B: Final = "lessons_partie_b"


def completed() -> set[str]:
    """The completed lessons' slugs (created on first use)."""
    done: set[str] = st.session_state.setdefault(DONE, set())
    return done


def right_answers(slug: str) -> set[int]:
    """The indices of lesson ``slug``'s questions answered right (created on first use)."""
    right: dict[str, set[int]] = st.session_state.setdefault(RIGHT, {})
    return right.setdefault(slug, set())


def go(slug: str) -> None:
    """Show lesson ``slug`` (a callback: runs before the page is drawn)."""
    st.session_state[CURRENT] = slug
    st.query_params[PARAM] = slug
    st.session_state.pop(UNKNOWN, None)  # the learner has chosen: the link's notice is done


def keep_tab(labels: dict[LessonTab, str]) -> None:
    """Before the tabs are drawn (``on_change="rerun"``: a click on a tab runs the page):
    keep the tab open now; when the tabs hold none of ``labels`` (the first run after a
    visit to another page, or in another language), open the one kept (the stages at first).
    Their state is set, not their ``default``: a default that changed would make them a new
    widget."""
    ss = st.session_state
    for tab, label in labels.items():
        if ss.get(TAB) == label:
            ss[_TAB_KEPT] = tab
            return
    ss[TAB] = labels["read" if ss.get(_TAB_KEPT) == "read" else "stages"]


def on_chooser(key: str = CHOOSER) -> None:
    slug = st.session_state.get(key)
    if slug:
        go(str(slug))


# --------------------------------------------------------------------------- questions


def qkey(slug: str, i: int, part: str) -> str:
    """The key of part ``part`` (``q``, ``fb``, ``check``) of question ``i`` of a lesson.

    ``q`` holds the chosen option's index; ``fb`` the :data:`Feedback` of the last Check.
    """
    return f"lessons_{part}_{slug}_{i}"


def feedback(slug: str, i: int) -> Feedback | None:
    """What the last Check of question ``i`` found (a fact: the page words it when drawn, in
    the language of the moment), or ``None``."""
    value = st.session_state.get(qkey(slug, i, "fb"))
    return value if value in ("right", "wrong", "none") else None


def check_answer(lesson: Lesson, i: int) -> None:
    """The Check button: judge the chosen option (its index, never its label) and remember
    the verdict."""
    q = lesson.questions[i]
    choice = st.session_state.get(qkey(lesson.slug, i, "q"))
    fb = qkey(lesson.slug, i, "fb")
    if choice is None:
        st.session_state[fb] = "none"
        return
    if choice == q.answer:
        st.session_state[fb] = "right"
        right = right_answers(lesson.slug)
        right.add(i)
        if len(right) == len(lesson.questions):
            completed().add(lesson.slug)
    else:
        st.session_state[fb] = "wrong"


def forget_feedback(slug: str, i: int) -> None:
    st.session_state.pop(qkey(slug, i, "fb"), None)


# --------------------------------------------------------------------------- widgets


def set_value(key: str, value: Any) -> None:
    st.session_state[key] = value


def new_seed(key: str) -> None:
    st.session_state[key] = random.randrange(1, 1_000_000)


def limit_picks(key: str, most: int) -> None:
    """A player may not pick more discards than the rules allow: undo the extra one."""
    ss = st.session_state
    picked = list(ss.get(key) or [])
    if len(picked) > most:
        ss[key] = list(ss.get(f"{key}_prev", picked[:most]))
        ss[f"{key}_over"] = True
    else:
        ss[f"{key}_prev"] = picked
        ss.pop(f"{key}_over", None)


def set_picks(key: str, cards: Sequence[Card]) -> None:
    """Set a discard picker (and what :func:`limit_picks` falls back to)."""
    picked = list(cards)
    st.session_state[key] = picked
    st.session_state[f"{key}_prev"] = picked


def set_partie_totals(a: int, b: int) -> None:
    st.session_state[PARTIE_A] = str(a)
    st.session_state[PARTIE_B] = str(b)

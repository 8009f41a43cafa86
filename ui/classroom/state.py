"""The Class page's session state (every key starts with ``class_``) and what it says when a
class action is refused.

The teacher's side keeps the teacher's key (:data:`K_TEACHER_KEY`, taken from the link and
removed from the address bar at once) and the access the store gave for it; the pupil's side
keeps the class joined, the pupil and the round (:class:`ui.classroom.work.ClassRound`).
Nothing here is drawn: :func:`refusal_text` gives the sentences.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final, TypeVar

import streamlit as st

from store.class_values import NAME_MAX, ClassRefused, Refusal
from ui.classroom.store import AWAY_ERRORS, ClassesAway
from ui.text import md_quote
from words import _, ngettext

__all__ = [
    "CLASS_PARAM",
    "JOIN_PARAM",
    "K_ACCESS",
    "K_CLASS",
    "K_CODE_TYPED",
    "K_CONFIRM",
    "K_LINK_KEY",
    "K_MESSAGES",
    "K_NAME",
    "K_NOTICE",
    "K_OPENED_LINKS",
    "K_PROJECTOR",
    "K_PUPIL",
    "K_ROUND",
    "K_SHOW",
    "K_SHOW_LINK",
    "K_TEACHER_KEY",
    "TEACHER_PARAM",
    "attempt",
    "forget_pupil",
    "forget_teacher",
    "isolate",
    "outage_text",
    "refusal_text",
    "say",
    "shown",
]

JOIN_PARAM: Final = "join"
TEACHER_PARAM: Final = "teacher"

CLASS_PARAM: Final = "class"  # the dashboard open: its class's id (no secret: owners only)
K_TEACHER_KEY: Final = "class_teacher_key"  # the one-time link made at Start, shown once
K_LINK_KEY: Final = "class_link_key"  # a teacher's link opened, until access() spends it
K_OPENED_LINKS: Final = "class_opened_links"  # hashes of the links this session spent
"""The teacher's key (a secret: never drawn after the run that made the class)."""
K_ACCESS: Final = "class_access"
"""The store's :class:`store.classes.TeacherAccess` for the key, once looked up."""
K_SHOW_LINK: Final = "class_show_link"
"""True from Start until the teacher says the teacher's link is bookmarked."""
K_PROJECTOR: Final = "class_projector"
K_SHOW: Final = "class_show"
K_CONFIRM: Final = "class_confirm"  # the control asked to confirm: close, remove, delete
K_CODE_TYPED: Final = "class_code_typed"
K_NAME: Final = "class_name_typed"
K_CLASS: Final = "class_joined"
"""The :class:`store.classes.ClassInfo` of the class this session's pupil is in."""
K_PUPIL: Final = "class_pupil"
K_ROUND: Final = "class_round"
K_NOTICE: Final = "class_notice"
K_MESSAGES: Final = "class_messages"
K_CACHE: Final = "class_cache"


def shown(raw: object, limit: int = 24) -> str:
    """Text that is not ours, cut short, inert in Markdown and never a link (for a sentence
    quoting it)."""
    return md_quote(raw, limit)


def isolate(name: str) -> str:
    """A pupil's name inside a sentence: Markdown-inert and isolated for right-to-left
    scripts (U+2068 … U+2069), so that it never reorders the sentence around it."""
    return f"\u2068{md_quote(name)}\u2069"


def say(level: str, text: str) -> None:
    """A message for the top of the page, said once (``"error"``, ``"warning"``,
    ``"info"``, ``"success"``)."""
    st.session_state.setdefault(K_MESSAGES, []).append((level, text))


def outage_text() -> str:
    return _("The class cannot be reached right now: the database is away. Nothing was "
             "lost; try again in a moment.")


def _wait_text(seconds: int) -> str:
    if seconds < 60:
        return ngettext("Too many wrong tries from here: wait {n} second, then try again.",
                        "Too many wrong tries from here: wait {n} seconds, then try again.",
                        max(seconds, 1))
    minutes = math.ceil(seconds / 60)
    return ngettext("Too many wrong tries from here: wait {n} minute, then try again.",
                    "Too many wrong tries from here: wait {n} minutes, then try again.",
                    minutes)


def refusal_text(refused: ClassRefused, *, typed: object = None) -> str:
    """What the page says when the store refused (``typed``: the code or name the person
    typed, quoted back inert)."""
    why, values = refused.refusal, refused.values
    if why is Refusal.BAD_CODE:
        return _("“{code}” is not a class code: a code has 6 letters and digits, like "
                 "K7QM2P. Check it with your teacher.", code=shown(typed or ""))
    if why is Refusal.UNKNOWN_CODE:
        return _("No class has the code {code}: check it with your teacher (the class may "
                 "also have been deleted).", code=shown(values.get("code", typed or "")))
    if why is Refusal.BAD_KEY:
        return _("This teacher's link is broken: it does not carry a teacher's key. Open the "
                 "class from “My classes” in the browser that started it.")
    if why is Refusal.UNKNOWN_KEY:
        return _("This teacher's link opens nothing: a teacher's link works once, in the "
                 "browser that opens it first (the class is then in “My classes” there), and "
                 "a newer link replaces it; or the class was deleted or its time is up.")
    if why is Refusal.PAUSED:
        return _wait_text(refused.retry_after)
    if why is Refusal.BUSY:
        return ngettext("Many pupils are joining this class from here right now: wait {n} "
                        "second, then press Join again.",
                        "Many pupils are joining this class from here right now: wait {n} "
                        "seconds, then press Join again.", max(refused.retry_after, 1))
    if why is Refusal.CLOSED:
        return _("This class is closed: it takes no new pupils and no more answers.")
    if why is Refusal.LOCKED:
        return _("This class takes no new pupils: the teacher has locked joining. Ask your "
                 "teacher.")
    if why is Refusal.FULL:
        return _("This class is full: it has {limit} pupils already. Ask your teacher.",
                 limit=values.get("limit", "?"))
    if why is Refusal.NAME_EMPTY:
        return _("Type your name as your teacher will see it, then press Join.")
    if why is Refusal.NAME_UNREADABLE:
        return _("This name has too many accents piled on its letters: please type it "
                 "plainly.")
    if why is Refusal.NAME_TOO_LONG:
        return _("A name has at most {limit} characters: please type a shorter one.",
                 limit=NAME_MAX)
    if why is Refusal.NAME_TAKEN:
        return _("The name {name} is taken in this class: add an initial, or choose another "
                 "one.", name=isolate(str(values.get("name", typed or ""))))
    if why is Refusal.ALREADY_ANSWERED:
        return _("You have already answered this question (perhaps in another tab): your "
                 "first answer stays. Here is where you are.")
    if why is Refusal.TOO_LATE:
        return _("Too late: the answers to this question are locked, so this answer was not "
                 "counted.")
    if why is Refusal.NOT_ASKED:
        return _("This question is not open yet: wait for your teacher to show it.")
    return _("This class no longer exists: the teacher deleted it, or its time is up.")


T = TypeVar("T")


def attempt(action: Callable[[], T]) -> tuple[bool | None, T | None]:
    """Run a class ``action``: ``(True, its value)`` when done; ``(False, None)`` when the
    store refused it, ``(None, None)`` when the database is away — each said at the top of
    the page (:func:`say`)."""
    try:
        return True, action()
    except ClassRefused as refused:
        say("error", refusal_text(refused))
        return False, None
    except (ClassesAway, *AWAY_ERRORS):
        say("warning", outage_text())
        return None, None


def forget_teacher() -> None:
    """The session forgets the teacher's key and access (after Delete, or a key refused)."""
    for key in (K_TEACHER_KEY, K_LINK_KEY, K_ACCESS, K_SHOW_LINK, K_CONFIRM, K_SHOW,
                K_PROJECTOR):
        st.session_state.pop(key, None)


def forget_pupil() -> None:
    """The session forgets the class joined (it is gone, or another code was opened)."""
    for key in (K_CLASS, K_PUPIL, K_ROUND, K_NOTICE, K_CACHE):
        st.session_state.pop(key, None)

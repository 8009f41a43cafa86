"""The Puzzles page's state: the puzzle on show (synced with ``?id=``), the answer given and
what it did to the ratings.

The puzzle on show is kept in ``st.session_state`` and written to the address (``?id=``), so
the address is the puzzle's shareable link. An unknown id is remembered to be said once, and
the puzzle of the day shown instead. One answer counts a visit to a puzzle: it is rated (the
learner's rating and the puzzle's, :func:`academy.rating.attempt`, from the stored ratings)
and written to the store (:func:`ui.storage.puzzle_attempt`, which rates it again inside its
transaction from what is stored then).

A learner's own puzzle (:mod:`academy.my_puzzles`, cut from the review of a deal they
played) is shown by ``?mine=<id>`` from the store. Its answer is not rated: it is one more
answer on the learner's item of kind :data:`store.MY_PUZZLE_KIND`, which the spaced
repetition schedules again (due soon when missed, later when right).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import streamlit as st

from academy.my_puzzles import PREFIX
from academy.puzzles import Puzzle, Question, Theme, catalogue, find, near, of_the_day
from academy.rating import Rating, attempt
from piquet.cards import Card
from store import MY_PUZZLE_KIND
from store.puzzles import PUZZLE_RD, LearnerStanding
from ui import storage

PAGE = "app_pages/puzzles.py"
PARAM = "id"
MINE_PARAM = "mine"
"""The parameter naming one of the learner's own puzzles."""
MINE = "puzzles_mine"
CURRENT = "puzzles_current"
RESULT = "puzzles_result"
UNKNOWN = "puzzles_unknown"
STANDING = "puzzles_standing"
THEME = "puzzles_theme"
SEEN = "puzzles_seen"
ID_SHOWN_MAX = 40


@dataclass(frozen=True, slots=True)
class Result:
    """An answer given to the puzzle ``pid`` and its rating change."""

    pid: str
    cards: tuple[Card, ...]
    right: bool
    before: float
    after: float
    mine: bool = False
    """One of the learner's own puzzles: not rated."""


def today() -> date:
    return date.today()


def standing() -> LearnerStanding:
    """The learner's puzzle standing: this session's latest, else the store's."""
    held = st.session_state.get(STANDING)
    if isinstance(held, LearnerStanding):
        return held
    got = storage.puzzle_standing()
    st.session_state[STANDING] = got
    return got


def chosen_theme() -> Theme | None:
    raw = st.session_state.get(THEME)
    return raw if isinstance(raw, Theme) else None


def themes() -> list[Theme | None]:
    """The chooser's options: any theme, then each theme the catalogue has."""
    have = {p.theme for p in catalogue()}
    return [None, *(t for t in Theme if t in have)]


def is_mine(pz: Puzzle) -> bool:
    """Whether ``pz`` is one of the learner's own puzzles (not the catalogue's)."""
    return pz.id.startswith(PREFIX)


def show(pid: str) -> None:
    """Put the puzzle ``pid`` of the catalogue on show (a fresh visit: no answer yet)."""
    st.session_state[CURRENT] = pid
    st.query_params[PARAM] = pid  # the address follows: a link read later is this one
    st.query_params.pop(MINE_PARAM, None)
    st.session_state.pop(MINE, None)
    st.session_state.pop(RESULT, None)
    seen = st.session_state.setdefault(SEEN, [])
    if pid not in seen:
        seen.append(pid)


def show_daily() -> None:
    st.session_state.pop(UNKNOWN, None)
    show(of_the_day(today()).id)


def show_next() -> None:
    """A puzzle near the learner's rating, of the chosen theme, not seen this session."""
    st.session_state.pop(UNKNOWN, None)
    ratings = {k: r.rating for k, r in storage.puzzle_ratings().items()}
    avoid = set(st.session_state.get(SEEN, [])) | set(storage.tried_puzzles())
    pz = near(standing().rating.rating, random.Random(), theme=chosen_theme(),
              ratings=ratings, avoid=avoid)
    show(pz.id)


def _shown_id(raw: str) -> str:
    return raw if len(raw) <= ID_SHOWN_MAX else raw[:ID_SHOWN_MAX] + "…"


def _mine(raw: str) -> Puzzle | None:
    """The learner's own puzzle ``raw`` (from this session, else from the store), put on
    show; None when the learner has none of that id (remembered to be said)."""
    held = st.session_state.get(MINE)
    if isinstance(held, Puzzle) and held.id == raw and st.session_state.get(CURRENT) == raw:
        return held
    data = storage.my_puzzles([raw]).get(raw) if raw.startswith(PREFIX) else None
    if data is None:
        st.session_state[UNKNOWN] = _shown_id(raw)
        st.query_params.pop(MINE_PARAM, None)
        return None
    pz = Puzzle.from_json(data)
    st.session_state.pop(UNKNOWN, None)
    st.session_state[MINE] = pz
    st.session_state[CURRENT] = pz.id
    st.session_state.pop(RESULT, None)
    st.query_params.pop(PARAM, None)
    return pz


def follow_address(param: str, held_key: str, unknown_key: str, known: Callable[[str], bool],
                   show_one: Callable[[str], None], fallback: Callable[[], str]) -> None:
    """Put on show what ``?param=`` names when it changed: a ``known`` id is shown, an
    unknown one is remembered (clipped) to be said and ``fallback()`` shown instead."""
    raw = st.query_params.get(param)
    if raw is None or raw == st.session_state.get(held_key):
        return
    if known(raw):
        st.session_state.pop(unknown_key, None)
        show_one(raw)
        return
    st.session_state[unknown_key] = _shown_id(raw)
    show_one(fallback())


def current() -> Puzzle:
    """The puzzle on show: the learner's own of ``?mine=``, else the catalogue's of ``?id=``
    (an unknown id: the puzzle of the day, and the id remembered to be said)."""
    mine = st.query_params.get(MINE_PARAM)
    if mine is not None:
        got = _mine(mine)
        if got is not None:
            return got
        show(of_the_day(today()).id)
    follow_address(PARAM, CURRENT, UNKNOWN, lambda raw: find(raw) is not None, show,
                   lambda: of_the_day(today()).id)
    pz = find(str(st.session_state.get(CURRENT, "")))
    if pz is None:
        pz = of_the_day(today())
        show(pz.id)
    st.query_params[PARAM] = pz.id
    return pz


def result() -> Result | None:
    got = st.session_state.get(RESULT)
    held = st.session_state.get(CURRENT)
    return got if isinstance(got, Result) and got.pid == held else None


def answer(pz: Puzzle, cards: tuple[Card, ...], category: str = "") -> None:
    """The learner's answer to ``pz`` (cards, or a sinking puzzle's category): judged, rated
    and stored (the first answer only)."""
    if result() is not None:
        return
    right = pz.accepts(category) if pz.question is Question.SINK else pz.is_right(cards)
    if is_mine(pz):
        held = standing().rating.rating
        st.session_state[RESULT] = Result(pz.id, cards, right, held, held, mine=True)
        storage.item_seen(MY_PUZZLE_KIND, pz.id, right=right)
        return
    mine = standing()
    stored = storage.puzzle_ratings().get(pz.id, Rating(pz.rating, PUZZLE_RD))
    new_mine, _ = attempt(mine.rating, stored, right)
    streak = mine.streak + 1 if right else 0
    st.session_state[STANDING] = LearnerStanding(
        new_mine, streak, max(mine.best_streak, streak), mine.attempts + 1,
        mine.solved + int(right))
    st.session_state[RESULT] = Result(pz.id, cards, right, mine.rating.rating,
                                      new_mine.rating)
    storage.puzzle_attempt(pz.id, right, pz.rating)

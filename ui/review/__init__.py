""""Review this deal": the review of a deal (:mod:`academy.review`) on the page.

:func:`review_panel` draws a button; a click starts the review in a worker process
(:mod:`ui.review.worker`) and a fragment shows its progress until it is done; then the
accuracy, the three costliest decisions first (each on the cards: the choice, the better
play, the figures and why), and every decision after them. A review that ran past its
budget says so and shows what it judged. Its words are in :mod:`words.review`.

With ``puzzles`` (a deal the learner played, one role reviewed), the learner's costliest
mistakes that make sound puzzles (:mod:`academy.my_puzzles`) are kept as puzzles of their own
(:func:`ui.storage.my_puzzle_made`, due at once in "practise my misses"), and the review
links the first.

Session keys: ``<key>_job`` (the review under way), ``<key>_done`` (the review found, with
the record it is of), ``<key>_puzzles`` (the ids of the puzzles kept from it, with the
record); the button's key is ``<key>_start``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from typing import Any, Final

import streamlit as st

from academy.review import DealReview, Decision, DecisionKind, Mark
from piquet.reckon import Role
from ui import storage
from ui.cards import cards_row_html
from ui.links import page_link
from ui.puzzles.state import MINE_PARAM, PAGE as PUZZLES_PAGE
from ui.review import worker
from ui.settings import four_colour
from ui.text import md_escape
from words import _, ngettext
from words.review import (
    accuracy_text,
    choice_text,
    decision_title,
    figures_text,
    incomplete_text,
    mark_name,
    reason_text,
    worlds_text,
)

__all__ = ["BUDGET_S", "POLL_S", "WORLDS", "review_panel"]

WORLDS: Final = 16
"""Worlds (at least) a card decision."""
BUDGET_S: Final = 30.0
"""Seconds a review may take before it stops and shows what it has."""
POLL_S: Final = 0.5
"""How often the page looks at the review's progress (seconds)."""

_ICONS: Final = {Mark.BEST: "✔", Mark.GOOD: "✔", Mark.INACCURACY: "?!", Mark.MISTAKE: "?",
                 Mark.BLUNDER: "??"}


def _record_key(record: dict[str, Any], roles: Sequence[Role] | None) -> str:
    return json.dumps([record, list(roles or ())], sort_keys=True)


def _start(key: str, record: dict[str, Any], roles: Sequence[Role] | None,
           puzzles: bool = False) -> None:
    role = roles[0] if roles and len(roles) == 1 else None
    st.session_state[f"{key}_job"] = (_record_key(record, roles),
                                      worker.start(record, role, worlds=WORLDS,
                                                   budget_s=BUDGET_S,
                                                   puzzles=puzzles and role is not None))


def _keep_puzzles(key: str, rk: str, found: worker.Found) -> None:
    """The learner's own puzzles of the review kept in the store (once each)."""
    for pz in found.puzzles:
        storage.my_puzzle_made(pz.id, pz.as_json())
    st.session_state[f"{key}_puzzles"] = (rk, [pz.id for pz in found.puzzles])


Retry = Callable[[Decision], None]
"""A callback that restarts the deal at a decision, against the computer."""


def review_panel(key: str, record: dict[str, Any], roles: Sequence[Role] | None = None,
                 retry: Retry | None = None, *, puzzles: bool = False) -> None:
    """The review of ``record`` (of ``roles``' decisions; None: both players'). With
    ``retry``, each of the costliest decisions has a "Try again from here" button
    (``<key>_retry_<index>``) that calls it with the decision. With ``puzzles`` (the deal
    is the learner's, one role given), the learner's costliest mistakes become puzzles of
    their own."""
    ss = st.session_state
    rk = _record_key(record, roles)
    done = ss.get(f"{key}_done")
    if done is not None and done[0] == rk:
        _show(key, done[1], roles, retry)
        return
    job = ss.get(f"{key}_job")
    if job is not None and job[0] == rk:
        if job[1].future.done():
            found = worker.result(job[1])
            del ss[f"{key}_job"]
            if found is None:
                st.warning(_("The review could not be made."))
            else:
                ss[f"{key}_done"] = (rk, found.review)
                _keep_puzzles(key, rk, found)
                _show(key, found.review, roles, retry)
                return
        else:
            _poller(key, rk)
            return
    st.button(_("Review this deal"), key=f"{key}_start", on_click=_start,
              args=(key, record, roles, puzzles), icon=":material/fact_check:",
              help=_("Each decision judged from what the player could see: the discard by "
                     "the exchange advisor, each card over the hands the opponent could "
                     "hold."))


def _progress(key: str, rk: str) -> None:
    job = st.session_state.get(f"{key}_job")
    if job is None or job[0] != rk or job[1].future.done():
        st.rerun()
    done, total = job[1].done_of()
    st.progress(done / total if total else 0.0,
                text=_("Reviewing the deal: {done} of {total} decisions…", done=done,
                       total=total or "…"))


@st.fragment(run_every=POLL_S)
def _poller(key: str, rk: str) -> None:
    """While the worker reviews: its progress, looked at every :data:`POLL_S`; then the page
    is drawn again with the review."""
    _progress(key, rk)


def _cards(cards: Sequence[Any], caption: str, highlight: Sequence[Any] = ()) -> None:
    if cards:
        st.markdown(cards_row_html(cards, width=48, highlight=set(highlight),
                                   four_colour=four_colour(), caption=caption),
                    unsafe_allow_html=True)


def _decision(d: Decision, open_cards: bool) -> None:
    head = decision_title(d)
    if d.mark is not None:
        head = f"{_ICONS[d.mark]} {head}: {mark_name(d.mark)}"
    st.markdown(f"**{md_escape(head)}**")
    st.markdown(md_escape(choice_text(d)))
    if open_cards and d.kind is not DecisionKind.DECLARATION and d.choice != d.best:
        c1, c2 = st.columns(2)
        with c1:
            _cards(d.choice, _("Played") if d.kind is DecisionKind.CARD else _("Discarded"),
                   d.difference)
        with c2:
            _cards(d.best, _("Better"), d.difference)
    lines = [figures_text(d)]
    if d.kind is DecisionKind.CARD and d.worlds:
        lines.append(worlds_text(d))
    lines += [reason_text(r, d.who) for r in d.reasons]
    st.caption(md_escape(" ".join(x for x in lines if x)))


def _puzzles_kept(key: str) -> None:
    """How many of the learner's mistakes became puzzles, and a link to the first."""
    kept = st.session_state.get(f"{key}_puzzles")
    done = st.session_state.get(f"{key}_done")
    if not kept or not kept[1] or done is None or done[0] != kept[0]:
        return
    ids = kept[1]
    st.info(ngettext("{n} of your costliest mistakes is now a puzzle of your own: it comes "
                     "back in “Practise my misses” until you solve it.",
                     "{n} of your costliest mistakes are now puzzles of your own: they come "
                     "back in “Practise my misses” until you solve them.", len(ids)),
            icon=":material/extension:")
    page_link(PUZZLES_PAGE, _("Solve it now"), {MINE_PARAM: ids[0]},
              icon=":material/extension:")


def _show(key: str, review: DealReview, roles: Sequence[Role] | None,
          retry: Retry | None) -> None:
    with st.container(border=True, key="review_result"):
        st.subheader(_("Review of the deal"))
        if not review.complete:
            st.warning(md_escape(incomplete_text(review)), icon=":material/timer_off:")
        for role in roles or review.roles:
            st.markdown(md_escape(accuracy_text(review, role)))
        _puzzles_kept(key)
        costly = review.costliest(3)
        if costly:
            heading = _("The costliest decisions")
            st.markdown(f"##### {html.escape(heading)}")
            for d in costly:
                with st.container(border=True):
                    _decision(d, True)
                    if retry is not None and d.kind is not DecisionKind.DECLARATION:
                        st.button(_("Try again from here"), key=f"{key}_retry_{d.index}",
                                  on_click=retry, args=(d,), icon=":material/replay:")
        rest = [d for d in review.decisions if d not in costly]
        if rest:
            with st.expander(_("Every other decision")):
                for d in rest:
                    _decision(d, False)

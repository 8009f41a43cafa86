"""The quiz's end screen (the score, the time, the results per kind, the questions missed
with their explanations on the cards, "review my misses") and the learner's quiz history."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import streamlit as st

from academy.quiz import RoundResult, kind_title
from ui import storage
from ui.quiz import state
from ui.quiz.ask import question_body
from ui.quiz.draw import explanation, given
from words import _, format_percent, ngettext

CARD_WIDTH: Final = 60


def time_text(seconds: int | None) -> str:
    """A round's time: "45 s", "3 min 05 s"; a dash while it runs."""
    if seconds is None:
        return _("—")
    if seconds < 60:
        return _("{seconds} s", seconds=seconds)
    padded = str(seconds % 60).zfill(2)
    # TRANSLATORS: a time taken, e.g. "3 min 05 s"; {seconds} has two digits.
    return _("{minutes} min {seconds} s", minutes=seconds // 60, seconds=padded)


def kinds_table(rows: Mapping[str, tuple[int, int, int]],
                title: Callable[[str], str] = kind_title) -> str:
    """A Markdown table: each kind's right, wrong and skipped answers (``title`` names a
    kind)."""
    lines = [_("| Kind | Right | Wrong | Skipped |"), "|---|---|---|---|"]
    for kind, (right, wrong, skipped) in rows.items():
        lines.append(f"| {title(kind)} | {right} | {wrong} | {skipped} |")
    return "\n".join(lines)


def _missed(res: RoundResult) -> None:
    r = state.current()
    st.subheader(ngettext("The question to look at again", "The {n} questions to look at again",
                          len(res.missed)))
    for pos in res.missed:
        q = r.question(pos)
        skipped = r.answers[pos].outcome == "skipped"
        with st.container(border=True, key=f"quiz_missed_{pos}"):
            if skipped:
                # TRANSLATORS: a question of the round on the end screen, skipped.
                st.markdown(_("**Question {number}** · {kind} · skipped", number=pos + 1,
                              kind=q.title))
            else:
                # TRANSLATORS: a question of the round on the end screen, answered wrong.
                st.markdown(_("**Question {number}** · {kind} · missed", number=pos + 1,
                              kind=q.title))
            question_body(q, width=CARD_WIDTH, reveal=True)
            fb = r.feedback(pos)
            if fb is not None:
                given(fb)
            st.success(_("Answer: {answer}", answer=q.answer), icon=":material/check_circle:")
            explanation(q.explanation)


def end_screen() -> None:
    r = state.current()
    res = r.result()
    st.progress(1.0, text=ngettext("Round over: {n} question", "Round over: {n} questions",
                                   res.length))
    st.subheader(_("Your results"))
    cols = st.columns(4)
    with cols[0]:
        st.metric(_("Score"), _("{right} / {asked}", right=res.right, asked=res.length))
    with cols[1]:
        st.metric(_("Accuracy"), format_percent(res.percent / 100))
    with cols[2]:
        st.metric(_("Time"), time_text(res.seconds))
    with cols[3]:
        st.metric(_("Skipped"), res.skipped)
    st.markdown(kinds_table({k: (v.right, v.wrong, v.skipped) for k, v in res.per_kind.items()}))
    with st.container(horizontal=True, gap="small"):
        if res.missed:
            st.button(ngettext("Review my misses ({n} question)",
                               "Review my misses ({n} questions)", len(res.missed)),
                      key="quiz_review", on_click=state.on_review, type="primary")
        st.button(_("Play this round again") if r.seeded else _("Another round"),
                  key="quiz_again", on_click=state.on_again,
                  type="secondary" if res.missed else "primary")
    if res.missed:
        _missed(res)
    else:
        st.success(_("Every answer right: a perfect round!"), icon=":material/star:")


def history() -> None:
    """The learner's quiz history per kind, from the progress store: read and drawn only
    while its panel is open (opening it reruns the round's part), so that a Check, which
    changes the history, does not read it again for a panel that is shut."""
    panel = st.expander(_("Your quiz history"), expanded=False, key=state.K_HISTORY_OPEN,
                        on_change="rerun")
    if not panel.open:
        return
    totals = state.read("kind_totals", storage.kind_totals)
    with panel:
        if not totals:
            st.caption(_("Nothing yet: your answers are kept here, round after round."))
            return
        rounds = state.read("rounds", lambda: storage.rounds(limit=100))
        finished = sum(1 for s in rounds if s.finished_at is not None)
        st.caption(ngettext("{n} round finished.", "{n} rounds finished.", finished))
        st.markdown(kinds_table({k: (t.right, t.wrong, t.skipped) for k, t in totals.items()}))

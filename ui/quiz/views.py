"""The quiz page: the controls, the round's progress, the question with its cards and answer
widgets (the card hand for "which cards…"), the feedback built by ``academy.quiz``, and the
side panel. The end screen is :mod:`ui.quiz.end`; the state :mod:`ui.quiz.state`.

Every text is the text layer's, in the language of the run: the question is generated in it
(its facts do not depend on the language), options are ids whose labels are rendered when
drawn, and a feedback is the check of the answer kept (ids and numbers), made again.
"""

from __future__ import annotations

import html
from typing import Final

import streamlit as st

from academy.quiz import LEVELS, ROUND_LENGTHS, Field, Question, level_title
from ui import storage
from ui.components.live import announce
from ui.fragments import whole_page_drawn, whole_page_if_asked
from ui.links import page_url
from ui.progress.path import misses
from ui.progress.views import render_misses
from ui.quiz import end, state
from ui.quiz.ask import AnswerKeys, answer_box, given_values, hand_cards, question_body
from ui.quiz.draw import explanation, feedback, given
from ui.scroll import scroll_to_top
from ui.settings import preset_label
from ui.style import inject_css
from words import _

#: Whether progress was being saved when the page was last drawn whole (its frame's notice).
_SAVING: Final = "quiz_saving_seen"
CARD_WIDTH: Final = 60
BIG_CARD_WIDTH: Final = 110


def widget_key(field: Field) -> str:
    """The answer widget of ``field`` for the question on screen (a card hand's key for a
    "which cards…" field)."""
    r = state.current()
    return f"quiz_a_{r.round_id}_{r.at}_{field.key}"


KEYS: Final = AnswerKeys("quiz", widget_key)


def _on_check() -> None:
    r = state.current()
    if r.open:
        state.on_check(given_values(state.question(r.at).fields, KEYS))


# --------------------------------------------------------------------------- drawing


def _teacher_panel(q: Question) -> None:
    for f in q.fields:
        label = html.escape(f.label)
        if f.widget in ("choice", "multi"):
            # TRANSLATORS: a question's field and its options, for the teacher's panel.
            st.markdown(_("**{field}** — {options}", field=label, options=" · ".join(
                html.escape(f.option_text(o)) for o in f.options)))
        else:
            st.markdown(f"**{label}**")
    if not st.session_state.get(state.K_REVEAL):
        st.button(_("Show answer"), key="quiz_show_answer", on_click=state.on_reveal,
                  type="primary")
        return
    st.success(_("Answer: {answer}", answer=q.answer))
    explanation(q.explanation)


def _share(seed: str, level: str, length: int, rules: str) -> None:
    link = page_url("/quiz", {"seed": seed, "level": level, "n": str(length), "rules": rules})
    st.markdown(_("**Share this round**: everyone who opens this link gets the same "
                  "questions."))
    st.code(link, language=None, wrap_lines=True)


def _side() -> None:
    r = state.current()
    res = r.result()
    answered = res.right + res.wrong + res.skipped
    st.metric(_("Score"), _("{right} / {asked}", right=res.right, asked=answered),
              help=_("Right answers out of the questions answered or skipped in this round."))
    if r.mode == "review":
        st.caption(_("Reviewing the questions you missed."))
    elif r.mode == "misses":
        st.caption(_("Practising your misses: the kinds you got wrong, the ones due first."))
    elif r.seeded:
        st.caption(_("Round {seed}: the same questions for everyone.", seed=r.seed))
    else:
        st.caption(_("Random round: the kinds you miss most come back more often."))
    st.button(
        _("Practise my misses"), key="quiz_misses", on_click=state.on_misses,
        disabled=not state.misses_to_practise(), width="stretch",
        help=_("A round of the question kinds you got wrong, the ones due again first; they "
               "come back sooner when missed again, later when right."))
    render_misses(state.read("miss_links", misses), "quiz_miss")  # My progress's list
    _share(r.seed, r.level, st.session_state[state.K_LENGTH], r.rules)
    end.history()


def _question(teacher: bool) -> None:
    r = state.current()
    q = state.question(r.at)
    fb = state.feedback()
    reveal = fb is not None or (teacher and bool(st.session_state.get(state.K_REVEAL)))
    st.progress(r.position / r.length,
                text=_("Question {number} of {total}", number=r.at + 1, total=r.length))
    with st.container(key="quiz_question_title"):  # on a phone the progress says it (ui.style)
        st.subheader(_("Question {number}", number=r.at + 1))
    # TRANSLATORS: the question's family, kind and level, then the rules preset.
    st.caption(_("{group} · {kind} · {level} · rules: {preset}", group=q.group,
                 kind=q.title, level=level_title(q.level), preset=preset_label(r.rules)))
    question_body(q, width=BIG_CARD_WIDTH if teacher else CARD_WIDTH, reveal=reveal,
                  skip=hand_cards(q) if r.open and not teacher else ())
    last = r.at == r.length - 1
    if teacher:
        _teacher_panel(q)
    elif r.open:
        answer_box(q.fields, KEYS, on_check=_on_check, on_skip=state.on_skip,
                   notice=st.session_state.get(state.K_CHECK_NOTICE))
        return
    elif fb is None:  # skipped (a reload in the middle): nothing to show but Next
        st.info(_("Skipped."))
    else:
        given(fb)
        feedback(fb)
        res = r.result()
        # said politely to a screen reader: the verdict and the round's score so far
        announce([fb.headline, _("Score so far: {right} right of {asked}.", right=res.right,
                                 asked=res.right + res.wrong + res.skipped)],
                 token=f"quiz-{r.seed}-{r.mode}-{r.at}", key="pq_live_quiz")
    st.button(_("See your results →") if last else _("Next question →"), key="quiz_next",
              on_click=state.on_next,
              type="primary" if (fb is not None or reveal) else "secondary")


@st.fragment
def _round_part() -> None:
    """The question (or the end screen) and the side panel, rerun alone on a learner's every
    change, tap, Check, Skip, Next and "Show answer": the page's frame and controls are not
    drawn again for them. The whole page runs again when a step changed more than this part
    (:func:`ui.fragments.ask_whole_page`: a new round, a notice for the top) or the database came or
    went (the frame's "not saving" notice)."""
    ss = st.session_state
    whole_page_if_asked(also=ss.get(_SAVING) != storage.saving())
    r = state.current()
    # a new question (Next, a new round, another level or preset) opens at its top
    scroll_to_top("quiz", token=f"{r.round_id}_{r.at}")
    main, side = st.columns([4, 1.2], gap="large")
    with main:
        if r.over:
            ss[state.K_FEEDBACK] = None
            end.end_screen()
        else:
            _question(bool(ss.get(state.K_TEACHER)))
    with side:
        _side()


def quiz_page() -> None:
    """The whole quiz page."""
    inject_css()  # the frame does it too; harmless twice, needed if the page runs on its own
    ss = st.session_state
    state.fresh_reads()  # the whole page reads the learner's history again
    state.sync()
    st.title(_("Quiz"))
    with st.container(key="quiz_intro"):  # not on a phone: the question first (ui.style)
        st.caption(_("Rounds of questions on hands dealt at random; every answer is checked "
                     "and explained by the rules."))
    for note in state.notices():
        st.warning(note)
    state.notices().clear()

    # a wrapping row: each control keeps its natural width on narrow screens
    # (below the round on a phone: ui.style)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large",
                      key="quiz_settings"):
        st.segmented_control(
            _("Level"), LEVELS, key=state.K_LEVEL_PICK, required=True,
            format_func=level_title, on_change=state.on_level, width="content",
            help=_("Beginner: one hand, one category. Intermediate: comparisons, tricks, the "
                   "partie. Expert: full comparisons, reckoning order, rules presets. Mix: all."))
        st.segmented_control(
            _("Questions"), ROUND_LENGTHS, key=state.K_LENGTH_PICK, required=True,
            on_change=state.on_length, width="content",
            help=_("How many questions a round has."))
        st.toggle(_("Teacher mode"), key=state.K_TEACHER, width="content",
                  help=_("Big cards for a projector; the answer on demand."),
                  persist_state="session")  # a visit to another page keeps it
        st.button(_("New round"), key="quiz_new", on_click=state.on_new, width="content")

    whole_page_drawn()
    ss[_SAVING] = storage.saving()
    _round_part()

"""The pupil's side of the Class page: the join box, joining with a name (or resuming at
once: a learner who joined the class is known by the learner id), the class's round with
the Quiz page's answer box, feedback and explanation, each answer stored as it is checked,
and the end screen.

Every answer goes to the store with the round's state in one transaction
(:meth:`store.classes.ClassStore.record_answer`), so that a reload opens the same position;
a refusal (the class closed or deleted, an answer already given in another tab) is said in
words and nothing else changes. A pupil who is gone while the class stays (their learner
chose "forget me", perhaps in another tab) is told so, and the page offers to join again.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final
from urllib.parse import unquote

import streamlit as st

from academy.quiz import Field, Question, level_title
from academy.stages import Task, says
from piquet.cards import Card
from store.class_values import NAME_MAX, ClassInfo, ClassRefused, Pupil, Refusal, normalise_code
from ui.classroom import live, state
from ui.classroom.items import (
    CARD_WIDTH,
    item_title,
    kind_label,
    puzzle_body,
    stage_body,
    stage_explanation,
)
from ui.classroom.store import AWAY_ERRORS, ClassesAway, classes, client, learner, network
from ui.classroom.work import ClassRound, new_round, round_from_json
from ui.components.card_hand import selection
from ui.fragments import ask_whole_page, whole_page_if_asked
from ui.puzzles.views import ask, the_answer
from ui.quiz.ask import AnswerKeys, answer_box, given_values, hand_cards, question_body
from ui.quiz.draw import explanation, feedback, given
from ui.quiz.end import kinds_table, time_text
from ui.settings import preset_label
from ui.text import md_escape, md_quote
from words import _, language
from words.cards import card_name

__all__ = ["JOIN_HOLD_S", "KEYS", "clock", "join_box", "pupil_view", "widget_key"]

clock: Callable[[], float] = time.time
"""The moments of a pupil's round (seconds since the epoch); a test may replace it."""

_FOUND: Final = "class_found"  # the ClassInfo of the code on the page, before joining
JOIN_HOLD_S: Final = 10.0
"""How long a Join waits its turn, unseen, when many pupils join from one address at once
(BUSY: :data:`store.classes.JOIN_EVERY_S`) before the page says to wait."""
_REFUSED: Final = "class_refused"  # a refusal of the last Check or Skip, said under the box
_GONE: Final = "class_gone"  # the code of a class found gone on this run's Check


@dataclass(frozen=True)
class _StageField(Field):
    """A stage's answer as a quiz field (its choices named by the stage's words)."""

    task: Task | None = None

    def option_text(self, oid: str) -> str:
        assert self.task is not None
        return says.choice_text(self.task, oid)


def _round() -> ClassRound:
    r: ClassRound = st.session_state[state.K_ROUND]
    return r


def _pupil() -> Pupil:
    p: Pupil = st.session_state[state.K_PUPIL]
    return p


def widget_key(field: Field) -> str:
    """The answer widget of ``field`` at the position on screen."""
    return f"class_a_{_pupil().pupil_id}_{_round().at}_{field.key}"


KEYS: Final = AnswerKeys("class", widget_key)


def _question(position: int) -> Question:
    """The quiz question at ``position``, kept for the runs in this language."""
    key = (_pupil().pupil_id, position, language())
    cached = st.session_state.get(state.K_CACHE)
    if cached is not None and cached[0] == key:
        q: Question = cached[1]
        return q
    q = _round().question(position)
    st.session_state[state.K_CACHE] = (key, q)
    return q


def _stage_fields(task: Task) -> tuple[Field, ...]:
    if task.answer_kind in ("cards", "card"):
        return (Field("answer", says.hand_label(task.role), "cards",
                      frozenset(str(c) for c in task.answer_cards),
                      tuple(str(c) for c in task.pick)),)
    if task.answer_kind == "choice":
        return (_StageField("answer", _("Your answer"), "choice", str(task.answer),
                            task.choices, task=task),)
    return (Field("answer", _("Your answer"), "number", int(str(task.answer))),)


def _stage_value(task: Task) -> object:
    """What the stage's widget holds, in the shape of the task's answer."""
    key = widget_key(_stage_fields(task)[0])
    if task.answer_kind == "cards":
        return frozenset(selection(key))
    if task.answer_kind == "card":
        chosen = selection(key)
        return chosen[0] if len(chosen) == 1 else None
    return st.session_state.get(key)


# --------------------------------------------------------------------------- steps


def _store_step(before: ClassRound, after: ClassRound) -> None:
    """Store the answer (or skip) ``after`` added to ``before``, with the round's state; on
    a refusal nothing changes but the message."""
    ss = st.session_state
    pos = before.position
    pupil = _pupil()
    me = learner()
    try:
        if me is None:
            raise ClassRefused(Refusal.GONE)
        classes().record_answer(pupil, position=pos, kind=after.kind(pos),
                                outcome=str(after.outcome(pos)), given=after.given(pos),
                                learner=me, state=after.to_json())
    except ClassRefused as refused:
        _refused(refused)
        return
    except (ClassesAway, *AWAY_ERRORS):
        ss[_REFUSED] = state.outage_text()
        return
    ss.pop(_REFUSED, None)
    ss.pop(state.K_NOTICE, None)
    ss[state.K_ROUND] = after


def _refused(refused: ClassRefused) -> None:
    ss = st.session_state
    if refused.refusal is Refusal.ALREADY_ANSWERED:
        info: ClassInfo = ss[state.K_CLASS]
        me = learner()
        try:
            stored = None if me is None else classes().pupil(info.class_id, learner=me)
        except (ClassesAway, *AWAY_ERRORS):
            stored = None
        kept = None if stored is None else round_from_json(stored.state, info.class_id,
                                                           info.work)
        if kept is not None:
            ss[state.K_ROUND] = kept
        state.say("info", state.refusal_text(refused))
        ss.pop(_REFUSED, None)
        ask_whole_page()  # the message is drawn at the page's top
        return
    if refused.refusal is Refusal.GONE and refused.values.get("pupil"):
        # the class is there, the pupil is not ("forget me" on the Progress page, perhaps
        # in another tab): say so, and let them join again with a name
        state.forget_pupil()
        state.say("error", _("You are no longer in this class: your name and answers in it "
                             "were deleted with “Forget me” on My progress. To go on, join "
                             "it again."))
        ask_whole_page()  # the name box and the message
        return
    if refused.refusal is Refusal.GONE:
        joined = ss.get(state.K_CLASS)
        state.forget_pupil()
        ss[_GONE] = joined.code if isinstance(joined, ClassInfo) else None
        state.say("error", state.refusal_text(refused))
        ask_whole_page()  # the join box and the message
        return
    ss[_REFUSED] = state.refusal_text(refused)


def _on_check() -> None:
    ss = st.session_state
    r = _round()
    if not r.open:
        return
    if r.in_quiz:
        after, fb = r.answer_quiz(given_values(_question(r.at).fields, KEYS), now=clock())
        if after is r:
            ss[state.K_NOTICE] = (fb.headline if fb.partial
                                  else _("Choose or type an answer first, then press Check."))
            return
    else:
        after, _found = r.answer_stage(_stage_value(r.task(r.at)), now=clock())
        if after is r:
            ss[state.K_NOTICE] = _("Choose or type an answer first, then press Check.")
            return
    _store_step(r, after)


def _on_puzzle(cards: tuple[Card, ...]) -> None:
    """The cards tapped on the open puzzle: judged and stored (once)."""
    r = _round()
    after, _right = r.answer_puzzle(cards, now=clock())
    if after is not r:
        _store_step(r, after)


def _on_skip() -> None:
    r = _round()
    if r.open:
        _store_step(r, r.skip(now=clock()))


def _on_next() -> None:
    ss = st.session_state
    after = _round().next()
    try:
        classes().save_state(_pupil(), after.to_json())
    except ClassRefused as refused:
        _refused(refused)
        return
    except (ClassesAway, *AWAY_ERRORS):
        pass  # the round goes on in this session; the next answer stores the state
    ss[state.K_ROUND] = after


# --------------------------------------------------------------------------- joining


def _enter(raw: str, code: str | None) -> ClassInfo | None:
    """The class of the link's code (``raw``, ``code`` once normalised) for this session:
    the pupil resumed when this learner joined it; None, with a message, when it cannot be
    used (the store counts a wrong code against this browser and that code)."""
    ss = st.session_state
    joined = ss.get(state.K_CLASS)
    if isinstance(joined, ClassInfo) and joined.code == code and state.K_ROUND in ss:
        return joined
    state.forget_pupil()
    if code is not None and ss.pop(_GONE, None) == code:
        return None  # its class has just gone: said above, nothing more to look up
    found = ss.get(_FOUND)
    me = learner()
    try:
        if not (isinstance(found, ClassInfo) and found.code == code):
            found = classes().find(raw, client=client(), network=network())
            ss[_FOUND] = found
        pupil = None if me is None else classes().pupil(found.class_id, learner=me)
    except ClassRefused as refused:
        ss.pop(_FOUND, None)
        st.error(state.refusal_text(refused, typed=raw), icon=":material/block:")
        return None
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return None
    if pupil is not None:
        _adopt(found, pupil)
    return found


def _adopt(info: ClassInfo, pupil: Pupil) -> None:
    ss = st.session_state
    r = round_from_json(pupil.state, info.class_id, info.work)
    ss[state.K_CLASS] = info
    ss[state.K_PUPIL] = pupil
    ss[state.K_ROUND] = r if r is not None else new_round(info.class_id, info.work,
                                                          now=clock())
    ss.pop(_FOUND, None)


def _on_join() -> None:
    ss = st.session_state
    info = ss.get(_FOUND)
    me = learner()
    if not isinstance(info, ClassInfo) or me is None:
        return
    name = ss.get(state.K_NAME, "")
    held = 0.0
    while True:
        try:
            pupil = classes().join(info.code, name, learner=me, client=client(),
                                   network=network())
        except ClassRefused as refused:
            wait = float(refused.values.get("seconds", refused.retry_after))
            if refused.refusal is Refusal.BUSY and held + wait <= JOIN_HOLD_S:
                wait += random.uniform(0.0, 0.1)  # the ones that waited together, spread
                held += wait  # a class arriving together: wait our turn
                time.sleep(wait)
                continue
            ss[_REFUSED] = state.refusal_text(refused, typed=name)
            return
        except (ClassesAway, *AWAY_ERRORS):
            ss[_REFUSED] = state.outage_text()
            return
        break
    ss.pop(_REFUSED, None)
    _adopt(info, pupil)


def _join_form(info: ClassInfo) -> None:
    # TRANSLATORS: {name} is the class's name, as its teacher typed it.
    st.subheader(_("Join the class {name}", name=md_quote(info.name)), anchor=False)
    if info.closed:
        st.info(state.refusal_text(ClassRefused(Refusal.CLOSED)), icon=":material/lock:")
        return
    with st.form("class_join", border=True):
        # No max_chars: Streamlit's box ignores a longer paste without a word; a name
        # too long is refused in words by the server, never shortened.
        st.text_input(_("Your name (at most {n} characters)", n=NAME_MAX), key=state.K_NAME,
                      placeholder=_("as your teacher will see it"),
                      help=_("Your teacher sees this name beside your answers."))
        st.form_submit_button(_("Join"), type="primary", on_click=_on_join, key="class_join_as")
    refused = st.session_state.pop(_REFUSED, None)
    if refused:
        st.error(refused, icon=":material/block:")


def _typed_code(typed: str) -> str:
    """What a pupil typed in the code box, or the code of the pupils' link pasted there
    (``…/class?join=K7QM2P``)."""
    found = re.search(rf"[?&]{state.JOIN_PARAM}=([^&#\s]*)", typed)
    return unquote(found.group(1)) if found else typed.strip()


def _on_code() -> None:
    typed = _typed_code(str(st.session_state.get(state.K_CODE_TYPED) or ""))
    if typed:
        st.query_params[state.JOIN_PARAM] = typed


def join_box() -> None:
    """"Join a class": type the code your teacher gives."""
    with st.form("class_code", border=True):
        st.markdown(_("#### Join a class"))
        # No max_chars: Streamlit's box ignores a longer paste without a word (the pupils'
        # link pasted here is read for its code; anything else is refused in words).
        st.text_input(_("Class code"), key=state.K_CODE_TYPED,
                      placeholder=_("6 letters and digits"))
        st.form_submit_button(_("Join"), type="primary", on_click=_on_code,
                              key="class_join_code")


# --------------------------------------------------------------------------- the round


def _quiz_position(r: ClassRound) -> None:
    q = _question(r.at)
    fb = None if r.open else r.quiz_feedback(r.at)
    # TRANSLATORS: the question's family, kind and level, then the rules preset.
    st.caption(_("{group} · {kind} · {level} · rules: {preset}", group=q.group,
                 kind=q.title, level=level_title(q.level), preset=preset_label(q.rules)))
    question_body(q, width=CARD_WIDTH, reveal=fb is not None,
                  skip=hand_cards(q) if r.open else ())
    if r.open:
        answer_box(q.fields, KEYS, on_check=_on_check, on_skip=_on_skip,
                   notice=st.session_state.get(state.K_NOTICE))
    elif fb is None:
        st.info(_("Skipped."))
    else:
        given(fb)
        feedback(fb)


def _stage_position(r: ClassRound) -> None:
    task = r.task(r.at)
    picks = r.open and task.answer_kind in ("cards", "card")
    stage_body(task, width=CARD_WIDTH, reveal=not r.open, hide_pick=picks)
    if r.open:
        answer_box(_stage_fields(task), KEYS, on_check=_on_check, on_skip=_on_skip,
                   notice=st.session_state.get(state.K_NOTICE),
                   max_cards=1 if task.answer_kind == "card" else task.count)
        return
    found = r.stage_check(r.at)
    if found is None:
        st.info(_("Skipped."))
        return
    checked, value = found
    if checked.right:
        st.success(_("Right!"), icon=":material/check_circle:")
    else:
        st.error(_("Not quite: your answer was {answer}.",
                   answer=md_escape(_given_text(task, value))), icon=":material/cancel:")
    stage_explanation(task)


def _puzzle_position(r: ClassRound) -> None:
    pz = r.puzzle(r.at)
    st.caption(item_title(r, r.at))
    puzzle_body(pz, reveal=False)
    ask(pz, _on_puzzle, done=not r.open, keys="class_puzzle", button="class_puzzle_go")
    if r.open:
        st.button(_("Skip"), key="class_puzzle_skip", on_click=_on_skip)
        return
    cards = r.puzzle_given(r.at)
    if cards is None:
        st.info(_("Skipped."))
    elif r.outcome(r.at) == "right":
        st.success(_("Right!"), icon=":material/check_circle:")
    else:
        st.error(_("Not quite: your answer was {answer}.", answer=md_escape(
            _(", ").join(card_name(c) for c in cards))), icon=":material/cancel:")
    the_answer(pz)


def _given_text(task: Task, value: object) -> str:
    fields = _stage_fields(task)
    f = fields[0]
    if isinstance(value, Card):
        return f.text(frozenset((str(value),)))
    if isinstance(value, frozenset):
        return f.text(frozenset(str(c) for c in value))
    return f.text(value if isinstance(value, (str, int)) else None)


def _end(r: ClassRound) -> None:
    right, _wrong, skipped = r.counts()
    st.subheader(_("Your results"), anchor=False)
    cols = st.columns(4)
    with cols[0]:
        st.metric(_("Score"), _("{right} / {asked}", right=right, asked=r.length))
    with cols[1]:
        st.metric(_("Accuracy"), _("{percent}%", percent=round(100 * right / r.length)
                                   if r.length else 0))
    with cols[2]:
        seconds = None if r.finished is None else max(0, int(r.finished - r.started))
        st.metric(_("Time"), time_text(seconds))
    with cols[3]:
        st.metric(_("Skipped"), skipped)
    per: dict[str, list[int]] = {}
    for pos in range(r.length):
        outcome = r.outcome(pos)
        if outcome is not None:
            counts = per.setdefault(r.kind(pos), [0, 0, 0])
            counts[("right", "wrong", "skipped").index(outcome)] += 1
    st.markdown(kinds_table({k: (a, b, c) for k, (a, b, c) in per.items()}, title=kind_label))
    st.caption(_("Your answers are with your teacher, who sees the whole class's results."))
    missed = [pos for pos in range(r.length) if r.outcome(pos) != "right"]
    if not missed:
        st.success(_("Every answer right: a perfect round!"), icon=":material/star:")
    for pos in missed:
        with st.container(border=True, key=f"class_missed_{pos}"):
            st.markdown(f"**{md_escape(item_title(r, pos))}**")
            if pos < r.quiz_length:
                q = _round().question(pos)
                question_body(q, width=CARD_WIDTH, reveal=True)
                fb = r.quiz_feedback(pos)
                if fb is not None:
                    given(fb)
                st.success(_("Answer: {answer}", answer=q.answer),
                           icon=":material/check_circle:")
                explanation(q.explanation)
            elif pos >= r.puzzles_from:
                puzzle_body(r.puzzle(pos), reveal=True)
            else:
                task = r.task(pos)
                stage_body(task, width=CARD_WIDTH, reveal=True, hide_pick=False)
                stage_explanation(task)


@st.fragment
def _round_part() -> None:
    """The round, rerun alone on a pupil's every change, tap, Check and Next (the page's
    frame is not drawn again for them); the whole page when a step changed more than the
    round (:func:`ui.fragments.ask_whole_page`: the class gone, a message for the page's
    top)."""
    ss = st.session_state
    whole_page_if_asked(also=state.K_ROUND not in ss)
    _round_view(ss[state.K_CLASS])


def _round_view(info: ClassInfo) -> None:
    ss = st.session_state
    r = _round()
    pupil = _pupil()
    # TRANSLATORS: {name} is the class's name, as its teacher typed it.
    st.subheader(_("Class {name}", name=md_quote(info.name)), anchor=False)
    # TRANSLATORS: {name} is the pupil's own name as typed (shown as plain text).
    st.text(_("You are {name}, pupil number {number}.", name=f"\u2068{pupil.name}\u2069",
              number=pupil.number))
    if r.over:
        st.progress(1.0, text=_("Round over"))
        _end(r)
        return
    st.progress(r.position / r.length,
                text=_("Question {number} of {total}", number=r.at + 1, total=r.length))
    st.subheader(_("Question {number}", number=r.at + 1), anchor=False)
    if r.in_quiz:
        _quiz_position(r)
    elif r.at >= r.puzzles_from:
        _puzzle_position(r)
    else:
        _stage_position(r)
    refused = ss.get(_REFUSED)
    if refused:
        st.error(refused, icon=":material/block:")
    if not r.open:
        last = r.at == r.length - 1
        st.button(_("See your results →") if last else _("Next question →"),
                  key="class_next", on_click=_on_next, type="primary")


def pupil_view(raw: str) -> None:
    """The page for ``?join=CODE``: the class's round, or the name box to join it."""
    info = _enter(raw, normalise_code(raw))
    if info is None:
        join_box()
        return
    if state.K_ROUND not in st.session_state:
        _join_form(info)
        return
    if info.closed:
        st.info(state.refusal_text(ClassRefused(Refusal.CLOSED)), icon=":material/lock:")
    if live.pupil_live_running(_pupil()):
        live.pupil_live(info, _pupil())
        return
    _round_part()
    _live_watch(_pupil())


@st.fragment(run_every=live.REFRESH_S * 2)
def _live_watch(pupil: Pupil) -> None:
    """While the pupil works at their own pace: the live round's page as soon as the teacher
    starts one."""
    if live.pupil_live_running(pupil):
        st.rerun(scope="app")

"""A live round on the Class page: the teacher's controls, the big screen
(``/class?screen=TOKEN``) and each pupil's phone.

Sessions never talk to each other: every screen is a fragment that reads the round from the
database every :data:`REFRESH_S` seconds (:mod:`store.live`), so that a new question, the
lock and the reveal reach every phone and the big screen within that time, whichever replica
serves them. The countdown runs in each browser against the seconds the database says are
left. Only a browser that runs the class (its "My classes") drives; the big screen's token
shows, never drives; the teacher's key never reaches the big screen or a pupil.
"""

from __future__ import annotations

import functools
import html
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

import streamlit as st

from academy.live import MAX_SECONDS, MIN_SECONDS, Phase
from academy.quiz import Field, Question, check_answer
from store.class_values import ClassInfo, ClassRefused, Pupil, Refusal, TeacherAccess
from store.live import Action, LiveBoard, LiveRound, LiveStore, ScreenAccess, Standing
from ui.classroom import state
from ui.classroom.items import CARD_WIDTH, quiz_explanation
from ui.classroom.qr import qr_png
from ui.classroom.store import AWAY_ERRORS, ClassesAway, classes, learner
from ui.classroom.teacher import PAGE, pupils_link
from ui.classroom.work import ClassRound, new_round
from ui.components.copy_button import copy_button
from ui.components.live_keys import countdown
from ui.links import page_url
from ui.present.keys import present_keys
from ui.quiz.ask import AnswerKeys, answer_box, given_values, question_body
from ui.text import md_escape, md_quote
from words import _, format_number, language, ngettext

__all__ = [
    "REFRESH_S",
    "SCREEN_PARAM",
    "live_store",
    "pupil_live",
    "pupil_live_running",
    "screen_view",
    "teacher_panel",
]

REFRESH_S: Final = 1.0
"""How often every live screen reads the round (a change reaches it within this, plus a
rerun's time: within 2 s)."""

SCREEN_PARAM: Final = "screen"
SCREEN_CARD_WIDTH: Final = 130  # twelve cards in one row on a 1920 px projector
SEEN_EVERY_S: Final = 10.0  # a pupil's "I am here" written at most this often
_K_TOKEN: Final = "live_screen_token"  # the big screen's token, shown on the teacher's page
_K_SEEN: Final = "live_seen_at"
_K_DRAWN: Final = "live_drawn"  # the (phase, question) the pupil's phone shows
_K_TDRAWN: Final = "live_teacher_drawn"  # the (phase, question) the teacher's buttons act on
_K_SENT: Final = "live_sent"  # (class, question) -> (outcome, points) this session sent
_K_REFUSED: Final = "live_refused"
_K_NOTICE: Final = "live_notice"
_K_KEYS: Final = "live_keys"
_K_PLAN: Final = "live_plan"
F_SECONDS: Final = "live_f_seconds"
F_NICKNAMES: Final = "live_f_nicknames"
F_SCORES: Final = "live_f_scores"

_BIG_CSS: Final = """<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
header[data-testid="stHeader"], .st-key-pq_menu, [data-testid="stToolbar"],
[data-testid="stExpander"] { display: none !important; }
.block-container, [data-testid="stMainBlockContainer"] { max-width: 100% !important;
  padding-top: 1.5rem !important; }
.st-key-live_screen { font-size: 1.9rem; }
.st-key-live_screen [data-testid="stMarkdownContainer"] p,
.st-key-live_screen [data-testid="stMarkdownContainer"] li,
.st-key-live_screen [data-testid="stAlertContainer"] p,
.st-key-live_screen [data-testid="stCaptionContainer"] { font-size: 1.9rem !important;
  line-height: 1.35; }
.st-key-live_screen [data-testid="stMarkdownContainer"] h1 { font-size: 4.5rem !important; }
.st-key-live_screen [data-testid="stMarkdownContainer"] h2 { font-size: 3.2rem !important; }
.st-key-live_screen [data-testid="stMarkdownContainer"] h4 { font-size: 2.6rem !important; }
.st-key-live_screen [data-testid="stMarkdownContainer"] p.pq-live-code {
  font: 700 clamp(4rem, 9vw, 11rem)/1 ui-monospace, monospace !important;
  letter-spacing: .12em; margin: 0; }
.st-key-live_screen [data-testid="stMarkdownContainer"] p.pq-live-count {
  font-size: 4rem !important; font-weight: 700; margin: .5rem 0; }
.pq-bar { display: flex; align-items: center; gap: 1rem; margin: .4rem 0; font-size: 2rem; }
.st-key-live_screen [data-testid="stMarkdownContainer"] p.pq-standing {
  font-size: 3rem !important; font-weight: 700; margin: .6rem 0; }
.pq-rank { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 50%;
  background: #d0d0d0; margin-right: .4em; }
.pq-rank-1 { background: #f5c211; } .pq-rank-2 { background: #c0bfbc; }
.pq-rank-3 { background: #d08a4a; }
.pq-bar b { display: inline-block; height: 2.2rem; background: #1a5fb4; border-radius: .3rem; }
.pq-bar.pq-right b { background: #26a269; }
.pq-podium { display: flex; align-items: flex-end; justify-content: center; gap: 2rem;
  height: 62vh; margin: 1rem 0 0; }
.pq-step { display: flex; flex-direction: column; align-items: center; width: 22vw; }
.pq-step-who { font-size: 3.2rem; font-weight: 700; text-align: center; line-height: 1.15;
  overflow-wrap: anywhere; }
.pq-step-points { font-size: 2.4rem; margin: .2rem 0 .6rem; }
.pq-step-block { width: 100%; display: flex; justify-content: center; align-items: flex-start;
  border-radius: .8rem .8rem 0 0; color: #241f31; font-size: 6rem; font-weight: 800;
  line-height: 1.4; }
.pq-step-1 .pq-step-block { height: 32vh; background: #f5c211; }
.pq-step-2 .pq-step-block { height: 22vh; background: #c0bfbc; }
.pq-step-3 .pq-step-block { height: 14vh; background: #d08a4a; }
@media (prefers-reduced-motion: no-preference) {
  .pq-step { animation: pq-rise .5s ease-out both; }
  .pq-step-2 { animation-delay: .2s; } .pq-step-1 { animation-delay: .4s; }
  @keyframes pq-rise { from { opacity: 0; transform: translateY(3rem); } }
}
</style>"""

_BUTTON_CSS: Final = """<style>
.st-key-live_drive button { font-size: 1.5rem; min-height: 4rem; padding: 0 2rem; }
.st-key-live_keys_box { display: none; }
</style>"""


def live_store() -> LiveStore:
    return LiveStore(classes())


def _plan(info: ClassInfo) -> ClassRound:
    """The class's questions (the same for every pupil), kept for the session's runs."""
    cached = st.session_state.get(_K_PLAN)
    if isinstance(cached, tuple) and cached[0] == info.class_id:
        plan: ClassRound = cached[1]
        return plan
    plan = new_round(info.class_id, info.work, now=0.0)
    st.session_state[_K_PLAN] = (info.class_id, plan)
    return plan


def _question(info: ClassInfo, k: int) -> Question:
    key = (info.class_id, k, language())
    cached = st.session_state.get("live_q")
    if isinstance(cached, tuple) and cached[0] == key:
        q: Question = cached[1]
        return q
    q = _plan(info).question(k)
    st.session_state["live_q"] = (key, q)
    return q


def _total(info: ClassInfo) -> int:
    """A live round asks the class's quiz questions."""
    return _plan(info).quiz_length


def _phase_text(r: LiveRound, total: int) -> str:
    n = r.question + 1
    return {
        Phase.LOBBY: _("Waiting for the pupils to join"),
        Phase.QUESTION: _("Question {n} of {total}: answers open", n=n, total=total),
        Phase.LOCKED: _("Question {n} of {total}: answers locked", n=n, total=total),
        Phase.REVEAL: _("Question {n} of {total}: the answer", n=n, total=total),
        Phase.LEADERBOARD: _("Leaderboard after question {n}", n=n),
        Phase.PODIUM: _("The podium"),
    }[r.phase]


def _who(s: Standing, nicknames: bool) -> str:
    """A pupil on a leaderboard, as HTML: their name (inert text) when the teacher allows
    nicknames, else their number."""
    if nicknames:
        return html.escape(s.name)
    # TRANSLATORS: a pupil on the big screen's leaderboard when names are not shown.
    return _("Pupil {number}", number=s.number)


def _answer_text(q: Question, given: Mapping[str, Any]) -> str:
    """An answer as stored, in words (each field's value as the question names it)."""
    parts = []
    for f in q.fields:
        value = given.get(f.key)
        if isinstance(value, list):
            value = frozenset(str(v) for v in value)
        if value is None or isinstance(value, (str, int, frozenset)):
            parts.append(f.text(value))
    return " · ".join(parts) or _("no answer")


def _distribution(board: LiveBoard, q: Question, *, reveal: bool) -> None:
    """How the class answered: a bar an answer given (the right ones green once revealed),
    then those who gave none."""
    top = max([n for _g, _o, n in board.distribution] + [1])
    lines = []
    for given, outcome, n in board.distribution[:8]:
        right = reveal and outcome == "right"
        mark = " ✓" if right else ""
        width = max(4, round(60 * n / top))
        lines.append(f'<div class="pq-bar{" pq-right" if right else ""}">'
                     f'<b style="width:{width}%"></b><span>{n} · '
                     f'{md_escape(_answer_text(q, given))}{mark}</span></div>')
    st.markdown("".join(lines), unsafe_allow_html=True)
    st.markdown(ngettext("{n} pupil gave no answer.", "{n} pupils gave no answer.",
                         board.unanswered))


# --------------------------------------------------------------------------- the teacher


def _access() -> TeacherAccess | None:
    found = st.session_state.get(state.K_ACCESS)
    return found if isinstance(found, TeacherAccess) else None


def _on_start(info: ClassInfo) -> None:
    access = _access()
    if access is None:
        return
    ss = st.session_state
    _done, token = state.attempt(lambda: live_store().start(
        access, seconds=int(ss.get(F_SECONDS, 20)), nicknames=bool(ss.get(F_NICKNAMES)),
        scores=bool(ss.get(F_SCORES, True))))
    if token is not None:
        ss[_K_TOKEN] = token


def _on_step(action: Action, total: int, seen: tuple[Phase, int]) -> None:
    access = _access()
    if access is None:
        return
    state.attempt(lambda: live_store().step(access, action, total=total, seen=seen))


def _on_new_screen() -> None:
    access = _access()
    if access is not None:
        _done, token = state.attempt(lambda: live_store().new_screen(access))
        if token is not None:
            st.session_state[_K_TOKEN] = token


def _on_revoke() -> None:
    access = _access()
    if access is not None:
        state.attempt(lambda: live_store().revoke_screen(access))
        st.session_state.pop(_K_TOKEN, None)


def _on_stop() -> None:
    access = _access()
    if access is not None:
        state.attempt(lambda: live_store().stop(access))
        st.session_state.pop(_K_TOKEN, None)


def teacher_panel(info: ClassInfo) -> None:
    """The dashboard's "Live round": start one (time allowed, nicknames, scores), then the
    big screen's link and the round driven live (:func:`_drive`)."""
    st.subheader(_("Live round"), anchor=False)
    if _total(info) == 0:
        st.caption(_("A live round asks the class's quiz questions, and this class has none."))
        return
    access = _access()
    if access is None:
        return
    try:
        r = live_store().round_for(access)
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return
    if r is None:
        st.caption(_("You take the class through the questions one at a time, shown big on "
                     "the projector; the pupils answer on their phones against the clock."))
        st.slider(_("Seconds to answer each question"), MIN_SECONDS, MAX_SECONDS, 20, step=5,
                  key=F_SECONDS)
        st.toggle(_("Show the pupils' names on the big screen"), key=F_NICKNAMES)
        st.toggle(_("Keep scores: a leaderboard after each question and a podium"),
                  value=True, key=F_SCORES)
        st.button(_("Start a live round"), type="primary", key="live_start",
                  on_click=_on_start, args=(info,), icon=":material/play_arrow:")
        return
    _screen_link()
    _drive(info)
    _drive_watch()


def _screen_link() -> None:
    token = st.session_state.get(_K_TOKEN)
    if isinstance(token, str):
        link = page_url(PAGE, {SCREEN_PARAM: token})
        st.markdown(_("Open the big screen on the computer that drives the projector: it "
                      "shows the round and cannot change it."))
        with st.container(key="live_screen_link"):
            st.code(link, language=None, wrap_lines=True)
        copy_button("live_screen_copy", link, target="live_screen_link")
    with st.container(horizontal=True, gap="small"):
        st.button(_("New big-screen link"), key="live_new_screen", on_click=_on_new_screen,
                  icon=":material/cast:",
                  help=_("The big screen's earlier link shows nothing any more."))
        st.button(_("Revoke the big-screen link"), key="live_revoke", on_click=_on_revoke,
                  icon=":material/cancel_presentation:")
        st.button(_("End the live round"), key="live_stop", on_click=_on_stop,
                  icon=":material/stop:")


def _teacher_board() -> LiveBoard | None:
    """The board for the teacher's page (None: drawn as a message, or no round: the page
    is asked to run whole again)."""
    access = _access()
    if access is None:
        st.rerun(scope="app")
    try:
        board = live_store().board(access)
    except ClassRefused:
        return None
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return None
    if board is None:
        st.rerun(scope="app")
    return board


@st.fragment
def _drive(info: ClassInfo) -> None:
    """The screen the round is on and the teacher's big buttons and keys (→ next, ← back,
    R reveal). Not on a timer: a button's press is never delivered to a second, timed run
    (:func:`_drive_watch` reads the round every second and asks for the whole page when it
    moved on)."""
    total = _total(info)
    board = _teacher_board()
    if board is None:
        return
    r = board.round
    seen = (r.phase, r.question)  # a press acts on the screen it was made on, once
    st.session_state[_K_TDRAWN] = seen
    st.html(_BUTTON_CSS)
    st.markdown(f"#### {_phase_text(r, total)}")
    with st.container(horizontal=True, gap="medium", key="live_drive"):
        st.button(_("← Back"), key="live_back", on_click=_on_step, args=("back", total, seen),
                  disabled=r.phase in (Phase.LOBBY, Phase.QUESTION))
        st.button(_("Reveal (R)"), key="live_reveal", on_click=_on_step,
                  args=("reveal", total, seen),
                  disabled=r.phase not in (Phase.QUESTION, Phase.LOCKED))
        st.button(_("Next →"), key="live_next", type="primary", on_click=_on_step,
                  args=("next", total, seen), disabled=r.phase is Phase.PODIUM)
    st.caption(_("Keys: → next, ← back, R reveal (when no control has the focus)."))
    # the Lab's presentation keys: → ← R (Page Down, Page Up) with no control focused
    present_keys(_K_KEYS, "live_drive", lambda action: _on_step(action, total, seen))


@st.fragment(run_every=REFRESH_S)
def _drive_watch() -> None:
    """The counts and the countdown, read every second; the whole page when the round moved
    on (the deadline passed, every pupil answered, another tab of the teacher stepped)."""
    board = _teacher_board()
    if board is None:
        return
    r = board.round
    if (r.phase, r.question) != st.session_state.get(_K_TDRAWN):
        st.rerun(scope="app")
    if r.phase is Phase.QUESTION:
        countdown("live_t_count", r.remaining, label=_("Seconds left: {n}", n="{n}"),
                  size_rem=2.5)
    if r.phase in (Phase.QUESTION, Phase.LOCKED, Phase.REVEAL):
        st.markdown(_("{answered} of {joined} pupils answered · {right} right",
                      answered=board.answered, joined=board.joined, right=board.right))
    else:
        st.markdown(ngettext("{n} pupil joined", "{n} pupils joined", board.joined))


# --------------------------------------------------------------------------- the big screen


def screen_view(token: str) -> None:
    """The big screen: no sidebar, no menu, everything large; the round read every second."""
    st.html(_BIG_CSS)
    try:
        screen = live_store().screen(token)
    except ClassRefused:
        st.error(_("This big-screen link shows nothing: the teacher made a new one or "
                   "revoked it, or the live round ended."), icon=":material/cast:")
        return
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return
    _screen_part(screen)


@st.fragment(run_every=REFRESH_S)
def _screen_part(screen: ScreenAccess) -> None:
    try:
        board = live_store().board(screen)
        info = live_store().info(screen)
    except ClassRefused:
        st.rerun(scope="app")
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return
    assert board is not None
    r = board.round
    total = _total(info)
    with st.container(key="live_screen"):
        if r.phase is Phase.LOBBY:
            _lobby(info, board, screen)
        elif r.phase in (Phase.QUESTION, Phase.LOCKED, Phase.REVEAL):
            _screen_question(info, board, total)
        else:
            _standings(board, podium=r.phase is Phase.PODIUM)


def _lobby(info: ClassInfo, board: LiveBoard, screen: ScreenAccess) -> None:
    st.markdown(f"# {md_quote(info.name)}")
    if info.closed:
        st.markdown(_("The class is closed."))
        return
    link = pupils_link(info)
    left, right = st.columns([3, 2], gap="large", vertical_alignment="center")
    with left:
        st.markdown(_("Join at the Class page with the code"))
        st.markdown(f'<p class="pq-live-code">{info.code}</p>', unsafe_allow_html=True)
        joined = ngettext("{n} pupil joined", "{n} pupils joined", board.joined)
        st.markdown(f'<p class="pq-live-count">{joined}</p>', unsafe_allow_html=True)
        if board.round.nicknames and board.joined:
            st.markdown(" · ".join(md_escape(n) for n in live_store().names(screen)))
    with right:
        st.image(qr_png(link, scale=14), width=520, caption=_("Scan to join"))


def _screen_question(info: ClassInfo, board: LiveBoard, total: int) -> None:
    r = board.round
    q = _question(info, r.question)
    head, clock = st.columns([5, 1], vertical_alignment="center")
    with head:
        st.markdown(f"## {_phase_text(r, total)}")
    with clock:
        if r.phase is Phase.QUESTION:
            countdown("live_s_count", r.remaining, label=_("Seconds left: {n}", n="{n}"),
                      size_rem=5)
    reveal = r.phase is Phase.REVEAL
    question_body(q, width=SCREEN_CARD_WIDTH, reveal=reveal)
    count = _("{answered} of {joined} answered", answered=board.answered, joined=board.joined)
    if r.phase is Phase.QUESTION:
        st.markdown(f'<p class="pq-live-count">{count}</p>', unsafe_allow_html=True)
        return
    # how the class answered beside the answer and why: the screen whole on a projector
    answers, why = st.columns([2, 3], gap="large")
    with answers:
        st.markdown(f'<p class="pq-live-count">{count}</p>', unsafe_allow_html=True)
        _distribution(board, q, reveal=reveal)
    if reveal:
        with why:
            quiz_explanation(q)


def _standings(board: LiveBoard, *, podium: bool) -> None:
    r = board.round
    if not r.scores:
        st.markdown(f"# {_('Well played, everyone!')}")
        return
    st.markdown(f"# {_('The podium') if podium else _('Leaderboard')}")
    if podium:
        st.markdown(_podium_html(board.standings[:3], nicknames=r.nicknames),
                    unsafe_allow_html=True)
        return
    for s in board.standings[:8]:
        gained = f" (+{s.last})"
        medal = f" pq-rank-{s.rank}" if s.rank <= 3 else ""
        st.markdown(f'<p class="pq-standing"><span class="pq-rank{medal}">{s.rank}</span> '
                    f'{_who(s, r.nicknames)} · {s.points}{gained}</p>',
                    unsafe_allow_html=True)


def _podium_html(top: Sequence[Standing], *, nicknames: bool) -> str:
    """The podium: the first three on steps, the first in the middle and highest, the second
    on its left, the third on its right (a tie shares the rank, each on a step of its own;
    the steps rise one after another unless the user asks for less motion)."""
    steps = []
    for place in (2, 1, 3):
        if place > len(top):
            continue
        s = top[place - 1]
        points = format_number(s.points)
        steps.append(f'<div class="pq-step pq-step-{place}" role="listitem">'
                     f'<div class="pq-step-who">{_who(s, nicknames)}</div>'
                     f'<div class="pq-step-points">{points}</div>'
                     f'<div class="pq-step-block" aria-label="{html.escape(_rank_words(s))}">'
                     f'{s.rank}</div></div>')
    return f'<div class="pq-podium" role="list">{"".join(steps)}</div>'


def _rank_words(s: Standing) -> str:
    # TRANSLATORS: the place on the podium, said by a screen reader.
    return _("Place {n}", n=s.rank)


# --------------------------------------------------------------------------- the pupils


def pupil_live_running(pupil: Pupil) -> bool:
    """Whether the pupil's class runs a live round now (then the pupil's page is the live
    one)."""
    try:
        return live_store().round_for(pupil) is not None
    except (ClassesAway, *AWAY_ERRORS):
        return False


def _sent() -> dict[tuple[str, int], tuple[str, int]]:
    found = st.session_state.setdefault(_K_SENT, {})
    assert isinstance(found, dict)
    return found


def _widget(pupil: Pupil, k: int) -> AnswerKeys:
    return AnswerKeys("live", lambda f: f"live_a_{pupil.pupil_id}_{k}_{f.key}")


def _on_send(info: ClassInfo, pupil: Pupil, k: int) -> None:
    ss = st.session_state
    q = _question(info, k)
    values = given_values(q.fields, _widget(pupil, k))
    fb = check_answer(q, values)
    if fb.partial or not fb.answered:
        ss[_K_NOTICE] = _("Choose or type an answer first, then press Check.")
        return
    me = learner()
    ss.pop(_K_NOTICE, None)
    try:
        if me is None:
            raise ClassRefused(Refusal.GONE)
        points = live_store().answer(pupil, learner=me, question=k,
                                     outcome="right" if fb.correct else "wrong",
                                     given=_json(values, q.fields))
    except ClassRefused as refused:
        ss[_K_REFUSED] = state.refusal_text(refused)
        if refused.refusal is Refusal.ALREADY_ANSWERED:
            mine = live_store().my_answer(pupil, k)
            if mine is not None:
                _sent()[(pupil.class_id, k)] = mine
        return
    except (ClassesAway, *AWAY_ERRORS):
        ss[_K_REFUSED] = state.outage_text()
        return
    ss.pop(_K_REFUSED, None)
    _sent()[(pupil.class_id, k)] = ("right" if fb.correct else "wrong", points)


def _json(values: Mapping[str, object], fields: tuple[Field, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields:
        v = values.get(f.key)
        if isinstance(v, (list, tuple, set, frozenset)):
            out[f.key] = sorted(str(x) for x in v)
        elif isinstance(v, float) and v.is_integer():
            out[f.key] = int(v)
        elif v is None or isinstance(v, (str, int)):
            out[f.key] = v
    return out


def pupil_live(info: ClassInfo, pupil: Pupil) -> None:
    """A pupil's phone during a live round: the screen the round is on (the lobby, the
    question and its answer box, the lock, the reveal, the pupil's points), drawn again when
    the round moves on. A light poll (:func:`_phone_watch`: one read a second, nothing drawn)
    notices the move; the phone's own fragment reruns alone on the pupil's Check."""
    _phone(info, pupil)
    _phone_watch(pupil)


def _read_as(pupil: Pupil) -> LiveRound | None:
    """The round as the pupil's page reads it; the pupil marked present (every
    :data:`SEEN_EVERY_S` at most)."""
    ss = st.session_state
    r = live_store().round_for(pupil)
    now = time.monotonic()
    if r is not None and now - float(ss.get(_K_SEEN, -1e9)) >= SEEN_EVERY_S:
        live_store().seen(pupil)
        ss[_K_SEEN] = now
    return r


@st.fragment(run_every=REFRESH_S)
def _phone_watch(pupil: Pupil) -> None:
    try:
        r = _read_as(pupil)
    except (ClassesAway, *AWAY_ERRORS):
        return
    if (None if r is None else (r.phase, r.question)) != st.session_state.get(_K_DRAWN):
        st.rerun(scope="app")


@st.fragment
def _phone(info: ClassInfo, pupil: Pupil) -> None:
    ss = st.session_state
    try:
        r = _read_as(pupil)
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return
    if r is None:
        st.rerun(scope="app")
    ss[_K_DRAWN] = (r.phase, r.question)
    k = r.question
    # TRANSLATORS: {name} is the pupil's own name as typed (shown as plain text).
    st.text(_("You are {name}, pupil number {number}.", name=f"\u2068{pupil.name}\u2069",
              number=pupil.number))
    mine = _sent().get((pupil.class_id, k))
    if mine is None and r.phase is not Phase.LOBBY and k <= r.asked:
        found = live_store().my_answer(pupil, k)
        if found is not None:
            _sent()[(pupil.class_id, k)] = mine = found
    with st.container(key="live_phone"):
        if r.phase is Phase.LOBBY:
            st.subheader(_("You are in! The round starts soon: watch the big screen."),
                         anchor=False)
        elif r.phase is Phase.QUESTION:
            _phone_question(info, pupil, r, mine)
        elif r.phase in (Phase.LOCKED, Phase.REVEAL):
            _phone_after(info, r, mine)
        else:
            _phone_points(pupil, r)
    refused = ss.get(_K_REFUSED)
    if refused:
        st.error(refused, icon=":material/block:")


def _phone_question(info: ClassInfo, pupil: Pupil, r: LiveRound,
                    mine: tuple[str, int] | None) -> None:
    k = r.question
    head, clock = st.columns([4, 1], vertical_alignment="center")
    with head:
        st.subheader(_("Question {number}", number=k + 1), anchor=False)
    with clock:
        countdown("live_p_count", r.remaining, label=_("Seconds left: {n}", n="{n}"), size_rem=2)
    if mine is not None:
        st.info(_("Answer sent. Watch the big screen for the answer."), icon=":material/send:")
        return
    q = _question(info, k)
    question_body(q, width=CARD_WIDTH, reveal=False)
    answer_box(q.fields, _widget(pupil, k), on_check=functools.partial(_on_send, info, pupil, k),
               on_skip=None, notice=st.session_state.get(_K_NOTICE))


def _phone_after(info: ClassInfo, r: LiveRound, mine: tuple[str, int] | None) -> None:
    st.subheader(_("Question {number}", number=r.question + 1), anchor=False)
    if r.phase is Phase.LOCKED:
        st.info(_("Answers are locked. The answer is coming on the big screen."),
                icon=":material/lock:")
        if mine is None:
            st.caption(_("You gave no answer to this question: it counts as unanswered."))
        else:
            st.caption(_("Your answer is in."))
        return
    if mine is None:
        st.warning(_("You gave no answer to this question: it counts as unanswered."),
                   icon=":material/hourglass_empty:")
    elif mine[0] == "right":
        st.success(_("Right! You score {n}.", n=mine[1]),
                   icon=":material/check_circle:")
    else:
        st.error(_("Not this time: 0 points."), icon=":material/cancel:")
    q = _question(info, r.question)
    st.markdown(_("Answer: {answer}", answer=q.answer))


def _phone_points(pupil: Pupil, r: LiveRound) -> None:
    if not r.scores:
        st.subheader(_("Well played, everyone!"), anchor=False)
        return
    try:
        mine = live_store().standing(pupil)
    except (ClassesAway, *AWAY_ERRORS):
        return
    if mine is None:
        return
    st.subheader(_("Your score: {n}", n=mine.points), anchor=False)
    st.markdown(_("Your place: {rank}", rank=mine.rank))

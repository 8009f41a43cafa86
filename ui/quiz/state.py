"""The quiz page's state: the round in progress (:class:`academy.quiz.rounds.Round`), kept in
``st.session_state`` and in the progress store, so that a reload opens the same question.

Every session key starts with ``quiz_``. The round is a value; each step (a check, a skip,
Next) replaces it and is saved (``ui.storage``): ``round_started`` with its first answer (a
visit, or a change of level or length, starts no round), ``answer_given`` and
``item_seen("quiz_kind", kind, right=...)`` for each answer or skip, ``round_finished`` at
its end, and the round's state (``round_state``) after every answer and Next.
When the page opens in a new session, the learner's latest round comes back (from
``ui.storage.latest_round``) if it is still in progress (or ended less than an hour ago)
and the link does not ask for another one.

The links: ``?seed=`` (a seeded round, the same for everyone), ``?level=``, ``?n=`` (5, 10
or 20 questions); the frame's ``?rules=``. A bad value gives a notice and a fallback.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from typing import Final, TypeVar, cast

import streamlit as st

from academy.quiz import (
    DEFAULT_LENGTH,
    LEVELS,
    ROUND_LENGTHS,
    Feedback,
    Kind,
    Level,
    Question,
    Round,
    level_title,
    parse_length,
    parse_level,
    parse_seed,
    round_from_json,
)
from academy.quiz.rounds import (
    KINDS_BY_NAME,
    adaptive_kinds,
    misses_kinds,
    misses_round,
    random_round,
    seeded_round,
)
from piquet.rules import PRESETS
from ui import storage
from ui.fragments import ask_whole_page
from ui.settings import RULES_KEY, current_rules
from ui.text import md_quote
from words import _, language

K_ROUND: Final = "quiz_round"
K_LEVEL: Final = "quiz_level"
K_LEVEL_PICK: Final = "quiz_level_pick"
K_LENGTH: Final = "quiz_length"
K_LENGTH_PICK: Final = "quiz_length_pick"
K_FEEDBACK: Final = "quiz_feedback"
K_NOTICES: Final = "quiz_notices"
K_CHECK_NOTICE: Final = "quiz_check_notice"
K_TEACHER: Final = "quiz_teacher"
K_REVEAL: Final = "quiz_reveal"
K_CACHE: Final = "quiz_cache"
K_MISSES: Final = "quiz_session_misses"
K_HISTORY_OPEN: Final = "quiz_history_open"  # the history panel's state (open: read, drawn)
#: The learner's stored history the page read (misses, totals, rounds), name -> value: kept
#: for the round's fragment runs; forgotten when the page runs whole and after a write.
K_READS: Final = "quiz_reads"
DEFAULT_LEVEL: Final[Level] = "beginner"
ITEM_KIND: Final = "quiz_kind"
PRACTISE_PARAM: Final = "practise"
#: A round that ended less than this long ago comes back (its end screen) on a reload.
KEEP_ENDED_S: Final = 3600.0

T = TypeVar("T")

clock: Callable[[], float] = time.time
"""The moments of a round (seconds since the epoch); a test may replace it."""


def _new_seed() -> str:
    return str(random.SystemRandom().randrange(100_000, 1_000_000))


def _new_id() -> str:
    return secrets.token_hex(8)


def _shown(raw: object) -> str:
    return md_quote(raw, 24)  # a link's value in a notice: shown, never read as Markdown


def rules_name() -> str:
    """The frame's preset; if the frame's selector has not run (a page opened on its own),
    the link's ``?rules=``, so that a shared round stays the same."""
    if st.session_state.get(RULES_KEY):
        return current_rules().name
    raw = st.query_params.get(RULES_KEY)
    return raw if raw in PRESETS else current_rules().name


def current() -> Round:
    r: Round = st.session_state[K_ROUND]
    return r


def read(name: str, query: Callable[[], T]) -> T:
    """``query()`` (a read of the progress store), kept under ``name`` until :func:`fresh_reads`:
    a tap or a change in the round's fragment does not ask the database again."""
    memo: dict[str, object] = st.session_state.setdefault(K_READS, {})
    if name not in memo:
        memo[name] = query()
    return cast(T, memo[name])


def fresh_reads() -> None:
    """The next :func:`read` asks the database: the page runs whole, or the learner's
    history changed (an answer saved, a round begun)."""
    st.session_state.pop(K_READS, None)


def notices() -> list[str]:
    found: list[str] = st.session_state.setdefault(K_NOTICES, [])
    return found


# --------------------------------------------------------------------------- saving


def _save(r: Round) -> None:
    st.session_state[K_ROUND] = r
    storage.round_state(r.round_id, r.to_json())


def _begin(r: Round) -> None:
    """A new round on screen. Nothing is saved yet: a round begins with its first answer
    (:func:`_record`), so a visit, or a change of level or length, leaves no round behind."""
    ss = st.session_state
    ss[K_ROUND] = r
    ss[K_FEEDBACK] = None
    ss[K_REVEAL] = False
    ss.pop(K_CHECK_NOTICE, None)
    ask_whole_page()  # the URL's seed, the page's top


def _saved(r: Round, step: Callable[[], None]) -> None:
    """Make ``step``'s writes in one transaction. If they were refused because this learner
    chose "forget me" in another tab (this session then took a new learner), the round ``r``
    (on screen, as before the step) is started for the new learner and the step made again:
    what is done from now on is kept afresh, so the new learner's history holds this round
    from this step on and a reload resumes it."""
    before = storage.learner()
    with storage.together():
        step()
    if before is None or storage.learner() in (None, before):
        return
    with storage.together():
        storage.round_started(r.round_id, r.length, level=r.level, seed=r.seed)
        step()


def _kind_stats() -> dict[str, tuple[int, int]]:
    """The learner's quiz history per kind as (asked, missed)."""
    return {k: (t.right + t.wrong + t.skipped, t.wrong + t.skipped)
            for k, t in read("kind_totals", storage.kind_totals).items()}


def start_seeded(seed: str) -> None:
    ss = st.session_state
    _begin(seeded_round(_new_id(), seed, ss[K_LEVEL], rules_name(), ss[K_LENGTH], now=clock()))


def start_random() -> None:
    """An unseeded round; the kinds the learner missed most come more often."""
    ss = st.session_state
    level: Level = ss[K_LEVEL]
    stats = _kind_stats()
    seed = _new_seed()
    # the kinds drawn from the round's own seed: the same seed and history, the same round
    rng = random.Random(f"kinds:{seed}")
    kinds = adaptive_kinds(rng, level, ss[K_LENGTH], stats) if stats else None
    _begin(random_round(_new_id(), seed, level, rules_name(), ss[K_LENGTH],
                        now=clock(), kinds=kinds))


def restart_like(r: Round) -> None:
    """A new round after a change of level, length or preset: seeded with the same seed, or
    a new random one."""
    if r.seeded:
        start_seeded(r.seed)
    else:
        start_random()


def misses_to_practise() -> list[str]:
    """The quiz kinds of "practise my misses" (the one list, :meth:`store.progress.Store.
    misses`), shakiest first. While the store cannot say (no learner yet, or the database
    away), the kinds missed in this session."""
    found = [p.item for p in read("misses", lambda: storage.misses([ITEM_KIND]))]
    if not found and (storage.learner() is None or not storage.saving()):
        found = list(st.session_state.get(K_MISSES, []))
    return found


# --------------------------------------------------------------------------- opening


def _stored_round() -> Round | None:
    found = storage.latest_round()
    if found is None:
        return None
    state, finished = found
    r = round_from_json(state)
    if r is None or r.rules != rules_name():
        return None
    if finished is not None or r.finished is not None:
        ended = r.finished if r.finished is not None else clock()
        if clock() - ended > KEEP_ENDED_S:
            return None
    return r


def _link() -> tuple[str | None, Level | None, int | None]:
    """The link's seed, level and length; a bad value gets a notice (and is ignored)."""
    ss = st.session_state
    seed = level = length = None
    raw_level = st.query_params.get("level")
    if raw_level is not None:
        level = parse_level(raw_level)
        if level is None:
            notices().append(_("Unknown level “{given}” in the link; using {level}. Levels: "
                               "{levels}.", given=_shown(raw_level),
                               level=level_title(ss.get(K_LEVEL, DEFAULT_LEVEL)),
                               levels=_(", ").join(LEVELS)))
    raw_n = st.query_params.get("n")
    if raw_n is not None:
        length = parse_length(raw_n)
        if length is None:
            notices().append(_("A round of “{given}” questions is not offered; using {n}. "
                               "Choose {lengths}.", given=_shown(raw_n),
                               n=ss.get(K_LENGTH, DEFAULT_LENGTH),
                               lengths=_(", ").join(str(n) for n in ROUND_LENGTHS)))
    raw_seed = st.query_params.get("seed")
    if raw_seed is not None:
        seed = parse_seed(raw_seed)
        if seed is None:
            notices().append(_("The round code “{given}” in the link cannot be used (1 to 40 "
                               "letters, digits, - or _); here is a random round instead.",
                               given=_shown(raw_seed)))
            del st.query_params["seed"]
    return seed, level, length


def _practise_link() -> bool:
    """``?practise=1`` (the My progress page's links; ``&kind=`` for one kind): a round of
    the learner's misses. The parameters are dropped once followed; True if a round began."""
    raw = st.query_params.get(PRACTISE_PARAM)
    if raw is None:
        return False
    kind = st.query_params.get("kind")
    for name in (PRACTISE_PARAM, "kind"):
        if name in st.query_params:
            del st.query_params[name]
    if raw != "1":
        return False
    return start_misses(KINDS_BY_NAME.get(kind) if isinstance(kind, str) else None)


def _open() -> None:
    """The first run of the page in this session: the link's round, else the round kept."""
    ss = st.session_state
    seed, level, length = _link()
    stored = _stored_round()
    if stored is not None:
        ss[K_LEVEL] = stored.level
        if stored.mode == "quiz" and stored.length in ROUND_LENGTHS:
            ss[K_LENGTH] = stored.length
    ss[K_LEVEL] = level or ss.get(K_LEVEL, DEFAULT_LEVEL)
    ss[K_LENGTH] = length or ss.get(K_LENGTH, DEFAULT_LENGTH)
    if _practise_link():
        return
    if stored is not None and (
        (seed is None and level in (None, stored.level)
         and (length is None or stored.mode != "quiz" or length == stored.length))
        or (seed is not None and stored.seeded and stored.seed == seed
            and stored.level == ss[K_LEVEL] and stored.length == ss[K_LENGTH])):
        ss[K_ROUND] = stored
        ss[K_FEEDBACK] = None
        return
    if seed is not None:
        start_seeded(seed)
    else:
        start_random()


def sync() -> None:
    """Every run: open the page's round on its first run; follow a link that arrives later
    (another seed, level or length) and a change of preset; write the round's parameters
    back into the URL."""
    ss = st.session_state
    if not isinstance(ss.get(K_ROUND), Round):
        _open()
    else:
        seed, level, length = _link()
        r = current()
        changed = False
        if level is not None and level != ss[K_LEVEL]:
            ss[K_LEVEL], changed = level, True
        if length is not None and length != ss[K_LENGTH]:
            ss[K_LENGTH], changed = length, True
        if _practise_link():
            pass
        elif seed is not None and (not r.seeded or seed != r.seed):
            start_seeded(seed)
        elif changed or r.rules != rules_name():
            restart_like(r)
    r = current()
    ss[K_LEVEL_PICK] = ss[K_LEVEL]
    ss[K_LENGTH_PICK] = ss[K_LENGTH]
    if st.query_params.get("level") != ss[K_LEVEL]:
        st.query_params["level"] = ss[K_LEVEL]
    if st.query_params.get("n") != str(ss[K_LENGTH]):
        st.query_params["n"] = str(ss[K_LENGTH])
    if r.seeded:
        if st.query_params.get("seed") != r.seed:
            st.query_params["seed"] = r.seed
    elif "seed" in st.query_params:
        del st.query_params["seed"]


def question(position: int) -> Question:
    """The question at ``position`` of the round, generated in the current language (kept
    for the runs in that language)."""
    r = current()
    key = (r.round_id, position)
    cached = st.session_state.get(K_CACHE)
    lang = language()
    if cached is not None and cached[0] == key and cached[2] == lang:
        q: Question = cached[1]
        return q
    q = r.question(position)
    st.session_state[K_CACHE] = (key, q, lang)
    return q


def feedback() -> Feedback | None:
    """The feedback on screen: the check of the answer kept at the position on screen, made
    again in the language of this run (None while the question is open)."""
    r = current()
    fb = None if r.over else r.feedback(r.at)
    st.session_state[K_FEEDBACK] = fb
    return fb


# --------------------------------------------------------------------------- callbacks


def _record(before: Round, after: Round, teacher: bool) -> None:
    """Save the answer (or skip) ``after`` added to ``before``."""
    fresh_reads()
    given = after.answers[before.position]

    def record() -> None:  # one transaction: the answer, the item, the finish, the state
        if not before.answers:  # the first answer begins the round
            storage.round_started(before.round_id, before.length, level=before.level,
                                  seed=before.seed)
        storage.answer_given(after.round_id, before.position, given.kind, given.outcome)
        if not teacher:
            storage.item_seen(ITEM_KIND, given.kind, right=given.outcome == "right")
            if given.outcome != "right":
                misses: list[str] = st.session_state.setdefault(K_MISSES, [])
                if given.kind not in misses:
                    misses.append(given.kind)
        if after.finished is not None and before.finished is None:
            storage.round_finished(after.round_id)
        _save(after)

    _saved(before, record)


def on_check(values: dict[str, object]) -> None:
    """Check the answers given to the open question."""
    r = current()
    if not r.open:
        return
    after, fb = r.answer(values, now=clock())
    if after is r:
        st.session_state[K_CHECK_NOTICE] = (
            fb.headline if fb.partial
            else _("Choose or type an answer first, then press Check."))
        return
    st.session_state.pop(K_CHECK_NOTICE, None)
    _record(r, after, teacher=False)


def on_skip() -> None:
    r = current()
    if not r.open:
        return
    st.session_state.pop(K_CHECK_NOTICE, None)
    _record(r, r.skip(now=clock()), teacher=bool(st.session_state.get(K_TEACHER)))


def on_next() -> None:
    """Next: from the feedback to the next question; on an open question (teacher mode),
    the question is skipped."""
    r = current()
    st.session_state[K_REVEAL] = False
    if r.open:
        on_skip()
        return
    _save(r.next())


def on_reveal() -> None:
    st.session_state[K_REVEAL] = True


def on_level() -> None:
    ss = st.session_state
    picked = parse_level(ss.get(K_LEVEL_PICK))
    if picked is not None and picked != ss[K_LEVEL]:
        ss[K_LEVEL] = picked
        st.query_params["level"] = picked
        restart_like(current())


def on_length() -> None:
    ss = st.session_state
    picked = parse_length(ss.get(K_LENGTH_PICK))
    if picked is not None and picked != ss[K_LENGTH]:
        ss[K_LENGTH] = picked
        st.query_params["n"] = str(picked)
        restart_like(current())


def on_new() -> None:
    """A new random round (a seeded link's seed is left)."""
    if "seed" in st.query_params:
        del st.query_params["seed"]
    start_random()


def on_again() -> None:
    """The same kind of round again: a seeded round's seed, else a new random round."""
    restart_like(current())


def on_review() -> None:
    review = current().review(_new_id(), now=clock())
    if review is not None:
        if "seed" in st.query_params:
            del st.query_params["seed"]
        _begin(review)


def start_misses(kind: Kind | None = None) -> bool:
    """A round of the kinds missed, due first (of ``kind`` alone when given); False, with a
    notice, when there is nothing to practise."""
    ss = st.session_state
    ss.setdefault(K_LEVEL, DEFAULT_LEVEL)
    ss.setdefault(K_LENGTH, DEFAULT_LENGTH)
    kinds = misses_kinds([kind] if kind is not None else misses_to_practise(), [],
                         ss[K_LENGTH])
    if not kinds:
        notices().append(_("No misses to practise yet: answer a few questions first."))
        ask_whole_page()  # the notice is drawn at the page's top
        return False
    if "seed" in st.query_params:
        del st.query_params["seed"]
    _begin(misses_round(_new_id(), _new_seed(), ss[K_LEVEL], rules_name(), kinds, now=clock()))
    return True


def on_misses() -> None:
    """A round of the kinds missed, due first."""
    start_misses()

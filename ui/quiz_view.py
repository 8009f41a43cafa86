"""The quiz page's Streamlit side: the quiz state (seed, level, question number, score), the
question with its cards and answer widgets, and the feedback built by ``academy.quiz``.

Every session key starts with ``quiz_``. The question itself is regenerated on each run
from (seed, level, preset, number), which is what makes a seeded quiz the same for every
pupil; only in an unseeded quiz is the kind of each question chosen from the learner's
misses (and remembered, so that reruns show the same question).

Every text is the text layer's, in the language of the run: the question is generated in it
(its facts do not depend on the language, so another language gives the same question in
other words), the options are ids whose labels are rendered when drawn, and the feedback is
the check of the answers kept (ids and numbers), made again in the language of the run.
"""

from __future__ import annotations

import html
import random
from typing import Any, Final

import streamlit as st

from academy.quiz import (
    LEVELS,
    Feedback,
    Field,
    Kind,
    Level,
    Question,
    check_answer,
    generate_question,
    kind_title,
    level_title,
    parse_level,
    parse_seed,
    pick_kind,
)
from piquet.cards import Card
from piquet.rules import PRESETS
from ui.cards import card_label, show_cards
from ui.dialogue import dialogue_html
from ui.links import page_url
from ui.scroll import scroll_to_top
from ui.settings import RULES_KEY, current_rules, four_colour, preset_label
from ui.style import inject_css
from words import _, language

K_SEED: Final = "quiz_seed"
K_SEEDED: Final = "quiz_seeded"
K_LEVEL: Final = "quiz_level"
K_LEVEL_PICK: Final = "quiz_level_pick"
K_N: Final = "quiz_n"
K_ROUND: Final = "quiz_round"
K_IDENTITY: Final = "quiz_identity"
K_FEEDBACK: Final = "quiz_feedback"
K_GIVEN: Final = "quiz_given"
K_REVEAL: Final = "quiz_reveal"
K_STATS: Final = "quiz_stats"
K_TOTALS: Final = "quiz_totals"
K_KINDS: Final = "quiz_kinds"
K_NOTICES: Final = "quiz_notices"
K_CHECK_NOTICE: Final = "quiz_check_notice"
K_TEACHER: Final = "quiz_teacher"
K_CACHE: Final = "quiz_cache"
DEFAULT_LEVEL: Final[Level] = "beginner"
CARD_WIDTH: Final = 60
BIG_CARD_WIDTH: Final = 110


# --------------------------------------------------------------------------- state


def _new_seed() -> str:
    return str(random.SystemRandom().randrange(100_000, 1_000_000))


def _init_state() -> None:
    ss = st.session_state
    if K_SEED not in ss:
        ss[K_SEED] = _new_seed()
        ss[K_SEEDED] = False
    ss.setdefault(K_LEVEL, DEFAULT_LEVEL)
    ss.setdefault(K_N, 0)
    ss.setdefault(K_ROUND, 0)
    ss.setdefault(K_STATS, {})
    ss.setdefault(K_TOTALS, {"asked": 0, "right": 0, "streak": 0, "best": 0})
    ss.setdefault(K_KINDS, {})
    ss.setdefault(K_NOTICES, [])


def _restart() -> None:
    """A new quiz (seed, level or preset changed): back to question 1. Scores are kept."""
    ss = st.session_state
    ss[K_N] = 0
    ss[K_ROUND] = ss.get(K_ROUND, 0) + 1
    ss[K_FEEDBACK] = None
    ss[K_GIVEN] = None
    ss[K_REVEAL] = False


def _shown(raw: object) -> str:
    text = str(raw)
    text = text if len(text) <= 24 else text[:24] + "…"
    return html.escape(text).replace("[", "(").replace("]", ")").replace("`", "'")


def sync_params() -> None:
    """Read ``?seed=`` and ``?level=`` (a deep link may arrive at any run); bad values give a
    notice and fall back. Then write the quiz's own parameters back into the URL."""
    ss = st.session_state
    notices: list[str] = ss[K_NOTICES]
    raw_level = st.query_params.get("level")
    if raw_level is not None:
        level = parse_level(raw_level)
        if level is None:
            notices.append(_("Unknown level “{given}” in the link; using {level}. Levels: "
                             "{levels}.", given=_shown(raw_level),
                             level=level_title(ss[K_LEVEL]), levels=_(", ").join(LEVELS)))
        elif level != ss[K_LEVEL]:
            ss[K_LEVEL] = level
            _restart()
    raw_seed = st.query_params.get("seed")
    if raw_seed is not None:
        seed = parse_seed(raw_seed)
        if seed is None:
            notices.append(_("The seed “{given}” in the link cannot be used (1 to 40 letters, "
                             "digits, - or _); here is a random quiz instead.",
                             given=_shown(raw_seed)))
            ss[K_SEEDED] = False
        elif seed != ss[K_SEED] or not ss[K_SEEDED]:
            ss[K_SEED] = seed
            ss[K_SEEDED] = True
            _restart()
    ss[K_LEVEL_PICK] = ss[K_LEVEL]
    # The page's own parameters; ?rules= is bound by the frame.
    if st.query_params.get("level") != ss[K_LEVEL]:
        st.query_params["level"] = ss[K_LEVEL]
    if ss[K_SEEDED]:
        if st.query_params.get("seed") != ss[K_SEED]:
            st.query_params["seed"] = ss[K_SEED]
    elif "seed" in st.query_params:
        del st.query_params["seed"]


def _rules_name() -> str:
    """The frame's preset; if the frame's selector has not run (a page opened on its own),
    the link's ``?rules=``, so that a shared quiz stays the same."""
    if st.session_state.get(RULES_KEY):
        return current_rules().name
    raw = st.query_params.get(RULES_KEY)
    return raw if raw in PRESETS else current_rules().name


def _check_identity() -> tuple[str, Level, str]:
    ss = st.session_state
    ident = (str(ss[K_SEED]), parse_level(ss[K_LEVEL]) or DEFAULT_LEVEL, _rules_name())
    if ss.get(K_IDENTITY) != ident:
        if ss.get(K_IDENTITY) is not None:
            _restart()
        ss[K_IDENTITY] = ident
    return ident


def _stats_for_pick() -> dict[str, tuple[int, int]]:
    return {k: (v[0], v[0] - v[1]) for k, v in st.session_state[K_STATS].items()}


def current_question() -> Question:
    """The question on screen: from (seed, level, preset, number); unseeded, the kind is
    chosen once from the learner's misses and remembered. Generated in the current language
    (kept for the runs in that language)."""
    ss = st.session_state
    seed, level, rules = _check_identity()
    n = int(ss[K_N])
    key = (seed, level, rules, n, bool(ss[K_SEEDED]))
    cached = ss.get(K_CACHE)
    lang = language()
    if cached is not None and cached[0] == key and cached[2] == lang:
        q: Question = cached[1]
        return q
    if ss[K_SEEDED]:
        q = generate_question(seed, n, level, rules)
    else:
        kinds: dict[tuple[Any, ...], Kind] = ss[K_KINDS]
        if key not in kinds:
            kinds[key] = pick_kind(random.Random(), level, _stats_for_pick())
        q = generate_question(seed, n, level, rules, kind=kinds[key])
    ss[K_CACHE] = (key, q, lang)
    return q


def _token() -> str:
    return f"{st.session_state[K_ROUND]}_{st.session_state[K_N]}"


def _widget_key(field: Field) -> str:
    return f"quiz_a{_token()}_{field.key}"


# --------------------------------------------------------------------------- callbacks


def _on_level() -> None:
    picked = parse_level(st.session_state.get(K_LEVEL_PICK))
    if picked is not None and picked != st.session_state[K_LEVEL]:
        st.session_state[K_LEVEL] = picked
        st.query_params["level"] = picked
        _restart()


def _on_check(q: Question) -> None:
    ss = st.session_state
    if ss.get(K_FEEDBACK) is not None:
        return
    answers = {f.key: ss.get(_widget_key(f)) for f in q.fields}
    fb = check_answer(q, answers)
    if all(r.given is None for r in fb.results):
        ss[K_CHECK_NOTICE] = True
        return
    ss[K_FEEDBACK] = fb
    ss[K_GIVEN] = answers
    stats: dict[str, list[int]] = ss[K_STATS]
    row = stats.setdefault(q.kind, [0, 0])
    row[0] += 1
    totals: dict[str, int] = ss[K_TOTALS]
    totals["asked"] += 1
    if fb.correct:
        row[1] += 1
        totals["right"] += 1
        totals["streak"] += 1
        totals["best"] = max(totals["best"], totals["streak"])
    else:
        totals["streak"] = 0


def _on_next() -> None:
    ss = st.session_state
    ss[K_N] = int(ss[K_N]) + 1
    ss[K_FEEDBACK] = None
    ss[K_GIVEN] = None
    ss[K_REVEAL] = False


def _on_reveal() -> None:
    st.session_state[K_REVEAL] = True


def _on_new_quiz() -> None:
    ss = st.session_state
    ss[K_SEED] = _new_seed()
    ss[K_SEEDED] = False
    if "seed" in st.query_params:
        del st.query_params["seed"]
    _restart()


# --------------------------------------------------------------------------- drawing


def _rows(q: Question, *, width: int, reveal: bool) -> None:
    fc = four_colour()
    for row in q.rows:
        st.markdown(f"**{row.label}**")
        show_cards(row.cards, width=width if len(row.cards) > 1 else width + 10,
                   highlight=row.highlight if reveal else frozenset(), four_colour=fc)


def _dialogue(q: Question) -> None:
    if not q.dialogue:
        return
    st.markdown(dialogue_html(q.dialogue), unsafe_allow_html=True)


def _widget(field: Field, key: str) -> None:
    fc = four_colour()
    if field.widget == "choice":
        st.radio(field.label, field.options, index=None, key=key, horizontal=True,
                 format_func=field.option_text)
    elif field.widget == "number":
        st.number_input(field.label, min_value=0, max_value=999, value=None, step=1, key=key,
                        placeholder=_("type a number"))
    elif field.widget == "cards":
        st.pills(field.label, field.options, selection_mode="multi", key=key,
                 format_func=lambda code: card_label(Card.of(code), fc))
    else:
        st.pills(field.label, field.options, selection_mode="multi", key=key,
                 format_func=field.option_text)


def _given(fb: Feedback) -> None:
    """The learner's answer, once checked (the form is gone: one try per question)."""
    # TRANSLATORS: one field of the learner's answer: "Point: **5 cards**".
    parts = [_("{field}: **{answer}**", field=r.field.label, answer=r.given_text)
             for r in fb.results]
    st.markdown(_("Your answer — {answers}", answers=" · ".join(parts)))


def _answer_form(q: Question) -> None:
    with st.form(key=f"quiz_form_{_token()}", border=True, enter_to_submit=False):
        numbers = [f for f in q.fields if f.widget == "number"]
        others = [f for f in q.fields if f.widget != "number"]
        for f in others:
            _widget(f, _widget_key(f))
        if numbers:
            cols = st.columns(len(numbers))
            for col, f in zip(cols, numbers, strict=True):
                with col:
                    _widget(f, _widget_key(f))
        st.form_submit_button(_("Check"), type="primary", key="quiz_check",
                              on_click=_on_check, args=(q,))
    if st.session_state.pop(K_CHECK_NOTICE, False):
        st.warning(_("Choose or type an answer first, then press Check."),
                   icon=":material/edit:")


def _feedback(fb: Feedback) -> None:
    if fb.correct:
        st.success(fb.headline, icon=":material/check_circle:")
    else:
        st.error(fb.headline, icon=":material/cancel:")
    if fb.missed:
        right = _(", ").join(r.field.label for r in fb.results if r.ok)
        items = [f"- {line}" for line in fb.missed]
        if right:
            items.append(_("- Claimed correctly: {fields}.", fields=right))
        st.warning(_("**What you missed**\n\n{items}", items="\n".join(items)),
                   icon=":material/search:")
    elif len(fb.results) > 1:
        lines = []
        for r in fb.results:
            if r.ok:
                lines.append(_("- :green[:material/check:] **{field}**: {answer}",
                               field=r.field.label, answer=r.given_text))
            else:
                lines.append(_("- :red[:material/close:] **{field}**: you said {answer}; the "
                               "answer is **{expected}**", field=r.field.label,
                               answer=r.given_text, expected=r.expected_text))
        st.markdown("\n".join(lines))
    _explanation(fb.explanation)


def _explanation(lines: tuple[str, ...]) -> None:
    st.markdown(_("**Why**  \n{items}", items="\n".join(f"- {line}" for line in lines)))
    st.caption(_("The highlighted cards are the ones behind the answer."))


def _teacher_panel(q: Question) -> None:
    for f in q.fields:
        label = html.escape(f.label)
        if f.widget in ("choice", "multi"):
            # TRANSLATORS: a question's field and its options, for the teacher's panel.
            st.markdown(_("**{field}** — {options}", field=label, options=" · ".join(
                html.escape(f.option_text(o)) for o in f.options)))
        else:
            st.markdown(f"**{label}**")
    if not st.session_state.get(K_REVEAL):
        st.button(_("Show answer"), key="quiz_show_answer", on_click=_on_reveal, type="primary")
        return
    st.success(_("Answer: {answer}", answer=q.answer))
    _explanation(q.explanation)


def _score_panel() -> None:
    totals: dict[str, int] = st.session_state[K_TOTALS]
    asked, right = totals["asked"], totals["right"]
    st.metric(_("Score"), _("{right} / {asked}", right=right, asked=asked))
    st.metric(_("Streak"), totals["streak"], help=_("Best streak: {best}", best=totals["best"]))
    st.metric(_("Accuracy"),
              _("{percent}%", percent=round(100 * right / asked)) if asked else "—")
    stats: dict[str, list[int]] = st.session_state[K_STATS]
    if stats:
        rows = [_("| Kind | Right |"), "|---|---|"]
        for kind, (n, ok) in sorted(stats.items(), key=lambda kv: kv[1][1] / kv[1][0]):
            rows.append(f"| {kind_title(kind)} | {ok}/{n} |")
        st.markdown("\n".join(rows))


def _share(seed: str, level: str, rules: str) -> None:
    link = page_url("/quiz", {"seed": seed, "level": level, "rules": rules})
    st.markdown(_("**Share this quiz**: everyone who opens this link gets the same questions."))
    st.code(link, language=None, wrap_lines=True)


def quiz_page() -> None:
    """The whole quiz page."""
    inject_css()  # the frame does it too; harmless twice, needed if the page runs on its own
    _init_state()
    sync_params()
    ss = st.session_state
    st.title(_("Quiz"))
    st.caption(_("Questions dealt from random hands, checked and explained by the rules engine."))
    notices: list[str] = ss[K_NOTICES]
    for note in notices:
        st.warning(note)
    notices.clear()

    # a wrapping row: each control keeps its natural width on narrow screens
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        st.segmented_control(
            _("Level"), LEVELS, key=K_LEVEL_PICK, required=True,
            format_func=level_title, on_change=_on_level, width="content",
            help=_("Beginner: one hand, one category. Intermediate: comparisons, tricks, the "
                   "partie. Expert: full comparisons, reckoning order, rules presets. Mix: all."))
        st.toggle(_("Teacher mode"), key=K_TEACHER, width="content",
                  help=_("Big cards for a projector; the answer on demand."))
        st.button(_("New random quiz"), key="quiz_new", on_click=_on_new_quiz, width="content")

    q = current_question()
    seed, level, rules = ss[K_IDENTITY]
    # a new question (Next, a new quiz, another level or preset) opens at its top
    scroll_to_top("quiz", token=f"{ss[K_ROUND]}_{ss[K_N]}")
    teacher = bool(ss.get(K_TEACHER))
    fb: Feedback | None = ss.get(K_FEEDBACK)
    given = ss.get(K_GIVEN)
    if fb is not None and given is not None:
        # the check made again: its words in the language of this run
        fb = ss[K_FEEDBACK] = check_answer(q, given)
    reveal = fb is not None or (teacher and bool(ss.get(K_REVEAL)))

    main, side = st.columns([4, 1.2], gap="large")
    with main:
        st.subheader(_("Question {number}", number=ss[K_N] + 1))
        # TRANSLATORS: the question's family, kind and level, then the rules preset.
        st.caption(_("{group} · {kind} · {level} · rules: {preset}", group=q.group,
                     kind=q.title, level=level_title(q.level), preset=preset_label(rules)))
        st.markdown(f"#### {q.prompt}")
        for line in q.context:
            st.markdown(line)
        _dialogue(q)
        _rows(q, width=BIG_CARD_WIDTH if teacher else CARD_WIDTH, reveal=reveal)
        if teacher:
            _teacher_panel(q)
        elif fb is None:
            _answer_form(q)
        else:
            _given(fb)
            _feedback(fb)
        st.button(_("Next question →"), key="quiz_next", on_click=_on_next,
                  type="primary" if (fb is not None or reveal) else "secondary")
    with side:
        _score_panel()
        if ss[K_SEEDED]:
            st.caption(_("Seeded quiz {seed}: the same questions for everyone.", seed=seed))
        else:
            st.caption(_("Random quiz: the kinds you miss most come back more often."))
        _share(seed, level, rules)

"""Model-based test of the quiz page's rounds: random sequences of what a pupil or a teacher
does — answer right, wrong, anything or in part, Check with nothing, Skip, Next, finish,
review my misses, another round, practise my misses, a new round, change the level, the
length or the preset, follow a seeded link, teacher mode and Show answer, go to another page
and come back, and reload (a new AppTest over the same SQLite store and learner, with or
without the link) — driven through AppTest.

After every step the page is read back and compared with what this test computes itself from
``academy.quiz`` (``generate_question``, ``check_answer``) and the answers it gave: the
question shown (prompt, caption, card rows, the cards behind the answer once answered), the
progress bar, the round's score, the feedback; on the end screen the score, the accuracy, the
time taken (the page's clock is the test's), the skipped count, the results per kind, the
questions to look at again and "review my misses"; the quiz history per kind kept in the store
and the rounds finished; "practise my misses" (the kinds this test's own FSRS cards, from
``store.spacing``, have not learnt again); the rounds stored (a round begins with its first
answer: a visit, a new round, a change of level, length or preset, or a reload stores none);
the link. Nothing here comes from ``ui/``. Bounded and derandomised here; ``make soak`` runs
it long (``tests/model_settings.py``).
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from dataclasses import dataclass, field
from typing import Any

from apptest import page_anchors
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from model_settings import model_settings
from sqlalchemy import func, select
from streamlit.testing.v1 import AppTest
from test_page_quiz import APP, QUIZ, TAPS, _sync_with_taps, as_learner

from academy.quiz import (
    KINDS,
    LEVELS,
    ROUND_LENGTHS,
    Feedback,
    Question,
    check_answer,
    generate_question,
    kind_title,
    level_title,
)
from piquet.cards import Card
from piquet.rules import PRESETS
from store import make_engine, schema, utc_now
from store.ids import learner_key, new_learner_id
from store.spacing import Review, State, review
from ui.quiz import state as quiz_state
from words.cards import card_name
from words.names import preset_name

SEEDS = ["7", "42", "class-3B", "99"]
_SVG = re.compile(r"<svg [^>]*aria-label=\"([^\"]+)\"")
_DB_DIR = tempfile.mkdtemp(prefix="piquet-quiz-model-")


def rows_shown(at: AppTest) -> list[tuple[str, list[str], set[str]]]:
    """The card rows in the question column: (label, card names, highlighted card names)."""
    out: list[tuple[str, list[str], set[str]]] = []
    label = ""
    for m in at.main.markdown:
        v = str(m.value)
        if v.startswith("**") and v.endswith("**") and "\n" not in v:
            label = v.strip("*")
        elif 'class="pq-cards' in v:
            names: list[str] = []
            lit: set[str] = set()
            for part in v.split("<svg ")[1:]:
                name = _SVG.search("<svg " + part)
                assert name is not None
                names.append(name.group(1))
                if "pq-highlight" in part:
                    lit.add(name.group(1))
            out.append((label, names, lit))
    return out


def metric(at: AppTest, label: str) -> str:
    return str(next(m.value for m in at.metric if m.label == label))


def time_text(seconds: int) -> str:
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


def table_rows(text: str) -> dict[str, list[int]]:
    return {line.split(" | ")[0].lstrip("| "): [int(x) for x in line.strip(" |").split(" | ")[1:]]
            for line in text.splitlines()[2:]}


@dataclass
class Model:
    """The round as this test knows it."""

    mode: str                       # "seeded", "random", "misses" or "review"
    length: int
    started: float
    seed: str = ""
    review_of: list[Question] = field(default_factory=list)
    asked: list[Question] = field(default_factory=list)     # the questions, by position
    outcomes: list[str] = field(default_factory=list)       # "right" / "wrong" / "skipped"
    given: list[dict[str, Any]] = field(default_factory=list)
    at: int = 0
    finished: float | None = None

    @property
    def over(self) -> bool:
        return self.at >= self.length


class QuizRounds(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self._env = {k: os.environ.get(k) for k in ("PIQUET_DATA_DIR", "PIQUET_DATABASE_URL")}
        os.environ["PIQUET_DATA_DIR"] = _DB_DIR
        os.environ.pop("PIQUET_DATABASE_URL", None)
        self._clock, self._sync = quiz_state.clock, quiz_state.sync
        self.now = 1_000_000.0
        quiz_state.clock = lambda: self.now
        # A random round's seed drawn by the page, the same for the same steps: which
        # question comes (and so which rules may run next) may not change between two
        # examples that share their first steps (hypothesis checks it).
        self._new_seed = quiz_state._new_seed
        seeds = iter(range(100_000, 1_000_000))
        quiz_state._new_seed = lambda: str(next(seeds))
        quiz_state.sync = _sync_with_taps
        TAPS.clear()
        self.learner = new_learner_id()      # a learner (and so a history) of its own
        self.level, self.n, self.rules = "beginner", 10, "britannica"
        self.teacher = self.revealed = False
        self.history: dict[str, list[int]] = {}
        self.finished_rounds = 0
        self.missed_kinds: set[str] = set()
        self.cards: dict[str, Review] = {}   # the learner's FSRS card of each kind
        #: the round a reload resumes: the latest with an answer, and its level and rules
        self.stored: tuple[Model, str, str] | None = None
        self.begun = 0                       # rounds begun (answered at least once)
        self.notice: str | None = None
        self.level, self.n = "beginner", 5
        self.at = self.open(seed="7", level="beginner", n="5")
        self.round = Model("seeded", 5, self.now, seed="7")

    def to_practise(self) -> set[str]:
        """The kinds "practise my misses" holds: missed, and not learnt again (missed at the
        last answer, or still in FSRS's learning steps; a kind learnt again is due in days,
        after this test)."""
        return {k for k in self.missed_kinds
                if not self.cards[k].last_right or self.cards[k].state is not State.REVIEW}

    def rounds_stored(self) -> int:
        engine = make_engine(f"sqlite:///{_DB_DIR}/progress.db")
        try:
            with engine.connect() as conn:
                return int(conn.scalar(
                    select(func.count()).select_from(schema.rounds)
                    .where(schema.rounds.c.learner == learner_key(self.learner))) or 0)
        finally:
            engine.dispose()

    def teardown(self) -> None:
        quiz_state.clock, quiz_state.sync = self._clock, self._sync
        quiz_state._new_seed = self._new_seed
        for k, v in self._env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    # ----------------------------------------------------------------------- driving

    def open(self, **params: str) -> AppTest:
        at = as_learner(AppTest.from_file(APP, default_timeout=90), self.learner)
        at.query_params["rules"] = self.rules
        at.session_state[quiz_state.K_HISTORY_OPEN] = True  # the history's panel opened
        at.run()
        at.switch_page(QUIZ)
        at.query_params.update(params)
        at.run()
        assert not at.exception, at.exception
        return at

    def run(self, step: str, seconds: int = 0) -> None:
        event(f"step: {step}")
        self.now += seconds
        self.at.run()
        assert not self.at.exception, self.at.exception

    def click(self, key: str, step: str, seconds: int = 0) -> None:
        self.at.button(key=key).click()
        self.run(step, seconds)

    def link(self) -> dict[str, str]:
        code = str(self.at.code[0].value)
        return dict(part.split("=", 1) for part in code.split("?", 1)[1].split("&"))

    def new_round(self, mode: str, seed: str = "", length: int | None = None) -> None:
        self.round = Model(mode, length or self.n, self.now, seed=seed)
        self.teacher_reveal_reset()
        self.notice = None

    def teacher_reveal_reset(self) -> None:
        self.revealed = False

    def restart_like(self) -> None:
        if self.round.mode == "seeded":
            self.new_round("seeded", self.round.seed)
        else:
            self.new_round("random")

    # ----------------------------------------------------------------------- the question

    def expected(self) -> Question:
        """The question at the round's position, from the engine."""
        r = self.round
        if r.at < len(r.asked):
            return r.asked[r.at]
        link = self.link()
        if r.mode == "review":
            q = r.review_of[r.at]
        elif r.mode == "seeded":
            q = generate_question(r.seed, r.at, self.level, self.rules)
        else:
            prompt = next(str(m.value) for m in self.at.main.markdown
                          if str(m.value).startswith("#### ")).removeprefix("#### ")
            found = [q for k in (None, *KINDS)
                     if (q := generate_question(link["seed"], r.at, self.level, self.rules,
                                                kind=k)).prompt == prompt]
            assert found, "the question shown is none the engine makes for this round"
            q = found[0]
        r.asked.append(q)
        return q

    def is_open(self) -> bool:
        r = self.round
        return not r.over and r.at == len(r.outcomes)

    def answering(self) -> bool:
        return self.is_open() and not self.teacher

    def keyed(self, name: str) -> str:
        r = self.at.session_state["quiz_round"]
        return f"quiz_a_{r.round_id}_{r.at}_{name}"

    def widget(self, name: str) -> Any:
        want = self.keyed(name)
        for group in (self.at.radio, self.at.number_input, self.at.pills):
            for w in group:
                if w.key == want:
                    return w
        raise AssertionError(f"no widget for {name}")

    # ----------------------------------------------------------------------- answering

    def _check(self, values: dict[str, Any], step: str) -> None:
        q = self.expected()
        for f in q.fields:
            if f.key not in values:
                continue
            if f.widget == "cards":
                TAPS.extend((self.keyed(f.key), Card.of(c)) for c in sorted(values[f.key]))
            else:
                v = values[f.key]
                self.widget(f.key).set_value(sorted(v) if isinstance(v, frozenset) else v)
        if TAPS:
            self.run("taps")
        given: dict[str, Any] = {}
        for f in q.fields:
            if f.widget == "cards":
                given[f.key] = sorted(values.get(f.key, frozenset()))
            else:
                given[f.key] = self.widget(f.key).value
        self.click("quiz_check", step, seconds=13)
        fb = check_answer(q, given)
        if fb.partial:
            self.notice = fb.headline
            event("answered in part")
            return
        if not fb.answered:
            self.notice = "Choose or type an answer first, then press Check."
            event("check without an answer")
            return
        self.notice = None
        self.record("right" if fb.correct else "wrong", q, given)
        event("right" if fb.correct else "wrong")

    def record(self, outcome: str, q: Question, given: dict[str, Any],
               teacher: bool = False) -> None:
        r = self.round
        r.outcomes.append(outcome)
        r.given.append(given)
        column = ("right", "wrong", "skipped").index(outcome)
        self.history.setdefault(q.kind, [0, 0, 0])[column] += 1
        if outcome != "right" and not teacher:
            self.missed_kinds.add(q.kind)
        if not teacher:
            self.cards[q.kind] = review(self.cards.get(q.kind), right=outcome == "right",
                                        now=utc_now())
        if len(r.outcomes) == 1:  # the first answer begins the round
            self.begun += 1
            self.stored = (r, self.level, self.rules)
        if len(r.outcomes) == r.length:
            r.finished = self.now
            self.finished_rounds += 1

    @precondition(lambda self: self.answering())
    @rule()
    def answer_right(self) -> None:
        self._check(dict(self.expected().correct), "answer_right")

    @precondition(lambda self: self.answering())
    @rule(picks=st.lists(st.tuples(st.sampled_from(["empty", "right", "any"]),
                                   st.integers(0, 2**16)), min_size=6, max_size=6))
    def answer_anything(self, picks: list[tuple[str, int]]) -> None:
        """Each field: left empty, right, or a value the widget allows."""
        values: dict[str, Any] = {}
        for f, (how, n) in zip(self.expected().fields, picks, strict=False):
            if how == "empty":
                continue
            if how == "right":
                values[f.key] = f.correct
            elif f.widget == "number":
                values[f.key] = n % 121
            elif f.widget == "choice":
                values[f.key] = f.options[n % len(f.options)]
            else:
                values[f.key] = frozenset(o for i, o in enumerate(f.options) if n >> i & 1)
        self._check(values, "answer_anything")

    @precondition(lambda self: self.answering() and len(self.expected().fields) > 1)
    @rule()
    def answer_in_part(self) -> None:
        first = self.expected().fields[0]
        self._check({first.key: first.correct}, "answer_in_part")

    @precondition(lambda self: self.answering())
    @rule()
    def skip(self) -> None:
        q = self.expected()
        self.click("quiz_skip", "skip", seconds=5)
        self.record("skipped", q, {})
        self.round.at += 1
        self.notice = None

    @precondition(lambda self: not self.round.over and (
        self.round.at < len(self.round.outcomes) or self.teacher))
    @rule()
    def next_question(self) -> None:
        q = self.expected()
        skipping = self.is_open()
        self.click("quiz_next", "next_question", seconds=2)
        if skipping:
            self.record("skipped", q, {}, teacher=True)
        self.round.at += 1
        self.revealed = False
        self.notice = None

    @precondition(lambda self: not self.round.over and not self.teacher)
    @rule(plan=st.lists(st.sampled_from("rws"), min_size=20, max_size=20))
    def play_to_the_end(self, plan: list[str]) -> None:
        """The rest of the round: each question right, wrong or skipped, then Next."""
        for how in plan:
            if self.round.over:
                break
            if not self.is_open():
                self.next_question()
            elif how == "s":
                self.skip()
            else:
                q = self.expected()
                wrong = {f.key: (f.correct + 1 if isinstance(f.correct, int)
                                 else next(o for o in f.options if o != f.correct)
                                 if f.widget == "choice"
                                 else frozenset(f.options) - f.correct)  # type: ignore[operator]
                         for f in q.fields}
                self._check(dict(q.correct) if how == "r" else wrong, "play_to_the_end")
                self.the_page_shows_what_the_answers_make()

    # ----------------------------------------------------------------------- rounds

    @precondition(lambda self: self.round.over
                  and any(o != "right" for o in self.round.outcomes))
    @rule()
    def review_my_misses(self) -> None:
        r = self.round
        missed = [r.asked[i] for i, o in enumerate(r.outcomes) if o != "right"]
        self.click("quiz_review", "review_my_misses")
        self.new_round("review", r.seed, length=len(missed))
        self.round.review_of = missed

    @precondition(lambda self: self.round.over)
    @rule()
    def another_round(self) -> None:
        self.click("quiz_again", "another_round")
        self.restart_like()

    @rule()
    def new_random_round(self) -> None:
        self.click("quiz_new", "new_random_round")
        self.new_round("random")

    @precondition(lambda self: bool(self.to_practise()))
    @rule()
    def practise_my_misses(self) -> None:
        self.click("quiz_misses", "practise_my_misses")
        self.new_round("misses")
        kinds = [s.kind for s in self.at.session_state["quiz_round"].slots]
        assert set(kinds) <= self.to_practise()

    @rule(seconds=st.integers(0, 300))
    def visit_without_answering(self, seconds: int) -> None:
        """Another tab opens the Quiz and goes away without answering: no round is stored,
        and this tab's round goes on."""
        event("visit without answering")
        self.now += seconds
        other = self.open()
        assert not other.exception

    @rule(level=st.sampled_from(LEVELS))
    def change_level(self, level: str) -> None:
        self.at.segmented_control(key="quiz_level_pick").set_value(level)
        self.run("change_level")
        if level != self.level:
            self.level = level
            self.restart_like()

    @rule(n=st.sampled_from(ROUND_LENGTHS))
    def change_length(self, n: int) -> None:
        self.at.segmented_control(key="quiz_length_pick").set_value(n)
        self.run("change_length")
        if n != self.n:
            self.n = n
            self.restart_like()

    @rule(name=st.sampled_from(list(PRESETS)))
    def change_preset(self, name: str) -> None:
        self.at.segmented_control(key="rules").set_value(name)
        self.run("change_preset")
        if name != self.rules:
            self.rules = name
            self.restart_like()

    @rule(seed=st.sampled_from(SEEDS), level=st.sampled_from(LEVELS),
          n=st.sampled_from(ROUND_LENGTHS))
    def open_seeded_link(self, seed: str, level: str, n: int) -> None:
        self.at.query_params.update({"seed": seed, "level": level, "n": str(n)})
        self.run("open_seeded_link")
        r = self.round
        if r.mode != "seeded" or r.seed != seed or level != self.level or n != self.n:
            self.level, self.n = level, n
            self.new_round("seeded", seed)

    @rule(with_link=st.booleans(), seconds=st.integers(0, 300))
    def reload(self, with_link: bool, seconds: int) -> None:
        """A new AppTest over the same store and learner: the same round, at the same place."""
        event("reload")
        self.now += seconds
        r = self.round
        linked = with_link and r.mode == "seeded"
        if linked:
            self.at = self.open(seed=r.seed, level=self.level, n=str(self.n))
        else:
            self.at = self.open()
        self.teacher = self.revealed = False
        self.notice = None
        # what comes back is the latest round begun (answered once), if its preset is the
        # page's and it did not end over an hour ago; an unanswered round was never stored
        kept = self.stored
        if kept is not None and (kept[2] != self.rules or (
                kept[0].finished is not None and self.now - kept[0].finished > 3600)):
            event("reload an hour after the end")
            kept = None
        if linked:
            if kept is not None and kept[0].mode == "seeded" and kept[0].seed == r.seed and (
                    kept[1], kept[0].length) == (self.level, self.n):
                self.round = kept[0]
            else:
                self.new_round("seeded", r.seed)
        elif kept is not None:
            event("reload: the latest round begun")
            self.round, self.level = kept[0], kept[1]
            # the length chosen is kept with a quiz round, not with a review or practice one
            self.n = kept[0].length if kept[0].mode in ("seeded", "random") else 10
        else:
            event("reload: nothing begun, a new round")
            self.level, self.n = "beginner", 10
            self.new_round("random")

    @rule(seconds=st.integers(0, 300))
    def away_and_back(self, seconds: int) -> None:
        """To the glossary by the menu and back (the browser drops the quiz's parameters on
        the way): the same round at the same question, teacher mode and a shown answer as
        they were."""
        self.at.switch_page("app_pages/glossary.py")
        self.run("away", seconds)
        for k in ("seed", "level", "n", "practise", "kind"):
            self.at.query_params.pop(k, None)
        self.at.switch_page(QUIZ)
        self.run("back")

    @rule(on=st.booleans())
    def teacher_mode(self, on: bool) -> None:
        self.at.toggle(key="quiz_teacher").set_value(on)
        self.run("teacher_mode")
        self.teacher = on

    # The model decides (never the page: a rule's precondition must not depend on what a run
    # of the page happens to show); the page must then offer the button.
    @precondition(lambda self: self.teacher and not self.round.over and not self.revealed)
    @rule()
    def show_answer(self) -> None:
        assert any(b.key == "quiz_show_answer" for b in self.at.button), "no Show answer"
        self.click("quiz_show_answer", "show_answer")
        self.revealed = True

    # ----------------------------------------------------------------------- the check

    @invariant()
    def the_page_shows_what_the_answers_make(self) -> None:
        at, r = self.at, self.round
        link = self.link()
        assert link["level"] == self.level and link["rules"] == self.rules
        assert link["n"] == str(self.n) == at.query_params["n"]
        if r.mode == "seeded":
            assert at.query_params["seed"] == r.seed == link["seed"]
        else:
            assert "seed" not in at.query_params
        right = r.outcomes.count("right")
        # the misses to practise, the quiz history and the rounds finished: from the store
        k = len(self.to_practise())
        assert next(b for b in at.button if b.key == "quiz_misses").disabled == (not k)
        captions = [str(c.value) for c in at.main.caption]
        if k:
            assert f"{k} miss{'es' if k > 1 else ''} to practise again." in captions
        else:
            assert any(c.startswith("Nothing to practise right now") for c in captions)
        labels = [e.proto.label for e in at.get("page_link")] + list(page_anchors(at))
        assert {lb for lb in labels if lb.startswith("Quiz: ")} == {
            f"Quiz: {kind_title(kd)}" for kd in self.to_practise()}
        assert self.rounds_stored() == self.begun
        tables = [str(m.value) for e in at.main.expander for m in e.markdown
                  if str(m.value).startswith("| Kind |")]
        if self.history:
            assert tables and table_rows(tables[0]) == {
                kind_title(kd): v for kd, v in self.history.items()}
            caps = [str(c.value) for e in at.main.expander for c in e.caption]
            n = self.finished_rounds
            assert f"{n} round{'s' if n != 1 else ''} finished." in caps
        else:
            assert not tables
        if r.over:
            self.check_end_screen()
            return
        q = self.expected()
        assert str(at.get("progress")[0].proto.text) == f"Question {r.at + 1} of {r.length}"
        assert f"Question {r.at + 1}" in [str(s.value) for s in at.main.subheader]
        caption = (f"{q.group} · {q.title} · {level_title(q.level)} · "
                   f"rules: {preset_name(self.rules)}")
        assert caption in [str(c.value) for c in at.main.caption]
        assert metric(at, "Score") == f"{right} / {len(r.outcomes)}"
        answered = r.at < len(r.outcomes)
        reveal = answered or (self.teacher and self.revealed)
        hand = {Card.of(o) for f in q.fields if f.widget == "cards" for o in f.options}
        want = [(row.label, [card_name(c) for c in row.cards],
                 {card_name(c) for c in row.highlight} if reveal else set()) for row in q.rows
                if not (hand and self.is_open() and not self.teacher and set(row.cards) == hand)]
        assert rows_shown(at) == want
        successes = [str(s.value) for s in at.main.success]
        errors = [str(e.value) for e in at.main.error]
        form = any(b.key == "quiz_check" for b in at.button)
        if self.teacher:
            assert not form
            if self.revealed:
                assert successes == [f"Answer: {q.answer}"]
        elif answered:
            assert not form
            fb: Feedback = check_answer(q, r.given[r.at])
            assert fb.correct == (r.outcomes[r.at] == "right")
            assert (successes, errors) == (([fb.headline], []) if fb.correct
                                           else ([], [fb.headline]))
        else:
            assert form and not successes and not errors
            warnings = [str(w.value) for w in at.main.warning]
            assert warnings == ([self.notice] if self.notice else [])

    def check_end_screen(self) -> None:
        at, r = self.at, self.round
        right, skipped = r.outcomes.count("right"), r.outcomes.count("skipped")
        assert "Your results" in [str(s.value) for s in at.main.subheader]
        assert str(at.get("progress")[0].proto.text) == (
            f"Round over: {r.length} question{'s' if r.length > 1 else ''}")
        assert metric(at, "Score") == f"{right} / {r.length}"
        assert metric(at, "Accuracy") == f"{round(100 * right / r.length)}%"
        assert r.finished is not None
        assert metric(at, "Time") == time_text(math.floor(r.finished - r.started))
        assert metric(at, "Skipped") == str(skipped)
        per: dict[str, list[int]] = {}
        for q, o in zip(r.asked, r.outcomes, strict=True):
            per.setdefault(q.title, [0, 0, 0])[("right", "wrong", "skipped").index(o)] += 1
        table = next(str(m.value) for m in at.main.markdown
                     if str(m.value).startswith("| Kind |"))
        assert table_rows(table) == per
        heads = [str(m.value) for m in at.main.markdown if str(m.value).startswith("**Question ")]
        assert heads == [f"**Question {i + 1}** · {q.title} · "
                         f"{'skipped' if o == 'skipped' else 'missed'}"
                         for i, (q, o) in enumerate(zip(r.asked, r.outcomes, strict=True))
                         if o != "right"]
        missed = r.length - right
        review = [b.label for b in at.button if b.key == "quiz_review"]
        assert review == ([f"Review my misses ({missed} question{'s' if missed > 1 else ''})"]
                          if missed else [])


QuizRounds.TestCase.settings = model_settings(examples=16, steps=18)
TestQuizRoundsModel = QuizRounds.TestCase

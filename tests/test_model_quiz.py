"""Model-based test of the quiz page: random sequences of what a pupil or a teacher does
(answer right, wrong or in part, press Check with or without an answer, Next, New random
quiz, change the level or the preset, open a seeded link, teacher mode and Show answer),
driven through AppTest.

After every step the page is read back and compared with the engine: the question shown
(its prompt, caption, card rows and highlighted cards) is ``academy.quiz.generate_question``
for the seed, level, preset and number the page displays; the score, the streak, the
accuracy and the table of kinds equal what this test counts from ``academy.quiz.check_answer``
on the answers read back from the widgets at each Check; the feedback shown is that check's.
Nothing here comes from ``ui/``. Bounded and derandomised here; ``make soak`` runs it long
(``tests/model_settings.py``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from apptest import open_page
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest

from academy.quiz import (
    LEVEL_KINDS,
    LEVELS,
    Feedback,
    Question,
    check_answer,
    generate_question,
    kind_title,
    level_title,
)
from piquet.rules import PRESETS
from ui import quiz_view
from words.cards import card_name
from words.names import preset_name

SEEDS = ["7", "42", "class-3B", "99"]
_SVG = re.compile(r"<svg [^>]*aria-label=\"([^\"]+)\"")


@dataclass
class Tally:
    """What the test itself counts from the checks it made."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0
    kinds: dict[str, list[int]] = field(default_factory=dict)

    def add(self, q: Question, fb: Feedback) -> None:
        row = self.kinds.setdefault(q.kind, [0, 0])
        row[0] += 1
        self.asked += 1
        if fb.correct:
            row[1] += 1
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0


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


def answer_widgets(at: AppTest) -> dict[str, Any]:
    """The answer widgets of the form on screen, by field key."""
    out: dict[str, Any] = {}
    for group in (at.radio, at.number_input, at.pills):
        for w in group:
            m = re.fullmatch(r"quiz_a\d+_\d+_(.+)", w.key or "")
            if m:
                out[m.group(1)] = w
    return out


def widget_for(at: AppTest, key: str) -> Any:
    for group in (at.radio, at.number_input, at.pills):
        for w in group:
            if w.key and w.key.startswith("quiz_a") and w.key.endswith(f"_{key}"):
                return w
    raise AssertionError(f"no widget for {key}")


class _RepeatableRandom:
    """Stands in for the ``random`` module inside ``ui.quiz_view`` during this test: a "New
    random quiz" seed and an unseeded quiz's choice of kind come from a counter, so that
    hypothesis can replay (and shrink) a sequence exactly. The page still decides everything."""

    def __init__(self) -> None:
        self.n = 0

    def _next(self) -> random.Random:
        self.n += 1
        return random.Random(self.n)

    def Random(self, *args: Any) -> random.Random:
        return random.Random(*args) if args else self._next()

    def SystemRandom(self) -> random.Random:
        return self._next()


class Quiz(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self._random = quiz_view.random
        quiz_view.random = _RepeatableRandom()  # type: ignore[assignment]
        self.at = open_page("quiz", seed="7", level="beginner")
        self.tally = Tally()
        self.number = 1                 # the question number the model expects
        self.feedback: Feedback | None = None
        self.revealed = False

    def teardown(self) -> None:
        quiz_view.random = self._random

    # ----------------------------------------------------------------------- reading

    def run(self, step: str) -> None:
        event(f"step: {step}")
        self.at.run()
        assert not self.at.exception, self.at.exception

    def link(self) -> dict[str, str]:
        code = str(self.at.code[0].value)
        query = code.split("?", 1)[1]
        return dict(part.split("=", 1) for part in query.split("&"))

    def shown_question(self) -> Question:
        """The engine's question for what the page displays (seed, level, preset, number);
        in an unseeded quiz, the one kind of the level whose question is the one shown."""
        at = self.at
        link = self.link()
        level = at.segmented_control(key="quiz_level_pick").value
        rules = at.segmented_control(key="rules").value
        assert link["level"] == level and link["rules"] == rules
        heading = next(str(s.value) for s in at.main.subheader
                       if str(s.value).startswith("Question "))
        n = int(heading.removeprefix("Question ")) - 1
        prompt = next(str(m.value) for m in at.main.markdown
                      if str(m.value).startswith("#### ")).removeprefix("#### ")
        seeded = any("Seeded quiz" in str(c.value) for c in at.main.caption)
        if seeded:
            assert any(f"Seeded quiz {link['seed']}:" in str(c.value) for c in at.main.caption)
            q = generate_question(link["seed"], n, level, rules)
        else:
            found = [q for k in LEVEL_KINDS[level]
                     if (q := generate_question(link["seed"], n, level, rules, kind=k)).prompt
                     == prompt and [r[1] for r in rows_shown(at)]
                     == [[card_name(c) for c in row.cards] for row in q.rows]]
            assert found, "the question shown is none the engine makes for this quiz"
            q = found[0]
        assert q.prompt == prompt
        return q

    def form_open(self) -> bool:
        return any(b.key == "quiz_check" for b in self.at.button)

    # ----------------------------------------------------------------------- actions

    def _check(self, values: dict[str, Any]) -> None:
        q = self.shown_question()
        for key, value in values.items():
            w = widget_for(self.at, key)
            w.set_value(sorted(value) if isinstance(value, frozenset) else value)
        given = {f.key: widget_for(self.at, f.key).value for f in q.fields}
        self.at.button(key="quiz_check").click()
        self.run("_check")
        fb = check_answer(q, given)
        if all(r.given is None for r in fb.results):
            assert any("answer first" in str(w.value) for w in self.at.warning)
            event("check without an answer")
            return
        self.tally.add(q, fb)
        self.feedback = fb
        event("right" if fb.correct else "wrong")

    @precondition(lambda self: self.form_open())
    @rule()
    def answer_right(self) -> None:
        self._check(dict(self.shown_question().correct))

    @precondition(lambda self: self.form_open())
    @rule(picks=st.lists(st.tuples(st.sampled_from(["empty", "right", "any"]),
                                   st.integers(0, 2**16)), min_size=6, max_size=6))
    def answer_anything(self, picks: list[tuple[str, int]]) -> None:
        """Each field: left empty, right, or a value the widget allows (drawn before the
        question is known, so that a replayed sequence draws the same)."""
        values: dict[str, Any] = {}
        for f, (how, n) in zip(self.shown_question().fields, picks, strict=False):
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
        self._check(values)

    @rule()
    def next_question(self) -> None:
        self.at.button(key="quiz_next").click()
        self.run("next_question")
        self.number += 1
        self.feedback, self.revealed = None, False

    @rule()
    def new_random_quiz(self) -> None:
        self.at.button(key="quiz_new").click()
        self.run("new_random_quiz")
        self.number, self.feedback, self.revealed = 1, None, False

    @rule(level=st.sampled_from(LEVELS))
    def change_level(self, level: str) -> None:
        before = self.at.segmented_control(key="quiz_level_pick").value
        self.at.segmented_control(key="quiz_level_pick").set_value(level)
        self.run("change_level")
        if level != before:
            self.number, self.feedback, self.revealed = 1, None, False

    @rule(name=st.sampled_from(list(PRESETS)))
    def change_preset(self, name: str) -> None:
        before = self.at.segmented_control(key="rules").value
        self.at.segmented_control(key="rules").set_value(name)
        self.run("change_preset")
        if name != before:
            self.number, self.feedback, self.revealed = 1, None, False

    @rule(seed=st.sampled_from(SEEDS), level=st.sampled_from(LEVELS),
          rules=st.sampled_from(list(PRESETS)))
    def open_seeded_link(self, seed: str, level: str, rules: str) -> None:
        old = self.link()
        was_seeded = any("Seeded quiz" in str(c.value) for c in self.at.main.caption)
        self.at.query_params.update({"seed": seed, "level": level, "rules": rules})
        self.run("open_seeded_link")
        if (old["seed"], old["level"], old["rules"]) != (seed, level, rules) or not was_seeded:
            self.number, self.feedback, self.revealed = 1, None, False

    @rule(on=st.booleans())
    def teacher_mode(self, on: bool) -> None:
        self.at.toggle(key="quiz_teacher").set_value(on)
        self.run("teacher_mode")

    @precondition(lambda self: any(b.key == "quiz_show_answer" for b in self.at.button))
    @rule()
    def show_answer(self) -> None:
        self.at.button(key="quiz_show_answer").click()
        self.run("show_answer")
        self.revealed = True

    # ----------------------------------------------------------------------- the check

    @invariant()
    def the_page_shows_the_engines_question_and_the_pupils_score(self) -> None:
        at = self.at
        q = self.shown_question()
        heading = next(str(s.value) for s in at.main.subheader
                       if str(s.value).startswith("Question "))
        assert heading == f"Question {self.number}"
        rules = at.segmented_control(key="rules").value
        caption = (f"{q.group} · {q.title} · {level_title(q.level)} · "
                   f"rules: {preset_name(rules)}")
        assert caption in [str(c.value) for c in at.main.caption]

        # the cards, and once answered (or revealed) the cards behind the answer
        teacher = bool(at.toggle(key="quiz_teacher").value)
        reveal = self.feedback is not None or (teacher and self.revealed)
        want_rows = [(row.label, [card_name(c) for c in row.cards],
                      {card_name(c) for c in row.highlight} if reveal else set()) for row in q.rows]
        assert rows_shown(at) == want_rows

        # the score, the streak, the accuracy and the table of kinds: counted here
        t = self.tally
        assert metric(at, "Score") == f"{t.right} / {t.asked}"
        assert metric(at, "Streak") == str(t.streak)
        assert metric(at, "Accuracy") == (f"{round(100 * t.right / t.asked)}%" if t.asked
                                          else "—")
        table = next((str(m.value) for m in at.main.markdown
                      if str(m.value).startswith("| Kind | Right |")), None)
        if t.kinds:
            assert table is not None
            shown = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1].rstrip(" |")
                     for line in table.splitlines()[2:]}
            assert shown == {kind_title(k): f"{ok}/{n}" for k, (n, ok) in t.kinds.items()}
        else:
            assert table is None

        # the feedback on screen is the engine's verdict on the answer given
        successes = [str(s.value) for s in at.main.success]
        errors = [str(e.value) for e in at.main.error]
        if self.feedback is not None and not teacher:
            fb = self.feedback
            assert not self.form_open()
            if fb.correct:
                assert successes == [fb.headline] and not errors
            else:
                assert errors == [fb.headline] and not successes
        elif teacher:
            assert not self.form_open()
            if self.revealed and self.feedback is None:
                assert successes == [f"Answer: {q.answer}"]
        else:
            assert self.form_open() and not successes and not errors
            assert {f.key for f in q.fields} == set(answer_widgets(at))


Quiz.TestCase.settings = model_settings(examples=20, steps=15)
TestQuizModel = Quiz.TestCase

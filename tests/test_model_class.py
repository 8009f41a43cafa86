"""Model-based test of a class: random pupil actions — join, check a right or a wrong answer,
skip, Next, reload (a new AppTest with the same learner) — with the teacher's dashboard read
back after every step and compared with this test's own record of what each pupil did AND
with the store (:meth:`store.classes.ClassStore.dashboard` on the same database).

Checked after each step: each pupil's page (the position on screen, the feedback or the open
question), and on the dashboard the pupils in join order with their progress and score, the
grid of ✓ ✗ –, the questions the class missed most and the results per kind. Nothing here
comes from ``ui/`` but the session keys it reads the position from. Bounded and derandomised
here; ``make soak`` runs it long (``tests/model_settings.py``).
"""

from __future__ import annotations

import os
import random
import tempfile
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest
from test_page_class import (
    LENGTH,
    STAGE,
    answer_quiz,
    answer_stage,
    click,
    frame,
    join,
    open_class,
    question,
    run,
    start_class,
)

from academy.quiz import kind_title, wrong_answer
from store import make_engine
from store.classes import ClassStore
from store.ids import new_learner_id
from ui.classroom import state

TOTAL = LENGTH + 1                      # the quiz's questions, then one stage
NAMES = ["Ann", "Bao", "Cem", "Dee"]
SYMBOL = {"right": "✓", "wrong": "✗", "skipped": "–"}


@dataclass
class Pupil:
    name: str
    learner: str
    at: AppTest
    outcomes: list[str] = field(default_factory=list)
    showing: bool = False               # the last answer's feedback is on screen

    @property
    def position(self) -> int:
        return len(self.outcomes)

    @property
    def on_screen(self) -> int:
        return self.position - 1 if self.showing else self.position


class ClassWalk(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self._env = {k: os.environ.get(k) for k in ("PIQUET_DATABASE_URL", "PIQUET_TESTING")}
        self.dir = tempfile.mkdtemp(prefix="piquet-class-model-")
        self.url = f"sqlite:///{self.dir}/progress.db"
        os.environ["PIQUET_DATABASE_URL"] = self.url
        os.environ["PIQUET_TESTING"] = "1"
        self.teacher = open_class()
        self.code, self.key = start_class(self.teacher)
        self.store = ClassStore(make_engine(self.url))
        self.access = self.store.teacher(self.key, client="model")
        self.pupils: list[Pupil] = []

    def teardown(self) -> None:
        for k, v in self._env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    # ----------------------------------------------------------------------- actions

    def _pupil(self, i: int) -> Pupil:
        return self.pupils[i % len(self.pupils)]

    @precondition(lambda self: len(self.pupils) < len(NAMES))
    @rule()
    def a_pupil_joins(self) -> None:
        name = NAMES[len(self.pupils)]
        learner = new_learner_id()
        self.pupils.append(Pupil(name, learner, join(self.code, name, learner)))

    @precondition(lambda self: self.pupils)
    @rule(i=st.integers(0, 3), how=st.sampled_from(["right", "wrong", "skip", "reload"]))
    def a_pupil_acts(self, i: int, how: str) -> None:
        """Pupil ``i`` answers right or wrong, or skips, the open question; Next on a
        feedback; a reload whatever is on screen (and on the end screen)."""
        p = self._pupil(i)
        if how == "reload" or p.on_screen >= TOTAL:
            p.at = open_class(p.learner, join=self.code)
            assert not p.at.text_input, "a pupil who joined is never asked a name again"
        elif p.showing:
            click(p.at, "class_next")
            p.showing = False
        elif how == "skip":
            click(p.at, "class_skip")
            p.outcomes.append("skipped")
        else:
            right = how == "right"
            if p.position < LENGTH:
                q = question(p.position)
                answer_quiz(p.at, q.correct if right else wrong_answer(q))
            else:
                answer_stage(p.at, right)
            p.outcomes.append(how)
            p.showing = True

    # ----------------------------------------------------------------------- checks

    @invariant()
    def each_pupil_is_where_they_were(self) -> None:
        for p in self.pupils:
            r = p.at.session_state[state.K_ROUND]
            assert (r.position, r.at) == (p.position, p.on_screen), p.name
            assert [r.outcome(i) for i in range(p.position)] == p.outcomes
            keys = [b.key for b in p.at.button]
            if p.on_screen >= TOTAL:                    # the end screen
                assert "class_next" not in keys and "class_check" not in keys
            elif p.showing:
                assert "class_next" in keys and "class_check" not in keys
            else:
                assert "class_check" in keys

    @invariant()
    def the_dashboard_says_what_the_pupils_did(self) -> None:
        if not self.pupils:
            return
        t = run(self.teacher)
        board = self.store.dashboard(self.access)
        # the store has exactly what the pupils did
        assert [(b.name, b.right, b.wrong, b.skipped) for b in board.pupils] == [
            (p.name, p.outcomes.count("right"), p.outcomes.count("wrong"),
             p.outcomes.count("skipped")) for p in self.pupils]
        # and the page shows exactly the store's numbers
        table = frame(t, {"Pupil", "Progress", "Score"})
        assert list(table["Pupil"]) == [b.name for b in board.pupils]
        assert list(table["Progress"]) == [f"{b.answered} / {TOTAL}" for b in board.pupils]
        assert list(table["Score"]) == [f"{b.right} / {b.answered}" for b in board.pupils]
        assert [list(table[c]) for c in ("Right", "Wrong", "Skipped")] == [
            [b.right for b in board.pupils], [b.wrong for b in board.pupils],
            [b.skipped for b in board.pupils]]
        grid = frame(t, {"Pupil", "Q1"})
        for row, p in enumerate(self.pupils):
            assert [grid[f"Q{n + 1}"][row] for n in range(TOTAL)] == [
                SYMBOL[o] for o in p.outcomes] + [""] * (TOTAL - p.position)
        self._missed_and_kinds(t, board)

    def _missed_and_kinds(self, t: AppTest, board: Any) -> None:
        wrong = [sum(p.outcomes[i:i + 1] == ["wrong"] for p in self.pupils)
                 for i in range(TOTAL)]
        asked = [sum(p.position > i for p in self.pupils) for i in range(TOTAL)]
        ranked = sorted((i for i in range(TOTAL) if wrong[i]), key=lambda i: (-wrong[i], i))[:5]
        assert [(pos, w, a) for pos, w, a in board.missed_most(5)] == [
            (i, wrong[i], asked[i]) for i in ranked]
        if ranked:
            missed = frame(t, {"Question", "Wrong", "Answered"})
            assert [q.split(" · ")[0] for q in missed["Question"]] == [
                f"Question {i + 1}" for i in ranked]
            assert list(missed["Wrong"]) == [wrong[i] for i in ranked]
            assert list(missed["Answered"]) == [asked[i] for i in ranked]
        want: dict[str, list[int]] = {}
        for p in self.pupils:
            for pos, outcome in enumerate(p.outcomes):
                kind = question(pos).kind if pos < LENGTH else STAGE
                want.setdefault(kind, [0, 0, 0])[list(SYMBOL).index(outcome)] += 1
        assert {k: [v.right, v.wrong, v.skipped] for k, v in board.kinds().items()} == want
        if want:
            kinds = frame(t, {"Kind", "Right", "Wrong", "Skipped"})
            shown = {row["Kind"]: [row["Right"], row["Wrong"], row["Skipped"]]
                     for _i, row in kinds.iterrows()}
            titles = {k: (kind_title(k) if k != STAGE else None) for k in want}
            assert sorted(shown.values()) == sorted(want.values())
            for k, title in titles.items():
                if title is not None:
                    assert shown[title] == want[k]


ClassWalk.TestCase.settings = model_settings(examples=4, steps=24)
TestClassWalk = ClassWalk.TestCase


def test_a_seeded_walk_to_every_end_screen() -> None:
    """A seeded random walk (the same every run) long enough for every pupil to reach the
    end screen, with the same checks after every step."""
    rng = random.Random(13)
    walk = ClassWalk()
    try:
        for _ in range(len(NAMES)):
            walk.a_pupil_joins()
        steps = 0
        while any(p.on_screen < TOTAL for p in walk.pupils) and steps < 120:
            i = rng.randrange(len(walk.pupils))
            walk.a_pupil_acts(i, rng.choice(["right", "right", "wrong", "skip", "reload"]))
            walk.each_pupil_is_where_they_were()
            if steps % 3 == 0:
                walk.the_dashboard_says_what_the_pupils_did()
            steps += 1
        walk.the_dashboard_says_what_the_pupils_did()
        assert all(p.on_screen >= TOTAL for p in walk.pupils)
    finally:
        walk.teardown()

"""Model-based test of the stage player on the Lessons page (issue 11): random sequences of
what a learner does — answer right, wrong or in part (tapping cards through the card hand's
own callback), press Check with nothing, skip, continue, practise again, go to the next
lesson or another one, reload the page (a new AppTest over the same SQLite store with the
same cookie), change the preset — driven through AppTest. After **every** step the page is
compared with a model of the session kept here and with ``piquet``: the task's answer is the
engine's (computed here from the cards the page shows), the cards shown are the task's, the
feedback is the hint / the answer / "Right" as the model says, the path's done marks, the
lesson's progress and the result screen's score are the model's, and the store's rows are
the answers given. A lesson finished before opens finished after a reload — every stage
done, the best pass's stars (stars earned stay) — until it is practised again.

Then the pseudo-locale: a lesson's stages answered wrong, wrong, right and to the end under
``qps``, every visible text a message (the stages' titles and teaching texts are content).
Bounded and derandomised (:mod:`model_settings`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from typing import Any

import hypothesis.strategies as hst
from apptest import APP
from hypothesis import event
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest
from test_page_lessons import leaks
from test_stages import engine_answer

from academy.stages import LESSONS, Task, lesson_stages, stage_text
from piquet.cards import DECK, Card, parse_cards, sort_cards
from piquet.combos import pretty
from store import Store, learner_key, make_engine, new_learner_id
from ui.components.card_hand import selection_key
from ui.components.payload import unpack
from ui.progress.identity import TEST_COOKIE, TESTING_ENV
from ui.stages.views import SHOWN, TEST_TAPS
from words import PSEUDO
from words.cards import card_name
from words.declarations import answer_text
from words.names import role_name

TIMEOUT = 120
SLUGS = tuple(LESSONS)


@dataclass
class Run:
    """The model of one lesson's pass in the session."""

    queue: list[str]
    state: str | None = None  # None, "hint", "revealed", "right"
    tries: int = 0
    first: dict[str, bool] = field(default_factory=dict)


def _new_run(slug: str) -> Run:
    return Run([s.id for s in lesson_stages(slug)])


def _label(task: Task, choice: str) -> str:
    if task.kind == "discard_best":  # a candidate discard: its cards (ids are card codes)
        cards = sort_cards(parse_cards(choice))
        return (f"Discard {len(cards)} card{'s' if len(cards) != 1 else ''}: "
                + " ".join(f"{c.pretty}\ufe0e" for c in cards))
    if task.kind == "verdict" and choice == "equal":
        return "Equal: nobody scores"
    if choice in ("elder", "younger"):
        return role_name(choice)
    if choice in ("good", "not_good", "equal"):
        from piquet.declare import Answer
        return answer_text(Answer(choice))
    return {"yes": "Yes", "no": "No", "none": "Neither", "pique": "Pique",
            "repique": "Repique"}[choice]


def _answer_words(task: Task) -> str:
    a = task.answer
    if isinstance(a, frozenset):
        return pretty(sort_cards(a))
    if isinstance(a, Card):
        return card_name(a)
    if isinstance(a, str):
        return _label(task, a)
    return str(a)


def _key(task: Task) -> str:
    return f"stages_answer_{task.stage_id.replace('/', '_')}_{task.seed % 1_000_000_007}"


class StagePlayer(RuleBasedStateMachine):
    """One learner on the stages of the Lessons page."""

    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.mkdtemp(prefix="pq-stages-")
        self.url = f"sqlite:///{self.dir}/progress.db"
        self.env = {k: os.environ.get(k) for k in ("PIQUET_DATABASE_URL", TESTING_ENV)}
        os.environ["PIQUET_DATABASE_URL"] = self.url
        os.environ[TESTING_ENV] = "1"
        self.cookie = new_learner_id()
        self.slug = "point"
        self.preset = "britannica"
        self.runs: dict[str, Run] = {}
        self.right: set[str] = set()  # stages ever answered right (the store's too)
        self.missed: set[str] = set()
        self.finished: set[str] = set()  # lesson slugs
        self.best: dict[str, tuple[int, int]] = {}  # the best pass of each lesson finished
        self.steps = 0
        self._open()

    def teardown(self) -> None:
        event(f"steps: {self.steps // 5 * 5}+")
        for k, v in self.env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(self.dir, ignore_errors=True)

    # ------------------------------------------------------------------ helpers

    def _run(self) -> None:
        self.at.run()
        assert not self.at.exception, [e.value for e in self.at.exception]
        self.steps += 1

    def _open(self) -> None:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        at.session_state[TEST_COOKIE] = self.cookie
        at.run()
        at.switch_page("app_pages/lessons.py")
        at.query_params["lesson"] = self.slug
        self.at = at
        self._run()

    @property
    def run(self) -> Run:
        # a lesson finished before opens finished in a new session
        return self.runs.setdefault(self.slug, Run([]) if self.slug in self.finished
                                    else _new_run(self.slug))

    @property
    def task(self) -> Task | None:
        state = self.at.session_state  # AppTest's session state has no .get
        found = state[SHOWN] if SHOWN in state else None  # noqa: SIM401
        return found if isinstance(found, Task) else None

    def _selection(self, task: Task) -> set[Card]:
        key = selection_key(_key(task))
        state = self.at.session_state
        codes = state[key] if key in state else []  # noqa: SIM401
        return {c for c in DECK if str(c) in codes}

    def _give(self, task: Task, value: Any) -> None:
        """Give ``value`` the way a learner does: taps, a pill, a number, then Check."""
        if task.answer_kind == "card":
            self.at.session_state[TEST_TAPS] = [str(value)]
            self._run()
            return
        if task.answer_kind == "cards":
            now = self._selection(task)
            # untap first, as a learner must when the hand holds all it may (max_selected)
            self.at.session_state[TEST_TAPS] = (
                [str(c) for c in task.pick if c in now and c not in value]
                + [str(c) for c in task.pick if c in value and c not in now])
            self._run()
            assert self._selection(self.task or task) == set(value)
        elif task.answer_kind == "choice":
            self.at.pills(key=_key(task)).set_value(value)
        else:
            self.at.number_input(key=_key(task)).set_value(value)
        self.at.button(key="stages_check").click()
        self._run()

    def _valid(self, task: Task) -> Any:
        if task.kind == "discard_keep":
            keep = set(task.facts["target"])
            return frozenset([c for c in task.pick if c not in keep][: task.count])
        return engine_answer(task)

    def _wrong(self, task: Task, partly: bool) -> Any:
        a = task.answer
        if task.answer_kind == "number":
            return int(a) + 1  # type: ignore[call-overload]
        if task.answer_kind == "choice":
            return next(c for c in task.choices if c != a)
        if task.answer_kind == "card":
            led = task.facts["led"]
            return next(c for c in task.pick if c.suit is not led.suit)
        if task.kind == "discard_keep":
            target = list(task.facts["target"])
            rest = [c for c in task.pick if c not in target]
            return frozenset([target[0], *rest[: (task.count or 1) - 1]])
        want = task.answer_cards
        if partly and len(want) > 1:
            return frozenset(sorted(want, key=str)[1:])
        others = [c for c in task.pick if c not in want]
        return want | {others[0]} if others else frozenset(list(want)[1:])

    def _answered(self, right: bool) -> None:
        run = self.run
        stage = run.queue[0]
        if right:
            run.first.setdefault(stage, run.tries == 0)
            run.state = "right"
            self.right.add(stage)
            return
        self.missed.add(stage)
        if run.tries == 0:
            run.tries, run.state = 1, "hint"
        else:
            run.first.setdefault(stage, False)
            run.state = "revealed"

    def _answerable(self) -> bool:
        return bool(self.run.queue) and self.run.state in (None, "hint")

    # ------------------------------------------------------------------ rules

    @precondition(lambda self: self._answerable())
    @rule(how=hst.sampled_from(["right", "right", "wrong", "partly"]))
    def answer(self, how: str) -> None:
        task = self.task
        assert task is not None
        value = self._valid(task) if how == "right" else self._wrong(task, how == "partly")
        self._give(task, value)
        self._answered(how == "right")

    @precondition(lambda self: self._answerable() and self.run.state is None)
    @rule()
    def check_nothing(self) -> None:
        task = self.task
        assert task is not None
        if task.answer_kind == "card":
            return
        self.at.button(key="stages_check").click()
        self._run()
        assert any("Choose an answer first" in str(i.value) for i in self.at.tabs[0].info)

    @precondition(lambda self: self._answerable())
    @rule()
    def skip(self) -> None:
        self.at.button(key="stages_skip").click()
        self._run()
        run = self.run
        stage = run.queue.pop(0)
        run.first.setdefault(stage, False)
        run.queue.append(stage)
        run.tries, run.state = 0, None

    @precondition(lambda self: bool(self.run.queue) and self.run.state in ("right",
                                                                            "revealed"))
    @rule()
    def carry_on(self) -> None:
        self.at.button(key="stages_continue").click()
        self._run()
        run = self.run
        stage = run.queue.pop(0)
        if run.state == "revealed":
            run.queue.append(stage)
        run.tries, run.state = 0, None
        if not run.queue:
            self.finished.add(self.slug)
            passed = (sum(1 for v in run.first.values() if v), len(lesson_stages(self.slug)))
            before = self.best.get(self.slug)
            if before is None or passed[0] * before[1] > before[0] * passed[1]:
                self.best[self.slug] = passed

    @precondition(lambda self: not self.run.queue)
    @rule(next_one=hst.booleans())
    def after_the_lesson(self, next_one: bool) -> None:
        i = SLUGS.index(self.slug)
        if next_one and i + 1 < len(SLUGS):
            self.at.button(key="stages_next").click()
            self.slug = SLUGS[i + 1]
        else:
            self.at.button(key="stages_again").click()
            self.runs[self.slug] = _new_run(self.slug)
        self._run()

    @rule(slug=hst.sampled_from(SLUGS))
    def choose_lesson(self, slug: str) -> None:
        self.at.pills(key="lessons_chooser").set_value(slug)
        self._run()
        self.slug = slug

    @rule()
    def reload(self) -> None:
        self.runs = {}
        self._open()

    @rule()
    def change_preset(self) -> None:
        self.preset = "cavendish" if self.preset == "britannica" else "britannica"
        self.at.segmented_control(key="rules").set_value(self.preset)
        self._run()

    # ------------------------------------------------------------------ the check

    @invariant()
    def page_matches_the_model_and_the_engine(self) -> None:
        at, run = self.at, self.run
        stages = lesson_stages(self.slug)
        done = len(stages) - len(set(run.queue))
        progress = [str(p.proto.text) for p in at.get("progress")]
        assert f"{done} of {len(stages)} stage{'s' if len(stages) != 1 else ''} done" in \
            progress, progress
        marks = [str(m.value) for m in at.markdown if "-badge[" in str(m.value)]
        for s in stages:
            title = f"{s.number}. {stage_text(s).title}"
            mark = next(m for m in marks if m.endswith(f" {title}]"))
            if run.queue and s.id == run.queue[0]:
                assert mark.startswith(":blue-badge"), mark
            else:
                assert mark.startswith(":green-badge") == (
                    s.id in self.right or not run.queue), (s.id, mark)
        chooser = at.pills(key="lessons_chooser")
        for i, slug in enumerate(SLUGS):
            if slug in self.finished:
                assert chooser.options[i].startswith("✓"), chooser.options[i]
        if not run.queue:
            self._check_result()
        else:
            self._check_task()
        self._check_store()

    def _check_result(self) -> None:
        at = self.at
        right, total = self.best[self.slug]  # the stars earned stay
        stars = 3 if right == total else 2 if right * 3 >= total * 2 else 1
        lines = [str(m.value) for m in at.markdown]
        assert f"{'★' * stars}{'☆' * (3 - stars)} {right} of {total} stages right at the " \
               "first try." in lines, lines
        assert SHOWN not in at.session_state

    def _check_task(self) -> None:
        at, run = self.at, self.run
        task = self.task
        assert task is not None and task.stage_id == run.queue[0]
        assert task.rules == self.preset
        if task.kind == "discard_keep":
            assert not set(task.answer_cards) & set(task.facts["target"])
        else:
            assert task.answer == engine_answer(task)
        text = stage_text(lesson_stages(self.slug)[int(task.stage_id.split("/")[1]) - 1])
        assert text.title in [str(h.value) for h in at.subheader]
        html = " ".join(str(m.value) for m in at.markdown if "pq-cards" in str(m.value))
        for _role, cards in task.hands:
            assert all(f'aria-label="{card_name(c)}"' in html for c in cards)
        settled = run.state in ("right", "revealed")
        hands = [e for e in at.main.get("bidi_component")
                 if e.proto.component_name == "pq_card_hand"]
        if task.pick and not settled:
            data = unpack(hands[0].proto)
            assert [c["code"] for c in data["cards"]] == [str(c) for c in task.pick]
        elif task.pick:
            assert not hands and all(f'aria-label="{card_name(c)}"' in html
                                     for c in task.pick)
        if task.answer_kind == "choice":
            assert list(at.pills(key=_key(task)).options) == [_label(task, c)
                                                               for c in task.choices]
        box = at.tabs[0]  # the stages (the second tab is the lesson to read)
        warnings = [str(w.value) for w in box.warning]
        errors = [str(e.value) for e in box.error]
        successes = [str(s.value) for s in box.success]
        assert bool(warnings) == (run.state == "hint"), warnings
        if run.state == "revealed":
            said = (f"“{_answer_words(task)}”" if task.answer_kind == "choice"
                    else f"the {card_name(task.answer, start=False)}"
                    if isinstance(task.answer, Card) else _answer_words(task))
            assert f"Not this time: the answer is {said}." in errors, errors
        else:
            assert not errors, errors
        if run.state == "right":
            assert successes == ["Right!" if run.tries == 0 else "Right, at the second try."]
        else:
            assert not successes

    def _check_store(self) -> None:
        engine = make_engine(self.url)
        try:
            rows = Store(engine).items(learner_key(self.cookie), "stage")
            results = Store(engine).lesson_results(learner_key(self.cookie))
        finally:
            engine.dispose()
        assert {k: (r.first_try, r.stages) for k, r in results.items()} == {
            LESSONS[slug]: best for slug, best in self.best.items()}
        assert {p.item for p in rows if p.review.right} == self.right
        assert {p.item for p in rows if p.review.wrong} == self.missed


StagePlayer.TestCase.settings = model_settings(examples=8, steps=25)
TestStagePlayer = StagePlayer.TestCase


# --------------------------------------------------------------------------- progress kept


def test_a_finished_lesson_stays_finished_and_keeps_its_stars(monkeypatch: Any) -> None:
    """A lesson finished (its first stage missed twice: two stars of three), then a reload:
    every stage done, the result screen with its stars — not "0 of 4 stages done" and stage 1
    again. Practised again worse, the stars earned stay, after a reload too; the page is
    checked against the model after every step."""
    monkeypatch.setitem(globals(), "event", lambda _text: None)  # outside hypothesis
    player = StagePlayer()
    try:
        stages = len(lesson_stages(player.slug))

        def finish(misses: int) -> None:
            for i in range(stages * 2):
                if not player.run.queue:
                    return
                for _n in range(2 if i < misses else 0):
                    player.answer("wrong")
                if player.run.state is None or player.run.state == "hint":
                    player.answer("right")
                player.carry_on()
                player.page_matches_the_model_and_the_engine()

        finish(misses=1)
        best = player.best[player.slug]
        assert best == (stages - 1, stages)
        player.reload()
        player.page_matches_the_model_and_the_engine()  # finished, every stage, its stars
        progress = [str(p.proto.text) for p in player.at.get("progress")]
        assert f"{stages} of {stages} stages done" in progress, progress
        assert not any(b.key == "stages_check" for b in player.at.button)
        player.after_the_lesson(next_one=False)  # practise it again: a new pass
        player.page_matches_the_model_and_the_engine()
        finish(misses=stages)  # every stage missed at the first try this time
        player.page_matches_the_model_and_the_engine()
        assert player.best[player.slug] == best  # the stars earned stay
        player.reload()
        player.page_matches_the_model_and_the_engine()
    finally:
        player.teardown()


# --------------------------------------------------------------------------- pseudo-locale


def test_a_lesson_of_stages_under_the_pseudo_locale(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("PIQUET_DATABASE_URL", f"sqlite:///{tmp_path / 'progress.db'}")
    monkeypatch.setenv(TESTING_ENV, "1")
    machine = StagePlayer.__new__(StagePlayer)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = PSEUDO
    at.run()
    at.switch_page("app_pages/lessons.py")
    at.query_params["lesson"] = "partie"
    machine.at, machine.steps = at, 0
    machine._run()
    assert not leaks(at)
    for _stage in lesson_stages("partie"):
        task = machine.task
        assert task is not None
        at.button(key="stages_check").click()  # nothing given: the notice
        machine._run()
        assert at.info and not leaks(at)
        for _n in range(2):  # a hint, then the answer shown
            machine._give(task, machine._wrong(task, False))
            assert not leaks(at), leaks(at)
        at.button(key="stages_continue").click()
        machine._run()
        task = machine.task
        assert task is not None
        machine._give(task, machine._valid(task))
        assert at.success and not leaks(at)
        at.button(key="stages_continue").click()
        machine._run()
    while machine.task is not None:  # the stages that came back
        task = machine.task
        machine._give(task, machine._valid(task))
        at.button(key="stages_continue").click()
        machine._run()
    assert any(b.key == "stages_next" for b in at.button)
    assert not leaks(at), leaks(at)


def test_a_stage_link_opens_the_lesson_on_that_stage(tmp_path: Any, monkeypatch: Any) -> None:
    """Home's "continue" and "practise my misses" link to ``?lesson=…&stage=…``; a stage of
    another lesson, or none, is ignored."""
    monkeypatch.setenv("PIQUET_DATABASE_URL", f"sqlite:///{tmp_path / 'progress.db'}")
    for stage, shown in (("04-point/3", "04-point/3"), ("05-sequence/1", "04-point/1"),
                         ("<b>nope</b>", "04-point/1")):
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        at.run()
        at.switch_page("app_pages/lessons.py")
        at.query_params["lesson"] = "point"
        at.query_params["stage"] = stage
        at.run()
        assert not at.exception
        task = at.session_state[SHOWN]
        assert task.stage_id == shown
        assert "stage" not in at.query_params  # followed once: a reload stays put


def test_a_lesson_finished_on_another_device_opens_finished(tmp_path: Any,
                                                           monkeypatch: Any) -> None:
    """The store says the lesson is finished (3 of 4 stages right at the first try): the
    Lessons page opens it finished — 4 of 4 stages done, two stars — and a link to one of its
    stages (practise my misses) still opens that stage."""
    from store import ItemSeen, LessonDone, migrate, utc_now

    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("PIQUET_DATABASE_URL", url)
    monkeypatch.setenv(TESTING_ENV, "1")
    lid = new_learner_id()
    engine = make_engine(url)
    migrate(engine)
    now = utc_now()
    stages = [s.id for s in lesson_stages("point")]
    Store(engine).apply(learner_key(lid), [
        *(ItemSeen(now, "stage", s, right=True) for s in stages),
        ItemSeen(now, "lesson", LESSONS["point"], right=True),
        LessonDone(now, LESSONS["point"], 3, len(stages)),
    ])
    engine.dispose()

    def lessons(**params: str) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        at.session_state[TEST_COOKIE] = lid
        at.run()
        at.switch_page("app_pages/lessons.py")
        at.query_params.update({"lesson": "point", **params})
        at.run()
        assert not at.exception
        return at

    at = lessons()
    progress = [str(p.proto.text) for p in at.get("progress")]
    assert f"{len(stages)} of {len(stages)} stages done" in progress, progress
    assert "★★☆ 3 of 4 stages right at the first try." in [str(m.value) for m in at.markdown]
    assert SHOWN not in at.session_state and any(b.key == "stages_again" for b in at.button)
    linked = lessons(stage=stages[2])
    assert linked.session_state[SHOWN].stage_id == stages[2]

"""The lesson stage "which discard keeps the best chances?" (``02-exchange/4``, kind
``discard_best``; issue 15): Elder's hand from a curated set, three or four candidate
discards, the learner picks one.

- The pinned figures (``academy/stages/discard_best.json``) are the advisor's: every
  candidate's rank, expected points ± error, samples, chance of the point, exact chances of a
  quint or better and of a quatorze, risks and reasons equal what
  :func:`academy.advisor.rank_discards` gives now, under each preset; the answer is the
  advisor's first choice of all the legal discards, clearly ahead of every other candidate
  (RULES.md section 4: Elder exchanges one to five cards).
- The check: right for the advisor's choice only; the hint points at real cards; the
  explanation shows every candidate's figures as the advisor gives them.
- Every text in English, Vietnamese, Turkish and the pseudo-locale, no English left.
- The stage on the Lessons page (AppTest): a wrong pick, its hint, a second one and the
  answer explained, the stage coming back; a right pick stored as progress.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

import hypothesis.strategies as hst
import pytest
from apptest import APP, TIMEOUT
from hypothesis import given, settings
from streamlit.testing.v1 import AppTest
from test_languages import ENGLISH
from test_page_lessons import leaks
from test_pseudo_locale import leftover_words

from academy.advisor import DiscardAdvice, rank_discards
from academy.stages import HintKind, Task, check, hint, make_task, says, says_advisor
from academy.stages.kinds_advisor import (
    PINNED,
    discard_cards,
    discard_id,
    figures_json,
    figures_of,
)
from piquet.cards import parse_cards
from piquet.rules import PRESETS
from store import Store, learner_key, make_engine, new_learner_id
from ui.progress.identity import TEST_COOKIE, TESTING_ENV
from ui.stages.state import answer_key
from ui.stages.views import SHOWN
from ui.text import md_escape
from words import PREVIEW_ENV, PSEUDO, use_language
from words.advisor import point_won_figure, points_figure, rank_text
from words.cards import card_name
from words.odds import percent

STAGE = "02-exchange/4"
SEEDS = hst.integers(min_value=0, max_value=2**64 - 1)
CASES = settings(max_examples=25, derandomize=True, deadline=None)
RAW: dict[str, Any] = json.loads(Path(PINNED).read_text(encoding="utf-8"))


@cache
def ranking(hand: str, preset: str) -> tuple[DiscardAdvice, ...]:
    """The advisor's ranking of a pinned hand (once a process: a second or more each)."""
    return rank_discards(parse_cards(hand), role="elder", rules=preset)


def advised(hand: str, preset: str) -> dict[str, tuple[int, DiscardAdvice]]:
    return {discard_id(list(a.discard)): (i + 1, a)
            for i, a in enumerate(ranking(hand, preset))}


def _task(seed: int, preset: str = "britannica") -> Task:
    return make_task(STAGE, seed, preset)


# --------------------------------------------------------------------------- the pins


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("n", range(len(RAW["hands"])))
def test_the_pinned_figures_are_the_advisors(n: int, preset: str) -> None:
    pinned = RAW["hands"][n]
    now = advised(pinned["hand"], preset)
    total = len(ranking(pinned["hand"], preset))
    assert total == 1585  # every legal discard of Elder's twelve cards, 1 to 5 of them
    for choice in pinned["candidates"]:
        rank, advice = now[choice]
        assert pinned["figures"][preset][choice] == figures_json(figures_of(
            advice, rank, total)), f"{choice}: the advisor changed, run pin_discard_best.py"
    assert now[pinned["candidates"][0]][0] == 1  # the advisor's first choice


def test_the_first_candidate_is_clearly_best() -> None:
    """Each other candidate's expected points are at least 1.5 points and four standard
    errors below the advisor's choice, under every preset."""
    assert 3 <= len(RAW["hands"]) <= 8
    for pinned in RAW["hands"]:
        assert 3 <= len(pinned["candidates"]) <= 4
        assert len(set(pinned["candidates"])) == len(pinned["candidates"])
        hand = set(parse_cards(pinned["hand"]))
        assert len(hand) == 12
        for preset in PRESETS:
            f = pinned["figures"][preset]
            best = f[pinned["candidates"][0]]
            assert best["rank"] == 1
            for other in pinned["candidates"][1:]:
                assert set(discard_cards(other)) <= hand and 1 <= len(discard_cards(other)) <= 5
                gap = best["expected"] - f[other]["expected"]
                assert gap >= 1.5 and gap >= 4 * math.hypot(best["error"], f[other]["error"])
        assert set(parse_cards(pinned["key"])) <= hand - set(discard_cards(
            pinned["candidates"][0]))


# --------------------------------------------------------------------------- the check


@CASES
@given(seed=SEEDS, preset=hst.sampled_from(sorted(PRESETS)))
def test_the_answer_is_the_advisors_choice(seed: int, preset: str) -> None:
    task = _task(seed, preset)
    assert task.kind == "discard_best" and task.answer_kind == "choice"
    ((role, hand),) = task.hands
    assert role == "elder" and len(hand) == 12
    now = advised(discard_id(list(hand)), preset)
    assert task.answer == min(task.choices, key=lambda c: now[c][0])
    assert now[str(task.answer)][0] == 1
    for choice in task.choices:
        assert set(discard_cards(choice)) <= set(hand)
        assert check(task, choice).right == (choice == task.answer)
    for bad in (None, "", "AS", 3, frozenset(hand[:2]), "7C 8C 9C 10C JC QC"):
        assert check(task, bad).empty


@CASES
@given(seed=SEEDS)
def test_the_hint_points_at_the_cards(seed: int) -> None:
    task = _task(seed)
    hand = set(task.hands[0][1])
    key = task.facts["key"]
    first = hint(task, None)
    assert first.kind is HintKind.CARDS and first.cards == key and set(key) <= hand
    assert all(c.pretty in says.hint_text(task, first) for c in key)
    best = set(discard_cards(str(task.answer)))
    for wrong in (c for c in task.choices if c != task.answer):
        h = hint(task, wrong)
        lost = set(discard_cards(wrong)) - best  # thrown here, kept by the best discard
        text = says.feedback_hint(task, wrong, h)
        if lost:
            assert h.kind is HintKind.RULE and set(h.cards) == lost
            assert all(c.pretty in text for c in h.cards)
        else:  # a part of the best discard: it throws more
            assert h.kind is HintKind.COUNT and h.number == len(best) > len(
                discard_cards(wrong))
            assert str(len(best)) in text


def expected_lines(task: Task) -> list[str]:
    """Each candidate's figures as the advisor gives them now, said as words.advisor says
    them (English)."""
    hand = discard_id(list(task.hands[0][1]))
    now = advised(hand, task.rules)
    total = len(ranking(hand, task.rules))
    out = []
    for choice in task.choices:
        rank, a = now[choice]
        out += [points_figure(a.expected, a.error), point_won_figure(a.point_won, a.samples),
                percent(a.chances.quint_or_better), percent(a.chances.quatorze),
                rank_text(rank, total)]
    return out


@CASES
@given(seed=SEEDS, preset=hst.sampled_from(sorted(PRESETS)))
def test_the_explanation_shows_the_advisors_figures(seed: int, preset: str) -> None:
    task = _task(seed, preset)
    with use_language("en"):
        lines = says.explanation(task)
        joined = "\n".join(lines)
        for figure in expected_lines(task):
            assert figure in joined, figure
    # the advisor's choice first, then the candidates best first
    assert discard_cards(str(task.answer))[0].pretty in lines[0]
    now = advised(discard_id(list(task.hands[0][1])), preset)
    best_first = sorted(task.choices, key=lambda c: now[c][0])
    at = [next(i for i, line in enumerate(lines)
               if says_advisor.figures_line(c, task.facts["figures"][c]) in line)
          for c in best_first]
    assert at == sorted(at) and len(set(at)) == len(at)


def _texts(task: Task) -> list[str]:
    return [says.prompt(task), says.hand_label(task.role),
            *(says.choice_text(task, c) for c in task.choices),
            *(says.feedback_hint(task, c, hint(task, c)) for c in task.choices),
            says.hint_text(task, hint(task)), *says.explanation(task)]


@pytest.mark.parametrize("seed", range(6))
def test_every_text_through_the_text_layer(seed: int) -> None:
    task = _task(seed)
    with use_language(PSEUDO):
        for t in _texts(task):
            assert not leftover_words(t), t


@pytest.mark.parametrize("lang", ["vi", "tr"])
@pytest.mark.parametrize("seed", range(6))
def test_no_english_in_vietnamese_or_turkish(lang: str, seed: int) -> None:
    task = _task(seed, "cavendish" if seed % 2 else "britannica")
    with use_language(lang):
        for t in _texts(task):
            english = [w for w in leftover_words(t) if w.lower() in ENGLISH]
            assert not english, (t, english)


# --------------------------------------------------------------------------- the page


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress store, the testing cookie on."""
    monkeypatch.setenv(TESTING_ENV, "1")
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("PIQUET_DATABASE_URL", url)
    return url


def _open(cookie: str, lang: str = "en", *, stage: bool = True) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state[TEST_COOKIE] = cookie
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("app_pages/lessons.py")
    at.query_params["lesson"] = "exchange"
    if stage:
        at.query_params["stage"] = STAGE
    return _run(at)


def _run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _shown(at: AppTest) -> Task:
    task = at.session_state[SHOWN]
    assert isinstance(task, Task)
    return task


def _pick(at: AppTest, task: Task, choice: str) -> None:
    """Tap the candidate ``choice``: its label as the page shows it (AppTest formats a raw
    option here, outside the page's language)."""
    pills = at.pills(key=answer_key(task))
    pills.set_value(pills.options[task.choices.index(choice)])
    at.button(key="stages_check").click()
    _run(at)


def _markdown(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.markdown]


def _marked(at: AppTest) -> set[str]:
    """The names of the cards outlined in the rows of the stage (the first tab)."""
    rows = [str(m.value) for m in at.tabs[0].markdown if "pq-cards" in str(m.value)]
    svgs = " ".join(rows).split("<svg ")
    return {re.search(r'aria-label="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
            for svg in svgs if "pq-highlight" in svg}


def _names(cards: Any) -> set[str]:
    return {card_name(c) for c in cards}


def _stored(url: str, cookie: str) -> dict[str, tuple[int, int]]:
    engine = make_engine(url)
    try:
        rows = Store(engine).items(learner_key(cookie), "stage")
    finally:
        engine.dispose()
    return {p.item: (p.review.right, p.review.wrong) for p in rows}


def test_the_stage_on_the_lessons_page(db: str) -> None:
    cookie = new_learner_id()
    at = _open(cookie)
    task = _shown(at)
    assert task.stage_id == STAGE and task.kind == "discard_best"
    html = " ".join(m for m in _markdown(at) if "pq-cards" in m)
    assert all(f'aria-label="{card_name(c)}"' in html for c in task.hands[0][1])
    pills = at.pills(key=answer_key(task))
    assert list(pills.options) == [says.choice_text(task, c) for c in task.choices]
    assert md_escape(says.prompt(task)) in _markdown(at)
    assert not _marked(at)
    wrong = [c for c in task.choices if c != task.answer]
    _pick(at, task, wrong[0])  # a first wrong pick: the hint, its cards outlined
    (warning,) = at.tabs[0].warning
    assert warning.value == says.feedback_hint(task, wrong[0], hint(task, wrong[0]))
    assert _marked(at) == _names(hint(task, wrong[0]).cards)
    _pick(at, task, wrong[1])  # a second one: the answer, explained with the figures
    (error,) = at.tabs[0].error
    assert error.value == (
        f"Not this time: the answer is “{says.choice_text(task, task.answer)}”.")
    shown = _markdown(at)
    for line in says.explanation(task):
        assert md_escape(line) in shown, line
    assert _marked(at) == _names(discard_cards(str(task.answer)))  # the best discard
    assert _stored(db, cookie) == {STAGE: (0, 2)}
    at.button(key="stages_continue").click()  # the stage comes back later, new cards
    _run(at)
    assert _shown(at).stage_id != STAGE or _shown(at).seed != task.seed


def test_a_right_pick_is_progress(db: str) -> None:
    cookie = new_learner_id()
    at = _open(cookie)
    task = _shown(at)
    _pick(at, task, str(task.answer))
    assert [s.value for s in at.tabs[0].success] == ["Right!"]
    shown = _markdown(at)
    assert all(md_escape(line) in shown for line in says.explanation(task))
    assert _stored(db, cookie) == {STAGE: (1, 0)}
    again = _open(cookie, stage=False)  # a reload: the stage is done (✓ on the path)
    marks = [m for m in _markdown(again) if "-badge[" in m]
    assert any(m.startswith(":green-badge") and "4. " in m for m in marks), marks


@pytest.mark.parametrize("lang", ["qps", "vi", "tr"])
def test_the_stage_in_every_language(db: str, lang: str, monkeypatch: pytest.MonkeyPatch
                                     ) -> None:
    monkeypatch.setenv(PREVIEW_ENV, "vi,tr")  # offered even while another part is missing
    at = _open(new_learner_id(), lang)
    task = _shown(at)
    wrong = [c for c in task.choices if c != task.answer]
    for choice in wrong[:2]:  # the hint, then the answer with the figures
        _pick(at, task, choice)
        if lang == PSEUDO:
            assert not leaks(at), leaks(at)
        else:
            from test_languages import english_words

            assert not english_words(at, frozenset()), english_words(at, frozenset())
    assert at.tabs[0].error and len(_markdown(at)) > len(task.choices)

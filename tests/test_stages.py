"""academy.stages: every stage kind checked by the engine.

For every stage of every lesson, a Hypothesis property over seeds: the task made from a
seed has exactly the answer that ``piquet`` computes here from what the task shows (never
from ``academy``); the answer is accepted, wrong and partial answers are not; the hint
points at real cards of the task and names their suit or rank; every text comes through
the text layer. Then the retry queue, the content files and bad input.
"""

from __future__ import annotations

import re
from functools import cache

import hypothesis.strategies as hst
import pytest
from hypothesis import given, settings

from academy.stages import (
    LESSONS,
    STAGES,
    StageError,
    Step,
    Task,
    check,
    hint,
    lesson_stages,
    make_task,
    says,
    session as sess,
    stage_text,
    task_seed,
)
from piquet import analyse, reckon, score_declarations, settle_partie
from piquet.cards import DECK, Card
from piquet.exchange import courts_held, elder_may_take, younger_may_take
from piquet.play import legal_cards
from piquet.reckon import PlayPoint
from piquet.rules import PRESETS, get_rules
from ui.content import lessons
from words import PSEUDO, use_language
from words.cards import rank_name, suit_name

SEEDS = hst.integers(min_value=0, max_value=2**64 - 1)
CASES = settings(max_examples=25, derandomize=True, deadline=None)
STAGE_IDS = [s.id for s in STAGES]
CATEGORIES = ("point", "sequences", "sets")


def _cards(task: Task) -> set[Card]:
    shown = set(task.pick) | {c for _role, cards in task.hands for c in cards}
    if "led" in task.facts:
        shown.add(task.facts["led"])
    return shown


def engine_answer(task: Task) -> object:
    """The answer, computed here from what the task shows, by ``piquet``."""
    k, f = task.kind, task.facts
    hand = task.pick or (task.hands[0][1] if task.hands else ())
    combos = analyse(hand)
    if k == "point_cards":
        assert combos.point is not None
        return frozenset(combos.point.cards)
    if k == "point_pips":
        assert combos.point is not None
        return combos.point.pips
    if k == "sequence_cards":
        return frozenset(combos.sequences[0].cards)
    if k == "sequence_score":
        return sum(s.score for s in combos.sequences)
    if k == "set_cards":
        return frozenset(combos.sets[0].cards)
    if k == "set_score":
        return sum(s.score for s in combos.sets)
    if k == "blanche_yes":
        return "yes" if combos.carte_blanche else "no"
    if k == "blanche_spoilers":
        return frozenset(courts_held(hand))
    if k in ("verdict", "younger_answer"):
        v = score_declarations(task.hands[0][1], task.hands[1][1]).verdicts[
            CATEGORIES.index(f["category"])]
        if k == "verdict":
            return v.winner or "equal"
        assert v.reply is not None
        return v.reply.value
    if k == "deal_count":
        return {"hand": 12, "talon": 32 - 24, "elder_share": elder_may_take(
            get_rules(task.rules)).stop - 1, "blanche": reckon(blanche=(10, 0)).total(
            "elder")}[f["what"]]
    if k == "younger_takes":
        return younger_may_take(f["took"], get_rules(task.rules)).stop - 1
    if k == "must_play":
        (only,) = legal_cards(task.pick, f["led"])
        return only
    if k == "winning_cards":
        led = f["led"]
        return frozenset(c for c in task.pick if c.suit is led.suit and c.rank > led.rank)
    if k == "cards_bonus":
        won = f["won"]
        return 40 if won == 12 else 10 if won >= 7 else 0
    if k == "bonus_kind":
        s = score_declarations(task.hands[0][1], task.hands[1][1])
        r = reckon(**{c: (s.score("elder", c), s.score("younger", c)) for c in CATEGORIES},
                   play=[PlayPoint("elder", "lead", 1)])
        if task.answer_kind == "number":
            return r.total("elder")
        return "repique" if r.repique else "pique" if r.pique else "none"
    if k == "settle":
        return settle_partie(f["a"], f["b"]).points
    if k == "rule_yes":
        return "yes" if getattr(get_rules(f["preset"]), f["rule"]) else "no"
    if k == "discard_best":  # the candidate the exchange advisor ranks first
        ranked = advisor_ranks(" ".join(str(c) for c in hand), task.rules)
        return min(task.choices, key=lambda c: ranked[" ".join(sorted(c.split()))])
    raise AssertionError(k)


@cache
def advisor_ranks(hand: str, preset: str) -> dict[str, int]:
    """Each legal discard of Elder's ``hand`` (its sorted codes) -> its rank by the
    advisor (once a process: the ranking simulates)."""
    from academy.advisor import rank_discards

    return {" ".join(sorted(str(c) for c in a.discard)): i + 1 for i, a in enumerate(
        rank_discards(hand, role="elder", rules=preset))}


def _discard_ok(task: Task, discard: frozenset[Card]) -> bool:
    """The rule of a keep-the-combination discard, said again here."""
    target = set(task.facts["target"])
    return (len(discard) == task.count and discard <= set(task.pick)
            and not discard & target)


@pytest.mark.parametrize("stage_id", STAGE_IDS)
@CASES
@given(seed=SEEDS, preset=hst.sampled_from(sorted(PRESETS)))
def test_every_task_has_the_engines_answer(stage_id: str, seed: int, preset: str) -> None:
    task = make_task(stage_id, seed, preset)
    assert task == make_task(stage_id, seed, preset)  # deterministic
    assert check(task, task.answer).right
    if task.kind == "discard_keep":
        assert _discard_ok(task, task.answer)  # type: ignore[arg-type]
    else:
        assert task.answer == engine_answer(task)
    shown = _cards(task)
    assert task.answer_cards <= shown
    if task.answer_kind == "choice":
        assert task.answer in task.choices
        for other in task.choices:
            assert check(task, other).right == (other == task.answer)
    if task.answer_kind == "number":
        assert not check(task, int(task.answer) + 1).right  # type: ignore[call-overload]
    if task.answer_kind == "cards" and task.kind != "discard_keep":
        want = task.answer_cards
        if len(want) > 1:
            part = check(task, frozenset(list(want)[1:]))
            assert not part.right and part.partly and len(part.missing) == 1
        others = [c for c in task.pick if c not in want]
        if others:
            extra = check(task, want | {others[0]})
            assert not extra.right and extra.extra == (others[0],)


@pytest.mark.parametrize("stage_id", STAGE_IDS)
@CASES
@given(seed=SEEDS)
def test_the_hint_points_at_real_cards(stage_id: str, seed: int) -> None:
    task = make_task(stage_id, seed)
    h = hint(task, None)
    assert set(h.cards) <= _cards(task)
    text = says.hint_text(task, h)
    if task.kind in ("point_cards", "point_pips", "sequence_cards"):
        assert h.cards and {c.suit for c in h.cards} == {h.cards[0].suit}
        assert suit_name(h.cards[0].suit) in text
    if task.kind in ("set_cards", "set_score"):
        assert rank_name(h.cards[0].rank, 2) in text
    if task.kind in ("verdict", "younger_answer", "discard_keep") and h.cards:
        assert all(c.pretty in text for c in h.cards)
    if task.kind in ("must_play", "winning_cards"):
        assert suit_name(task.facts["led"].suit) in text


@pytest.mark.parametrize("stage_id", STAGE_IDS)
@settings(max_examples=5, derandomize=True, deadline=None)
@given(seed=SEEDS)
def test_every_text_comes_through_the_text_layer(stage_id: str, seed: int) -> None:
    task = make_task(stage_id, seed)
    with use_language(PSEUDO):
        texts = [says.prompt(task), says.hint_text(task, hint(task)),
                 says.feedback_hint(task, None, hint(task)), *says.explanation(task),
                 *says.context_lines(task), *(says.choice_text(task, c) for c in task.choices),
                 says.hand_label(task.role)]
    for t in texts:
        assert t.startswith("⟦") and t.endswith("⟧"), t


@CASES
@given(seed=SEEDS, data=hst.data())
def test_a_discard_is_right_exactly_when_the_engine_keeps_the_combination(
        seed: int, data: hst.DataObject) -> None:
    for stage_id in ("02-exchange/1", "02-exchange/3"):
        task = make_task(stage_id, seed)
        picked = frozenset(data.draw(hst.sets(hst.sampled_from(task.pick), max_size=6)))
        assert check(task, picked).right == _discard_ok(task, picked) or not picked


def test_bad_answers_are_nothing_given_never_an_error() -> None:
    task = make_task("04-point/1", 1)
    for bad in (None, "AS", 3, [1, 2], frozenset(), {"x": 1}, [DECK[0], "KS"]):
        assert check(task, bad).empty
    number = make_task("04-point/2", 1)
    for bad in ("12", True, 2.5, None, [3]):
        assert check(number, bad).empty
    assert check(number, float(number.answer)).right  # type: ignore[arg-type]
    choice = make_task("04-point/3", 1)
    assert check(choice, "nobody").empty and check(choice, 1).empty


def test_an_unknown_stage_is_named() -> None:
    with pytest.raises(StageError, match="05-nowhere/9"):
        make_task("05-nowhere/9", 1)
    with pytest.raises(StageError, match="…"):
        make_task("x" * 100, 1)


def test_seeds_differ_by_learner_stage_and_attempt() -> None:
    seeds = {task_seed(who, sid, n) for who in ("a", "b") for sid in STAGE_IDS[:3]
             for n in range(3)}
    assert len(seeds) == 18
    a, b = make_task("04-point/1", task_seed("a", "04-point/1", 0)), make_task(
        "04-point/1", task_seed("a", "04-point/1", 1))
    assert a.pick != b.pick  # a miss comes back with new cards


# --------------------------------------------------------------------------- the content


def test_every_lesson_has_a_path_of_short_stages() -> None:
    slugs = [lesson.slug for lesson in lessons()]
    assert list(LESSONS) == slugs
    for slug in slugs:
        stages = lesson_stages(slug)
        assert 2 <= len(stages) <= 6, slug
        assert [s.number for s in stages] == list(range(1, len(stages) + 1))
        for s in stages:
            assert s.id == f"{LESSONS[slug]}/{s.number}"
            words = stage_text(s)
            sentences = len(re.findall(r"[.!?](\s|$)", words.teach))
            assert words.title and 1 <= sentences <= 3 and len(words.teach) < 320, s.id
    assert len({s.id for s in STAGES}) == len(STAGES)


def test_a_language_without_stages_falls_back_to_english() -> None:
    s = STAGES[0]
    assert stage_text(s, "xx") == stage_text(s, "en")


# --------------------------------------------------------------------------- the queue

ACTIONS = hst.lists(hst.sampled_from(["right", "wrong", "skip", "advance"]), max_size=60)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(actions=ACTIONS)
def test_the_retry_queue(actions: list[str]) -> None:
    stages = [s.id for s in lesson_stages("point")]
    run = sess.start("point", stages)
    right_once: set[str] = set()
    for a in actions:
        if run.done:
            break
        now, before = sess.current(run), run.state
        if a == "right":
            step = sess.answer(run, right=True)
            if before is None or before is Step.HINT:
                assert step is Step.RIGHT
        elif a == "wrong":
            step = sess.answer(run, right=False)
            if before is None:
                assert step is Step.HINT
            elif before is Step.HINT:
                assert step is Step.REVEALED and run.first_try[now] is False  # type: ignore[index]
        elif a == "skip":
            sess.skip(run)
            if before is not Step.RIGHT:
                assert run.queue[-1] == now and run.state is None
        else:
            settled = run.state in (Step.RIGHT, Step.REVEALED)
            if run.state is Step.RIGHT:
                right_once.add(now)  # type: ignore[arg-type]
            sess.advance(run)
            if settled and before is Step.REVEALED:
                assert run.queue[-1] == now  # comes back later, with a new task
        assert set(run.queue) | right_once == set(stages)
        assert len(run.queue) == len(set(run.queue))
        right, total = sess.score(run)
        assert 0 <= right <= total == len(stages)
    if run.done:
        assert right_once == set(stages)

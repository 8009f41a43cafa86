"""piquet.walkthrough: a deal record cut into steps, each with its state and caption."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from piquet import RecordError, score_record
from piquet.cards import parse_cards
from piquet.walkthrough import build_steps, parse_scenario, walkthrough

SCENARIOS = Path(__file__).resolve().parents[1] / "content" / "scenarios"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_cavendish_steps_in_order_with_running_tally() -> None:
    w = walkthrough(load("cavendish-deal"), "cavendish-deal")
    kinds = [s.kind for s in w.steps]
    assert kinds[0] == "deal" and kinds[1:3] == ["exchange", "exchange"]
    assert kinds.count("trick") == 12 and kinds[-1] == "result"
    assert "blanche" not in kinds
    assert [s.number for s in w.steps] == list(range(1, len(w.steps) + 1))
    # the running totals never go down and end on the engine's sheet
    totals = [(s.tally["elder"]["total"], s.tally["younger"]["total"]) for s in w.steps]
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in pairwise(totals))
    assert w.steps[-1].tally == w.score.as_dict()
    # each dialogue line of the engine is one step, spoken in order
    lines = [s.line for s in w.steps if s.kind == "dialogue"]
    assert lines == [ln.text for ln in w.score.declarations.dialogue]


def test_state_shown_at_each_step() -> None:
    w = walkthrough(load("cavendish-deal"))
    deal, e_ex, y_ex = w.steps[:3]
    rec = w.score.record
    assert set(deal.elder_hand) == set(rec.elder) and len(deal.talon) == 8
    assert set(e_ex.elder_hand) == set(rec.elder_after) and len(e_ex.talon) == 3
    assert e_ex.drawn == rec.elder_drawn and e_ex.highlight == frozenset(rec.elder_drawn)
    assert set(y_ex.younger_hand) == set(rec.younger_after) and y_ex.talon == ()
    first = next(s for s in w.steps if s.kind == "trick")
    assert first.trick == tuple(parse_cards("AH 10H")) and first.trick_winner == "elder"
    assert len(first.elder_hand) == len(first.younger_hand) == 11
    assert first.tally["elder"]["play"] == 1
    assert w.steps[-1].elder_hand == () and w.steps[-1].tricks_won == (7, 5)


def test_captions_use_the_engine_explanations() -> None:
    w = walkthrough(load("cavendish-deal"))
    answers = [s for s in w.steps if s.kind == "dialogue" and s.speaker == "younger"
               and s.line in ("Good.", "Not good.", "Equal.")]
    verdicts = w.score.declarations.verdicts
    assert [v.explain() in s.caption for s, v in zip(answers, verdicts, strict=True)] == [True] * 3
    tricks = [s for s in w.steps if s.kind == "trick"]
    assert all(t.explain() in s.caption for s, t in zip(tricks, w.score.play.tricks, strict=True))
    assert "the cards, 10" in w.steps[-1].caption


def test_repique_and_pique_are_announced_where_they_happen() -> None:
    w = walkthrough(load("hoyle-170"))
    rep = [s for s in w.steps if "Repique" in s.announcement]
    assert len(rep) == 1 and rep[0].kind == "dialogue" and rep[0].tally["elder"]["repique"] == 60
    assert "Capot" in w.steps[-1].announcement
    w = walkthrough(load("pique-by-losing-lead"))
    pique = [s for s in w.steps if "Pique" in s.announcement]
    assert len(pique) == 1 and pique[0].kind == "trick" and pique[0].trick_winner == "younger"


def test_blanche_step_and_sinking_caption() -> None:
    w = walkthrough(load("blanche-blocks-repique"))
    assert w.steps[1].kind == "blanche" and w.steps[1].tally["younger"]["blanche"] == 10
    assert "carte blanche" in w.steps[1].caption.lower()
    w = walkthrough(load("sinking-changes-verdict"))
    assert any("sinks" in s.caption for s in w.steps if s.kind == "dialogue")


def test_scenario_captions_extend_or_replace() -> None:
    data = load("cavendish-deal")
    data["captions"] = {"1": "A note.", "2": {"text": "Instead.", "replace": True}}
    w = walkthrough(data)
    assert w.steps[0].note == "A note." and w.steps[0].full_caption.endswith("A note.")
    assert w.steps[0].caption.startswith("Younger (the dealer)")
    assert w.steps[1].caption == "Instead." and w.steps[1].note == ""


def test_bare_record_and_partial_record() -> None:
    rec = dict(load("hoyle-170")["record"])
    w = walkthrough(rec)
    assert w.scenario.title == "A deal" and w.steps[-1].tally["elder"]["total"] == 170
    rec["tricks"] = rec["tricks"][:3]
    steps = build_steps(rec)
    assert [s.kind for s in steps].count("trick") == 3
    assert "stops after 3 tricks" in steps[-1].caption
    assert steps[-1].tally == score_record(rec).as_dict()


def test_step_clamps() -> None:
    w = walkthrough(load("equal-point"))
    assert w.step(0).number == 1 and w.step(999).number == len(w.steps)


@pytest.mark.parametrize("bad, message", [
    ([], "must be an object"),
    ({"record": 3}, "'record' must be an object"),
    ({"record": {}, "title": 5}, "'title' must be text"),
    ({"record": {}, "captions": [1]}, "'captions' must be an object"),
    ({"record": {}, "captions": {"2": 7}}, "caption 2"),
])
def test_bad_scenarios_name_the_problem(bad: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_scenario(bad)


def test_bad_record_raises_the_engines_value_error() -> None:
    rec = dict(load("cavendish-deal")["record"])
    rec["tricks"] = [["AH", "QS"], *rec["tricks"][1:]]
    with pytest.raises(ValueError, match="follow suit"):
        walkthrough({"record": rec})

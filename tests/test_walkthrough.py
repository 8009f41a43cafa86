"""academy.walkthrough: a deal record cut into steps, each with its state and caption."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from said import raises_said

from academy.rule_text import (
    RULE_SENTENCES,
    blanche_call,
    blanche_is_shown,
    blanche_showing,
    rule_sentence,
)
from academy.walkthrough import (
    build_steps,
    decode_record,
    encode_record,
    parse_scenario,
    walkthrough,
)
from piquet import RecordError, get_rules, score_record
from piquet.cards import parse_cards
from piquet.deal import DealState, Phase
from piquet.declare import LineKind
from piquet.reckon import Role
from piquet.record import DealRecord
from words import use_language
from words.declarations import line_text, verdict_text
from words.play import trick_text
from words.walkthrough import (
    announcement_text,
    leftovers_done_text,
    tricks_stop_text,
    tricks_won_text,
)

SCENARIOS = Path(__file__).resolve().parents[1] / "content" / "scenarios"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """The captions these tests read are said in English."""
    with use_language("en"):
        yield


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
    assert lines == list(w.score.declarations.dialogue)
    assert all(s.line is not None and line_text(s.line) in s.title
               for s in w.steps if s.kind == "dialogue")


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
               and s.line is not None and s.line.kind is LineKind.ANSWER]
    verdicts = w.score.declarations.verdicts
    assert [verdict_text(v) in s.caption
            for s, v in zip(answers, verdicts, strict=True)] == [True] * 3
    tricks = [s for s in w.steps if s.kind == "trick"]
    assert all(trick_text(t) in s.caption
               for s, t in zip(tricks, w.score.play.tricks, strict=True))
    assert tricks_won_text("elder", 7, 5) in w.steps[-1].caption


def test_repique_and_pique_are_announced_where_they_happen() -> None:
    w = walkthrough(load("hoyle-170"))
    rep = [s for s in w.steps if any(ev.category == "repique" for ev in s.events)]
    assert len(rep) == 1 and rep[0].kind == "dialogue" and rep[0].tally["elder"]["repique"] == 60
    assert announcement_text("repique", "elder") in rep[0].announcement
    assert announcement_text("capot", "elder") in w.steps[-1].announcement
    w = walkthrough(load("pique-by-losing-lead"))
    pique = [s for s in w.steps if any(ev.category == "pique" for ev in s.events)]
    assert len(pique) == 1 and pique[0].kind == "trick" and pique[0].trick_winner == "younger"
    assert pique[0].announcement == announcement_text("pique", "elder")


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
    assert tricks_stop_text(3) in steps[-1].caption
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
    with raises_said(RecordError, message):
        parse_scenario(bad)


def test_bad_record_raises_the_engines_value_error() -> None:
    rec = dict(load("cavendish-deal")["record"])
    rec["tricks"] = [["AH", "QS"], *rec["tricks"][1:]]
    with raises_said(ValueError, "follow suit"):
        walkthrough({"record": rec})


# --------------------------------------------------------------------------- the rules stated

ELDER_BLANCHE = {
    "elder": "AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 8D",
    "younger": "KS QS JS KH QH JH KD QD JD KC QC JC",
    "talon": "AC 10C 9C 8C 7C 7S 7H 7D",
    "elder_discard": ["8D"], "younger_discard": ["JS"], "tricks": [],
}


def _records(preset: str) -> list[dict[str, Any]]:
    """Deals that make the walkthrough state every preset rule it states: Elder's and
    Younger's carte blanche, cards left in the talon, Younger keeping his cards, a last trick."""
    out: list[dict[str, Any]] = [dict(ELDER_BLANCHE, rules=preset)]
    for name in ("blanche-blocks-repique", "hoyle-170", "cavendish-deal", "equal-point",
                 "younger-repique", "capot"):
        rec = dict(load(name)["record"], rules=preset)
        if preset == "cavendish":
            rec.pop("younger_shows_leftovers", None)
            if not rec["younger_discard"]:
                continue
        out.append(rec)
    if preset == "britannica":
        keep = dict(load("cavendish-deal")["record"], rules=preset, younger_discard=[],
                    tricks=[])
        out += [keep, dict(keep, younger_shows_leftovers=True)]
    return out


OTHER = {"britannica": "cavendish", "cavendish": "britannica"}


@pytest.mark.parametrize("preset", ["britannica", "cavendish"])
def test_every_rule_the_walkthrough_states_is_the_presets(preset: str) -> None:
    rules = get_rules(preset)
    cited: set[str] = set()
    for rec in _records(preset):
        w = walkthrough(rec)
        assert w.score.record.rules is rules
        for s in w.steps:
            for flag, by_value in RULE_SENTENCES.items():
                mine, other = by_value[getattr(rules, flag)], by_value[not getattr(rules, flag)]
                if flag == "blanche_shown_after_opponent_discards" and s.kind == "blanche":
                    # the rule for the holder: "Elder shows it at once."
                    assert s.speaker is not None
                    mine = blanche_showing(rules, s.speaker)
                    other = blanche_showing(get_rules(OTHER[preset]), s.speaker)
                if flag in s.rules_cited:
                    assert mine in s.caption, (flag, s.caption)
                    cited.add(flag)
                else:  # a rule is stated only where the step says it cites it
                    assert mine not in s.full_caption, (flag, s.caption)
                assert other not in s.full_caption, (flag, s.caption)
            if s.kind == "blanche":
                holder = s.speaker
                assert holder is not None
                assert blanche_showing(rules, holder) in s.caption
                assert s.line is not None and s.line.kind is LineKind.BLANCHE
                assert line_text(s.line) == blanche_call(rules, holder)
            for ln in s.dialogue:
                if ln.kind is LineKind.BLANCHE:
                    assert line_text(ln) == blanche_call(rules, ln.speaker)
    expected = {"last_trick_point", "younger_may_look_at_leftovers",
                "blanche_shown_after_opponent_discards"}
    if not rules.younger_must_exchange:
        expected.add("younger_must_exchange")
    assert cited == expected


def _at_elder_exchange(rec: dict[str, Any]) -> DealState:
    d = DealState.from_record({**rec, "tricks": []})
    while d.phase is not Phase.ELDER_EXCHANGE:
        d = d.undo()
    return d


@pytest.mark.parametrize("preset", ["britannica", "cavendish"])
@pytest.mark.parametrize("holder", ["elder", "younger"])
def test_the_blanche_sentence_is_what_the_engine_shows(preset: str, holder: str) -> None:
    """When the walkthrough says carte blanche is shown, the opponent's view has the cards."""
    rules = get_rules(preset)
    rec = (dict(ELDER_BLANCHE, rules=preset) if holder == "elder"
           else dict(load("blanche-blocks-repique")["record"], rules=preset))
    rec.pop("younger_shows_leftovers", None)
    role: Role = "elder" if holder == "elder" else "younger"
    opponent: Role = "younger" if role == "elder" else "elder"
    d = _at_elder_exchange(rec)
    assert d.blanche == (role == "elder", role == "younger")
    moments = [(d, False, False)]
    d = d.discard("elder", rec["elder_discard"])
    moments.append((d, True, False))
    d = d.discard("younger", rec["younger_discard"])
    moments.append((d, True, True))
    sentence = blanche_showing(rules, role)
    for state, e_done, y_done in moments:
        shown = bool(state.view(opponent).opponent_blanche)
        assert shown is blanche_is_shown(rules, role, elder_discarded=e_done,
                                         younger_discarded=y_done)
    # and the sentence says that moment
    at_once = bool(_at_elder_exchange(rec).view(opponent).opponent_blanche)
    assert ("shows it at once" in sentence) is at_once
    if not at_once:
        other = "Younger" if role == "elder" else "Elder"
        done = "discarded" if rules.blanche_shown_after_opponent_discards else "exchanged"
        assert sentence.endswith(f"only after {other} has {done}.")


@pytest.mark.parametrize("preset", ["britannica", "cavendish"])
def test_the_leftovers_sentence_is_what_the_engine_shows(preset: str) -> None:
    """Who sees the cards Younger leaves, as the walkthrough says, is what the views hold."""
    rules = get_rules(preset)
    base = dict(load("cavendish-deal")["record"], rules=preset, younger_discard=["7S"],
                tricks=[])
    for turned_up in ((False, True) if preset == "britannica" else (False,)):
        rec = dict(base, younger_shows_leftovers=True) if turned_up else base
        d = DealState.from_record(rec).declare("elder").declare("younger")
        left = set(DealRecord.from_json(rec).talon_left)
        assert left
        step = walkthrough(rec).steps[2]
        assert rule_sentence(rules, "younger_may_look_at_leftovers") in step.caption
        before = {r: left <= set(d.view(r).seen_talon) for r in ("elder", "younger")}
        led = d.play("elder", d.legal_plays()[0])
        after_lead = left <= set(led.view("elder").seen_talon)
        if rules.younger_may_look_at_leftovers:
            # "Younger may look at them; ... Elder may see them too once he has named his lead"
            assert before == {"elder": False, "younger": True} and after_lead
        else:
            # "face up for both players to see, or face down for neither"
            assert before == {"elder": turned_up, "younger": turned_up}
            assert after_lead is turned_up
            assert (leftovers_done_text(len(left), True) in step.caption) is turned_up


def test_last_trick_sentence_and_score_agree() -> None:
    for preset in ("britannica", "cavendish"):
        rules = get_rules(preset)
        rec = dict(load("cavendish-deal")["record"], rules=preset)
        w = walkthrough(rec)
        last = next(s for s in w.steps if s.kind == "trick" and s.trick_number == 12)
        assert rule_sentence(rules, "last_trick_point") in last.caption
        winner = last.trick_winner
        assert winner is not None
        got = sum(ev.points for ev in last.events if ev.category == "last")
        assert got == (1 if rules.last_trick_point else 0)


def test_highlight_notes_name_what_is_outlined() -> None:
    for name in ("hoyle-170", "blanche-blocks-repique", "cavendish-deal"):
        for s in walkthrough(load(name)).steps:
            assert bool(s.highlight_note) == bool(s.highlight), (s.number, s.kind)
            if s.kind == "trick":
                assert s.trick is not None and len(s.highlight) == 1
                assert s.highlight <= set(s.trick)


def test_a_record_in_a_link_round_trips_and_bad_links_say_why() -> None:
    rec = load("cavendish-deal")["record"]
    value = encode_record(rec)
    assert len(value) < 600 and all(c.isalnum() or c in "-_" for c in value)
    assert score_record(decode_record(value)).as_dict() == score_record(rec).as_dict()
    plain = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    assert decode_record(plain)["elder"] == rec["elder"]
    for bad in ("", "%%%", "abc", value[:40], base64.urlsafe_b64encode(b"[1, 2]").decode(),
                "A" * 7000):
        with raises_said(RecordError, "the link's record"):
            decode_record(bad)

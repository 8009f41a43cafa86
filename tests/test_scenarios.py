"""Every scenario under content/scenarios/ is a real deal, and shows the lesson it is named for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from academy.walkthrough import parse_scenario, walkthrough
from piquet import score_record
from piquet.deal import DealState
from piquet.declare import Answer, LineKind
from piquet.record import DealScore

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "content" / "scenarios"
REQUIRED = (
    "younger-repique", "pique-by-losing-lead", "equal-point", "blanche-blocks-repique",
    "capot", "sinking-changes-verdict", "cavendish-deal", "hoyle-170",
)
# RULES.md section 10, examples 5 and 6 (also /work/shared/examples and tests/data).
EXPECTED = {
    "cavendish-deal": {
        "elder": {"blanche": 0, "point": 5, "sequences": 4, "sets": 0, "repique": 0, "pique": 0,
                  "play": 9, "cards": 10, "capot": 0, "total": 28},
        "younger": {"blanche": 0, "point": 0, "sequences": 0, "sets": 17, "repique": 0,
                    "pique": 0, "play": 6, "cards": 0, "capot": 0, "total": 23},
    },
    "hoyle-170": {
        "elder": {"blanche": 0, "point": 3, "sequences": 12, "sets": 42, "repique": 60,
                  "pique": 0, "play": 13, "cards": 0, "capot": 40, "total": 170},
        "younger": {"blanche": 0, "point": 0, "sequences": 0, "sets": 0, "repique": 0,
                    "pique": 0, "play": 0, "cards": 0, "capot": 0, "total": 0},
    },
}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def scored(name: str) -> DealScore:
    return score_record(load(name)["record"])


def all_names() -> list[str]:
    return sorted(p.stem for p in SCENARIOS.glob("*.json"))


def test_library_has_the_required_scenarios() -> None:
    names = all_names()
    assert len(names) >= 8
    assert set(REQUIRED) <= set(names)


@pytest.mark.parametrize("name", all_names())
def test_scenario_is_a_whole_valid_deal(name: str) -> None:
    data = load(name)
    for key in ("title", "lesson", "summary", "record"):
        assert isinstance(data[key], str if key != "record" else dict) and data[key], key
    score = score_record(data["record"])
    assert score.complete, "every scenario plays all twelve tricks"
    # the engine's state machine replays it to the same scores
    assert DealState.from_record(data["record"]).score().as_dict() == score.as_dict()
    w = walkthrough(data, name)
    assert w.steps[-1].tally == score.as_dict()
    assert w.scenario.title == data["title"]
    # every caption points at a real step
    assert all(1 <= n <= len(w.steps) for n in parse_scenario(data, name).captions)


def test_younger_repique() -> None:
    s = scored("younger-repique")
    assert s.score("younger", "repique") == 60
    assert s.reckoning.repique == "younger"
    assert s.as_dict()["elder"]["point"] == 0 and s.declarations.verdicts[0].reply is Answer.EQUAL


def test_pique_by_a_lead_that_loses_the_trick() -> None:
    s = scored("pique-by-losing-lead")
    assert s.score("elder", "pique") == 30 and s.reckoning.pique == "elder"
    events = s.reckoning.events
    i = next(i for i, ev in enumerate(events) if ev.category == "pique")
    thirtieth = events[i - 1]
    assert thirtieth.category == "lead" and thirtieth.player == "elder"
    assert thirtieth.elder_total == 30 and thirtieth.younger_total == 0
    trick = s.play.tricks[thirtieth.trick - 1]  # type: ignore[operator]
    assert trick.leader == "elder" and trick.winner == "younger"


def test_equal_point() -> None:
    s = scored("equal-point")
    v = s.declarations.verdicts[0]
    assert v.category == "point" and v.winner is None and v.reply is Answer.EQUAL
    assert v.elder is not None and v.younger is not None
    assert s.as_dict()["elder"]["point"] == s.as_dict()["younger"]["point"] == 0
    assert any(line.kind is LineKind.ANSWER and line.category == "point"
               for line in s.declarations.dialogue)


def test_blanche_blocks_repique() -> None:
    s = scored("blanche-blocks-repique")
    sheet = s.as_dict()
    assert sheet["younger"]["blanche"] == 10
    combos = sum(sheet["elder"][k] for k in ("point", "sequences", "sets"))
    assert combos >= 30 and sheet["elder"]["repique"] == 0 and s.reckoning.repique is None
    # the same hands without the carte blanche would give Elder a repique
    from piquet.reckon import reckon

    assert reckon(point=(sheet["elder"]["point"], 0),
                  sequences=(sheet["elder"]["sequences"], 0),
                  sets=(sheet["elder"]["sets"], 0)).repique == "elder"


def test_capot() -> None:
    s = scored("capot")
    sheet = s.as_dict()
    winner = "elder" if sheet["elder"]["capot"] else "younger"
    assert sheet[winner]["capot"] == 40 and sheet[winner]["cards"] == 0
    assert s.play.tricks_won(winner) == 12


def test_sinking_changes_a_verdict() -> None:
    data = load("sinking-changes-verdict")["record"]
    assert data.get("declarations"), "the record must sink something"
    sunk = score_record(data)
    full = score_record({k: v for k, v in data.items() if k != "declarations"})
    assert any(d.sunk for d in sunk.declarations.declarations)
    changed = [(a.category, a.winner, b.winner)
               for a, b in zip(sunk.declarations.verdicts, full.declarations.verdicts, strict=True)
               if a.winner != b.winner]
    assert changed, "sinking must change at least one verdict"
    assert sunk.as_dict() != full.as_dict()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_worked_deals_match_the_published_totals(name: str) -> None:
    assert scored(name).as_dict() == EXPECTED[name]
    shared = ROOT / "tests" / "data" / f"{name}.json"
    if shared.exists():
        example = json.loads(shared.read_text(encoding="utf-8"))
        assert scored(name).as_dict() == example["expected"]
        assert load(name)["record"] == example["record"]

"""The worked examples of RULES.md section 10 and the settlements of section 8, as golden tests.

Examples 1-4 are arithmetic (per-category scores through :func:`piquet.reckon`); examples 5-7
are real deals scored with :func:`piquet.score_record`. The JSON deals of ``shared/examples``
are copied into ``tests/data`` so the suite does not depend on the ``../shared`` checkout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from piquet import Answer, reckon, score_record, settle_partie
from words import use_language
from words.declarations import combination_name


def named(c: Any) -> str:
    """A sequence's or a set's name, in English words."""
    with use_language("en"):
        return combination_name(c)

TESTS = Path(__file__).resolve().parent
REPO_ROOT = TESTS.parent
DATA = TESTS / "data"
SHARED_EXAMPLES = REPO_ROOT.parent / "shared" / "examples"
EXAMPLE_FILES = ("cavendish-deal.json", "hoyle-170.json")


def load_example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def play_counts(score: Any, player: str) -> dict[str, int]:
    """How many lead, capture and last-trick points a player scored (from the reckoning)."""
    out = {"lead": 0, "capture": 0, "last": 0}
    for ev in score.reckoning.events:
        if ev.player == player and ev.category in out:
            out[ev.category] += ev.points
    return out


# --- example 1-4: reckoning arithmetic ------------------------------------------------


def test_example_1_repique_by_elder() -> None:
    """RULES.md §10 ex. 1 (the seed; Parlett): point 7, sequences 15 + 4 + 3, a trio 3 = 32,
    + repique 60 = 92."""
    r = reckon(point=(7, 0), sequences=(15 + 4 + 3, 0), sets=(3, 0))
    assert r.repique == "elder"
    assert r.pique is None
    assert r.score("elder", "repique") == 60
    assert r.total("elder") == 92
    assert r.total("younger") == 0
    # 7 + 22 = 29 after the sequences: the 30 (and so the repique) comes with the trio.
    cats = [e.category for e in r.events]
    assert cats == ["point", "sequences", "sets", "repique"]
    assert r.events[2].elder_total == 32


def test_example_1_carte_blanche_variant_no_repique() -> None:
    """RULES.md §10 ex. 1, second sentence: had Younger declared carte blanche, it would have
    reckoned first: no repique, Elder 32 (RULES.md §3, §6)."""
    r = reckon(blanche=(0, 10), point=(7, 0), sequences=(22, 0), sets=(3, 0))
    assert r.repique is None
    assert r.pique is None
    assert r.total("elder") == 32
    assert r.total("younger") == 10
    assert r.events[0].category == "blanche" and r.events[0].player == "younger"


def test_example_1_carte_blanche_variant_also_blocks_pique() -> None:
    """RULES.md §10 ex. 1 with Younger's carte blanche and Elder's lead: 33 but no pique
    either, since Younger has scored (RULES.md §3: blanche prevents the opponent's pique)."""
    r = reckon(blanche=(0, 10), point=(7, 0), sequences=(22, 0), sets=(3, 0),
               play=["elder"])
    assert r.repique is None and r.pique is None
    assert r.total("elder") == 33


def test_example_2_repique_by_younger() -> None:
    """RULES.md §10 ex. 2 (Parlett): point and sequence both Equal; Younger scores two
    quatorzes and a trio = 31, + repique 60 = 91."""
    r = reckon(point=(0, 0), sequences=(0, 0), sets=(0, 14 + 14 + 3))
    assert r.repique == "younger"
    assert r.total("younger") == 91
    assert r.total("elder") == 0


def test_example_2_elder_lead_does_not_block_younger_repique() -> None:
    """RULES.md §10 ex. 2 with Elder's first lead: Younger's sets reckon before the lead
    (RULES.md §6), so the repique stands; Elder has his 1 for leading."""
    r = reckon(sets=(0, 31), play=["elder"])
    assert r.repique == "younger"
    assert r.total("younger") == 91
    assert r.total("elder") == 1


def test_example_3_equality_does_not_save_a_pique() -> None:
    """RULES.md §10 ex. 3; Cavendish, Laws of Piquet (1882): point equal, quint 15,
    quatorze 14 = 29; Elder leads → 30 → pique: 60."""
    r = reckon(point=(0, 0), sequences=(15, 0), sets=(14, 0), play=["elder"])
    assert r.pique == "elder"
    assert r.repique is None
    assert r.score("elder", "pique") == 30
    assert r.total("elder") == 60


def test_example_3_without_the_lead_no_pique() -> None:
    """RULES.md §10 ex. 3: the 29 alone is neither a repique nor a pique."""
    r = reckon(sequences=(15, 0), sets=(14, 0))
    assert r.pique is None and r.repique is None
    assert r.total("elder") == 29


def test_example_4_no_repique_despite_32() -> None:
    """RULES.md §10 ex. 4; Cavendish, Laws of Piquet (1882): quint 15, tierce 3, quatorze 14
    = 32, but Younger's point was good and reckons before the sequences."""
    r = reckon(point=(0, 5), sequences=(15 + 3, 0), sets=(14, 0))
    assert r.repique is None
    assert r.pique is None
    assert r.total("elder") == 32
    assert r.total("younger") == 5


def test_example_4_control_without_younger_point_is_a_repique() -> None:
    """RULES.md §10 ex. 4, control: the same 32 with the point Equal is a repique (92)."""
    r = reckon(point=(0, 0), sequences=(18, 0), sets=(14, 0))
    assert r.repique == "elder"
    assert r.total("elder") == 92


# --- examples 5 and 6: the JSON deals -------------------------------------------------


def test_example_5_cavendish_full_deal_sheet() -> None:
    """RULES.md §10 ex. 5; Cavendish, Laws of Piquet (1882), cavendish rules:
    Elder 28, Younger 23 (shared/examples/cavendish-deal.json)."""
    ex = load_example("cavendish-deal.json")
    sheet = score_record(ex["record"]).as_dict()
    assert sheet == ex["expected"]
    assert sheet["elder"]["total"] == 28
    assert sheet["younger"]["total"] == 23


def test_example_5_cavendish_full_deal_details() -> None:
    """RULES.md §10 ex. 5; Cavendish (1882): point 5 making 49 v 48; quart major 4; three
    jacks not good against four tens 14 + three queens 3; Elder 9 + 7 leads + 1 capture +
    1 last + 10 cards, Younger 17 + 1 capture + 5 leads."""
    s = score_record(load_example("cavendish-deal.json")["record"])
    point, seqs, sets = s.declarations.verdicts
    assert (point.winner, point.elder.pips, point.younger.pips) == ("elder", 49, 48)
    assert point.points == 5
    assert seqs.winner == "elder" and named(seqs.elder) == "Quart major" and seqs.points == 4
    assert sets.winner == "younger" and sets.reply is Answer.NOT_GOOD
    assert named(sets.elder) == "Three jacks"
    assert sorted(c.score for c in sets.scored) == [3, 14]
    assert play_counts(s, "elder") == {"lead": 7, "capture": 1, "last": 1}
    assert play_counts(s, "younger") == {"lead": 5, "capture": 1, "last": 0}
    assert (s.play.tricks_won("elder"), s.play.tricks_won("younger")) == (7, 5)
    assert s.score("elder", "cards") == 10


def test_example_6_hoyle_maximum_deal_170() -> None:
    """RULES.md §10 ex. 6 (Hoyle; cavendish rules): point 3, four tierces 12, quatorzes of
    aces, kings, queens 42 = 57, repique 60, 12 + 1 last, capot 40 → 170; Younger 0
    (shared/examples/hoyle-170.json)."""
    ex = load_example("hoyle-170.json")
    s = score_record(ex["record"])
    sheet = s.as_dict()
    assert sheet == ex["expected"]
    assert sheet["elder"]["total"] == 170
    assert sheet["younger"]["total"] == 0
    assert play_counts(s, "elder") == {"lead": 12, "capture": 0, "last": 1}


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_example_copies_match_shared(name: str) -> None:
    """RULES.md §10 ex. 5 and 6: tests/data holds exact copies of shared/examples (checked
    only where ../shared is checked out beside the repository)."""
    shared = SHARED_EXAMPLES / name
    if not shared.exists():
        pytest.skip(f"{shared} is not checked out beside the repository")
    assert json.loads(shared.read_text(encoding="utf-8")) == load_example(name)


# --- example 7: a real deal where capot is not pique ----------------------------------

def _cards(text: str) -> list[str]:
    return text.split()


def _tricks(text: str) -> list[list[str]]:
    return [t.split("-") for t in text.split()]


EXAMPLE_7 = {
    "elder": _cards("AS KS QS JS 9S 8S AH KH 9H 7H 7D QC"),
    "younger": _cards("10S 7S JH 8H 9D 8D AC KC JC 10C QH 10H"),
    "talon": _cards("AD QD 10D 8C 7C KD JD 9C"),
    "elder_discard": ["7H", "7D", "QC"],
    "younger_discard": ["QH", "10H"],
    "tricks": _tricks("AS-7S KS-10S QS-7C JS-8C 9S-10C 8S-JC AH-8H KH-JH 9H-KC AD-8D QD-9D 10D-AC"),
}
"""Elder after the exchange: AS KS QS JS 9S 8S AH KH 9H AD QD 10D — point 6 (58 v Younger's
six clubs making 56), quart major 4, three aces 3 = 13; he leads and wins all twelve."""


def test_example_7_capot_is_not_pique_cavendish() -> None:
    """RULES.md §10 ex. 7; Cavendish, Laws of Piquet (1882), cavendish rules: point 6,
    quart major 4, three aces 3 = 13; 12 leads + 1 last = 26 before the capot; + 40 = 66,
    no pique."""
    s = score_record({**EXAMPLE_7, "rules": "cavendish"})
    e = s.as_dict()["elder"]
    assert (e["point"], e["sequences"], e["sets"]) == (6, 4, 3)
    assert e["play"] == 13
    assert e["pique"] == 0 and e["repique"] == 0
    assert e["cards"] == 0 and e["capot"] == 40
    assert e["total"] == 66
    assert s.as_dict()["younger"]["total"] == 0
    assert s.reckoning.pique is None
    assert sorted(map(str, s.record.elder_after)) == sorted(
        _cards("AS KS QS JS 9S 8S AH KH 9H AD QD 10D"))
    before_capot = s.reckoning.events[-2]
    assert before_capot.category == "last" and before_capot.elder_total == 26
    assert s.reckoning.events[-1].category == "capot"


def test_example_7_capot_is_not_pique_britannica() -> None:
    """RULES.md §10 ex. 7, last sentence; Parlett (Britannica): no point for the last
    trick, so 25 + 40 = 65."""
    s = score_record({**EXAMPLE_7, "rules": "britannica"})
    e = s.as_dict()["elder"]
    assert e["play"] == 12
    assert e["pique"] == 0 and e["capot"] == 40
    assert e["total"] == 65


# --- section 8: the settlements -------------------------------------------------------


def test_settlement_131_v_113_is_118() -> None:
    """RULES.md §8: 131 v 113 → 118 (loser at least 100: 100 + the difference)."""
    s = settle_partie(131, 113)
    assert (s.winner, s.points, s.rubiconed) == ("A", 118, False)


def test_settlement_125_v_81_is_306_rubicon() -> None:
    """RULES.md §8: 125 v 81 → 306 (rubicon: 100 + 125 + 81)."""
    s = settle_partie(125, 81)
    assert (s.winner, s.points, s.rubiconed) == ("A", 306, True)


def test_settlement_120_v_100_is_120() -> None:
    """RULES.md §8: 120 v 100 → 120 (the loser at exactly 100 is not rubiconed)."""
    s = settle_partie(120, 100)
    assert (s.winner, s.points, s.rubiconed) == ("A", 120, False)


def test_settlement_120_v_99_is_319() -> None:
    """RULES.md §8: 120 v 99 → 319 (rubicon: 100 + 120 + 99)."""
    s = settle_partie(120, 99)
    assert (s.winner, s.points, s.rubiconed) == ("A", 319, True)


def test_settlement_51_v_49_is_200() -> None:
    """RULES.md §8: 51 v 49 → 200 (the winner under 100 still collects 100 + the sum)."""
    s = settle_partie(51, 49)
    assert (s.winner, s.points, s.rubiconed) == ("A", 200, True)


@pytest.mark.parametrize(
    ("a", "b", "points"), [(131, 113, 118), (125, 81, 306), (120, 100, 120), (120, 99, 319),
                           (51, 49, 200)],
)
def test_settlements_are_symmetric_in_the_players(a: int, b: int, points: int) -> None:
    """RULES.md §8: the worked settlements with the players' totals the other way round."""
    s = settle_partie(b, a)
    assert s.winner == "B"
    assert s.points == points
    assert s.points >= 101

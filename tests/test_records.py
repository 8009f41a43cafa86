"""Deal records and score_record: the worked deals, every malformed record, partial deals, and
the differences between the presets (RULES.md sections 4, 7, 9)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from said import raises_said

from piquet import DealRecord, RecordError, score_record
from piquet.record import Step, StepKind
from words import use_language
from words.errors import error_text
from words.record import problem_text

DATA = Path(__file__).resolve().parent / "data"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


CAV = load("cavendish-deal.json")
HOYLE = load("hoyle-170.json")


def cav() -> dict[str, Any]:
    """A fresh copy of RULES.md §10 ex. 5's record (cavendish rules)."""
    rec: dict[str, Any] = copy.deepcopy(CAV["record"])
    return rec


def hoyle() -> dict[str, Any]:
    rec: dict[str, Any] = copy.deepcopy(HOYLE["record"])
    return rec


def english(e: RecordError) -> str:
    """The error as a page says it in English (the text layer, from its facts)."""
    with use_language("en"):
        return error_text(e)


def expect_error(record: object, *fragments: str) -> RecordError:
    """score_record must raise a RecordError (a ValueError) whose words (in English) have
    every fragment; any other exception type fails the test. The English developer message
    says the same, but quotes a value of the wrong type as it is rather than naming its
    kind."""
    try:
        score_record(record)  # type: ignore[arg-type]
    except RecordError as e:
        assert isinstance(e, ValueError)
        said = english(e)
        for f in fragments:
            assert f in said, f"{f!r} not in {said!r}"
        assert str(e).startswith(e.code) and said != str(e)  # the engine's facts, not words
        return e
    except Exception as e:  # pragma: no cover - the failure we are looking for
        pytest.fail(f"{type(e).__name__} instead of RecordError: {e}")
    pytest.fail("no error raised")


# --- the worked deals -----------------------------------------------------------------


@pytest.mark.parametrize("example", [CAV, HOYLE], ids=["cavendish-deal", "hoyle-170"])
def test_example_files_match_expected(example: dict[str, Any]) -> None:
    assert score_record(example["record"]).as_dict() == example["expected"]


def test_extra_keys_in_the_record_are_ignored() -> None:
    rec = {**cav(), "title": "Cavendish", "comment": {"any": ["thing"]}, "expected": 3}
    assert score_record(rec).as_dict() == CAV["expected"]


def test_record_from_dealrecord_and_round_trip() -> None:
    rec = DealRecord.from_json(cav())
    assert score_record(rec).as_dict() == CAV["expected"]
    again = rec.to_json()
    assert again["rules"] == "cavendish"
    assert score_record(again).as_dict() == CAV["expected"]


def test_record_accepts_card_strings() -> None:
    rec = cav()
    rec["elder"] = " ".join(rec["elder"]).lower()
    rec["talon"] = ",".join(rec["talon"])
    assert score_record(rec).as_dict() == CAV["expected"]


def test_exchange_draws_from_the_top_of_the_talon() -> None:
    rec = DealRecord.from_json(cav())
    assert [str(c) for c in rec.elder_drawn] == ["9S", "8S", "KH", "9C", "KD"]
    assert [str(c) for c in rec.younger_drawn] == ["QS", "AC", "7D"]
    assert rec.talon_left == ()
    elder_after = "AS JS 9S 8S AH KH QH JH 8H JC 9C KD"
    assert sorted(map(str, rec.elder_after)) == sorted(elder_after.split())


def test_elder_leftovers_go_to_younger_first() -> None:
    """RULES.md §4: Elder takes 3 and leaves 2; Younger may then take up to 5, the two
    leftovers first."""
    rec = cav()
    rec["rules"] = "britannica"
    rec["elder_discard"] = ["8C", "7C", "8D"]
    rec["younger_discard"] = ["7S", "9H", "7H", "10S", "QC"]
    rec["tricks"] = []
    d = DealRecord.from_json(rec)
    assert [str(c) for c in d.elder_drawn] == ["9S", "8S", "KH"]
    assert [str(c) for c in d.elder_left] == ["9C", "KD"]
    assert [str(c) for c in d.younger_drawn] == ["9C", "KD", "QS", "AC", "7D"]
    score_record(rec)  # a legal exchange


# --- preset differences ---------------------------------------------------------------


@pytest.mark.parametrize("example", [CAV, HOYLE], ids=["cavendish-deal", "hoyle-170"])
def test_britannica_differs_by_exactly_the_last_trick_point(example: dict[str, Any]) -> None:
    """RULES.md §9: the point for the last trick is the only scoring difference."""
    rec = copy.deepcopy(example["record"])
    cav_sheet = score_record(rec).as_dict()
    rec["rules"] = "britannica"
    brit_sheet = score_record(rec).as_dict()
    winner = score_record(rec).play.tricks[-1].winner
    for player in ("elder", "younger"):
        for key, value in cav_sheet[player].items():
            diff = 1 if player == winner and key in ("play", "total") else 0
            assert brit_sheet[player][key] == value - diff, (player, key)


def test_britannica_default_when_rules_missing() -> None:
    rec = cav()
    del rec["rules"]
    assert score_record(rec).as_dict()["elder"]["total"] == 27
    assert score_record(rec).record.rules.name == "britannica"


def test_cavendish_requires_younger_to_take_one() -> None:
    rec = cav()
    rec["younger_discard"] = []
    rec["tricks"] = []
    expect_error(rec, "Younger discards 0 cards", "1 to 3")
    rec["rules"] = "britannica"
    # britannica: Younger keeps his dealt hand; four tens (14), but only two queens now
    assert score_record(rec).as_dict()["younger"]["sets"] == 14


def test_cavendish_missing_younger_discard_is_zero() -> None:
    rec = cav()
    del rec["younger_discard"]
    expect_error(rec, "Younger discards 0 cards")


# --- partial records ------------------------------------------------------------------


@pytest.mark.parametrize("n", range(12))
def test_partial_record_scores_no_cards_or_capot(n: int) -> None:
    rec = cav()
    rec["tricks"] = rec["tricks"][:n]
    s = score_record(rec)
    d = s.as_dict()
    assert not s.complete
    for player in ("elder", "younger"):
        assert d[player]["cards"] == 0 and d[player]["capot"] == 0
    captures = sum(1 for t in s.play.tricks if t.winner != t.leader)
    assert d["elder"]["play"] + d["younger"]["play"] == n + captures  # no last-trick point
    assert d["younger"]["sets"] == 17 and d["elder"]["point"] == 5


@pytest.mark.parametrize("n", [0, 1, 11])
def test_partial_hoyle_has_no_capot_yet(n: int) -> None:
    rec = hoyle()
    rec["tricks"] = rec["tricks"][:n]
    d = score_record(rec).as_dict()["elder"]
    assert d["capot"] == 0 and d["cards"] == 0
    assert d["play"] == n
    assert d["repique"] == 60
    assert d["total"] == 57 + 60 + n


def test_tricks_key_may_be_absent() -> None:
    rec = cav()
    del rec["tricks"]
    d = score_record(rec).as_dict()
    assert d["elder"]["total"] == 9 and d["younger"]["total"] == 17


# --- invalid records ------------------------------------------------------------------


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def f(rec: dict[str, Any]) -> None:
        rec[key] = value
    return f


def _del(key: str) -> Callable[[dict[str, Any]], None]:
    def f(rec: dict[str, Any]) -> None:
        del rec[key]
    return f


def _item(key: str, index: int, value: object) -> Callable[[dict[str, Any]], None]:
    def f(rec: dict[str, Any]) -> None:
        rec[key][index] = value
    return f


INVALID: dict[str, tuple[Callable[[dict[str, Any]], None], tuple[str, ...]]] = {
    # cards twice / misplaced
    "card twice in elder": (_item("elder", 1, "AS"), ("Elder's hand holds AS twice",)),
    "card in both hands": (_item("younger", 0, "AS"), ("AS is in both hands",)),
    "card in hand and talon": (_item("talon", 7, "AS"), ("AS is both in a hand and in the talon",)),
    "card twice in talon": (_item("talon", 7, "9S"), ("the talon holds 9S twice",)),
    "elder 11 cards": (lambda r: r["elder"].pop(), ("Elder's hand has 11 cards", "12")),
    "younger 13 cards": (lambda r: r["younger"].append("9S"), ("Younger's hand has 13 cards",)),
    "talon 7 cards": (lambda r: r["talon"].pop(), ("the talon has 7 cards", "8")),
    # exchange
    "elder discards 6": (_set("elder_discard", ["KS", "8C", "7C", "9D", "8D", "AS"]),
                         ("Elder discards 6 cards", "1 to 5")),
    "elder discards 0": (_set("elder_discard", []), ("Elder discards 0 cards",)),
    "elder discards unheld": (_set("elder_discard", ["10S"]),
                              ("Elder discards 10S but does not hold it",)),
    "elder discards twice": (_set("elder_discard", ["KS", "KS"]), ("Elder discards KS twice",)),
    "younger discards 4 after 5": (_set("younger_discard", ["7S", "9H", "7H", "10S"]),
                                   ("Younger discards 4 cards", "1 to 3")),
    "younger discards unheld": (_set("younger_discard", ["AS"]),
                                ("Younger discards AS but does not hold it",)),
    # play
    "revoke": (_set("tricks", [["AH", "KC"]]),
               ("trick 1: Younger plays KC to AH but holds a heart", "must follow suit")),
    "elder plays unheld": (_set("tricks", [["KS", "10H"]]),
                           ("trick 1: Elder leads KS but does not hold it (he discarded it)",)),
    "younger plays unheld": (_set("tricks", [["AH", "KH"]]),
                             ("trick 1: Younger plays KH to AH but does not hold it "
                              "(Elder holds it)",)),
    "card played twice": (_set("tricks", [["AH", "10H"], ["AH", "7D"]]),
                          ("trick 2: Elder leads AH but does not hold it "
                           "(it was played in trick 1)",)),
    "wrong leader": (_set("tricks", [["AH", "10H"], ["KH", "7D"], ["QH", "10D"], ["JH", "JD"],
                                     ["8H", "QD"], ["KD", "AD"], ["9C", "AC"]]),
                     ("trick 7: Younger leads 9C but does not hold it (Elder holds it)",
                      "Younger leads trick 7 (he won trick 6)")),
    "13 tricks": (lambda r: r["tricks"].append(["AS", "KS"]),
                  ("the record has 13 tricks; a deal has 12",)),
    "trick of one card": (_set("tricks", [["AH"]]), ("trick 1 has 1 card;",)),
    "trick of three cards": (_set("tricks", [["AH", "10H", "KH"]]), ("trick 1 has 3 cards",)),
    # declarations
    "declared card not held": (_set("declarations", {"elder": {"point": ["10S"]}}),
                               ("Elder declares 10S in the point but does not hold it",)),
    "declared mixed set": (_set("declarations", {"younger": {"sets": [["10S", "10H", "QS"]]}}),
                           ("Younger's declared set 10S 10H QS mixes ranks",)),
    "declared 2-card run": (_set("declarations", {"elder": {"sequences": [["AH", "KH"]]}}),
                            ("a sequence needs at least three",)),
    "declared unknown category": (_set("declarations", {"elder": {"quint": []}}),
                                  ("unknown category 'quint'",)),
    "declaration not an object": (_set("declarations", {"elder": "all"}),
                                  ("Elder's declaration must be an object",)),
    "declarations a list": (_set("declarations", [1]), ("'declarations' must be an object",)),
    "declarations a number": (_set("declarations", 5), ("'declarations' must be an object",)),
    # presets
    "unknown preset": (_set("rules", "hoyle"), ("'hoyle' is not a rules preset",)),
    "preset a number": (_set("rules", 3), ("3 is not a rules preset",)),
    "preset a list": (_set("rules", ["cavendish"]), ("is not a rules preset",)),
    # missing keys
    "missing elder": (_del("elder"), ("the record has no 'elder'",)),
    "missing younger": (_del("younger"), ("the record has no 'younger'",)),
    "missing talon": (_del("talon"), ("the record has no 'talon'",)),
    "missing elder_discard": (_del("elder_discard"), ("the record has no 'elder_discard'",)),
    # wrong types
    "elder a number": (_set("elder", 5), ("Elder's hand must be a list of cards, not a number",)),
    "elder None": (_set("elder", None), ("Elder's hand must be a list of cards",)),
    "elder a dict": (_set("elder", {"AS": 1}), ("Elder's hand must be a list of cards",)),
    "elder numbers": (_set("elder", list(range(12))), ("Elder's hand: 0 is not a card",)),
    "elder nested lists": (_set("elder", [["AS"]] * 12), ("Elder's hand: ['AS'] is not a card",)),
    "elder bad token": (_item("elder", 0, "QQ"), ("Elder's hand", "'QQ' is not a card")),
    "talon numbers": (_item("talon", 0, 9), ("the talon: 9 is not a card",)),
    "discard None": (_set("elder_discard", None), ("Elder's discard must be a list of cards",)),
    "younger discard a number": (_set("younger_discard", 3),
                                 ("Younger's discard must be a list of cards",)),
    "tricks a dict": (_set("tricks", {"1": ["AH", "10H"]}), ("'tricks' must be a list",)),
    "tricks None": (_set("tricks", None), ("'tricks' must be a list",)),
    "tricks a string": (_set("tricks", "AH 10H"), ("'tricks' must be a list",)),
    "trick a number": (_set("tricks", [5]), ("trick 1 must be a list of cards, not a number",)),
    "trick None": (_set("tricks", [None]), ("trick 1 must be a list of cards",)),
    "trick numbers": (_set("tricks", [[1, 2]]), ("trick 1: 1 is not a card",)),
    "trick nested": (_set("tricks", [[["AH"], ["10H"]]]), ("trick 1: ['AH'] is not a card",)),
    "trick bytes": (_set("tricks", [[b"AH", b"10H"]]), ("trick 1: b'AH' is not a card",)),
    "declared point a number": (_set("declarations", {"elder": {"point": 5}}),
                                ("Elder's point must be a list of cards",)),
    "declared sets garbage": (_set("declarations", {"elder": {"sets": [[None]]}}),
                              ("None is not a card",)),
    "declared sequences None": (_set("declarations", {"younger": {"sequences": None}}),
                                ("Younger's sequences must be a list",)),
}


@pytest.mark.parametrize("case", list(INVALID))
def test_invalid_record_raises_record_error(case: str) -> None:
    mutate, fragments = INVALID[case]
    rec = cav()
    mutate(rec)
    expect_error(rec, *fragments)


@pytest.mark.parametrize("value", [None, 5, "record", [], [("elder", [])], b"{}", 1.5])
def test_non_dict_input(value: object) -> None:
    expect_error(value, "a deal record must be an object")


def test_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)
    with raises_said(ValueError, "no 'talon'"):
        score_record({"elder": [], "younger": []})


def test_trick_as_a_mapping_is_rejected() -> None:
    rec = cav()
    rec["tricks"] = [{"AH": 0, "10H": 1}]
    with raises_said(RecordError, "trick 1"):
        score_record(rec)


@pytest.mark.parametrize("value", [0, False, "", []])
def test_falsy_declarations_garbage_is_rejected(value: object) -> None:
    rec = cav()
    rec["declarations"] = value
    with raises_said(RecordError, "'declarations' must be an object"):
        score_record(rec)


def test_declarations_sink_in_a_record() -> None:
    """RULES.md §5 sinking, in a record: Younger calls three tens (not four); Elder's three
    jacks then score."""
    rec = cav()
    rec["declarations"] = {"younger": {"sets": [["10S", "10H", "10C"]]}}
    d = score_record(rec).as_dict()
    assert d["younger"]["sets"] == 0 and d["elder"]["sets"] == 3
    assert d["elder"]["total"] == 28 + 3
    assert d["younger"]["total"] == 23 - 17


def test_declared_nines_in_a_record() -> None:
    """RULES.md §5, §11: nines never form sets, so declaring three nines is an error."""
    rec = hoyle()
    rec["declarations"] = {"younger": {"sets": [["9H", "9D", "9C"]]}}
    expect_error(rec, "nines never form sets")


def test_declarations_none_means_full() -> None:
    rec = cav()
    rec["declarations"] = {"elder": None, "younger": None}
    assert score_record(rec).as_dict() == CAV["expected"]


# --- the sheet ------------------------------------------------------------------------


def test_sheet_keys_and_totals() -> None:
    for ex in (CAV, HOYLE):
        d = score_record(ex["record"]).as_dict()
        for row in d.values():
            assert list(row) == ["blanche", "point", "sequences", "sets", "repique", "pique",
                                 "play", "cards", "capot", "total"]
            assert row["total"] == sum(v for k, v in row.items() if k != "total")
            assert min(row.values()) >= 0


def test_total_method_matches_sheet() -> None:
    s = score_record(cav())
    assert (s.total("elder"), s.total("younger")) == (28, 23)
    assert s.reckoning.total("elder") == 28
    assert s.reckoning.total("younger") == 23


def test_younger_turns_his_leftovers_face_up_under_britannica() -> None:
    """RULES.md §4 and §9: under britannica the cards Younger leaves are turned face up for
    both, or left face down for neither; it changes what is seen, not the score."""
    from piquet.deal import DealState

    d = DealState.deal(seed=11)
    d = d.discard("elder", d.hand("elder")[:5])
    left_face_down = d.discard("younger", d.hand("younger")[:1])
    face_up = d.discard("younger", d.hand("younger")[:1], show_leftovers=True)
    left = face_up.talon[6:]
    assert len(left) == 2
    assert not set(left) & set(left_face_down.view("elder").seen_talon)
    assert set(left) <= set(face_up.view("elder").seen_talon)
    assert set(left) <= set(face_up.view("younger").seen_talon)
    rec = face_up.record()
    assert rec["younger_shows_leftovers"] is True
    assert DealState.from_record(rec).view("elder").seen_talon == face_up.view("elder").seen_talon
    rec["rules"] = "cavendish"
    with raises_said(RecordError, "cavendish"):
        score_record(rec)


# --- record_problems: every problem of shape at once, then the first rule broken ----------


def test_example_records_have_no_problems() -> None:
    from piquet import record_problems

    for rec in (cav(), hoyle(), DealRecord.from_json(cav())):
        assert record_problems(rec) == ()


def test_every_problem_of_shape_at_once() -> None:
    from piquet import record_problems

    rec = cav()
    del rec["talon"]
    rec["elder"][3] = "QQ"
    rec["elder"][4] = 7
    rec["younger"] = rec["younger"][:11]
    rec["elder_discard"] = ["KS", "KS"]
    rec["declarations"] = {"elder": {"point": 5, "quint": []}, "dummy": None}
    rec["tricks"][2] = ["QH"]
    rec["younger_shows_leftovers"] = "yes"
    found = [(p.code, p.pointer) for p in record_problems(rec)]
    assert found == [
        ("missing_key", "/talon"),
        ("not_a_card", "/elder/3"), ("not_a_card", "/elder/4"),
        ("card_count", "/younger"),
        ("card_twice", "/elder_discard/1"),
        ("unknown_key", "/declarations/dummy"),
        ("unknown_key", "/declarations/elder/quint"),
        ("wrong_type", "/declarations/elder/point"),
        ("wrong_type", "/younger_shows_leftovers"),
        ("card_count", "/tricks/2"),
    ]
    problems = record_problems(rec)
    assert all(p.is_shape and p.step is None for p in problems)
    assert problems[1].value == "QQ" and problems[1].path == ("elder", 3)
    with use_language("en"):
        assert problem_text(problems[2]) == "Elder's hand: 7 is not a card"
        assert problem_text(problems[3]) == "Younger's hand has 11 cards; it must have 12"
    assert problems[3].facts["count"] == 11
    with pytest.raises(RecordError) as info:
        score_record(rec)
    assert info.value.problems == problems
    assert info.value.code == "missing_key" and info.value.path == ("talon",)
    assert str(info.value) == str(problems[0])


def test_the_first_rule_broken_names_its_step() -> None:
    """The issue's example: trick 4, Younger plays a spade to a diamond holding diamonds."""
    from piquet import record_problems

    rec = cav()
    rec["tricks"] = [*rec["tricks"][:3], ["KD", "10S"]]
    (p,) = record_problems(rec)
    words = "trick 4: Younger plays 10S to KD but holds a diamond: he must follow suit"
    with use_language("en"):
        assert problem_text(p) == words
    assert (p.code, p.step, p.path, p.value, p.is_shape) == (
        "revoke", Step(StepKind.TRICK, trick=4), ("tricks", 3, 1), "10S", False)
    assert (str(p.facts["card"]), str(p.facts["led"]), p.facts["role"]) == ("10S", "KD", "younger")
    e = expect_error(rec, words)
    assert (e.code, e.values, e.path, e.problems) == ("revoke", ("10S",), p.path, (p,))


@pytest.mark.parametrize(("mutate", "code", "step"), [
    (_item("younger", 0, "AS"), "card_in_two_places", Step(StepKind.DEAL)),
    (_set("elder_discard", ["10S"]), "discard_not_held", Step(StepKind.EXCHANGE)),
    (_set("younger_discard", []), "discard_count", Step(StepKind.EXCHANGE)),
    (_set("younger_shows_leftovers", True), "leftovers_face_up", Step(StepKind.EXCHANGE)),
    (_set("declarations", {"younger": {"sets": [["9H", "9D", "9C"]]}}), "bad_declaration",
     Step(StepKind.DECLARATION, role="younger")),
    (_set("tricks", [["AH", "10H"], ["AH", "7D"]]), "card_not_held",
     Step(StepKind.TRICK, trick=2)),
], ids=["deal", "discard", "younger count", "leftovers", "declaration", "trick"])
def test_each_step_of_the_replay(mutate: Callable[[dict[str, Any]], None], code: str,
                                 step: Step) -> None:
    from piquet import record_problems

    rec = cav()
    mutate(rec)
    (p,) = record_problems(rec)
    assert (p.code, p.step) == (code, step)
    assert str(expect_error(rec)) == str(p)


def test_replay_order_declarations_before_tricks() -> None:
    """The deal is replayed in order: a bad declaration is named before a bad trick."""
    from piquet import record_problems

    rec = cav()
    rec["declarations"] = {"elder": {"point": ["10S"]}}
    rec["tricks"] = [["KS", "10H"]]
    assert [p.step for p in record_problems(rec)] == [Step(StepKind.DECLARATION, role="elder")]


def test_younger_count_explains_the_preset() -> None:
    rec = cav()
    rec["younger_discard"] = []
    expect_error(rec, "Younger discards 0 cards, but may exchange 1 to 3: under cavendish he "
                 "must exchange at least 1")
    rec["rules"] = "britannica"
    rec["younger_discard"] = ["7S", "9H", "7H", "10S"]
    expect_error(rec, "Younger discards 4 cards; Younger may exchange 0 to 3",
                 "(Elder took 5, which leaves 3 in the talon)")


def test_record_problem_pointer_and_str() -> None:
    from piquet import RecordProblem

    p = RecordProblem("unknown_key", ("declarations", "a/b~c"), 1)
    assert p.pointer == "/declarations/a~1b~0c"
    assert str(p) == "unknown_key /declarations/a~1b~0c: 1"  # facts: code, pointer, value
    with pytest.raises(AttributeError):
        p.code = "missing_key"  # type: ignore[misc]


def test_lenient_notation_is_still_read() -> None:
    """The engine reads lower case, T for ten and a list as one text, as before."""
    from piquet import record_problems

    rec = cav()
    rec["younger"] = " ".join(rec["younger"]).lower().replace("10", "T")
    rec["tricks"] = [[a.lower(), b] for a, b in rec["tricks"]]
    assert record_problems(rec) == ()
    assert score_record(rec).as_dict() == CAV["expected"]


def test_walkthrough_record_errors_keep_working() -> None:
    """RecordError without a code still works."""
    e = RecordError()
    assert (e.code, e.values, e.path, e.problems) == ("invalid_record", (), (), ())

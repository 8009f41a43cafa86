"""Declarations (RULES.md section 5): verdicts and their reasons, the explanations, the
Good / Not good / Equal dialogue, sinking, and every invalid declaration."""

from __future__ import annotations

from typing import Any

import pytest
from said import raises_said

from piquet import (
    CardError,
    DeclarationError,
    DialogueLine,
    HandError,
    Reason,
    RulesError,
    parse_cards,
    score_declarations,
)
from piquet.declare import Answer, LineKind, declaration_from_spec
from words import use_language
from words.declarations import combination_name, line_text, verdict_text


def explain(v: Any) -> str:
    """The verdict in English words."""
    with use_language("en"):
        return verdict_text(v)


def said(line: DialogueLine) -> str:
    """A line of the dialogue in English words."""
    with use_language("en"):
        return line_text(line)


def named(c: Any) -> str:
    """A sequence or set's name in English."""
    with use_language("en"):
        return combination_name(c)

# RULES.md §10 ex. 5 (Cavendish 1882), hands after the exchange.
CAV_E = "AS JS 9S 8S AH KH QH JH 8H JC 9C KD"
CAV_Y = "10S QS 10H KC QC 10C AC AD QD JD 10D 7D"
# RULES.md §10 ex. 6 (Hoyle), hands after the exchange.
HOYLE_E = "AS AH AD AC KS KH KD KC QS QH QD QC"
HOYLE_Y = "JS 10S 8S JH 10H 9H JD 10D 9D JC 10C 9C"
# Elder: septième K-7 of spades and quint J-7 of hearts; Younger: aces, kings, queens.
SEPT_E = "KS QS JS 10S 9S 8S 7S JH 10H 9H 8H 7H"
AKQ_Y = "AS AH AD AC KH KD KC QH QD QC JD JC"
# Two huitièmes: everything Equal, no sets at all.
HUIT_E = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
HUIT_Y = "AD KD QD JD 10D 9D 8D 7D AC KC QC JC"


def verdicts(elder: str, younger: str, **kw: Any) -> dict[str, Any]:
    return {v.category: v for v in score_declarations(elder, younger, **kw).verdicts}


def lines(elder: str, younger: str, **kw: Any) -> list[tuple[str, str, str]]:
    return [(d.speaker, said(d), d.category)
            for d in score_declarations(elder, younger, **kw).dialogue]


# --- verdicts and reasons -------------------------------------------------------------


def test_point_more_pips_49_v_48() -> None:
    v = verdicts(CAV_E, CAV_Y)["point"]
    assert v.winner == "elder"
    assert v.reason is Reason.MORE_PIPS
    assert (v.elder.length, v.elder.pips, v.younger.length, v.younger.pips) == (5, 49, 5, 48)
    assert v.points == 5
    assert v.reply is Answer.GOOD
    text = explain(v)
    assert "49" in text and "48" in text and "5" in text
    assert text == "Both have 5 cards; Elder's make 49, Younger's 48: Elder scores 5."


def test_point_longer() -> None:
    v = verdicts(SEPT_E, AKQ_Y)["point"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.LONGER, 7)
    assert v.younger.length == 4
    text = explain(v)
    assert "7 cards" in text and "4 cards" in text and "longer" in text
    assert text.endswith("Elder scores 7.")


def test_sequence_longer() -> None:
    v = verdicts(CAV_E, CAV_Y)["sequences"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.LONGER, 4)
    assert named(v.elder) == "Quart major" and named(v.younger) == "Tierce major"
    assert "quart major" in explain(v) and "tierce major" in explain(v)
    assert explain(v).endswith("Elder scores 4.")


def test_sequence_longer_scores_all_of_the_winner() -> None:
    v = verdicts(SEPT_E, AKQ_Y)["sequences"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.LONGER, 32)
    assert [named(q) for q in v.scored] == ["Septième minor", "Quint minor"]
    assert "17 + 15 = 32" in explain(v)


def test_sequence_higher() -> None:
    v = verdicts(HOYLE_E, HOYLE_Y)["sequences"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.HIGHER, 12)
    assert named(v.younger) == "Tierce to the jack"
    text = explain(v)
    assert "higher" in text and "3 + 3 + 3 + 3 = 12" in text


def test_set_higher_between_quatorzes() -> None:
    v = verdicts(HOYLE_E, HOYLE_Y)["sets"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.HIGHER, 42)
    assert named(v.elder) == "Fourteen aces" and named(v.younger) == "Fourteen jacks"
    assert "14 + 14 + 14 = 42" in explain(v)


def test_set_higher_between_trios() -> None:
    v = verdicts("KS KH KD 7S 8S 7H 8H 7D 8D 7C 8C 9C",
                 "QS QH QD AS 9S 10S 9H 10H 9D 10D AC JC")["sets"]
    assert (v.winner, v.reason, v.points) == ("elder", Reason.HIGHER, 3)
    assert "three kings" in explain(v) and "three queens" in explain(v)


def test_quatorze_beats_trio() -> None:
    v = verdicts(CAV_E, CAV_Y)["sets"]
    assert (v.winner, v.reason, v.points) == ("younger", Reason.QUATORZE_BEATS_TRIO, 17)
    assert v.reply is Answer.NOT_GOOD
    text = explain(v)
    assert "fourteen tens" in text and "three jacks" in text
    assert "14 + 3 = 17" in text


def test_quatorze_of_tens_beats_trio_of_aces() -> None:
    v = verdicts("AS AH AD KS QS 7S KH QH 8H 7D 8D 9D",
                 "10S 10H 10D 10C 9S 8S 9H 7H 9C 8C 7C JD")["sets"]
    assert (v.winner, v.reason, v.points) == ("younger", Reason.QUATORZE_BEATS_TRIO, 14)


def test_equal_point_and_equal_sequences() -> None:
    vs = verdicts(HUIT_E, HUIT_Y)
    for cat in ("point", "sequences"):
        assert vs[cat].winner is None
        assert vs[cat].reason is Reason.EQUAL
        assert vs[cat].points == 0 and vs[cat].scored == ()
        assert vs[cat].reply is Answer.EQUAL
    assert explain(vs["point"]) == ("Both points are 8 cards making 75: Equal, nobody scores "
                                     "the point.")
    assert "huitième major" in explain(vs["sequences"])
    assert "not even lesser ones" in explain(vs["sequences"])


def test_none_declared() -> None:
    v = verdicts(HUIT_E, HUIT_Y)["sets"]
    assert (v.winner, v.reason, v.points, v.reply) == (None, Reason.NONE, 0, None)
    assert explain(v) == "Neither player declares a set: nobody scores."


def test_unopposed() -> None:
    v = verdicts(SEPT_E, AKQ_Y)["sets"]
    assert (v.winner, v.reason, v.points) == ("younger", Reason.UNOPPOSED, 20)
    assert v.reply is None  # Elder called nothing
    text = explain(v)
    assert "unopposed" in text and "14 + 3 + 3 = 20" in text


def test_unopposed_by_elder() -> None:
    v = verdicts(CAV_E, CAV_Y, younger_declares={"point": []})["point"]
    assert (v.winner, v.reason, v.points, v.reply) == ("elder", Reason.UNOPPOSED, 5, Answer.GOOD)
    assert explain(v) == ("Younger declares no point, so Elder's 5 cards is unopposed: "
                           "Elder scores 5.")


# --- the dialogue ---------------------------------------------------------------------


def test_dialogue_cavendish_deal() -> None:
    """RULES.md §5 dialogue, on §10 ex. 5: Five / What do they make? / Forty-nine / Good."""
    d = score_declarations(CAV_E, CAV_Y).dialogue
    assert all(isinstance(x, DialogueLine) for x in d)
    assert [(x.speaker, said(x)) for x in d[:8]] == [
        ("elder", "Five."),
        ("younger", "What do they make?"),
        ("elder", "Forty-nine."),
        ("younger", "Good."),
        ("elder", "Quart major."),
        ("younger", "Good."),
        ("elder", "Three jacks."),
        ("younger", "Not good."),
    ]
    assert d[8].speaker == "elder" and "nine" in said(d[8])
    assert "And one I lead: ten." in said(d[8])
    assert d[9].speaker == "younger" and said(d[9]).endswith("seventeen.")


def test_dialogue_lines_are_facts() -> None:
    """What each line does, its numbers and what it names: no words in the engine."""
    d = score_declarations(CAV_E, CAV_Y).dialogue
    assert [(x.kind, x.numbers, x.category) for x in d[:8]] == [
        (LineKind.CALL_POINT, (5,), "point"), (LineKind.ASK_PIPS, (), "point"),
        (LineKind.GIVE_PIPS, (49,), "point"), (LineKind.ANSWER, (), "point"),
        (LineKind.CALL_RUN, (4, 7), "sequences"), (LineKind.ANSWER, (), "sequences"),
        (LineKind.CALL_SET, (3, 4), "sets"), (LineKind.ANSWER, (), "sets"),
    ]
    assert [x.combination for x in d if x.kind is LineKind.ANSWER] == [
        Answer.GOOD, Answer.GOOD, Answer.NOT_GOOD]
    elder, younger = d[8], d[9]
    assert (elder.kind, elder.numbers, younger.kind, younger.numbers) == (
        LineKind.SCORE, (9, 10), LineKind.SCORE, (17,))
    assert [named(c) for c in younger.combination] == ["Fourteen tens", "Three queens"]
    assert not any(hasattr(x, "text") for x in d)


def test_dialogue_in_the_pseudo_locale() -> None:
    """Every line is a message of the text layer (wrapped whole by the pseudo-locale)."""
    d = score_declarations(HOYLE_E, HOYLE_Y, elder_blanche=True).dialogue
    with use_language("qps"):
        texts = [line_text(x) for x in d]
    assert all(t.startswith("⟦") and t.endswith("⟧") for t in texts), texts


def test_what_do_they_make_only_when_lengths_equal() -> None:
    unequal = lines(SEPT_E, AKQ_Y)
    assert all(t != "What do they make?" for _, t, _ in unequal)
    assert unequal[:2] == [("elder", "Seven.", "point"), ("younger", "Good.", "point")]
    equal = lines(HUIT_E, HUIT_Y)
    assert equal[:4] == [("elder", "Eight.", "point"),
                         ("younger", "What do they make?", "point"),
                         ("elder", "Seventy-five.", "point"),
                         ("younger", "Equal.", "point")]


def test_dialogue_equal_sequences_and_no_set() -> None:
    d = lines(HUIT_E, HUIT_Y)
    assert ("elder", "Huitième major.", "sequences") in d
    assert ("younger", "Equal.", "sequences") in d
    assert ("elder", "No set.", "sets") in d
    assert d[-1] == ("elder", "One I lead: one.", "score")


def test_dialogue_not_good_answers() -> None:
    d = lines(AKQ_Y, SEPT_E)  # the strong hand is now Younger's
    answers = [t for s, t, c in d if s == "younger" and c in ("point", "sequences")]
    assert answers == ["Not good.", "Not good."]


def test_dialogue_answers_match_verdicts() -> None:
    s = score_declarations(HOYLE_E, HOYLE_Y)
    assert [v.reply for v in s.verdicts] == [Answer.GOOD] * 3
    younger_lines = [said(x) for x in s.dialogue if x.speaker == "younger"]
    assert younger_lines.count("Good.") == 3


def test_dialogue_carte_blanche_lines() -> None:
    d = lines(HUIT_E, HUIT_Y, elder_blanche=True)
    assert d[0][0] == "elder" and d[0][1].startswith("Carte blanche")
    assert d[-1] == ("elder", "Ten for carte blanche, and one I lead: eleven.", "score")


# --- sinking --------------------------------------------------------------------------


def test_sinking_quatorze_to_trio_loses_the_sets() -> None:
    """RULES.md §5 sinking: Younger calls three tens holding four; Elder's three jacks are
    then higher and score; Younger scores no set."""
    full = score_declarations(CAV_E, CAV_Y).as_dict()
    sunk = score_declarations(CAV_E, CAV_Y,
                              younger_declares={"sets": [["10S", "10H", "10C"]]})
    d = sunk.as_dict()
    assert full["younger"]["sets"] == 17 and full["elder"]["sets"] == 0
    assert d["younger"]["sets"] == 0
    assert d["elder"]["sets"] == 3
    v = sunk.verdicts[2]
    assert (v.winner, v.reason) == ("elder", Reason.HIGHER)
    assert sunk.declarations[1].sunk is True
    assert sunk.declarations[0].sunk is False


def test_sinking_the_point_gives_it_away() -> None:
    """RULES.md §5 sinking: Elder calls four hearts instead of five: Younger's 5 wins."""
    d = score_declarations(CAV_E, CAV_Y,
                           elder_declares={"point": ["AH", "KH", "QH", "JH"]}).as_dict()
    assert d["elder"]["point"] == 0
    assert d["younger"]["point"] == 5


def test_sinking_quart_to_tierce_makes_it_equal() -> None:
    """RULES.md §5 sinking: a tierce major called from a quart major is Equal with Younger's
    tierce major: neither scores any sequence."""
    s = score_declarations(CAV_E, CAV_Y, elder_declares={"sequences": [["AH", "KH", "QH"]]})
    assert s.verdicts[1].reason is Reason.EQUAL
    assert s.as_dict()["elder"]["sequences"] == 0
    assert s.as_dict()["younger"]["sequences"] == 0


def test_winner_scores_only_what_he_declared() -> None:
    """RULES.md §5 sinking: the winner scores the combinations he declared; what he sank
    is not scored (Elder declares only the septième, not the quint)."""
    d = score_declarations(SEPT_E, AKQ_Y, elder_declares={
        "sequences": [["KS", "QS", "JS", "10S", "9S", "8S", "7S"]]}).as_dict()
    assert d["elder"]["sequences"] == 17
    assert d["elder"]["repique"] == 0  # 7 + 17 = 24 before Younger's sets


def test_empty_list_declares_nothing() -> None:
    """RULES.md §5 sinking: declaring no sequence loses the category to any declaration."""
    s = score_declarations(CAV_E, CAV_Y, elder_declares={"sequences": []})
    d = s.as_dict()
    assert d["elder"]["sequences"] == 0
    assert d["younger"]["sequences"] == 6  # tierce major + tierce to the queen
    assert s.verdicts[1].reason is Reason.UNOPPOSED
    assert ("elder", "No sequence.", "sequences") in [
        (x.speaker, said(x), x.category) for x in s.dialogue]


def test_empty_declaration_everywhere() -> None:
    d = score_declarations(CAV_E, CAV_Y, elder_declares={
        "point": [], "sequences": [], "sets": []}).as_dict()
    assert d["elder"]["total"] == 0
    assert d["younger"] == {"blanche": 0, "point": 5, "sequences": 6, "sets": 17,
                            "repique": 0, "total": 28}


def test_category_left_out_is_declared_in_full() -> None:
    """A spec without a category declares that category in full."""
    d = score_declarations(CAV_E, CAV_Y, elder_declares={"sets": []}).as_dict()
    assert (d["elder"]["point"], d["elder"]["sequences"]) == (5, 4)
    assert d["younger"]["sets"] == 17
    assert score_declarations(CAV_E, CAV_Y, elder_declares={}).as_dict() == \
        score_declarations(CAV_E, CAV_Y).as_dict()


def test_declaring_in_full_explicitly_is_not_sinking() -> None:
    spec = {"point": ["AH", "KH", "QH", "JH", "8H"], "sequences": [["AH", "KH", "QH", "JH"]],
            "sets": [["JS", "JH", "JC"]]}
    s = score_declarations(CAV_E, CAV_Y, elder_declares=spec)
    assert s.declarations[0].sunk is False
    assert s.as_dict() == score_declarations(CAV_E, CAV_Y).as_dict()


def test_declaring_part_of_a_longer_run() -> None:
    d = score_declarations(SEPT_E, AKQ_Y, elder_declares={
        "sequences": [["KS", "QS", "JS", "10S"]]}).as_dict()
    # Elder's quart to the king loses to Younger's quart majors: 4 + 4 + tierce major 3.
    assert d["elder"]["sequences"] == 0
    assert d["younger"]["sequences"] == 11


def test_spec_cards_may_be_a_string() -> None:
    d = score_declarations(CAV_E, CAV_Y, younger_declares={"sets": ["10S 10H 10C"]})
    assert d.as_dict()["elder"]["sets"] == 3


# --- invalid declarations -------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"point": ["10S"]}, "Elder declares 10S in the point but does not hold it"),
        ({"point": ["AS", "AH"]}, "mixes suits; a point is one suit"),
        ({"point": ["AH", "AH"]}, "names AH twice"),
        ({"sequences": [["AH", "KH", "KD"]]}, "mixes suits"),
        ({"sequences": [["AH", "KH", "JH"]]}, "is not a run of consecutive cards"),
        ({"sequences": [["AH", "KH"]]}, "has 2 cards; a sequence needs at least three"),
        ({"sequences": [["AH", "KH", "QH", "10H"]]}, "does not hold it"),
        ({"sequences": [["AH", "KH", "QH"], ["KH", "QH", "JH"]]}, "share or touch"),
        ({"sets": [["JS", "JH"]]}, "a set is three or four of a rank"),
        ({"sets": [["JS", "JH", "AS"]]}, "mixes ranks"),
        ({"trumps": []}, "unknown category 'trumps'"),
        ({"sequences": "AH KH QH"}, "must be a list of lists"),
        ({"point": 5}, "must be a list of cards"),
        ({"point": ["QQ"]}, "'QQ' is not a card"),
        ({"sets": [[None, None, None]]}, "None is not a card"),
    ],
)
def test_invalid_elder_declaration_raises_value_error(spec: dict[str, Any],
                                                      message: str) -> None:
    with raises_said(ValueError, message.replace("(", r"\(")) as info:
        score_declarations(CAV_E, CAV_Y, elder_declares=spec)
    assert isinstance(info.value, DeclarationError | CardError)


def test_nines_as_a_set() -> None:
    with raises_said(DeclarationError, "nines never form sets"):
        score_declarations(HOYLE_E, HOYLE_Y, younger_declares={"sets": [["9H", "9D", "9C"]]})


def test_two_touching_runs() -> None:
    with raises_said(DeclarationError, "share or touch are one sequence"):
        score_declarations(SEPT_E, AKQ_Y, elder_declares={
            "sequences": [["KS", "QS", "JS"], ["10S", "9S", "8S"]]})


def test_two_overlapping_runs() -> None:
    with raises_said(DeclarationError, "share or touch"):
        score_declarations(SEPT_E, AKQ_Y, elder_declares={
            "sequences": [["KS", "QS", "JS"], ["JS", "10S", "9S"]]})


def test_two_runs_apart_in_one_suit_are_allowed() -> None:
    d = score_declarations(SEPT_E, AKQ_Y, elder_declares={
        "sequences": [["KS", "QS", "JS"], ["9S", "8S", "7S"]]}).as_dict()
    assert d["younger"]["sequences"] == 11  # Younger's quart majors beat a tierce


def test_two_sets_of_one_rank() -> None:
    with raises_said(DeclarationError, "two sets of the same rank"):
        score_declarations(HOYLE_E, HOYLE_Y, elder_declares={
            "sets": [["AS", "AH", "AD"], ["AS", "AH", "AC"]]})


def test_younger_error_names_younger() -> None:
    with raises_said(DeclarationError, "Younger declares AS in the point"):
        score_declarations(CAV_E, CAV_Y, younger_declares={"point": ["AS"]})


def test_declaration_not_an_object() -> None:
    with raises_said(DeclarationError, "must be an object"):
        score_declarations(CAV_E, CAV_Y, elder_declares="everything")  # type: ignore[arg-type]


def test_declaration_from_spec_none_is_full() -> None:
    d = declaration_from_spec(parse_cards(CAV_E), None)
    assert d.point.length == 5 and d.point.pips == 49
    assert [named(q) for q in d.sequences] == ["Quart major"]
    assert [named(x) for x in d.sets] == ["Three jacks"]
    assert d.sunk is False


# --- score_declarations errors and as_dict --------------------------------------------


def test_wrong_card_count() -> None:
    with raises_said(HandError, "Elder has 11 cards; a hand has 12"):
        score_declarations(CAV_E.rsplit(" ", 1)[0], CAV_Y)
    with raises_said(HandError, "Younger has 13 cards"):
        score_declarations(CAV_E, CAV_Y + " 9D")


def test_card_in_both_hands() -> None:
    with raises_said(HandError, "KH is in both hands"):
        score_declarations(CAV_E, CAV_Y.replace("KC", "KH"))


def test_card_twice_in_a_hand() -> None:
    with raises_said(HandError, "Elder holds AS twice"):
        score_declarations(CAV_E.replace("JS", "AS"), CAV_Y)


def test_bad_card_token() -> None:
    with raises_said(CardError, "'QQ'"):
        score_declarations(CAV_E.replace("JS", "QQ"), CAV_Y)


def test_both_blanche_flags() -> None:
    with raises_said(ValueError, "both players cannot hold carte blanche"):
        score_declarations(CAV_E, CAV_Y, elder_blanche=True, younger_blanche=True)


def test_unknown_rules() -> None:
    with raises_said(RulesError, "'hoyle' is not a rules preset"):
        score_declarations(CAV_E, CAV_Y, rules="hoyle")


def test_as_dict_keys_and_total() -> None:
    for e, y, kw in ((CAV_E, CAV_Y, {}), (HOYLE_E, HOYLE_Y, {}), (SEPT_E, AKQ_Y, {}),
                     (HUIT_E, HUIT_Y, {"younger_blanche": True})):
        d = score_declarations(e, y, **kw).as_dict()
        assert set(d) == {"elder", "younger"}
        for row in d.values():
            assert list(row) == ["blanche", "point", "sequences", "sets", "repique", "total"]
            assert row["total"] == sum(v for k, v in row.items() if k != "total")


def test_as_dict_values_cavendish() -> None:
    s = score_declarations(CAV_E, CAV_Y)
    assert s.as_dict() == {
        "elder": {"blanche": 0, "point": 5, "sequences": 4, "sets": 0, "repique": 0,
                  "total": 9},
        "younger": {"blanche": 0, "point": 0, "sequences": 0, "sets": 17, "repique": 0,
                    "total": 17},
    }
    assert s.total("elder") == 9 and s.total("younger") == 17


def test_blanche_flag_scores_ten() -> None:
    d = score_declarations(HUIT_E, HUIT_Y, younger_blanche=True).as_dict()
    assert d["younger"]["blanche"] == 10 and d["younger"]["total"] == 10
    assert d["elder"]["blanche"] == 0


def test_hands_given_as_lists_or_tuples() -> None:
    a = score_declarations(CAV_E.split(), list(parse_cards(CAV_Y))).as_dict()
    b = score_declarations(parse_cards(CAV_E), parse_cards(CAV_Y)).as_dict()
    assert a == b
    assert a["elder"]["total"] == 9

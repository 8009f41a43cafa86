"""RULES.md section 11: the traps other implementations fall into, each on real 12-card hands.

Every deal below was built by hand for the trap it tests; the docstrings give the arithmetic.
"""

from __future__ import annotations

from typing import Any

import pytest

from piquet import score_declarations, score_record, settle_partie
from words import use_language
from words.declarations import combination_name


def named(c: Any) -> str:
    """A sequence's or a set's name, in English words."""
    with use_language("en"):
        return combination_name(c)


def cards(text: str) -> list[str]:
    return text.split()


def record(elder: str, younger: str, talon: str, elder_discard: str, younger_discard: str,
           tricks: str = "", rules: str = "britannica") -> dict[str, Any]:
    """A deal record from space-separated cards; tricks as ``LED-SECOND`` pairs."""
    return {
        "rules": rules,
        "elder": cards(elder),
        "younger": cards(younger),
        "talon": cards(talon),
        "elder_discard": cards(elder_discard),
        "younger_discard": cards(younger_discard),
        "tricks": [t.split("-") for t in tricks.split()],
    }


# --- repique in reckoning order -------------------------------------------------------

SEPTIEME_AND_QUINT = "KS QS JS 10S 9S 8S 7S JH 10H 9H 8H 7H"
ACES_KINGS_QUEENS = "AS AH AD AC KH KD KC QH QD QC JD JC"


def test_repique_on_point_and_sequences_although_younger_wins_sets() -> None:
    """RULES.md §11, first trap (and §6): Elder's point 7 + septième 17 + quint 15 = 39
    reaches 30 at the sequences; Younger's fourteen aces, three kings, three queens (20)
    reckon later and do not undo the repique."""
    s = score_declarations(SEPTIEME_AND_QUINT, ACES_KINGS_QUEENS)
    d = s.as_dict()
    assert d["elder"] == {"blanche": 0, "point": 7, "sequences": 32, "sets": 0,
                          "repique": 60, "total": 99}
    assert d["younger"] == {"blanche": 0, "point": 0, "sequences": 0, "sets": 20,
                            "repique": 0, "total": 20}
    assert s.repique == "elder"


def test_repique_order_younger_point_first_blocks_elder_32() -> None:
    """RULES.md §11, first trap, converse (= §10 ex. 4 on real hands; Cavendish 1882):
    Younger's point 6 is good and reckons before Elder's quint 15 + tierce 3 + fourteen
    tens 14 = 32, so there is no repique."""
    s = score_declarations("AS KS QS JS 10S QD JD 10D 10H 10C 7H 7C",
                           "AC KC QC JC 9C 8C AH KH QH JH 9H 8H")
    d = s.as_dict()
    assert d["younger"]["point"] == 6 and d["younger"]["total"] == 6
    assert (d["elder"]["sequences"], d["elder"]["sets"]) == (18, 14)
    assert d["elder"]["repique"] == 0 and d["elder"]["total"] == 32
    assert s.repique is None


def test_younger_repique_not_blocked_by_elder_lead_point() -> None:
    """RULES.md §11, second trap (§6: Younger's combinations reckon before Elder's lead):
    Younger's point 3 + four tierce majors 12 + three quatorzes 42 = 57 → repique, although
    Elder led (and scored 1) before Younger played."""
    r = record("JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C",
               "AS AH AD AC KS KH KD KC QS QH QD QC",
               "7C 8S 7S 8H 7H 8D 7D 8C", "9C", "", "JS-AS")
    d = score_record(r).as_dict()
    assert d["younger"]["repique"] == 60
    assert d["younger"]["total"] == 3 + 12 + 42 + 60 + 1
    assert d["elder"]["play"] == 1 and d["elder"]["total"] == 1


# --- pique, capot ---------------------------------------------------------------------

EX3_DEAL = dict(
    elder="KS QS JS 10S 9S KH 9H 7H KD 8D AC KC",
    younger="AH QH JH 10H 8H 8S 7S JD 10D 9C 8C 7C",
    talon="7D AS AD QD 9D QC JC 10C", elder_discard="AC", younger_discard="",
)


def test_elder_30th_point_from_lead_is_pique_not_repique() -> None:
    """RULES.md §11, third trap (= §10 ex. 3 on real hands; Cavendish 1882): points Equal
    (5 making 49 each), quint to the king 15, fourteen kings 14 = 29; the first lead makes
    30: pique (+30), not repique (+60). Elder 60."""
    s = score_record(record(**EX3_DEAL, tricks="KS-8S"))
    e = s.as_dict()["elder"]
    assert (e["point"], e["sequences"], e["sets"]) == (0, 15, 14)
    assert e["pique"] == 30
    assert e["repique"] == 0
    assert e["total"] == 60
    assert s.declarations.verdicts[0].reason.name == "EQUAL"


def test_elder_29_without_a_lead_has_neither_bonus() -> None:
    """RULES.md §11, third trap, control: the same 29 before any lead is no repique."""
    e = score_record(record(**EX3_DEAL)).as_dict()["elder"]
    assert e["total"] == 29 and e["pique"] == 0 and e["repique"] == 0


def test_lead_that_loses_the_trick_still_brings_the_pique() -> None:
    """RULES.md §6 (pique: the lead that brings Elder to 30 counts even if it loses) and
    §11, third trap: Elder leads 7H, Younger captures with 8H; Elder already has 30."""
    e = score_record(record(**EX3_DEAL, tricks="7H-8H")).as_dict()
    assert e["elder"]["pique"] == 30 and e["elder"]["total"] == 60
    assert e["younger"]["play"] == 1


LAST_TRICK_DEAL = dict(
    elder="AS KS QS JS 9S 8S 7S AH KH 7H 7D 9C",
    younger="10S QH JH 8H 9D 8D AC KC JC 10C 10H 9H",
    talon="AD QD 10D 8C 7C KD JD QC", elder_discard="7H 7D 9C", younger_discard="10H 9H",
    tricks="AS-10S KS-7C QS-8C JS-10C 9S-JC 8S-KC 7S-AC AH-8H KH-JH AD-8D QD-9D 10D-QH",
)
"""Elder after the exchange: AS KS QS JS 9S 8S 7S AH KH AD QD 10D: point 7, quart major 4 +
tierce minor 3, three aces 3 = 17; Younger nothing. Elder leads and wins all twelve."""


def test_capot_never_helps_pique_but_last_trick_point_does_cavendish() -> None:
    """RULES.md §11, fourth trap, and the example of §6 (Cavendish 1882, cavendish rules):
    Elder 17 from combinations, 29 after twelve leads, the point for last makes 30 — pique
    (+30) — then capot (+40, in place of the cards' 10): 17 + 13 + 30 + 40 = 100."""
    s = score_record({**record(**LAST_TRICK_DEAL), "rules": "cavendish"})
    e = s.as_dict()["elder"]
    assert (e["point"], e["sequences"], e["sets"]) == (7, 7, 3)
    assert e["play"] == 13
    assert e["pique"] == 30 and e["repique"] == 0
    assert e["capot"] == 40 and e["cards"] == 0
    assert e["total"] == 100
    kinds = [(ev.category, ev.elder_total) for ev in s.reckoning.events[-4:]]
    assert kinds == [("lead", 29), ("last", 30), ("pique", 60), ("capot", 100)]


def test_capot_never_helps_pique_britannica() -> None:
    """RULES.md §11, fourth trap (britannica, no point for last): 17 + 12 leads = 29; the
    capot's 40 does not count towards pique: 29 + 40 = 69, no pique."""
    e = score_record(record(**LAST_TRICK_DEAL)).as_dict()["elder"]
    assert e["play"] == 12
    assert e["pique"] == 0
    assert e["capot"] == 40 and e["cards"] == 0
    assert e["total"] == 69


def test_capot_replaces_the_cards() -> None:
    """RULES.md §11, fourth trap, and §7: winning all twelve scores 40 instead of the 10,
    and winning seven to eleven scores the 10 (§10 ex. 5: Elder wins 7 of 12)."""
    capot = score_record({**record(**LAST_TRICK_DEAL), "rules": "cavendish"}).as_dict()
    assert (capot["elder"]["cards"], capot["elder"]["capot"]) == (0, 40)
    cav = score_record(record(
        "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
        "9S 8S KH 9C KD QS AC 7D", "KS 8C 7C 9D 8D", "7S 9H 7H",
        "AH-10H KH-7D QH-10D JH-JD 8H-QD KD-AD AC-9C KC-JC QC-8S 10C-9S QS-AS JS-10S",
        rules="cavendish")).as_dict()
    assert (cav["elder"]["cards"], cav["elder"]["capot"]) == (10, 0)


# --- points of play -------------------------------------------------------------------

CAV_DEAL = dict(
    elder="AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    younger="10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    talon="9S 8S KH 9C KD QS AC 7D", elder_discard="KS 8C 7C 9D 8D",
    younger_discard="7S 9H 7H",
)


def test_won_own_lead_scores_one_not_two() -> None:
    """RULES.md §11, fifth trap, and §7 (a trick is worth 1 if the leader wins it): Elder
    leads AH and wins it against 10H: 1 point, not 2 (§10 ex. 5, trick 1)."""
    d = score_record(record(**CAV_DEAL, tricks="AH-10H")).as_dict()
    assert d["elder"]["play"] == 1
    assert d["younger"]["play"] == 0


def test_captured_lead_scores_one_each() -> None:
    """RULES.md §11, fifth trap, and §7 (2 if the lead is captured: 1 to the leader, 1 to
    the capturer): §10 ex. 5 tricks 1-6, Younger captures KD with AD."""
    d = score_record(record(**CAV_DEAL, tricks="AH-10H KH-7D QH-10D JH-JD 8H-QD KD-AD")
                     ).as_dict()
    assert d["elder"]["play"] == 6
    assert d["younger"]["play"] == 1


def test_twelve_won_leads_score_twelve() -> None:
    """RULES.md §11, fifth trap: Elder leads and wins all twelve (britannica): 12, not 24."""
    e = score_record(record(**LAST_TRICK_DEAL)).as_dict()["elder"]
    assert e["play"] == 12


# --- point and sequences: small ones score --------------------------------------------

HOYLE_ELDER = "AS AH AD AC KS KH KD KC QS QH QD QC"
HOYLE_YOUNGER = "JS 10S 8S JH 10H 9H JD 10D 9D JC 10C 9C"


def test_three_card_point_scores() -> None:
    """RULES.md §11, sixth trap (§5: no minimum length; §10 ex. 6, Hoyle): Elder's best
    suit is three cards (A K Q, 31) against Younger's three (J 10 9, 29): point 3."""
    s = score_declarations(HOYLE_ELDER, HOYLE_YOUNGER)
    assert s.as_dict()["elder"]["point"] == 3
    assert s.verdicts[0].elder.length == 3 and s.verdicts[0].elder.pips == 31


def test_tierces_score() -> None:
    """RULES.md §11, sixth trap (§10 ex. 6, Hoyle): four tierce majors score 3 each = 12."""
    s = score_declarations(HOYLE_ELDER, HOYLE_YOUNGER)
    assert s.as_dict()["elder"]["sequences"] == 12
    assert [named(q) for q in s.verdicts[1].scored] == ["Tierce major"] * 4


def test_single_tierce_scores_three() -> None:
    """RULES.md §11, sixth trap: a lone tierce (9 8 7 of diamonds) against no sequence
    scores 3."""
    s = score_declarations("AS KS 10S 8S AH QH 10H 8H 9D 8D 7D AC",
                           "QS JS 9S 7S KH JH 9H 7H AD QD KC QC")
    assert s.as_dict()["elder"]["sequences"] == 3
    assert s.as_dict()["younger"]["sequences"] == 0


def test_queens_form_sets_nines_never() -> None:
    """RULES.md §11, seventh trap (§5: sets of tens or higher only): Elder's three queens
    score 3; Younger's four nines are no set at all (a naive count would give him 14)."""
    s = score_declarations("QS QH QD 8S 7S 8H 7H 8D 7D AC KC 7C",
                           "9S 9H 9D 9C AS KS AH KH JD 10D JC 8C")
    d = s.as_dict()
    assert d["elder"]["sets"] == 3
    assert d["younger"]["sets"] == 0
    assert s.verdicts[2].reason.name == "UNOPPOSED"
    assert named(s.verdicts[2].scored[0]) == "Three queens"


def test_equal_best_sequences_cancel_all_regardless_of_suit() -> None:
    """RULES.md §11, eighth trap (§5: identical best sequences → Equal, neither scores any
    sequence): quart major in spades v quart major in hearts; Elder's tierce minor and
    Younger's tierce to the jack and tierce major are cancelled too."""
    s = score_declarations("AS KS QS JS 8S 7S 9D 8D 7D 7H 8H 7C",
                           "AH KH QH JH JC 10C 9C AD KD QD 10S 9S")
    d = s.as_dict()
    assert d["elder"]["sequences"] == 0
    assert d["younger"]["sequences"] == 0
    v = s.verdicts[1]
    assert v.winner is None and v.reason.name == "EQUAL"
    assert v.elder.suit != v.younger.suit


# --- carte blanche --------------------------------------------------------------------

BLANCHE_ELDER_DEAL = dict(
    elder="KS QS JS KH QH JH KD QD JD KC QC JC",
    younger="10S 9S 8S 10H 9H 8H 10D 9D 8D 10C 9C 8C",
    talon="7C AS AH AD AC 7S 7H 7D", elder_discard="JC", younger_discard="",
)


def test_younger_carte_blanche_blocks_elder_repique() -> None:
    """RULES.md §11, ninth trap (§3: blanche reckons first): Younger's hand as dealt has no
    king, queen or jack (10); Elder's point 3 + three tierces 9 + fourteen kings and queens
    and three jacks 31 = 43 would be a repique, but Younger has scored first."""
    d = score_record(record(**BLANCHE_ELDER_DEAL)).as_dict()
    assert d["younger"]["blanche"] == 10 and d["younger"]["total"] == 10
    assert d["elder"]["total"] == 43
    assert d["elder"]["repique"] == 0


def test_without_carte_blanche_the_same_hands_repique() -> None:
    """RULES.md §11, ninth trap, control: the same hands after the exchange without the
    blanche: Elder 43 + 60."""
    d = score_declarations("KS QS JS KH QH JH KD QD JD KC QC 7C",
                           "10S 9S 8S 10H 9H 8H 10D 9D 8D 10C 9C 8C").as_dict()
    assert d["elder"]["repique"] == 60 and d["elder"]["total"] == 103


def test_elder_carte_blanche_counts_towards_his_repique() -> None:
    """RULES.md §11, ninth trap (§3: blanche counts towards its holder's repique): Elder's
    dealt hand has no court (10), then point 5 + quart 4 + fourteen aces and three tens 17
    = 36 → repique: 96."""
    d = score_record(record("AS 10S 9S 8S 7S AH AD AC 10H 9H 10D 9D",
                            "KS QS JS KH QH JH KD QD JD KC QC JC",
                            "8H 7H 8D 7D 10C 9C 8C 7C", "9H", "")).as_dict()
    assert d["elder"]["blanche"] == 10
    assert d["elder"]["repique"] == 60
    assert d["elder"]["total"] == 96
    assert d["younger"]["total"] == 0


PIQUE_BLANCHE = dict(
    elder="KS QS JS 10S 9S KH QH JH KD QD 8C AS",
    talon="7C AH AD AC JD JC QC KC", elder_discard="AS", tricks="KS-8S",
)
"""Elder after the exchange: KS QS JS 10S 9S KH QH JH KD QD 8C 7C: point 5, quint 15 +
tierce 3, three kings and three queens 6 = 29; his first lead makes 30."""


def test_younger_carte_blanche_blocks_elder_pique() -> None:
    """RULES.md §11, ninth trap (§3: blanche prevents the opponent's pique): Younger's hand
    as dealt is blanche (10); Elder's 29 + his lead = 30 is no pique."""
    d = score_record(record(**PIQUE_BLANCHE,
                            younger="8S 7S 10H 9H 8H 7H 10D 9D 8D 7D 10C 9C",
                            younger_discard="")).as_dict()
    assert d["younger"]["blanche"] == 10
    assert d["elder"]["total"] == 30
    assert d["elder"]["pique"] == 0


def test_same_hands_without_blanche_pique() -> None:
    """RULES.md §11, ninth trap, control: Younger dealt KC instead of 9C (exchanged for
    it): the same hands after the exchange, no blanche, and Elder piques: 60."""
    d = score_record(record(**{**PIQUE_BLANCHE, "talon": "7C 9C AH AD AC JD JC QC"},
                            younger="8S 7S 10H 9H 8H 7H 10D 9D 8D 7D 10C KC",
                            younger_discard="KC")).as_dict()
    assert d["younger"]["blanche"] == 0 and d["younger"]["total"] == 0
    assert d["elder"]["pique"] == 30
    assert d["elder"]["total"] == 60


# --- rubicon --------------------------------------------------------------------------


@pytest.mark.parametrize(("winner", "loser", "points"), [(120, 100, 120), (150, 100, 150),
                                                          (101, 100, 101)])
def test_loser_at_exactly_100_is_not_rubiconed(winner: int, loser: int, points: int) -> None:
    """RULES.md §11, tenth trap, and §8: a loser with at least 100 pays 100 + the
    difference."""
    s = settle_partie(winner, loser)
    assert s.rubiconed is False
    assert s.points == points


@pytest.mark.parametrize(("winner", "loser", "points"), [(51, 49, 200), (99, 0, 199),
                                                          (100, 99, 299)])
def test_winner_under_100_still_collects_100_plus_the_sum(
    winner: int, loser: int, points: int
) -> None:
    """RULES.md §11, tenth trap, and §8: the loser under 100 is rubiconed, the winner
    scores 100 + both totals even if he too is under 100."""
    s = settle_partie(winner, loser)
    assert s.rubiconed is True
    assert s.points == points

"""The partie (RULES.md sections 1 and 8): settlement, the alternating deal, the two extra deals
on a tie, and the cut for deal."""

from __future__ import annotations

import random

import pytest
from said import raises_said

from piquet import BRITANNICA, CAVENDISH, Card, Partie, Rank, cut_for_deal, settle_partie
from piquet.partie import Cut
from words import use_language
from words.reckoning import settlement_text

WORKED = [(131, 113, 118, False), (125, 81, 306, True), (120, 100, 120, False),
          (120, 99, 319, True), (51, 49, 200, True)]


# --- settle_partie --------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b", "points", "rubiconed"), WORKED)
def test_worked_settlements(a: int, b: int, points: int, rubiconed: bool) -> None:
    """RULES.md §8: 131 v 113 → 118, 125 v 81 → 306, 120 v 100 → 120, 120 v 99 → 319,
    51 v 49 → 200."""
    s = settle_partie(a, b)
    assert (s.winner, s.points, s.rubiconed) == ("A", points, rubiconed)
    assert (s.total_a, s.total_b) == (a, b)


@pytest.mark.parametrize(("a", "b", "points", "rubiconed"), WORKED)
def test_worked_settlements_b_wins(a: int, b: int, points: int, rubiconed: bool) -> None:
    s = settle_partie(b, a)
    assert (s.winner, s.points, s.rubiconed) == ("B", points, rubiconed)


def test_settlement_facts() -> None:
    s = settle_partie(125, 81)
    assert (s.loser, s.winner_total, s.loser_total) == ("B", 125, 81)
    s = settle_partie(113, 131)
    assert (s.winner, s.loser, s.winner_total, s.loser_total) == ("B", "A", 131, 113)
    assert settle_partie(7, 7).loser is None


def test_settlement_text_gives_the_arithmetic() -> None:
    with use_language("en"):
        assert settlement_text(settle_partie(125, 81)) == (
            "B has 81, under 100: rubiconed. A scores 100 + 125 + 81 = 306.")
        assert settlement_text(settle_partie(113, 131)) == (
            "A has 113, at least 100: not rubiconed. B scores 100 + (131 − 113) = 118.")


@pytest.mark.parametrize("total", [0, 57, 100, 250])
def test_drawn_partie(total: int) -> None:
    """RULES.md §8: still equal after the extra deals: drawn, nobody scores."""
    s = settle_partie(total, total)
    assert s.winner is None and s.points == 0 and s.rubiconed is False
    with use_language("en"):
        assert "drawn" in settlement_text(s)


@pytest.mark.parametrize(("a", "b", "points"), [(51, 49, 200), (99, 98, 297), (1, 0, 101),
                                                (40, 0, 140)])
def test_winner_under_100_collects_100_plus_sum(a: int, b: int, points: int) -> None:
    """RULES.md §8 and §11: the winner under 100 still collects 100 + both totals."""
    s = settle_partie(a, b)
    assert s.rubiconed and s.points == points


def test_completed_undrawn_partie_pays_at_least_101() -> None:
    """RULES.md §8: a completed, undrawn partie always pays at least 101."""
    rng = random.Random(8)
    for _ in range(2000):
        a, b = rng.randrange(0, 400), rng.randrange(0, 400)
        s = settle_partie(a, b)
        if a == b:
            continue
        w, lo = max(a, b), min(a, b)
        assert s.points >= 101
        assert s.points == (100 + w - lo if lo >= 100 else 100 + w + lo)
        assert s.rubiconed == (lo < 100)


@pytest.mark.parametrize("bad", [-1, 1.5, "100", None, True, [100]])
def test_bad_totals_raise_value_error(bad: object) -> None:
    with raises_said(ValueError, "whole number"):
        settle_partie(bad, 10)  # type: ignore[arg-type]
    with raises_said(ValueError, "B's total"):
        settle_partie(10, bad)  # type: ignore[arg-type]


# --- the partie -----------------------------------------------------------------------


def test_deal_alternates_each_deals_three_times() -> None:
    """RULES.md §1: a partie is six deals and the deal alternates."""
    p = Partie("B")
    dealers = []
    for _ in range(6):
        dealers.append(p.next_dealer)
        p = p.add(10, 5)
    assert dealers == ["B", "A", "B", "A", "B", "A"]
    assert p.finished
    assert p.deals_to_play == 6
    assert p.totals == (60, 30)
    s = p.settlement
    assert s is not None and s.winner == "A" and s.points == 100 + 60 + 30


def test_unfinished_partie_has_no_settlement() -> None:
    p = Partie("A").add(100, 0)
    assert not p.finished and p.settlement is None
    assert p.next_dealer == "B"


def test_no_seventh_deal_without_a_tie() -> None:
    p = Partie("A")
    for _ in range(6):
        p = p.add(20, 21)
    assert p.finished
    with raises_said(ValueError, "the partie is over"):
        p.add(1, 1)


def test_tie_after_six_plays_eight_first_dealer_deals_seventh() -> None:
    """RULES.md §8: equal after six → two more deals, one each; the first dealer deals the
    seventh; the settlement uses the eight-deal totals."""
    p = Partie("A")
    for a, b in [(30, 10), (5, 25), (12, 12), (0, 20), (40, 10), (3, 13)]:
        p = p.add(a, b)
    assert p.totals == (90, 90)
    assert p.deals_to_play == 8
    assert not p.finished and p.settlement is None
    assert p.next_dealer == "A"
    p = p.add(20, 0)
    assert p.next_dealer == "B"
    assert not p.finished
    p = p.add(0, 15)
    assert p.finished
    assert p.totals == (110, 105)
    s = p.settlement
    assert s is not None
    assert (s.winner, s.points, s.rubiconed) == ("A", 105, False)
    with pytest.raises(ValueError):
        p.add(1, 0)


def test_first_dealer_b_deals_seventh_too() -> None:
    p = Partie("B")
    for _ in range(6):
        p = p.add(7, 7)
    assert p.deals_to_play == 8 and p.next_dealer == "B"


def test_still_equal_after_eight_is_drawn() -> None:
    p = Partie("A")
    for _ in range(8):
        p = p.add(15, 15)
    assert p.finished
    s = p.settlement
    assert s is not None and s.winner is None and s.points == 0


def test_running_totals_after() -> None:
    p = Partie("A").add(30, 12).add(5, 40)
    assert p.totals == (35, 52)
    assert p.totals_after(1) == (30, 12)


# --- cut for deal ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", [BRITANNICA, CAVENDISH], ids=["britannica", "cavendish"])
def test_cut_for_deal_gives_a_higher_cut(rules: object) -> None:
    """RULES.md §1: ace high; cards of equal rank cut again; the higher cut deals
    (britannica) or chooses (cavendish)."""
    ties = 0
    winners = set()
    for seed in range(300):
        cuts, winner = cut_for_deal(random.Random(seed), rules)  # type: ignore[arg-type]
        assert cuts
        for c in cuts[:-1]:
            assert c.a.rank == c.b.rank and c.higher is None
            ties += 1
        last = cuts[-1]
        assert last.a != last.b
        mine, theirs = (last.a, last.b) if winner == "A" else (last.b, last.a)
        assert int(mine.rank) > int(theirs.rank)
        winners.add(winner)
    assert winners == {"A", "B"}
    assert ties > 0  # equal ranks do happen (3 in 31) and are cut again


def test_cut_ace_is_high() -> None:
    assert Cut(Card.of("AS"), Card.of("KH")).higher == "A"
    assert Cut(Card.of("7S"), Card.of("AH")).higher == "B"
    assert Cut(Card.of("10S"), Card.of("10H")).higher is None
    assert Rank.ACE > Rank.KING


def test_the_cut_leaves_at_least_two_cards_in_each_packet() -> None:
    """RULES.md is silent on the cut within a deal; Cavendish, Laws of Piquet (1882), on
    cutting: the pack is cut by the non-dealer, leaving at least two cards in each packet.
    The deal then goes out in twos or threes, Elder first (RULES.md §2)."""
    from piquet.deal import deal_cards

    cuts = set()
    for seed in range(400):
        for batch in (2, 3):
            elder, younger, talon, cut = deal_cards(seed, batch)
            assert 2 <= cut <= 30
            assert len(set(elder) | set(younger) | set(talon)) == 32
            cuts.add(cut)
    assert len(cuts) > 20  # the cut really varies
    with raises_said(ValueError, "twos or threes"):
        deal_cards(1, 4)

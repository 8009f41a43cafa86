"""The exchange advisor (academy.advisor): legal discards, exact chances against a direct
enumeration of every draw, simulated points against an independent simulation, errors."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from academy.advisor import (
    AdviceError,
    Chances,
    DiscardAdvice,
    RiskKind,
    rank_discards,
)
from piquet import DECK, Card, CardError, HandError, RulesError, parse_cards, score_declarations
from piquet.cards import cards_mask
from piquet.combos import COURT_MASK, point_key, sequence_key_score
from piquet.exchange import younger_may_take
from piquet.players import greedy_discard
from piquet.rules import get_rules

HANDS = [
    "AS KS QS JS 9S AH KH QH 10D 10C AC AD",
    "AD KD QD 8D 7D 9C 8C 7C 9H 8H 7H JH",
    "10S 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D",   # carte blanche
    "AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
    "JS 9S 7S KH 10H 8H QD 9D 7D AC JC 8C",
    "AS AH AD AC KS KH KD KC QS QH QD QC",
    "7S 8S 9S 10S JS 7H 8H 9H 10H JH 7D 8D",
    "AS QS 10S 8S KH JH 9H 7H AD QD 10D 8D",
    "KS QS JS 10S 9S KC QC JC 10C 9C 8D 7D",
    "AH KH QH JH 10H 9H 8H AS KS AD KD AC",
    "8S 7S 10H 7H JD 10D 9D 8D QC JC 9C 7C",
]


def _held_facts(m: int) -> tuple[int, int, bool, bool, bool]:
    """(longest suit, best sequence length, quatorze, trio, no court) of a final hand mask,
    straight from the engine's mask functions."""
    counts = [(m & (0x01010101 << r)).bit_count() for r in range(3, 8)]
    return (point_key(m) >> 7, sequence_key_score(m)[0] >> 3, 4 in counts, 3 in counts,
            not m & COURT_MASK)


def _enumerated(hand: tuple[Card, ...], discard: tuple[Card, ...]) -> Chances:
    """The chances of a discard by drawing every possible set of cards, one by one."""
    dealt = cards_mask(hand)
    kept = dealt & ~cards_mask(discard)
    unseen = [c.bit for c in DECK if not c.bit & dealt]
    point: Counter[int] = Counter()
    seq: Counter[int] = Counter()
    quat = trio = blanche = draws = 0
    for drawn in combinations(unseen, len(discard)):
        length, best, q, t, b = _held_facts(kept | sum(drawn))
        point[length] += 1
        seq[best] += 1
        quat += q
        trio += t
        blanche += b
        draws += 1
    return Chances(
        draws=draws,
        point_length={n: Fraction(point[n], draws) for n in range(3, 9)},
        best_sequence={n: Fraction(seq[n], draws) for n in (0, 3, 4, 5, 6, 7, 8)},
        quatorze=Fraction(quat, draws), trio=Fraction(trio, draws),
        carte_blanche=Fraction(blanche, draws))


def _same(a: Chances, b: Chances) -> None:
    assert a.draws == b.draws
    assert dict(a.point_length) == dict(b.point_length)
    assert dict(a.best_sequence) == dict(b.best_sequence)
    assert (a.quatorze, a.trio, a.carte_blanche) == (b.quatorze, b.trio, b.carte_blanche)


@pytest.fixture(scope="module")
def elder_first() -> tuple[DiscardAdvice, ...]:
    return rank_discards(HANDS[0])


def test_every_elder_discard_once_best_first(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """RULES.md section 4: Elder discards 1 to 5 of his 12 cards: 1,585 discards."""
    assert len(elder_first) == sum(comb(12, n) for n in range(1, 6)) == 1585
    assert len({a.discard for a in elder_first}) == 1585
    exp = [a.expected for a in elder_first]
    assert exp == sorted(exp, reverse=True)
    hand = set(parse_cards(HANDS[0]))
    for a in elder_first:
        assert set(a.discard) | set(a.kept) == hand and not set(a.discard) & set(a.kept)
        assert a.discard == tuple(sorted(a.discard, key=lambda c: (c.suit.index, -c.rank)))
        assert a.chances.draws == comb(20, len(a.discard))


def test_top_ten_error(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """The first ten discards are measured to a standard error of at most half a point."""
    assert all(a.error <= 0.5 for a in elder_first[:10])
    assert all(a.samples >= 2 for a in elder_first)


def test_exact_against_enumeration(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """RULES.md section 5: the exact chances equal counting every draw (one hand here)."""
    by = {a.discard: a for a in elder_first}
    hand = parse_cards(HANDS[0])
    for n in range(1, 6):
        d = next(iter(combinations(hand, n)))
        _same(by[d].chances, _enumerated(hand, d))


@pytest.mark.parametrize("role, left, rules", [
    ("younger", 0, "britannica"), ("younger", 2, "cavendish"), ("younger", 4, "britannica")])
def test_younger_discards(role: str, left: int, rules: str) -> None:
    """RULES.md sections 4 and 9: Younger takes up to what is left (at least one under
    cavendish)."""
    advice = rank_discards(HANDS[1], role=role, left=left, rules=rules, samples=16)
    allowed = younger_may_take(5 - left, get_rules(rules))
    assert len(advice) == sum(comb(12, n) for n in allowed)
    assert {len(a.discard) for a in advice} == set(allowed)


def test_errors_have_codes() -> None:
    """A bad role, left, hand or preset raises the engine's errors with their codes."""
    with pytest.raises(AdviceError) as e:
        rank_discards(HANDS[0], role="dealer")
    assert e.value.code == "bad_role" and e.value.values == ("dealer",)
    with pytest.raises(AdviceError) as e:
        rank_discards(HANDS[0], left=1)
    assert e.value.code == "bad_left"
    with pytest.raises(AdviceError) as e:
        rank_discards(HANDS[0], role="younger", left=5)
    assert e.value.code == "bad_left" and e.value.values == (5, 0, 4)
    with pytest.raises(HandError) as h:
        rank_discards("AS KS")
    assert h.value.code == "card_count"
    with pytest.raises(HandError) as h:
        rank_discards("AS AS QS JS 9S AH KH QH 10D 10C AC AD")
    assert h.value.code == "card_twice"
    with pytest.raises(CardError):
        rank_discards("AS XX QS JS 9S AH KH QH 10D 10C AC AD")
    with pytest.raises(RulesError):
        rank_discards(HANDS[0], rules="hoyle")


def test_deterministic() -> None:
    a = rank_discards(HANDS[4], role="younger", samples=32, seed=3)
    b = rank_discards(HANDS[4], role="younger", samples=32, seed=3)
    assert a == b


def test_risks_as_facts(elder_first: tuple[DiscardAdvice, ...]) -> None:
    by = {a.discard: a for a in elder_first}
    a = by[parse_cards("AH")]   # K Q of hearts left: the queen has nothing below her
    assert [(r.kind, r.cards) for r in a.risks] == [
        (RiskKind.UNGUARDS, parse_cards("QH")), (RiskKind.BREAKS_SEQUENCE, parse_cards("AH")),
        (RiskKind.BREAKS_SET, parse_cards("AH")), (RiskKind.THROWS_ACE, parse_cards("AH"))]


def _independent(hand: str, discard: str, n: int, seed: int) -> tuple[float, float]:
    """Elder's mean points minus Younger's, and its error, by a plain loop: Younger takes
    every card left, the greedy way; score_declarations scores both hands."""
    mine = parse_cards(hand)
    thrown = set(parse_cards(discard))
    unseen = [c for c in DECK if c not in mine]
    rng = random.Random(seed)
    kept = [c for c in mine if c not in thrown]
    my_bl = not any(c.rank.is_court for c in mine)
    total = total2 = 0.0
    for _ in range(n):
        rng.shuffle(unseen)
        opp, talon = unseen[:12], unseen[12:]
        j = len(thrown)
        elder = tuple(kept + talon[:j])
        out = greedy_discard(opp, 8 - j)
        younger = tuple([c for c in opp if c not in out] + talon[j:])
        s = score_declarations(elder, younger, elder_blanche=my_bl,
                               younger_blanche=not any(c.rank.is_court for c in opp))
        d = s.total("elder") - s.total("younger")
        total += d
        total2 += d * d
    mean = total / n
    return mean, ((total2 / n - mean * mean) / (n - 1)) ** 0.5


def test_expected_against_independent(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """RULES.md section 6: the simulated points agree with a plain simulation within four
    standard errors (both errors together)."""
    for a in elder_first[:2]:
        mean, err = _independent(HANDS[0], " ".join(map(str, a.discard)), 3000, 11)
        assert abs(mean - a.expected) <= 4 * (err ** 2 + a.error ** 2) ** 0.5


@settings(derandomize=True, deadline=None, max_examples=10,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(DECK), st.integers(0, 3))
def test_chances_sum_to_one(deck: list[Card], pick: int) -> None:
    """Over random deals: each distribution sums to one and a quint or better is the best
    sequence's tail."""
    advice = rank_discards(deck[:12], samples=2)
    for a in advice[pick::400]:
        ch = a.chances
        assert sum(ch.point_length.values()) == 1
        assert sum(ch.best_sequence.values()) == 1
        assert ch.quint_or_better == sum(p for k, p in ch.best_sequence.items() if k >= 5)
        assert 0 <= ch.trio <= 1 and 0 <= ch.quatorze <= 1 and 0 <= ch.carte_blanche <= 1


def test_vectorised_scoring_is_the_engines() -> None:
    """RULES.md sections 3, 5 and 6: the simulation's per-suit tables score random pairs of
    hands as piquet.players.declaration_outcome does, and the greedy exchange is
    piquet.players._greedy_exchange_mask's."""
    import numpy as np

    from academy.advisor_sim import declaration_points, greedy_throws, hand_keys
    from piquet.players import _greedy_exchange_mask, declaration_outcome

    rng = random.Random(5)
    em, ym, eb, yb, ed, talons = [], [], [], [], [], []
    for i in range(3000):
        deck = list(range(32))
        rng.shuffle(deck)
        if i % 10 == 0:   # plenty of blanche hands and repiques
            deck.sort(key=lambda c: (c & 7) in (4, 5, 6))
            rng.shuffle(deck[:20])
        e, y = sum(1 << c for c in deck[:12]), sum(1 << c for c in deck[12:24])
        em.append(e)
        ym.append(y)
        eb.append(not e & COURT_MASK)
        yb.append(not y & COURT_MASK and e & COURT_MASK != 0)
        ed.append(e)
        talons.append(deck[24:])
    ep, yp = declaration_points(hand_keys(np.array(em)), hand_keys(np.array(ym)),
                                np.array(eb), np.array(yb))
    want = [declaration_outcome(*args)[:2] for args in zip(em, ym, eb, yb, strict=True)]
    assert list(zip(ep.tolist(), yp.tolist(), strict=True)) == want
    throws = greedy_throws(np.array(ed))
    for i in range(0, 3000, 7):
        for take in range(9):
            got = (ed[i] & ~int(throws[i, take])) | sum(1 << c for c in talons[i][:take])
            assert got == _greedy_exchange_mask(ed[i], talons[i], take)

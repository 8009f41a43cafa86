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
    DEFAULT_SAMPLES,
    LEADER_SAMPLES,
    TARGET_ERROR,
    AdviceError,
    Chances,
    DiscardAdvice,
    Reason,
    ReasonKind,
    Risk,
    RiskKind,
    point_chances,
    rank_discards,
    set_chances,
)
from piquet import (
    DECK,
    Card,
    CardError,
    ExchangeError,
    HandError,
    RulesError,
    parse_cards,
    score_declarations,
    sort_cards,
)
from piquet.cards import Rank, Suit, cards_mask
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


_RANKED: dict[tuple[str, str, int], tuple[DiscardAdvice, ...]] = {}


def ranked(hand: str, role: str = "elder", left: int = 0) -> tuple[DiscardAdvice, ...]:
    """rank_discards with the default samples and seed, once per question in this module."""
    key = (hand, role, left)
    if key not in _RANKED:
        _RANKED[key] = rank_discards(hand, role=role, left=left)
    return _RANKED[key]


@pytest.fixture(scope="module")
def elder_first() -> tuple[DiscardAdvice, ...]:
    return ranked(HANDS[0])


def test_every_elder_discard_once_best_first(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """RULES.md section 4: Elder discards 1 to 5 of his 12 cards: 1,585 discards, each once,
    ranked best first by the expected points."""
    assert len(elder_first) == sum(comb(12, n) for n in range(1, 6)) == 1585
    assert len({a.discard for a in elder_first}) == 1585
    exp = [a.expected for a in elder_first]
    assert exp == sorted(exp, reverse=True)
    hand = set(parse_cards(HANDS[0]))
    for a in elder_first:
        assert set(a.discard) | set(a.kept) == hand and not set(a.discard) & set(a.kept)
        assert a.discard == sort_cards(a.discard) and a.kept == sort_cards(a.kept)
        assert a.chances.draws == comb(20, len(a.discard))


@pytest.mark.parametrize("role, left", [("elder", 0), ("younger", 0), ("younger", 3)])
def test_top_ten_error(role: str, left: int) -> None:
    """RULES.md section 6: the first ten discards are measured to a standard error of at most
    half a point, on at least LEADER_SAMPLES samples; every other discard on the first pass's
    samples (the same for all)."""
    advice = ranked(HANDS[4], role, left)
    assert all(a.error <= TARGET_ERROR and a.samples >= LEADER_SAMPLES for a in advice[:10])
    assert {a.samples for a in advice} - {a.samples for a in advice[:30]} <= {DEFAULT_SAMPLES}
    assert all(0 <= a.point_won <= 1 for a in advice)


@pytest.mark.parametrize("h", range(len(HANDS)))
def test_exact_against_enumeration(h: int) -> None:
    """RULES.md sections 3 and 5: the exact chances equal the count over every draw, for a
    five-card discard (15,504 draws), a four-card one and one of 1 to 3 cards, on each hand."""
    hand = sort_cards(parse_cards(HANDS[h]))
    by = {a.discard: a for a in ranked(HANDS[h])}
    rng = random.Random(h)
    for n in (5, 4, 1 + h % 3):
        d = sort_cards(rng.sample(hand, n))
        _same(by[d].chances, _enumerated(hand, d))


def test_exact_younger_against_enumeration() -> None:
    """RULES.md section 4: Younger's draw is a uniform subset of the 20 cards he does not
    hold; with four cards left he may take seven (77,520 draws) or none (one draw)."""
    hand = sort_cards(parse_cards(HANDS[1]))
    by = {a.discard: a for a in ranked(HANDS[1], "younger", 4)}
    _same(by[hand[2:9]].chances, _enumerated(hand, hand[2:9]))
    _same(by[()].chances, _enumerated(hand, ()))
    assert by[()].chances.draws == 1


@pytest.mark.parametrize("left", range(5))
@pytest.mark.parametrize("rules", ["britannica", "cavendish"])
def test_younger_discards(left: int, rules: str) -> None:
    """RULES.md sections 4 and 9: Younger takes up to what is left, 3 + left (at least one
    under cavendish; none allowed under britannica)."""
    advice = rank_discards(HANDS[1], role="younger", left=left, rules=rules, samples=16)
    allowed = younger_may_take(5 - left, get_rules(rules))
    assert allowed == range(0 if rules == "britannica" else 1, 4 + left)
    assert len(advice) == sum(comb(12, n) for n in allowed)
    assert {len(a.discard) for a in advice} == set(allowed)


def test_errors_have_codes() -> None:
    """RULES.md sections 1, 4 and 9: a bad role, left (Elder leaves 0 to 4 cards, and only
    Younger's question has one), hand (12 distinct cards) or preset raises the engine's
    errors with their codes."""
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
    """RULES.md section 4: the same question and seed give the same advice (pages cache it);
    another seed other samples."""
    a = rank_discards(HANDS[4], role="younger", samples=32, seed=3)
    b = rank_discards(HANDS[4], role="younger", samples=32, seed=3)
    assert a == b
    c = rank_discards(HANDS[4], role="younger", samples=32, seed=4)
    assert [x.expected for x in c] != [x.expected for x in a]
    def by_cards(x: DiscardAdvice) -> tuple[int, ...]:
        return tuple(cd.index for cd in x.discard)

    assert [x.chances for x in sorted(c, key=by_cards)] == [
        x.chances for x in sorted(a, key=by_cards)]


def test_risks_as_facts(elder_first: tuple[DiscardAdvice, ...]) -> None:
    """RULES.md section 5: throwing the ace of hearts breaks the tierce major and the
    quatorze of aces, and leaves the queen unguarded; facts, not sentences."""
    by = {a.discard: a for a in elder_first}
    a = by[parse_cards("AH")]   # K Q of hearts left: the queen has nothing below her
    assert [(r.kind, r.cards) for r in a.risks] == [
        (RiskKind.UNGUARDS, parse_cards("QH")), (RiskKind.BREAKS_SEQUENCE, parse_cards("AH")),
        (RiskKind.BREAKS_SET, parse_cards("AH")), (RiskKind.THROWS_ACE, parse_cards("AH"))]
    a = by[parse_cards("KH QH 10D 10C")]
    assert a.risks == (Risk(RiskKind.BREAKS_SEQUENCE, parse_cards("KH QH")),)
    assert a.reasons == (
        Reason(ReasonKind.KEEPS_POINT_SUIT, parse_cards("AS KS QS JS 9S"), Suit.SPADES),
        Reason(ReasonKind.KEEPS_SEQUENCE, parse_cards("AS KS QS JS"), Suit.SPADES),
        Reason(ReasonKind.KEEPS_SET, parse_cards("AS AH AD AC")),
        Reason(ReasonKind.DRAWS_TO, parse_cards("AS KS QS JS 9S"), Suit.SPADES))


def test_more_risks_and_reasons() -> None:
    """RULES.md sections 3 and 5: a king left alone, a suit thrown whole, a carte blanche
    that the draw may spoil."""
    by = {a.discard: a for a in ranked(HANDS[4])}   # JS 9S 7S KH 10H 8H QD 9D 7D AC JC 8C
    a = by[parse_cards("JS 9S 7S 10H 8H")]
    assert Risk(RiskKind.UNGUARDS, parse_cards("KH")) in a.risks
    assert Reason(ReasonKind.THROWS_SUIT, parse_cards("JS 9S 7S"), Suit.SPADES) in a.reasons
    blanche = ranked(HANDS[2])
    assert all(RiskKind.LOSES_BLANCHE in {r.kind for r in a.risks} for a in blanche)
    assert all(a.chances.carte_blanche < 1 for a in blanche)


def _independent(hand: str, discard: tuple[Card, ...], role: str, left: int, n: int,
                 seed: int) -> tuple[float, float]:
    """The player's mean points minus the opponent's, and its error, by a plain loop over
    piquet.score_declarations: the opponent's 12 and the talon shuffled from the 20 unseen
    cards; Younger takes every card Elder left (against Elder), Elder took 5 - left (against
    Younger), both the greedy way (piquet.players.greedy_discard)."""
    mine = parse_cards(hand)
    unseen = [c for c in DECK if c not in mine]
    rng = random.Random(seed)
    kept = [c for c in mine if c not in discard]
    j = len(discard)
    my_bl = not any(c.rank.is_court for c in mine)
    total = total2 = 0.0
    for _ in range(n):
        rng.shuffle(unseen)
        opp, talon = unseen[:12], unseen[12:]
        opp_bl = not any(c.rank.is_court for c in opp)
        if role == "elder":
            out = greedy_discard(opp, 8 - j)
            s = score_declarations(tuple(kept + talon[:j]),
                                   tuple([c for c in opp if c not in out] + talon[j:]),
                                   elder_blanche=my_bl, younger_blanche=opp_bl)
            d = s.total("elder") - s.total("younger")
        else:
            k = 5 - left
            out = greedy_discard(opp, k)
            s = score_declarations(tuple([c for c in opp if c not in out] + talon[:k]),
                                   tuple(kept + talon[k:k + j]),
                                   elder_blanche=opp_bl, younger_blanche=my_bl)
            d = s.total("younger") - s.total("elder")
        total += d
        total2 += d * d
    mean = total / n
    return mean, ((total2 / n - mean * mean) / (n - 1)) ** 0.5


@pytest.mark.parametrize("h, role, left, pick", [
    (0, "elder", 0, 0), (0, "elder", 0, 700), (4, "elder", 0, 1), (4, "younger", 3, 0),
    (2, "younger", 0, 5)])
def test_expected_against_independent(h: int, role: str, left: int, pick: int) -> None:
    """RULES.md sections 3 to 6: the simulated points agree with a plain, independent
    simulation within four standard errors (both errors together)."""
    a = ranked(HANDS[h], role, left)[pick]
    mean, err = _independent(HANDS[h], a.discard, role, left, 2500, 11 + h)
    assert abs(mean - a.expected) <= 4 * (err ** 2 + a.error ** 2) ** 0.5


@settings(derandomize=True, deadline=None, max_examples=12,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(DECK), st.sampled_from([("elder", 0), ("younger", 0), ("younger", 4)]),
       st.sampled_from(["britannica", "cavendish"]))
def test_chances_sum_to_one(deck: list[Card], question: tuple[str, int], rules: str) -> None:
    """Over random deals: each distribution sums to one, a quint or better is the best
    sequence's tail and a point of n or more the point's (RULES.md section 5)."""
    role, left = question
    advice = rank_discards(deck[:12], role=role, left=left, rules=rules, samples=16)
    for a in advice[::97]:
        ch = a.chances
        assert sum(ch.point_length.values()) == 1 and sum(ch.best_sequence.values()) == 1
        assert set(ch.point_length) == {3, 4, 5, 6, 7, 8}
        assert set(ch.best_sequence) == {0, 3, 4, 5, 6, 7, 8}
        assert ch.quint_or_better == sum(p for k, p in ch.best_sequence.items() if k >= 5)
        assert ch.point_at_least(6) == sum(p for k, p in ch.point_length.items() if k >= 6)
        assert all(0 <= x <= 1 for x in (ch.trio, ch.quatorze, ch.carte_blanche))
        if not a.discard:
            assert ch.draws == 1


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


def test_pickles_for_the_pages_cache() -> None:
    """st.cache_data pickles what it keeps: the advice comes back equal (RULES.md section 4's
    figures unchanged)."""
    import pickle

    advice = ranked(HANDS[4], "younger", 0)
    assert pickle.loads(pickle.dumps(advice)) == advice
    assert hash(advice[0]) == hash(pickle.loads(pickle.dumps(advice[0])))


@pytest.mark.parametrize("h, discard", [
    (0, "KH QH 10D 10C"), (4, "JS 9S 7S 10H 8H"), (2, "10S 9S 8S 7S 10H 9H 8H"), (5, "")])
def test_point_and_set_chances_against_enumeration(h: int, discard: str) -> None:
    """RULES.md section 5: the point by length and pips, and each set rank's count, after a
    discard, equal the count over every draw."""
    hand = parse_cards(HANDS[h])
    thrown = parse_cards(discard)
    dealt = cards_mask(hand)
    kept = dealt & ~cards_mask(thrown)
    unseen = [c.bit for c in DECK if not c.bit & dealt]
    point: Counter[tuple[int, int]] = Counter()
    sets: Counter[tuple[int, int]] = Counter()
    for drawn in combinations(unseen, len(thrown)):
        m = kept | sum(drawn)
        pk = point_key(m)
        point[(pk >> 7, pk & 127)] += 1
        for r in range(3, 8):
            sets[(r, (m & (0x01010101 << r)).bit_count())] += 1
    total = comb(20, len(thrown))
    assert point_chances(hand, thrown) == {k: Fraction(c, total) for k, c in point.items()}
    got = set_chances(HANDS[h], discard)
    assert list(got) == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]
    for rank, counts in got.items():
        assert counts == {c: Fraction(sets[(int(rank), c)], total) for c in range(5)}


def test_one_discard_errors() -> None:
    """RULES.md section 4: a discard must be cards the hand holds, each once."""
    with pytest.raises(ExchangeError) as e:
        point_chances(HANDS[0], "7D")
    assert e.value.code == "discard_not_held"
    with pytest.raises(ExchangeError) as e:
        set_chances(HANDS[0], "AS AS")
    assert e.value.code == "discard_twice"
    with pytest.raises(HandError):
        point_chances("AS", "AS")


def test_every_discard_on_the_same_samples() -> None:
    """RULES.md section 4: the samples do not depend on which discards are measured: one
    discard measured alone, on as many samples, gets the ranking's figures."""
    import numpy as np

    from academy.advisor_sim import Simulation

    advice = ranked(HANDS[4], "younger", 3)
    dealt = cards_mask(parse_cards(HANDS[4]))
    for a in (advice[0], advice[11], advice[-1]):
        sim = Simulation(dealt, "younger", 2, 0)
        alone = sim.measure(np.array([dealt & ~cards_mask(a.discard)]),
                            np.array([len(a.discard)]), a.samples)[0]
        assert alone == (a.expected, a.error, a.samples, a.point_won)

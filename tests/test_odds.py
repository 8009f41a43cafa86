"""academy.odds: the exact odds of a dealt hand, checked against brute force on smaller packs,
the closed forms and a Monte Carlo; rarity of known hands; the after-exchange table's loader.

The figures are those of RULES.md section 5 (point = longest suit, sequence = longest run of
three or more, sets = three or four of a rank ten or higher) and section 3 (carte blanche: no
king, queen or jack in the 12 cards as dealt)."""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json
import math
import random
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from academy.odds import (
    COURT_RANK_ORDERS,
    EXCHANGE_TABLE,
    FIGURE_KEYS,
    SET_RANK_ORDERS,
    TABLE_FORMAT,
    TABLE_VERSION,
    DealtOdds,
    OddsError,
    RarityKind,
    dealt_odds,
    deck_odds,
    exchange_odds,
    load_exchange_table,
    parse_exchange_table,
    rarity,
    set_or_better,
    suit_patterns,
)
from piquet import DECK, CardError, HandError, Rank, RulesError, analyse
from piquet.combos import SUIT_LENGTH, SUIT_RUNS


def brute_force(suits: int, ranks: int, hand: int) -> DealtOdds:
    """Every hand of a pack of ``suits`` suits of the ``ranks`` highest ranks, one by one."""
    orders = list(range(8 - ranks, 8))
    cards = [(s, r) for s in range(suits) for r in orders]
    point: dict[int, int] = {}
    seq: dict[int, int] = {}
    quatorze = dict.fromkeys(orders, 0)
    trio = dict.fromkeys(orders, 0)
    any_q = blanche = total = 0
    for h in itertools.combinations(cards, hand):
        total += 1
        longest = best = 0
        for s in range(suits):
            held = {r for (t, r) in h if t == s}
            longest = max(longest, len(held))
            run = 0
            for r in orders:
                run = run + 1 if r in held else 0
                if run >= 3:
                    best = max(best, run)
        point[longest] = point.get(longest, 0) + 1
        seq[best] = seq.get(best, 0) + 1
        counts = {r: sum(1 for (_, q) in h if q == r) for r in orders}
        for r in orders:
            quatorze[r] += counts[r] == 4
            trio[r] += counts[r] == 3
        any_q += any(counts[r] == 4 for r in orders if r in SET_RANK_ORDERS)
        blanche += all(counts[r] == 0 for r in orders if r in COURT_RANK_ORDERS)

    def dist(counts: dict[int, int], keys: list[int]) -> dict[int, Fraction]:
        return {k: Fraction(counts.get(k, 0), total) for k in keys}

    top = min(ranks, hand)
    p = dist(point, list(range(-(-hand // suits), top + 1)))
    q = dist(seq, [0, *range(3, top + 1)])
    return DealtOdds(
        hands=total,
        point_length=p,
        point_at_least={n: sum((v for m, v in p.items() if m >= n), Fraction(0)) for n in p},
        best_sequence=q,
        sequence_at_least={n: sum((v for m, v in q.items() if m >= n), Fraction(0))
                           for n in q if n},
        quatorze={Rank(r): Fraction(quatorze[r], total) for r in reversed(orders)
                  if r in SET_RANK_ORDERS},
        trio={Rank(r): Fraction(trio[r], total) for r in reversed(orders)
              if r in SET_RANK_ORDERS},
        any_quatorze=Fraction(any_q, total),
        carte_blanche=Fraction(blanche, total),
    )


@pytest.mark.parametrize(("suits", "ranks", "hand"), [
    (4, 4, 6), (4, 5, 7), (3, 6, 8), (4, 6, 5), (2, 8, 6), (4, 8, 4), (1, 8, 5),
])
def test_counting_equals_brute_force_on_smaller_packs(suits: int, ranks: int,
                                                      hand: int) -> None:
    """RULES.md section 5 (point, sequence, sets) and 3 (carte blanche): the dynamic
    programme over suits and the counting over ranks give exactly what enumerating every hand
    of a smaller pack gives (the 8-rank packs go through piquet.combos' pattern tables)."""
    assert deck_odds(suits, ranks, hand) == brute_force(suits, ranks, hand)


def test_the_pattern_tables_agree_with_the_engine() -> None:
    """RULES.md section 5: sequences are maximal runs, a suit's best is its longest."""
    counted: dict[tuple[int, int], int] = {}
    for p in range(256):
        key = (SUIT_LENGTH[p], SUIT_RUNS[p][0][0] if SUIT_RUNS[p] else 0)
        counted[key] = counted.get(key, 0) + 1
    assert suit_patterns(8) == counted
    assert sum(suit_patterns(5).values()) == 32


def test_closed_forms() -> None:
    """RULES.md section 3: carte blanche C(20,12)/C(32,12) (about 1 in 1,792.4); section 5:
    a quatorze of one rank C(28,8)/C(32,12), exactly three of a rank 4·C(28,9)/C(32,12), any
    quatorze by inclusion-exclusion over the five set ranks."""
    odds = dealt_odds()
    whole = math.comb(32, 12)
    assert odds.hands == whole == 225_792_840
    assert odds.carte_blanche == Fraction(math.comb(20, 12), whole) == Fraction(125_970, whole)
    assert round(float(1 / odds.carte_blanche), 1) == 1792.4
    assert set(odds.quatorze) == set(odds.trio) == {Rank.ACE, Rank.KING, Rank.QUEEN,
                                                    Rank.JACK, Rank.TEN}
    for r in odds.quatorze:
        assert odds.quatorze[r] == Fraction(math.comb(28, 8), whole)
        assert odds.trio[r] == Fraction(4 * math.comb(28, 9), whole)
    inclusion_exclusion = sum(
        (Fraction((-1) ** (k + 1) * math.comb(5, k) * math.comb(32 - 4 * k, 12 - 4 * k), whole)
         for k in range(1, 4)), Fraction(0))
    assert odds.any_quatorze == inclusion_exclusion
    # an eight-card suit is a huitième: four suits, the other four cards anywhere
    assert odds.point_length[8] == odds.best_sequence[8] == Fraction(4 * math.comb(24, 4), whole)
    # set or better: a quatorze of aces is the best set; any set at all
    assert set_or_better(4, Rank.ACE) == odds.quatorze[Rank.ACE]
    assert set_or_better(4, Rank.TEN) == odds.any_quatorze
    no_set = sum(math.prod(math.comb(4, k) for k in ks)
                 * math.comb(12, 12 - sum(ks))
                 for ks in itertools.product(range(3), repeat=5) if sum(ks) <= 12)
    assert set_or_better(3, Rank.TEN) == 1 - Fraction(no_set, whole)
    with pytest.raises(ValueError):
        set_or_better(3, Rank.NINE)


def test_distributions_sum_to_one_and_tail_sums() -> None:
    """RULES.md section 5: every hand has a point of 3 to 8 cards and a best sequence of none
    or 3 to 8 cards."""
    odds = dealt_odds()
    assert list(odds.point_length) == [3, 4, 5, 6, 7, 8]
    assert list(odds.best_sequence) == [0, 3, 4, 5, 6, 7, 8]
    assert sum(odds.point_length.values()) == 1
    assert sum(odds.best_sequence.values()) == 1
    assert odds.point_at_least[3] == 1
    assert odds.sequence_at_least[3] == 1 - odds.best_sequence[0]
    for n in range(3, 8):
        assert odds.point_at_least[n] - odds.point_at_least[n + 1] == odds.point_length[n]
        assert (odds.sequence_at_least[n] - odds.sequence_at_least[n + 1]
                == odds.best_sequence[n])
    assert all(0 < p < 1 for p in odds.best_sequence.values())


def test_monte_carlo_agrees_within_four_standard_errors() -> None:
    """RULES.md sections 3 and 5, measured on 20,000 random 12-card hands with the engine's
    own analysis (piquet.analyse): each figure within 4 standard errors of the exact one."""
    odds = dealt_odds()
    rng = random.Random(15)
    n = 20_000
    hits: dict[tuple[str, object], int] = {}
    for _ in range(n):
        c = analyse(rng.sample(DECK, 12))
        assert c.point is not None
        marks = [("point", c.point.length),
                 ("sequence", c.sequences[0].length if c.sequences else 0)]
        marks += [("quatorze" if s.count == 4 else "trio", s.rank) for s in c.sets]
        if any(s.count == 4 for s in c.sets):
            marks.append(("any_quatorze", None))
        if c.carte_blanche:
            marks.append(("blanche", None))
        for m in marks:
            hits[m] = hits.get(m, 0) + 1
    exact: dict[tuple[str, object], Fraction] = {
        **{("point", k): v for k, v in odds.point_length.items()},
        **{("sequence", k): v for k, v in odds.best_sequence.items()},
        **{("quatorze", k): v for k, v in odds.quatorze.items()},
        **{("trio", k): v for k, v in odds.trio.items()},
        ("any_quatorze", None): odds.any_quatorze,
        ("blanche", None): odds.carte_blanche,
    }
    for key, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(hits.get(key, 0) / n - float(p)) <= 4 * se + 1e-12, key


def test_rarity_of_a_seven_card_point() -> None:
    """RULES.md section 5: a point of seven (and its septième) placed on the dealt
    distributions; the trio of aces it holds is 'a trio of aces or better'."""
    out = rarity("AS KS QS JS 10S 9S 8S AH AD 7H 7D 8C")
    odds = dealt_odds()
    assert [(r.kind, r.size, r.rank) for r in out] == [
        (RarityKind.POINT, 7, None), (RarityKind.SEQUENCE, 7, None),
        (RarityKind.TRIO, 3, Rank.ACE)]
    assert out[0].chance == odds.point_at_least[7] == odds.point_length[7] + odds.point_length[8]
    assert out[0].one_in == round(1 / out[0].chance) == 161
    assert out[1].chance == odds.sequence_at_least[7]
    # a trio of aces is beaten only by a quatorze: any quatorze, or three or four aces
    assert out[2].chance == set_or_better(3, Rank.ACE)
    assert odds.any_quatorze < out[2].chance < odds.any_quatorze + odds.trio[Rank.ACE] + \
        odds.quatorze[Rank.ACE]


def test_rarity_of_carte_blanche_and_a_quatorze_of_aces() -> None:
    """RULES.md section 3: carte blanche, about 1 dealt hand in 1,792, reckoned first
    (section 6); section 5: fourteen aces is the best set there is."""
    out = rarity("AS AH AD AC 10S 10H 10D 9S 9H 8S 8H 7S")
    assert [r.kind for r in out] == [RarityKind.CARTE_BLANCHE, RarityKind.POINT,
                                     RarityKind.SEQUENCE, RarityKind.QUATORZE,
                                     RarityKind.TRIO]
    blanche, point, seq, aces, tens = out
    assert (blanche.size, blanche.rank, blanche.one_in) == (12, None, 1792)
    assert blanche.chance == dealt_odds().carte_blanche
    assert (point.size, seq.size) == (5, 4)  # spades A 10 9 8 7; the quart 10 9 8 7
    assert (aces.size, aces.rank, aces.chance) == (4, Rank.ACE, dealt_odds().quatorze[Rank.ACE])
    assert aces.one_in == 73
    assert (tens.size, tens.rank) == (3, Rank.TEN)
    assert tens.chance == set_or_better(3, Rank.TEN)


def test_rarity_of_a_plain_hand_and_bad_hands() -> None:
    """RULES.md section 2: a hand is 12 distinct cards of the pack."""
    out = rarity("AS 9S 7S KH 10H 8H QD 9D 7D JC 9C 7C")
    assert [(r.kind, r.size, r.one_in) for r in out] == [(RarityKind.POINT, 3, 1)]
    with pytest.raises(HandError) as e:
        rarity("AS KS")
    assert e.value.code == "card_count"
    with pytest.raises(HandError) as e:
        rarity("AS AS QS JS 10S 9S 8S AH AD 7H 7D 8C")
    assert e.value.code == "card_twice"
    with pytest.raises(CardError):
        rarity("AS KS QS JS 10S 9S 8S AH AD 7H 7D 6C")


# --- the after-exchange table --------------------------------------------------------------

def _valid_table() -> dict[str, object]:
    """A table in the file's format (the dealt figures standing in for the simulated ones)."""
    odds = dealt_odds()

    def e(p: Fraction) -> dict[str, object]:
        return {"value": float(p), "error": 0.01, "samples": 100}

    def figures() -> dict[str, object]:
        out: dict[str, object] = {
            "point_length": {str(k): e(v) for k, v in odds.point_length.items()},
            "point_at_least": {str(k): e(v) for k, v in odds.point_at_least.items()},
            "best_sequence": {str(k): e(v) for k, v in odds.best_sequence.items()},
            "sequence_at_least": {str(k): e(v) for k, v in odds.sequence_at_least.items()},
            "quatorze": {k.symbol: e(v) for k, v in odds.quatorze.items()},
            "trio": {k.symbol: e(v) for k, v in odds.trio.items()},
            "any_quatorze": e(odds.any_quatorze),
            "carte_blanche": e(odds.carte_blanche),
        }
        return out

    return {"format": TABLE_FORMAT, "version": TABLE_VERSION, "policy": "stand-in",
            "advisor_samples": 0, "seed": 1, "deals": 100,
            "tables": {p: {r: figures() for r in ("elder", "younger")}
                       for p in ("britannica", "cavendish")}}


def test_a_valid_table_loads() -> None:
    table = parse_exchange_table(_valid_table())
    assert set(table) == {(p, r) for p in ("britannica", "cavendish")
                          for r in ("elder", "younger")}
    x = table[("cavendish", "younger")]
    assert (x.role, x.rules, x.samples, x.policy) == ("younger", "cavendish", 100, "stand-in")
    assert list(x.best_sequence) == [0, 3, 4, 5, 6, 7, 8]
    assert x.quatorze[Rank.ACE].value == pytest.approx(float(dealt_odds().quatorze[Rank.ACE]))
    assert set(FIGURE_KEYS["trio"]) == {"A", "K", "Q", "J", "10"}


def _broken(change: str) -> object:
    data = _valid_table()
    tables = data["tables"]
    assert isinstance(tables, dict)
    elder = tables["britannica"]["elder"]
    if change == "format":
        data["format"] = "something else"
    elif change == "version":
        data["version"] = 99
    elif change == "missing-role":
        del tables["cavendish"]["younger"]
    elif change == "missing-key":
        del elder["point_length"]["5"]
    elif change == "not-probability":
        elder["trio"]["A"]["value"] = 1.5
    elif change == "bad-samples":
        elder["any_quatorze"]["samples"] = 0
    elif change == "sum":
        elder["best_sequence"]["0"]["value"] = 0.9
    elif change == "not-object":
        return [1, 2, 3]
    elif change == "preset-not-object":
        tables["cavendish"] = [1]
    elif change == "no-tables":
        del data["tables"]
    return data


@pytest.mark.parametrize(("change", "code"), [
    ("format", "odds_format"), ("version", "odds_format"), ("not-object", "odds_format"),
    ("missing-role", "odds_entry"), ("preset-not-object", "odds_entry"),
    ("no-tables", "odds_entry"), ("missing-key", "odds_entry"),
    ("not-probability", "odds_entry"), ("bad-samples", "odds_entry"), ("sum", "odds_entry"),
])
def test_a_broken_table_raises_with_its_code(change: str, code: str) -> None:
    with pytest.raises(OddsError) as e:
        parse_exchange_table(copy.deepcopy(_broken(change)), Path("odds.json"))
    assert e.value.code == code
    assert e.value.values[0] == "odds.json"


def test_a_missing_or_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(OddsError) as e:
        load_exchange_table(tmp_path / "nothing.json")
    assert e.value.code == "odds_missing"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(OddsError) as e:
        load_exchange_table(bad)
    assert e.value.code == "odds_json"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_valid_table()), encoding="utf-8")
    assert load_exchange_table(good)[("britannica", "elder")].samples == 100


def test_exchange_odds_bad_role_and_preset() -> None:
    with pytest.raises(OddsError) as e:
        exchange_odds("dealer")
    assert (e.value.code, e.value.values) == ("bad_role", ("dealer",))
    with pytest.raises(RulesError):
        exchange_odds("elder", "hoyle")


@pytest.mark.skipif(not EXCHANGE_TABLE.exists(), reason="the table is not written yet")
def test_the_committed_table() -> None:
    """RULES.md section 4: after the exchange Elder has drawn up to five cards and Younger up
    to three (more if Elder left some); the committed table loads and says so."""
    for preset in ("britannica", "cavendish"):
        for role in ("elder", "younger"):
            x = exchange_odds(role, preset)
            assert x.samples > 0 and (x.role, x.rules) == (role, preset)
            assert sum(e.value for e in x.point_length.values()) == pytest.approx(1.0, abs=1e-4)
            for e in x.point_length.values():
                assert e.samples == x.samples


# --- the script that writes the table -------------------------------------------------------

def _script() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "scripts" / "odds_exchange.py"
    spec = importlib.util.spec_from_file_location("odds_exchange_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_reads_a_final_hand_as_the_engine_does() -> None:
    """RULES.md section 5, on 300 random hands: the script's slots are the engine's point
    length, best sequence, sets, any quatorze, and no court card."""
    script = _script()
    rng = random.Random(4)
    for _ in range(300):
        hand = rng.sample(DECK, 12)
        c = analyse(hand)
        assert c.point is not None
        slots = {script.SLOTS[i] for i in script.hand_slots(sum(x.bit for x in hand))}
        want = {("point_length", str(c.point.length)),
                ("best_sequence", str(c.sequences[0].length if c.sequences else 0))}
        want |= {("point_at_least", str(n)) for n in range(3, c.point.length + 1)}
        want |= {("sequence_at_least", str(n))
                 for n in range(3, (c.sequences[0].length if c.sequences else 0) + 1)}
        want |= {("quatorze" if s.count == 4 else "trio", s.rank.symbol) for s in c.sets}
        if any(s.count == 4 for s in c.sets):
            want.add(("any_quatorze", None))
        if c.carte_blanche:
            want.add(("carte_blanche", None))
        assert slots == want


def test_the_script_writes_a_table_the_loader_takes(tmp_path: Path) -> None:
    """RULES.md section 4: Elder exchanges 1 to 5 cards, Younger up to what is left; a few
    deals with the engine's greedy exchange standing in for the advisor."""
    script = _script()
    out = tmp_path / "odds.json"
    assert script.main(["--deals", "4", "--policy", "stand-in", "--out", str(out)]) == 0
    table = load_exchange_table(out)
    x = table[("britannica", "elder")]
    assert (x.samples, x.policy, x.advisor_samples) == (4, "stand-in", 0)
    assert sum(e.value for e in x.best_sequence.values()) == pytest.approx(1.0, abs=1e-4)
    # the greedy Elder takes five: each chance is over C(20, 5) draws
    assert all(e.error <= 0.5 for e in x.point_length.values())


def test_the_advisor_policy_makes_legal_discards() -> None:
    """RULES.md sections 4 and 9: Elder discards 1 to 5 cards, the same under both presets;
    Younger 0 or more under britannica, at least 1 under cavendish."""
    script = _script()
    choose = script.advisor_top(8)
    elder = choose(tuple(DECK[:12]), "elder", 0, 1)
    assert elder["britannica"] == elder["cavendish"]
    assert 1 <= len(elder["britannica"]) <= 5
    younger = choose(tuple(DECK[12:24]), "younger", 2, 2)
    assert len(younger["britannica"]) <= 5 and 1 <= len(younger["cavendish"]) <= 5

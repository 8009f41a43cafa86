"""Exhaustive and randomised comparisons with a deliberately naive second implementation.

The naive code below is written from RULES.md section 5 alone, with explicit loops and
dictionaries; it shares nothing with the engine but the card notation.
"""

from __future__ import annotations

import random

import pytest

from piquet import DECK, analyse, parse_cards, score_declarations
from piquet.combos import SEQUENCE_SCORES
from words.declarations import combination_name

# --- the naive implementation -----------------------------------------------------------

NAIVE_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]  # high to low
NAIVE_PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}
NAIVE_ORDER = {"A": 8, "K": 7, "Q": 6, "J": 5, "10": 4, "9": 3, "8": 2, "7": 1}
NAIVE_NOUN = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven"}
NAIVE_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "10": "tens"}
NAIVE_KIND = {3: "Tierce", 4: "Quart", 5: "Quint", 6: "Sixième", 7: "Septième", 8: "Huitième"}
NAIVE_SEQ_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
NAIVE_SUITS = ["S", "H", "D", "C"]
SET_RANKS = ["A", "K", "Q", "J", "10"]


def words(text: str) -> list[str]:
    return text.split()


def split_card(text: str) -> tuple[str, str]:
    return text[:-1], text[-1]


def naive_runs(ranks_held: list[str]) -> list[tuple[int, str, str]]:
    """Maximal runs of 3+ as (length, top rank, name), walking from the ace down."""
    runs = []
    current: list[str] = []
    for r in [*NAIVE_RANKS, "stop"]:
        if r in ranks_held:
            current.append(r)
            continue
        if len(current) >= 3:
            top, bottom = current[0], current[-1]
            if top == "A":
                qual = "major"
            elif bottom == "7":
                qual = "minor"
            else:
                qual = "to the " + NAIVE_NOUN[top]
            runs.append((len(current), top, NAIVE_KIND[len(current)] + " " + qual))
        current = []
    return runs


def naive_hand(cards: list[str]) -> dict[str, object]:
    """Point key, sequences and sets of a hand, the long way round."""
    by_suit: dict[str, list[str]] = {s: [] for s in NAIVE_SUITS}
    by_rank: dict[str, int] = {r: 0 for r in NAIVE_RANKS}
    for c in cards:
        rank, suit = split_card(c)
        by_suit[suit].append(rank)
        by_rank[rank] += 1
    best_point = (0, 0)
    for suit in NAIVE_SUITS:
        length = len(by_suit[suit])
        pips = 0
        for r in by_suit[suit]:
            pips += NAIVE_PIPS[r]
        if (length, pips) > best_point:
            best_point = (length, pips)
    seqs = []
    for suit in NAIVE_SUITS:
        for length, top, _ in naive_runs(by_suit[suit]):
            seqs.append((length, NAIVE_ORDER[top]))
    sets = []
    for r in SET_RANKS:
        if by_rank[r] >= 3:
            sets.append((by_rank[r], NAIVE_ORDER[r]))
    return {"point": best_point, "seqs": seqs, "sets": sets}


def naive_score(elder: list[str], younger: list[str], elder_blanche: bool,
                younger_blanche: bool) -> dict[str, dict[str, int]]:
    """RULES.md §5-6 by hand: blanche, point, sequences, sets, then repique in that order."""
    e, y = naive_hand(elder), naive_hand(younger)
    sheet = {p: {"blanche": 0, "point": 0, "sequences": 0, "sets": 0, "repique": 0}
             for p in ("elder", "younger")}
    order: list[tuple[str, int]] = []  # (player, points) in reckoning order
    if elder_blanche:
        sheet["elder"]["blanche"] = 10
        order.append(("elder", 10))
    if younger_blanche:
        sheet["younger"]["blanche"] = 10
        order.append(("younger", 10))
    # point
    if e["point"] > y["point"]:
        sheet["elder"]["point"] = e["point"][0]  # type: ignore[index]
        order.append(("elder", e["point"][0]))  # type: ignore[index]
    elif y["point"] > e["point"]:
        sheet["younger"]["point"] = y["point"][0]  # type: ignore[index]
        order.append(("younger", y["point"][0]))  # type: ignore[index]
    # sequences and sets: the best decides, the winner scores all of his
    for cat, values in (("sequences", NAIVE_SEQ_SCORE), ("sets", {3: 3, 4: 14})):
        key = "seqs" if cat == "sequences" else "sets"
        e_all: list[tuple[int, int]] = e[key]  # type: ignore[assignment]
        y_all: list[tuple[int, int]] = y[key]  # type: ignore[assignment]
        e_best = max(e_all) if e_all else (0, 0)
        y_best = max(y_all) if y_all else (0, 0)
        if e_best == y_best:
            continue
        winner, combos = ("elder", e_all) if e_best > y_best else ("younger", y_all)
        pts = 0
        for n, _ in combos:
            pts += values[n]
        sheet[winner][cat] = pts
        order.append((winner, pts))
    running = {"elder": 0, "younger": 0}
    for player, pts in order:
        running[player] += pts
        other = "younger" if player == "elder" else "elder"
        if running[player] >= 30 and running[other] == 0:
            sheet[player]["repique"] = 60
            break
    for row in sheet.values():
        row["total"] = sum(row.values())
    return sheet


# --- every holding of one suit ----------------------------------------------------------


def holding(pattern: int, suit: str) -> list[str]:
    """Bit i of the pattern (0 = ace ... 7 = seven) selects NAIVE_RANKS[i]."""
    return [NAIVE_RANKS[i] + suit for i in range(8) if pattern >> i & 1]


@pytest.mark.parametrize("suit", NAIVE_SUITS)
def test_all_256_holdings_point(suit: str) -> None:
    for pattern in range(256):
        cards = holding(pattern, suit)
        point = analyse(parse_cards(cards)).point
        naive = naive_hand(cards)["point"]
        if not cards:
            assert point is None
            continue
        assert point is not None
        assert (point.length, point.pips) == naive, cards
        assert point.score == len(cards)
        assert str(point.suit.value) == suit


@pytest.mark.parametrize("suit", NAIVE_SUITS)
def test_all_256_holdings_sequences(suit: str) -> None:
    checked_runs = 0
    for pattern in range(256):
        cards = holding(pattern, suit)
        seqs = analyse(parse_cards(cards)).sequences
        ranks = [split_card(c)[0] for c in cards]
        naive = sorted(naive_runs(ranks), key=lambda r: (r[0], NAIVE_ORDER[r[1]]), reverse=True)
        got = [(q.length, q.top.symbol, combination_name(q)) for q in seqs]
        assert got == naive, cards
        naive_total = sum(NAIVE_SEQ_SCORE[n] for n, _, _ in naive)
        assert sum(q.score for q in seqs) == naive_total, cards
        assert sum(SEQUENCE_SCORES[q.length] for q in seqs) == naive_total
        checked_runs += len(naive)
    assert checked_runs == 112  # maximal runs of 3+ over all 256 holdings


def test_sequence_score_table() -> None:
    assert SEQUENCE_SCORES == NAIVE_SEQ_SCORE


def test_some_names_spot_check() -> None:
    names = {tuple(r[2] for r in naive_runs(list(NAIVE_RANKS[a:b])))
             for a, b in ((0, 3), (5, 8), (1, 5), (0, 8), (1, 8))}
    assert names == {("Tierce major",), ("Tierce minor",), ("Quart to the king",),
                     ("Huitième major",), ("Septième minor",)}


# --- whole hands: naive scorer v engine -------------------------------------------------

DECK_TEXT = [str(c) for c in DECK]


def biased_hand(rng: random.Random, pool: list[str], n: int) -> list[str]:
    """n cards from pool, favouring high ranks and one suit (to reach repiques)."""
    suit = rng.choice(NAIVE_SUITS)
    weights = [NAIVE_ORDER[split_card(c)[0]] ** 2 * (4 if c.endswith(suit) else 1)
               for c in pool]
    chosen: list[str] = []
    pool = list(pool)
    while len(chosen) < n:
        i = rng.choices(range(len(pool)), weights=weights)[0]
        chosen.append(pool.pop(i))
        weights.pop(i)
    return chosen


def test_naive_scorer_agrees_on_2000_deals() -> None:
    rng = random.Random(20240601)
    repiques = {"elder": 0, "younger": 0}
    categories_won = {"point": 0, "sequences": 0, "sets": 0}
    for n in range(2000):
        if n % 2:
            deck = DECK_TEXT[:]
            rng.shuffle(deck)
            elder, younger = deck[:12], deck[12:24]
        else:
            first = biased_hand(rng, DECK_TEXT, 12)
            rest = [c for c in DECK_TEXT if c not in first]
            second = rest[:]
            rng.shuffle(second)
            pair = (first, second[:12])
            elder, younger = pair if rng.random() < 0.5 else pair[::-1]
        roll = rng.random()
        eb, yb = roll < 0.08, 0.08 <= roll < 0.16
        expected = naive_score(elder, younger, eb, yb)
        got = score_declarations(elder, younger, elder_blanche=eb, younger_blanche=yb)
        assert got.as_dict() == expected, (elder, younger, eb, yb)
        for p in ("elder", "younger"):
            repiques[p] += expected[p]["repique"] > 0
            for cat in categories_won:
                categories_won[cat] += expected[p][cat] > 0
    # the sample exercised every branch
    assert repiques["elder"] > 20 and repiques["younger"] > 20
    assert all(v > 500 for v in categories_won.values())


def test_naive_scorer_on_the_worked_hands() -> None:
    """Sanity check of the naive scorer itself on RULES.md §10 ex. 5 and 6."""
    cav = naive_score(words("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"),
                      words("10S QS 10H KC QC 10C AC AD QD JD 10D 7D"), False, False)
    assert cav["elder"]["total"] == 9 and cav["younger"]["total"] == 17
    hoyle = naive_score(words("AS AH AD AC KS KH KD KC QS QH QD QC"),
                        words("JS 10S 8S JH 10H 9H JD 10D 9D JC 10C 9C"), False, False)
    assert hoyle["elder"]["total"] == 57 + 60

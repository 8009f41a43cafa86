"""Properties over random deals (hypothesis): a shuffled pack dealt 12 / 12 / 8, random legal
exchanges, and random legal play of 0 to 12 tricks, scored with piquet.score_record."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from piquet import DECK, Card, DealRecord, score_declarations, score_record
from piquet.play import legal_cards

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
ROLES = ("elder", "younger")
DECL_KEYS = ("blanche", "point", "sequences", "sets")


@dataclass
class Deal:
    """A random deal as the test played it (independently of the engine's bookkeeping)."""

    record: dict[str, Any]
    elder_after: list[Card]
    younger_after: list[Card]
    tricks: list[tuple[str, Card, Card, str]]  # leader, led, second, winner
    rules: str


def beats(led: Card, second: Card) -> bool:
    """RULES.md §7: the second card wins only if it is of the suit led and higher."""
    return second.suit == led.suit and second.rank > led.rank


def make_deal(order: list[int], seed: int, rules: str, n_tricks: int, stack: int) -> Deal:
    """Deal from the permutation; discards and play are random and legal.

    ``stack`` makes strong hands, so that repiques, piques and capots are common: 1 or 2 gives
    Elder (odd) or Younger (even) the twelve highest of the first twenty cards, 3 or 4 the
    first twelve of them sorted by suit, 5 or 6 a whole suit and four more. The strong hand
    then discards its weakest cards and plays its highest legal card; the other its lowest.
    """
    rnd = random.Random(seed)
    cards = [DECK[i] for i in order]
    strong_role = None
    if stack:
        if stack <= 2:
            strong = sorted(cards[:20], key=lambda c: (-int(c.rank), c.suit.index))
        elif stack <= 4:
            strong = sorted(cards[:20], key=lambda c: (c.suit.index, -int(c.rank)))
        else:  # a whole suit and the next four cards
            strong = sorted(cards, key=lambda c: c.suit != cards[0].suit)
        top, rest = strong[:12], [c for c in cards if c not in strong[:12]]
        rnd.shuffle(rest)
        strong_role = "elder" if stack % 2 else "younger"
        cards = top + rest if strong_role == "elder" else rest[:12] + top + rest[12:]
    elder, younger, talon = cards[:12], cards[12:24], cards[24:]
    ne = rnd.randint(1, 5)
    ny = rnd.randint(1 if rules == "cavendish" else 0, 8 - ne)
    ed = elder[12 - ne:] if strong_role == "elder" else rnd.sample(elder, ne)
    yd = younger[12 - ny:] if strong_role == "younger" else rnd.sample(younger, ny)
    elder_after = [c for c in elder if c not in ed] + talon[:ne]
    younger_after = [c for c in younger if c not in yd] + talon[ne:ne + ny]
    hands = {"elder": list(elder_after), "younger": list(younger_after)}

    def pick(role: str, led: Card | None) -> Card:
        legal = legal_cards(hands[role], led)
        if strong_role is None:
            return rnd.choice(legal)
        ordered = sorted(legal, key=lambda c: (int(c.rank), c.suit.index))
        return ordered[-1] if role == strong_role else ordered[0]

    leader = "elder"
    tricks = []
    for _ in range(n_tricks):
        follower = "younger" if leader == "elder" else "elder"
        led = pick(leader, None)
        second = pick(follower, led)
        hands[leader].remove(led)
        hands[follower].remove(second)
        winner = follower if beats(led, second) else leader
        tricks.append((leader, led, second, winner))
        leader = winner
    record = {
        "rules": rules,
        "elder": [str(c) for c in elder],
        "younger": [str(c) for c in younger],
        "talon": [str(c) for c in talon],
        "elder_discard": [str(c) for c in ed],
        "younger_discard": [str(c) for c in yd],
        "tricks": [[str(a), str(b)] for _, a, b, _ in tricks],
    }
    return Deal(record, elder_after, younger_after, tricks, rules)


deals = st.builds(
    make_deal,
    st.permutations(list(range(32))),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(["britannica", "cavendish"]),
    st.sampled_from([12] * 8 + list(range(12))),  # all twelve tricks 40% of the time
    st.sampled_from([5, 1, 2, 0, 3, 4, 6, 0]),
)


def play_points(deal: Deal) -> list[str]:
    """Who scored each point of play, in time order (RULES.md §6-7)."""
    out = []
    for leader, _, _, winner in deal.tricks:
        out.append(leader)
        if winner != leader:
            out.append(winner)
    if len(deal.tricks) == 12 and deal.rules == "cavendish":
        out.append(deal.tricks[-1][3])
    return out


@SETTINGS
@given(deals)
def test_card_conservation(deal: Deal) -> None:
    rec = DealRecord.from_json(deal.record)
    parts = [rec.elder_after, rec.younger_after, rec.elder_discard, rec.younger_discard,
             rec.talon_left]
    every = [c for part in parts for c in part]
    assert len(every) == 32
    assert set(every) == set(DECK)
    assert len(rec.elder_after) == 12 and len(rec.younger_after) == 12
    assert set(rec.elder_after) == set(deal.elder_after)
    assert set(rec.younger_after) == set(deal.younger_after)


@SETTINGS
@given(deals)
def test_sheet_is_non_negative_and_totals_add_up(deal: Deal) -> None:
    s = score_record(deal.record)
    sheet = s.as_dict()
    for player in ROLES:
        row = sheet[player]
        assert all(v >= 0 for v in row.values()), row
        assert row["total"] == sum(v for k, v in row.items() if k != "total")
        assert row["total"] == s.total(player)  # type: ignore[arg-type]
    assert s.reckoning.total("elder") == sheet["elder"]["total"]
    assert s.reckoning.total("younger") == sheet["younger"]["total"]


@SETTINGS
@given(deals)
def test_play_points_cards_and_capot(deal: Deal) -> None:
    sheet = score_record(deal.record).as_dict()
    captures = sum(1 for leader, _, _, winner in deal.tricks if winner != leader)
    n = len(deal.tricks)
    last = 1 if n == 12 and deal.rules == "cavendish" else 0
    assert sheet["elder"]["play"] + sheet["younger"]["play"] == n + captures + last
    expected_play = {p: play_points(deal).count(p) for p in ROLES}
    assert {p: sheet[p]["play"] for p in ROLES} == expected_play
    won = {p: sum(1 for t in deal.tricks if t[3] == p) for p in ROLES}
    for p in ROLES:
        if n < 12:
            exp_cards, exp_capot = 0, 0
        elif won[p] == 12:
            exp_cards, exp_capot = 0, 40
        elif won[p] >= 7:
            exp_cards, exp_capot = 10, 0
        else:
            exp_cards, exp_capot = 0, 0
        assert (sheet[p]["cards"], sheet[p]["capot"]) == (exp_cards, exp_capot)


@SETTINGS
@given(deals)
def test_repique_and_pique_rules(deal: Deal) -> None:
    """RULES.md §6, recomputed by hand from the sheet and the tricks as played."""
    s = score_record(deal.record)
    sheet = s.as_dict()
    e_rep, y_rep = sheet["elder"]["repique"], sheet["younger"]["repique"]
    pique_e, pique_y = sheet["elder"]["pique"], sheet["younger"]["pique"]
    assert pique_y == 0  # Younger never piques
    assert not (e_rep and y_rep)
    assert not (pique_e and (e_rep or y_rep))  # never both in one deal
    # repique, in reckoning order
    order = []
    for cat in DECL_KEYS:
        for p in ROLES:
            if sheet[p][cat]:
                order.append((p, sheet[p][cat]))
    running = {"elder": 0, "younger": 0}
    expected_repique = None
    for p, pts in order:
        running[p] += pts
        other = "younger" if p == "elder" else "elder"
        if running[p] >= 30 and running[other] == 0:
            expected_repique = p
            break
    assert s.reckoning.repique == expected_repique
    for p in ROLES:
        combos = sum(sheet[p][c] for c in DECL_KEYS)
        if sheet[p]["repique"]:
            assert sheet[p]["repique"] == 60 and combos >= 30
    # pique: Elder, Younger has scored nothing, 30 reached through the play points
    expected_pique = False
    if expected_repique is None and running["younger"] == 0:
        e = sum(sheet["elder"][c] for c in DECL_KEYS)
        for who in play_points(deal):
            if who == "younger":
                break
            e += 1
            if e >= 30:
                expected_pique = True
                break
    assert (pique_e == 30) == expected_pique
    if pique_e:
        before = next(ev for ev in s.reckoning.events if ev.category == "pique")
        assert before.younger_total == 0
        assert before.elder_total - 30 >= 30


@SETTINGS
@given(deals)
def test_declarations_swap_with_the_hands(deal: Deal) -> None:
    a, b = tuple(deal.elder_after), tuple(deal.younger_after)
    ab = score_declarations(a, b)
    ba = score_declarations(b, a)
    swap = {"elder": "younger", "younger": "elder", None: None}
    for v1, v2 in zip(ab.verdicts, ba.verdicts, strict=True):
        assert v1.category == v2.category
        assert v2.winner == swap[v1.winner]
        assert v1.reason == v2.reason
        assert v1.points == v2.points
    d1, d2 = ab.as_dict(), ba.as_dict()
    assert d1["elder"] == d2["younger"]
    assert d1["younger"] == d2["elder"]


@SETTINGS
@given(deals)
def test_record_declarations_match_score_declarations(deal: Deal) -> None:
    """The sheet of a record, without repique, equals score_declarations of the hands after
    the exchange with the blanche judged on the hands as dealt."""
    s = score_record(deal.record)
    dealt_e = set(deal.record["elder"])
    dealt_y = set(deal.record["younger"])
    courts = {c for c in (str(x) for x in DECK) if c[0] in "KQJ"}
    eb, yb = not dealt_e & courts, not dealt_y & courts
    d = score_declarations(tuple(deal.elder_after), tuple(deal.younger_after),
                           elder_blanche=eb, younger_blanche=yb).as_dict()
    sheet = s.as_dict()
    for p in ROLES:
        for k in DECL_KEYS:
            assert sheet[p][k] == d[p][k]
        assert sheet[p]["repique"] == d[p]["repique"]

"""The review of a deal (academy.review): marks against an exact solve where the view
determines the cards, worlds consistent with the calls heard, reproducibility, bad records."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from academy.review import (
    THRESHOLDS,
    DecisionKind,
    Mark,
    ReasonKind,
    mark_of,
    review_record,
)
from piquet.cards import cards_mask, parse_cards
from piquet.deal import DealState
from piquet.players import knowledge, make_player
from piquet.reckon import ROLES, Role
from piquet.record import RecordError
from piquet.solver import Solver
from piquet.tournament import play_deal
from piquet.worlds import Heard, consistent


def _heard(state: DealState, role: Role) -> Heard:
    heard = state.view(role).heard
    assert heard is not None
    return heard


def _record(seed: int, a: str = "greedy", b: str = "random", dealer: int = 0) -> dict[str, Any]:
    return play_deal((make_player(a, seed), make_player(b, seed)), seed=seed,
                     dealer=dealer).record


def _states(record: dict[str, Any]) -> list[DealState]:
    """The deal before each card played, in order."""
    full = dict(record)
    tricks = full.pop("tricks")
    d = DealState.from_record({**full, "tricks": []})
    if not all(d.declared):
        decl = record.get("declarations", {})
        d = d.declare("elder", decl.get("elder")).declare("younger", decl.get("younger"))
    out = []
    for a, b in tricks:
        for card in (a, b):
            out.append(d)
            d = d.play(d.to_move or "elder", parse_cards([card])[0])
    return out


def test_marks_agree_with_an_exact_solve_where_the_view_determines_the_cards() -> None:
    record = _record(36)
    review = review_record(record, "elder", 4, seed=3)
    determined = [d for d in review.decisions if d.determined]
    assert len(determined) >= 3
    assert any(d.mark is not Mark.BEST for d in determined)
    states = {(len(s.tricks) + 1, s.to_move, s.lead is None): s for s in _states(record)}
    for d in determined:
        assert d.worlds == 1 and d.every_world and d.error == 0.0
        matches = [s for (t, who, _), s in states.items() if t == d.trick and who == d.who]
        (state,) = [s for s in matches if d.choice[0] in s.legal_plays()]
        k = knowledge(state.view(d.who))
        opp = cards_mask(state.hand("younger" if d.who == "elder" else "elder"))
        hands = (k.hand, opp) if d.who == "elder" else (opp, k.hand)
        sign = 1 if d.who == "elder" else -1
        vals = Solver(state.rules.last_trick_point).move_values(
            hands, k.leader, k.elder_tricks, k.pique_base, k.lead,
            [c.index for c in state.legal_plays()])
        best = max(sign * v for v in vals.values())
        lost = best - sign * vals[d.choice[0].index]
        assert d.lost == pytest.approx(lost)
        assert d.mark is mark_of(lost)
        assert sign * vals[d.best[0].index] == best


def test_a_seeded_review_is_reproducible() -> None:
    record = _record(5, "computer:1", "greedy", dealer=1)
    one = review_record(record, None, 4, seed=11)
    two = review_record(record, None, 4, seed=11)
    assert one.decisions == two.decisions
    assert {d.who for d in one.decisions} == {"elder", "younger"}
    assert one.complete and one.total >= len(one.decisions)


def test_a_decision_records_its_figures() -> None:
    review = review_record(_record(2, "random", "greedy"), "elder", 4, seed=1)
    kinds = [d.kind for d in review.decisions]
    assert kinds[0] is DecisionKind.DISCARD
    for d in review.decisions:
        if d.lost is None:
            assert d.kind is DecisionKind.DECLARATION or d.worlds == 0
            continue
        assert d.lost >= 0 and d.mark is mark_of(d.lost)
        assert (d.rank == 1) == (d.choice == d.best)
        assert (d.expected_best or 0) - (d.expected_choice or 0) == pytest.approx(d.lost)
    acc = review.accuracy("elder")
    assert acc is not None and 0 <= acc <= 100
    costly = review.costliest(3)
    assert list(costly) == sorted(costly, key=lambda d: -(d.lost or 0))
    assert all((d.lost or 0) >= dict(THRESHOLDS)[Mark.INACCURACY] for d in costly)


def test_the_discard_is_judged_by_the_advisor() -> None:
    from academy.advisor import rank_discards

    record = _record(2, "random", "greedy")
    (d,) = [x for x in review_record(record, "elder", 4, seed=0).decisions
            if x.kind is DecisionKind.DISCARD]
    advice = rank_discards(record["elder"], role="elder", seed=0)
    assert d.options == len(advice)
    assert d.best == advice[0].discard
    assert d.expected_best == advice[0].expected
    assert d.rank > 1 and d.lost == pytest.approx(advice[0].expected - advice[d.rank - 1].expected)
    assert set(d.difference) == set(d.choice) ^ set(d.best)


def test_a_sinking_is_reported_as_facts_without_a_mark() -> None:
    record = _record(38)
    review = review_record({**record, "tricks": []}, "elder", 2, seed=0)
    (d,) = [x for x in review.decisions if x.kind is DecisionKind.DECLARATION]
    assert d.mark is None and d.lost is None
    (reason,) = d.reasons
    assert reason.kind is ReasonKind.SANK and reason.points == 25
    assert {str(c) for c in reason.cards} == {"KD", "JD", "10D", "9D", "8D", "7D"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(["random", "greedy"]))
def test_the_opponents_true_hand_fits_what_was_heard(seed: int, other: str) -> None:
    record = play_deal((make_player("random", seed), make_player(other, seed)), seed=seed,
                       dealer=seed % 2).record
    state = _states(record)[0]
    for role in ROLES:
        opp: Role = "younger" if role == "elder" else "elder"
        after = cards_mask(state.hand(opp))  # before the first card: the hand after exchange
        assert consistent(after, _heard(state, role))


def test_a_call_heard_binds_the_worlds() -> None:
    # Elder called a quint to the ace in spades (he declared in full); Younger heard it
    e = parse_cards("AS KS QS JS 10S 9H 8H 7H 9D 8D 7D 7C")
    y = parse_cards("AH KH QH JH 10H AD KD QD AC KC QC JC")
    talon = parse_cards("9S 8S 7S 10D JD 10C 9C 8C")
    state = DealState(DealState.deal(0).rules, e, y, talon)
    state = state.discard("elder", e[-1:]).discard("younger", ())
    state = state.declare("elder", None).declare("younger", None)
    heard = _heard(state, "younger")
    assert consistent(cards_mask(state.hand("elder")), heard)
    assert not consistent(cards_mask(parse_cards("AS KS QS JS 9H 8H 7H 9D 8D 7D 9S 8C")),
                          heard)


def test_a_good_answer_binds_nothing_for_elder() -> None:
    # Younger may have sunk: "Good" says nothing of what he held
    record = _record(41)
    state = _states(record)[0]
    heard = _heard(state, "elder")
    assert consistent(0, heard) == (heard.point[0] <= 0 and heard.sequence[0] <= 0
                                    and heard.sets[0] <= 0)


@pytest.mark.parametrize(("change", "code"), [
    (lambda r: r.pop("talon"), "missing_key"),
    (lambda r: r["tricks"].__setitem__(0, [r["tricks"][0][0], r["tricks"][0][0]]),
     "card_in_two_places"),
])
def test_a_bad_record_gets_its_own_error(change: Any, code: str) -> None:
    record = _record(3)
    change(record)
    with pytest.raises(RecordError) as e:
        review_record(record, "elder", 2)
    assert e.value.code in (code, "card_not_held", "revoke")
    if code == "missing_key":
        assert e.value.code == code


def test_a_review_past_its_budget_says_so() -> None:
    review = review_record(_record(7), "elder", 16, seed=0, budget_s=0.0)
    assert not review.complete
    assert len(review.decisions) < review.total


def test_marks_follow_the_thresholds() -> None:
    assert [mark_of(x) for x in (0.0, 0.3, 1.6, 4.0, 9.9, 10.0)] == [
        Mark.BEST, Mark.GOOD, Mark.INACCURACY, Mark.MISTAKE, Mark.MISTAKE, Mark.BLUNDER]
    with pytest.raises(ValueError):
        review_record(_record(3), "dealer", 2)  # type: ignore[arg-type]


def test_a_sunk_part_of_a_point_or_run_fits_the_hand_that_holds_more() -> None:
    # Elder calls four spades and a tierce holding a quint: Younger heard four and a tierce
    e = parse_cards("AS KS QS JS 10S 9H 8H 7H 9D 8D 7D 7C")
    y = parse_cards("AH KH QH JH 10H AD KD QD AC KC QC JC")
    talon = parse_cards("9S 8S 7S 10D JD 10C 9C 8C")
    state = DealState(DealState.deal(0).rules, e, y, talon)
    state = state.discard("elder", e[-1:]).discard("younger", ())
    spec = {"point": ["KS", "QS", "JS", "10S"], "sequences": [["KS", "QS", "JS"]]}
    state = state.declare("elder", spec).declare("younger", None)
    heard = _heard(state, "younger")
    assert heard.point == (4 * 128, 4 * 128 + 127) and heard.sequence == (3 * 8 + 6,) * 2
    assert consistent(cards_mask(state.hand("elder")), heard)
    assert not consistent(cards_mask(parse_cards("AS KS QS 9H 8H 7H 9D 8D 7D 9S 8C 7S")),
                          heard)


def test_state_before_a_decision_is_where_it_was_made() -> None:
    from academy.review import state_before

    record = _record(36)
    review = review_record(record, "elder", 2, seed=0)
    for d in review.decisions:
        state = state_before(record, d)
        if d.kind is DecisionKind.CARD:
            assert len(state.tricks) + 1 == d.trick and state.to_move == d.who
            assert d.choice[0] in state.legal_plays()
        elif d.kind is DecisionKind.DISCARD:
            assert state.to_move == d.who and state.elder_discard is None


def _knowledge(hand: str, opp_may: str, *, lead: str | None = None) -> tuple[Any, Any, list[int]]:
    from types import SimpleNamespace

    from piquet.players import Knowledge

    mine = cards_mask(parse_cards(hand))
    led = parse_cards([lead])[0] if lead else None
    k = Knowledge(0, 1, mine, 0, 0, 0, 0, 0, 0, 1 if led else 0, led.index if led else None,
                  None, 0)
    view = SimpleNamespace(lead=led, hand=tuple(parse_cards(hand)))
    return view, k, [c.index for c in parse_cards(opp_may)]


def test_the_reasons_named_on_the_cards() -> None:
    from academy.review import _card_reasons

    def kinds(hand: str, opp: str, choice: str, best: str, lead: str | None = None
              ) -> list[tuple[ReasonKind, str]]:
        view, k, cands = _knowledge(hand, opp, lead=lead)
        c, b = parse_cards([choice, best])
        return [(r.kind, " ".join(str(x) for x in r.cards))
                for r in _card_reasons(view, k, c, b, 2.0, cands)]

    # the king of spades needs its one guard while the ace may be out
    assert kinds("KS 7S 9H", "AS 8H", "7S", "9H") == [(ReasonKind.KEEPS_GUARD, "KS")]
    assert (ReasonKind.KEEPS_GUARD, "KS") not in kinds("KS 8S 7S 9H", "AS 8H", "7S", "9H")
    assert (ReasonKind.KEEPS_GUARD, "KS") not in kinds("KS 7S 9H", "8H", "7S", "9H")
    # following: the better card takes the trick
    assert kinds("KH 7H", "AS", "7H", "KH", lead="QH") == [(ReasonKind.WINS_THE_TRICK, "KH")]
    # leading: no heart can be left with the opponent
    assert kinds("9H AS", "KS 8D", "AS", "9H") == [(ReasonKind.COUNTED_NO_MORE_SUIT, "9H")]
    assert kinds("9H AS", "KS 10H", "AS", "9H") == []


def test_the_points_lost_are_said_without_a_minus() -> None:
    from dataclasses import replace

    from words.review import figures_text

    review = review_record(_record(7), "elder", 2, seed=0)
    d = next(x for x in review.decisions if x.kind is DecisionKind.CARD and x.lost is not None)
    d = replace(d, lost=31.0, error=0.0, expected_choice=-42.0, expected_best=-11.0)
    text = figures_text(d)
    assert text.endswith("; 31.0 lost."), text  # not "-31.0 lost": a loss of minus 31
    assert "31.0 ± 0.5 lost" in figures_text(replace(d, error=0.5))

"""Sinking puzzles and the counting drill checked against truths written here (issue 37;
docs/puzzles.md), independently of :mod:`academy.sinking` and :mod:`academy.counting`.

- **Sinking.** For every sinking puzzle of the catalogue the two hands after the exchange are
  replayed and the declarations scored by a plain reckoning written here from the rules
  (point: longest suit, then pips; sequences: maximal runs, the best decides, equal best
  cancels all; sets: tens and up, quatorze over trio, the higher rank; reckoned point,
  sequences, sets; a repique at 30 before the opponent scores, Elder's pique when his first
  lead makes 30 with Younger at nothing). Over the eight ways Younger may declare or sink
  the three categories the premise must hold (sinking all lets Elder's bonus through,
  declaring all stops it) and exactly one category must be necessary and sufficient; the
  puzzle must accept that category and no other. A Hypothesis property checks the library's
  rule against this one on random hands.
- **The drill.** For every task, Elder's possible hands are enumerated here from the view
  (:func:`test_puzzles_sound.worlds_of`, written in that test) and kept when their twelve
  cards after the exchange could make his calls (checked here); the task's answer must be
  the union, hold Elder's real cards, be offered to tap, and be the one answer accepted
  (every one-card change is refused); each reason given for a card ruled out must be true.
- **Teeth.** A truth that ignores the calls, or the reckoning order, disagrees with some task
  or puzzle: the checks above can fail.
"""

from __future__ import annotations

from itertools import combinations

from calls_truth import _point, _suit_ranks, elder_played, makes_calls
from hypothesis import given, settings, strategies as st
from test_puzzles_sound import _tricks, worlds_of

from academy.counting import CountTask, Ruled, candidates, ruled_out, tasks
from academy.puzzles import Puzzle, Question, catalogue
from academy.sinking import deciding_category
from piquet.cards import DECK, Card, parse_cards
from piquet.deal import Phase, PlayerView

CATS = ("point", "sequences", "sets")
RUN_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}

# --- declarations from the rules --------------------------------------------------------------


def _runs(hand: frozenset[Card]) -> list[tuple[int, int]]:
    """(length, top rank) of each maximal run of three or more."""
    out = []
    for s in range(4):
        ranks = set(_suit_ranks(hand, s))
        for top in ranks:
            if top + 1 in ranks:
                continue
            n = 0
            while top - n in ranks:
                n += 1
            if n >= 3:
                out.append((n, top))
    return out


def _sets(hand: frozenset[Card]) -> list[tuple[int, int]]:
    out = []
    for r in range(3, 8):  # tens and up
        n = sum(1 for c in hand if int(c.rank) == r)
        if n >= 3:
            out.append((n, r))
    return out


def _category(hand: frozenset[Card], cat: str) -> tuple[tuple[int, int], int]:
    """The best key in ``cat`` ((0, 0): nothing) and the points all of it scores."""
    if cat == "point":
        p = _point(hand)
        return p, p[0]
    groups = _runs(hand) if cat == "sequences" else _sets(hand)
    if not groups:
        return (0, 0), 0
    score = sum(RUN_SCORE[n] if cat == "sequences" else (14 if n == 4 else 3)
                for n, _ in groups)
    return max(groups), score


def elder_bonus(elder: frozenset[Card], younger: frozenset[Card], declared: frozenset[str],
                *, in_order: bool = True) -> str | None:
    """Elder's repique or pique (declaring in full, then leading) when Younger declares the
    categories ``declared`` in full. ``in_order=False``: a deliberately wrong rule (any score
    of Younger's blocks, whatever its place in the reckoning)."""
    e = y = 0
    repique = False
    for cat in CATS:
        ek, es = _category(elder, cat)
        yk, ys = _category(younger, cat) if cat in declared else ((0, 0), 0)
        if ek > yk:
            e += es
            repique = repique or (e >= 30 and y == 0)
        elif yk > ek:
            y += ys
            if y >= 30 and e == 0:
                return None  # Younger's own repique
    if not in_order:
        repique = e >= 30 and y == 0
    if repique:
        return "repique"
    return "pique" if y == 0 and e == 29 else None


def truth_category(elder: frozenset[Card], younger: frozenset[Card], *,
                   in_order: bool = True) -> str | None:
    subsets = [frozenset(s) for n in range(4) for s in combinations(CATS, n)]
    stopped = {s: elder_bonus(elder, younger, s, in_order=in_order) is None for s in subsets}
    if stopped[frozenset()] or not stopped[frozenset(CATS)]:
        return None
    deciding = [c for c in CATS if all(stopped[s] == (c in s) for s in subsets)]
    return deciding[0] if len(deciding) == 1 else None


SINKING = [p for p in catalogue() if p.question is Question.SINK]


def _hands(p: Puzzle) -> tuple[frozenset[Card], frozenset[Card]]:
    d = p.position.state()
    assert d.phase is Phase.ELDER_DECLARES, p.id
    return frozenset(d.hand("elder")), frozenset(d.hand("younger"))


def test_every_sinking_puzzle_has_a_true_premise_and_exactly_one_answer() -> None:
    assert len(SINKING) >= 50
    for p in SINKING:
        dealt = p.position.state()
        assert p.position.role == "younger"
        for role in ("elder", "younger"):  # no carte blanche: it would reckon first
            assert any(int(c.rank) in (4, 5, 6) for c in dealt.view(role).dealt), p.id
        e, y = _hands(p)
        want = truth_category(e, y)
        assert want is not None, p.id
        assert [c for c in CATS if p.accepts(c)] == [want], p.id
        assert not p.is_right(p.answer)  # a sinking puzzle takes a category, never cards
        assert p.margin == (60.0 if elder_bonus(e, y, frozenset()) == "repique" else 30.0)


def test_a_truth_ignoring_the_reckoning_order_disagrees() -> None:
    # Elder: point 5, two quints 30 -> a repique before the sets are reckoned; Younger's three
    # queens win the sets too late. Ignoring the order, the sets would "stop" it.
    e = frozenset(parse_cards("10C 10H 9H JH 8C 7C AD QH JC JD 9C 8H"))
    y = frozenset(parse_cards("KC AH AC 8S KS 7H QS QC QD 9D 7D JS"))
    assert truth_category(e, y, in_order=False) != truth_category(e, y)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.booleans())
def test_the_library_rule_is_the_rules(deck: list[Card], strong: bool) -> None:
    if strong:  # Elder's twelve from two whole suits: long points and runs, many threats
        two = {deck[0].suit, deck[1].suit}
        deck = sorted(deck, key=lambda c: c.suit not in two)
    elder, younger = deck[:12], deck[12:24]
    got = deciding_category("britannica", elder, younger)
    assert (got[0] if got else None) == truth_category(frozenset(elder), frozenset(younger))


# --- the drill ----------------------------------------------------------------------------------


def drill_truth(view: PlayerView, *, with_calls: bool = True) -> frozenset[Card]:
    played = elder_played(view)
    out: set[Card] = set()
    for w in worlds_of(view):
        if not with_calls or makes_calls(w | played, view):
            out |= w
    return frozenset(out)


def _check_task(t: CountTask) -> None:
    d = t.position.state()
    view = d.view("younger")
    truth = drill_truth(view)
    assert set(d.hand("elder")) <= truth, t.id  # the premise: his real cards are possible
    assert set(t.answer) == truth, t.id
    offered = set(candidates(view))
    assert truth <= offered, t.id
    assert t.is_right(truth)
    for c in offered:
        assert not t.is_right(truth ^ {c}), (t.id, c)
    voids = {a.suit for a, b, ldr in _tricks(view) if ldr == 1 and b.suit is not a.suit}
    for c in offered - truth:
        why = ruled_out(view, c, t.answer)
        assert why is not None
        if why is Ruled.DISCARDED:
            assert c in view.discard
        elif why is Ruled.VOID:
            assert c.suit in voids
        elif why is Ruled.TALON:
            assert c in view.seen_talon and c not in view.discard
        elif why is Ruled.FULL:
            assert len(set(view.opponent_shown) - set(view.played)) == len(view.hand)
        else:  # the calls: some hand of the view without them holds it
            assert c in drill_truth(view, with_calls=False), (t.id, c)


def test_every_drill_task_accepts_exactly_the_truth() -> None:
    assert len(tasks()) >= 100
    for t in tasks():
        _check_task(t)


def test_a_truth_ignoring_the_calls_disagrees_somewhere() -> None:
    assert any(drill_truth(t.view(), with_calls=False) != set(t.answer) for t in tasks())

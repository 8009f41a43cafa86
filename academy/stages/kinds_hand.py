"""Task kinds on the cards of one or two hands: the point, sequences, sets, carte blanche,
Younger's answers and discarding. Each kind makes a task from a random generator (the
engine computes its answer), points a hint at the cards that matter, and, where several
answers are right, accepts what the engine's rule accepts."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from academy.quiz.deals import (
    fill_hands,
    fill_one_hand,
    hand_cards,
    mirror_point,
    random_hands,
    rank_mask,
    run_mask,
)
from academy.stages.model import Given, Hint, HintKind, Task
from piquet.cards import DECK, Card, Rank, cards_mask, sort_cards
from piquet.combos import Combinations, analyse
from piquet.declare import Verdict, possible_answers
from piquet.errors import PiquetError
from piquet.exchange import courts_held, verify_discard
from piquet.reckon import Role
from piquet.rules import Rules
from piquet.scoring import score_declarations

Params = Mapping[str, Any]
Made = dict[str, Any]
"""A task's fields but its stage id, kind, seed and rules."""

ROLE_CHOICES = ("elder", "younger", "equal")
YES_NO = ("yes", "no")


def _role(rng: random.Random, params: Params) -> Role:
    who = params.get("role")
    if who in ("elder", "younger"):
        return who  # type: ignore[no-any-return]
    return "elder" if rng.random() < 0.5 else "younger"


def _combos(task: Task) -> Combinations:
    return analyse(task.pick or task.hands[0][1])


def verdicts(task: Task) -> tuple[Verdict, ...]:
    """The three verdicts (point, sequences, sets) between the task's two hands."""
    return score_declarations(task.hands[0][1], task.hands[1][1]).verdicts


# --------------------------------------------------------------------------- one hand


def make_point_cards(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = sort_cards(hand_cards(fill_one_hand(rng, 0)))
    point = analyse(hand).point
    assert point is not None
    return {"answer_kind": "cards", "answer": frozenset(point.cards), "role": _role(rng, params),
            "pick": hand, "facts": {"rights": _point_suits(hand)}}


def point_alternatives(task: Task) -> tuple[frozenset[Card], ...]:
    """Every suit that makes the point: two suits of the same length and pips both do."""
    rights: tuple[frozenset[Card], ...] = task.facts["rights"]
    return rights


def _point_suits(hand: tuple[Card, ...]) -> tuple[frozenset[Card], ...]:
    combos = analyse(hand)
    point = combos.point
    assert point is not None
    return tuple(frozenset(p.cards) for p in combos.suit_points
                 if (p.length, p.pips) == (point.length, point.pips))


def hint_point(task: Task, given: Given) -> Hint:
    point = _combos(task).point
    assert point is not None
    return Hint(HintKind.SUIT, point.cards, point.length)


def make_point_pips(rng: random.Random, rules: Rules, params: Params) -> Made:
    made = make_point_cards(rng, rules, params)
    point = analyse(made["pick"]).point
    assert point is not None
    return {**made, "answer_kind": "number", "answer": point.pips, "hands": (
        (made["role"], made["pick"]),), "pick": ()}


def _sequence_hand(rng: random.Random) -> tuple[Card, ...]:
    parts = run_mask(rng, rng.choice((3, 4, 4, 5, 6)))
    if rng.random() < 0.5:
        parts |= run_mask(rng, rng.choice((3, 3, 4)))
    hand = sort_cards(hand_cards(fill_one_hand(rng, parts)))
    return hand if analyse(hand).sequences else _sequence_hand(rng)


def make_sequence_cards(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = _sequence_hand(rng)
    best = analyse(hand).sequences[0]
    return {"answer_kind": "cards", "answer": frozenset(best.cards), "role": _role(rng, params),
            "pick": hand, "facts": {"rights": _best_runs(hand)}}


def sequence_alternatives(task: Task) -> tuple[frozenset[Card], ...]:
    """Every run as good as the best: two suits may hold the same length to the same top."""
    rights: tuple[frozenset[Card], ...] = task.facts["rights"]
    return rights


def _best_runs(hand: tuple[Card, ...]) -> tuple[frozenset[Card], ...]:
    runs = analyse(hand).sequences
    return tuple(frozenset(r.cards) for r in runs
                 if (r.length, r.top) == (runs[0].length, runs[0].top))


def hint_sequence(task: Task, given: Given) -> Hint:
    runs = _combos(task).sequences
    if task.answer_kind == "number":
        return Hint(HintKind.CARDS, tuple(c for run in runs for c in run.cards), len(runs))
    return Hint(HintKind.SUIT, runs[0].cards, runs[0].length)


def make_sequence_score(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = _sequence_hand(rng)
    total = sum(run.score for run in analyse(hand).sequences)
    who = _role(rng, params)
    return {"answer_kind": "number", "answer": total, "role": who, "hands": ((who, hand),)}


def _set_hand(rng: random.Random) -> tuple[Card, ...]:
    ranks = rng.sample(range(3, 8), 2)
    parts = rank_mask(rng, ranks[0], rng.choice((3, 4, 4)))
    if rng.random() < 0.5:
        parts |= rank_mask(rng, ranks[1], 3)
    hand = sort_cards(hand_cards(fill_one_hand(rng, parts)))
    return hand if analyse(hand).sets else _set_hand(rng)


def make_set_cards(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = _set_hand(rng)
    best = analyse(hand).sets[0]
    return {"answer_kind": "cards", "answer": frozenset(best.cards), "role": _role(rng, params),
            "pick": hand}


def hint_set(task: Task, given: Given) -> Hint:
    sets = _combos(task).sets
    return Hint(HintKind.RANK, tuple(c for s in sets for c in s.cards), len(sets))


def make_set_score(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = _set_hand(rng)
    total = sum(s.score for s in analyse(hand).sets)
    who = _role(rng, params)
    return {"answer_kind": "number", "answer": total, "role": who, "hands": ((who, hand),)}


def blanche_hand(rng: random.Random, courts: int) -> tuple[Card, ...]:
    """Twelve cards with ``courts`` court cards (none: a carte blanche)."""
    plain = [c for c in DECK if not c.rank.is_court]
    court = [c for c in DECK if c.rank.is_court]
    return sort_cards(rng.sample(plain, 12 - courts) + rng.sample(court, courts))


def make_blanche_yes(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = blanche_hand(rng, rng.choice((0, 0, 1, 1, 2)))
    blanche = analyse(hand).carte_blanche
    return {"answer_kind": "choice", "answer": "yes" if blanche else "no", "choices": YES_NO,
            "hands": (("elder", hand),), "role": "elder"}


def hint_blanche(task: Task, given: Given) -> Hint:
    hand = task.pick or task.hands[0][1]
    return Hint(HintKind.RULE, courts_held(hand), len(courts_held(hand)))


def make_blanche_spoilers(rng: random.Random, rules: Rules, params: Params) -> Made:
    hand = blanche_hand(rng, rng.choice((1, 2, 3)))
    return {"answer_kind": "cards", "answer": frozenset(courts_held(hand)), "pick": hand,
            "role": "elder"}


# --------------------------------------------------------------------------- two hands


def _two_hands(rng: random.Random, category: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two hands where the category is contested (often close: a tie now and then)."""
    for _n in range(50):
        style = rng.random()
        e_parts = y_parts = e_avoid = y_avoid = 0
        if category == "point" and style < 0.3:
            e_parts, y_parts, e_avoid, y_avoid = mirror_point(rng)
        elif category == "sequences":
            length = rng.choice((3, 4, 5))
            a, b = rng.sample(range(4), 2)
            e_parts = run_mask(rng, length, a)
            y_parts = run_mask(rng, length if style < 0.3 else rng.choice((3, 4, 5)), b)
        elif category == "sets":
            r1, r2 = rng.sample(range(3, 8), 2)
            e_parts = rank_mask(rng, r1, rng.choice((3, 4)))
            y_parts = rank_mask(rng, r2, rng.choice((3, 4)))
            y_parts &= ~e_parts
        got = fill_hands(rng, e_parts, y_parts, e_avoid, y_avoid) if e_parts else None
        em, ym = got if got else random_hands(rng)
        elder, younger = sort_cards(hand_cards(em)), sort_cards(hand_cards(ym))
        v = _verdict(elder, younger, category)
        if v.elder is not None and v.younger is not None:
            return elder, younger
    return elder, younger


def _verdict(elder: tuple[Card, ...], younger: tuple[Card, ...], category: str) -> Verdict:
    s = score_declarations(elder, younger)
    return s.verdicts[("point", "sequences", "sets").index(category)]


def make_verdict(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Which hand wins the category (``params["category"]``): elder, younger or equal."""
    category = str(params.get("category", "point"))
    elder, younger = _two_hands(rng, category)
    v = _verdict(elder, younger, category)
    choices = ROLE_CHOICES if category != "sets" else ROLE_CHOICES[:2]
    return {"answer_kind": "choice", "answer": v.winner or "equal", "choices": choices,
            "hands": (("elder", elder), ("younger", younger)), "facts": {"category": category}}


def make_younger_answer(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Younger answers Elder's call in the category: good, not good or equal."""
    made = make_verdict(rng, rules, params)
    category = made["facts"]["category"]
    v = _verdict(made["hands"][0][1], made["hands"][1][1], category)
    assert v.reply is not None
    choices = tuple(a.value for a in possible_answers(category))
    return {**made, "answer": v.reply.value, "choices": choices, "role": "younger"}


def hint_verdict(task: Task, given: Given) -> Hint:
    v = verdicts(task)[("point", "sequences", "sets").index(task.facts["category"])]
    cards = tuple(c for x in (v.elder, v.younger) if x is not None for c in x.cards)
    return Hint(HintKind.CARDS, cards)


# --------------------------------------------------------------------------- discarding


def make_discard_keep(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Elder discards ``count`` cards and keeps a quint (``keep: sequence``) or a quatorze
    (``keep: set``) whole. The hand is one where what is named is true: the quint is the
    whole of its suit (a run no longer than named, and no discard touches its suit), the
    quatorze the hand's best set, and nothing else in the hand scores as much (no discard
    that keeps it can break something better)."""
    keep = str(params.get("keep", "sequence"))
    for _n in range(500):
        parts = run_mask(rng, 5) if keep == "sequence" else rank_mask(
            rng, rng.randint(3, 7), 4)
        hand = sort_cards(hand_cards(fill_one_hand(rng, parts)))
        target = tuple(c for c in hand if c.bit & parts)
        if _named_truly(hand, target, keep):
            break
    else:  # pragma: no cover - a hand that fits comes within a few draws
        raise AssertionError("no hand fits a discard_keep task")
    n = rng.randint(1, 5)
    rest = sorted((c for c in hand if c not in target), key=lambda c: int(c.rank))
    return {"answer_kind": "cards", "answer": frozenset(rest[:n]), "pick": hand, "count": n,
            "role": "elder", "facts": {"keep": keep, "target": target}}


def _named_truly(hand: tuple[Card, ...], target: tuple[Card, ...], keep: str) -> bool:
    """The combination to keep is what the hand holds, its best of the kind, and nothing else
    in the hand scores as much."""
    combos = analyse(hand)
    if keep == "sequence":
        suit = target[0].suit
        if any(c.suit is suit and c not in target for c in hand):
            return False
        worth = 15
    else:
        worth = 14
    kept = frozenset(target)
    others = [g.score for g in combos.sequences if frozenset(g.cards) != kept] + [
        g.score for g in combos.sets if frozenset(g.cards) != kept]
    return all(o < worth for o in others)


def accepts_discard(task: Task, given: Given) -> bool:
    """The engine's rule: a discard of exactly ``count`` cards held, after which the hand
    still holds every card of the combination to keep, as one combination."""
    if not isinstance(given, frozenset) or task.count is None:
        return False
    try:
        verify_discard(cards_mask(task.pick), tuple(given), range(task.count, task.count + 1),
                       "elder")
    except PiquetError:
        return False
    target = frozenset(task.facts["target"])
    kept = analyse(c for c in task.pick if c not in given)
    groups = kept.sequences if task.facts["keep"] == "sequence" else kept.sets
    return any(target <= frozenset(g.cards) for g in groups)


def hint_discard(task: Task, given: Given) -> Hint:
    if isinstance(given, frozenset) and len(given) != task.count:
        return Hint(HintKind.COUNT, (), task.count)
    return Hint(HintKind.CARDS, tuple(task.facts["target"]))


def target_rank(task: Task) -> Rank:
    """The rank of the quatorze to keep (a ``keep: set`` discard)."""
    first: Card = next(iter(task.facts["target"]))
    return first.rank

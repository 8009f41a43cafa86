"""Task kinds on the deal, the exchange, trick play, the reckoning, the partie and the
presets: the engine deals, plays, reckons and settles; the answer is what it finds."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from academy.quiz.deals import fill_hands, hand_cards, random_hands, rich_parts
from academy.stages.kinds_hand import YES_NO, blanche_hand
from academy.stages.model import Given, Hint, HintKind, Task
from piquet.cards import DECK, Card, sort_cards
from piquet.deal import deal_cards
from piquet.exchange import elder_may_take, younger_may_take
from piquet.partie import settle_partie
from piquet.play import legal_cards, play_tricks, trick_winner
from piquet.reckon import PlayPoint, Reckoning, reckon
from piquet.rules import PRESETS, Rules, get_rules
from piquet.scoring import DeclarationScore, score_declarations

Params = Mapping[str, Any]
Made = dict[str, Any]
BONUS_CHOICES = ("none", "pique", "repique")


# --------------------------------------------------------------------------- the deal


def make_deal_count(rng: random.Random, rules: Rules, params: Params) -> Made:
    """A number of the deal: ``what`` = hand (cards each), talon, elder_share, blanche (its
    worth)."""
    what = str(params.get("what", "hand"))
    elder, _younger, talon, _cut = deal_cards(rng.randrange(1 << 30), rng.choice((2, 3)))
    if what == "hand":
        answer = len(elder)
    elif what == "talon":
        answer = len(talon)
    elif what == "elder_share":
        answer = elder_may_take(rules).stop - 1
    else:
        answer = reckon(blanche=(10, 0)).score("elder", "blanche")
    shown = sort_cards(elder) if what != "talon" else ()
    if what == "blanche":  # a question on carte blanche shows one
        shown = blanche_hand(rng, 0)
    return {"answer_kind": "number", "answer": answer, "hands": (("elder", shown),) if shown
            else (), "facts": {"what": what, "talon": talon}}


def hint_deal(task: Task, given: Given) -> Hint:
    return Hint(HintKind.RULE, (), None)


def make_younger_takes(rng: random.Random, rules: Rules, params: Params) -> Made:
    """At most how many cards Younger may take once Elder took ``took``."""
    took = rng.randint(1, 5)
    may = younger_may_take(took, rules)
    return {"answer_kind": "number", "answer": may.stop - 1, "role": "younger",
            "facts": {"took": took, "least": may.start}}


# --------------------------------------------------------------------------- trick play


def make_must_play(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Elder leads; Younger holds one card of the suit led: which card must he play?"""
    led = rng.choice(DECK)
    same = [c for c in DECK if c.suit is led.suit and c is not led]
    others = [c for c in DECK if c.suit is not led.suit]
    hand = sort_cards([rng.choice(same), *rng.sample(others, rng.randint(4, 8))])
    (answer,) = legal_cards(hand, led)
    return {"answer_kind": "card", "answer": answer, "pick": hand, "role": "younger",
            "facts": {"led": led}}


def accepts_play(task: Task, given: Given) -> bool:
    return isinstance(given, Card) and given in task.pick and given in legal_cards(
        task.pick, task.facts["led"])


def hint_play(task: Task, given: Given) -> Hint:
    led: Card = task.facts["led"]
    return Hint(HintKind.SUIT, tuple(c for c in task.pick if c.suit is led.suit))


def make_winning_cards(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Elder leads; tap every card of Younger's that would capture the lead."""
    while True:
        led = rng.choice([c for c in DECK if int(c.rank) < 7])
        same = [c for c in DECK if c.suit is led.suit and c is not led]
        others = [c for c in DECK if c.suit is not led.suit]
        hand = sort_cards(rng.sample(same, rng.randint(2, min(4, len(same))))
                          + rng.sample(others, rng.randint(3, 6)))
        wins = frozenset(c for c in hand if trick_winner(led, c) == 1)
        if wins:
            return {"answer_kind": "cards", "answer": wins, "pick": hand, "role": "younger",
                    "facts": {"led": led}}


def _random_play(rng: random.Random, em: int, ym: int) -> list[tuple[Card, Card]]:
    hands = [list(hand_cards(em)), list(hand_cards(ym))]
    leader = 0
    tricks = []
    for _n in range(12):
        lead = rng.choice(hands[leader])
        reply = rng.choice(legal_cards(hands[1 - leader], lead))
        hands[leader].remove(lead)
        hands[1 - leader].remove(reply)
        tricks.append((lead, reply))
        leader = leader if trick_winner(lead, reply) == 0 else 1 - leader
    return tricks


def make_cards_bonus(rng: random.Random, rules: Rules, params: Params) -> Made:
    """A deal played out: how many points does Elder score for the cards (10, 40 or 0)?"""
    em, ym = random_hands(rng)
    if rng.random() < 0.25:  # a strong Elder now and then: a capot is possible
        em, ym = (fill_hands(rng, sum(c.bit for c in DECK if int(c.rank) >= 5), 0)
                  or (em, ym))
    result = play_tricks(em, ym, _random_play(rng, em, ym), rules)
    won = result.tricks_won("elder")
    return {"answer_kind": "number", "answer": result.cards[0] + result.capot[0],
            "facts": {"won": won, "lost": 12 - won}}


# --------------------------------------------------------------------------- the reckoning


def _declarations(rng: random.Random) -> DeclarationScore:
    em, ym = random_hands(rng)
    if rng.random() < 0.6:
        em, ym = fill_hands(rng, rich_parts(rng), 0) or (em, ym)
    return score_declarations(hand_cards(em), hand_cards(ym))


def declared_pairs(s: DeclarationScore) -> dict[str, tuple[int, int]]:
    """Each category's (Elder, Younger) points from the declarations."""
    return {cat: (s.score("elder", cat), s.score("younger", cat))
            for cat in ("point", "sequences", "sets")}


def reckoning_after_lead(task: Task) -> Reckoning:
    pairs = task.facts["pairs"]
    return reckon(point=pairs["point"], sequences=pairs["sequences"], sets=pairs["sets"],
                  play=[PlayPoint("elder", "lead", 1)])


def make_bonus_kind(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Declarations scored, Elder leads: repique, pique or neither? (``ask: total``: then
    Elder's total so far.)"""
    s = _declarations(rng)
    pairs = declared_pairs(s)
    r = reckon(point=pairs["point"], sequences=pairs["sequences"], sets=pairs["sets"],
               play=[PlayPoint("elder", "lead", 1)])
    kind = "repique" if r.repique else "pique" if r.pique else "none"
    made: Made = {"hands": (("elder", sort_cards(s.elder)), ("younger", sort_cards(s.younger))),
                  "facts": {"pairs": pairs}}
    if params.get("ask") == "total":
        return {**made, "answer_kind": "number", "answer": r.total("elder")}
    return {**made, "answer_kind": "choice", "answer": kind, "choices": BONUS_CHOICES}


def hint_reckoning(task: Task, given: Given) -> Hint:
    s = score_declarations(task.hands[0][1], task.hands[1][1])
    scored = tuple(c for v in s.verdicts for x in v.scored for c in x.cards)
    return Hint(HintKind.CARDS, scored)


# --------------------------------------------------------------------------- the partie


def make_settle(rng: random.Random, rules: Rules, params: Params) -> Made:
    """A partie's final totals: how many does the winner score? (``rubicon``: the loser
    under 100 or not.)"""
    rubicon = bool(params.get("rubicon", rng.random() < 0.5))
    loser = rng.randint(40, 99) if rubicon else rng.randint(100, 160)
    winner = loser + rng.randint(1, 60)
    a, b = (winner, loser) if rng.random() < 0.5 else (loser, winner)
    s = settle_partie(a, b)
    return {"answer_kind": "number", "answer": s.points, "facts": {"a": a, "b": b}}


def hint_settle(task: Task, given: Given) -> Hint:
    s = settle_partie(task.facts["a"], task.facts["b"])
    return Hint(HintKind.RULE, (), s.loser_total)


# --------------------------------------------------------------------------- the presets


def make_rule_yes(rng: random.Random, rules: Rules, params: Params) -> Made:
    """Yes or no under a preset: ``rule`` = last_trick_point or younger_must_exchange; the
    preset asked about is the one in use, or the other one now and then."""
    rule = str(params.get("rule", "last_trick_point"))
    preset = rules.name if rng.random() < 0.5 else rng.choice(sorted(PRESETS))
    value = bool(getattr(get_rules(preset), rule))
    return {"answer_kind": "choice", "answer": "yes" if value else "no", "choices": YES_NO,
            "facts": {"rule": rule, "preset": preset}}

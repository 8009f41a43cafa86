"""Questions on the play: the legal replies to a lead, who wins a trick and what it scores."""

from __future__ import annotations

import random

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import ROLE_NAMES, Ctx, cards_text, plural
from piquet.cards import cards_mask, mask_cards
from piquet.deal import DealState, Phase
from piquet.play import legal_cards, trick_winner
from piquet.reckon import Role
from words.play import trick_text


def _played_deal(ctx: Ctx) -> DealState:
    rng = ctx.rng
    d = DealState.deal(seed=rng.randrange(1 << 30), rules=ctx.rules)
    hand = d.hand("elder")
    d = d.discard("elder", rng.sample(hand, rng.randint(1, 5)))
    allowed = d.exchange_range("younger")
    n = rng.randint(max(allowed.start, 0), min(allowed.stop - 1, 3))
    d = d.discard("younger", rng.sample(d.hand("younger"), n))
    return d.declare("elder").declare("younger")


def _random_play(rng: random.Random, d: DealState, prefer_capture: bool = False) -> DealState:
    legal = d.legal_plays()
    role = d.to_move
    assert role is not None
    if prefer_capture and d.lead is not None:
        lead = d.lead
        wins = [c for c in legal if trick_winner(lead, c)]
        if wins:
            return d.play(role, rng.choice(wins))
    return d.play(role, rng.choice(legal))


def legal_play_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    want_void = rng.random() < 0.4
    while True:
        d = _played_deal(ctx)
        target = rng.randint(1, 8)
        while d.phase is Phase.PLAY and (len(d.tricks) + 1 < target or d.leader != "elder"):
            d = _random_play(rng, d)
            d = _random_play(rng, d)
        if d.phase is Phase.PLAY and d.leader == "elder" and len(d.tricks) < 9:
            break
    eh, yh = d.hand("elder"), d.hand("younger")
    void = [c for c in eh if not any(y.suit is c.suit for y in yh)]
    lead = rng.choice(void) if (want_void and void) else rng.choice(eh)
    d = d.play("elder", lead)
    legal = d.legal_plays()
    assert set(legal) == set(legal_cards(yh, lead))
    yhand = mask_cards(cards_mask(yh))
    same = [c for c in yhand if c.suit is lead.suit]
    if same:
        held = plural(len(same), lead.suit.noun[:-1])
        lines = [f"Elder leads {lead.pretty}. Younger holds {held} ({cards_text(same)}): he "
                 "must follow suit with one of them.",
                 "There is no obligation to win the trick: any card of the suit will do."]
    else:
        lines = [f"Elder leads {lead.pretty}. Younger holds no {lead.suit.noun}: he may play "
                 "any card. There are no trumps, so whatever he plays, Elder wins the trick."]
    trick_no = len(d.tricks) + 1
    return ctx.make(
        "legal_play",
        prompt=f"Trick {trick_no}: Elder leads. Which cards may Younger play?",
        rows=(CardRow("Elder leads", (lead,), frozenset(), "elder"),
              CardRow("Younger's hand", yhand, frozenset(legal), "younger")),
        fields=(Field("cards", "Cards Younger may play", "cards",
                      frozenset(str(c) for c in legal), tuple(str(c) for c in yhand)),),
        answer=cards_text(mask_cards(cards_mask(legal))),
        explanation=tuple(lines), younger=yhand, leader="elder", lead=lead, trick=trick_no,
    )


def trick_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    last = ctx.level in ("expert", "mix") and rng.random() < 0.4
    target = 12 if last else rng.randint(1, 11)
    d = _played_deal(ctx)
    while len(d.tricks) < target - 1:
        d = _random_play(rng, d)
        d = _random_play(rng, d)
    before = d.score()
    leader = d.to_move
    assert leader is not None
    d = _random_play(rng, d)
    d = _random_play(rng, d, prefer_capture=rng.random() < 0.5)
    after = d.score()
    led, second = d.tricks[-1]
    pts = {r: after.score(r, "play") - before.score(r, "play") for r in ("elder", "younger")}
    trick = after.play.tricks[-1]
    winner = trick.winner
    other: Role = "younger" if leader == "elder" else "elder"
    lines = [trick_text(trick),
             "Each card led scores 1 to the leader, win or lose; the second player scores 1 "
             "only when he wins the trick. A won own lead is 1, not 2."]
    if target == 12:
        if ctx.rules.last_trick_point:
            lines.append(f"Trick 12 under {ctx.rules.title}: 1 more to its winner, for the last "
                         "trick.")
        else:
            lines.append(f"Trick 12 under {ctx.rules.title}: no extra point for the last trick "
                         "(Cavendish would give 1).")
    lines.append(f"This trick: Elder +{pts['elder']}, Younger +{pts['younger']}.")
    return ctx.make(
        "trick",
        prompt=f"Trick {target}{' (the last)' if target == 12 else ''}: who wins it, and "
               "how many points does each player score for it?",
        rows=(CardRow(f"{ROLE_NAMES[leader]} leads", (led,),
                      frozenset([led]) if winner == leader else frozenset(), leader),
              CardRow(f"{ROLE_NAMES[other]} plays", (second,),
                      frozenset([second]) if winner == other else frozenset(), other)),
        fields=(Field("winner", "Trick won by", "choice", ROLE_NAMES[winner], ("Elder", "Younger")),
                Field("elder", "Elder scores", "number", pts["elder"]),
                Field("younger", "Younger scores", "number", pts["younger"])),
        answer=f"{ROLE_NAMES[winner]} wins; Elder +{pts['elder']}, Younger +{pts['younger']}",
        explanation=tuple(lines), context=(f"Rules: {ctx.rules.title}.",),
        leader=leader, lead=led, reply=second, trick=target,
    )

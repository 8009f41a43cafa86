"""Questions on the play: the legal replies to a lead, who wins a trick and what it scores."""

from __future__ import annotations

import random

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import Ctx, cards_text
from academy.quiz.labels import ROLE_IDS, preset_title, suit_name
from piquet.cards import cards_mask, mask_cards
from piquet.deal import DealState, Phase
from piquet.play import legal_cards, trick_winner
from piquet.reckon import Role
from words import _, ngettext
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
        lines = [ngettext("Elder leads {card}. Younger holds {n} card of the suit led ({cards}): "
                          "he must play it.",
                          "Elder leads {card}. Younger holds {n} cards of the suit led "
                          "({cards}): he must follow suit with one of them.",
                          len(same), card=lead.pretty, cards=cards_text(same)),
                 _("There is no obligation to win the trick: any card of the suit will do.")]
    else:
        lines = [_("Elder leads {card}. Younger holds no {suit}: he may play any card. There "
                   "are no trumps, so whatever he plays, Elder wins the trick.",
                   card=lead.pretty, suit=suit_name(lead.suit))]
    trick_no = len(d.tricks) + 1
    return ctx.make(
        "legal_play",
        prompt=_("Trick {number}: Elder leads. Which cards may Younger play?", number=trick_no),
        rows=(CardRow(_("Elder leads"), (lead,), frozenset(), "elder"),
              CardRow(_("Younger's hand"), yhand, frozenset(legal), "younger")),
        fields=(Field("cards", _("Cards Younger may play"), "cards",
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
             _("Each card led scores 1 to the leader, win or lose; the second player scores 1 "
               "only when he wins the trick. A won own lead is 1, not 2.")]
    if target == 12:
        if ctx.rules.last_trick_point:
            lines.append(_("Trick 12 under {rules}: 1 more to its winner, for the last trick.",
                           rules=preset_title(ctx.rules)))
        else:
            lines.append(_("Trick 12 under {rules}: no extra point for the last trick "
                           "(Cavendish would give 1).", rules=preset_title(ctx.rules)))
    lines.append(_("This trick: Elder +{elder}, Younger +{younger}.", elder=pts["elder"],
                   younger=pts["younger"]))
    prompt = (_("Trick 12 (the last): who wins it, and how many points does each player score "
                "for it?") if target == 12 else
              _("Trick {number}: who wins it, and how many points does each player score for "
                "it?", number=target))
    leads = _("Elder leads") if leader == "elder" else _("Younger leads")
    plays = _("Elder plays") if other == "elder" else _("Younger plays")
    winner_name = _("Elder") if winner == "elder" else _("Younger")
    return ctx.make(
        "trick", prompt=prompt,
        rows=(CardRow(leads, (led,),
                      frozenset([led]) if winner == leader else frozenset(), leader),
              CardRow(plays, (second,),
                      frozenset([second]) if winner == other else frozenset(), other)),
        fields=(Field("winner", _("Trick won by"), "choice", winner, ROLE_IDS, vocab="role"),
                Field("elder", _("Elder scores"), "number", pts["elder"]),
                Field("younger", _("Younger scores"), "number", pts["younger"])),
        answer=_("{winner} wins; Elder +{elder}, Younger +{younger}", winner=winner_name,
                 elder=pts["elder"], younger=pts["younger"]),
        explanation=tuple(lines),
        context=(_("Rules: {rules}.", rules=preset_title(ctx.rules)),),
        leader=leader, lead=led, reply=second, trick=target,
    )

"""Muggins: claim every declaration of a hand; whatever is missed is lost."""

from __future__ import annotations

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import Ctx, combo_text, pick_subject
from academy.quiz.deals import fill_one_hand, hand_cards, rank_mask, run_mask
from piquet.combos import analyse
from words import _


def muggins_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    parts = 0
    if rng.random() < 0.8:
        parts |= run_mask(rng, rng.choice((3, 3, 4, 5)))
    if rng.random() < 0.6:
        parts |= rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
    if rng.random() < 0.4:
        parts |= run_mask(rng, 3)
    mask = fill_one_hand(rng, parts)
    who = pick_subject(ctx)
    hand = hand_cards(mask)
    c = analyse(hand)
    pt = c.point
    assert pt is not None
    seq = sum(q.score for q in c.sequences)
    sets = sum(x.score for x in c.sets)
    lines = [_("Point: {point}: {score}.", point=combo_text(pt), score=pt.length)]
    lines += [_("Sequence: {sequence}: {score}.", sequence=combo_text(q), score=q.score)
              for q in c.sequences] or [_("No sequence.")]
    lines += [_("Set: {set}: {score}.", set=combo_text(x), score=x.score)
              for x in c.sets] or [_("No set.")]
    total = pt.length + seq + sets
    lines.append(_("Everything: {point} + {sequences} + {sets} = {total}.", point=pt.length,
                   sequences=seq, sets=sets, total=total))
    hl = frozenset(pt.cards) | frozenset(x for q in c.sequences for x in q.cards) | \
        frozenset(x for s in c.sets for x in s.cards)
    you = _("Elder") if who == "elder" else _("Younger")
    return ctx.make(
        "muggins",
        prompt=_("You are {you}, and everything you hold is good. Claim your declarations: "
                 "what do your point, your sequences and your sets score? (Whatever you miss, "
                 "you lose.)", you=you),
        rows=(CardRow(_("Your hand (after the exchange)"), hand, hl, who),),
        fields=(Field("point", _("Point"), "number", pt.length),
                Field("sequences", _("Sequences"), "number", seq),
                Field("sets", _("Sets"), "number", sets)),
        answer=_("Point {point}, sequences {sequences}, sets {sets} (total {total})",
                 point=pt.length, sequences=seq, sets=sets, total=total),
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
    )

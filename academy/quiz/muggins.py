"""Muggins: claim every declaration of a hand; whatever is missed is lost."""

from __future__ import annotations

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import ROLE_NAMES, Ctx, combo_text, pick_subject
from academy.quiz.deals import fill_one_hand, hand_cards, rank_mask, run_mask
from piquet.combos import (
    analyse,
)


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
    lines = [f"Point: {combo_text(pt)}: {pt.length}."]
    lines += [f"Sequence: {combo_text(q)}: {q.score}." for q in c.sequences] or \
        ["No sequence."]
    lines += [f"Set: {combo_text(x)}: {x.score}." for x in c.sets] or ["No set."]
    lines.append(f"Everything: {pt.length} + {seq} + {sets} = {pt.length + seq + sets}.")
    hl = frozenset(pt.cards) | frozenset(x for q in c.sequences for x in q.cards) | \
        frozenset(x for s in c.sets for x in s.cards)
    return ctx.make(
        "muggins",
        prompt=f"You are {ROLE_NAMES[who]}, and everything you hold is good. Claim your "
               "declarations: what do your point, your sequences and your sets score? "
               "(Whatever you miss, you lose.)",
        rows=(CardRow("Your hand (after the exchange)", hand, hl, who),),
        fields=(Field("point", "Point", "number", pt.length),
                Field("sequences", "Sequences", "number", seq),
                Field("sets", "Sets", "number", sets)),
        answer=f"Point {pt.length}, sequences {seq}, sets {sets} (total "
               f"{pt.length + seq + sets})",
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
    )

"""Questions comparing two hands: Younger's answer, who scores a category, the full
comparison."""

from __future__ import annotations

import random

from academy.quiz.answers import ANSWERS, WHO_OPTIONS, CardRow, Field, Question
from academy.quiz.context import (
    CATEGORY_NOUN,
    Ctx,
    combo_text,
    reckoning_lines,
    verdict_highlight,
    verdict_of,
    who_name,
)
from academy.quiz.deals import (
    fill_hands,
    mirror_point,
    random_hands,
    rank_mask,
    rich_parts,
    run_mask,
    score_masks,
)
from piquet.cards import Card
from piquet.combos import (
    Point,
)
from piquet.declare import Reason, Verdict
from piquet.scoring import DeclarationScore
from words.declarations import verdict_text


def _compare_hands(ctx: Ctx, category: str, want_equal: bool) -> DeclarationScore:
    """Two hands after the exchange where Elder has a call in ``category``; for the point and
    sequences, an Equal when ``want_equal``."""
    rng = ctx.rng
    s: DeclarationScore | None = None
    for _ in range(200):
        got: tuple[int, int] | None
        if want_equal and category == "point":
            em, ym, ea, ya = mirror_point(rng)
            got = fill_hands(rng, em, ym, ea, ya)
        elif want_equal and category == "sequences":
            length = rng.choice((3, 3, 4, 4, 5))
            a, b = rng.sample(range(4), 2)
            top = rng.randint(length - 1, 7)
            em = sum(1 << (a * 8 + r) for r in range(top - length + 1, top + 1))
            ym = sum(1 << (b * 8 + r) for r in range(top - length + 1, top + 1))
            got = fill_hands(rng, em, ym)
        elif category == "sets":
            ep = rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
            yp = 0
            if rng.random() < 0.7:
                yp = rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
            got = fill_hands(rng, ep, yp & ~ep) if not ep & yp else None
        elif category == "sequences":
            ep = run_mask(rng, rng.choice((3, 4, 5)))
            yp = run_mask(rng, rng.choice((3, 4, 5))) if rng.random() < 0.8 else 0
            got = fill_hands(rng, ep, yp) if not ep & yp else None
        else:
            got = random_hands(rng)
        if got is None:
            continue
        s = score_masks(got[0], got[1], ctx.rules)
        v = verdict_of(s, category)
        if v.elder is None:
            continue
        if category != "sets" and want_equal != (v.reason is Reason.EQUAL):
            continue
        # often a close call: equal length, so Younger asks what they make
        if category == "point" and not want_equal and rng.random() < 0.5 and not (
                isinstance(v.younger, Point) and isinstance(v.elder, Point)
                and v.younger.length == v.elder.length):
            continue
        return s
    assert s is not None
    return s


def compare_rows(s: DeclarationScore, hl: tuple[frozenset[Card], frozenset[Card]]
                  ) -> tuple[CardRow, CardRow]:
    return (CardRow("Elder's hand (after the exchange)", s.elder, hl[0], "elder"),
            CardRow("Younger's hand (after the exchange)", s.younger, hl[1], "younger"))


def _holds(v: Verdict) -> list[str]:
    noun = CATEGORY_NOUN[v.category]
    out = []
    for role, c in (("Elder", v.elder), ("Younger", v.younger)):
        out.append(f"{role}'s best {noun}: {combo_text(c) if c is not None else 'none'}.")
    return out


def _pick_category(rng: random.Random) -> str:
    return rng.choices(("point", "sequences", "sets"), weights=(4, 3.5, 2.5))[0]


def answer_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.25
    s = _compare_hands(ctx, category, want_equal)
    v = verdict_of(s, category)
    lines = [(line.speaker, line.text) for line in s.dialogue if line.category == category]
    shown = tuple(lines[:-1])  # everything before Younger's answer
    options = ANSWERS if category != "sets" else ANSWERS[:2]
    expl = [*_holds(v), f"Younger answers “{v.answer}”. {verdict_text(v)}"]
    if category == "point":
        expl.insert(0, "Point: the longer suit wins; equal length, the higher pip total; both "
                       "equal: Equal, nobody scores.")
    elif category == "sequences":
        expl.insert(0, "Sequences: the longer wins; equal length, the higher top card; "
                       "identical: Equal, and neither scores any sequence.")
    else:
        expl.insert(0, "Sets: any quatorze beats any trio; between equal kinds, the higher "
                       "rank. Sets are never equal.")
    return ctx.make(
        "answer",
        prompt=f"Elder calls his {CATEGORY_NOUN[category]}. What does Younger answer?",
        rows=compare_rows(s, verdict_highlight(v)),
        fields=(Field("answer", "Younger answers", "choice", v.answer, options),),
        answer=v.answer, explanation=tuple(expl), dialogue=shown,
        elder=s.elder, younger=s.younger, category=category,
    )


def category_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.2
    s = _compare_hands(ctx, category, want_equal)
    v = verdict_of(s, category)
    noun = {"point": "point", "sequences": "sequences", "sets": "sets"}[category]
    expl = [*_holds(v), verdict_text(v)]
    if category != "point" and v.winner is not None and len(v.scored) > 1:
        expl.append(f"The winner of the {noun} also scores every other {CATEGORY_NOUN[category]}"
                    " he holds; the loser scores none.")
    return ctx.make(
        "category", prompt=f"Who scores the {noun}, and how many points?",
        rows=compare_rows(s, verdict_highlight(v)),
        fields=(Field("who", f"Who scores the {noun}", "choice", who_name(v.winner), WHO_OPTIONS),
                Field("points", "Points scored", "number", v.points)),
        answer=f"{who_name(v.winner)} scores {v.points}" if v.winner else "Nobody scores (Equal)",
        explanation=tuple(expl), elder=s.elder, younger=s.younger, category=category,
    )


def comparison_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    if rng.random() < 0.3:
        got = None
        while got is None:
            got = fill_hands(rng, rich_parts(rng), 0) if rng.random() < 0.5 else \
                fill_hands(rng, 0, rich_parts(rng))
        s = score_masks(got[0], got[1], ctx.rules)
    else:
        s = score_masks(*random_hands(rng), ctx.rules)
    d = s.as_dict()
    fields: list[Field] = []
    expl: list[str] = []
    e_hl: set[Card] = set()
    y_hl: set[Card] = set()
    for v in s.verdicts:
        noun = {"point": "point", "sequences": "sequences", "sets": "sets"}[v.category]
        fields.append(Field(v.category, f"Who scores the {noun}", "choice", who_name(v.winner),
                            WHO_OPTIONS))
        expl.append(f"{noun.capitalize()}: {verdict_text(v)}")
        a, b = verdict_highlight(v)
        e_hl |= a
        y_hl |= b
    fields.append(Field("elder_total", "Elder's total for declarations", "number",
                        d["elder"]["total"]))
    fields.append(Field("younger_total", "Younger's total for declarations", "number",
                        d["younger"]["total"]))
    expl += reckoning_lines(s.reckoning)[1:]
    parts = ", ".join(f"{f.label.split()[-1]} {f.correct}" for f in fields[:3])
    return ctx.make(
        "comparison",
        prompt="Both players declare in full. Who scores each category, and what does each "
               "total for his declarations (with any repique, before Elder's lead)?",
        rows=compare_rows(s, (frozenset(e_hl), frozenset(y_hl))),
        fields=tuple(fields),
        answer=f"{parts}; Elder {d['elder']['total']}, Younger {d['younger']['total']}",
        explanation=tuple(expl), elder=s.elder, younger=s.younger,
    )

"""Questions comparing two hands: Younger's answer, who scores a category, the full
comparison."""

from __future__ import annotations

import random

from academy.quiz.answers import WHO_OPTIONS, CardRow, Field, Question
from academy.quiz.context import (
    Ctx,
    combo_text,
    reckoning_lines,
    verdict_highlight,
    verdict_of,
    who_id,
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
from academy.quiz.labels import role_name
from piquet.cards import Card
from piquet.combos import (
    Point,
)
from piquet.declare import Reason, Verdict, possible_answers
from piquet.scoring import DeclarationScore
from words import _
from words.declarations import answer_text, verdict_text


def _compare_hands(ctx: Ctx, category: str, want_equal: bool) -> DeclarationScore:
    """Two hands after the exchange where Elder has a call in ``category``; for the point and
    sequences, an Equal when ``want_equal``."""
    rng = ctx.rng
    s: DeclarationScore | None = None
    for _n in range(200):
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
    return (CardRow(_("Elder's hand (after the exchange)"), s.elder, hl[0], "elder"),
            CardRow(_("Younger's hand (after the exchange)"), s.younger, hl[1], "younger"))


def _best(role: str, category: str, held: str) -> str:
    """What one player holds best in a category (``held`` in words)."""
    if role == "elder":
        return {"point": lambda: _("Elder's best point: {held}.", held=held),
                "sequences": lambda: _("Elder's best sequence: {held}.", held=held),
                "sets": lambda: _("Elder's best set: {held}.", held=held)}[category]()
    return {"point": lambda: _("Younger's best point: {held}.", held=held),
            "sequences": lambda: _("Younger's best sequence: {held}.", held=held),
            "sets": lambda: _("Younger's best set: {held}.", held=held)}[category]()


def _holds(v: Verdict) -> list[str]:
    return [_best(role, v.category, combo_text(c) if c is not None else _("none"))
            for role, c in (("elder", v.elder), ("younger", v.younger))]


def _pick_category(rng: random.Random) -> str:
    return rng.choices(("point", "sequences", "sets"), weights=(4, 3.5, 2.5))[0]


def answer_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.25
    s = _compare_hands(ctx, category, want_equal)
    v = verdict_of(s, category)
    lines = [line for line in s.dialogue if line.category == category]
    shown = tuple(lines[:-1])  # everything before Younger's answer
    options = tuple(a.value for a in possible_answers(category))
    reply = v.reply
    assert reply is not None
    expl = [*_holds(v), _("Younger answers “{answer}”. {why}", answer=answer_text(reply),
                          why=verdict_text(v))]
    if category == "point":
        expl.insert(0, _("Point: the longer suit wins; equal length, the higher pip total; "
                         "both equal: Equal, nobody scores."))
    elif category == "sequences":
        expl.insert(0, _("Sequences: the longer wins; equal length, the higher top card; "
                         "identical: Equal, and neither scores any sequence."))
    else:
        expl.insert(0, _("Sets: any quatorze beats any trio; between equal kinds, the higher "
                         "rank. Sets are never equal."))
    prompt = {"point": lambda: _("Elder calls his point. What does Younger answer?"),
              "sequences": lambda: _("Elder calls his sequence. What does Younger answer?"),
              "sets": lambda: _("Elder calls his set. What does Younger answer?")}[category]()
    return ctx.make(
        "answer", prompt=prompt,
        rows=compare_rows(s, verdict_highlight(v)),
        fields=(Field("answer", _("Younger answers"), "choice", reply.value, options,
                      vocab="answer"),),
        answer=answer_text(reply), explanation=tuple(expl), dialogue=shown,
        elder=s.elder, younger=s.younger, category=category,
    )


def _who_scores(category: str) -> str:
    return {"point": lambda: _("Who scores the point"),
            "sequences": lambda: _("Who scores the sequences"),
            "sets": lambda: _("Who scores the sets")}[category]()


def category_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    category = _pick_category(rng)
    want_equal = category != "sets" and rng.random() < 0.2
    s = _compare_hands(ctx, category, want_equal)
    v = verdict_of(s, category)
    expl = [*_holds(v), verdict_text(v)]
    if category != "point" and v.winner is not None and len(v.scored) > 1:
        expl.append(_("The winner of the sequences also scores every other sequence he holds; "
                      "the loser scores none.") if category == "sequences" else
                    _("The winner of the sets also scores every other set he holds; the loser "
                      "scores none."))
    prompt = {"point": lambda: _("Who scores the point, and how many points?"),
              "sequences": lambda: _("Who scores the sequences, and how many points?"),
              "sets": lambda: _("Who scores the sets, and how many points?")}[category]()
    return ctx.make(
        "category", prompt=prompt,
        rows=compare_rows(s, verdict_highlight(v)),
        fields=(Field("who", _who_scores(category), "choice", who_id(v.winner), WHO_OPTIONS,
                      vocab="who"),
                Field("points", _("Points scored"), "number", v.points)),
        answer=(_("{who} scores {points}", who=role_name(v.winner), points=v.points)
                if v.winner else _("Nobody scores (Equal)")),
        explanation=tuple(expl), elder=s.elder, younger=s.younger, category=category,
    )


def category_line(category: str, text: str) -> str:
    """A category's verdict, headed by the category."""
    return {"point": lambda: _("Point: {verdict}", verdict=text),
            "sequences": lambda: _("Sequences: {verdict}", verdict=text),
            "sets": lambda: _("Sets: {verdict}", verdict=text)}[category]()


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
        fields.append(Field(v.category, _who_scores(v.category), "choice", who_id(v.winner),
                            WHO_OPTIONS, vocab="who"))
        expl.append(category_line(v.category, verdict_text(v)))
        a, b = verdict_highlight(v)
        e_hl |= a
        y_hl |= b
    fields.append(Field("elder_total", _("Elder's total for declarations"), "number",
                        d["elder"]["total"]))
    fields.append(Field("younger_total", _("Younger's total for declarations"), "number",
                        d["younger"]["total"]))
    expl += reckoning_lines(s.reckoning)[1:]
    winners = {v.category: role_name(v.winner) for v in s.verdicts}
    return ctx.make(
        "comparison",
        prompt=_("Both players declare in full. Who scores each category, and what does each "
                 "total for his declarations (with any repique, before Elder's lead)?"),
        rows=compare_rows(s, (frozenset(e_hl), frozenset(y_hl))),
        fields=tuple(fields),
        # TRANSLATORS: who scores each category, then each player's total.
        answer=_("point {point}, sequences {sequences}, sets {sets}; Elder {elder}, Younger "
                 "{younger}", point=winners["point"], sequences=winners["sequences"],
                 sets=winners["sets"], elder=d["elder"]["total"],
                 younger=d["younger"]["total"]),
        explanation=tuple(expl), elder=s.elder, younger=s.younger,
    )

"""Questions on the reckoning order: repique, and repique or pique after Elder's lead."""

from __future__ import annotations

import random
from typing import Final

from academy.quiz.answers import Field, Question
from academy.quiz.context import Ctx, reckoning_lines, verdict_highlight
from academy.quiz.deals import (
    declaration_totals,
    fill_hands,
    mirror_point,
    random_hands,
    rank_mask,
    reckon_after_lead,
    rich_parts,
    run_mask,
    score_masks,
)
from academy.quiz.kinds import Kind
from academy.quiz.labels import BONUS_IDS, REPIQUE_IDS
from academy.quiz.two_hands import category_line, compare_rows
from piquet.cards import Card
from piquet.scoring import DeclarationScore
from words import _
from words.declarations import verdict_text

_REPIQUE_TARGETS: Final = (
    ("elder_before_sets", 0.16), ("elder", 0.12), ("younger", 0.16), ("equal_point", 0.1),
    ("near_miss", 0.28), ("plain", 0.18),
)
_PIQUE_TARGETS: Final = (
    ("pique", 0.3), ("younger", 0.1), ("elder", 0.08), ("equal_point", 0.08),
    ("near_miss", 0.28), ("plain", 0.16),
)
SCENARIOS: Final = ("elder_before_sets", "elder", "younger", "equal_point", "pique",
                    "near_miss", "plain")


def scenario_text(scenario: str) -> str:
    """What a reckoning question's deal shows, in words."""
    return {
        "elder_before_sets": lambda: _("Elder reaches 30 on point and sequences, before "
                                       "Younger's sets"),
        "elder": lambda: _("Elder's combinations"),
        "younger": lambda: _("Younger's combinations"),
        "equal_point": lambda: _("an Equal point"),
        "pique": lambda: _("Elder's 30th point comes from his lead"),
        "near_miss": lambda: _("a near miss"),
        "plain": lambda: _("an ordinary deal"),
    }[scenario]()


def _situations(s: DeclarationScore, after_lead: bool) -> tuple[set[str], bool]:
    """The situations a deal shows, and whether a bonus is scored."""
    labels: set[str] = set()
    e, y = declaration_totals(s)
    pique = after_lead and s.repique is None and y == 0 and e == 29
    if s.repique == "elder":
        labels.add("elder")
        if any(c == "sets" and w == 1 for c, w, _p in s.entries):
            labels.add("elder_before_sets")
    if s.repique == "younger":
        labels.add("younger")
    if pique:
        labels.add("pique")
    bonus = s.repique is not None or pique
    if bonus and not any(c == "point" for c, _w, _p in s.entries):
        labels.add("equal_point")
    if not bonus:
        labels.add("plain")
        if max(e, y) >= 27:
            labels.add("near_miss")
    return labels, bonus


def _elder_extras(rng: random.Random, em: int, ym: int, ea: int) -> int:
    """Sets (and perhaps a run) for Elder around an Equal point, without lengthening his
    point suit or taking Younger's cards."""
    blocked = ym | ea
    extra = 0
    ranks = list(range(3, 8))
    rng.shuffle(ranks)
    for r in ranks[:2]:
        avail = [s for s in range(4) if not blocked >> (s * 8 + r) & 1]
        if len(avail) >= 3:
            k = 4 if len(avail) == 4 and rng.random() < 0.8 else 3
            for s in rng.sample(avail, k):
                extra |= 1 << (s * 8 + r)
    free = [i for i in range(4) if not (em | ym) >> (8 * i) & 0xFF]
    if free and rng.random() < 0.7:
        run = run_mask(rng, rng.randint(4, 6), rng.choice(free))
        if not run & blocked:
            extra |= run
    return extra


def _reckoning_deal(ctx: Ctx, target: str, after_lead: bool) -> DeclarationScore:
    rng = ctx.rng
    s: DeclarationScore | None = None
    for _n in range(400):
        got: tuple[int, int] | None = None
        if target == "elder_before_sets":
            a, b = rng.sample(range(4), 2)
            ep = run_mask(rng, rng.randint(5, 7), a) | run_mask(rng, rng.randint(4, 6), b)
            yp = rank_mask(rng, rng.randint(3, 7), rng.choice((3, 4)))
            got = None if ep & yp else fill_hands(rng, ep, yp)
        elif target in ("elder", "pique"):
            got = fill_hands(rng, rich_parts(rng), 0)
        elif target == "younger":
            got = fill_hands(rng, 0, rich_parts(rng))
        elif target == "equal_point":
            em, ym, ea, ya = mirror_point(rng)
            extra = _elder_extras(rng, em, ym, ea)
            got = fill_hands(rng, em | extra, ym, ea, ya)
        elif target == "near_miss":
            if rng.random() < 0.5:
                got = fill_hands(rng, rich_parts(rng), run_mask(rng, rng.randint(5, 7)))
            else:
                got = fill_hands(rng, rich_parts(rng), 0)
        else:
            got = random_hands(rng)
        if got is None:
            continue
        s = score_masks(got[0], got[1], ctx.rules)
        labels, _bonus = _situations(s, after_lead)
        if target in labels:
            return s
    return s if s is not None else score_masks(*random_hands(rng), ctx.rules)


def _pick_target(rng: random.Random, targets: tuple[tuple[str, float], ...]) -> str:
    return rng.choices([t for t, _w in targets], weights=[w for _t, w in targets])[0]


def _reckoning_question(ctx: Ctx, kind: Kind) -> Question:
    after_lead = kind == "pique"
    target = _pick_target(ctx.rng, _PIQUE_TARGETS if after_lead else _REPIQUE_TARGETS)
    s = _reckoning_deal(ctx, target, after_lead)
    labels, yes = _situations(s, after_lead)
    e_hl: set[Card] = set()
    y_hl: set[Card] = set()
    expl: list[str] = []
    for v in s.verdicts:
        a, b = verdict_highlight(v)
        if v.winner == "elder":
            e_hl |= a
        elif v.winner == "younger":
            y_hl |= b
        expl.append(category_line(v.category, verdict_text(v)))
    options: tuple[str, ...]
    if after_lead:
        r = reckon_after_lead(s)
        if r.pique:
            correct = "pique_elder"
            answer = _("Pique for Elder (+30)")
        elif r.repique == "elder":
            correct = "repique_elder"
            answer = _("Repique for Elder (+60)")
        elif r.repique == "younger":
            correct = "repique_younger"
            answer = _("Repique for Younger (+60)")
        else:
            correct = "neither"
            answer = _("Neither")
        options = BONUS_IDS
        vocab = "bonus"
        prompt = _("Both declare in full, and Elder leads to the first trick. Does anyone "
                   "score a repique or a pique?")
        label = _("Bonus")
        if r.repique == "younger":
            expl.append(_("Younger's combinations reckon before Elder's lead point, so the "
                          "lead does not block Younger's repique."))
        if r.pique:
            expl.append(_("Elder's 30th point comes from his lead (step 5), not from his "
                          "combinations alone: a pique (30), not a repique (60)."))
    else:
        r = s.reckoning
        correct = s.repique or "no"
        answer = {"elder": lambda: _("Yes, Elder"), "younger": lambda: _("Yes, Younger"),
                  "no": lambda: _("No")}[correct]()
        options = REPIQUE_IDS
        vocab = "repique"
        prompt = _("Both declare in full. Does anyone score a repique?")
        label = _("Repique")
    expl += reckoning_lines(r)
    if "elder_before_sets" in labels:
        expl.append(_("Elder reached 30 before the sets were reckoned; Younger's sets come "
                      "later in the order and do not take the repique away."))
    if not any(c == "point" for c, _w, _p in s.entries):
        expl.append(_("The point was Equal: nobody scores it, and an Equal does not count as "
                      "scoring, so it blocks nothing."))
    assert yes == (correct not in ("no", "neither"))
    return ctx.make(
        kind, prompt=prompt,
        rows=compare_rows(s, (frozenset(e_hl), frozenset(y_hl))),
        fields=(Field("bonus", label, "choice", correct, options, vocab=vocab),),
        answer=answer, explanation=tuple(expl), elder=s.elder, younger=s.younger,
        yes=yes, scenario=target if target in labels else next(iter(sorted(labels))),
    )


def repique_question(ctx: Ctx) -> Question:
    return _reckoning_question(ctx, "repique")


def pique_question(ctx: Ctx) -> Question:
    return _reckoning_question(ctx, "pique")

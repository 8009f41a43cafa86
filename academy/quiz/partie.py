"""Questions on the end of a partie: who wins it and what he scores (the rubicon)."""

from __future__ import annotations

from academy.quiz.answers import Field, Question
from academy.quiz.context import Ctx
from academy.quiz.labels import PLAYER_IDS, player_name
from piquet.partie import RUBICON, settle_partie
from words import _
from words.reckoning import settlement_text


def settlement_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    r = rng.random()
    if r < 0.08:
        a = b = rng.randint(60, 160)
    else:
        if r < 0.35:
            lo = rng.choice((99, 100, 100, 101, rng.randint(95, 105)))
            hi = lo + rng.randint(1, 60)
        elif r < 0.55:
            lo = rng.randint(20, 90)
            hi = rng.randint(lo + 1, 99)
        elif r < 0.8:
            lo = rng.randint(30, 98)
            hi = rng.randint(max(lo + 1, 100), 200)
        else:
            lo = rng.randint(100, 170)
            hi = lo + rng.randint(1, 80)
        a, b = (hi, lo) if rng.random() < 0.5 else (lo, hi)
    sett = settle_partie(a, b)
    lines = [_("A has {a}, B has {b}.", a=a, b=b), settlement_text(sett),
             _("The loser with {rubicon} or more: the winner scores 100 + the difference. "
               "Under {rubicon} he is rubiconed: the winner scores 100 + both totals, even if "
               "he too is under 100.", rubicon=RUBICON)]
    if a == b:
        lines.append(_("Equal totals after six deals mean two more deals; equal after eight, "
                       "the partie is drawn."))
    if sett.winner is None:
        answer = _("Nobody: the partie is drawn, 0")
    elif sett.rubiconed:
        answer = _("{winner} scores {points} (rubicon)", winner=player_name(sett.winner),
                   points=sett.points)
    else:
        answer = _("{winner} scores {points}", winner=player_name(sett.winner),
                   points=sett.points)
    return ctx.make(
        "settlement",
        prompt=_("The partie is over: A has {a}, B has {b}. Who wins, and what does he score?",
                 a=a, b=b),
        rows=(),
        fields=(Field("winner", _("Winner"), "choice", sett.winner or "nobody", PLAYER_IDS,
                      vocab="player"),
                Field("points", _("He scores"), "number", sett.points)),
        answer=answer,
        explanation=tuple(lines), context=(_("Final totals: A {a}, B {b}.", a=a, b=b),),
        totals=(a, b),
    )

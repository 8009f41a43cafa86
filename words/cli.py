"""What the command line (the ``piquet_cli`` package, ``python -m piquet_cli``) prints: a
record's score sheet with its reasons, a problem worded for its user, a tournament's
summary — every sentence the text layer's, in the language ``--lang`` chose."""

from __future__ import annotations

from typing import Any, Final

from piquet.errors import PiquetError
from piquet.record import SHEET_KEYS, DealScore, RecordProblem
from words import _, format_number, format_percent
from words.declarations import verdict_text
from words.errors import error_text
from words.names import preset_name
from words.reckoning import bonus_text, sheet_label
from words.record import problem_text

__all__ = ["PROGRAM", "format_sheet", "tournament_summary", "worded"]

PROGRAM: Final = "python -m piquet_cli"
"""How the command line is run, as its usage line and help name it."""


def format_sheet(score: DealScore, title: str | None = None) -> str:
    """The score sheet, category by category, with the reasons and the reckoning, in the
    current language."""
    sheet = score.as_dict()
    lines = []
    if title:
        lines += [title, ""]
    rec = score.record
    # TRANSLATORS: the command line's score sheet: "Rules: Britannica article, the
    # britannica preset"; {name} is the preset's name as typed on the command line.
    lines.append(_("Rules: {preset}, the {name} preset", preset=preset_name(rec.rules.name),
                   name=rec.rules.name))
    lines.append(_("Tricks played: {n} of 12", n=len(rec.tricks)))
    lines.append("")
    lines.append(f"{'':<14}{_('Elder'):>7}{_('Younger'):>9}")
    for key in (*SHEET_KEYS, "total"):
        if key == "total":
            lines.append("-" * 30)
        lines.append(f"{sheet_label(key):<14}{sheet['elder'][key]:>7}"
                     f"{sheet['younger'][key]:>9}")
    lines.append("")
    lines.append(_("Why:"))
    for v in score.declarations.verdicts:
        lines.append(f"- {sheet_label(v.category)}: {verdict_text(v)}")
    lines.append(f"- {bonus_text(score.reckoning)}")
    return "\n".join(lines)


def worded(problem: RecordProblem | BaseException) -> str:
    """An engine error or a record problem for the command line's user: the text layer's
    sentence, then where it is in the record (a JSON Pointer) and its code, for a developer
    (``Elder's hand: 'QQ' is not a card (at /elder/1; not_a_card)``)."""
    if isinstance(problem, RecordProblem):
        where = _("at {pointer}; ", pointer=problem.pointer) if problem.path else ""
        return f"{problem_text(problem)} ({where}{problem.code})"
    if isinstance(problem, PiquetError):
        return f"{error_text(problem)} ({problem.code})"
    return error_text(problem)


def tournament_summary(res: Any) -> str:
    """The tournament's result in a few lines of the current language."""
    j = res.as_json()
    n = max(res.parties, 1)

    def timing(side: str, player: str, prefix: str) -> str:
        return _("time per decision, {side} ({player}): median {median} s, mean {mean} s, "
                 "max {max} s over {n} decisions", side=side, player=player,
                 median=format_number(j[prefix + "decision_seconds_median"], decimals=4),
                 mean=format_number(j[prefix + "decision_seconds_mean"], decimals=4),
                 max=format_number(j[prefix + "decision_seconds_max"], decimals=3),
                 n=j[prefix + "decisions"])

    return "\n".join([
        _("{a} (A) v {b} (B): {parties} parties, {deals} deals, rules {rules}, seed {seed}",
          a=res.a, b=res.b, parties=res.parties, deals=res.deals, rules=res.rules,
          seed=res.seed),
        # TRANSLATORS: {a_share} and {b_share} are percentages, already written ("93.0%").
        _("wins: A {a} ({a_share}), B {b} ({b_share}), draws {draws}", a=res.a_wins,
          a_share=format_percent(res.a_wins / n, decimals=1), b=res.b_wins,
          b_share=format_percent(res.b_wins / n, decimals=1), draws=res.draws),
        _("average points per partie for A (settlement, + when A wins): {points}",
          points=format_number(j["a_points_per_partie"], decimals=1, signed=True)),
        # TRANSLATORS: {share} is a percentage, already written ("64.0%").
        _("rubicon rate: {share} of parties; A's average margin per deal {margin}",
          share=format_percent(res.rubicons / n, decimals=1),
          margin=format_number(j["a_margin_per_deal"], decimals=2, signed=True)),
        timing("A", res.a, ""),
        timing("B", res.b, "b_"),
        _("wall time: {seconds} s", seconds=format(res.seconds, ".1f")),
    ])

"""The command line, ``python -m piquet`` (piquet/__main__.py hands over to :func:`main`):
``score FILE.json`` prints a record's score sheet with its reasons, ``tournament`` plays
parties between two computer players. An application on the engine like the pages: every
sentence it prints is the text layer's, in English unless ``--lang`` names another offered
language."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from piquet.errors import PiquetError
from piquet.record import SHEET_KEYS, DealScore, RecordError, RecordProblem, score_record
from words import _, offered_languages, use_language
from words.declarations import verdict_text
from words.errors import error_text
from words.names import preset_name
from words.reckoning import bonus_text, sheet_label
from words.record import problem_text

__all__ = ["format_sheet", "main", "tournament_summary"]


def format_sheet(score: DealScore, title: str | None = None) -> str:
    """The score sheet, category by category, with the reasons and the reckoning, in the
    current language."""
    sheet = score.as_dict()
    lines = []
    if title:
        lines += [title, ""]
    rec = score.record
    # TRANSLATORS: the command line's score sheet: "Rules: Britannica (Parlett), the
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


def _worded(problem: RecordProblem | BaseException) -> str:
    """An engine error or a record problem for the command line's user: the text layer's
    sentence, then where it is in the record (a JSON Pointer) and its code, for a developer
    (``Elder's hand: 'QQ' is not a card (at /elder/1; not_a_card)``)."""
    if isinstance(problem, RecordProblem):
        where = _("at {pointer}; ", pointer=problem.pointer) if problem.path else ""
        return f"{problem_text(problem)} ({where}{problem.code})"
    if isinstance(problem, PiquetError):
        return f"{error_text(problem)} ({problem.code})"
    return error_text(problem)


def _error(text: str) -> None:
    # TRANSLATORS: the command line's error line: "error: <what went wrong>".
    print(_("error: {text}", text=text), file=sys.stderr)


def _score(path: str) -> int:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        _error(_("cannot read {path}: {reason}", path=path, reason=e.strerror or e))
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        _error(_("{path} is not valid JSON (line {line}, column {column}: {reason})",
                 path=path, line=e.lineno, column=e.colno, reason=e.msg))
        return 2
    title = None
    if isinstance(data, dict) and "record" in data:
        title = data.get("title") if isinstance(data.get("title"), str) else None
        data = data["record"]
    try:
        score = score_record(data)
    except RecordError as e:
        problems = e.problems or ()
        if len(problems) > 1:
            _error(_("{path}: {n} problems:", path=path, n=len(problems)))
            for p in problems:
                print(f"  - {_worded(p)}", file=sys.stderr)
        else:
            _error(f"{path}: {_worded(problems[0] if problems else e)}")
        return 1
    except ValueError as e:
        _error(f"{path}: {_worded(e)}")
        return 1
    print(format_sheet(score, title))
    return 0


def tournament_summary(res: Any) -> str:
    """The tournament's result in a few lines of the current language."""
    j = res.as_json()
    n = max(res.parties, 1)

    def timing(side: str, player: str, prefix: str) -> str:
        return _("time per decision, {side} ({player}): median {median} s, mean {mean} s, "
                 "max {max} s over {n} decisions", side=side, player=player,
                 median=format(j[prefix + "decision_seconds_median"], ".4f"),
                 mean=format(j[prefix + "decision_seconds_mean"], ".4f"),
                 max=format(j[prefix + "decision_seconds_max"], ".3f"),
                 n=j[prefix + "decisions"])

    return "\n".join([
        _("{a} (A) v {b} (B): {parties} parties, {deals} deals, rules {rules}, seed {seed}",
          a=res.a, b=res.b, parties=res.parties, deals=res.deals, rules=res.rules,
          seed=res.seed),
        _("wins: A {a} ({a_share}%), B {b} ({b_share}%), draws {draws}", a=res.a_wins,
          a_share=format(100 * res.a_wins / n, ".1f"), b=res.b_wins,
          b_share=format(100 * res.b_wins / n, ".1f"), draws=res.draws),
        _("average points per partie for A (settlement, + when A wins): {points}",
          points=format(j["a_points_per_partie"], "+.1f")),
        _("rubicon rate: {share}% of parties; A's average margin per deal {margin}",
          share=format(100 * res.rubicons / n, ".1f"),
          margin=format(j["a_margin_per_deal"], "+.2f")),
        timing("A", res.a, ""),
        timing("B", res.b, "b_"),
        _("wall time: {seconds} s", seconds=format(res.seconds, ".1f")),
    ])


def _tournament(args: argparse.Namespace) -> int:
    """The ``tournament`` command: summary on stdout (with ``--json`` its last line is one
    JSON object), progress on stderr every few parties unless ``--quiet``."""
    # Imported here: the players and the solver are not needed to score a record.
    from piquet.players import make_player
    from piquet.rules import get_rules
    from piquet.tournament import TournamentResult, run_tournament

    try:
        make_player(args.a)
        make_player(args.b)
        get_rules(args.rules)
    except ValueError as e:
        _error(_worded(e))
        return 2
    if args.parties < 1:
        _error(_("--parties must be at least 1"))
        return 2
    step = max(1, min(10, args.parties // 20))

    def progress(r: TournamentResult) -> None:
        if args.quiet or (r.parties % step and r.parties != args.parties):
            return
        print(_("[{done}/{parties}] A {a} B {b} draws {draws}  {seconds} s", done=r.parties,
                parties=args.parties, a=r.a_wins, b=r.b_wins, draws=r.draws,
                seconds=format(r.seconds, ".0f")), file=sys.stderr, flush=True)

    res = run_tournament(args.a, args.b, args.parties, args.seed, args.rules, progress)
    print(tournament_summary(res))
    if args.json:
        print(json.dumps(res.as_json(), sort_keys=True))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m piquet``: the exit status (0 done, 1 a record refused, 2 a bad input)."""
    wanted = list(sys.argv[1:] if argv is None else argv)
    lang = "en"  # read before the parser, so that its help is in that language too
    for i, arg in enumerate(wanted):
        if arg == "--lang" and i + 1 < len(wanted):
            lang = wanted[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.removeprefix("--lang=")
    with use_language(lang if lang in offered_languages() else "en"):
        return _main(wanted)


def _main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m piquet",
        description=_("Score a deal record, or play parties between two computer players."))
    parser.add_argument("--lang", default="en", choices=offered_languages(),
                        help=_("the language of what is printed"))
    sub = parser.add_subparsers(dest="command", required=True)
    p_score = sub.add_parser("score", help=_("print a deal record's score sheet"))
    p_score.add_argument("file", help=_("a JSON deal record, or an object with it under "
                                        "'record'"))
    p_t = sub.add_parser("tournament", help=_("play parties between two computer players"))
    p_t.add_argument("--a", default="computer")
    p_t.add_argument("--b", default="greedy")
    p_t.add_argument("--parties", type=int, default=20)
    p_t.add_argument("--seed", type=int, default=1)
    p_t.add_argument("--rules", default="britannica")
    p_t.add_argument("--json", action="store_true")
    p_t.add_argument("--quiet", action="store_true", help=_("no progress lines"))
    args = parser.parse_args(argv)
    if args.command == "score":
        return _score(args.file)
    return _tournament(args)

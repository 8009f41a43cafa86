"""Command line: ``python -m piquet score FILE.json`` and ``python -m piquet tournament``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from piquet.errors import PiquetError
from piquet.record import SHEET_KEYS, DealScore, RecordError, RecordProblem, score_record
from words import use_language
from words.declarations import verdict_text
from words.errors import error_text
from words.names import preset_name
from words.reckoning import bonus_text, sheet_label
from words.record import problem_text


def format_sheet(score: DealScore, title: str | None = None) -> str:
    """The score sheet, category by category, with the reasons and the reckoning, in English.

    The command line is an application on the engine, like the pages: its sentences come from
    the text layer (``words``), the one place engine facts become words.
    """
    sheet = score.as_dict()
    lines = []
    if title:
        lines += [title, ""]
    rec = score.record
    with use_language("en"):
        lines.append(f"Rules: {preset_name(rec.rules.name)}, the {rec.rules.name} preset")
        lines.append(f"Tricks played: {len(rec.tricks)} of 12")
        lines.append("")
        lines.append(f"{'':<14}{'Elder':>7}{'Younger':>9}")
        for key in (*SHEET_KEYS, "total"):
            if key == "total":
                lines.append("-" * 30)
            lines.append(f"{sheet_label(key):<14}{sheet['elder'][key]:>7}"
                         f"{sheet['younger'][key]:>9}")
        lines.append("")
        lines.append("Why:")
        for v in score.declarations.verdicts:
            lines.append(f"- {sheet_label(v.category)}: {verdict_text(v)}")
        lines.append(f"- {bonus_text(score.reckoning)}")
    return "\n".join(lines)


def _worded(problem: RecordProblem | BaseException) -> str:
    """An engine error or a record problem for the command line's user: the text layer's
    English sentence, then where it is in the record (a JSON Pointer) and its code, for a
    developer (``Elder's hand: 'QQ' is not a card (at /elder/1; not_a_card)``)."""
    with use_language("en"):
        if isinstance(problem, RecordProblem):
            where = f"at {problem.pointer}; " if problem.path else ""
            return f"{problem_text(problem)} ({where}{problem.code})"
        if isinstance(problem, PiquetError):
            return f"{error_text(problem)} ({problem.code})"
        return error_text(problem)


def _score(path: str) -> int:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        print(f"error: cannot read {path}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"error: {path} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})",
              file=sys.stderr)
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
            print(f"error: {path}: {len(problems)} problems:", file=sys.stderr)
            for p in problems:
                print(f"  - {_worded(p)}", file=sys.stderr)
        else:
            print(f"error: {path}: {_worded(problems[0] if problems else e)}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"error: {path}: {_worded(e)}", file=sys.stderr)
        return 1
    print(format_sheet(score, title))
    return 0


def tournament_summary(res: Any) -> str:
    """The tournament's result in a few lines of English."""
    self = res
    j = self.as_json()
    n = max(self.parties, 1)
    return "\n".join([
        f"{self.a} (A) v {self.b} (B): {self.parties} parties, {self.deals} deals, "
        f"rules {self.rules}, seed {self.seed}",
        f"wins: A {self.a_wins} ({100 * self.a_wins / n:.1f}%), "
        f"B {self.b_wins} ({100 * self.b_wins / n:.1f}%), draws {self.draws}",
        f"average points per partie for A (settlement, + when A wins): "
        f"{j['a_points_per_partie']:+.1f}",
        f"rubicon rate: {100 * self.rubicons / n:.1f}% of parties; A's average margin per "
        f"deal {j['a_margin_per_deal']:+.2f}",
        f"time per decision, A ({self.a}): median {j['decision_seconds_median']:.4f} s, "
        f"mean {j['decision_seconds_mean']:.4f} s, max {j['decision_seconds_max']:.3f} s "
        f"over {j['decisions']} decisions",
        f"time per decision, B ({self.b}): median {j['b_decision_seconds_median']:.4f} s, "
        f"mean {j['b_decision_seconds_mean']:.4f} s, max {j['b_decision_seconds_max']:.3f} s"
        f" over {j['b_decisions']} decisions",
        f"wall time: {self.seconds:.1f} s",
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
        print(f"error: {_worded(e)}", file=sys.stderr)
        return 2
    if args.parties < 1:
        print("error: --parties must be at least 1", file=sys.stderr)
        return 2
    step = max(1, min(10, args.parties // 20))

    def progress(r: TournamentResult) -> None:
        if args.quiet or (r.parties % step and r.parties != args.parties):
            return
        print(f"[{r.parties}/{args.parties}] A {r.a_wins} B {r.b_wins} draws {r.draws}"
              f"  {r.seconds:.0f} s", file=sys.stderr, flush=True)

    res = run_tournament(args.a, args.b, args.parties, args.seed, args.rules, progress)
    print(tournament_summary(res))
    if args.json:
        print(json.dumps(res.as_json(), sort_keys=True))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m piquet", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_score = sub.add_parser("score", help="print a deal record's score sheet")
    p_score.add_argument("file", help="a JSON deal record, or an object with it under 'record'")
    p_t = sub.add_parser("tournament", help="play parties between two computer players")
    p_t.add_argument("--a", default="computer")
    p_t.add_argument("--b", default="greedy")
    p_t.add_argument("--parties", type=int, default=20)
    p_t.add_argument("--seed", type=int, default=1)
    p_t.add_argument("--rules", default="britannica")
    p_t.add_argument("--json", action="store_true")
    p_t.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.command == "score":
        return _score(args.file)
    return _tournament(args)


if __name__ == "__main__":
    sys.exit(main())

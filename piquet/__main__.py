"""Command line: ``python -m piquet score FILE.json`` and ``python -m piquet tournament``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from piquet.record import SHEET_KEYS, DealScore, RecordError, score_record
from words import use_language
from words.declarations import verdict_text
from words.reckoning import bonus_text, sheet_label


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
        lines.append(f"Rules: {rec.rules.title}, the {rec.rules.name} preset")
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
                print(f"  - {p.message}", file=sys.stderr)
        else:
            print(f"error: {path}: {e}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return 1
    print(format_sheet(score, title))
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
    tournament = importlib.import_module("piquet.tournament")
    code: int = tournament.run_tournament_cli(args)
    return code


if __name__ == "__main__":
    sys.exit(main())

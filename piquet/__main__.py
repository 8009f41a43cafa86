"""Command line: ``python -m piquet score FILE.json`` and ``python -m piquet tournament``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from piquet.record import RecordError, score_record
from piquet.sheet import format_sheet


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

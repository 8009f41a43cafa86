"""The command line, ``python -m piquet_cli``: ``score FILE.json`` prints a record's score
sheet with its reasons, ``tournament`` plays parties between two computer players. An
application on the engine like the pages: it reads files and arguments and sets the exit
status; every sentence it prints is the text layer's (:mod:`words.cli`), in English unless
``--lang`` names another offered language."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from piquet.record import RecordError, score_record
from words import _, offered_languages, use_language
from words.cli import PROGRAM, format_sheet, tournament_summary, worded

__all__ = ["main"]


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
                print(f"  - {worded(p)}", file=sys.stderr)
        else:
            _error(f"{path}: {worded(problems[0] if problems else e)}")
        return 1
    except ValueError as e:
        _error(f"{path}: {worded(e)}")
        return 1
    print(format_sheet(score, title))
    return 0


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
        _error(worded(e))
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
    """``python -m piquet_cli``: the exit status (0 done, 1 a record refused, 2 a bad input)."""
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
        prog=PROGRAM,
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

"""A long run of the model-based page tests (thousands of random user steps a page) and of
the exercises' soundness test (500 seeds a kind).

    python scripts/soak.py [--steps 50] [--examples 60] [--page lab ...]
                           [--exercises 500 | --exercises 0] [--only-exercises]
                           [--no-puzzles] [--no-axe]

Runs each ``tests/test_model_<page>.py`` with fresh randomness (not the derandomised run of
``make test``), ``--examples`` sequences of up to ``--steps`` actions each, and prints for each
page the steps taken and any failure, shrunk to its shortest sequence of actions. Exits
non-zero when a page failed. Then ``tests/test_exercises_sound.py`` with
``PIQUET_EXERCISE_SEEDS`` = ``--exercises`` (every stage and quiz kind, every preset and
level, every answer checked against the truth; docs/exercises.md); ``--exercises 0`` skips it,
``--only-exercises`` runs only it. Then ``tests/test_puzzles_sound.py`` over every puzzle of
the catalogue (``PIQUET_PUZZLE_SAMPLE=0``; docs/puzzles.md), unless ``--no-puzzles``. Then,
unless ``--no-axe``, axe-core after opening each tab, expander and popover of every page
(tests/e2e/test_accessibility_soak_browser.py, docs/accessibility.md). ``make soak`` runs it
all with the defaults.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=50, help="actions per sequence")
    ap.add_argument("--examples", type=int, default=60, help="sequences per page")
    ap.add_argument("--page", action="append", help="only these pages (lab, quiz, ...)")
    ap.add_argument("--exercises", type=int, default=500,
                    help="seeds a kind for tests/test_exercises_sound.py (0: skip it)")
    ap.add_argument("--only-exercises", action="store_true",
                    help="run only the exercises' soundness test")
    ap.add_argument("--no-puzzles", action="store_true",
                    help="skip re-verifying every puzzle (tests/test_puzzles_sound.py)")
    ap.add_argument("--no-axe", action="store_true",
                    help="skip axe-core after opening each tab, expander and popover")
    args = ap.parse_args()
    failed = []
    if not args.only_exercises:
        failed += pages(args)
    if args.exercises > 0 and not exercises(args.exercises):
        failed.append("exercises")
    if not args.only_exercises and not args.no_puzzles and not puzzles():
        failed.append("puzzles")
    if not args.only_exercises and not args.no_axe and not accessibility():
        failed.append("accessibility")
    if failed:
        print(f"soak: FAILED: {' '.join(failed)}", file=sys.stderr)
        return 1
    print("soak: everything held")
    return 0


def accessibility() -> bool:
    """tests/e2e/test_accessibility_soak_browser.py (PIQUET_SOAK=1): axe-core after opening
    each tab, expander and popover of every page, in three languages; True when it passed."""
    return _sound("accessibility", "axe-core after each tab, expander and popover",
                  "e2e/test_accessibility_soak_browser.py", {"PIQUET_SOAK": "1"})


def exercises(seeds: int) -> bool:
    """tests/test_exercises_sound.py with ``seeds`` seeds a kind; True when it passed."""
    return _sound("exercises", f"{seeds} seeds a kind, every answer checked",
                  "test_exercises_sound.py", {"PIQUET_EXERCISE_SEEDS": str(seeds)})


def puzzles() -> bool:
    """tests/test_puzzles_sound.py over the whole catalogue; True when it passed."""
    return _sound("puzzles", "every puzzle of the catalogue re-verified",
                  "test_puzzles_sound.py", {"PIQUET_PUZZLE_SAMPLE": "0"})


def _sound(name: str, what: str, test: str, extra: dict[str, str]) -> bool:
    print(f"=== {name}: {what}", flush=True)
    t = time.monotonic()
    env = {**os.environ, **extra}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(ROOT / "tests" / test)], cwd=ROOT, env=env,
        capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    log = ROOT / "test-results" / f"soak-{name}.log"
    log.parent.mkdir(exist_ok=True)
    log.write_text(out)
    keep = [ln for ln in out.splitlines() if ln.startswith(("E ", "FAILED"))
            or "passed" in ln or "failed" in ln]
    print("\n".join(keep[-80:]))
    print(f"--- {name}: {'ok' if proc.returncode == 0 else 'FAILED'} in "
          f"{time.monotonic() - t:.0f} s (the whole output: {log.relative_to(ROOT)})",
          flush=True)
    return proc.returncode == 0


def pages(args: argparse.Namespace) -> list[str]:
    """The model-based page tests; the pages that failed."""
    files = sorted((ROOT / "tests").glob("test_model_*.py"))
    if args.page:
        files = [f for f in files if f.stem.removeprefix("test_model_") in args.page]
    if not files:
        print("soak: no model-based tests found", file=sys.stderr)
        return ["(no model-based tests)"]
    env = {**os.environ, "PIQUET_SOAK_STEPS": str(args.steps),
           "PIQUET_SOAK_EXAMPLES": str(args.examples)}
    failed = []
    for f in files:
        page = f.stem.removeprefix("test_model_")
        print(f"=== {page}: {args.examples} sequences of up to {args.steps} steps "
              f"(at most {args.examples * args.steps} steps)", flush=True)
        t = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(f),
             "--hypothesis-show-statistics"], cwd=ROOT, env=env, capture_output=True, text=True)
        out = proc.stdout + proc.stderr
        log = ROOT / "test-results" / f"soak-{page}.log"
        log.parent.mkdir(exist_ok=True)
        log.write_text(out)
        lines = [ln for ln in out.splitlines() if "ScriptRunContext" not in ln]
        keep = [ln for ln in lines if ln.startswith(("E ", "FAILED", "    - ", "  - "))
                or "passed" in ln or "failed" in ln or "state." in ln]
        # the errors themselves first: a long shrunk sequence must not push them out
        errors = [ln for ln in lines if ln.lstrip(" |+-").startswith(
            ("Traceback", "File ", "assert", "AssertionError", "Error", "Flaky"))
            or "Error:" in ln]
        print("\n".join([*errors[-40:], *keep[-80:]]))
        print(f"--- {page}: {'ok' if proc.returncode == 0 else 'FAILED'} "
              f"in {time.monotonic() - t:.0f} s (the whole output: {log.relative_to(ROOT)})",
              flush=True)
        if proc.returncode != 0:
            failed.append(page)
    return failed


if __name__ == "__main__":
    raise SystemExit(main())

"""A long run of the model-based page tests: thousands of random user steps a page.

    python scripts/soak.py [--steps 50] [--examples 60] [--page lab ...]

Runs each ``tests/test_model_<page>.py`` with fresh randomness (not the derandomised run of
``make test``), ``--examples`` sequences of up to ``--steps`` actions each, and prints for each
page the steps taken and any failure, shrunk to its shortest sequence of actions. Exits
non-zero when a page failed. ``make soak`` runs it with the defaults.
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
    args = ap.parse_args()
    files = sorted((ROOT / "tests").glob("test_model_*.py"))
    if args.page:
        files = [f for f in files if f.stem.removeprefix("test_model_") in args.page]
    if not files:
        print("soak: no model-based tests found", file=sys.stderr)
        return 2
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
    if failed:
        print(f"soak: FAILED: {' '.join(failed)}", file=sys.stderr)
        return 1
    print("soak: every page held")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The README is a front door: what the app is, the two commands, the pages, the layout, the
API in brief, and one table of today's figures. It stays short and describes the product as it
is: history (dated runs, "before" figures, issue numbers) lives in ``docs/``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 250
HISTORY = [
    (re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b"), "a dated run"),
    (re.compile(r"\b(19|20)\d\d/\d\d/\d\d\b"), "a dated run"),
    (re.compile(r"\b[Bb]efore\b\s*(:|issue|stop|the fix|\d)"), "a 'before' figure"),
    (re.compile(r"\b[Ii]ssues?\s*#?\d+"), "an issue number"),
    (re.compile(r"\b[Ss]tops?\s+\d+"), "a stop of the work"),
    (re.compile(r"\b(yesterday|last (week|stop|run))\b", re.I), "talk of how the work went"),
]


def history_found(text: str) -> list[str]:
    """Each line of ``text`` that keeps history, with what it keeps.

    >>> history_found("| p95 | 0.15 s (2026-12-06) |\\nBefore issue 14: 8.8 s\\nfine")
    ['1: a dated run', "2: a 'before' figure", '2: an issue number']
    """
    return [f"{n}: {what}" for n, line in enumerate(text.splitlines(), 1)
            for pattern, what in HISTORY if pattern.search(line)]


def tables(text: str) -> list[list[str]]:
    """The Markdown tables of ``text``, each as its lines."""
    found: list[list[str]] = []
    current: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    return found


def test_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_readme_keeps_no_history() -> None:
    assert history_found(README.read_text(encoding="utf-8")) == []


def test_one_table_of_current_figures() -> None:
    text = README.read_text(encoding="utf-8")
    figures = [t for t in tables(text) if re.search(r"\|\s*target\s*\|.*\|\s*command\s*\|",
                                                     t[0])]
    assert len(figures) == 1, "one table of figures: target, today, goal, command"
    rows = figures[0][2:]
    assert len(rows) >= 10
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 4 and all(cells), row
        for script in re.findall(r"bench/[a-z_]+\.py", cells[3]):
            assert (ROOT / script).exists(), script


def test_the_two_commands_and_the_docs_it_names_exist() -> None:
    text = README.read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test"):
        assert f"make {target}" in text
        assert re.search(rf"^{target}:", makefile, re.M)
    named = set(re.findall(r"`((?:docs|tests|scripts|bench|piquet|deploy)/[\w./-]+)`", text))
    assert named
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert missing == []


@pytest.mark.parametrize(("line", "kept"), [
    ("| p95 | 0.65 s | 1 s | `bench` |", False),
    ("figures of 2026-12-06", True),
    ("Before: 8.8 s", True),
    ("see issue 14", True),
    ("at stop 30 the Lab", True),
    ("the round before the first answer", False),
])
def test_history_is_recognised(line: str, kept: bool) -> None:
    assert bool(history_found(line)) is kept

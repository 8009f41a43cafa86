"""The teaching package sits on the rules engine, never the other way round: nothing in
``piquet/`` imports ``academy`` or the text layer ``words``, and neither ``academy/`` nor
``words/`` imports Streamlit or ``ui``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


@pytest.mark.parametrize(("package", "forbidden"), [
    ("piquet", {"academy", "ui", "words", "store", "piquet_cli", "app_pages", "app",
                "streamlit"}),
    ("piquet_cli", {"ui", "store", "app_pages", "app", "streamlit"}),
    ("academy", {"ui", "streamlit"}),
    ("words", {"ui", "streamlit"}),
])
def test_package_imports(package: str, forbidden: set[str]) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    bad = {str(p.relative_to(ROOT)): sorted(_imported(p) & forbidden) for p in files}
    assert not {k: v for k, v in bad.items() if v}


def test_no_teaching_module_left_in_the_engine() -> None:
    for name in ("quiz.py", "walkthrough.py"):
        assert not (ROOT / "piquet" / name).exists(), name


@pytest.mark.parametrize("folder", ["ui", "academy", "app_pages", "words", "store"])
def test_no_file_over_700_lines(folder: str) -> None:
    long = {str(p.relative_to(ROOT)): n for p in sorted((ROOT / folder).rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert not long

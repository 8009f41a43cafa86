"""Checks on the build infrastructure itself (requirements, engine independence)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def test_requirements_pin_streamlit() -> None:
    assert "streamlit==1.67.0" in _requirement_lines("requirements.txt")


def test_installed_streamlit_matches_pin() -> None:
    assert version("streamlit") == "1.67.0"


def test_dev_requirements_include_runtime() -> None:
    assert "-r requirements.txt" in _requirement_lines("requirements-dev.txt")


def test_piquet_imports_without_streamlit() -> None:
    if not (ROOT / "piquet" / "__init__.py").exists():
        pytest.skip("piquet/ engine package does not exist yet")
    result = subprocess.run(
        [sys.executable, "-c", "import piquet, sys; assert 'streamlit' not in sys.modules"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr

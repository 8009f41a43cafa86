"""``python -m piquet_cli score FILE.json`` (issue 2): the score sheet, category by category;
a bad file prints the problem and exits non-zero."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "piquet_cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_score_prints_the_sheet_of_a_wrapped_record() -> None:
    """RULES.md §10 ex. 5 (Cavendish): Elder 28, Younger 23."""
    out = run("score", str(DATA / "cavendish-deal.json"))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.split() == ["Point", "5", "0"] for line in lines)
    assert any(line.split() == ["Sets", "0", "17"] for line in lines)
    assert any(line.split() == ["Total", "28", "23"] for line in lines)
    assert "Elder's make 49, Younger's 48" in out.stdout


def test_score_takes_a_bare_record(tmp_path: Path) -> None:
    record = json.loads((DATA / "hoyle-170.json").read_text())["record"]
    f = tmp_path / "deal.json"
    f.write_text(json.dumps(record))
    out = run("score", str(f))
    assert out.returncode == 0
    assert any(line.split() == ["Total", "170", "0"] for line in out.stdout.splitlines())


@pytest.mark.parametrize(("content", "expected"), [
    ("{not json", "not valid JSON"),
    ('{"elder": ["AS"]}', "no 'younger'"),
    ('{"record": {"rules": "hoyle"}}', "'hoyle' is not a rules preset"),
    ("[1, 2]", "must be an object"),
])
def test_bad_file_names_the_problem(tmp_path: Path, content: str, expected: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content)
    out = run("score", str(f))
    assert out.returncode != 0
    assert expected in out.stderr
    assert "Traceback" not in out.stderr


def test_missing_file(tmp_path: Path) -> None:
    out = run("score", str(tmp_path / "nope.json"))
    assert out.returncode != 0 and "cannot read" in out.stderr


def test_score_names_every_problem_of_a_broken_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"elder": ["AS"], "younger": []}')
    proc = run("score", str(bad))
    assert proc.returncode == 1
    err = proc.stderr
    assert "4 problems" in err and "'talon'" in err and "Younger's hand has 0 cards" in err


@pytest.mark.parametrize(("lang", "error", "rules"), [
    ("vi", "lỗi: ", "Luật: "), ("tr", "hata: ", "Kurallar: "), ("en", "error: ", "Rules: ")])
def test_the_command_line_speaks_the_text_layers_languages(
        tmp_path: Path, lang: str, error: str, rules: str) -> None:
    """Its sentences are the text layer's (words/cli.py): ``--lang`` chooses the language of
    the sheet, the errors and the help; the numbers are the same in every language."""
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    out = run("--lang", lang, "score", str(bad))
    assert out.returncode == 2 and out.stderr.startswith(error), out.stderr
    sheet = run(f"--lang={lang}", "score", str(DATA / "cavendish-deal.json"))
    assert sheet.returncode == 0, sheet.stderr
    assert sheet.stdout.splitlines()[2].startswith(rules), sheet.stdout
    assert any(line.split()[-2:] == ["28", "23"] for line in sheet.stdout.splitlines())

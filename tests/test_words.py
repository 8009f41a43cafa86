"""Words for users, not for us: no page, no content file and no rules document speaks of "the
seed texts", "this project's specification", machine translations, or points outside the
repository (``../shared``, ``RULES.md``); the presets are named as readers know them; counted
words agree with their numbers ("1 deal", never "1 deals").

Every page is rendered with AppTest and every string it sends to the browser (labels, help,
captions, Markdown, alerts, options, table cells) is read from the element protos."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest import open_page
from google.protobuf.json_format import MessageToDict
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("seed text", "specification", "machine translat", "../shared", "RULES.md")
COUNT_NOUNS = ("card", "deal", "trick", "point", "question", "value", "lead", "sequence",
               "set", "quatorze", "trio", "tierce", "player", "step", "problem", "error")
LESSONS = [re.search(r"^slug:\s*(\S+)", p.read_text(encoding="utf-8"), re.M)
           for p in sorted((ROOT / "content" / "en" / "lessons").glob("*.md"))]
SLUGS = [m.group(1) for m in LESSONS if m]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def page_strings(at: AppTest) -> list[str]:
    """Every string of every element on the page (main, sidebar), tables' cells included."""
    out: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.extend(_strings(MessageToDict(proto)))
        if type(node).__name__ == "Table":
            out.append(node.value.to_string())
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return out


def problems_in(text: str, where: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    found = [f"{where}: {phrase!r}" for phrase in FORBIDDEN if phrase.lower() in flat.lower()]
    for noun in COUNT_NOUNS:
        for m in re.finditer(rf"(?<![\d.,/−-])\b1 {noun}s\b", flat):
            found.append(f"{where}: {flat[max(0, m.start() - 30):m.end() + 10]!r}")
    return found


PAGES: list[tuple[str, dict[str, str]]] = [
    ("home", {}),
    *[("lessons", {"lesson": slug}) for slug in SLUGS],
    ("lab", {}),
    ("quiz", {"seed": "7", "level": "mix"}),
    ("quiz", {"seed": "11", "level": "expert", "rules": "cavendish"}),
    ("play", {}),
    ("scoresheet", {"a": "40,30,20,0,10,20", "b": "10,20,30,9,10,10"}),
    ("scoresheet", {"a": "40,30,20,0,10", "b": "10,20,30,9,10"}),
    ("scoresheet", {"a": "40", "b": "10,x"}),
    ("about", {}),
]


# not "page": pytest-playwright takes a test with a "page" argument for a browser test
@pytest.mark.parametrize(("which", "params"), PAGES,
                         ids=[f"{p}-{'-'.join(q.values()) or 'plain'}" for p, q in PAGES])
def test_no_page_speaks_to_us(which: str, params: dict[str, str]) -> None:
    at = open_page(which, **params)
    assert not at.exception
    text = "\n".join(page_strings(at))
    assert text.strip()
    assert problems_in(text, which) == []


def test_content_and_rules_documents() -> None:
    files = [*sorted((ROOT / "content").rglob("*.md")), *sorted((ROOT / "content").rglob("*.json")),
             ROOT / "docs" / "rules.md"]
    assert len(files) > 10
    found: list[str] = []
    for path in files:
        found += problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_presets_named_for_readers() -> None:
    at = open_page("about")
    sel = at.segmented_control(key="rules")
    assert list(sel.options) == ["Britannica article", "Cavendish (1882)"]
    text = "\n".join(page_strings(at))
    for source in ("David Parlett", "Laws of Piquet", "1882"):
        assert source in text


def test_the_checker_sees_what_it_looks_for() -> None:
    """The scan itself: a forbidden phrase and a wrong plural are found."""
    assert problems_in("as the seed\n texts say", "x")
    assert problems_in("after 1 deals", "x")
    assert not problems_in("after 1 deal, 21 deals, 0.1 points, 2/1 cards", "x")

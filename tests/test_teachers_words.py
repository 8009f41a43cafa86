"""No programmer's word on a learner's or teacher's page, in any language: no "engine", no
"seed" (the quiz's round has a code, "Mã đề", "Tur kodu"; the URL's ``seed=`` stays). The
command-line tools (words/cli.py) speak to programmers and are left out."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_ENGLISH = re.compile(r"\b(?:engines?|seeds?|seeded)\b", re.I)
# A programmer's word in each language's translations ("tohum" is Turkish for a seed).
_TRANSLATED = {"vi": re.compile(r"\b(?:engine|seed)\b", re.I),
               "tr": re.compile(r"\b(?:motor\w*|tohum\w*|engine|seed)\b", re.I)}
_PROGRAMMERS = ("words/cli.py", "piquet_cli/")
_LEFT: frozenset[str] = frozenset()  # every page's words are a learner's and a teacher's


def _messages(lang: str | None = None) -> list[tuple[str, str]]:
    """(msgid, text) for each user-facing message: its English forms, or with ``lang`` its
    translations."""
    path = (ROOT / "locales" / "messages.pot" if lang is None
            else ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po")
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        if not m.id or all(loc.startswith(_PROGRAMMERS) for loc, _n in m.locations):
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strings = (m.string,) if isinstance(m.string, str) else tuple(m.string or ())
        out += [(ids[0], s) for s in (ids if lang is None else strings) if s]
    return out


def test_no_programmers_word_in_the_english() -> None:
    found = sorted({key for key, s in _messages()
                    if _ENGLISH.search(_PLACEHOLDER.sub(" ", s)) and key not in _LEFT})
    assert found == []


def test_no_programmers_word_in_a_translation() -> None:
    found = []
    for lang, pattern in _TRANSLATED.items():
        found += [(lang, key, s) for key, s in _messages(lang)
                  if key not in _LEFT and pattern.search(_PLACEHOLDER.sub(" ", s))]
    assert found == []


def test_the_teachers_round_code() -> None:
    source = (ROOT / "ui" / "classroom" / "teacher.py").read_text(encoding="utf-8")
    assert '_("Round code")' in source and '_("Seed")' not in source

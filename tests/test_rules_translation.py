"""The translations of the rules in full (content/<lang>/rules.md) keep in step with the English
(docs/rules.md): the same headings at the same levels, and in each section the same numbered
rules, bullets and table rows, the same numbers (1,792 and 1.792 alike) and the same card codes.
A rule added, dropped or changed in the English and not in a translation fails here."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from ui.content import CONTENT
from ui.prose import RULES_IN_FULL, rules_in_full
from words import use_language

TRANSLATIONS = sorted(p.parent.name for p in CONTENT.glob("*/rules.md") if p.parent.name != "en")
_HEADING = re.compile(r"^(#+)\s")
_NUMBERED = re.compile(r"^\d+\.\s")
# A number, its digits grouped by a comma (English) or a dot (Vietnamese, Turkish).
_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:[.,]\d{3})+(?![\d])|(?<![\w])\d+")
_CODE = re.compile(r"`([^`]*)`")


@dataclass(frozen=True)
class Section:
    level: int
    numbered: int
    bullets: int
    table_rows: int
    numbers: frozenset[int]
    codes: tuple[str, ...]


def structure(markdown: str) -> list[Section]:
    """Each heading's section (the text before the first heading counts as the title's)."""
    chunks: list[tuple[int, list[str]]] = []
    for line in markdown.splitlines():
        m = _HEADING.match(line)
        if m:
            chunks.append((len(m.group(1)), [line]))
        elif chunks:
            chunks[-1][1].append(line)
    out = []
    for level, lines in chunks:
        body = "\n".join(lines)
        out.append(Section(
            level=level,
            numbered=sum(1 for ln in lines if _NUMBERED.match(ln)),
            bullets=sum(1 for ln in lines if ln.startswith("- ")),
            table_rows=sum(1 for ln in lines if ln.startswith("|")),
            numbers=frozenset(int(re.sub(r"[.,]", "", n)) for n in _NUMBER.findall(body)),
            codes=tuple(_CODE.findall(body)),
        ))
    return out


def test_the_structure_reads_numbers_in_every_locale_form() -> None:
    assert structure("# T\n1,792 and 10H")[0].numbers == {1792, 10}
    assert structure("# T\n1.792 ve 10H")[0].numbers == {1792, 10}
    assert structure("# T\n1. carte blanche, 2. point")[0].numbers == {1, 2}


def test_there_are_translations() -> None:
    assert {"vi", "tr"} <= set(TRANSLATIONS)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_keeps_the_english_structure(lang: str) -> None:
    english = structure(RULES_IN_FULL.read_text(encoding="utf-8"))
    translated = structure((CONTENT / lang / "rules.md").read_text(encoding="utf-8"))
    assert [s.level for s in translated] == [s.level for s in english]
    for n, (en, tr) in enumerate(zip(english, translated, strict=True)):
        assert tr == en, (lang, n, en, tr)


def test_a_changed_rule_is_caught() -> None:
    english = RULES_IN_FULL.read_text(encoding="utf-8")
    for changed in (english.replace("worth **10**", "worth **20**"),
                    english.replace("- A player may look at **his own**", "A player may look"),
                    english.replace("## Terms", "### Terms")):
        assert structure(changed) != structure(english)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_reader_gets_the_rules_in_his_language(lang: str) -> None:
    with use_language(lang):
        assert rules_in_full() == (CONTENT / lang / "rules.md").read_text(encoding="utf-8")
    with use_language("en"):
        assert rules_in_full() == RULES_IN_FULL.read_text(encoding="utf-8")



"""The content under ``content/<lang>/`` in the reader's language, English when that language
has no such file yet: lessons and the pages' prose are translated per file, not through the
message catalogs.

:mod:`ui.content` reads a given language's files; this module picks the language.

>>> from words import use_language
>>> with use_language("qps"):  # the pseudo-locale has no content of its own
...     content_language("home.md")
'en'
>>> lesson_list()[0].slug
'deal'
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ui.content import CONTENT, Lesson, lessons, scenario_texts, text
from words import DEFAULT, language

__all__ = ["RULES_IN_FULL", "content_language", "lesson_list", "prose", "rules_in_full",
           "scenario_words"]

# The English rules in full, the reference the translations (content/<lang>/rules.md) follow.
RULES_IN_FULL: Final = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def content_language(name: str) -> str:
    """The current language if ``content/<lang>/<name>`` (a file or a folder) exists, else
    English."""
    lang = language()
    return lang if lang != DEFAULT and (CONTENT / lang / name).exists() else DEFAULT


def prose(name: str) -> str:
    """A prose file, e.g. ``prose("home.md")``, in the reader's language (else English)."""
    return text(name, content_language(name))


def lesson_list() -> tuple[Lesson, ...]:
    """All lessons in order, in the reader's language (else English)."""
    return lessons(content_language("lessons"))


def rules_in_full() -> str:
    """The rules in full in the reader's language: ``content/<lang>/rules.md``, else the
    English ``docs/rules.md``."""
    lang = content_language("rules.md")
    return RULES_IN_FULL.read_text(encoding="utf-8") if lang == DEFAULT else text("rules.md", lang)


def scenario_words(name: str) -> dict[str, object]:
    """A library scenario's title, lesson, summary and captions in the reader's language
    (``content/<lang>/scenarios/<name>.json``), or nothing where it has none (its own
    English file then speaks)."""
    lang = content_language(f"scenarios/{name}.json")
    return {} if lang == DEFAULT else scenario_texts(name, lang)

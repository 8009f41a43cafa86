"""The Glossary page, for learners: every term of ``content/<lang>/glossary.json`` (the
reader's language, English when it has none) with its meaning and an example, and a search box.
The renderings a translation must not use are in the file too, for the tests and the
translators (docs/translating.md, written by scripts/glossary_doc.py), not on the page. The
format: docs/glossary-format.md.

>>> g = load_glossary("en")
>>> g.language, g.terms[0].id, g.term("deal").english
('en', 'card', ('deal', 'deals'))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

import streamlit as st

from ui.content import CONTENT
from ui.prose import content_language
from ui.text import md_escape
from words import _, use_language
from words.cards import lower_text

__all__ = ["FILE", "Glossary", "GlossaryError", "Term", "Wrong", "load_glossary", "matching",
           "show"]

FILE: Final = "glossary.json"


class GlossaryError(ValueError):
    """A glossary file that does not follow docs/glossary-format.md (the message says how)."""


@dataclass(frozen=True)
class Wrong:
    text: str
    means: str
    allow: tuple[str, ...] = ()  # longer phrases holding the text that are right
    # The message contexts (pgettext's) where the text is wrong; empty: wrong everywhere. Vi
    # "được" is an everyday word but not the reply "Good"; tr "değer" is pips, not a score.
    contexts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    id: str
    english: tuple[str, ...]
    term: str
    accept: tuple[str, ...]
    meaning: str
    why: str
    kept: bool
    ignore: tuple[str, ...]
    wrong: tuple[Wrong, ...]
    example: str = ""  # a sentence using the term, for the learner
    # The message contexts where the term is checked (the English word is this concept only
    # there: the reply "Good", the score row "Play"); empty: every message naming it.
    contexts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Glossary:
    language: str
    title: str
    intro: str
    terms: tuple[Term, ...]

    def term(self, term_id: str) -> Term:
        for t in self.terms:
            if t.id == term_id:
                return t
        raise KeyError(term_id)


def _text(item: dict[str, Any], name: str, where: str, *, required: bool = True) -> str:
    value = item.get(name, "" if not required else None)
    if not isinstance(value, str) or (required and not value.strip()):
        raise GlossaryError(f"{where}: “{name}” must be a non-empty text")
    return value.strip()


def _texts(item: dict[str, Any], name: str, where: str, default: tuple[str, ...] = ()
           ) -> tuple[str, ...]:
    value = item.get(name, list(default))
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GlossaryError(f"{where}: “{name}” must be a list of texts")
    return tuple(v.strip() for v in value)


def parse_glossary(data: object, where: str = "glossary") -> Glossary:
    """A glossary from its JSON data; :class:`GlossaryError` naming the first problem."""
    if not isinstance(data, dict):
        raise GlossaryError(f"{where}: the file must hold one JSON object")
    raw_terms = data.get("terms")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise GlossaryError(f"{where}: “terms” must be a non-empty list")
    terms: list[Term] = []
    seen: set[str] = set()
    for i, item in enumerate(raw_terms):
        at = f"{where}, term {i + 1}"
        if not isinstance(item, dict):
            raise GlossaryError(f"{at}: a term must be a JSON object")
        term_id = _text(item, "id", at)
        if term_id in seen:
            raise GlossaryError(f"{at}: the id “{term_id}” is used twice")
        seen.add(term_id)
        at = f"{where}, term “{term_id}”"
        term = _text(item, "term", at)
        wrong_raw = item.get("wrong", [])
        if not isinstance(wrong_raw, list) or not all(
                isinstance(w, dict) or (isinstance(w, str) and w.strip()) for w in wrong_raw):
            raise GlossaryError(f"{at}: “wrong” must be a list of texts or of {{text, means}} "
                                "objects")
        wrong = tuple(Wrong(w.strip(), "") if isinstance(w, str)
                      else Wrong(_text(w, "text", at), _text(w, "means", at, required=False),
                                 _texts(w, "allow", at), _texts(w, "contexts", at))
                      for w in wrong_raw)
        english = _texts(item, "english", at)
        if not english:
            raise GlossaryError(f"{at}: “english” must name the English words")
        terms.append(Term(
            id=term_id, english=english, term=term,
            accept=_texts(item, "accept", at, (term,)) or (term,),
            meaning=_text(item, "meaning", at), why=_text(item, "why", at, required=False),
            kept=bool(item.get("kept", False)), ignore=_texts(item, "ignore", at),
            wrong=wrong, example=_text(item, "example", at, required=False),
            contexts=_texts(item, "contexts", at)))
    return Glossary(language=_text(data, "language", where), title=_text(data, "title", where),
                    intro=_text(data, "intro", where), terms=tuple(terms))


def glossary_path(lang: str) -> Path:
    return CONTENT / lang / FILE


@lru_cache(maxsize=8)
def _load(path: Path, mtime: float) -> Glossary:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise GlossaryError(f"{path.parent.name}/{path.name}: not readable JSON "
                            f"({type(error).__name__})") from None
    return parse_glossary(data, f"{path.parent.name}/{path.name}")


def load_glossary(lang: str) -> Glossary:
    """The glossary of ``lang`` (``content/<lang>/glossary.json``), read once per change."""
    path = glossary_path(lang)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        raise GlossaryError(f"{lang}/{FILE}: no such file") from None
    return _load(path, mtime)


def matching(glossary: Glossary, query: str, english: Glossary | None = None
             ) -> tuple[Term, ...]:
    """The terms a learner's search finds: every word of ``query`` in the term, its English
    name, its meaning or its example (case and accents as the language writes them: Turkish
    "İ" is "i"). An empty query finds every term.

    >>> g = load_glossary("en")
    >>> [t.id for t in matching(g, "quatorze")]
    ['set', 'quatorze', 'repique']
    >>> len(matching(g, "  ")) == len(g.terms)
    True
    """
    words = lower_text(query).split()
    if not words:
        return glossary.terms
    by_id = {t.id: t for t in english.terms} if english is not None else {}
    found = []
    for t in glossary.terms:
        other = by_id.get(t.id)
        text = lower_text(" ".join((t.term, *t.english, t.meaning, t.example,
                                    other.term if other is not None else "")))
        if all(w in text for w in words):
            found.append(t)
    return tuple(found)


def _show_term(t: Term, english: Term | None, lang: str) -> None:
    with st.container(border=True, key=f"glossary_{t.id}"):
        st.subheader(md_escape(t.term), anchor=t.id)
        if english is not None and lang != "en" and english.term != t.term:
            st.caption(_("English: {term}", term=md_escape(english.term)))
        st.markdown(md_escape(t.meaning))
        if t.example:
            # TRANSLATORS: a sentence using the term, e.g. "Example: A partie is six deals."
            st.markdown(_("*Example:* {example}", example=md_escape(t.example)))


def show() -> None:
    """The page: the glossary of the reader's language (English when it has none), for
    learners: each term, its meaning and an example, found by a search box. (The renderings
    a translation must not use are for translators: docs/translating.md.)"""
    lang = content_language(FILE)
    try:
        glossary = load_glossary(lang)
        english = load_glossary("en") if lang != "en" else glossary
    except GlossaryError as error:
        st.error(_("The glossary cannot be shown: {problem}", problem=md_escape(str(error))))
        return
    st.title(md_escape(glossary.title))
    st.markdown(md_escape(glossary.intro))
    query = st.text_input(_("Find a term"), key="glossary_search",
                          placeholder=_("for example: trick, capot"))
    with use_language(lang):
        found = matching(glossary, query, english)
    if not found:
        st.info(_("No term matches “{query}”.", query=md_escape(query.strip())))
        return
    by_id = {t.id: t for t in english.terms}
    for t in found:
        _show_term(t, by_id.get(t.id), lang)

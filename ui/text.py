"""Showing text that is not ours (user input, messages quoting it) inert in Markdown, and
headings made of our own."""

from __future__ import annotations

import re
from typing import Final

_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|:~$&\"'=@^%])")


def md_escape(text: str) -> str:
    """Backslash-escape Markdown punctuation, so that the text shows literally (no links,
    no ``:red[...]``, no HTML, no LaTeX), on one line.

    >>> md_escape("[x](javascript:1)")
    '\\\\[x\\\\]\\\\(javascript\\\\:1\\\\)'
    >>> md_escape("a*b\\nc")
    'a\\\\*b c'
    """
    return _MD_SPECIAL.sub(r"\\\1", text.replace("\r", " ").replace("\n", " "))


_LINKISH: Final = re.compile(r"([.:@/])")
_JOINER: Final = "\u2060"  # WORD JOINER: draws nothing, breaks no line


def md_quote(raw: object, limit: int | None = None) -> str:
    """Text that is not ours (a link's value, a name typed by someone), inside one of our
    sentences: cut to ``limit`` characters, Markdown-inert (:func:`md_escape`), and never a
    link — Streamlit's Markdown turns ``www.x.example``, ``https://…`` and ``a@b.example``
    into links after the escapes are read, and ``:smile:`` into an emoji, so an invisible
    word joiner goes before every ``.``, ``:``, ``@`` and ``/``.

    >>> md_quote("www.evil.example").count("\u2060"), md_quote("**Ann**").count("\\*")
    (2, 4)
    >>> md_quote("abcdef", limit=3)
    'abc…'
    """
    text = str(raw)
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return md_escape(_LINKISH.sub(_JOINER + r"\1", text))


def md_heading(level: int, text: str) -> str:
    """A heading as Markdown, to open a Markdown block (one element where ``st.header``
    and the block would be two): the text escaped, a blank line after.

    >>> md_heading(2, "Totals")
    '## Totals\\n\\n'
    >>> md_heading(3, "A *b*")
    '### A \\\\*b\\\\*\\n\\n'
    """
    return f"{'#' * level} {md_escape(text)}\n\n"

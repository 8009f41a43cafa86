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


def md_heading(level: int, text: str) -> str:
    """A heading as Markdown, to open a Markdown block (one element where ``st.header``
    and the block would be two): the text escaped, a blank line after.

    >>> md_heading(2, "Totals")
    '## Totals\\n\\n'
    >>> md_heading(3, "A *b*")
    '### A \\\\*b\\\\*\\n\\n'
    """
    return f"{'#' * level} {md_escape(text)}\n\n"

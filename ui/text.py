"""Showing text that is not ours (user input, messages quoting it) inert in Markdown."""

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

"""``raises_said(Error, pattern)``: like ``pytest.raises(Error, match=pattern)``, but the pattern is
looked for in the words a page would show (``words.errors.error_text`` in English). The
engine's own ``str()`` is its facts (the code and the values), not a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from words import use_language
from words.errors import error_text


@contextmanager
def raises_said(kind: type[BaseException] | tuple[type[BaseException], ...],
         pattern: str) -> Iterator[pytest.ExceptionInfo[BaseException]]:
    with pytest.raises(kind) as info:
        yield info
    with use_language("en"):
        words = error_text(info.value)
    assert re.search(pattern, words), f"{pattern!r} not in {words!r} ({info.value!s})"

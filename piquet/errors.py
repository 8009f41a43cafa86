"""The one base of every error the engine raises.

Each error carries a ``code`` (what went wrong, to compare) and the offending ``values``;
it holds no sentence. Its ``str()`` is built from those facts when asked for (the code,
then the values as Python writes them), for developers' logs and tracebacks; people read
an error through the text layer (``words.errors.error_text``), in their language. A
subclass names its family's default code.

>>> from piquet.cards import parse_card
>>> try:
...     parse_card("QQ")
... except PiquetError as e:
...     e.code, e.values, str(e), isinstance(e, ValueError)
('card', ('QQ',), "card: 'QQ'", True)
"""

from __future__ import annotations

import reprlib
from typing import ClassVar

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40


def shown(value: object) -> str:
    """A value as an error's ``str()`` writes it: its ``repr``, long ones shortened; never
    raises (a value whose ``repr`` fails is named by its type).

    >>> shown("QQ"), shown(list(range(20)))
    ("'QQ'", '[0, 1, 2, 3, 4, 5, ...]')
    """
    try:
        return _REPR.repr(value)
    except Exception:  # a str() must never raise
        return f"<{type(value).__name__}>"


def facts_text(code: object, values: tuple[object, ...] = (), where: str = "") -> str:
    """``code``, then ``where`` (a place in the input, such as a JSON Pointer) and the
    values: ``card: 'QQ'``, ``not_a_card /elder/3: 'QX'``, ``partie_over``.

    >>> facts_text("card_twice", ("Elder", "AS")), facts_text("not_a_card", ("QX",), "/elder/3")
    ("card_twice: 'Elder', 'AS'", "not_a_card /elder/3: 'QX'")
    """
    head = str(code) if not where else f"{code} {where}"
    if not values:
        return head
    return f"{head}: {', '.join(shown(v) for v in values)}"


class PiquetError(ValueError):
    """An input the rules do not allow; ``code`` says which problem, ``values`` quote it.

    The error is built from facts alone: ``PiquetError(code=..., values=(...))``.
    """

    default_code: ClassVar[str] = "invalid"

    def __init__(self, *, code: str | None = None,
                 values: tuple[object, ...] = ()) -> None:
        super().__init__()
        self.code: str = code or self.default_code
        self.values: tuple[object, ...] = values

    def __str__(self) -> str:
        try:
            return facts_text(self.code, self.values)
        except Exception:  # a str() must never raise
            return type(self).default_code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class PlayerError(PiquetError):
    """A player name or computer level that does not exist (``unknown_player``,
    ``unknown_level``; ``values``: what was given, then the strongest level)."""

    default_code = "unknown_player"

"""The one base of every error the engine raises.

Each error carries a ``code`` (what went wrong, to compare: never the message) and the
offending ``values``; its ``str()`` stays an English sentence for developers and the command
line. A subclass names its family's default code.

>>> from piquet.cards import parse_card
>>> try:
...     parse_card("QQ")
... except PiquetError as e:
...     e.code, isinstance(e, ValueError)
('card', True)
"""

from __future__ import annotations

from typing import ClassVar


class PiquetError(ValueError):
    """An input the rules do not allow; ``code`` says which problem, ``values`` quote it."""

    default_code: ClassVar[str] = "invalid"

    def __init__(self, message: str = "", *, code: str | None = None,
                 values: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.values: tuple[object, ...] = values

class PlayerError(PiquetError):
    """A player name or computer level that does not exist (``unknown_player``,
    ``unknown_level``; ``values``: what was given, then the strongest level)."""

    default_code = "unknown_player"

"""The play in words: each trick, how it was won and what it scored."""

from __future__ import annotations

from piquet.play import Trick

__all__ = ["trick_text"]


def trick_text(t: Trick) -> str:
    """The trick in a sentence: the lead, the second card, who wins and what it scores."""
    return t.explain()

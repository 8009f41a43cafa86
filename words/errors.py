"""Errors in words: a sentence of the text layer for each engine error's code, naming the
offending value."""

from __future__ import annotations

__all__ = ["error_text"]


def error_text(e: Exception) -> str:
    """What went wrong, in the current language (plain text: escape it for Markdown)."""
    return str(e)

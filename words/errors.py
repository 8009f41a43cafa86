"""Errors in words, the text layer's front door for every error the engine raises:
:func:`error_text` says any of them in the current language — a deal record's problems
through :mod:`words.record`, every other error through :mod:`words.engine_errors` — and the
sentence parts pages build on are re-exported from there.

>>> from piquet import get_rules
>>> try:
...     get_rules("hoyle")
... except ValueError as e:
...     error_text(e)
"'hoyle' is not a rules preset (choose britannica or cavendish)"
"""

from __future__ import annotations

from piquet.record import RecordError
from words.engine_errors import (
    CardHint,
    card_hint,
    declared_count_text,
    engine_error_text,
    kind_text,
    named_twice_text,
    not_a_card_text,
    part_name,
    quoted,
    revoke_text,
    role_of,
    shown_value,
    unknown_category_text,
    who_text,
)
from words.record import record_error_text

__all__ = [
    "CardHint",
    "card_hint",
    "declared_count_text",
    "engine_error_text",
    "error_text",
    "kind_text",
    "named_twice_text",
    "not_a_card_text",
    "part_name",
    "quoted",
    "revoke_text",
    "role_of",
    "shown_value",
    "unknown_category_text",
    "who_text",
]


def error_text(e: BaseException) -> str:
    """What went wrong, in the current language (plain text: escape it for Markdown)."""
    if isinstance(e, RecordError):
        return record_error_text(e)
    return engine_error_text(e)

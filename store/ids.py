"""Learner ids: anonymous random secrets, and the hashed keys the database rows carry.

The id is a secret (it is the learner's only credential): it is kept in the learner's
browser and never stored, logged or shown to others. The rows are keyed by
:func:`learner_key`, a SHA-256 of the id, so the database alone cannot resume anyone.

>>> lid = new_learner_id()
>>> len(lid) >= 32 and parse_learner_id(lid) == lid
True
>>> key = learner_key(lid)
>>> len(key), key == learner_key(lid), key == learner_key(new_learner_id())
(64, True, False)
>>> matches(lid, key), matches(lid + "x", key)
(True, False)
>>> parse_learner_id("not an id!"), parse_learner_id(None), parse_learner_id("a" * 10)
(None, None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Final, NewType

__all__ = [
    "ID_BYTES",
    "LearnerKey",
    "learner_key",
    "matches",
    "new_learner_id",
    "parse_learner_id",
    "same_id",
]

LearnerKey = NewType("LearnerKey", str)

#: 24 random bytes = 192 bits, 32 URL-safe characters.
ID_BYTES: Final = 24
_MIN_LEN: Final = 22  # 16 bytes (128 bits) in URL-safe base64: the least an id may carry
_MAX_LEN: Final = 128
_ID_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]+")
# Domain separation: a key of this app never equals a bare SHA-256 of the id elsewhere.
_PREFIX: Final = b"piquet-academy/learner/v1:"


def new_learner_id() -> str:
    """A fresh learner id: :data:`ID_BYTES` bytes from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(ID_BYTES)


def parse_learner_id(raw: object) -> str | None:
    """``raw`` if it has the shape of a learner id (URL-safe, 22–128 characters), else None.

    A well-shaped forged id is accepted here and simply finds no rows (a fresh start).
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not _MIN_LEN <= len(text) <= _MAX_LEN or _ID_SHAPE.fullmatch(text) is None:
        return None
    return text


def learner_key(learner_id: str) -> LearnerKey:
    """The key of a learner's rows: hex SHA-256 of the (domain-prefixed) id."""
    digest = hashlib.sha256(_PREFIX + learner_id.encode("utf-8")).hexdigest()
    return LearnerKey(digest)


def matches(learner_id: str, key: str) -> bool:
    """Whether ``key`` is this id's key, compared in constant time."""
    return hmac.compare_digest(learner_key(learner_id), key)


def same_id(a: str, b: str) -> bool:
    """Whether two ids are the same, compared in constant time."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))

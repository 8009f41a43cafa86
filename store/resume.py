"""One-time resume links, and the progress a browser set aside to follow one.

A resume link moves a learner's progress to another device. It used to carry the learner's
secret id itself, which then stayed in the other browser's history for good, reached the
server in a ``Referer``, and let anyone who sent it to someone else fix that person's session
on their own id. Now the link carries a **token** of its own:

- the database keeps the token's hash and the learner id **sealed** with a pad drawn from the
  token (HMAC-SHA-256 of the token; the token is random and used once): the database alone
  cannot tell the id, nor resume anyone;
- the first open **spends** it (the row is deleted in the same transaction that reads it)
  and it is short-lived (:data:`LINK_LIFETIME`);
- the browser that follows it asks first, and keeps its own progress **set aside**: the
  previous id sealed under the new one, so that only a browser that holds the new id can
  bring the old one back.

Old links carried the id itself (:func:`store.ids.parse_learner_id` reads them); a link of the
old form still opens once (:meth:`ResumeLinks.spend_old_link`), and is then spent too.

>>> from store import make_engine, migrate, new_learner_id
>>> from store.clock import FakeClock
>>> engine = make_engine("sqlite://"); _ = migrate(engine)
>>> links = ResumeLinks(engine, clock=FakeClock())
>>> me = new_learner_id()
>>> token = links.make(me)
>>> links.spend(token) == me, links.spend(token)
(True, None)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Connection, Engine, delete, insert, select

from store import schema as t
from store.clock import Clock, utc_now
from store.engine import WRITE, prepare_engine
from store.ids import learner_key, parse_learner_id

__all__ = ["LINK_LIFETIME", "TOKEN_BYTES", "ResumeLinks", "SetAside", "parse_token"]

TOKEN_BYTES: Final = 30  # 240 bits; 40 characters, never the shape of a learner id (32)
LINK_LIFETIME: Final = timedelta(hours=1)
SET_ASIDE_KEPT: Final = timedelta(days=365)
_TOKEN_LEN: Final = len(secrets.token_urlsafe(TOKEN_BYTES))
_TOKEN_HASH: Final = b"piquet-academy/resume-token/v1:"
_PAD: Final = b"piquet-academy/resume-pad/v1"
_ASIDE_PAD: Final = b"piquet-academy/set-aside-pad/v1:"
_OLD_LINK: Final = b"piquet-academy/old-resume-link/v1:"


def parse_token(raw: object) -> str | None:
    """``raw`` if it has the shape of a resume link's token, else None.

    >>> parse_token("x" * 40), parse_token("x" * 32), parse_token(None)
    ('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', None, None)
    """
    if not isinstance(raw, str) or len(raw) != _TOKEN_LEN:
        return None
    if any(ch not in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
           for ch in raw):
        return None
    return raw


def _digest(prefix: bytes, text: str) -> str:
    return hashlib.sha256(prefix + text.encode("ascii")).hexdigest()


def _pad(secret: str, salt: bytes, size: int) -> bytes:
    out = b""
    counter = 0
    while len(out) < size:
        out += hmac.new(secret.encode("ascii"), salt + bytes([counter]), hashlib.sha256).digest()
        counter += 1
    return out[:size]


def _seal(value: str, secret: str, salt: bytes) -> str:
    raw = value.encode("ascii")
    return bytes(a ^ b for a, b in zip(raw, _pad(secret, salt, len(raw)), strict=True)).hex()


def _unseal(sealed: str, secret: str, salt: bytes) -> str | None:
    try:
        raw = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(raw, _pad(secret, salt, len(raw)),
                                           strict=True)).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None


@dataclass(frozen=True, slots=True)
class SetAside:
    """Progress a browser set aside to follow a resume link: its row's id and when."""

    aside_id: int
    at: datetime


class ResumeLinks:
    """The one-time resume links and the set-aside progress in the database of ``engine``."""

    def __init__(self, engine: Engine, *, clock: Clock = utc_now) -> None:
        self.engine = prepare_engine(engine)
        self.clock = clock

    def _write(self) -> Connection:
        return self.engine.connect().execution_options(**{WRITE: True})

    def make(self, learner_id: str) -> str:
        """A new one-time link's token for the learner ``learner_id`` (its secret id)."""
        if parse_learner_id(learner_id) is None:
            raise ValueError("not a learner id")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        now = self.clock()
        with self._write() as conn, conn.begin():
            conn.execute(delete(t.resume_links).where(t.resume_links.c.expires_at <= now))
            conn.execute(insert(t.resume_links).values(
                token=_digest(_TOKEN_HASH, token), sealed=_seal(learner_id, token, _PAD),
                expires_at=now + LINK_LIFETIME))
        return token

    def spend(self, token: object) -> str | None:
        """The learner id of the link ``token``, the link spent; None when the token is not
        one, was spent, or its time is up."""
        parsed = parse_token(token)
        if parsed is None:
            return None
        digest = _digest(_TOKEN_HASH, parsed)
        with self._write() as conn, conn.begin():
            row = conn.execute(select(t.resume_links).where(
                t.resume_links.c.token == digest).with_for_update()).first()
            if row is None:
                return None
            conn.execute(delete(t.resume_links).where(t.resume_links.c.token == digest))
        if row.expires_at <= self.clock() or not hmac.compare_digest(row.token, digest):
            return None
        return parse_learner_id(_unseal(row.sealed, parsed, _PAD))

    def spend_old_link(self, learner_id: str) -> bool:
        """A link of the old form (the learner id itself): True the first time it is opened
        (it is then spent: a mark of it is kept, a hash), False after."""
        mark = _digest(_OLD_LINK, learner_id)
        with self._write() as conn, conn.begin():
            if conn.execute(select(t.spent_links.c.mark).where(
                    t.spent_links.c.mark == mark)).first() is not None:
                return False
            conn.execute(insert(t.spent_links).values(mark=mark, spent_at=self.clock()))
        return True

    def set_aside(self, current_id: str, previous_id: str) -> None:
        """Keep ``previous_id`` (the progress this browser had) under ``current_id`` (the one
        it follows now): sealed with a pad drawn from the current id, under its key."""
        salt = secrets.token_bytes(16)
        with self._write() as conn, conn.begin():
            conn.execute(insert(t.set_aside).values(
                learner=learner_key(current_id), salt=salt.hex(),
                sealed=_seal(previous_id, current_id, _ASIDE_PAD + salt), at=self.clock()))

    def set_asides(self, current_id: str) -> tuple[SetAside, ...]:
        """What this browser set aside to follow a resume link, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.set_aside.c.id, t.set_aside.c.at).where(
                t.set_aside.c.learner == learner_key(current_id))
                .order_by(t.set_aside.c.at.desc(), t.set_aside.c.id.desc())).all()
        return tuple(SetAside(int(r.id), r.at) for r in rows)

    def bring_back(self, current_id: str, aside_id: int) -> str | None:
        """The id set aside as ``aside_id`` under ``current_id`` (the row deleted), or None."""
        with self._write() as conn, conn.begin():
            row = conn.execute(select(t.set_aside).where(
                t.set_aside.c.id == aside_id,
                t.set_aside.c.learner == learner_key(current_id))).first()
            if row is None:
                return None
            conn.execute(delete(t.set_aside).where(t.set_aside.c.id == aside_id))
        return parse_learner_id(_unseal(row.sealed, current_id,
                                        _ASIDE_PAD + bytes.fromhex(row.salt)))

    def purge(self, now: datetime | None = None) -> None:
        """The links whose time is up, and what was set aside a year ago."""
        now = self.clock() if now is None else now
        with self._write() as conn, conn.begin():
            conn.execute(delete(t.resume_links).where(t.resume_links.c.expires_at <= now))
            conn.execute(delete(t.set_aside).where(t.set_aside.c.at <= now - SET_ASIDE_KEPT))

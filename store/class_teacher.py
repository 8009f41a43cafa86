"""The teacher's side of :class:`store.classes.ClassStore` (its base class, a module of its
own to keep each file readable): the one-time teacher's links and the browsers that run a
class ("My classes"), and the controls a teacher has besides close and delete — reopen,
lock joining, remove a pupil."""

from __future__ import annotations

import re
import secrets
from contextlib import AbstractContextManager
from typing import Any, Final

from sqlalchemy import Connection, Engine, Row, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from store import schema as t
from store.class_values import (
    SEAL,
    TEACHER_KEY_BYTES,
    ClassInfo,
    ClassRefused,
    ClassWork,
    OwnedClass,
    Refusal,
    TeacherAccess,
    parse_teacher_key,
    teacher_hash,
)
from store.clock import Clock

__all__ = ["TeacherSide", "check_learner", "row_info"]

_TRIES: Final = 5
_LEARNER_SHAPE: Final = re.compile(r"[0-9a-f]{64}")


def check_learner(learner: str) -> None:
    """A learner key (:func:`store.ids.learner_key`), or ValueError."""
    if not isinstance(learner, str) or _LEARNER_SHAPE.fullmatch(learner) is None:
        raise ValueError("learner must be a learner key (store.ids.learner_key)")


def row_info(row: Row[Any]) -> ClassInfo:
    """A ``classes`` row as a :class:`ClassInfo`."""
    return ClassInfo(
        class_id=row.id, code=row.code, name=row.name, work=ClassWork.from_json(row.work),
        language=row.language, created_at=row.created_at, expires_at=row.expires_at,
        closed_at=row.closed_at, max_pupils=int(row.max_pupils), locked_at=row.locked_at,
    )


class TeacherSide:
    """What :class:`store.classes.ClassStore` does for a teacher beyond a class's day: who
    runs it, and the controls. The store gives the attributes and helpers declared here."""

    engine: Engine
    clock: Clock

    def _write(self) -> AbstractContextManager[Connection]:
        raise NotImplementedError  # pragma: no cover - the store's

    def teacher(self, key: object, *, client: str, network: str | None = None
                ) -> TeacherAccess:
        raise NotImplementedError  # pragma: no cover - the store's

    @staticmethod
    def _class_id(access: TeacherAccess) -> str:
        raise NotImplementedError  # pragma: no cover - the store's

    def _info_in(self, conn: Connection, class_id: str) -> ClassInfo:
        raise NotImplementedError  # pragma: no cover - the store's

    def claim(self, key: object, *, owner: str, client: str, network: str | None = None
              ) -> TeacherAccess:
        """Open a one-time teacher link: the browser ``owner`` (a learner key) runs the class
        from now on, and the link is spent — its key opens nothing any more (a copy in a
        browser's history, a Back, a Referer). Refused as :meth:`teacher` refuses; two opens
        of one link at once: one wins, the other is UNKNOWN_KEY."""
        check_learner(owner)
        access = self.teacher(key, client=client, network=network)
        parsed = parse_teacher_key(key)
        assert parsed is not None  # teacher() refused any other
        spent = teacher_hash(secrets.token_urlsafe(TEACHER_KEY_BYTES))  # a key no one holds
        with self._write() as conn:
            done = conn.execute(update(t.classes).where(
                t.classes.c.id == access.class_id, t.classes.c.teacher == teacher_hash(parsed)
            ).values(teacher=spent))
            if done.rowcount != 1:
                raise ClassRefused(Refusal.UNKNOWN_KEY)
            self._own(conn, access.class_id, owner)
        return access

    def _own(self, conn: Connection, class_id: str, owner: str) -> None:
        there = conn.execute(select(t.class_owners.c.owner).where(
            t.class_owners.c.class_id == class_id, t.class_owners.c.owner == owner)).first()
        if there is None:
            conn.execute(insert(t.class_owners).values(class_id=class_id, owner=owner,
                                                       added_at=self.clock()))

    def owner_access(self, class_id: object, owner: str) -> TeacherAccess:
        """The access of a browser that runs the class (it started it, or opened one of its
        teacher links): GONE when the class is over or not this browser's."""
        check_learner(owner)
        o, c = t.class_owners, t.classes
        with self.engine.connect() as conn:
            row = conn.execute(select(c.c.id, c.c.expires_at).join(o, o.c.class_id == c.c.id)
                               .where(c.c.id == str(class_id), o.c.owner == owner)).first()
        if row is None or row.expires_at <= self.clock():
            raise ClassRefused(Refusal.GONE)
        return TeacherAccess(row.id, SEAL)

    def owned(self, owner: str) -> tuple[OwnedClass, ...]:
        """The classes the browser ``owner`` runs ("My classes"), newest first, with how
        many pupils joined each; the ones whose time is up are left out."""
        check_learner(owner)
        o, c, p = t.class_owners, t.classes, t.class_pupils
        pupils = (select(func.count()).select_from(p).where(p.c.class_id == c.c.id)
                  .scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(c, pupils.label("pupils"))
                                .join(o, o.c.class_id == c.c.id)
                                .where(o.c.owner == owner, c.c.expires_at > self.clock())
                                .order_by(c.c.created_at.desc(), c.c.id)).all()
        return tuple(OwnedClass(row_info(row), int(row.pupils)) for row in rows)

    def new_teacher_link(self, access: TeacherAccess) -> str:
        """A new one-time teacher link's key for the class (to open it on another device);
        the class's earlier unopened link opens nothing any more."""
        class_id = self._class_id(access)
        for attempt in range(_TRIES):
            key = secrets.token_urlsafe(TEACHER_KEY_BYTES)
            try:
                with self._write() as conn:
                    done = conn.execute(update(t.classes).where(t.classes.c.id == class_id)
                                        .values(teacher=teacher_hash(key)))
                    if done.rowcount != 1:
                        raise ClassRefused(Refusal.GONE)
            except IntegrityError:  # pragma: no cover - 192 random bits drawn twice
                if attempt == _TRIES - 1:
                    raise
                continue
            return key
        raise AssertionError("unreachable")  # pragma: no cover

    def reopen(self, access: TeacherAccess) -> None:
        """A closed class takes joins and answers again."""
        self._set(access, closed_at=None)

    def lock(self, access: TeacherAccess, locked: bool = True) -> None:
        """Lock joining (the pupils in go on answering; no one new joins), or unlock it."""
        self._set(access, locked_at=self.clock() if locked else None)

    def _set(self, access: TeacherAccess, **values: object) -> None:
        class_id = self._class_id(access)
        with self._write() as conn:
            self._info_in(conn, class_id)  # GONE if there is no such class
            conn.execute(update(t.classes).where(t.classes.c.id == class_id).values(**values))

    def remove_pupil(self, access: TeacherAccess, number: int) -> None:
        """Remove the pupil ``number`` from the class, with their answers (a prankster, a
        name given twice); GONE when there is no such pupil. They may join again, unless
        joining is locked."""
        class_id = self._class_id(access)
        p, a = t.class_pupils, t.class_answers
        with self._write() as conn:
            self._info_in(conn, class_id)
            conn.execute(select(t.classes.c.id).where(t.classes.c.id == class_id)
                         .with_for_update()).all()
            pupil = conn.execute(select(p.c.id).where(p.c.class_id == class_id,
                                                      p.c.number == int(number))).first()
            if pupil is None:
                raise ClassRefused(Refusal.GONE)
            for table in (a, t.class_live_answers, t.class_live_seen):
                conn.execute(delete(table).where(table.c.pupil_id == pupil.id))
            conn.execute(delete(p).where(p.c.id == pupil.id))


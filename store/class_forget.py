"""What "forget me" deletes of a learner in classes (:class:`store.writes.Forget`), in the
progress store's transaction: a module of its own so that the progress store and the class
store each import it, not each other."""

from __future__ import annotations

from typing import Final

from sqlalchemy import Connection, delete, select

from store import schema as t
from store.class_values import client_subject, learner_client

__all__ = ["CLIENT_SCOPE", "forget_learner"]

CLIENT_SCOPE: Final = "client"
"""The scope of the wrong tries counted under one browser (``class_attempts.scope``)."""


def forget_learner(conn: Connection, key: str) -> None:
    """Delete the learner's rows in classes, in the caller's transaction ("forget me",
    :class:`store.writes.Forget`): their pupils in every class, those pupils' answers, the
    classes they run from their "My classes" (the classes stay, for their other browsers and
    teacher links), and the wrong tries counted under their browser (:func:`learner_client`).

    The classes the learner is in are locked first, in the order of their ids, as every
    class write does (a join, an answer, a teacher's Delete): an answer being stored for one
    of these pupils waits for this, then finds its pupil gone, and a Delete of one of these
    classes waits, never a deadlock. (SQLite's writers are serialised anyway.)"""
    p, c, a = t.class_pupils, t.classes, t.class_answers
    conn.execute(
        select(c.c.id).join(p, p.c.class_id == c.c.id).where(p.c.learner == key)
        .order_by(c.c.id).with_for_update(of=c)
    ).all()
    mine = select(p.c.id).where(p.c.learner == key)
    for table in (a, t.class_live_answers, t.class_live_seen):
        conn.execute(delete(table).where(table.c.pupil_id.in_(mine)))
    conn.execute(delete(p).where(p.c.learner == key))
    conn.execute(delete(t.class_owners).where(t.class_owners.c.owner == key))
    conn.execute(delete(t.class_attempts).where(
        t.class_attempts.c.scope == CLIENT_SCOPE,
        t.class_attempts.c.subject == client_subject(learner_client(key)),
    ))

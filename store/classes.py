"""Classes a teacher runs: join codes, pupils, their answers, the teacher's dashboard.

Pure Python (no Streamlit) on the same database as the learners' progress (migration step 5).
A class has a short **join code** (6 characters of :data:`CODE_ALPHABET`, given to the
pupils) and a **teacher key** (:data:`TEACHER_KEY_BYTES` random bytes, shown once): the
database holds only a hash of the key, :meth:`ClassStore.teacher` looks it up by that hash
and compares in constant time. Wrong codes and keys are counted in the database
(``class_attempts``, per client and per code), so that new tabs and several replicas share
the count: after a few, each further wrong try waits longer (a backoff). A correct code or
key is looked up first and never refused by the limit.

A pupil is a learner (the hashed learner key of :mod:`store.ids`) with a display name and a
number; a pupil answers each question once (a unique constraint in the database). A learner's
"forget me" (:class:`store.writes.Forget`, :func:`forget_learner`) deletes their pupils in
every class with their answers: the dashboard no longer lists them, and their open tab's next
answer is refused as GONE with ``{"pupil": True}`` (the class is still there; they may join
it again).

>>> from store.class_values import ClassWork, QuizWork
>>> from store.clock import FakeClock
>>> from store.engine import make_engine
>>> from store.ids import learner_key, new_learner_id
>>> from store.migrate import migrate
>>> engine = make_engine("sqlite://")
>>> _ = migrate(engine)
>>> classes = ClassStore(engine, clock=FakeClock())
>>> work = ClassWork(QuizWork(level="beginner", rules="classic", length=10, seed="s1"), ())
>>> new = classes.create("Year 9", work)
>>> len(new.code), len(new.teacher_key) * 6 >= 128
(6, True)
>>> me = learner_key(new_learner_id())
>>> ann = classes.join(new.code.lower(), "  Ann ", learner=me, client="tab-1")
>>> ann.number, ann.name
(1, 'Ann')
>>> classes.join(new.code, "someone else", learner=me, client="tab-2").pupil_id == ann.pupil_id
True
>>> classes.record_answer(ann, position=0, kind="point", outcome="right", given={}, learner=me)
>>> access = classes.teacher(new.teacher_key, client="tab-9")
>>> board = classes.dashboard(access)
>>> [(p.number, p.name, p.right) for p in board.pupils], board.cell(1, 0)
([(1, 'Ann', 1)], 'right')
>>> try:
...     classes.record_answer(ann, position=0, kind="point", outcome="wrong", given={},
...                           learner=me)
... except ClassRefused as refused:
...     print(refused.refusal)
already-answered
"""

from __future__ import annotations

import hmac
import math
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Final

from sqlalchemy import Connection, Engine, Row, case, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from store import schema as t
from store.class_forget import CLIENT_SCOPE as _CLIENT_SCOPE, forget_learner
from store.class_teacher import TeacherSide, check_learner as _check_learner, row_info as _info
from store.class_values import (
    CLASS_NAME_MAX,
    DEFAULT_KEEP_DAYS,
    DEFAULT_MAX_PUPILS,
    PROCESS_KEY,
    SEAL,
    TEACHER_KEY_BYTES,
    AnswerRow,
    ClassInfo,
    ClassRefused,
    ClassWork,
    Dashboard,
    NewClass,
    Pupil,
    PupilRow,
    Refusal,
    TeacherAccess,
    clean_name,
    clean_text,
    client_subject,
    folded_key,
    keyed_subject,
    name_key,
    network_of,
    new_code,
    normalise_code,
    parse_teacher_key,
    teacher_hash,
)
from store.clock import Clock, utc_now
from store.engine import WRITE, prepare_engine
from store.writes import OUTCOMES

__all__ = ["ClassStore", "forget_learner"]  # its values and refusals: store.class_values

_ATTEMPTS_KEPT: Final = timedelta(days=1)
_TRIES: Final = 5  # a write retried on a unique-constraint race (a code drawn twice, a join)
_CODE_SCOPE: Final = "code"
_NETWORK_SCOPE: Final = "network"
_JOIN_SCOPE: Final = "join"

FREE_WRONG: Final = 10
"""Wrong tries a browser (and a wrong code) makes within :data:`WRONG_WINDOW_S` before the
backoff starts: a pupil's typos, a teacher's old links."""

FREE_WRONG_NETWORK: Final = 20
"""Wrong tries one address makes within :data:`WRONG_WINDOW_S` before the backoff starts.
Higher than a browser's: a school's pupils share one address, and a class of 60 typing the
code makes a few typos (a correct code is never counted nor refused)."""

WRONG_WINDOW_S: Final = 3600
"""How long a wrong try counts (an hour): long enough that a steady guesser stays in the
backoff, never refilling his free tries between two waits."""

BACKOFF_FIRST_S: Final = 2
"""The first wait of the backoff; each further wrong try doubles it: 2, 4, 8, 16 s..."""

BACKOFF_MAX_S: Final = 300
"""The longest wait between two wrong tries of one browser or one code (5 minutes)."""

BACKOFF_MAX_NETWORK_S: Final = 60
"""The longest wait between two wrong tries of one address: a guesser behind it gets about
one wrong answer a minute once he is there; the pupils beside him still join (their correct
code is never refused), and one who mistypes waits at most a minute to be told so."""

JOIN_BURST: Final = 30
"""New pupils one address may bring into one class within :data:`JOIN_BURST` ×
:data:`JOIN_EVERY_S` seconds (4.5 s)."""

JOIN_EVERY_S: Final = 0.15
"""The pace new pupils from one address are let into one class at, on average: about 7 a
second, 30 at once. A class of 60 arriving over 10 s through one school address (6 a
second) never waits; 60 pressing Join at the same moment are all in within 5 s (30 at
once, the other 30 when the first 4.5 s are over; the page waits its turn, unseen). A
script adding invented pupils as fast as it can (18 a second in the review) gets no faster
than that pace. A pupil who joined before resumes without counting."""


def _pupil(row: Row[Any]) -> Pupil:
    return Pupil(
        pupil_id=int(row.id), class_id=row.class_id, number=int(row.number), name=row.name,
        joined_at=row.joined_at, state=row.state,
    )


# --------------------------------------------------------------------------- the store


class ClassStore(TeacherSide):
    """The classes in the database behind ``engine`` (migrated by the caller).

    The rate limit (docs/security.md) never refuses a correct code or teacher key, nor a
    pupil who joined: a code is looked up first, and only a wrong one is counted and slowed.
    Each browser (``client``), each address (``network=``, the address the request came
    from) and each wrong code gets ``max_tries`` wrong tries (``max_network_tries`` for an
    address: a school's pupils share one) within ``window_s`` seconds; after them each
    further wrong try waits :data:`BACKOFF_FIRST_S`, doubled at every one, up to ``pause_s``
    (``network_pause_s`` for an address) — answered PAUSED until then. An IPv6 address
    counts by its /64; an unknown address (None) is one network that every unknown request
    shares, never an exemption (:func:`store.class_values.network_of`).

    New pupils from one address into one class: at most ``join_burst`` within
    ``join_burst * join_every_s`` seconds (BUSY until then, with the seconds to wait).

    ``key`` is the server's secret the networks and codes are hashed with (an HMAC): the same
    in every replica, or their counts differ; by default this process's own.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        clock: Clock = utc_now,
        max_tries: int = FREE_WRONG,
        window_s: int = WRONG_WINDOW_S,
        pause_s: int = BACKOFF_MAX_S,
        max_network_tries: int = FREE_WRONG_NETWORK,
        network_pause_s: int = BACKOFF_MAX_NETWORK_S,
        join_burst: int = JOIN_BURST,
        join_every_s: float = JOIN_EVERY_S,
        key: bytes = PROCESS_KEY,
    ) -> None:
        if max_tries < 1 or max_network_tries < 1 or window_s < 1 or join_burst < 1:
            raise ValueError("max_tries, window_s and join_burst must be positive")
        if pause_s < 0 or network_pause_s < 0 or join_every_s < 0:
            raise ValueError("the pauses must not be negative")
        self.engine = prepare_engine(engine)
        self.clock = clock
        self.max_tries = max_tries
        self.max_network_tries = max_network_tries
        self.window = timedelta(seconds=window_s)
        self.pause = timedelta(seconds=pause_s)
        self.network_pause = timedelta(seconds=network_pause_s)
        self.join_burst = join_burst
        self.join_every = timedelta(seconds=join_every_s)
        if not isinstance(key, bytes) or len(key) < 16:
            raise ValueError("key must be at least 16 bytes")
        self._key = key

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
            yield conn

    # ------------------------------------------------------------------ rate limit

    def _backoff(self, conn: Connection, scope: str, subject: str) -> float:
        """Seconds ``subject``'s next wrong try must still wait (0: none): its free tries in
        the window, then :data:`BACKOFF_FIRST_S` doubled at each further one, capped."""
        now = self.clock()
        network = scope == _NETWORK_SCOPE
        free = self.max_network_tries if network else self.max_tries
        cap = (self.network_pause if network else self.pause).total_seconds()
        at = t.class_attempts.c.at
        recent = list(conn.execute(
            select(at).where(
                t.class_attempts.c.scope == scope, t.class_attempts.c.subject == subject,
                at > now - self.window,
            ).order_by(at.desc()).limit(free + 16)  # 2 s doubled 16 times: past any cap
        ).scalars())
        if len(recent) < free:
            return 0.0
        gap = min(cap, BACKOFF_FIRST_S * 2.0 ** (len(recent) - free))
        return max(0.0, float((recent[0] - now).total_seconds()) + gap)

    def _wrong(self, refusal: Refusal, values: dict[str, Any], *subjects: tuple[str, str]
               ) -> ClassRefused:
        """A wrong code or key (known wrong: it was looked up): PAUSED while any of
        ``subjects`` waits in its backoff (and not counted), else ``refusal``, counted for
        each of them."""
        with self.engine.connect() as conn:  # most of a guesser's tries stop here, read-only
            wait = max(self._backoff(conn, scope, subject) for scope, subject in subjects)
        if wait <= 0:
            # Checked again and counted in one write transaction, serialised per subject
            # (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock), so that two tries
            # arriving together cannot both pass one free slot of the backoff.
            with self._write() as conn:
                if conn.dialect.name == "postgresql":
                    for _scope, subject in sorted(subjects):
                        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:s))"),
                                     {"s": subject})
                wait = max(self._backoff(conn, scope, subject) for scope, subject in subjects)
                if wait <= 0:
                    conn.execute(insert(t.class_attempts), [
                        {"scope": scope, "subject": subject, "at": self.clock()}
                        for scope, subject in subjects])
        if wait > 0:
            return ClassRefused(Refusal.PAUSED, retry_after=math.ceil(wait))
        return ClassRefused(refusal, values)

    def _who(self, client: str, network: str | None) -> tuple[tuple[str, str], ...]:
        """The subjects a wrong try from ``client`` (at ``network``, None: unknown) counts
        for."""
        return ((_CLIENT_SCOPE, client_subject(client)), self._network(network))

    def _network(self, network: str | None) -> tuple[str, str]:
        return (_NETWORK_SCOPE, keyed_subject(self._key, _NETWORK_SCOPE, network_of(network)))

    def _joins(self, class_id: str, network: str | None) -> tuple[str, str]:
        """The subject new pupils from ``network`` into the class are counted under: the
        class's part first (:meth:`_class_joins`, so that the class's rows go with it),
        then the network's, each half an HMAC."""
        net = keyed_subject(self._key, _JOIN_SCOPE, network_of(network))
        return (_JOIN_SCOPE, self._class_joins(class_id) + net[:32])

    def _class_joins(self, class_id: str) -> str:
        return keyed_subject(self._key, _JOIN_SCOPE, f"class {class_id}")[:32]

    def _join_wait(self, conn: Connection, subject: str) -> float:
        """Seconds until ``subject`` (:meth:`_joins`) may bring one more pupil (0: now): at
        most :attr:`join_burst` joins within ``join_burst * join_every``."""
        span = self.join_every * self.join_burst
        now = self.clock()
        at = t.class_attempts.c.at
        recent = list(conn.execute(
            select(at).where(t.class_attempts.c.scope == _JOIN_SCOPE,
                             t.class_attempts.c.subject == subject, at > now - span)
            .order_by(at.desc()).limit(self.join_burst)
        ).scalars())
        if len(recent) < self.join_burst:
            return 0.0
        return max(0.0, float((recent[-1] + span - now).total_seconds()))

    # ------------------------------------------------------------------ classes

    def create(
        self,
        name: str,
        work: ClassWork,
        *,
        language: str = "en",
        max_pupils: int = DEFAULT_MAX_PUPILS,
        keep_days: int = DEFAULT_KEEP_DAYS,
        owner: str | None = None,
    ) -> NewClass:
        """A new class (a fresh join code and a one-time teacher link's key), kept
        ``keep_days`` days; ``owner`` (a learner key: the browser that starts it) runs it
        from then on (:meth:`owned`, :meth:`owner_access`)."""
        if owner is not None:
            _check_learner(owner)
        clean = clean_text(name, CLASS_NAME_MAX)
        if not isinstance(work, ClassWork):
            raise TypeError("work must be a ClassWork")
        if not isinstance(language, str) or not 0 < len(language) <= 16:
            raise ValueError("language must be 1-16 characters")
        if max_pupils < 1 or keep_days < 1:
            raise ValueError("max_pupils and keep_days must be positive")
        now = self.clock()
        for attempt in range(_TRIES):
            class_id, code = secrets.token_hex(16), new_code()
            key = secrets.token_urlsafe(TEACHER_KEY_BYTES)
            try:
                with self._write() as conn:
                    conn.execute(insert(t.classes).values(
                        id=class_id, code=code, teacher=teacher_hash(key), name=clean,
                        work=work.to_json(), language=language, created_at=now,
                        expires_at=now + timedelta(days=keep_days), closed_at=None,
                        max_pupils=max_pupils,
                    ))
                    if owner is not None:
                        self._own(conn, class_id, owner)
            except IntegrityError:  # a code drawn twice: draw again
                if attempt == _TRIES - 1:
                    raise
                continue
            return NewClass(class_id, code, key)
        raise AssertionError("unreachable")  # pragma: no cover

    def find(self, code: object, *, client: str, network: str | None = None) -> ClassInfo:
        """The class of a join code typed by a pupil (``client``: any text naming where it
        comes from, hashed before it is stored). A code is looked up first: a class's code is
        never refused by the rate limit. A wrong one (BAD_CODE, UNKNOWN_CODE) counts for the
        client, the network and that code, and is answered PAUSED while one of them waits in
        its backoff."""
        who = self._who(client, network)
        normal = normalise_code(code)
        if normal is None:
            raise self._wrong(Refusal.BAD_CODE, {}, *who)
        with self.engine.connect() as conn:
            row = conn.execute(select(t.classes).where(t.classes.c.code == normal)).first()
        if row is None:
            typed = (_CODE_SCOPE, keyed_subject(self._key, _CODE_SCOPE, normal))
            raise self._wrong(Refusal.UNKNOWN_CODE, {"code": normal}, *who, typed)
        if row.expires_at <= self.clock():
            raise ClassRefused(Refusal.GONE, {"code": normal})
        return _info(row)

    def join(self, code: object, name: object, *, learner: str, client: str,
             network: str | None = None) -> Pupil:
        """Join the class of ``code`` as ``name``, or resume: a learner who already joined this
        class gets their pupil back (the name given is then ignored), before any limit is asked.
        Refusals: BAD_CODE, UNKNOWN_CODE, PAUSED (wrong tries, :meth:`find`), BUSY (too many
        new pupils from this network into this class just now: ``retry_after``, and
        ``values["seconds"]`` exactly), GONE,
        CLOSED, FULL, NAME_EMPTY, NAME_TOO_LONG, NAME_TAKEN."""
        _check_learner(learner)
        normal = normalise_code(code)
        if normal is not None:
            found = self._resume(normal, learner)
            if found is not None:
                return found
        info = self.find(code, client=client, network=network)
        if info.closed:
            raise ClassRefused(Refusal.CLOSED, {"code": info.code})
        if info.locked:
            raise ClassRefused(Refusal.LOCKED, {"code": info.code})
        clean = clean_name(name)
        joins = self._joins(info.class_id, network)[1]
        with self.engine.connect() as conn:
            wait = self._join_wait(conn, joins)
        if wait > 0:
            raise ClassRefused(Refusal.BUSY, {"seconds": wait}, retry_after=math.ceil(wait))
        for attempt in range(_TRIES):
            try:
                pupil, refusal = self._join_once(info.class_id, clean, learner, joins)
            except IntegrityError:  # a join raced this one: look again
                if attempt == _TRIES - 1:
                    raise
                continue
            if pupil is not None:
                return pupil
            assert refusal is not None
            if refusal is Refusal.NAME_TAKEN:  # counted for the browser alone: a name
                # is no secret guess, and pupils of one school share their address
                raise self._wrong(refusal, {"name": clean}, (_CLIENT_SCOPE,
                                                             client_subject(client)))
            values = {"limit": info.max_pupils} if refusal is Refusal.FULL else {}
            raise ClassRefused(refusal, values)
        raise AssertionError("unreachable")  # pragma: no cover

    def _resume(self, code: str, learner: str) -> Pupil | None:
        p, c = t.class_pupils, t.classes
        with self.engine.connect() as conn:
            row = conn.execute(
                select(p, c.c.expires_at).join(c, c.c.id == p.c.class_id)
                .where(c.c.code == code, p.c.learner == learner)
            ).first()
        if row is None:
            return None
        if row.expires_at <= self.clock():
            raise ClassRefused(Refusal.GONE, {"code": code})
        return _pupil(row)

    def _join_once(
        self, class_id: str, name: str, learner: str, joins: str
    ) -> tuple[Pupil | None, Refusal | None]:
        p = t.class_pupils
        key = name_key(name)
        keys = sorted({key, folded_key(name)})  # a class made before look-alikes were one
        now = self.clock()
        with self._write() as conn:
            row = conn.execute(
                select(t.classes).where(t.classes.c.id == class_id).with_for_update()
            ).first()
            if row is None or row.expires_at <= now:
                return None, Refusal.GONE
            if row.closed_at is not None:
                return None, Refusal.CLOSED
            if row.locked_at is not None:
                return None, Refusal.LOCKED
            mine = conn.execute(
                select(p).where(p.c.class_id == class_id, p.c.learner == learner)
            ).first()
            if mine is not None:
                return _pupil(mine), None
            count, top, taken = conn.execute(
                select(
                    func.count(), func.coalesce(func.max(p.c.number), 0),
                    func.coalesce(func.sum(case((p.c.name_key.in_(keys), 1), else_=0)), 0),
                ).where(p.c.class_id == class_id)
            ).one()
            if count >= row.max_pupils:
                return None, Refusal.FULL
            if taken:
                return None, Refusal.NAME_TAKEN
            done = conn.execute(
                insert(p).values(
                    class_id=class_id, learner=learner, number=int(top) + 1, name=name,
                    name_key=key, joined_at=now, state=None,
                )
            )
            pupil_id = int(done.inserted_primary_key[0])  # type: ignore[index]
            conn.execute(insert(t.class_attempts).values(scope=_JOIN_SCOPE, subject=joins,
                                                         at=now))
        return Pupil(int(pupil_id), class_id, int(top) + 1, name, now, None), None

    def pupil(self, class_id: str, *, learner: str) -> Pupil | None:
        """The pupil ``learner`` is in this class, or None (also when the class expired)."""
        p, c = t.class_pupils, t.classes
        with self.engine.connect() as conn:
            row = conn.execute(
                select(p).join(c, c.c.id == p.c.class_id)
                .where(p.c.class_id == class_id, p.c.learner == learner,
                       c.c.expires_at > self.clock())
            ).first()
        return None if row is None else _pupil(row)

    def save_state(self, pupil: Pupil, state: dict[str, Any]) -> None:
        """Keep the pupil's round (a JSON document) for a resume; GONE if the pupil is (with
        ``{"pupil": True}`` while the class is still there: see :meth:`_gone`)."""
        with self._write() as conn:
            done = conn.execute(
                update(t.class_pupils).where(t.class_pupils.c.id == pupil.pupil_id,
                                             t.class_pupils.c.class_id == pupil.class_id)
                .values(state=state)
            )
            if done.rowcount != 1:
                raise self._gone(conn, pupil.class_id)

    def _gone(self, conn: Connection, class_id: str) -> ClassRefused:
        """GONE for a pupil not found: with ``{"pupil": True}`` when the class is still
        there (the pupil is not: their learner chose "forget me", or the key is another's),
        plain when the class itself was deleted or its time is up."""
        expires = conn.execute(
            select(t.classes.c.expires_at).where(t.classes.c.id == class_id)
        ).scalar_one_or_none()
        if expires is not None and expires > self.clock():
            return ClassRefused(Refusal.GONE, {"pupil": True})
        return ClassRefused(Refusal.GONE)

    def record_answer(
        self,
        pupil: Pupil,
        *,
        position: int,
        kind: str,
        outcome: str,
        given: dict[str, Any],
        learner: str,
        state: dict[str, Any] | None = None,
    ) -> None:
        """Store the pupil's answer at ``position`` (and ``state``, in the same transaction).

        ``learner`` must be the pupil's own key (else GONE: nothing tells another pupil that
        the pupil exists); CLOSED once the class is closed; ALREADY_ANSWERED when the pupil
        answered this question before (the database's unique constraint says so; the first
        answer stays); GONE when the class or the pupil no longer exists (``{"pupil": True}``
        when the class is there but not this pupil: "forget me", or another's key)."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}")
        if not isinstance(kind, str) or not 0 < len(kind) <= 40:
            raise ValueError("kind must be 1-40 characters")
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise ValueError("position is a 0-based number")
        p, a = t.class_pupils, t.class_answers
        now = self.clock()
        try:
            with self._write() as conn:
                self._answering(conn, pupil, learner, now)
                conn.execute(insert(a).values(
                    class_id=pupil.class_id, pupil_id=pupil.pupil_id, position=position,
                    kind=kind, outcome=outcome, given=given, answered_at=now,
                ))
                if state is not None:
                    conn.execute(update(p).where(p.c.id == pupil.pupil_id).values(state=state))
        except IntegrityError:  # answered already, or the pupil went meanwhile
            raise self._not_stored(pupil, a.c.position, position) from None

    def _answering(self, conn: Connection, pupil: Pupil, learner: str, now: Any) -> None:
        """In an answer's transaction: the class's row read-locked, and the answer refused
        unless ``learner`` is the pupil's own key (GONE) and the class is open (CLOSED)."""
        p, c = t.class_pupils, t.classes
        row = conn.execute(
            select(p.c.learner, c.c.closed_at, c.c.expires_at)
            .join(c, c.c.id == p.c.class_id)
            .where(p.c.id == pupil.pupil_id, p.c.class_id == pupil.class_id)
            .with_for_update(read=True, of=c)
        ).first()
        if row is None or not hmac.compare_digest(
            str(row.learner).encode(), str(learner).encode()
        ):
            raise self._gone(conn, pupil.class_id)
        if row.expires_at <= now:
            raise ClassRefused(Refusal.GONE)
        if row.closed_at is not None:
            raise ClassRefused(Refusal.CLOSED)

    def _not_stored(self, pupil: Pupil, column: Any, value: int) -> ClassRefused:
        """Why an answer's insert broke a constraint: ALREADY_ANSWERED when the pupil's
        answer at ``column`` == ``value`` is there (another tab's), else GONE."""
        with self.engine.connect() as conn:
            there = conn.execute(select(column).where(
                column.table.c.pupil_id == pupil.pupil_id, column == value)).first()
            if there is None:
                return self._gone(conn, pupil.class_id)
        return ClassRefused(Refusal.ALREADY_ANSWERED, {"position": value})

    # ------------------------------------------------------------------ the teacher

    def teacher(self, key: object, *, client: str, network: str | None = None
                ) -> TeacherAccess:
        """The teacher's access to the class of ``key``: BAD_KEY (not the shape of a key),
        UNKNOWN_KEY (counted), PAUSED (a wrong key while the client or its network waits in
        its backoff), GONE. A class's key is looked up first: never refused by the limit."""
        parsed = parse_teacher_key(key)
        if parsed is None:
            raise ClassRefused(Refusal.BAD_KEY)
        digest = teacher_hash(parsed)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(t.classes.c.id, t.classes.c.teacher, t.classes.c.expires_at)
                .where(t.classes.c.teacher == digest)
            ).first()
        if row is None or not hmac.compare_digest(str(row.teacher), digest):
            raise self._wrong(Refusal.UNKNOWN_KEY, {}, *self._who(client, network))
        if row.expires_at <= self.clock():
            raise ClassRefused(Refusal.GONE)
        return TeacherAccess(row.id, SEAL)

    @staticmethod
    def _class_id(access: TeacherAccess) -> str:
        if not isinstance(access, TeacherAccess) or access._seal is not SEAL:
            raise ClassRefused(Refusal.UNKNOWN_KEY)
        return access.class_id

    def _info_in(self, conn: Connection, class_id: str) -> ClassInfo:
        row = conn.execute(select(t.classes).where(t.classes.c.id == class_id)).first()
        if row is None or row.expires_at <= self.clock():
            raise ClassRefused(Refusal.GONE)
        return _info(row)

    def info(self, access: TeacherAccess) -> ClassInfo:
        class_id = self._class_id(access)
        with self.engine.connect() as conn:
            return self._info_in(conn, class_id)

    def dashboard(self, access: TeacherAccess) -> Dashboard:
        """The class, its pupils (in number order) with their counts, and every answer (by
        pupil number, then position): three queries, whatever the size of the class."""
        class_id = self._class_id(access)
        p, a = t.class_pupils, t.class_answers

        def count(outcome: str) -> Any:
            return func.coalesce(func.sum(case((a.c.outcome == outcome, 1), else_=0)), 0)

        reader = self.engine.connect()
        if reader.dialect.name == "postgresql":  # the three reads see one snapshot
            reader = reader.execution_options(isolation_level="REPEATABLE READ")
        with reader as conn, conn.begin():
            info = self._info_in(conn, class_id)
            pupils = conn.execute(
                select(p.c.number, p.c.name, p.c.joined_at, func.count(a.c.id),
                       count("right"), count("wrong"), count("skipped"))
                .select_from(p.outerjoin(a, a.c.pupil_id == p.c.id))
                .where(p.c.class_id == class_id)
                .group_by(p.c.id, p.c.number, p.c.name, p.c.joined_at)
                .order_by(p.c.number)
            ).all()
            answers = conn.execute(
                select(p.c.number, a.c.position, a.c.kind, a.c.outcome, a.c.answered_at)
                .join(p, p.c.id == a.c.pupil_id)
                .where(a.c.class_id == class_id)
                .order_by(p.c.number, a.c.position)
            ).all()
        return Dashboard(
            info,
            tuple(PupilRow(int(n), name, at, int(k), int(r), int(w), int(s))
                  for n, name, at, k, r, w, s in pupils),
            tuple(AnswerRow(int(n), int(pos), kind, outcome, at)
                  for n, pos, kind, outcome, at in answers),
        )

    def close(self, access: TeacherAccess) -> None:
        """No more joins nor answers (what was answered stays)."""
        class_id = self._class_id(access)
        with self._write() as conn:
            done = conn.execute(
                update(t.classes)
                .where(t.classes.c.id == class_id, t.classes.c.closed_at.is_(None))
                .values(closed_at=self.clock())
            )
            if done.rowcount == 0:
                self._info_in(conn, class_id)  # GONE if there is no such class

    def delete(self, access: TeacherAccess) -> None:
        """Delete the class with its pupils and their answers, at once."""
        class_id = self._class_id(access)
        with self._write() as conn:
            self._delete(conn, [class_id])

    def _delete(self, conn: Connection, ids: list[str]) -> None:
        """Delete the classes ``ids`` with their rows (their joins' counts too); their rows
        are locked first, in the order of their ids, as "forget me" locks them
        (:class:`store.writes.Forget`)."""
        ids = sorted(ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            conn.execute(select(t.classes.c.id).where(t.classes.c.id.in_(chunk))
                         .order_by(t.classes.c.id).with_for_update()).all()
            for table in t.CLASS_TABLES:
                column = table.c.id if table is t.classes else table.c.class_id
                conn.execute(delete(table).where(column.in_(chunk)))
            for class_id in chunk:
                conn.execute(delete(t.class_attempts).where(
                    t.class_attempts.c.scope == _JOIN_SCOPE,
                    t.class_attempts.c.subject.startswith(self._class_joins(class_id),
                                                          autoescape=True)))

    def purge(self) -> int:
        """Delete the classes whose time is up (with all their rows) and the wrong tries older
        than a day; returns how many classes went."""
        now = self.clock()
        with self._write() as conn:
            ids = list(conn.execute(
                select(t.classes.c.id).where(t.classes.c.expires_at <= now)
            ).scalars())
            self._delete(conn, ids)
            conn.execute(delete(t.class_attempts).where(
                t.class_attempts.c.at < now - _ATTEMPTS_KEPT
            ))
        return len(ids)

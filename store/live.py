"""A class's live round in the database (migration step 14): the teacher steps it through
its screens, a big screen shows it, the pupils answer — and every page learns where it
stands by reading it here (sessions never talk to each other).

The round's row holds its screen (:class:`academy.live.Phase`), the question, the server's
start and deadline of the question and the hash of the big screen's display-only token. Only
the teacher's access (:class:`store.class_values.TeacherAccess`: a browser that runs the
class) drives it; the big screen's token (:meth:`LiveStore.screen`) reads it and nothing else.

A pupil answers the question on screen once (the unique constraint of
``class_live_answers``); an answer is refused NOT_ASKED for a question not open yet (or
another one), TOO_LATE once the answers are locked (the deadline passed, the teacher moved
on, or every present pupil answered), ALREADY_ANSWERED the second time (two tabs), GONE for a
key that is not the pupil's. A right answer scores :func:`academy.live.score` of the seconds
from the server's start of the question; a wrong one 0; no answer is unanswered.

>>> from store.class_values import ClassWork, QuizWork
>>> from store.classes import ClassStore
>>> from store.clock import FakeClock
>>> from store.engine import make_engine
>>> from store.ids import learner_key, new_learner_id
>>> from store.migrate import migrate
>>> engine = make_engine("sqlite://")
>>> _ = migrate(engine)
>>> clock = FakeClock()
>>> classes = ClassStore(engine, clock=clock)
>>> new = classes.create("Year 9", ClassWork(QuizWork("beginner", "classic", 5, "s"), ()))
>>> access = classes.teacher(new.teacher_key, client="t")
>>> live = LiveStore(classes)
>>> token = live.start(access, seconds=20, nicknames=False, scores=True)
>>> me = learner_key(new_learner_id())
>>> ann = classes.join(new.code, "Ann", learner=me, client="a")
>>> live.step(access, "next", total=5).phase.value
'question'
>>> clock.advance(seconds=5)
>>> live.answer(ann, learner=me, question=0, outcome="right", given={"n": 1})
875
>>> live.round_for(live.screen(token)).phase.value  # Ann was the only one seen: locked
'locked'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final, Literal

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from academy.live import (
    SEEN_WINDOW_S,
    LiveState,
    Phase,
    all_answered,
    check_seconds,
    score,
    step_back,
    step_next,
    step_reveal,
)
from store import schema as t
from store.class_values import SEAL, ClassInfo, ClassRefused, Pupil, Refusal, TeacherAccess
from store.classes import ClassStore
from store.engine import WRITE
from store.writes import OUTCOMES

__all__ = [
    "SCREEN_TOKEN_BYTES",
    "Action",
    "LiveBoard",
    "LiveRound",
    "LiveStore",
    "ScreenAccess",
    "Standing",
]

SCREEN_TOKEN_BYTES: Final = 24
Action = Literal["next", "back", "reveal"]
_SEAL: Final = object()


@dataclass(frozen=True, slots=True)
class ScreenAccess:
    """The big screen's right to show one class's live round (never to drive it); only
    :meth:`LiveStore.screen` makes one."""

    class_id: str
    _seal: object = field(default=None, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class LiveRound:
    """A live round as read at ``now`` (the server's time): ``remaining`` is the seconds the
    open question still has (0 once locked), for the browsers' countdowns."""

    class_id: str
    phase: Phase
    question: int
    asked: int
    started_at: datetime | None
    deadline: datetime | None
    seconds: int
    nicknames: bool
    scores: bool
    has_screen: bool
    now: datetime

    @property
    def remaining(self) -> float:
        if self.phase is not Phase.QUESTION or self.deadline is None:
            return 0.0
        return max(0.0, (self.deadline - self.now).total_seconds())


@dataclass(frozen=True, slots=True)
class Standing:
    """A pupil's place on the leaderboard: points so far, and those of the last question."""

    number: int
    name: str
    points: int
    last: int
    rank: int


@dataclass(frozen=True, slots=True)
class LiveBoard:
    """What the teacher's and the big screen's pages show: the round, how many pupils joined
    and are present, how many answered the question on screen, how they answered (each
    answer given, as stored, with its outcome and count, most given first; ``unanswered``
    the present pupils who gave none) and the leaderboard."""

    round: LiveRound
    joined: int
    present: int
    answered: int
    right: int
    distribution: tuple[tuple[dict[str, Any], str, int], ...]
    standings: tuple[Standing, ...]

    @property
    def unanswered(self) -> int:
        return max(self.joined - self.answered, 0)


def _hash(token: str) -> str:
    return hashlib.sha256(b"piquet live screen\0" + token.encode()).hexdigest()


class LiveStore:
    """The live rounds of the classes in ``classes``'s database, on its clock."""

    def __init__(self, classes: ClassStore) -> None:
        self.classes = classes
        self.engine = classes.engine
        self.clock = classes.clock

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
            yield conn

    @staticmethod
    def _teacher(access: object) -> str:
        if not isinstance(access, TeacherAccess) or access._seal is not SEAL:
            raise ClassRefused(Refusal.UNKNOWN_KEY)  # a screen's access never drives
        return access.class_id

    # ------------------------------------------------------------------ the teacher

    def start(self, access: TeacherAccess, *, seconds: int, nicknames: bool, scores: bool
              ) -> str:
        """A new live round of the class, in its lobby (an earlier one's answers go), and
        the big screen's token (shown once; only its hash is kept)."""
        class_id = self._teacher(access)
        seconds = check_seconds(seconds)
        token = secrets.token_urlsafe(SCREEN_TOKEN_BYTES)
        now = self.clock()
        with self._write() as conn:
            self.classes._info_in(conn, class_id)  # GONE if there is no such class
            conn.execute(delete(t.class_live_answers)
                         .where(t.class_live_answers.c.class_id == class_id))
            conn.execute(delete(t.class_live).where(t.class_live.c.class_id == class_id))
            conn.execute(insert(t.class_live).values(
                class_id=class_id, phase=Phase.LOBBY.value, question=0, asked=-1,
                started_at=None, deadline=None, seconds=seconds, nicknames=bool(nicknames),
                scores=bool(scores), screen=_hash(token), changed_at=now))
        return token

    def new_screen(self, access: TeacherAccess) -> str:
        """A new big-screen token for the round; the earlier one shows nothing any more."""
        token = secrets.token_urlsafe(SCREEN_TOKEN_BYTES)
        self._set(access, screen=_hash(token))
        return token

    def revoke_screen(self, access: TeacherAccess) -> None:
        """The big screen's token shows nothing any more."""
        self._set(access, screen=None)

    def settings(self, access: TeacherAccess, *, seconds: int, nicknames: bool,
                 scores: bool) -> None:
        """The time allowed the next questions, nicknames shown or not, scores kept or not."""
        self._set(access, seconds=check_seconds(seconds), nicknames=bool(nicknames),
                  scores=bool(scores))

    def _set(self, access: TeacherAccess, **values: object) -> None:
        class_id = self._teacher(access)
        with self._write() as conn:
            done = conn.execute(update(t.class_live).where(t.class_live.c.class_id == class_id)
                                .values(**values))
            if done.rowcount != 1:
                raise ClassRefused(Refusal.GONE)

    def stop(self, access: TeacherAccess) -> None:
        """End the live round (its answers stay for the results until a new one starts)."""
        class_id = self._teacher(access)
        with self._write() as conn:
            conn.execute(delete(t.class_live).where(t.class_live.c.class_id == class_id))

    def step(self, access: TeacherAccess, action: Action, *, total: int,
             seen: tuple[Phase, int] | None = None) -> LiveRound:
        """Next, Back or Reveal (:mod:`academy.live`) over ``total`` questions; a question
        opened starts now, with its deadline. ``seen``: the screen the teacher's page showed
        when the button or key was pressed — a press delivered twice, or one from a page
        behind the round (another tab), changes nothing."""
        class_id = self._teacher(access)
        now = self.clock()
        with self._write() as conn:
            self.classes._info_in(conn, class_id)
            row = self._row(conn, class_id, lock=True)
            s = LiveState(self._phase(row, now), int(row.question), int(row.asked))
            if seen is not None and seen != (s.phase, s.question) and not (
                    action == "reveal" and seen[1] == s.question):
                found = self._read(conn, class_id, now)
                assert found is not None
                return found
            if action == "next":
                after = step_next(s, total=total, scores=bool(row.scores))
            elif action == "back":
                after = step_back(s, total=total, scores=bool(row.scores))
            elif action == "reveal":
                after = step_reveal(s)
            else:
                raise ValueError("action must be next, back or reveal")
            values: dict[str, Any] = {"phase": after.phase.value, "question": after.question,
                                      "asked": after.asked, "changed_at": now}
            if after.phase is Phase.QUESTION and s.phase is not Phase.QUESTION:
                values |= {"started_at": now,
                           "deadline": now + timedelta(seconds=int(row.seconds))}
            elif s.phase is Phase.QUESTION and after.phase is not Phase.QUESTION:
                values["deadline"] = min(row.deadline, now)  # locked now
            conn.execute(update(t.class_live).where(t.class_live.c.class_id == class_id)
                         .values(**values))
            after_row = self._read(conn, class_id, now)
        assert after_row is not None
        return after_row

    # ------------------------------------------------------------------ reading

    def screen(self, token: object) -> ScreenAccess:
        """The big screen's access for ``token``: UNKNOWN_KEY when no round has it (revoked,
        replaced, or never one)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            raise ClassRefused(Refusal.UNKNOWN_KEY)
        digest = _hash(token)
        with self.engine.connect() as conn:
            row = conn.execute(select(t.class_live.c.class_id, t.class_live.c.screen)
                               .where(t.class_live.c.screen == digest)).first()
        if row is None or not hmac.compare_digest(str(row.screen), digest):
            raise ClassRefused(Refusal.UNKNOWN_KEY)
        return ScreenAccess(row.class_id, _SEAL)

    def _class_of(self, who: TeacherAccess | ScreenAccess | Pupil) -> str:
        if isinstance(who, ScreenAccess) and who._seal is _SEAL:
            return who.class_id
        if isinstance(who, Pupil):
            return who.class_id
        return self._teacher(who)

    def round_for(self, who: TeacherAccess | ScreenAccess | Pupil) -> LiveRound | None:
        """The class's live round now (None: none runs); a screen whose token was revoked
        meanwhile is UNKNOWN_KEY."""
        class_id = self._class_of(who)
        with self.engine.connect() as conn:
            found = self._read(conn, class_id, self.clock(), missing_ok=True)
        if found is None and isinstance(who, ScreenAccess):
            raise ClassRefused(Refusal.UNKNOWN_KEY)
        return found

    def board(self, who: TeacherAccess | ScreenAccess) -> LiveBoard | None:
        """What the teacher and the big screen show (None: no round runs). Locks the
        question when every present pupil answered."""
        class_id = self._class_of(who)
        now = self.clock()
        with self.engine.connect() as conn:
            r = self._read(conn, class_id, now, missing_ok=True)
            if r is None:
                if isinstance(who, ScreenAccess):
                    raise ClassRefused(Refusal.UNKNOWN_KEY)
                return None
            if isinstance(who, ScreenAccess) and not r.has_screen:
                raise ClassRefused(Refusal.UNKNOWN_KEY)
            board = self._board(conn, r, now)
        if r.phase is Phase.QUESTION and board.present and board.answered >= board.present:
            self._lock_if_all(class_id, r.question)
            return self.board(who)
        return board

    def _board(self, conn: Connection, r: LiveRound, now: datetime) -> LiveBoard:
        p, a = t.class_pupils, t.class_live_answers
        joined = conn.execute(select(func.count()).select_from(p)
                              .where(p.c.class_id == r.class_id)).scalar_one()
        present = len(self._present(conn, r.class_id, now))
        answers = conn.execute(select(a.c.outcome, a.c.given)
                               .where(a.c.class_id == r.class_id, a.c.question == r.question)
                               ).all()
        counts: Counter[str] = Counter()
        shapes: dict[str, tuple[dict[str, Any], str]] = {}
        for outcome, given in answers:
            key = json.dumps([outcome, given], sort_keys=True, default=str)
            counts[key] += 1
            shapes[key] = (dict(given or {}), str(outcome))
        distribution = tuple((*shapes[k], n) for k, n in counts.most_common())
        standings: tuple[Standing, ...] = ()
        if r.scores:
            standings = self._standings(conn, r)
        return LiveBoard(r, int(joined), present, len(answers),
                         sum(1 for o, _g in answers if o == "right"), distribution, standings)

    def _standings(self, conn: Connection, r: LiveRound) -> tuple[Standing, ...]:
        p, a = t.class_pupils, t.class_live_answers
        upto = r.question if r.phase in (Phase.LEADERBOARD, Phase.PODIUM) else r.question - 1
        rows = conn.execute(
            select(p.c.number, p.c.name, a.c.question, a.c.score)
            .select_from(p.outerjoin(a, (a.c.pupil_id == p.c.id) & (a.c.question <= upto)))
            .where(p.c.class_id == r.class_id)
        ).all()
        points: dict[tuple[int, str], list[int]] = {}
        for number, name, question, points_ in rows:
            mine = points.setdefault((int(number), str(name)), [0, 0])
            if question is not None:
                mine[0] += int(points_)
                if question == upto:
                    mine[1] = int(points_)
        ordered = sorted(points.items(), key=lambda kv: (-kv[1][0], kv[0][0]))
        out: list[Standing] = []
        for i, ((number, name), (total, last)) in enumerate(ordered):
            rank = out[-1].rank if out and out[-1].points == total else i + 1
            out.append(Standing(number, name, total, last, rank))
        return tuple(out)

    def _row(self, conn: Connection, class_id: str, *, lock: bool = False) -> Any:
        query = select(t.class_live).where(t.class_live.c.class_id == class_id)
        row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise ClassRefused(Refusal.GONE)
        return row

    @staticmethod
    def _phase(row: Any, now: datetime) -> Phase:
        """The row's phase as it stands at ``now``: an open question past its deadline is
        locked (whoever reads it first sees so; nothing needs to write it)."""
        phase = Phase(row.phase)
        if phase is Phase.QUESTION and (row.deadline is None or now >= row.deadline):
            return Phase.LOCKED
        return phase

    def _read(self, conn: Connection, class_id: str, now: datetime, *,
              missing_ok: bool = False) -> LiveRound | None:
        row = conn.execute(select(t.class_live).where(t.class_live.c.class_id == class_id)
                           ).first()
        if row is None:
            if missing_ok:
                return None
            raise ClassRefused(Refusal.GONE)
        return LiveRound(
            class_id=class_id, phase=self._phase(row, now), question=int(row.question),
            asked=int(row.asked), started_at=row.started_at, deadline=row.deadline,
            seconds=int(row.seconds), nicknames=bool(row.nicknames), scores=bool(row.scores),
            has_screen=row.screen is not None, now=now)

    def _present(self, conn: Connection, class_id: str, now: datetime) -> set[int]:
        s = t.class_live_seen
        return set(conn.execute(select(s.c.pupil_id).where(
            s.c.class_id == class_id, s.c.seen_at > now - timedelta(seconds=SEEN_WINDOW_S)
        )).scalars())

    def _lock_if_all(self, class_id: str, question: int) -> None:
        now = self.clock()
        with self._write() as conn:
            self._lock_in(conn, class_id, question, now)

    def _lock_in(self, conn: Connection, class_id: str, question: int, now: datetime) -> None:
        a = t.class_live_answers
        answered = conn.execute(select(a.c.pupil_id).where(
            a.c.class_id == class_id, a.c.question == question)).scalars()
        if all_answered(self._present(conn, class_id, now), answered):
            live = t.class_live
            conn.execute(update(live).where(
                live.c.class_id == class_id, live.c.phase == Phase.QUESTION.value,
                live.c.question == question,
            ).values(phase=Phase.LOCKED.value, deadline=now, changed_at=now))

    # ------------------------------------------------------------------ the pupils

    def seen(self, pupil: Pupil) -> None:
        """The pupil's page is open now (present for :data:`academy.live.SEEN_WINDOW_S`)."""
        now = self.clock()
        with self._write() as conn:
            there = conn.execute(select(t.class_pupils.c.id).where(
                t.class_pupils.c.id == pupil.pupil_id,
                t.class_pupils.c.class_id == pupil.class_id)).first()
            if there is not None:
                self._seen_in(conn, pupil, now)

    @staticmethod
    def _seen_in(conn: Connection, pupil: Pupil, now: datetime) -> None:
        s = t.class_live_seen
        done = conn.execute(update(s).where(s.c.pupil_id == pupil.pupil_id).values(seen_at=now))
        if done.rowcount == 0:
            conn.execute(insert(s).values(pupil_id=pupil.pupil_id, class_id=pupil.class_id,
                                          seen_at=now))

    def answer(self, pupil: Pupil, *, learner: str, question: int, outcome: str,
               given: dict[str, Any]) -> int:
        """Store the pupil's answer to ``question`` and return its points (see the module's
        text for the refusals)."""
        if outcome not in ("right", "wrong"):
            raise ValueError("a live answer is right or wrong")
        assert outcome in OUTCOMES
        if isinstance(question, bool) or not isinstance(question, int) or question < 0:
            raise ValueError("question is a 0-based number")
        a = t.class_live_answers
        now = self.clock()
        try:
            with self._write() as conn:
                self.classes._answering(conn, pupil, learner, now)
                live = conn.execute(select(t.class_live).where(
                    t.class_live.c.class_id == pupil.class_id)).first()
                if live is None or question > int(live.asked):
                    raise ClassRefused(Refusal.NOT_ASKED, {"question": question})
                if (self._phase(live, now) is not Phase.QUESTION
                        or int(live.question) != question):
                    raise ClassRefused(Refusal.TOO_LATE, {"question": question})
                elapsed = (now - live.started_at).total_seconds()
                points = score(elapsed, int(live.seconds)) if outcome == "right" else 0
                conn.execute(insert(a).values(
                    class_id=pupil.class_id, pupil_id=pupil.pupil_id, question=question,
                    outcome=outcome, given=given, score=points, answered_at=now))
                self._seen_in(conn, pupil, now)
                self._lock_in(conn, pupil.class_id, question, now)
        except IntegrityError:  # answered already (another tab), or the pupil went
            raise self.classes._not_stored(pupil, a.c.question, question) from None
        return points

    def my_answer(self, pupil: Pupil, question: int) -> tuple[str, int] | None:
        """The pupil's stored answer to ``question`` (outcome, points), or None."""
        a = t.class_live_answers
        with self.engine.connect() as conn:
            row = conn.execute(select(a.c.outcome, a.c.score).where(
                a.c.pupil_id == pupil.pupil_id, a.c.question == question)).first()
        return None if row is None else (str(row.outcome), int(row.score))

    def info(self, who: TeacherAccess | ScreenAccess) -> ClassInfo:
        """The class of the round (GONE when it is no more)."""
        class_id = self._class_of(who)
        with self.engine.connect() as conn:
            return self.classes._info_in(conn, class_id)

    def names(self, who: TeacherAccess | ScreenAccess) -> tuple[str, ...]:
        """The pupils' names in number order (the big screen shows them only when the
        teacher allows nicknames)."""
        class_id = self._class_of(who)
        p = t.class_pupils
        with self.engine.connect() as conn:
            return tuple(conn.execute(select(p.c.name).where(p.c.class_id == class_id)
                                      .order_by(p.c.number)).scalars())

    def standing(self, pupil: Pupil) -> Standing | None:
        """The pupil's own place on the leaderboard (None: no round, or not in it)."""
        now = self.clock()
        with self.engine.connect() as conn:
            r = self._read(conn, pupil.class_id, now, missing_ok=True)
            if r is None or not r.scores:
                return None
            return next((s for s in self._standings(conn, r) if s.number == pupil.number),
                        None)

    def results(self, access: TeacherAccess) -> dict[int, dict[int, tuple[str, int]]]:
        """Every live answer of the class: pupil number -> question -> (outcome, points),
        for the CSV."""
        class_id = self._teacher(access)
        p, a = t.class_pupils, t.class_live_answers
        with self.engine.connect() as conn:
            rows = conn.execute(select(p.c.number, a.c.question, a.c.outcome, a.c.score)
                                .join(p, p.c.id == a.c.pupil_id)
                                .where(a.c.class_id == class_id)).all()
        out: dict[int, dict[int, tuple[str, int]]] = {}
        for number, question, outcome, points in rows:
            out.setdefault(int(number), {})[int(question)] = (str(outcome), int(points))
        return out

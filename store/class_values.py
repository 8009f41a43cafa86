"""The values of a class (:mod:`store.classes`): refusals, the work, what the store hands
out, and the rules of its texts (join codes, names, the hashes of keys and clients).

Pure Python, no database. The names outside ``__all__`` (``clean_text``, ``name_key``,
``teacher_hash``, ``SEAL``…) are :mod:`store.classes`'s own helpers.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Final

from store.totals import KindTotals

__all__ = [
    "CLASS_NAME_MAX",
    "CODE_ALPHABET",
    "CODE_LEN",
    "DEFAULT_KEEP_DAYS",
    "DEFAULT_MAX_PUPILS",
    "NAME_MAX",
    "TEACHER_KEY_BYTES",
    "AnswerRow",
    "ClassInfo",
    "ClassRefused",
    "ClassWork",
    "Dashboard",
    "NewClass",
    "OwnedClass",
    "Pupil",
    "PupilRow",
    "QuizWork",
    "Refusal",
    "TeacherAccess",
    "clean_name",
    "client_subject",
    "learner_client",
    "network_of",
    "normalise_code",
]

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LEN: Final = 6
TEACHER_KEY_BYTES: Final = 24  # 192 bits, secrets.token_urlsafe
DEFAULT_MAX_PUPILS: Final = 60
DEFAULT_KEEP_DAYS: Final = 30
NAME_MAX: Final = 30
#: The longest name of a class.
CLASS_NAME_MAX: Final = 60

_KEY_LEN: Final = len(secrets.token_urlsafe(TEACHER_KEY_BYTES))  # 32 characters
_KEY_SHAPE: Final = re.compile(rf"[A-Za-z0-9_-]{{{_KEY_LEN}}}")
_CODE_SHAPE: Final = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LEN}}}")
_NAME_KEY_MAX: Final = 120
# Domain separation: these hashes never equal a learner key or a bare SHA-256 elsewhere.
_TEACHER: Final = b"piquet-academy/class-teacher/v1:"
_CLIENT: Final = b"piquet-academy/class-client/v1:"
_CODE: Final = b"piquet-academy/class-code/v1:"
_NETWORK: Final = b"piquet-academy/class-network/v1:"
#: The network every request of unknown address is counted under (one shared count).
UNKNOWN_NETWORK: Final = "unknown"
#: The key of the network and code hashes when the caller gives none: this process's own
#: (the app gives one derived from the server's secret, the same in every replica).
PROCESS_KEY: Final = secrets.token_bytes(32)
_ZWJ: Final = "\u200d"
# Letters that draw nothing (Hangul fillers, the braille blank): a name of them looks empty.
_BLANK: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: The most combining marks on one letter (Thai and Devanagari need 2-3; a Zalgo name 30).
MARKS_MAX: Final = 4
# Characters drawn like a Latin letter or digit, and that letter (a subset of the Unicode
# confusables of UTS #39, written here from the characters' shapes: Cyrillic, Greek and
# Armenian look-alikes of Latin letters, digits like letters, "m" like "rn"). Applied before
# and after case folding (an uppercase look-alike may fold to a lowercase one that is not).
# The Turkish dotless ı is left alone: in Turkish names it is a letter of its own.
_LOOK_ALIKE: Final = str.maketrans({
    **dict(zip("АВЕЅІЈКМНОРСТХУҮӀԚԜҺ", "ABESlJKMHOPCTXYYlQWh", strict=True)),
    **dict(zip("аеорсхуѕіјһԁԛԝүӏ", "aeopcxysijhdqwyl", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHlKMNOPTYX", strict=True)),
    **dict(zip("αορνιγυ", "aopviyu", strict=True)),
    **dict(zip("օսոհզ", "ounhq", strict=True)),
    **dict(zip("ɑɡɩ01I|", "agiOlll", strict=True)),
    "m": "rn",
})


class Refusal(StrEnum):
    """Why a class action was refused (the UI says it in words)."""

    BAD_CODE = "bad-code"  # not 6 characters of the alphabet (after normalising)
    UNKNOWN_CODE = "unknown-code"
    BAD_KEY = "bad-key"  # not the shape of a teacher key
    UNKNOWN_KEY = "unknown-key"
    PAUSED = "paused"  # too many wrong tries: wait (ClassRefused.retry_after s)
    BUSY = "busy"  # many new pupils from one address into one class: wait (retry_after s)
    CLOSED = "closed"  # the class takes no more answers / joins
    LOCKED = "locked"  # the teacher locked joining: the pupils in go on
    FULL = "full"  # max_pupils reached
    NAME_EMPTY = "name-empty"  # nothing visible: no letter or digit
    NAME_UNREADABLE = "name-unreadable"  # combining marks piled up (Zalgo)
    NAME_TOO_LONG = "name-too-long"
    NAME_TAKEN = "name-taken"
    ALREADY_ANSWERED = "already-answered"
    GONE = "gone"  # the class (or pupil) was deleted / expired
    NOT_ASKED = "not-asked"  # a live round's question not shown yet
    TOO_LATE = "too-late"  # a live round's answers are locked


class ClassRefused(ValueError):
    """A class action refused: ``refusal`` says why, ``values`` the facts to say it with
    (``{"code": "ABC234"}``, ``{"limit": 30}``), ``retry_after`` the seconds to wait (PAUSED, BUSY).

    ``str()`` is for developers; it never holds a key.

    >>> str(ClassRefused(Refusal.PAUSED, retry_after=42))
    'paused (retry after 42 s)'
    """

    def __init__(
        self, refusal: Refusal, values: dict[str, Any] | None = None, *, retry_after: int = 0
    ) -> None:
        self.refusal = refusal
        self.values: dict[str, Any] = dict(values or {})
        self.retry_after = retry_after
        detail = f" {self.values}" if self.values else ""
        wait = f" (retry after {retry_after} s)" if retry_after else ""
        super().__init__(f"{refusal.value}{detail}{wait}")


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class QuizWork:
    """A seeded quiz round: its level, rules preset, number of questions and seed."""

    level: str
    rules: str
    length: int
    seed: str

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError("a quiz round has at least one question")
        for name in ("level", "rules", "seed"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value or len(value) > 64:
                raise ValueError(f"{name} must be 1-64 characters")


@dataclass(frozen=True, slots=True)
class ClassWork:
    """What the class does: a quiz round, lesson stages (ids like ``"04-point/2"``) and a
    set of puzzles (the catalogue's ids, ``academy.puzzles.puzzle_set``), one or more.

    >>> work = ClassWork(None, ("04-point/2",), ("b2-8",))
    >>> ClassWork.from_json(work.to_json()) == work
    True
    >>> ClassWork(None, ())
    Traceback (most recent call last):
    ...
    ValueError: a class has a quiz round, lesson stages or puzzles
    """

    quiz: QuizWork | None
    stages: tuple[str, ...] = ()
    puzzles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, most in (("stages", 120), ("puzzles", 40)):
            ids = getattr(self, name)
            if not isinstance(ids, tuple) or not all(
                isinstance(s, str) and 0 < len(s) <= most for s in ids
            ):
                raise ValueError(f"{name} must be a tuple of ids")
        if self.quiz is None and not self.stages and not self.puzzles:
            raise ValueError("a class has a quiz round, lesson stages or puzzles")

    def to_json(self) -> dict[str, Any]:
        quiz = self.quiz
        return {
            "quiz": None if quiz is None else {
                "level": quiz.level, "rules": quiz.rules, "length": quiz.length,
                "seed": quiz.seed,
            },
            "stages": list(self.stages),
            "puzzles": list(self.puzzles),
        }

    @classmethod
    def from_json(cls, data: Any) -> ClassWork:
        """The work of a JSON document from :meth:`to_json` (ValueError if it is not one)."""
        if not isinstance(data, dict):
            raise ValueError("class work must be a JSON object")
        raw_quiz, raw_stages = data.get("quiz"), data.get("stages", [])
        raw_puzzles = data.get("puzzles", [])
        quiz = None
        if raw_quiz is not None:
            if not isinstance(raw_quiz, dict):
                raise ValueError("quiz must be a JSON object")
            length = raw_quiz.get("length")
            if not isinstance(length, int) or isinstance(length, bool):
                raise ValueError("quiz length must be a number")
            quiz = QuizWork(str(raw_quiz.get("level", "")), str(raw_quiz.get("rules", "")),
                            length, str(raw_quiz.get("seed", "")))
        if not isinstance(raw_stages, list) or not isinstance(raw_puzzles, list):
            raise ValueError("stages and puzzles must be lists")
        return cls(quiz, tuple(raw_stages), tuple(raw_puzzles))


@dataclass(frozen=True, slots=True)
class NewClass:
    """A class just made; ``teacher_key`` is shown once and stored nowhere."""

    class_id: str
    code: str
    teacher_key: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class ClassInfo:
    class_id: str
    code: str
    name: str
    work: ClassWork
    language: str
    created_at: datetime
    expires_at: datetime
    closed_at: datetime | None
    max_pupils: int
    locked_at: datetime | None = None

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    @property
    def locked(self) -> bool:
        """Joining is locked: the pupils in go on, no one new joins."""
        return self.locked_at is not None


@dataclass(frozen=True, slots=True)
class Pupil:
    pupil_id: int
    class_id: str
    number: int
    name: str
    joined_at: datetime
    state: dict[str, Any] | None


#: What marks a :class:`TeacherAccess` made by :meth:`store.classes.ClassStore.teacher`.
SEAL: Final = object()


@dataclass(frozen=True, slots=True)
class TeacherAccess:
    """The right to see and run one class; only :meth:`ClassStore.teacher` makes one (one
    made otherwise is refused)."""

    class_id: str
    _seal: object = field(default=None, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class OwnedClass:
    """A class in a teacher's "My classes": its facts and how many pupils joined."""

    info: ClassInfo
    pupils: int


@dataclass(frozen=True, slots=True)
class AnswerRow:
    number: int
    position: int
    kind: str
    outcome: str
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class PupilRow:
    number: int
    name: str
    joined_at: datetime
    answered: int
    right: int
    wrong: int
    skipped: int


@dataclass(frozen=True, slots=True)
class Dashboard:
    """What the teacher sees: the class, its pupils with their counts, every answer."""

    info: ClassInfo
    pupils: tuple[PupilRow, ...]
    answers: tuple[AnswerRow, ...]
    _cells: dict[tuple[int, int], str] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._cells.update({(a.number, a.position): a.outcome for a in self.answers})

    def cell(self, number: int, position: int) -> str | None:
        """The outcome of pupil ``number`` at question ``position`` (None: not answered)."""
        return self._cells.get((number, position))

    def missed_most(self, n: int = 5) -> tuple[tuple[int, int, int], ...]:
        """``(position, wrong, asked)`` of the questions most answered wrong (at least once),
        most wrong first, then by position; ``asked`` counts every answer at that position."""
        wrong: dict[int, int] = {}
        asked: dict[int, int] = {}
        for answer in self.answers:
            asked[answer.position] = asked.get(answer.position, 0) + 1
            if answer.outcome == "wrong":
                wrong[answer.position] = wrong.get(answer.position, 0) + 1
        ranked = sorted(wrong, key=lambda position: (-wrong[position], position))
        return tuple((p, wrong[p], asked[p]) for p in ranked[: max(n, 0)])

    def kinds(self) -> dict[str, KindTotals]:
        """The class's right, wrong and skipped answers per question kind."""
        raw: dict[str, dict[str, int]] = {}
        for answer in self.answers:
            counts = raw.setdefault(answer.kind, {})
            counts[answer.outcome] = counts.get(answer.outcome, 0) + 1
        return {
            kind: KindTotals(c.get("right", 0), c.get("wrong", 0), c.get("skipped", 0))
            for kind, c in sorted(raw.items())
        }


# --------------------------------------------------------------------------- text


def normalise_code(raw: object) -> str | None:
    """The join code in ``raw`` (spaces and dashes dropped, capitals), or None if it is not
    :data:`CODE_LEN` characters of :data:`CODE_ALPHABET`.

    >>> normalise_code(" abc-234 "), normalise_code("ABC 23"), normalise_code("ABCD10")
    ('ABC234', None, None)
    """
    if not isinstance(raw, str) or len(raw) > 64:
        return None
    text = re.sub(r"[\s\-\u2010-\u2015]", "", raw).upper()
    return text if _CODE_SHAPE.fullmatch(text) else None


def _drop(text: str, at: int) -> bool:
    """Whether the character at ``at`` is left out of a name."""
    char = text[at]
    if char in _BLANK:
        return True
    if unicodedata.category(char)[0] != "C":
        return False
    if char == _ZWJ and 0 < at < len(text) - 1:  # inside an emoji sequence (👩‍💻): kept
        before, after = text[at - 1], text[at + 1]
        return not (_emojiish(before) and _emojiish(after))
    return True


def _emojiish(char: str) -> bool:
    return char not in _BLANK and (unicodedata.category(char) in ("So", "Sk")
                                   or char == "\ufe0f")


def clean_text(raw: object, limit: int) -> str:
    if not isinstance(raw, str):
        raise ClassRefused(Refusal.NAME_EMPTY)
    if len(raw) > 20 * limit:  # far too long: refused before any work on it
        raise ClassRefused(Refusal.NAME_TOO_LONG, {"limit": limit})
    text = " ".join(raw.split())  # tabs, new lines: spaces (before the controls go)
    text = "".join(char for at, char in enumerate(text) if not _drop(text, at))
    text = " ".join(unicodedata.normalize("NFC", text).split())
    if not text:
        raise ClassRefused(Refusal.NAME_EMPTY)
    if len(text) > limit:
        raise ClassRefused(Refusal.NAME_TOO_LONG, {"limit": limit})
    if not any(_visible_letter(char) for char in text):
        raise ClassRefused(Refusal.NAME_EMPTY)
    if _too_many_marks(text):
        raise ClassRefused(Refusal.NAME_UNREADABLE)
    return text


def _visible_letter(char: str) -> bool:
    """A letter or digit that draws something (not a Hangul filler, not a braille blank)."""
    return unicodedata.category(char)[0] in "LN" and char not in _BLANK


def _too_many_marks(text: str) -> bool:
    """More than :data:`MARKS_MAX` combining marks on one character, or more marks in all
    than twice the characters they sit on (marks spread over every letter)."""
    run = marks = bases = 0
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.category(char)[0] == "M":
            run += 1
            marks += 1
            if run > MARKS_MAX:
                return True
        else:
            run = 0
            bases += char != " "
    return marks > 2 * bases


def clean_name(raw: object) -> str:
    """A pupil's display name from what was typed: NFC, trimmed, whitespace collapsed, control
    and format characters dropped (bidi overrides, zero-width characters; a zero-width joiner
    inside an emoji sequence stays). Never truncated: raises :class:`ClassRefused`
    (``NAME_EMPTY``, ``NAME_TOO_LONG`` with ``{"limit": NAME_MAX}``).

    >>> clean_name("  <b>Ann</b>\\t  *Lee* "), clean_name("\\u202eAnn\\u200b")
    ('<b>Ann</b> *Lee*', 'Ann')
    >>> clean_name("زينب 🎉")
    'زينب 🎉'
    >>> clean_name("\\u200b \\u2066")
    Traceback (most recent call last):
    ...
    store.class_values.ClassRefused: name-empty
    """
    return clean_text(raw, NAME_MAX)


def name_key(name: str) -> str:
    """What makes two names the same name: NFKC, case folded, and then look-alikes as one
    (a skeleton in the manner of UTS #39: Cyrillic "Аnn" is "Ann", "Tom" is "Torn"); a very
    long one: its hash.

    >>> name_key("Ann") == name_key("\u0410nn") == name_key("ANN") == name_key("\uff21nn")
    True
    >>> name_key("Ann") == name_key("Anne")
    False
    """
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = unicodedata.normalize("NFD", text.translate(_LOOK_ALIKE).casefold())
    return _short(unicodedata.normalize("NFC", text.translate(_LOOK_ALIKE)))


def folded_key(name: str) -> str:
    """The name key of the classes made before look-alikes were one name (NFKC, case
    folded): a join compares both, so that those classes' names stay taken."""
    return _short(unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()))


def _short(key: str) -> str:
    key = " ".join(key.split())
    if len(key) <= _NAME_KEY_MAX:
        return key
    return "#" + hashlib.sha256(key.encode("utf-8")).hexdigest()


def _digest(prefix: bytes, text: str) -> str:
    return hashlib.sha256(prefix + text.encode("utf-8", "surrogatepass")).hexdigest()


def client_subject(raw: str) -> str:
    """The hash a client (a session, an address) is counted under for the rate limit.

    >>> len(client_subject("tab-1")), client_subject("tab-1") == client_subject("tab-2")
    (64, False)
    """
    return _digest(_CLIENT, raw)


def network_of(address: str | None) -> str:
    """The network a request is counted under: an IPv4 address itself, an IPv6 address's
    /64 (one household or one machine holds a whole /64), :data:`UNKNOWN_NETWORK` for no
    address or one that does not parse (never exempt: all of them share one count).

    >>> network_of("203.0.113.9"), network_of("2001:db8:1:2:aaaa::1"), network_of(None)
    ('203.0.113.9', '2001:db8:1:2::/64', 'unknown')
    >>> network_of("::ffff:203.0.113.9"), network_of("not an address")
    ('203.0.113.9', 'unknown')
    """
    if not isinstance(address, str) or not address.strip():
        return UNKNOWN_NETWORK
    try:
        ip = ipaddress.ip_address(address.strip().split("%")[0])
    except ValueError:
        return UNKNOWN_NETWORK
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def keyed_subject(key: bytes, scope: str, text: str) -> str:
    """The hash ``text`` (a network, a join code) is counted under in ``scope``: an HMAC
    with the server's secret ``key``, so that the table of wrong tries cannot be reversed
    by hashing every IPv4 address or every code (a bare SHA-256 of them can, in an hour).

    >>> a = keyed_subject(b"k1", "network", "203.0.113.9")
    >>> len(a), a == keyed_subject(b"k2", "network", "203.0.113.9")
    (64, False)
    """
    prefix = _NETWORK if scope == "network" else _CODE
    return hmac.new(key, prefix + text.encode("utf-8", "surrogatepass"),
                    hashlib.sha256).hexdigest()


def learner_client(key: str) -> str:
    """The client a learner's browser is counted under (``ui.classroom.store.client``; its
    tabs share it), before :func:`client_subject` hashes it; "forget me" deletes its tries.

    >>> learner_client("ab12")
    'learner:ab12'
    """
    return f"learner:{key}"


def teacher_hash(key: str) -> str:
    return _digest(_TEACHER, key)


def parse_teacher_key(raw: object) -> str | None:
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    return text if _KEY_SHAPE.fullmatch(text) else None


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))

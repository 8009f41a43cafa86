"""Deal records: a whole deal as a JSON-able mapping, and :func:`score_record`.

::

    {"rules": "britannica" | "cavendish",                   # optional, default britannica
     "elder": [12 cards as dealt], "younger": [12 cards as dealt],
     "talon": [8 cards, top first],
     "elder_discard": [1-5 cards], "younger_discard": [0-n cards],
     "declarations": {"elder": {...}, "younger": {...}},     # optional; default in full
     "younger_shows_leftovers": false,                      # optional (britannica)
     "tricks": [[card led, card played second], ...]}        # 0 to 12 tricks

Elder draws the top cards of the talon, Younger the next ones. Carte blanche is judged on
the hands as dealt (a record has no blanche flag). A declaration is
``{"point": [cards], "sequences": [[cards], ...], "sets": [[cards], ...]}``; a category
left out is declared in full, an empty list declares none of it (sinking). The format is
described for users in ``docs/record-format.md`` and as a JSON Schema in
``piquet/record.schema.json``.

:func:`record_problems` lists what is wrong with a record: every problem of its shape at
once (missing keys, wrong types, bad card names, wrong counts), or else the first rule it
breaks while being replayed, naming the step:

>>> r = {"elder": ["AS", "QQ"], "younger": 5, "elder_discard": ["AS"]}
>>> for p in record_problems(r):
...     print(p.code, p.pointer, p.value, p.facts)
missing_key /talon None {}
not_a_card /elder/1 QQ {}
card_count /elder ['AS', 'QQ'] {'count': 2, 'sizes': range(12, 13)}
wrong_type /younger 5 {}

A problem is facts (the text layer says it: ``words.record.problem_text``); its ``str()``
is those facts for developers: the code, the JSON Pointer and the value.

>>> print(record_problems(r)[1])
not_a_card /elder/1: 'QQ'

A record that breaks a rule makes :func:`score_record` and :meth:`DealRecord.from_json`
raise a :class:`RecordError` (a ``ValueError``) that names the first of those problems
(its ``code``, ``path`` and ``values``); ``error.problems`` holds them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal, NamedTuple

from piquet.cards import _BY_TOKEN, _SEPARATORS, Card, CardError, cards_mask, parse_card
from piquet.combos import is_carte_blanche
from piquet.declare import CATEGORIES, DeclarationError, declaration_from_spec
from piquet.errors import PiquetError, facts_text
from piquet.exchange import exchanged, younger_may_take
from piquet.play import SUIT_MASKS, PlayResult, play_indices
from piquet.reckon import (
    PIQUE,
    REPIQUE,
    ROLES,
    Bonuses,
    Reckoning,
    Role,
    build_reckoning,
)
from piquet.rules import PRESETS, Rules, RulesError, get_rules
from piquet.scoring import DeclarationScore, DeclSpec, score_masks

SHEET_KEYS: Final = ("blanche", "point", "sequences", "sets", "repique", "pique", "play",
                     "cards", "capot")


_SEQUENCE_TYPES: Final = {list, tuple}

ProblemCode = Literal[
    # problems of shape (the record's form, each key on its own)
    "not_an_object", "missing_key", "wrong_type", "not_a_card", "card_count", "card_twice",
    "unknown_key", "unknown_preset",
    # rules broken while the deal is replayed
    "card_in_two_places", "discard_not_held", "discard_count", "leftovers_face_up",
    "bad_declaration", "card_not_held", "revoke",
    # no problem found, yet the record could not be scored (never expected)
    "invalid_record",
]
"""What went wrong, as a stable code (compare these)."""

SHAPE_CODES: Final[frozenset[str]] = frozenset((
    "not_an_object", "missing_key", "wrong_type", "not_a_card", "card_count", "card_twice",
    "unknown_key", "unknown_preset"))

Path = tuple[str | int, ...]


class StepKind(Enum):
    """The step of the replay at which a record broke a rule."""

    DEAL = "deal"
    """The deal: a card in two places."""
    EXCHANGE = "exchange"
    """The exchange: a discard not held or not allowed, leftovers shown when they may not be."""
    DECLARATION = "declaration"
    """A player's declaration (``Step.role`` says whose)."""
    TRICK = "trick"
    """A trick of the play (``Step.trick`` says which, from 1)."""


@dataclass(frozen=True, slots=True)
class Step:
    """Where in the replay a rule was broken: the deal, the exchange, ``role``'s declaration,
    or trick number ``trick`` (1 to 12)."""

    kind: StepKind
    trick: int = 0
    role: Role | None = None


@dataclass(frozen=True, slots=True)
class RecordProblem:
    """One thing wrong with a deal record, as facts (the text layer says it:
    ``words.record.problem_text``).

    ``code`` says what (:data:`ProblemCode`), ``path`` is where it is (keys and list indices
    from the top of the record: ``("tricks", 3, 1)`` is the second card of the fourth trick),
    ``value`` the value found there (``None`` when missing), ``step`` the :class:`Step` of
    the replay that broke a rule (``None`` for a problem of shape), and ``facts`` the rest
    the sentence needs, by code:

    - ``card_count``: ``count`` (cards or tricks found) and ``sizes`` (the counts allowed);
    - ``card_twice``: ``card``;
    - ``card_in_two_places``: ``card`` and ``also`` (``"talon"``, or ``"elder"``: in both
      hands);
    - ``discard_not_held``: ``card`` and ``role``;
    - ``discard_count``: ``count``, ``sizes``, ``rules`` (the preset's name), ``elder_took``
      and ``role``;
    - ``leftovers_face_up``: ``rules``;
    - ``bad_declaration``: ``error`` (the :class:`~piquet.declare.DeclarationError`);
    - ``card_not_held``: ``card``, ``role`` (who plays it), ``led`` (the card led, when the
      card is played second), ``where`` it is instead (``"played"`` in trick ``played_in``,
      ``"held"`` by ``holder``, ``"discarded"``, or left in the ``"talon"``) and ``swapped``
      (the other player holds it: the pair may be written the wrong way round);
    - ``revoke``: ``card``, ``led`` and ``role``.

    ``facts`` follow from the record like the rest, so two problems compare equal without
    them. The problem holds no sentence: its ``str()`` is its code, pointer and value, for
    developers (``not_a_card /elder/3: 'QX'``).
    """

    code: ProblemCode
    path: Path = ()
    value: object = field(default=None, hash=False)
    step: Step | None = None
    facts: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_shape(self) -> bool:
        """A problem of the record's form (found before anything is replayed)."""
        return self.step is None

    @property
    def pointer(self) -> str:
        """``path`` as a JSON Pointer: ``/tricks/3/1``."""
        return _pointer(self.path)

    def __str__(self) -> str:
        return facts_text(self.code, (self.value,), _pointer(self.path))

    def error(self, problems: tuple[RecordProblem, ...] = ()) -> RecordError:
        """This problem as a :class:`RecordError` (``problems``: all of them, this first)."""
        return RecordError(code=self.code, values=(self.value,), path=self.path,
                           problems=problems or (self,))


def _pointer(path: Path) -> str:
    """``path`` as a JSON Pointer: ``/tricks/3/1``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


class RecordError(PiquetError):
    """A deal record that is malformed or breaks a rule.

    ``code`` (a :data:`ProblemCode`), ``values`` (the offending values) and ``path`` describe
    the first problem; ``problems`` lists every problem found (for a record of the wrong
    shape, all of them). A record error with no problem (``invalid_record``) quotes its
    offending value in ``values`` when it has one. Its ``str()`` is the code, the path as a
    JSON Pointer and the values: ``not_a_card /elder/1: 'QQ'``.
    """

    default_code = "invalid_record"

    def __init__(self, *, code: str = "invalid_record",
                 values: tuple[object, ...] = (), path: Path = (),
                 problems: tuple[RecordProblem, ...] = ()) -> None:
        super().__init__(code=code, values=values)
        self.path = path
        self.problems = problems

    def __str__(self) -> str:
        try:
            return facts_text(self.code, self.values, _pointer(self.path))
        except Exception:  # a str() must never raise
            return type(self).default_code


# --- the shape: every problem of the record's form at once ------------------------------

_Problems = list[RecordProblem]


def _card_of(out: _Problems, item: object, path: Path) -> Card | None:
    if isinstance(item, Card):
        return item
    if not isinstance(item, str):
        out.append(RecordProblem("not_a_card", path, item))
        return None
    card = _BY_TOKEN.get(item)
    if card is not None:
        return card
    try:
        return parse_card(item)
    except CardError:
        out.append(RecordProblem("not_a_card", path, item))
        return None


def _card_list(out: _Problems, value: object, path: Path, sizes: range) -> None:
    """Check a list of cards (or, leniently, cards written as one text): each a card, none
    twice, and ``len`` in ``sizes`` (the facts ``count``, ``card``, ``sizes``)."""
    items: list[tuple[Path, object]]
    if isinstance(value, str):
        items = [(path, t) for t in _SEPARATORS.split(value) if t]
    elif isinstance(value, list | tuple):
        items = [((*path, i), t) for i, t in enumerate(value)]
    else:
        out.append(RecordProblem("wrong_type", path, value))
        return
    seen = 0
    for where, item in items:
        card = _card_of(out, item, where)
        if card is None:
            continue
        if seen & card.bit:
            out.append(RecordProblem("card_twice", where, item, facts={"card": card}))
        seen |= card.bit
    if len(items) not in sizes:
        out.append(RecordProblem("card_count", path, value,
                                 facts={"count": len(items), "sizes": sizes}))


_HAND_SIZES: Final = (("elder", 12), ("younger", 12), ("talon", 8))
_DISCARD_SIZES: Final = (("elder_discard", "elder", range(1, 6)),
                         ("younger_discard", "younger", range(9)))
"""Elder exchanges 1 to 5 under both presets; Younger at most the 8 of the talon (how many
exactly depends on Elder's count and the preset: a rule of the exchange)."""


def _declaration_shape(out: _Problems, spec: object, path: Path) -> None:
    if not isinstance(spec, Mapping):
        out.append(RecordProblem("wrong_type", path, spec))
        return
    for k in spec:
        if k not in CATEGORIES:
            out.append(RecordProblem("unknown_key", (*path, str(k)), k))
    if "point" in spec:
        _card_list(out, spec["point"], (*path, "point"), range(9))
    for cat, sizes in (("sequences", range(3, 9)), ("sets", range(3, 5))):
        if cat not in spec:
            continue
        groups = spec[cat]
        if not isinstance(groups, list | tuple):
            out.append(RecordProblem("wrong_type", (*path, cat), groups))
            continue
        for i, g in enumerate(groups):
            _card_list(out, g, (*path, cat, i), sizes)


def _shape_problems(data: object) -> _Problems:
    """Every problem of the record's form: the preset, missing keys, then key by key."""
    if not isinstance(data, Mapping):
        return [RecordProblem("not_an_object", (), data)]
    out: _Problems = []
    if "rules" in data and data["rules"] is not None:
        try:
            get_rules(data["rules"])
        except RulesError:
            out.append(RecordProblem("unknown_preset", ("rules",), data["rules"]))
    for key in ("elder", "younger", "talon", "elder_discard"):
        if key not in data:
            out.append(RecordProblem("missing_key", (key,), None))
    for key, size in _HAND_SIZES:
        if key in data:
            _card_list(out, data[key], (key,), range(size, size + 1))
    for key, _role, sizes in _DISCARD_SIZES:
        if key in data:
            _card_list(out, data[key], (key,), sizes)
    decl = data.get("declarations")
    if decl is not None:
        if not isinstance(decl, Mapping):
            out.append(RecordProblem("wrong_type", ("declarations",), decl))
        else:
            for k in decl:
                if k not in ROLES:
                    out.append(RecordProblem("unknown_key", ("declarations", str(k)), k))
            for role in ROLES:
                spec = decl.get(role)
                if spec is not None:
                    _declaration_shape(out, spec, ("declarations", role))
    if "younger_shows_leftovers" in data:
        shows = data["younger_shows_leftovers"]
        if not isinstance(shows, bool):
            out.append(RecordProblem("wrong_type", ("younger_shows_leftovers",), shows))
    if "tricks" in data:
        _tricks_shape(out, data["tricks"])
    return out


def _tricks_shape(out: _Problems, raw: object) -> None:
    if not isinstance(raw, list | tuple):
        out.append(RecordProblem("wrong_type", ("tricks",), raw))
        return
    if len(raw) > 12:
        out.append(RecordProblem("card_count", ("tricks",), raw,
                                 facts={"count": len(raw), "sizes": range(13)}))
    for n, t in enumerate(raw):
        path: Path = ("tricks", n)
        if not isinstance(t, list | tuple):
            out.append(RecordProblem("wrong_type", path, t))
            continue
        for i, item in enumerate(t):
            _card_of(out, item, (*path, i))
        if len(t) != 2:
            out.append(RecordProblem("card_count", path, t,
                                     facts={"count": len(t), "sizes": range(2, 3)}))


# --- the replay: the first rule broken, step by step --------------------------------------

_DEAL: Final = Step(StepKind.DEAL)
_EXCHANGE: Final = Step(StepKind.EXCHANGE)


def _deal_problem(rec: DealRecord) -> RecordProblem | None:
    """The deal and the exchange: cards in one place each, discards held and allowed."""
    em, ym, tm = cards_mask(rec.elder), cards_mask(rec.younger), cards_mask(rec.talon)
    for role, hand in (("elder", rec.elder), ("younger", rec.younger)):
        for i, c in enumerate(hand):
            if c.bit & tm:
                return RecordProblem("card_in_two_places", (role, i), str(c), _DEAL,
                                     {"card": c, "also": "talon"})
    for i, c in enumerate(rec.younger):
        if c.bit & em:
            return RecordProblem("card_in_two_places", ("younger", i), str(c), _DEAL,
                                 {"card": c, "also": "elder"})
    for key, role, hand_mask, discard in (("elder_discard", "elder", em, rec.elder_discard),
                                          ("younger_discard", "younger", ym,
                                           rec.younger_discard)):
        for i, c in enumerate(discard):
            if not hand_mask & c.bit:
                return RecordProblem("discard_not_held", (key, i), str(c), _EXCHANGE,
                                     {"card": c, "role": role})
    ne, ny = len(rec.elder_discard), len(rec.younger_discard)
    allowed = younger_may_take(ne, rec.rules)
    if ny not in allowed:
        return RecordProblem(
            "discard_count", ("younger_discard",), [str(c) for c in rec.younger_discard],
            _EXCHANGE, {"count": ny, "sizes": allowed, "rules": rec.rules.name,
                        "elder_took": ne, "role": "younger"})
    if rec.younger_shows_leftovers and rec.rules.younger_may_look_at_leftovers:
        return RecordProblem("leftovers_face_up", ("younger_shows_leftovers",), True, _EXCHANGE,
                             {"rules": rec.rules.name})
    return None


def _declaration_problem(rec: DealRecord) -> RecordProblem | None:
    for role, hand, spec in ((ROLES[0], rec.elder_after, rec.declarations[0]),
                             (ROLES[1], rec.younger_after, rec.declarations[1])):
        if spec is None:
            continue
        try:
            declaration_from_spec(hand, spec, who=role.capitalize())
        except DeclarationError as e:
            return RecordProblem("bad_declaration", ("declarations", role), spec,
                                 Step(StepKind.DECLARATION, role=role), {"error": e})
    return None


def _where_is(card: Card, rec: DealRecord, role: int, masks: list[int],
              played: dict[Card, int]) -> dict[str, object]:
    """Why ``card`` is not in player ``role``'s hand at this point of the play, as the facts
    ``where`` (``played``, ``held``, ``discarded``, ``talon``), ``played_in`` (a trick
    number) and ``holder`` (the other role)."""
    if card in played:
        return {"where": "played", "played_in": played[card]}
    other = role ^ 1
    if masks[other] & card.bit:
        return {"where": "held", "holder": ROLES[other]}
    discard = rec.elder_discard if role == 0 else rec.younger_discard
    return {"where": "discarded" if card in discard else "talon"}


def _play_problem(rec: DealRecord) -> RecordProblem | None:
    masks = [cards_mask(rec.elder_after), cards_mask(rec.younger_after)]
    leader = 0
    played: dict[Card, int] = {}
    for n, (led, second) in enumerate(rec.tricks, 1):
        follower = leader ^ 1
        step = Step(StepKind.TRICK, trick=n)
        if not masks[leader] & led.bit:
            why = _where_is(led, rec, leader, masks, played)
            swapped = bool(masks[follower] & led.bit)
            return RecordProblem("card_not_held", ("tricks", n - 1, 0), str(led), step,
                                 {"card": led, "role": ROLES[leader], "swapped": swapped, **why})
        if not masks[follower] & second.bit:
            why = _where_is(second, rec, follower, masks, played)
            return RecordProblem("card_not_held", ("tricks", n - 1, 1), str(second), step,
                                 {"card": second, "led": led, "role": ROLES[follower],
                                  "swapped": False, **why})
        suit = SUIT_MASKS[led.suit.index]
        if second.suit is not led.suit and masks[follower] & suit:
            return RecordProblem("revoke", ("tricks", n - 1, 1), str(second), step,
                                 {"card": second, "led": led, "role": ROLES[follower]})
        masks[leader] ^= led.bit
        masks[follower] ^= second.bit
        played[led] = played[second] = n
        if second.suit is led.suit and second.rank > led.rank:
            leader = follower
    return None


def record_problems(data: object) -> tuple[RecordProblem, ...]:
    """What is wrong with a deal record, as facts; ``()`` when it is a valid deal.

    Every problem of the record's shape at once (missing keys, wrong types, bad card names,
    wrong counts, a card twice in one list); when the shape is right, the first rule broken
    while the deal is replayed in order — the deal, the exchange, the declarations, then
    trick by trick — as one problem naming its step.

    >>> r = {"elder": "AS AH AD AC KS KH KD KC QS QH QD 7C".split(),
    ...      "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
    ...      "talon": "QC 8S 7S 8H 7H 8D 7D 8C".split(),
    ...      "elder_discard": ["7C"], "younger_discard": ["9S"],
    ...      "tricks": [["AS", "JS"], ["KS", "9H"]]}
    >>> p = record_problems(r)[0]
    >>> p.code, p.step, p.pointer
    ('revoke', Step(kind=<StepKind.TRICK: 'trick'>, trick=2, role=None), '/tricks/1/1')
    >>> p.facts["role"], p.facts["card"], p.facts["led"]
    ('younger', Card('9H'), Card('KS'))
    >>> str(p)
    "revoke /tricks/1/1: '9H'"
    """
    if isinstance(data, DealRecord):
        data = data._as_mapping()
    shape = _shape_problems(data)
    if shape:
        return tuple(shape)
    assert isinstance(data, Mapping)
    rec = DealRecord._parse(data)
    found = _deal_problem(rec) or _declaration_problem(rec) or _play_problem(rec)
    return (found,) if found else ()


def _cards(value: object, what: str) -> tuple[Card, ...]:
    """The cards of a list (or text) whose shape was checked."""
    if isinstance(value, str):
        return tuple(parse_card(t) for t in _SEPARATORS.split(value) if t)
    assert isinstance(value, list | tuple), what
    try:
        return tuple([_BY_TOKEN[s] for s in value])
    except (KeyError, TypeError):
        return tuple(s if isinstance(s, Card) else parse_card(s) for s in value)


@dataclass(frozen=True)
class DealRecord:
    """A checked deal record. ``DealRecord.from_json(data)`` validates; ``to_json()`` writes."""

    rules: Rules
    elder: tuple[Card, ...]
    younger: tuple[Card, ...]
    talon: tuple[Card, ...]
    elder_discard: tuple[Card, ...]
    younger_discard: tuple[Card, ...]
    declarations: tuple[DeclSpec, DeclSpec] = (None, None)
    tricks: tuple[tuple[Card, Card], ...] = ()
    younger_shows_leftovers: bool = False
    """Britannica: Younger turned the cards he left face up (changes what is seen, not scores)."""

    @classmethod
    def from_json(cls, data: object) -> DealRecord:
        """Check a JSON-able record's shape, its deal and its exchange (not yet its
        declarations or play: :func:`score_record` replays those). A :class:`RecordError`
        names the first problem; its ``problems`` lists every problem of shape."""
        if isinstance(data, DealRecord):
            return data
        shape = _shape_problems(data)
        if shape:
            raise shape[0].error(tuple(shape))
        assert isinstance(data, Mapping)
        rec = cls._parse(data)
        problem = _deal_problem(rec)
        if problem is not None:
            raise problem.error()
        return rec

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> DealRecord:
        """Build from a record whose shape is right (no rule is checked here)."""
        rules = get_rules(data.get("rules"))
        elder = _cards(data["elder"], "elder")
        younger = _cards(data["younger"], "younger")
        talon = _cards(data["talon"], "talon")
        ed = _cards(data["elder_discard"], "elder_discard")
        yd = _cards(data.get("younger_discard", ()), "younger_discard")
        decl = data.get("declarations") or {}
        tricks = tuple((a, b) for a, b in (_cards(t, "trick") for t in data.get("tricks", ())))
        rec = cls(rules, elder, younger, talon, ed, yd,
                  (decl.get("elder"), decl.get("younger")), tricks,
                  data.get("younger_shows_leftovers", False))
        em, ym = cards_mask(elder), cards_mask(younger)
        ne, ny = len(ed), len(yd)
        masks = ((em & ~cards_mask(ed)) | cards_mask(talon[:ne]),
                 (ym & ~cards_mask(yd)) | cards_mask(talon[ne:ne + ny]),
                 is_carte_blanche(em), is_carte_blanche(ym))
        object.__setattr__(rec, "_masks", masks)
        return rec

    def _as_mapping(self) -> dict[str, Any]:
        """The record's fields as a mapping (cards as :class:`Card`), for the checks."""
        return {"rules": self.rules, "elder": self.elder, "younger": self.younger,
                "talon": self.talon, "elder_discard": self.elder_discard,
                "younger_discard": self.younger_discard,
                "declarations": {"elder": self.declarations[0],
                                 "younger": self.declarations[1]},
                "younger_shows_leftovers": self.younger_shows_leftovers,
                "tricks": self.tricks}

    def _after_masks(self) -> tuple[int, int, bool, bool]:
        """(Elder's mask after the exchange, Younger's, Elder's blanche, Younger's blanche)."""
        found: tuple[int, int, bool, bool] | None = self.__dict__.get("_masks")
        if found is None:
            found = (cards_mask(self.elder_after), cards_mask(self.younger_after),
                     *self.blanche)
            object.__setattr__(self, "_masks", found)
        return found

    @property
    def elder_drawn(self) -> tuple[Card, ...]:
        return self.talon[: len(self.elder_discard)]

    @property
    def younger_drawn(self) -> tuple[Card, ...]:
        n = len(self.elder_discard)
        return self.talon[n: n + len(self.younger_discard)]

    @property
    def elder_left(self) -> tuple[Card, ...]:
        """Cards of Elder's five that he left (he may look at them)."""
        return self.talon[len(self.elder_discard): 5]

    @property
    def talon_left(self) -> tuple[Card, ...]:
        """Cards nobody took."""
        return self.talon[len(self.elder_discard) + len(self.younger_discard):]

    @property
    def elder_after(self) -> tuple[Card, ...]:
        return exchanged(self.elder, self.elder_discard, self.elder_drawn)

    @property
    def younger_after(self) -> tuple[Card, ...]:
        return exchanged(self.younger, self.younger_discard, self.younger_drawn)

    @property
    def blanche(self) -> tuple[bool, bool]:
        """Carte blanche, judged on the hands as dealt."""
        e = y = 0
        for c in self.elder:
            e |= c.bit
        for c in self.younger:
            y |= c.bit
        return is_carte_blanche(e), is_carte_blanche(y)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules.name,
            "elder": [str(c) for c in self.elder],
            "younger": [str(c) for c in self.younger],
            "talon": [str(c) for c in self.talon],
            "elder_discard": [str(c) for c in self.elder_discard],
            "younger_discard": [str(c) for c in self.younger_discard],
        }
        e, y = self.declarations
        if e is not None or y is not None:
            out["declarations"] = {k: dict(v) for k, v in (("elder", e), ("younger", y))
                                   if v is not None}
        if self.younger_shows_leftovers:
            out["younger_shows_leftovers"] = True
        out["tricks"] = [[str(a), str(b)] for a, b in self.tricks]
        return out


_BIT_BY_TOKEN: Final = {token: card.bit for token, card in _BY_TOKEN.items()}
_INDEX_BY_TOKEN: Final = {token: card.index for token, card in _BY_TOKEN.items()}
_PLAYERS: Final = frozenset(("elder", "younger"))


class _Checked(NamedTuple):
    """What scoring needs of a checked record: hands after the exchange as masks, carte
    blanche as dealt, the declaration specs, and the tricks as card indices."""

    rules: Rules
    elder: int
    younger: int
    elder_blanche: bool
    younger_blanche: bool
    declares: tuple[DeclSpec, DeclSpec]
    tricks: list[tuple[int, int]]


def _quick_check(data: object) -> _Checked | None:
    """The common case at speed: a dict of canonical card strings that breaks no rule. Returns
    None whenever anything is unusual; :meth:`DealRecord.from_json` then checks step by step
    and names the problem (so this lane never has to explain anything)."""
    try:
        if type(data) is not dict:
            return None
        rules = PRESETS[data.get("rules", "britannica")]
        e, y, t, ed = data["elder"], data["younger"], data["talon"], data["elder_discard"]
        yd = data.get("younger_discard", ())
        if not {type(e), type(y), type(t), type(ed), type(yd)} <= _SEQUENCE_TYPES:
            return None
        bit = _BIT_BY_TOKEN.__getitem__
        em, ym, tm = sum(map(bit, e)), sum(map(bit, y)), sum(map(bit, t))
        edm, ydm = sum(map(bit, ed)), sum(map(bit, yd))
        ne, ny = len(ed), len(yd)
        lowest = 1 if rules.younger_must_exchange else 0
        if (len(e) != 12 or len(y) != 12 or len(t) != 8 or em.bit_count() != 12
                or ym.bit_count() != 12 or tm.bit_count() != 8 or (em | ym | tm).bit_count() != 32
                or not 1 <= ne <= 5 or edm.bit_count() != ne or edm & ~em
                or not lowest <= ny <= 8 - ne or ydm.bit_count() != ny or ydm & ~ym):
            return None
        decl = data.get("declarations")
        if decl is None:
            declares: tuple[DeclSpec, DeclSpec] = (None, None)
        elif type(decl) is dict and decl.keys() <= _PLAYERS:
            declares = (decl.get("elder"), decl.get("younger"))
        else:
            return None
        if data.get("younger_shows_leftovers", False) is not False:
            return None
        raw = data.get("tricks", ())
        if (type(raw) is not list and type(raw) is not tuple) or len(raw) > 12 or (
                raw and not set(map(type, raw)) <= _SEQUENCE_TYPES):
            return None
        index = _INDEX_BY_TOKEN
        tricks = [(index[a], index[b]) for a, b in raw]
        drawn_e = sum(map(bit, t[:ne]))
        drawn_y = sum(map(bit, t[ne:ne + ny]))
    except (KeyError, TypeError, ValueError):
        return None
    return _Checked(rules, (em & ~edm) | drawn_e, (ym & ~ydm) | drawn_y,
                    is_carte_blanche(em), is_carte_blanche(ym), declares, tricks)


def _checked(rec: DealRecord) -> _Checked:
    em, ym, eb, yb = rec._after_masks()
    return _Checked(rec.rules, em, ym, eb, yb, rec.declarations,
                    [(a.index, b.index) for a, b in rec.tricks])


class DealScore:
    """A deal record scored: the sheet per player, and the explanations behind it."""

    __slots__ = ("_reckoning", "_record", "bonus", "declarations", "play")

    def __init__(self, record: Mapping[str, Any] | DealRecord, declarations: DeclarationScore,
                 play: PlayResult, bonus: Bonuses) -> None:
        self._record = record
        self.declarations = declarations
        self.play = play
        self.bonus = bonus
        self._reckoning: Reckoning | None = None

    @property
    def record(self) -> DealRecord:
        """The checked record (parsed on first use)."""
        if not isinstance(self._record, DealRecord):
            self._record = DealRecord.from_json(self._record)
        return self._record

    @property
    def complete(self) -> bool:
        return len(self.play.tricks) == 12

    def score(self, player: Role, category: str) -> int:
        who = 0 if player == "elder" else 1
        if category == "pique":
            return PIQUE if self.bonus.pique == who else 0
        if category == "repique":
            return REPIQUE if self.bonus.repique == who else 0
        if category == "play":
            return sum(1 for w in self.play.scorers if w == who)
        if category == "cards":
            return self.play.cards[who]
        if category == "capot":
            return self.play.capot[who]
        return self.declarations.score(player, category)

    def total(self, player: Role) -> int:
        return sum(self.score(player, c) for c in SHEET_KEYS)

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"elder": {...}, "younger": {...}}``: blanche, point, sequences, sets, repique,
        pique, play, cards, capot, total."""
        out = {}
        for player in ("elder", "younger"):
            row = {c: self.score(player, c) for c in SHEET_KEYS}
            row["total"] = sum(row.values())
            out[player] = row
        return out

    @property
    def reckoning(self) -> Reckoning:
        """Every score in reckoning order, repique or pique where the 30 is reached."""
        if self._reckoning is None:
            self._reckoning = build_reckoning(self.declarations.entries, self.play.points,
                                              self.play.cards, self.play.capot)
        return self._reckoning


def score_record(record: Mapping[str, Any] | DealRecord) -> DealScore:
    """Score a deal record. Raises a :class:`RecordError` (a ``ValueError``) naming the first
    of its :func:`record_problems` if it is malformed or breaks a rule.

    >>> import json, pathlib
    >>> r = {"elder": "AS AH AD AC KS KH KD KC QS QH QD 7C".split(),
    ...      "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
    ...      "talon": "QC 8S 7S 8H 7H 8D 7D 8C".split(),
    ...      "elder_discard": ["7C"], "younger_discard": ["9S"], "tricks": []}
    >>> score_record(r).as_dict()["elder"]["repique"]
    60
    """
    try:
        c = _quick_check(record)
        if c is None:
            rec = DealRecord.from_json(record)
            c = _checked(rec)
            record = rec
        play = play_indices(c.elder, c.younger, c.tricks, c.rules)
        decl = score_masks(c.rules, c.elder, c.younger, None, c.elder_blanche,
                           c.younger_blanche, *c.declares, play.scorers)
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:
        raise _explained(record, e) from None
    return DealScore(record, decl, play, decl.bonus)


def _explained(record: object, e: Exception) -> RecordError:
    """The error for a record the quick lane could not score: the first of its problems
    (so that every way in names a problem in the same words)."""
    problems = record_problems(record)
    if problems:
        return problems[0].error(problems)
    return RecordError(values=(e,))  # pragma: no cover - the checks above find every problem

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
the hands as dealt. A record that breaks a rule raises a ``ValueError`` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from piquet.cards import _BY_TOKEN, Card, CardError, cards_mask, parse_card, parse_cards
from piquet.combos import is_carte_blanche
from piquet.exchange import elder_may_take, exchanged, verify_discard, younger_may_take
from piquet.play import PlayResult, play_indices
from piquet.reckon import (
    PIQUE,
    REPIQUE,
    Bonuses,
    Reckoning,
    Role,
    build_reckoning,
)
from piquet.rules import PRESETS, Rules, get_rules
from piquet.scoring import DeclarationScore, DeclSpec, score_masks

SHEET_KEYS: Final = ("blanche", "point", "sequences", "sets", "repique", "pique", "play",
                     "cards", "capot")


_SEQUENCE_TYPES: Final = {list, tuple}


class RecordError(ValueError):
    """A deal record that is malformed or breaks a rule; the message names the problem."""


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if type(value) is list or type(value) is tuple:
        try:
            return tuple([_BY_TOKEN[s] for s in value])
        except (KeyError, TypeError):
            pass
        out = []
        for s in value:
            if isinstance(s, Card):
                out.append(s)
                continue
            if not isinstance(s, str):
                raise RecordError(f"{what}: {s!r} is not a card")
            try:
                out.append(parse_card(s))
            except CardError as e:
                raise RecordError(f"{what}: {e}") from None
        return tuple(out)
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardError as e:
            raise RecordError(f"{what}: {e}") from None
    raise RecordError(f"{what} must be a list of cards, not {type(value).__name__}")


def _mask(cards: Sequence[Card], what: str, size: int | None) -> int:
    m = sum([c.bit for c in cards])
    if m.bit_count() == len(cards) and (size is None or len(cards) == size):
        return m
    m = 0
    for c in cards:
        if m & c.bit:
            raise RecordError(f"{what} holds {c} twice")
        m |= c.bit
    if size is not None and len(cards) != size:
        raise RecordError(f"{what} has {len(cards)} cards; it must have {size}")
    return m


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
        """Check a JSON-able record; a ``RecordError`` names the first problem found."""
        if isinstance(data, DealRecord):
            return data
        if not isinstance(data, Mapping):
            raise RecordError(f"a deal record must be an object, not {type(data).__name__}")
        try:
            rules = get_rules(data.get("rules", "britannica"))
        except ValueError as e:
            raise RecordError(str(e)) from None
        for key in ("elder", "younger", "talon", "elder_discard"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        elder = _cards(data["elder"], "Elder's hand")
        younger = _cards(data["younger"], "Younger's hand")
        talon = _cards(data["talon"], "the talon")
        em = _mask(elder, "Elder's hand", 12)
        ym = _mask(younger, "Younger's hand", 12)
        tm = _mask(talon, "the talon", 8)
        if (em | ym | tm).bit_count() != 32:
            for c in elder + younger:
                if c.bit & tm:
                    raise RecordError(f"{c} is both in a hand and in the talon")
            both = next(c for c in elder if c.bit & ym)
            raise RecordError(f"{both} is in both hands")
        ed = _cards(data["elder_discard"], "Elder's discard")
        yd = _cards(data.get("younger_discard", ()), "Younger's discard")
        try:
            verify_discard(em, ed, elder_may_take(rules), "Elder")
            verify_discard(ym, yd, younger_may_take(len(ed), rules), "Younger")
        except ValueError as e:
            raise RecordError(str(e)) from None
        ne, ny = len(ed), len(yd)
        edm = ydm = dre = dry = 0
        for c in ed:
            edm |= c.bit
        for c in yd:
            ydm |= c.bit
        for c in talon[:ne]:
            dre |= c.bit
        for c in talon[ne:ne + ny]:
            dry |= c.bit
        masks = ((em & ~edm) | dre, (ym & ~ydm) | dry, is_carte_blanche(em),
                 is_carte_blanche(ym))
        decl = data.get("declarations")
        if decl is None:
            decl = {}
        if not isinstance(decl, Mapping):
            raise RecordError("'declarations' must be an object with 'elder' and 'younger'")
        unknown = [k for k in decl if k not in ("elder", "younger")]
        if unknown:
            raise RecordError(f"'declarations' has an unknown player {unknown[0]!r} "
                              "(use 'elder' and 'younger')")
        raw_tricks = data.get("tricks", ())
        if not isinstance(raw_tricks, list | tuple):
            raise RecordError("'tricks' must be a list of [card led, card played second]")
        if len(raw_tricks) > 12:
            raise RecordError(f"the record has {len(raw_tricks)} tricks; a deal has 12")
        try:
            if not set(map(type, raw_tricks)) <= _SEQUENCE_TYPES:
                raise TypeError
            tricks = [(_BY_TOKEN[a], _BY_TOKEN[b]) for a, b in raw_tricks]
        except (KeyError, TypeError, ValueError):
            tricks = []
            for n, t in enumerate(raw_tricks, 1):
                if not isinstance(t, list | tuple):
                    raise RecordError(f"trick {n} must be a list of cards, not "
                                      f"{type(t).__name__}") from None
                pair = _cards(t, f"trick {n}")
                if len(pair) != 2:
                    raise RecordError(f"trick {n} has {len(pair)} cards; a trick has 2") from None
                tricks.append((pair[0], pair[1]))
        shows = data.get("younger_shows_leftovers", False)
        if not isinstance(shows, bool):
            raise RecordError("'younger_shows_leftovers' must be true or false")
        if shows and rules.younger_may_look_at_leftovers:
            raise RecordError("under cavendish Younger does not turn his leftovers face up")
        rec = cls(rules, elder, younger, talon, ed, yd,
                  (decl.get("elder"), decl.get("younger")), tuple(tricks), shows)
        object.__setattr__(rec, "_masks", masks)
        return rec

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
    """Score a deal record. Raises a ``ValueError`` naming the problem if it breaks a rule.

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
    except ValueError as e:
        raise RecordError(str(e)) from None
    except (TypeError, KeyError, AttributeError, IndexError) as e:  # malformed beyond the checks
        raise RecordError(f"the record is malformed ({e})") from None
    return DealScore(record, decl, play, decl.bonus)

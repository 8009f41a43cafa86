"""A whole deal as an immutable state machine, step by step.

Every action returns a new :class:`DealState`; the old one is untouched, so undo is keeping the
previous state, and replay is applying the recorded actions again. Each action comes as
``verify_x`` (raises a coded error), ``can_x`` (a bool) and ``x`` (the new state).

>>> d = DealState.deal(seed=7)
>>> d.phase, d.to_move
(<Phase.ELDER_EXCHANGE: 'elder_exchange'>, 'elder')
>>> d = d.discard("elder", d.hand("elder")[:5])
>>> d = d.discard("younger", d.hand("younger")[:3])
>>> d = d.declare("elder").declare("younger")
>>> while d.phase is Phase.PLAY:
...     d = d.play(d.to_move, d.legal_plays()[0])
>>> d.phase, len(d.tricks)
(<Phase.DONE: 'done'>, 12)
>>> score_record(d.record()).as_dict() == d.score().as_dict()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from piquet.cards import DECK, Card, parse_cards
from piquet.combos import is_carte_blanche
from piquet.declare import Calls, Declaration, declaration_from_spec
from piquet.errors import PiquetError
from piquet.exchange import (
    ExchangeError,
    elder_may_take,
    exchanged,
    verify_discard,
    younger_may_take,
)
from piquet.play import PlayError, legal_cards, trick_winner, verify_play
from piquet.reckon import ROLES, Role
from piquet.record import DealRecord, DealScore, score_record
from piquet.rules import Rules, get_rules
from piquet.scoring import DeclSpec
from piquet.worlds import Heard, heard_of


class Phase(Enum):
    ELDER_EXCHANGE = "elder_exchange"
    YOUNGER_EXCHANGE = "younger_exchange"
    ELDER_DECLARES = "elder_declares"
    YOUNGER_DECLARES = "younger_declares"
    PLAY = "play"
    DONE = "done"


class ActionError(PiquetError):
    """An action out of turn or not allowed now."""

    default_code = "action"


@dataclass(frozen=True, slots=True)
class Action:
    """One recorded step: ``kind`` is discard, declare or play."""

    kind: str
    player: Role
    cards: tuple[Card, ...] = ()
    spec: Mapping[str, Any] | None = None
    show_leftovers: bool = False


def _other(role: Role) -> Role:
    return "younger" if role == "elder" else "elder"


def deal_cards(seed: int | None, batch: int = 3) -> tuple[tuple[Card, ...], tuple[Card, ...],
                                                          tuple[Card, ...], int]:
    """Shuffle (seeded), cut, and deal 12 each in batches of two or three, Elder first.
    Returns (elder, younger, talon top first, cut position)."""
    if batch not in (2, 3):
        raise ActionError(code="deal_batch", values=(batch,))
    rng = random.Random(seed)
    pack = list(DECK)
    rng.shuffle(pack)
    cut = rng.randint(2, 30)  # Elder cuts, leaving at least two cards in each packet
    pack = pack[cut:] + pack[:cut]
    elder: list[Card] = []
    younger: list[Card] = []
    i = 0
    while len(younger) < 12:
        elder.extend(pack[i:i + batch])
        younger.extend(pack[i + batch:i + 2 * batch])
        i += 2 * batch
    return tuple(elder), tuple(younger), tuple(pack[24:]), cut


@dataclass(frozen=True)
class DealState:
    """The state of one deal. Build with :meth:`deal` or :meth:`from_record`."""

    rules: Rules
    elder_dealt: tuple[Card, ...]
    younger_dealt: tuple[Card, ...]
    talon: tuple[Card, ...]
    seed: int | None = None
    elder_discard: tuple[Card, ...] | None = None
    younger_discard: tuple[Card, ...] | None = None
    declared: tuple[bool, bool] = (False, False)
    specs: tuple[DeclSpec, DeclSpec] = (None, None)
    tricks: tuple[tuple[Card, Card], ...] = ()
    lead: Card | None = None
    leftovers_shown: bool = False
    """Britannica: Younger turned the cards he left face up for both to see."""
    history: tuple[Action, ...] = field(default=())

    # --- construction ---

    @classmethod
    def deal(cls, seed: int | None = None, *, rules: str | Rules | None = None,
             batch: int = 3) -> DealState:
        """A new deal: seeded shuffle, cut, deal in twos or threes."""
        elder, younger, talon, _ = deal_cards(seed, batch)
        return cls(get_rules(rules), elder, younger, talon, seed)

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | DealRecord) -> DealState:
        """Replay a deal record step by step (it is checked on the way)."""
        rec = DealRecord.from_json(record)
        d = cls(rec.rules, rec.elder, rec.younger, rec.talon)
        d = d.discard("elder", rec.elder_discard).discard(
            "younger", rec.younger_discard, show_leftovers=rec.younger_shows_leftovers)
        if rec.tricks or any(s is not None for s in rec.declarations):
            d = d.declare("elder", rec.declarations[0]).declare("younger", rec.declarations[1])
        for a, b in rec.tricks:
            d = d.play(d.to_move or "elder", a)
            d = d.play(d.to_move or "elder", b)
        return d

    # --- where we are ---

    @property
    def phase(self) -> Phase:
        if self.elder_discard is None:
            return Phase.ELDER_EXCHANGE
        if self.younger_discard is None:
            return Phase.YOUNGER_EXCHANGE
        if not self.declared[0]:
            return Phase.ELDER_DECLARES
        if not self.declared[1]:
            return Phase.YOUNGER_DECLARES
        if len(self.tricks) < 12:
            return Phase.PLAY
        return Phase.DONE

    @property
    def leader(self) -> Role:
        """Who leads (or led) the current trick."""
        if not self.tricks:
            return "elder"
        led, second = self.tricks[-1]
        prev = self.trick_leader(len(self.tricks) - 1)
        return _other(prev) if trick_winner(led, second) else prev

    def trick_leader(self, index: int) -> Role:
        """Who led trick ``index`` (0-based)."""
        role: Role = "elder"
        for led, second in self.tricks[:index]:
            if trick_winner(led, second):
                role = _other(role)
        return role

    @property
    def to_move(self) -> Role | None:
        ph = self.phase
        if ph in (Phase.ELDER_EXCHANGE, Phase.ELDER_DECLARES):
            return "elder"
        if ph in (Phase.YOUNGER_EXCHANGE, Phase.YOUNGER_DECLARES):
            return "younger"
        if ph is Phase.PLAY:
            return self.leader if self.lead is None else _other(self.leader)
        return None

    @property
    def blanche(self) -> tuple[bool, bool]:
        e = y = 0
        for c in self.elder_dealt:
            e |= c.bit
        for c in self.younger_dealt:
            y |= c.bit
        return is_carte_blanche(e), is_carte_blanche(y)

    def drawn(self, role: Role) -> tuple[Card, ...]:
        ne = len(self.elder_discard or ())
        if role == "elder":
            return self.talon[:ne]
        return self.talon[ne:ne + len(self.younger_discard or ())]

    def hand(self, role: Role) -> tuple[Card, ...]:
        """The cards the player holds now."""
        dealt = self.elder_dealt if role == "elder" else self.younger_dealt
        disc = self.elder_discard if role == "elder" else self.younger_discard
        h = dealt if disc is None else exchanged(dealt, disc, self.drawn(role))
        played = 0
        for t in self.tricks:
            for c in t:
                played |= c.bit
        if self.lead is not None:
            played |= self.lead.bit
        return tuple(c for c in h if not c.bit & played)

    def _after_exchange(self, role: Role) -> tuple[Card, ...]:
        dealt = self.elder_dealt if role == "elder" else self.younger_dealt
        disc = (self.elder_discard if role == "elder" else self.younger_discard) or ()
        return exchanged(dealt, disc, self.drawn(role))

    def _expect(self, role: Role, phase: Phase | tuple[Phase, ...]) -> None:
        phases = phase if isinstance(phase, tuple) else (phase,)
        if self.phase not in phases:
            raise ActionError(code="wrong_phase", values=(role, self.phase))
        if self.to_move != role:
            raise ActionError(code="not_your_turn", values=(self.to_move, role))

    # --- the exchange ---

    def exchange_range(self, role: Role) -> range:
        if role == "elder":
            return elder_may_take(self.rules)
        return younger_may_take(len(self.elder_discard or ()), self.rules)

    def verify_discard(self, role: Role, cards: Sequence[Card] | str) -> None:
        self._expect(role, Phase.ELDER_EXCHANGE if role == "elder" else Phase.YOUNGER_EXCHANGE)
        m = 0
        for c in self.hand(role):
            m |= c.bit
        verify_discard(m, parse_cards(cards), self.exchange_range(role), role.capitalize())

    def can_discard(self, role: Role, cards: Sequence[Card] | str) -> bool:
        try:
            self.verify_discard(role, cards)
        except (ActionError, ExchangeError, ValueError):
            return False
        return True

    def discard(self, role: Role, cards: Sequence[Card] | str, *,
                show_leftovers: bool = False) -> DealState:
        """Discard and draw as many from the talon (Elder from the top). Under britannica
        Younger may turn the cards he leaves face up for both (``show_leftovers``)."""
        self.verify_discard(role, cards)
        if show_leftovers and (role == "elder" or self.rules.younger_may_look_at_leftovers):
            raise ActionError(code="leftovers_not_shown", values=(role, self.rules.name))
        disc = parse_cards(cards)
        act = Action("discard", role, disc, show_leftovers=show_leftovers)
        if role == "elder":
            return replace(self, elder_discard=disc, history=(*self.history, act))
        return replace(self, younger_discard=disc, leftovers_shown=show_leftovers,
                       history=(*self.history, act))

    # --- declarations ---

    def declaration(self, role: Role, spec: DeclSpec = None) -> Declaration:
        """What ``spec`` declares from this player's hand after the exchange (checked)."""
        return declaration_from_spec(self._after_exchange(role), spec, who=role.capitalize())

    def verify_declare(self, role: Role, spec: DeclSpec = None) -> None:
        self._expect(role, Phase.ELDER_DECLARES if role == "elder" else Phase.YOUNGER_DECLARES)
        self.declaration(role, spec)

    def can_declare(self, role: Role, spec: DeclSpec = None) -> bool:
        try:
            self.verify_declare(role, spec)
        except ValueError:
            return False
        return True

    def declare(self, role: Role, spec: DeclSpec = None) -> DealState:
        """Declare (``None``: in full; a spec sinks). Elder first, then Younger."""
        self.verify_declare(role, spec)
        i = 0 if role == "elder" else 1
        specs = (spec, self.specs[1]) if i == 0 else (self.specs[0], spec)
        declared = (True, self.declared[1]) if i == 0 else (True, True)
        return replace(self, specs=specs, declared=declared,
                       history=(*self.history, Action("declare", role, (), spec)))

    # --- play ---

    def legal_plays(self) -> tuple[Card, ...]:
        if self.phase is not Phase.PLAY or self.to_move is None:
            return ()
        return legal_cards(self.hand(self.to_move), self.lead)

    def verify_play(self, role: Role, card: Card | str) -> None:
        self._expect(role, Phase.PLAY)
        c = parse_cards([card])[0]
        m = 0
        for h in self.hand(role):
            m |= h.bit
        verify_play(m, c, self.lead, role.capitalize())

    def can_play(self, role: Role, card: Card | str) -> bool:
        try:
            self.verify_play(role, card)
        except (ActionError, PlayError, ValueError):
            return False
        return True

    def play(self, role: Role, card: Card | str) -> DealState:
        self.verify_play(role, card)
        c = parse_cards([card])[0]
        hist = (*self.history, Action("play", role, (c,)))
        if self.lead is None:
            return replace(self, lead=c, history=hist)
        return replace(self, tricks=(*self.tricks, (self.lead, c)), lead=None, history=hist)

    # --- records and scores ---

    def record(self) -> dict[str, Any]:
        """The deal record (JSON-able) of everything done so far (complete tricks only)."""
        out: dict[str, Any] = {
            "rules": self.rules.name,
            "elder": [str(c) for c in self.elder_dealt],
            "younger": [str(c) for c in self.younger_dealt],
            "talon": [str(c) for c in self.talon],
            "elder_discard": [str(c) for c in self.elder_discard or ()],
            "younger_discard": [str(c) for c in self.younger_discard or ()],
        }
        decl = {r: dict(s) for r, s in zip(ROLES, self.specs, strict=True) if s is not None}
        if decl:
            out["declarations"] = decl
        if self.leftovers_shown:
            out["younger_shows_leftovers"] = True
        out["tricks"] = [[str(a), str(b)] for a, b in self.tricks]
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    def score(self) -> DealScore:
        """The score so far (declarations once both have declared; tricks completed)."""
        if not self.declared[1]:
            raise ActionError(code="not_declared_yet", values=(self.phase,))
        return score_record(self.record())

    def undo(self) -> DealState:
        """The state before the last action (replayed from the start)."""
        if not self.history:
            return self
        d = DealState(self.rules, self.elder_dealt, self.younger_dealt, self.talon, self.seed)
        for a in self.history[:-1]:
            d = d.apply(a)
        return d

    def apply(self, action: Action) -> DealState:
        if action.kind == "discard":
            return self.discard(action.player, action.cards,
                                show_leftovers=action.show_leftovers)
        if action.kind == "declare":
            return self.declare(action.player, action.spec)
        if action.kind == "play":
            return self.play(action.player, action.cards[0])
        raise ActionError(code="unknown_action", values=(action.kind,))

    # --- what each player may see ---

    def view(self, role: Role) -> PlayerView:
        """Only what ``role`` may see (RULES.md sections 3-5 and 9)."""
        opp = _other(role)
        i = 0 if role == "elder" else 1
        ne = len(self.elder_discard or ())
        seen_talon: list[Card] = []
        if role == "elder" and self.elder_discard is not None:
            seen_talon = [*self.drawn("elder"), *self.talon[ne:5]]  # he may look at his leftovers
        if role == "younger" and self.younger_discard is not None:
            seen_talon = list(self.drawn("younger"))
        if self.younger_discard is not None:
            left = self.talon[ne + len(self.younger_discard):]
            if self.leftovers_shown:  # britannica: face up for both
                seen_talon += left
            elif self.rules.younger_may_look_at_leftovers:
                # cavendish: Younger looks at what he left; Elder may see it after his first lead
                elder_led = bool(self.tricks) or self.lead is not None
                if role == "younger" or elder_led:
                    seen_talon += left
        opp_blanche_shown: tuple[Card, ...] = ()
        if self.blanche[1 - i]:
            if opp == "younger":  # both presets: shown once Elder has exchanged
                shown = self.elder_discard is not None
            elif self.rules.blanche_shown_after_opponent_discards:
                shown = self.younger_discard is not None
            else:  # britannica: Elder shows at once
                shown = True
            if shown:
                opp_blanche_shown = self.elder_dealt if opp == "elder" else self.younger_dealt
        calls: Calls | None = None
        if self.declared[0] and role == "younger":
            calls = Calls.of(self.declaration("elder", self.specs[0]))
        shown_cards: tuple[Card, ...] = ()
        sheet: dict[str, dict[str, int]] | None = None
        heard: Heard | None = None
        if self.declared[1]:
            heard = heard_of(self.declaration("elder", self.specs[0]),
                             self.declaration("younger", self.specs[1]), role)
            score = self.score()
            shown_cards = tuple(_shown_by(score, opp))
            sheet = score.as_dict()
        played = tuple(c for t in self.tricks for c in t)
        return PlayerView(
            role=role,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            hand=self.hand(role),
            dealt=self.elder_dealt if role == "elder" else self.younger_dealt,
            discard=(self.elder_discard if role == "elder" else self.younger_discard) or (),
            seen_talon=tuple(dict.fromkeys(seen_talon)),
            opponent_discard_count=len((self.younger_discard if role == "elder"
                                        else self.elder_discard) or ()),
            opponent_blanche=opp_blanche_shown,
            opponent_calls=calls,
            opponent_shown=shown_cards,
            tricks=self.tricks,
            lead=self.lead,
            played=played,
            legal=self.legal_plays() if self.to_move == role else (),
            exchange_range=self.exchange_range(role),
            sheet=sheet,
            heard=heard,
        )


def _shown_by(score: DealScore, role: Role) -> list[Card]:
    """Cards a player shows: those of his scoring combinations and of any Equal one."""
    out: list[Card] = []
    for v in score.declarations.verdicts:
        if v.winner == role:
            for combo in v.scored:
                out.extend(combo.cards)
        elif v.winner is None:
            mine = v.elder if role == "elder" else v.younger
            if mine is not None and v.elder is not None and v.younger is not None:
                out.extend(mine.cards)
    return list(dict.fromkeys(out))


@dataclass(frozen=True)
class PlayerView:
    """What one player may see of a deal: his own cards, what was revealed, what was played."""

    role: Role
    rules: Rules
    phase: Phase
    to_move: Role | None
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]
    discard: tuple[Card, ...]
    seen_talon: tuple[Card, ...]
    opponent_discard_count: int
    opponent_blanche: tuple[Card, ...]
    opponent_calls: Calls | None
    """Younger hears Elder's calls (numbers and names, no cards); None for Elder."""
    opponent_shown: tuple[Card, ...]
    """Cards of the opponent's combinations that scored or tied (shown on request)."""
    tricks: tuple[tuple[Card, Card], ...]
    lead: Card | None
    played: tuple[Card, ...]
    legal: tuple[Card, ...]
    exchange_range: range
    sheet: dict[str, dict[str, int]] | None
    """The public score sheet of the deal so far, once both have declared."""
    heard: Heard | None = None
    """What this player heard of the opponent's declaration (:mod:`piquet.worlds`), once both
    have declared: the opponent's hands in play must be :func:`piquet.worlds.consistent`
    with it."""

    def seen_cards(self) -> frozenset[Card]:
        """Every card this view shows its player."""
        out: set[Card] = set(self.hand) | set(self.dealt) | set(self.discard)
        out |= set(self.seen_talon) | set(self.opponent_blanche) | set(self.opponent_shown)
        out |= set(self.played)
        if self.lead is not None:
            out.add(self.lead)
        return frozenset(out)

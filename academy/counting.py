"""The card-counting drill: which cards can your opponent still hold?

A task is a position in the play of a computer's deal, seen by Younger at the start of a
trick: his cards and discards, the cards played, Elder's calls (what he declared: the point's
length, its pips when Younger would ask, his best sequence and best set) and the cards Elder
showed. The learner names every card Elder **can** still hold.

**The truth** (:func:`possible_cards`): a card can be in Elder's hand when some hand
consistent with everything Younger saw and heard holds it. The hands are every set of the
right size that holds the cards Elder showed and has not played, drawn from the cards Younger
has not seen, none of a suit Elder failed to follow, **and** whose twelve cards after the
exchange (the hand with the cards Elder played) could make his calls: a call never claims
more than is held (he may sink, so it is a floor): a point of ``n`` cards (of ``p`` pips when
heard) needs ``n`` cards of one suit (some ``n`` of them making ``p``), a sequence needs its
run in some suit, a set its rank ``count`` times. Pure Python: no Streamlit.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Final

from academy.calls import calls_allow, heard
from academy.puzzles import Position, view_worlds
from piquet.cards import DECK, Card, cards_mask, mask_cards, parse_cards
from piquet.deal import PlayerView
from piquet.players import knowledge

MOST_WORLDS: Final = 3000
"""A task's worlds are all enumerated: at most this many."""


def possible_cards(view: PlayerView) -> tuple[frozenset[Card], int]:
    """The cards Elder can hold (see the module doc) and how many hands are consistent."""
    k = knowledge(view)
    ws = view_worlds(view, random.Random(0), sampled=0, enumerate_at_most=MOST_WORLDS)
    if not ws.exact:
        raise ValueError("too many worlds to count")
    h = heard(view)
    out = 0
    n = 0
    for w in ws.hands:
        if calls_allow(w | k.opp_played, h):
            out |= w
            n += 1
    return frozenset(mask_cards(out)), n


def candidates(view: PlayerView) -> tuple[Card, ...]:
    """The cards offered to tap: every card not in the learner's hand and not played."""
    gone = cards_mask(view.hand) | cards_mask(view.played)
    return tuple(c for c in DECK if not gone >> c.index & 1)


@dataclass(frozen=True, slots=True)
class CountTask:
    """One drill task: its id, the position (Younger's view) and the truth."""

    id: str
    position: Position
    answer: tuple[Card, ...]
    hands: int
    """How many opponent hands are consistent with the view."""

    def view(self) -> PlayerView:
        return self.position.state().view("younger")

    def is_right(self, cards: Iterable[Card]) -> bool:
        return set(cards) == set(self.answer)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "pos": self.position.as_json(),
                "answer": " ".join(map(str, self.answer)), "hands": self.hands}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CountTask:
        return cls(str(data["id"]), Position.from_json(data["pos"]),
                   parse_cards(data["answer"]), int(data["hands"]))


DRILL_FILE: Final = Path(__file__).resolve().parent / "data" / "count_drill.json"


@cache
def tasks() -> tuple[CountTask, ...]:
    """The committed drill tasks (``academy/data/count_drill.json``, made by
    ``scripts/make_count_drill.py``)."""
    return tuple(CountTask.from_json(d)
                 for d in json.loads(DRILL_FILE.read_text(encoding="utf-8")))


def find_task(tid: str) -> CountTask | None:
    return next((t for t in tasks() if t.id == tid), None)


class Ruled(StrEnum):
    """Why a card offered to tap cannot be in the opponent's hand."""

    DISCARDED = "discarded"
    """The learner discarded it."""
    TALON = "talon"
    """The learner saw it stay in the talon."""
    VOID = "void"
    """The opponent failed to follow its suit."""
    FULL = "full"
    """The cards the opponent showed and has not played fill his hand."""
    CALLS = "calls"
    """No hand that makes the opponent's calls (and fits the rest) holds it."""


def ruled_out(view: PlayerView, card: Card, possible: Collection[Card]) -> Ruled | None:
    """Why ``card`` (offered to tap) cannot be in the opponent's hand; None when it can."""
    if card in possible:
        return None
    if card in view.discard:
        return Ruled.DISCARDED
    k = knowledge(view)
    if k.voids >> card.suit.index & 1:
        return Ruled.VOID
    if not (k.pool >> card.index & 1):
        return Ruled.TALON
    if k.opp_known.bit_count() == k.opp_count:
        return Ruled.FULL
    return Ruled.CALLS

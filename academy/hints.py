"""Hints for the learner: which helper player suggests the next step, and what it suggests.

A hint is facts (:class:`~piquet.players.Hint`: what to do, why, the numbers behind it);
:mod:`words.hints` says it in the current language. Pure Python: no Streamlit.

>>> from piquet.deal import DealState
>>> d = DealState.deal(seed=3)
>>> h = hint_for(d.view("elder"))
>>> h.kind.value, len(h.cards) in range(1, 6), h.reason.value
('discard', True, 'best_exchange')
>>> hinted_cards(h, d.view("elder").hand) == set(h.cards)
True
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from piquet.cards import Card
from piquet.deal import PlayerView
from piquet.players import Hint, HintKind, HintReason, Player, make_player

__all__ = ["HINT_LEVEL", "HINT_SEED", "Hint", "HintKind", "HintReason", "hint_for",
           "hint_player", "hinted_cards"]

HINT_LEVEL: Final = 2
"""The computer level whose choice is the hint: quick enough to wait for after each click,
good enough to learn from."""
HINT_SEED: Final = 7
"""The helper's seed: the same position gives the same hint."""


def hint_player(level: int = HINT_LEVEL, seed: int = HINT_SEED) -> Player:
    """A fresh helper player (``computer:<level>``), so that a hint depends on the position
    alone."""
    return make_player(f"computer:{level}", seed)


def hint_for(view: PlayerView, level: int = HINT_LEVEL, seed: int = HINT_SEED) -> Hint:
    """What the helper of ``level`` would do in ``view``'s position, and why (facts)."""
    return hint_player(level, seed).hint(view)


def hinted_cards(hint: Hint | None, among: Collection[Card]) -> set[Card]:
    """The cards the hint names (its discard or its card to play) that are in ``among``."""
    if hint is None or hint.kind is HintKind.DECLARE:
        return set()
    return {c for c in hint.cards if c in among}

"""The learner's cards on the Play page, tapped: the discards and the card played.

Both are card hands (:func:`ui.components.card_hand.card_hand`) whose taps reach Python
through the component's one tap path (:func:`ui.components.card_hand.tap`), then these
callbacks:

- :data:`DISCARD_HAND` (toggle mode, at most as many cards as may be exchanged):
  :func:`on_discard_tap` writes the chosen cards as the ``play_discard_<CARD>`` flags that
  :func:`ui.play.state._on_exchange` and "Choose the hinted cards" (``_on_take_hint``) use;
  the hand is drawn with ``selected=`` those flags, so they are the one truth.
- :data:`TRICK_HAND` (play mode, the cards that do not follow suit disabled):
  :func:`on_play_tap` plays the card (:func:`ui.play.state._on_play`, which ignores a
  second tap on a card already played).

A test taps a card with ``tap(DISCARD_HAND, card)`` (tests/card_taps.py sends the event a
browser sends).
"""

from __future__ import annotations

from typing import Final

from piquet import Card
from piquet.deal import DealState
from piquet.reckon import Role
from ui.components.card_hand import selection
from ui.play.state import K_DEAL, _on_play, _ss

__all__ = ["DISCARD_HAND", "TRICK_HAND", "on_discard_tap", "on_play_tap"]

DISCARD_HAND: Final = "play_discards"
"""The key of the learner's hand while he chooses his discards (not ``play_discard_…``:
``_clear_keys("play_discard_")`` clears the flags, not the hand)."""
TRICK_HAND: Final = "play_trick_hand"
"""The key of the learner's hand while he leads or replies to a trick."""


def on_discard_tap(role: Role, _card: Card) -> None:
    """A tap on a card to discard (the selection already updated): the flags follow it."""
    deal = _ss().get(K_DEAL)
    if not isinstance(deal, DealState):
        return
    chosen = set(selection(DISCARD_HAND))
    for card in deal.hand(role):
        _ss()[f"play_discard_{card}"] = card in chosen


def on_play_tap(role: Role, card: Card) -> None:
    """A tap on a card to play: play it."""
    if isinstance(_ss().get(K_DEAL), DealState):
        _on_play(role, str(card))

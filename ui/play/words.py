"""The Play page's words with a count in them, and cards named in a sentence.

Every message that says a count is a function of the count (:data:`COUNTED_MESSAGES`, which
the tests say with 0, 1, 2 and 5)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Final

from academy.rule_text import agree, counted
from piquet import Card, parse_cards
from piquet.reckon import Role

VS: Final = "\ufe0e"


_CARD_TOKEN: Final = re.compile(r"\b(10|[AKQJT987])([SHDC])\b")


def _card_words(text: str) -> str:
    """Card codes in a sentence shown with suit symbols: "Play 7S" -> "Play 7♠︎"."""
    def one(m: re.Match[str]) -> str:
        try:
            return parse_cards(m.group(0))[0].pretty + VS
        except ValueError:
            return m.group(0)
    return _CARD_TOKEN.sub(one, text)


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty + VS for c in cards)


# --- every message with a count, as a function of the count (tests say each with 0, 1, 2, 5)


def hand_label(n: int, notes: Sequence[str] = ()) -> str:
    """ "Your hand (1 card) — the cards you drew are outlined" """
    return f"Your hand ({counted(n, 'card')})" + (" — " + "; ".join(notes) if notes else "")


def discard_label(card: Card) -> str:
    """The discard checkbox's name: "Discard the queen of spades"."""
    return f"Discard the {card.name.lower()}"


def computer_hand_label(n: int) -> str:
    return f"The computer's hand ({counted(n, 'card')})"


def talon_label(n: int) -> str:
    return f"The talon ({counted(n, 'card')})"


def backs_label(n: int) -> str:
    """What a screen reader says for a row of ``n`` face-down cards."""
    return counted(n, "face-down card")


def exchange_button_label(n: int, lo: int) -> str:
    return "Keep my cards" if n == 0 and lo == 0 else f"Exchange {counted(n, 'card')}"


def tick_text(lo: int, hi: int, n: int) -> str:
    """ "Tick 1 to 5 cards (2 ticked)." """
    want = counted(lo, "card") if lo == hi else f"{lo} to {hi} cards"
    return f"Tick {want} ({n} ticked)."


def computer_exchanged(role: Role, n: int) -> str:
    return f"The computer ({role.capitalize()}) exchanged {counted(n, 'card')}."


def left_cards_label(n: int) -> str:
    return (f"The {agree(n, 'card', 'cards')} you left in the talon ({n})")


def tricks_caption(you: int, computer: int) -> str:
    return f"Tricks: you {you}, the computer {computer}."


def tricks_won_label(role: Role, won: int, dealer: bool = False) -> str:
    """A hand's label in the walkthrough: "Elder — 1 trick won"."""
    return (role.capitalize() + (" (dealer)" if dealer else "")
            + f" — {counted(won, 'trick')} won")


def walk_talon_label(n: int) -> str:
    return f"Talon ({counted(n, 'card')}, top first)"


def step_missing(k: int, n: int) -> str:
    return (f"Step {k} does not exist: this deal has {counted(n, 'step')}. "
            f"Showing step {n}.")


COUNTED_MESSAGES: Final[dict[str, Callable[[int], str]]] = {
    "hand_label": lambda n: hand_label(n),
    "computer_hand_label": computer_hand_label,
    "talon_label": talon_label,
    "backs_label": backs_label,
    "exchange_button_label": lambda n: exchange_button_label(n, 1),
    "tick_text (lo)": lambda n: tick_text(n, 5, 0),
    "tick_text (lo = hi)": lambda n: tick_text(n, n, 0),
    "tick_text (ticked)": lambda n: tick_text(1, 5, n),
    "computer_exchanged": lambda n: computer_exchanged("elder", n),
    "left_cards_label": left_cards_label,
    "tricks_caption": lambda n: tricks_caption(n, 12 - n),
    "tricks_won_label": lambda n: tricks_won_label("younger", n, True),
    "walk_talon_label": walk_talon_label,
    "step_missing": lambda n: step_missing(n + 1, n),
}
"""Each message of this module that says a count, as a function of the count (for tests)."""


def _hand_notes(hand: Sequence[Card], drawn: Collection[Card], selected: Collection[Card],
                hinted: Collection[Card], legal: Collection[Card] | None) -> list[str]:
    """What the outlines and dimming on the learner's hand mean (only what is shown)."""
    notes = []
    n = sum(c in drawn for c in hand)
    if n:
        notes.append(f"the {agree(n, 'card', 'cards')} you drew {agree(n, 'is', 'are')} "
                     "outlined")
    n = sum(c in selected for c in hand)
    if n:
        notes.append(f"the {agree(n, 'card', 'cards')} you ticked to discard "
                     f"{agree(n, 'is', 'are')} outlined and dimmed")
    if legal is not None:
        n = sum(c in hinted for c in hand)
        if n:
            notes.append(f"the hinted {agree(n, 'card is', 'cards are')} outlined")
        n = sum(c not in legal for c in hand)
        if n:
            notes.append(f"the {agree(n, 'card', 'cards')} you may not play "
                         f"{agree(n, 'is', 'are')} dimmed")
    return notes

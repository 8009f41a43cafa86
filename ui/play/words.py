"""The Play page's words with a count in them, and cards named in a sentence.

Every message that says a count is a whole ``ngettext`` message, said by a function of the
count (:data:`COUNTED_MESSAGES`, which the tests say with 0, 1, 2 and 5)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

from piquet import Card
from piquet.cards import Suit
from piquet.reckon import Role
from words import _, ngettext
from words.cards import card_name
from words.hints import VS, card_text, cards_text

__all__ = ["COUNTED_MESSAGES", "VS", "backs_label", "card_text", "cards_text",
           "computer_exchanged", "computer_hand_label",
           "exchange_button_label", "follow_suit_text", "hand_label", "led_card_caption",
           "left_cards_label", "step_missing", "talon_label", "tick_text",
           "tricks_caption", "tricks_won_label", "walk_talon_label"]


def _in_sentence(card: Card) -> str:
    """The card's name inside a sentence: "queen of spades"."""
    name = card_name(card)
    return name[:1].lower() + name[1:]


# --- every message with a count, as a function of the count (tests say each with 0, 1, 2, 5)


def hand_label(n: int, notes: Sequence[str] = ()) -> str:
    """ "Your hand (1 card) — the cards you drew are outlined" """
    if not notes:
        return ngettext("Your hand ({n} card)", "Your hand ({n} cards)", n)
    # TRANSLATORS: {notes} says what the outlines and dimming on the hand mean
    return ngettext("Your hand ({n} card) — {notes}", "Your hand ({n} cards) — {notes}", n,
                    notes=_("; ").join(notes))


def computer_hand_label(n: int) -> str:
    return ngettext("The computer's hand ({n} card)", "The computer's hand ({n} cards)", n)


def talon_label(n: int) -> str:
    return ngettext("The talon ({n} card)", "The talon ({n} cards)", n)


def backs_label(n: int) -> str:
    """What a screen reader says for a row of ``n`` face-down cards."""
    return ngettext("{n} face-down card", "{n} face-down cards", n)


def exchange_button_label(n: int, lo: int) -> str:
    if n == 0 and lo == 0:
        return _("Keep my cards")
    return ngettext("Exchange {n} card", "Exchange {n} cards", n)


def tick_text(lo: int, hi: int, n: int) -> str:
    """ "Tap 1 to 5 cards to discard (2 chosen)." """
    if lo == hi:
        return ngettext("Tap {n} card to discard ({ticked} chosen).",
                        "Tap {n} cards to discard ({ticked} chosen).", lo, ticked=n)
    return _("Tap {lo} to {hi} cards to discard ({ticked} chosen).", lo=lo, hi=hi, ticked=n)


def follow_suit_text(led: Card) -> str:
    """Why some cards of the learner's hand cannot be played now (he holds the suit led)."""
    card = _in_sentence(led)
    if led.suit is Suit.SPADES:
        # TRANSLATORS: {card} e.g. "queen of spades", the card the computer led
        return _("The computer led the {card}: you hold spades, so you must play a spade. "
                 "Your other cards are dimmed.", card=card)
    if led.suit is Suit.HEARTS:
        return _("The computer led the {card}: you hold hearts, so you must play a heart. "
                 "Your other cards are dimmed.", card=card)
    if led.suit is Suit.DIAMONDS:
        return _("The computer led the {card}: you hold diamonds, so you must play a "
                 "diamond. Your other cards are dimmed.", card=card)
    return _("The computer led the {card}: you hold clubs, so you must play a club. Your "
             "other cards are dimmed.", card=card)


def led_card_caption(led: Card, must_follow: bool) -> str:
    """The caption of the card led, kept beside the learner's hand while he replies."""
    if must_follow:
        # TRANSLATORS: {card} e.g. "queen of spades"
        return _("The computer led the {card}. Follow suit.", card=_in_sentence(led))
    return _("The computer led the {card}. You hold none of its suit: play any card.",
             card=_in_sentence(led))


def computer_exchanged(role: Role, n: int) -> str:
    if role == "elder":
        return ngettext("The computer (Elder) exchanged {n} card.",
                        "The computer (Elder) exchanged {n} cards.", n)
    return ngettext("The computer (Younger) exchanged {n} card.",
                    "The computer (Younger) exchanged {n} cards.", n)


def left_cards_label(n: int) -> str:
    return ngettext("The card you left in the talon ({n})",
                    "The cards you left in the talon ({n})", n)


def tricks_caption(you: int, computer: int) -> str:
    return _("Tricks: you {you}, the computer {computer}.", you=you, computer=computer)


def tricks_won_label(role: Role, won: int, dealer: bool = False) -> str:
    """A hand's label in the walkthrough: "Elder — 1 trick won" ("Younger (dealer) — …" with
    ``dealer``: Younger always deals)."""
    if role == "elder":
        return ngettext("Elder — {n} trick won", "Elder — {n} tricks won", won)
    if dealer:
        return ngettext("Younger (dealer) — {n} trick won", "Younger (dealer) — {n} tricks won",
                        won)
    return ngettext("Younger — {n} trick won", "Younger — {n} tricks won", won)


def walk_talon_label(n: int) -> str:
    return ngettext("Talon ({n} card, top first)", "Talon ({n} cards, top first)", n)


def step_missing(k: int, n: int) -> str:
    return ngettext("Step {k} does not exist: this deal has {n} step. Showing step {n}.",
                    "Step {k} does not exist: this deal has {n} steps. Showing step {n}.", n,
                    k=k)


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
        notes.append(ngettext("the card you drew is outlined",
                              "the cards you drew are outlined", n))
    n = sum(c in selected for c in hand)
    if n:
        notes.append(ngettext("the card you chose to discard is raised",
                              "the cards you chose to discard are raised", n))
    if legal is not None:
        n = sum(c in hinted for c in hand)
        if n:
            notes.append(ngettext("the hinted card is outlined", "the hinted cards are outlined",
                                  n))
        n = sum(c not in legal for c in hand)
        if n:
            notes.append(ngettext("the card you may not play is dimmed",
                                  "the cards you may not play are dimmed", n))
    return notes

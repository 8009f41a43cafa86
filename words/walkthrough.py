"""The walkthrough in words: the titles, captions and notes of a deal's steps.

:mod:`academy.walkthrough` decides which step says what from the deal's facts (line kinds,
verdicts, roles, counts); this module says it, in the current language. Every message is whole,
with named placeholders; a sentence that counts is an ``ngettext`` message, and one that names
Elder or Younger is two messages, one for each.

>>> exchange_caption("elder", 2, "7♣ 8♣", "Q♣ 8♠")
'Elder discards 2 cards (7♣ 8♣) and draws as many from the top of the talon (Q♣ 8♠).'
>>> talon_rest_text(1, "7♦")
'1 card stays in the talon (7♦).'
>>> from words import use_language
>>> with use_language("qps"):
...     trick_title(3)
'⟦Trick 3⟧'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Literal

from piquet.combos import CardSet, Point, Sequence as Run
from piquet.reckon import Role
from words import _, ngettext, pgettext
from words.declarations import combination_text

__all__ = [
    "COUNTED_MESSAGES",
    "Category",
    "announcement_text",
    "answer_caption",
    "ask_pips_caption",
    "blanche_caption",
    "blanche_note",
    "call_caption",
    "called_note",
    "capot_text",
    "compared_note",
    "deal_caption",
    "declares_nothing_text",
    "default_title",
    "drawn_note",
    "elder_leaves_text",
    "exchange_caption",
    "exchange_title",
    "final_score_text",
    "give_pips_caption",
    "keeps_his_cards_text",
    "last_trick_text",
    "leftovers_done_text",
    "line_title",
    "point_note",
    "record_line",
    "scoring_caption",
    "scoring_note",
    "sentences",
    "sunk_text",
    "talon_rest_text",
    "trick_title",
    "tricks_shared_text",
    "tricks_stop_text",
    "tricks_won_text",
    "winning_card_note",
]

Category = Literal["point", "sequences", "sets"]
"""A category of combinations, as the verdicts name it."""

Combination = Point | Run | CardSet


def sentences(*parts: str) -> str:
    """Sentences one after the other (the empty ones left out)."""
    return " ".join(p for p in parts if p)


def _listed(items: Iterable[str]) -> str:
    # TRANSLATORS: what separates the items of a list inside a sentence ("a tierce, a trio").
    return pgettext("list separator", ", ").join(items)


# --------------------------------------------------------------------------- the deal


def deal_caption(rules_title: str) -> str:
    """What the deal step says (the preset's rule on the last trick follows it)."""
    # TRANSLATORS: {rules} is the name of a rules preset, e.g. "Cavendish (1882)".
    return _("Younger (the dealer) gives twelve cards each, in twos or threes, Elder first. The "
             "other eight are the talon, face down: the top five are Elder's to draw from, the "
             "bottom three Younger's. Rules: {rules}.", rules=rules_title)


def blanche_caption(holder: Role, cards: str, showing: str) -> str:
    """Carte blanche: the holder's cards, and (``showing``) when he shows them."""
    if holder == "elder":
        first = _("Elder holds no king, queen or jack ({cards}): carte blanche, worth 10.",
                  cards=cards)
    else:
        first = _("Younger holds no king, queen or jack ({cards}): carte blanche, worth 10.",
                  cards=cards)
    return sentences(first, showing, _(
        "It is reckoned first of everything, so it counts towards his own repique or pique "
        "and stops the opponent's."))


def blanche_note(holder: Role) -> str:
    """What is outlined at the carte blanche step."""
    if holder == "elder":
        return _("Elder's twelve cards, not one of them a king, queen or jack")
    return _("Younger's twelve cards, not one of them a king, queen or jack")


# --------------------------------------------------------------------------- the exchange


def exchange_title(role: Role) -> str:
    return _("Elder's exchange") if role == "elder" else _("Younger's exchange")


def exchange_caption(role: Role, n: int, discards: str, drawn: str,
                     leftovers_first: bool = False) -> str:
    """ "Elder discards 2 cards (…) and draws as many from the top of the talon (…)." """
    if role == "elder":
        return ngettext(
            "Elder discards {n} card ({discards}) and draws as many from the top of the talon "
            "({drawn}).",
            "Elder discards {n} cards ({discards}) and draws as many from the top of the talon "
            "({drawn}).", n, discards=discards, drawn=drawn)
    if leftovers_first:
        return ngettext(
            "Younger discards {n} card ({discards}) and draws {drawn}, Elder's leftovers first.",
            "Younger discards {n} cards ({discards}) and draws {drawn}, Elder's leftovers "
            "first.", n, discards=discards, drawn=drawn)
    return ngettext("Younger discards {n} card ({discards}) and draws {drawn}.",
                    "Younger discards {n} cards ({discards}) and draws {drawn}.", n,
                    discards=discards, drawn=drawn)


def elder_leaves_text(n: int, cards: str) -> str:
    """ "He leaves 1 of his five (…): he may look at it, and Younger may take it." """
    return ngettext(
        "He leaves {n} of his five ({cards}): he may look at it, and Younger may take it.",
        "He leaves {n} of his five ({cards}): he may look at them, and Younger may take them.",
        n, cards=cards)


def keeps_his_cards_text() -> str:
    return _("Younger keeps his twelve cards and does not exchange.")


def talon_rest_text(n: int, cards: str) -> str:
    """ "1 card stays in the talon (…)." """
    return ngettext("{n} card stays in the talon ({cards}).",
                    "{n} cards stay in the talon ({cards}).", n, cards=cards)


def leftovers_done_text(n: int, shown: bool) -> str:
    """What Younger did with the cards he left (britannica): face up, or face down."""
    if shown:
        return ngettext("Here he turns it face up.", "Here he turns them face up.", n)
    return ngettext("Here he leaves it face down.", "Here he leaves them face down.", n)


def drawn_note(role: Role) -> str:
    return _("the cards Elder drew") if role == "elder" else _("the cards Younger drew")


# --------------------------------------------------------------------------- the declarations


def line_title(speaker: Role, line: str) -> str:
    """A dialogue step's title: who speaks, and the line."""
    if speaker == "elder":
        return _("Elder: “{line}”", line=line)
    return _("Younger: “{line}”", line=line)


def _combos(combos: Iterable[Combination]) -> str:
    return _listed(combination_text(c) for c in combos) or _("nothing")


def sunk_text(role: Role, held: Iterable[Combination], said: Iterable[Combination]) -> str:
    """A player declared less than he holds in a category."""
    values = {"held": _combos(held), "said": _combos(said)}
    if role == "elder":
        return _("Elder sinks: he holds {held} but declares {said}, to keep his hand hidden; "
                 "what he sinks cannot score.", **values)
    return _("Younger sinks: he holds {held} but declares {said}, to keep his hand hidden; "
             "what he sinks cannot score.", **values)


def declares_nothing_text(category: Category) -> str:
    """Elder has nothing to call in ``category``."""
    return {"point": _("Elder declares no point."),
            "sequences": _("Elder declares no sequence."),
            "sets": _("Elder declares no set.")}[category]


def give_pips_caption(pips: int, cards: str) -> str:
    return _("Elder gives the pip total of his point: {pips} ({cards}; ace 11, court cards 10, "
             "the others their face value).", pips=pips, cards=cards)


def call_caption(category: Category, best: Combination) -> str:
    """Elder calls his best combination of ``category``."""
    combo = combination_text(best)
    if category == "point":
        return _("Elder calls the number of cards in his best suit: {combo}.", combo=combo)
    if category == "sequences":
        return _("Elder calls his best sequence: {combo}.", combo=combo)
    return _("Elder calls his best set: {combo}.", combo=combo)


def point_note(role: Role) -> str:
    return _("Elder's point") if role == "elder" else _("Younger's point")


def called_note(category: Category) -> str:
    """What is outlined when Elder calls in ``category``."""
    return {"point": _("Elder's point"), "sequences": _("Elder's best sequence"),
            "sets": _("Elder's best set")}[category]


def ask_pips_caption(cards: str) -> str:
    """Younger's point is as long as Elder's: he asks for the pips."""
    if cards:
        return _("Younger's point is as long ({cards}), so he asks what Elder's cards make: "
                 "the pips decide.", cards=cards)
    return _("Younger's point is as long, so he asks what Elder's cards make: the pips decide.")


def answer_caption(answer: str) -> str:
    """ "Younger answers “Good”." (the verdict's sentence follows)."""
    return _("Younger answers “{answer}”.", answer=answer)


def compared_note(category: Category) -> str:
    return {"point": _("the points compared"), "sequences": _("the sequences compared"),
            "sets": _("the sets compared")}[category]


def scoring_caption(role: Role) -> str:
    """What a player's scoring line does."""
    if role == "elder":
        return _("Elder scores every category Younger called good, with all his combinations "
                 "of that kind, and leads to the first trick, scoring one for the lead.")
    return _("Before he plays to the first trick, Younger scores every category where he "
             "answered “Not good” or Elder called nothing. What he leaves out now cannot be "
             "scored later.")


def scoring_note(role: Role) -> str:
    return (_("the cards that score for Elder") if role == "elder"
            else _("the cards that score for Younger"))


# --------------------------------------------------------------------------- tricks and result


def trick_title(number: int) -> str:
    return _("Trick {number}", number=number)


def last_trick_text() -> str:
    return _("This is the last trick.")


def winning_card_note() -> str:
    return _("the card that wins the trick")


def capot_text(role: Role) -> str:
    if role == "elder":
        return _("Elder won all twelve tricks: capot, 40 (in place of the 10 for the cards).")
    return _("Younger won all twelve tricks: capot, 40 (in place of the 10 for the cards).")


def tricks_shared_text() -> str:
    return _("Six tricks each: nobody scores the cards.")


def tricks_won_text(role: Role, won: int, lost: int) -> str:
    """ "Elder won 7 tricks to 5: the cards, 10." """
    if role == "elder":
        return ngettext("Elder won {n} trick to {lost}: the cards, 10.",
                        "Elder won {n} tricks to {lost}: the cards, 10.", won, lost=lost)
    return ngettext("Younger won {n} trick to {lost}: the cards, 10.",
                    "Younger won {n} tricks to {lost}: the cards, 10.", won, lost=lost)


def final_score_text(elder: int, younger: int) -> str:
    return _("Final score: Elder {elder}, Younger {younger}.", elder=elder, younger=younger)


def tricks_stop_text(n: int) -> str:
    """ "The record stops after 1 trick: …" """
    return ngettext(
        "The record stops after {n} trick: the cards and capot are scored only when all twelve "
        "are played.",
        "The record stops after {n} tricks: the cards and capot are scored only when all "
        "twelve are played.", n)


def announcement_text(category: str, role: Role) -> str:
    """A bonus as the step announces it ("" for any other score)."""
    elder = role == "elder"
    if category == "repique":
        return (_("Repique! Elder reaches 30 on combinations alone before the other scores "
                  "anything: +60.") if elder else
                _("Repique! Younger reaches 30 on combinations alone before the other scores "
                  "anything: +60."))
    if category == "pique":  # only Elder can make a pique
        return _("Pique! Elder reaches 30 in combinations and play before Younger scores "
                 "anything: +30.")
    if category == "capot":
        return (_("Capot! Elder wins all twelve tricks: 40 instead of 10 for the cards.")
                if elder else
                _("Capot! Younger wins all twelve tricks: 40 instead of 10 for the cards."))
    return ""


def default_title() -> str:
    """The title of a deal shown without one."""
    return _("A deal")


def record_line(elder: str, younger: str) -> str:
    """One line naming a record's hands."""
    return _("Elder {elder}; Younger {younger}", elder=elder, younger=younger)


COUNTED_MESSAGES: Final[dict[str, Callable[[int], str]]] = {
    "exchange_caption (Elder)": lambda n: exchange_caption("elder", n, "…", "…"),
    "exchange_caption (Younger)": lambda n: exchange_caption("younger", n, "…", "…"),
    "exchange_caption (Younger, leftovers)": lambda n: exchange_caption("younger", n, "…", "…",
                                                                        True),
    "elder_leaves_text": lambda n: elder_leaves_text(n, "…"),
    "talon_rest_text": lambda n: talon_rest_text(n, "…"),
    "leftovers_done_text (face up)": lambda n: leftovers_done_text(n, True),
    "leftovers_done_text (face down)": lambda n: leftovers_done_text(n, False),
    "tricks_stop_text": tricks_stop_text,
    "tricks_won_text (Elder)": lambda n: tricks_won_text("elder", n, 12 - n),
    "tricks_won_text (Younger)": lambda n: tricks_won_text("younger", n, 12 - n),
}
"""Each message of this module that says a count, as a function of the count (for tests)."""

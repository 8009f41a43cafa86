"""The "which discard keeps the best chances?" task (``discard_best``) in words: its prompt,
its choices, its hints and the explanation with each candidate's figures, through the text
layer. The advisor's own sentences and figures (a discard, what it keeps, what it risks,
"+3.2 ± 0.4", "62.3% ± 1.4") are :mod:`words.advisor`'s, as the Lab and Play say them."""

from __future__ import annotations

from academy.stages.kinds_advisor import Figures, discard_cards
from academy.stages.model import Hint, HintKind, Task
from piquet.cards import Card, Suit
from words import _, format_number, ngettext
from words.advisor import (
    discard_action,
    point_won_figure,
    points_figure,
    rank_text,
    reason_text,
    risk_text,
)
from words.hints import cards_text
from words.odds import percent

__all__ = ["choice_label", "explanation", "figures_line", "hint_text", "prompt"]

REASONS_SHOWN = 3
"""How many of the best discard's reasons the explanation says (the point suit first)."""


def prompt(task: Task) -> str:
    return _("You are Elder, with this hand. Which discard keeps the best chances?")


def choice_label(choice: str) -> str:
    """A candidate: "Discard 2 cards: 7♣ 8♦"."""
    return discard_action(discard_cards(choice))


def hint_text(task: Task, hint: Hint) -> str:
    cards = cards_text(hint.cards)
    if hint.kind is HintKind.RULE:
        return ngettext("That discard throws away {cards}, which the best one keeps. Look "
                        "again at what each discard keeps.",
                        "That discard throws away {cards}, which the best one keeps. Look "
                        "again at what each discard keeps.", hint.number or len(hint.cards),
                        cards=cards)
    if hint.kind is HintKind.COUNT:
        return ngettext("The best discard throws {n} card: the more cards Elder draws, the "
                        "more chances he has.", "The best discard throws {n} cards: the more "
                        "cards Elder draws, the more chances he has.", hint.number or 0)
    return _("Look at {cards}: the best discard keeps them and draws to them.", cards=cards)


def figures_line(choice: str, f: Figures) -> str:
    """One candidate's figures in a sentence."""
    # TRANSLATORS: one discard's figures. {cards}: the cards thrown; {points}: the
    # declaration points it brings on average against Younger's, "+4.2 ± 0.3"; {point}:
    # the chance of winning the point, "62.3% ± 1.4"; {quint}, {quatorze}: exact chances.
    return _("Discard {cards}: {points} points against Younger's; wins the point {point}; "
             "a quint or better {quint}; a quatorze {quatorze}.",
             cards=cards_text(discard_cards(choice)), points=points_figure(f.expected,
                                                                           f.error),
             point=point_won_figure(f.point_won, f.samples), quint=percent(f.quint),
             quatorze=percent(f.quatorze))


def _reasons(f: Figures) -> list[str]:
    said = (reason_text(_Fact(kind, cards, suit)) for kind, cards, suit in f.reasons)
    return [s for s in said if s][:REASONS_SHOWN]


def _risk(f: Figures) -> str | None:
    said = (risk_text(_Fact(kind, cards, None)) for kind, cards in f.risks)
    return next((s for s in said if s), None)


class _Fact:
    """A pinned reason or risk in the shape words.advisor reads."""

    __slots__ = ("cards", "kind", "suit")

    def __init__(self, kind: str, cards: tuple[Card, ...], suit: Suit | None) -> None:
        self.kind, self.cards, self.suit = kind, cards, suit


def explanation(task: Task) -> list[str]:
    """The advisor's choice with what it keeps, then every candidate's figures and rank,
    best first, with what each other one risks, and what the figures are."""
    figures: dict[str, Figures] = dict(task.facts["figures"])
    order = sorted(task.choices, key=lambda c: figures[c].rank)
    best = figures[order[0]]
    lines = [_("The advisor's choice: discard {cards}, the best of all {total} discards.",
               cards=cards_text(discard_cards(order[0])), total=format_number(best.total)),
             *_reasons(best)]
    for choice in order:  # one paragraph a candidate: its figures, rank and risk
        f = figures[choice]
        risk = _risk(f) if choice != order[0] else None
        lines.append(" ".join(s for s in (figures_line(choice, f), rank_text(f.rank, f.total),
                                          risk) if s))
    lines.append(ngettext(
        "The points are the declarations of both hands after the exchange, over {n} "
        "simulated deal of Younger's cards; the chances of a quint or better and of a "
        "quatorze are exact, over every draw from the talon.",
        "The points are the declarations of both hands after the exchange, over {n} "
        "simulated deals of Younger's cards; the chances of a quint or better and of a "
        "quatorze are exact, over every draw from the talon.", best.samples,
        n=format_number(best.samples)))
    return lines

"""The "which discard keeps the best chances?" task (``discard_best``) in words: its prompt,
its choices, its hints and the explanation with each candidate's figures, through the text
layer. The advisor's own sentences and figures (a discard, what it keeps, what it risks,
"+3.2 ± 0.4", "62.3% ± 1.4") are :mod:`words.advisor`'s, as the Lab and Play say them."""

from __future__ import annotations

from academy.stages.kinds_advisor import Figures, discard_cards
from academy.stages.model import Hint, HintKind, Task
from piquet.cards import Card, Rank, Suit
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

__all__ = ["choice_label", "explanation", "figures_line", "hint_text", "prompt", "why_best"]

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


def _risks(f: Figures) -> list[str]:
    """Every risk the advisor names for a discard: the same facts for every candidate."""
    said = (risk_text(_Fact(kind, cards, None)) for kind, cards in f.risks)
    return [s for s in said if s]


def why_best(task: Task) -> list[str]:
    """Why the best discard beats the runner-up among the candidates (the one a player would
    most likely choose instead): what the runner-up keeps that the best throws, what the best
    gains by it, and, when the best throws an ace, why that costs no declaration."""
    figures: dict[str, Figures] = dict(task.facts["figures"])
    best_id, other_id = sorted(task.choices, key=lambda c: figures[c].rank)[:2]
    best, other = discard_cards(best_id), discard_cards(other_id)
    kept = tuple(c for c in best if c not in other)
    thrown = tuple(c for c in other if c not in best)
    diff = format_number(figures[best_id].expected - figures[other_id].expected, decimals=1)
    cards, others = cards_text(kept), cards_text(thrown)
    if not kept:
        # TRANSLATORS: {other}: the cards of another discard; {thrown}: the cards it throws
        # that the best one keeps; {diff}: points, "2.3"
        lines = [_("Why not discard {other}? It also throws {thrown}, which the best discard "
                   "keeps; the best brings {diff} more points on average against Younger's.",
                   other=cards_text(other), thrown=others, diff=diff)]
    elif len(best) > len(other):
        # TRANSLATORS: {cards}: what the other discard keeps that the best one throws
        lines = [ngettext(
            "Why not discard {other}? It keeps {cards}, but the best discard draws {n} more "
            "card from the talon, and every card drawn is a chance to lengthen the point or a "
            "sequence: on average it brings {diff} more points against Younger's.",
            "Why not discard {other}? It keeps {cards}, but the best discard draws {n} more "
            "cards from the talon, and every card drawn is a chance to lengthen the point or a "
            "sequence: on average it brings {diff} more points against Younger's.",
            len(best) - len(other), other=cards_text(other), cards=cards, diff=diff)]
    else:
        lines = [_("Why not discard {other}? It keeps {cards} but throws {thrown} instead; "
                   "over every draw and Younger's possible hands, the best discard brings "
                   "{diff} more points on average against Younger's.",
                   other=cards_text(other), cards=cards, thrown=others, diff=diff)]
    hand = task.hands[0][1]
    point_suit = next((suit for kind, _c, suit in figures[best_id].reasons
                       if kind == "keeps-point-suit"), None)
    aces = [c for c in kept if c.rank is Rank.ACE and c.suit is not point_suit]
    if aces and sum(c.rank is Rank.ACE for c in hand) < 3:
        # TRANSLATORS: {cards}: aces, "A♦"; the figures count declarations only
        lines.append(ngettext(
            "The figures count the declarations: {cards} is not of the suit kept for the "
            "point and makes no set of aces, so kept it would score nothing there, while a "
            "card drawn in its place may.",
            "The figures count the declarations: {cards} are not of the suit kept for the "
            "point and make no set of aces, so kept they would score nothing there, while "
            "cards drawn in their place may.", len(aces), cards=cards_text(tuple(aces))))
    return lines


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
             *_reasons(best), *why_best(task)]
    for choice in order:  # one paragraph a candidate: its figures, rank and every risk
        f = figures[choice]
        lines.append(" ".join((figures_line(choice, f), rank_text(f.rank, f.total),
                               *_risks(f))))
    lines.append(ngettext(
        "The points are the declarations of both hands after the exchange, over {n} "
        "simulated deal of Younger's cards; the chances of a quint or better and of a "
        "quatorze are exact, over every draw from the talon.",
        "The points are the declarations of both hands after the exchange, over {n} "
        "simulated deals of Younger's cards; the chances of a quint or better and of a "
        "quatorze are exact, over every draw from the talon.", best.samples,
        n=format_number(best.samples)))
    return lines

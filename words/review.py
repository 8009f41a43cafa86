"""The review of a deal in words: each decision's mark, what was chosen and what was better,
the figures behind it and why, from the facts of :mod:`academy.review`.

>>> from academy.review import Mark, Reason, ReasonKind
>>> from piquet.cards import Suit, parse_cards
>>> mark_name(Mark.BLUNDER)
'Blunder'
>>> print(reason_text(Reason(ReasonKind.KEEPS_GUARD, tuple(parse_cards("KH"))), "elder"))
The better card keeps the guard of K♥︎.
>>> print(reason_text(Reason(ReasonKind.COUNTED_NO_MORE_SUIT, tuple(parse_cards("9H")),
...                          Suit.HEARTS), "elder"))
Counting what was played, Younger holds no more hearts: 9♥︎ cannot be beaten.
"""

from __future__ import annotations

from academy.review import DealReview, Decision, DecisionKind, Mark, Reason, ReasonKind
from piquet.reckon import Role
from words import _, format_number, format_percent, ngettext, pgettext
from words.advisor import rank_text
from words.cards import suit_name
from words.hints import card_text, cards_text, signed
from words.names import role_name

__all__ = ["accuracy_text", "choice_text", "decision_title", "figures_text",
           "incomplete_text", "mark_name", "reason_text", "worlds_text"]


def mark_name(mark: Mark) -> str:
    """A decision's mark: Best, Good, Inaccuracy, Mistake, Blunder."""
    return {
        Mark.BEST: pgettext("review mark", "Best"),
        Mark.GOOD: pgettext("review mark", "Good"),
        Mark.INACCURACY: pgettext("review mark", "Inaccuracy"),
        Mark.MISTAKE: pgettext("review mark", "Mistake"),
        Mark.BLUNDER: pgettext("review mark", "Blunder"),
    }[mark]


def decision_title(d: Decision) -> str:
    """What the decision was and whose: "Trick 3 — Elder"."""
    who = role_name(d.who)
    if d.kind is DecisionKind.DISCARD:
        return _("The exchange — {player}", player=who)
    if d.kind is DecisionKind.DECLARATION:
        return _("The declaration — {player}", player=who)
    return _("Trick {n} — {player}", n=d.trick, player=who)


def choice_text(d: Decision) -> str:
    """What was chosen and what was better, on the cards."""
    if d.kind is DecisionKind.DISCARD:
        made = (_("Discarded {cards}.", cards=cards_text(d.choice)) if d.choice
                else _("Exchanged no cards."))
        if d.choice == d.best:
            return made
        better = (_("Better: discard {cards}.", cards=cards_text(d.best)) if d.best
                  else _("Better: exchange no cards."))
        return f"{made} {better}"
    if d.kind is DecisionKind.DECLARATION:
        return _("Declared {cards}; in full: {full}.",
                 cards=cards_text(d.choice) or "—", full=cards_text(d.best) or "—")
    played = _("Played {card}.", card=card_text(d.choice[0]))
    if d.choice == d.best:
        return played
    better = _("Better: {card}.", card=card_text(d.best[0]))
    return f"{played} {better}"


def _plus_minus(x: float, err: float) -> str:
    """``x`` (unsigned: the points lost are never negative) and its error."""
    if err <= 0:
        return format_number(x, decimals=1)
    return f"{format_number(x, decimals=1)} ± {format_number(err, decimals=1)}"


def worlds_text(d: Decision) -> str:
    """How the card was judged: exactly, over every possible hand, or over sampled ones."""
    if d.determined:
        return _("What the player had seen determined every card: solved exactly once.")
    if d.every_world:
        return _("Every hand the opponent could hold ({n}) solved exactly.", n=d.worlds)
    return ngettext("{n} hand the opponent could hold, consistent with the calls heard, each "
                    "solved exactly.",
                    "{n} hands the opponent could hold, consistent with the calls heard, each "
                    "solved exactly.", d.worlds, n=d.worlds)


def figures_text(d: Decision) -> str:
    """The figures behind a mark."""
    if d.kind is DecisionKind.DISCARD:
        figures = _("Expected declaration points: {made} for this discard, {best} for the "
                    "best. This figure counts the declarations only, not the play.",
                    made=signed(d.expected_choice or 0.0), best=signed(d.expected_best or 0.0))
        return f"{figures} {rank_text(d.rank, d.options)}"
    if d.kind is DecisionKind.DECLARATION or d.lost is None:
        return ""
    return _("Points expected from this trick to the end of the deal (yours minus the "
             "opponent's): {made} for the card played, {best} for the best; {lost} lost.",
             made=signed(d.expected_choice or 0.0), best=signed(d.expected_best or 0.0),
             lost=_plus_minus(d.lost, d.error))


def reason_text(r: Reason, who: Role) -> str:
    """Why the better choice is better (``who`` made the decision)."""
    other: Role = "younger" if who == "elder" else "elder"
    k = r.kind
    if k is ReasonKind.KEEPS_GUARD:
        return _("The better card keeps the guard of {card}.", card=card_text(r.cards[0]))
    if k is ReasonKind.WINS_THE_TRICK:
        return _("{card} wins the trick.", card=card_text(r.cards[0]))
    if k is ReasonKind.COUNTED_NO_MORE_SUIT and r.suit is not None:
        return _("Counting what was played, {player} holds no more {suit}: {card} cannot be "
                 "beaten.",
                 player=role_name(other), suit=suit_name(r.suit), card=card_text(r.cards[0]))
    if k is ReasonKind.PIQUE_AT_STAKE:
        return _("The pique (30 points) is at stake.")
    if k is ReasonKind.CAPOT_AT_STAKE:
        return _("The capot (40 points) is at stake.")
    if k is ReasonKind.CARDS_AT_STAKE:
        return _("The cards (10 points) are at stake.")
    if k is ReasonKind.DISCARD_KEEPS:
        return _("The better discard keeps {cards}.", cards=cards_text(r.cards))
    if k is ReasonKind.DISCARD_THROWS:
        return _("The better discard throws {cards}.", cards=cards_text(r.cards))
    if k is ReasonKind.SANK:
        gave = _("Sinking scored {n} less in the declarations than declaring in full.",
                 n=r.points)
        hid = (_("It hid {cards}.", cards=cards_text(r.cards)) if r.cards
               else _("It hid no card the opponent would have seen."))
        return f"{gave} {hid}"
    return _("No hand the opponent could hold fits the calls heard: not judged.")


def accuracy_text(review: DealReview, role: Role | None = None) -> str:
    """The share of decisions that were best or good."""
    acc = review.accuracy(role)
    if acc is None:
        return _("No decision with a real choice to judge.")
    pct = format_percent(acc / 100)
    if role is None:
        return _("Accuracy: {pct} of the decisions were best or good.", pct=pct)
    return _("Accuracy of {player}: {pct} of the decisions were best or good.",
             player=role_name(role), pct=pct)


def incomplete_text(review: DealReview) -> str:
    """Said when the review ran past its time."""
    return _("The review ran out of time: here is what it judged ({done} of {total} "
             "decisions).", done=len(review.decisions), total=review.total)

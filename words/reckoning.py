"""The reckoning in words: the score sheet's rows, the reckoning's steps, the bonuses, a
partie's settlement.

>>> from piquet import reckon, settle_partie
>>> r = reckon(point=(0, 4), sequences=(18, 0), sets=(14, 0), play=["elder"])
>>> bonus_text(r).endswith("before the other had scored (Younger scored first, with point).")
True
>>> [event_label(ev) for ev in r.events][-1], sheet_label("blanche")
('Lead', 'Carte blanche')
>>> settlement_text(settle_partie(125, 81))
'B has 81, under 100: rubiconed. A scores 100 + 125 + 81 = 306.'
"""

from __future__ import annotations

from collections.abc import Mapping

from piquet.partie import Settlement
from piquet.reckon import BonusOutcome, Reckoning, ScoreEvent
from words import _, pgettext
from words.play import player_name

__all__ = ["bonus_text", "event_label", "event_name", "settlement_text", "sheet_label"]


def sheet_label(key: str) -> str:
    """The score sheet's row name for ``key`` (``"point"``, ``"repique"``, ``"total"``…)."""
    # TRANSLATORS: "Play" is a noun here, the play of the cards (the tricks' points), not
    # the command "play!".
    labels = {
        "blanche": _("Carte blanche"), "point": _("Point"), "sequences": _("Sequences"),
        "sets": _("Sets"), "repique": _("Repique"), "pique": _("Pique"),
        "play": pgettext("the play", "Play"),
        "cards": _("The cards"), "capot": _("Capot"), "total": _("Total"),
    }
    return labels[key]


def event_name(ev: ScoreEvent) -> str:
    """A step of the reckoning as named inside a sentence: ``"carte blanche"``, ``"lead
    (trick 3)"``, ``"the cards"``."""
    if ev.trick:
        n = ev.trick
        played = {"lead": pgettext("reckoning", "lead (trick {n})", n=n),
                  "capture": pgettext("reckoning", "capture (trick {n})", n=n),
                  "last": pgettext("reckoning", "last trick (trick {n})", n=n)}
        if ev.category in played:
            return played[ev.category]
    names = {
        "blanche": pgettext("reckoning", "carte blanche"),
        "point": pgettext("reckoning", "point"),
        "sequences": pgettext("reckoning", "sequences"),
        "sets": pgettext("reckoning", "sets"),
        "lead": pgettext("reckoning", "lead"),
        "capture": pgettext("reckoning", "capture"),
        "last": pgettext("reckoning", "last trick"),
        "repique": pgettext("reckoning", "repique"),
        "pique": pgettext("reckoning", "pique"),
        "cards": pgettext("reckoning", "the cards"),
        "capot": pgettext("reckoning", "capot"),
    }
    return names[ev.category]


def event_label(ev: ScoreEvent) -> str:
    """A step of the reckoning as a row or a line begins: ``"Carte blanche"``, ``"Lead (trick
    3)"``, ``"The cards"``."""
    if ev.trick:
        n = ev.trick
        played = {"lead": pgettext("reckoning", "Lead (trick {n})", n=n),
                  "capture": pgettext("reckoning", "Capture (trick {n})", n=n),
                  "last": pgettext("reckoning", "Last trick (trick {n})", n=n)}
        if ev.category in played:
            return played[ev.category]
    labels = {
        "blanche": pgettext("reckoning", "Carte blanche"),
        "point": pgettext("reckoning", "Point"),
        "sequences": pgettext("reckoning", "Sequences"),
        "sets": pgettext("reckoning", "Sets"),
        "lead": pgettext("reckoning", "Lead"),
        "capture": pgettext("reckoning", "Capture"),
        "last": pgettext("reckoning", "Last trick"),
        "repique": pgettext("reckoning", "Repique"),
        "pique": pgettext("reckoning", "Pique"),
        "cards": pgettext("reckoning", "The cards"),
        "capot": pgettext("reckoning", "Capot"),
    }
    return labels[ev.category]


def bonus_text(r: Reckoning, *, names: Mapping[str, str] | None = None) -> str:
    """Why the deal's bonuses (repique, pique) went as they did.

    ``names`` maps a role (``"elder"``, ``"younger"``) to the name the sentence gives it
    instead of "Elder"/"Younger" (e.g. ``{"younger": "Younger (the computer)"}``).
    """
    facts = r.bonus_facts()
    outcome = facts.outcome
    if outcome in (BonusOutcome.REPIQUE, BonusOutcome.PIQUE) and facts.player and facts.event:
        who = player_name(facts.player, names)
        other = player_name("younger" if facts.player == "elder" else "elder", names)
        if outcome is BonusOutcome.REPIQUE:
            # TRANSLATORS: {who} and {other} are the players' names; {reached} the points
            # {who} had before the bonus, {points} the bonus (60).
            return _("{who} reached {reached} from combinations alone before {other} scored "
                     "anything: repique (+{points}).", who=who, reached=facts.reached,
                     other=other, points=facts.event.points)
        # TRANSLATORS: {who} and {other} are the players' names; {reached} the points {who}
        # had before the bonus, {points} the bonus (30).
        return _("{who} reached {reached} from combinations and play before {other} scored "
                 "anything: pique (+{points}).", who=who, reached=facts.reached, other=other,
                 points=facts.event.points)
    if outcome is BonusOutcome.NOBODY_SCORED:
        return _("Nobody scored: no repique or pique.")
    if outcome is BonusOutcome.YOUNGER_FIRST and facts.event:
        # TRANSLATORS: {who} is Younger's name; {what} the step he first scored in, as
        # event names say it ("point", "lead (trick 3)").
        return _("No repique or pique: nobody reached 30 before the other had scored ({who} "
                 "scored first, with {what}).", who=player_name("younger", names),
                 what=event_name(facts.event))
    return _("No repique or pique: nobody reached 30 before the other had scored.")


def settlement_text(s: Settlement) -> str:
    """How a partie is settled: who wins, whether rubiconed, the points, with the arithmetic.

    ``A`` and ``B`` are the players' names (not translated).
    """
    if s.winner is None or s.loser is None:
        # TRANSLATORS: A and B are the players' names; {total} the total they both have.
        return _("A and B both have {total}: the partie is drawn and nobody scores.",
                 total=s.total_a)
    values = {"loser": s.loser, "winner": s.winner, "low": s.loser_total,
              "high": s.winner_total, "points": s.points}
    if s.rubiconed:
        # TRANSLATORS: {loser} and {winner} are the players' names (A, B); {low} and {high}
        # their totals; 100 is the rubicon.
        return _("{loser} has {low}, under 100: rubiconed. {winner} scores 100 + {high} + "
                 "{low} = {points}.", **values)
    # TRANSLATORS: {loser} and {winner} are the players' names (A, B); {low} and {high} their
    # totals; 100 is the rubicon.
    return _("{loser} has {low}, at least 100: not rubiconed. {winner} scores 100 + ({high} "
             "− {low}) = {points}.", **values)

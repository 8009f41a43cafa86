"""The play in words: each trick, how it was won and what it scored.

>>> from piquet import Card
>>> from piquet.play import Trick
>>> t = Trick(1, "elder", Card.of("KD"), Card.of("9D"), "elder")
>>> trick_text(t)
'Elder leads K♦ (1 for the lead); Younger plays 9♦ and follows lower: Elder wins the trick.'
>>> trick_text(Trick(2, "younger", Card.of("7S"), Card.of("AS"), "elder"),
...            names={"elder": "Elder (you)"})
'Younger leads 7♠ (1 for the lead); Elder (you) captures it with A♠ (1 for the capture).'
"""

from __future__ import annotations

from collections.abc import Mapping

from piquet.play import Trick, TrickOutcome
from piquet.reckon import Role
from words import _
from words.names import role_name

__all__ = ["player_name", "trick_text"]


def player_name(role: Role, names: Mapping[str, str] | None = None) -> str:
    """A role as a sentence names it: ``names[role]`` when given (e.g. ``"Elder (you)"``),
    else :func:`words.names.role_name` ("Elder", "Younger" in the current language)."""
    if names and role in names:
        return names[role]
    return role_name(role)


def trick_text(t: Trick, *, names: Mapping[str, str] | None = None) -> str:
    """The trick in a sentence: the lead, the second card, who wins and what it scores.

    ``names`` maps a role (``"elder"``, ``"younger"``) to the name the sentence gives it
    instead of "Elder"/"Younger" (e.g. ``{"elder": "Elder (you)"}``).
    """
    leader, other = player_name(t.leader, names), player_name(t.follower, names)
    led, second = t.led.pretty, t.second.pretty
    outcome = t.outcome
    if outcome is TrickOutcome.CAPTURED:
        # TRANSLATORS: {leader} and {other} are the players' names, {led} and {second} cards.
        return _("{leader} leads {led} (1 for the lead); {other} captures it with {second} "
                 "(1 for the capture).", leader=leader, led=led, other=other, second=second)
    if outcome is TrickOutcome.DID_NOT_FOLLOW:
        # TRANSLATORS: {leader} and {other} are the players' names, {led} and {second} cards.
        return _("{leader} leads {led} (1 for the lead); {other} plays {second} and does not "
                 "follow suit: {leader} wins the trick.", leader=leader, led=led, other=other,
                 second=second)
    # TRANSLATORS: {leader} and {other} are the players' names, {led} and {second} cards.
    return _("{leader} leads {led} (1 for the lead); {other} plays {second} and follows lower: "
             "{leader} wins the trick.", leader=leader, led=led, other=other, second=second)

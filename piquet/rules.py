"""Rules presets: ``britannica`` (Parlett's Britannica article; default) and ``cavendish``
(the 1882 club laws). A preset is known by its id (``name``); the text layer names it and its
source for readers (``words.names.preset_name``, ``preset_source``).

>>> get_rules("cavendish").last_trick_point
True
>>> get_rules("hoyle")
Traceback (most recent call last):
...
piquet.rules.RulesError: unknown_preset: 'hoyle'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from piquet.errors import PiquetError

PresetName = Literal["britannica", "cavendish"]


class RulesError(PiquetError):
    """An unknown rules preset: code ``unknown_preset``, the value given in ``values``."""

    default_code = "rules"


@dataclass(frozen=True, slots=True)
class Rules:
    """The options on which the authorities differ (RULES.md section 9)."""

    name: PresetName
    last_trick_point: bool
    """+1 to the winner of the twelfth trick ("for last")."""
    younger_must_exchange: bool
    """Younger must take at least one card."""
    higher_cut_chooses: bool
    """The higher cut chooses who deals (cavendish); otherwise the higher cut deals."""
    younger_may_look_at_leftovers: bool
    """Cavendish: Younger may look at the cards he leaves; Elder may then see them after his
    first lead. Britannica: he turns them face up for both, or leaves them face down."""
    blanche_shown_after_opponent_discards: bool
    """Cavendish: carte blanche is shown after the opponent has discarded. Britannica: Elder
    shows at once, Younger after Elder's exchange."""


BRITANNICA: Final = Rules(
    name="britannica",
    last_trick_point=False,
    younger_must_exchange=False,
    higher_cut_chooses=False,
    younger_may_look_at_leftovers=False,
    blanche_shown_after_opponent_discards=False,
)
CAVENDISH: Final = Rules(
    name="cavendish",
    last_trick_point=True,
    younger_must_exchange=True,
    higher_cut_chooses=True,
    younger_may_look_at_leftovers=True,
    blanche_shown_after_opponent_discards=True,
)
PRESETS: Final[dict[str, Rules]] = {"britannica": BRITANNICA, "cavendish": CAVENDISH}
DEFAULT_RULES: Final = BRITANNICA


def get_rules(rules: str | Rules | None = None) -> Rules:
    """The preset of that name (``None`` gives the default, britannica)."""
    if rules is None:
        return DEFAULT_RULES
    if isinstance(rules, Rules):
        return rules
    found = PRESETS.get(rules) if isinstance(rules, str) else None
    if found is None:
        raise RulesError(code="unknown_preset", values=(rules,))
    return found

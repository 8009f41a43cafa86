"""The quiz's answer ids and their labels: a choice question's options are ids (``"elder"``,
``"good"``, ``"yes"``, ``"5-A"``...), compared as ids; the label a learner reads is rendered
from the id, in the current language, when it is shown.

Each field names its vocabulary (:data:`Vocab`); :func:`option_text` renders one of its ids.

>>> option_text("who", "nobody"), option_text("answer", "not_good")
('Nobody', 'Not good')
>>> option_text("sequence", sequence_id(5, Rank.ACE)), option_text("set", set_id(Rank.TEN, 4))
('Quint major', 'Four tens')
>>> [option_text("bonus", b) for b in BONUS_IDS]
['Neither', 'Repique for Elder (+60)', 'Repique for Younger (+60)', 'Pique for Elder (+30)']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

from piquet.cards import Rank
from piquet.declare import Answer
from piquet.reckon import Role
from piquet.rules import Rules
from words import _, declarations, names, pgettext
from words.cards import suit_name
from words.declarations import answer_text

__all__ = ["ANSWER_IDS", "BONUS_IDS", "NO_SEQUENCE", "PLAYER_IDS", "REPIQUE_IDS", "ROLE_IDS",
           "WHO_IDS", "YES_NO_IDS", "Vocab", "option_text", "player_name", "preset_title",
           "role_name", "sequence_id", "sequence_key", "sequence_name", "set_id", "set_name",
           "suit_name"]

Vocab = Literal["", "who", "role", "answer", "yes_no", "sequence", "set", "repique", "bonus",
                "player"]

WHO_IDS: Final = ("elder", "younger", "nobody")
ROLE_IDS: Final = ("elder", "younger")
ANSWER_IDS: Final = tuple(a.value for a in Answer)  # good, not_good, equal
YES_NO_IDS: Final = ("yes", "no")
REPIQUE_IDS: Final = ("no", "elder", "younger")
BONUS_IDS: Final = ("neither", "repique_elder", "repique_younger", "pique_elder")
PLAYER_IDS: Final = ("A", "B", "nobody")
NO_SEQUENCE: Final = "none"


def role_name(role: Role | None) -> str:
    """Elder, Younger, or Nobody (no role)."""
    return names.role_name(role) if role is not None else _("Nobody")


def player_name(player: str | None) -> str:
    """A partie's players A and B, or Nobody."""
    if player == "A":
        # TRANSLATORS: the first player of a partie, named by a letter.
        return pgettext("player", "A")
    if player == "B":
        # TRANSLATORS: the second player of a partie, named by a letter.
        return pgettext("player", "B")
    return _("Nobody")


def preset_title(rules: Rules) -> str:
    """A rules preset as readers know it (:func:`words.names.preset_name`, the page's preset
    selector's names)."""
    return names.preset_name(rules.name)


def sequence_id(length: int, top: Rank | int) -> str:
    """The id of a run of ``length`` cards headed by ``top``: ``"5-A"``, ``"3-10"``."""
    return f"{length}-{Rank(top).symbol}"


def sequence_key(sid: str) -> tuple[int, int]:
    """(length, top rank) of a run's id; (0, 0) for :data:`NO_SEQUENCE`."""
    if sid == NO_SEQUENCE:
        return (0, 0)
    length, top = sid.split("-")
    return int(length), next(int(r) for r in Rank if r.symbol == top)


def sequence_name(length: int, top: Rank | int) -> str:
    """A run's name without its suit: "Quint major", "Tierce to the jack"."""
    return declarations.sequence_name(length, Rank(top))


def set_id(rank: Rank, count: int) -> str:
    """The id of three or four cards of ``rank``: ``"4xA"``, ``"3x10"``."""
    return f"{count}x{rank.symbol}"


_SETS: Final[dict[tuple[int, int], Callable[[], str]]] = {
    (4, 7): lambda: _("Four aces"), (3, 7): lambda: _("Three aces"),
    (4, 6): lambda: _("Four kings"), (3, 6): lambda: _("Three kings"),
    (4, 5): lambda: _("Four queens"), (3, 5): lambda: _("Three queens"),
    (4, 4): lambda: _("Four jacks"), (3, 4): lambda: _("Three jacks"),
    (4, 3): lambda: _("Four tens"), (3, 3): lambda: _("Three tens"),
    (4, 2): lambda: _("Four nines"), (3, 2): lambda: _("Three nines"),
    (4, 1): lambda: _("Four eights"), (3, 1): lambda: _("Three eights"),
    (4, 0): lambda: _("Four sevens"), (3, 0): lambda: _("Three sevens"),
}


def set_name(rank: Rank, count: int) -> str:
    """Three or four cards of a rank, as a group the learner picks: "Three kings", "Four
    nines" (not :func:`words.declarations.set_name`'s "Fourteen", which is only said of a
    quatorze: four nines are no set)."""
    return _SETS[(count, int(rank))]()


def _set_text(sid: str) -> str:
    count, symbol = sid.split("x")
    return set_name(next(r for r in Rank if r.symbol == symbol), int(count))


def _sequence_text(sid: str) -> str:
    if sid == NO_SEQUENCE:
        return _("No sequence")
    return sequence_name(*sequence_key(sid))


def _yes_no(oid: str) -> str:
    return _("Yes") if oid == "yes" else _("No")


def _repique(oid: str) -> str:
    if oid == "elder":
        return _("Yes, Elder")
    if oid == "younger":
        return _("Yes, Younger")
    return _("No")


def _bonus(oid: str) -> str:
    return {"neither": lambda: _("Neither"),
            "repique_elder": lambda: _("Repique for Elder (+60)"),
            "repique_younger": lambda: _("Repique for Younger (+60)"),
            "pique_elder": lambda: _("Pique for Elder (+30)")}[oid]()


def _who(oid: str) -> str:
    return role_name("elder" if oid == "elder" else "younger" if oid == "younger" else None)


_RENDER: Final[dict[str, Callable[[str], str]]] = {
    "who": _who,
    "role": _who,
    "answer": lambda oid: answer_text(Answer(oid)),
    "yes_no": _yes_no,
    "sequence": _sequence_text,
    "set": _set_text,
    "repique": _repique,
    "bonus": _bonus,
    "player": lambda oid: player_name(oid if oid in ("A", "B") else None),
}


def option_text(vocab: str, oid: str) -> str:
    """The label of the id ``oid`` of a vocabulary, in the current language (the id itself
    for a vocabulary without labels, or a value that is none of its ids)."""
    render = _RENDER.get(vocab)
    if render is None:
        return oid
    try:
        return render(oid)
    except (KeyError, ValueError, StopIteration):  # not an id of the vocabulary
        return oid

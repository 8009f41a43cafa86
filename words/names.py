"""One name per concept: the players' roles and the declaration categories, in words.

Every page, lesson, quiz and walkthrough names a role or a category through here (one label
table per concept).

>>> role_name("elder"), category_title("sequences"), category_noun("sets")
('Elder', 'Sequence', 'set')
"""

from __future__ import annotations

from words import _, pgettext

__all__ = ["category_noun", "category_title", "role_name"]


def role_name(role: str) -> str:
    """``"elder"`` / ``"younger"`` as a player is called: Elder, Younger."""
    if role == "elder":
        return _("Elder")
    if role == "younger":
        return _("Younger")
    raise KeyError(role)


def category_title(category: str) -> str:
    """A declaration category as a heading or a table's row: Carte blanche, Point, Sequence,
    Set."""
    titles = {
        "blanche": pgettext("category title", "Carte blanche"),
        "point": pgettext("category title", "Point"),
        "sequences": pgettext("category title", "Sequence"),
        "sets": pgettext("category title", "Set"),
    }
    return titles[category]


def category_noun(category: str) -> str:
    """A declaration category inside a sentence: carte blanche, point, sequence, set."""
    nouns = {
        "blanche": pgettext("category noun", "carte blanche"),
        "point": pgettext("category noun", "point"),
        "sequences": pgettext("category noun", "sequence"),
        "sets": pgettext("category noun", "set"),
    }
    return nouns[category]

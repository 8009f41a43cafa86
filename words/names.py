"""One name per concept: the players' roles, the declaration categories and the rules
presets, in words.

Every page, lesson, quiz and walkthrough names a role, a category or a preset through here
(one label table per concept; the engine knows a preset by its id only).

>>> role_name("elder"), category_title("sequences"), category_noun("sets")
('Elder', 'Sequence', 'set')
>>> preset_name("cavendish"), preset_source("britannica")
('Cavendish (1882)', "Encyclopaedia Britannica, 'Piquet', by David Parlett")
"""

from __future__ import annotations

from words import _, pgettext

__all__ = [
    "category_noun",
    "category_title",
    "deal_heading",
    "preset_name",
    "preset_source",
    "role_name",
]


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


def preset_name(name: str) -> str:
    """A rules preset (its id, :attr:`piquet.rules.Rules.name`) as readers know it:
    ``"cavendish"`` → ``"Cavendish (1882)"``; an id no preset has, as given.

    >>> preset_name("britannica"), preset_name("nope")
    ('Britannica article', 'nope')
    """
    if name == "britannica":
        # TRANSLATORS: a rules preset: the Encyclopaedia Britannica article on piquet (by
        # David Parlett, but not his own rules page, whose rules differ).
        return _("Britannica article")
    if name == "cavendish":
        # TRANSLATORS: a rules preset: the club laws in Cavendish's Laws of Piquet (1882).
        return _("Cavendish (1882)")
    return name


def preset_source(name: str) -> str:
    """The book or article a rules preset (its id) follows; an id no preset has, as given."""
    if name == "britannica":
        # TRANSLATORS: the source of the britannica preset (an article's title in quotes).
        return _("Encyclopaedia Britannica, 'Piquet', by David Parlett")
    if name == "cavendish":
        # TRANSLATORS: the source of the cavendish preset (a book's title).
        return _("Cavendish, The Laws of Piquet adopted by the Portland and Turf Clubs (1882)")
    return name


def deal_heading() -> str:
    """The heading of a column numbering the deals of a partie ("Deal" the noun, not the
    button that deals)."""
    return pgettext("one deal of the partie, a column heading", "Deal")

"""The quiz's levels and question kinds, and the seeds of its links.

Question ``n`` of a seeded quiz depends only on ``(seed, level, preset, n)``: :func:`question_rng`
is its random source, :func:`pick_kind` draws its kind from the level's."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Final, Literal, get_args

from piquet.rules import Rules, get_rules
from words import _, pgettext

Level = Literal["beginner", "intermediate", "expert", "mix"]
LEVELS: Final[tuple[Level, ...]] = ("beginner", "intermediate", "expert", "mix")
Kind = Literal[
    "point", "best_sequence", "sequence_score", "sets", "blanche",
    "answer", "category", "comparison",
    "repique", "pique",
    "legal_play", "trick",
    "settlement",
    "muggins",
]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)


def level_title(level: Level) -> str:
    """A level's name, in the current language."""
    return {"beginner": lambda: _("Beginner"), "intermediate": lambda: _("Intermediate"),
            "expert": lambda: _("Expert"), "mix": lambda: _("Mix")}[level]()


_KIND_TITLES: Final[dict[str, Callable[[], str]]] = {
    "point": lambda: _("Point of one hand"),
    "best_sequence": lambda: _("Best sequence"),
    "sequence_score": lambda: _("Sequences' score"),
    "sets": lambda: _("Which sets count"),
    "blanche": lambda: _("Carte blanche"),
    "answer": lambda: _("Younger's answer"),
    "category": lambda: _("Who scores a category"),
    "comparison": lambda: _("Full comparison"),
    "repique": lambda: _("Repique?"),
    "pique": lambda: _("Repique or pique after the lead?"),
    "legal_play": lambda: _("Legal plays"),
    "trick": lambda: _("Who wins the trick"),
    "settlement": lambda: _("Settling the partie"),
    "muggins": lambda: _("Claim your declarations"),
}
_GROUPS: Final[dict[str, Callable[[], str]]] = {
    "one_hand": lambda: _("Count one hand"),
    "two_hands": lambda: _("Compare two hands"),
    "reckoning": lambda: _("Reckoning"),
    # TRANSLATORS: a noun, the play of the cards (questions on the tricks).
    "play": lambda: pgettext("the play", "Play"),
    "partie": lambda: _("End of a partie"),
    "muggins": lambda: _("Muggins"),
}
KIND_GROUPS: Final[dict[Kind, str]] = {
    "point": "one_hand", "best_sequence": "one_hand", "sequence_score": "one_hand",
    "sets": "one_hand", "blanche": "one_hand",
    "answer": "two_hands", "category": "two_hands", "comparison": "two_hands",
    "repique": "reckoning", "pique": "reckoning",
    "legal_play": "play", "trick": "play",
    "settlement": "partie",
    "muggins": "muggins",
}
"""Each kind's family (an id; :func:`kind_group` names it)."""


def kind_title(kind: str) -> str:
    """A kind's title, in the current language (the id itself for an unknown kind)."""
    title = _KIND_TITLES.get(kind)
    return title() if title is not None else kind


def kind_group(kind: Kind) -> str:
    """A kind's family, in the current language."""
    return _GROUPS[KIND_GROUPS[kind]]()


RECKONING_KINDS: Final[tuple[Kind, ...]] = ("repique", "pique")
LEVEL_KINDS: Final[dict[Level, tuple[Kind, ...]]] = {
    # one hand, one category
    "beginner": ("point", "best_sequence", "sequence_score", "sets", "blanche", "legal_play"),
    "intermediate": ("point", "sequence_score", "sets", "answer", "category", "legal_play",
                     "trick", "settlement", "muggins"),
    # full comparisons, reckoning order, rules presets (the last trick)
    "expert": ("answer", "category", "comparison", "repique", "pique", "trick",
               "settlement", "muggins"),
    "mix": KINDS,
}


_SEED_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")


def parse_seed(raw: object) -> str | None:
    """A seed from a link: 1 to 40 letters, digits, ``-`` or ``_``; None if unusable.

    >>> parse_seed("42"), parse_seed(" class-3B "), parse_seed("<script>"), parse_seed("")
    ('42', 'class-3B', None, None)
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    return text if _SEED_RE.fullmatch(text) else None


def parse_level(raw: object) -> Level | None:
    """A level from a link (case-insensitive); None if unknown.

    >>> parse_level("Expert"), parse_level("guru")
    ('expert', None)
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip().lower()
    for lvl in LEVELS:
        if lvl == text:
            return lvl
    return None


def question_rng(seed: object, level: str, rules: str | Rules, index: int) -> random.Random:
    """The random source of question ``index``: a function of seed, level, preset, index."""
    name = get_rules(rules).name
    return random.Random(f"{seed}:{level}:{name}:{index}")


def pick_kind(rng: random.Random, level: str,
              stats: Mapping[str, tuple[int, int]] | None = None) -> Kind:
    """Choose a kind for the level. With ``stats`` (kind -> (asked, missed)) the kinds missed
    most often come back more often; without, every kind of the level is equally likely."""
    kinds = LEVEL_KINDS[parse_level(level) or "beginner"]
    if not stats:
        return rng.choice(kinds)
    weights = []
    for k in kinds:
        asked, missed = stats.get(k, (0, 0))
        weights.append(1.0 + 4.0 * (missed + 0.5) / (asked + 1.0))
    return rng.choices(kinds, weights=weights)[0]

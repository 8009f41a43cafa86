"""Numbers and percentages through Babel's locale formats, and one form of "1 in N": no message
writes a percent sign or a "1 in" of its own, so no translation can put them where its
language does not (Turkish writes "%12,5", Vietnamese "12,5%")."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from academy.odds import rarity
from words import LANGUAGES, format_percent, use_language
from words.advisor import rarity_text
from words.odds import one_in_n, percent

POT = Path(__file__).resolve().parent.parent / "locales" / "messages.pot"


def _msgids() -> list[str]:
    with POT.open("rb") as f:
        catalog = read_po(f)
    return [i for m in catalog if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)]


# Still written by the class pages (ui/classroom, another engineer's part): to go.
_LEFT: frozenset[str] = frozenset({"{percent}%"})


def test_no_message_writes_a_percent_sign_after_a_number() -> None:
    assert [m for m in _msgids() if re.search(r"\}%", m) and m not in _LEFT] == []


def test_one_form_of_one_in_n() -> None:
    odds = [m for m in _msgids() if re.search(r"\b1 (?:[a-z ]+ )?in \{", m)]
    assert odds == ["1 in {odds}"]


@pytest.mark.parametrize(("lang", "shown"), [("en", "12.5%"), ("vi", "12,5%"),
                                             ("tr", "%12,5")])
def test_a_percentage_in_each_language(lang: str, shown: str) -> None:
    assert lang in LANGUAGES
    with use_language(lang):
        assert percent(Fraction(1, 8)) == format_percent(0.125, decimals=1) == shown


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
def test_the_advisors_rarity_says_1_in_n(lang: str) -> None:
    out = rarity("AS AH AD AC 10S 10H 10D 9S 9H 8S 8H 7S")
    blanche = out[0]
    with use_language(lang):
        line = rarity_text(blanche.kind, blanche.size, blanche.rank, blanche.chance,
                           blanche.one_in)
        assert one_in_n(1792) in line, line

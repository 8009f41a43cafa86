"""The dialogue's spoken lines as players say them and as the lessons teach them (issue 36):
Turkish "Dört onlu on dört, üç kız üç: on yedi."; no "Three aces, three: three."."""

from __future__ import annotations

from pathlib import Path

import pytest

from piquet.cards import Rank, parse_cards
from piquet.declare import CATEGORIES, declaration_from_spec, dialogue, verdict
from words import use_language
from words.declarations import line_text, set_name

ROOT = Path(__file__).resolve().parent.parent
LESSON_2 = ("AS JS 9S 8S AH KH QH JH 8H JC 9C KD", "10S QS 10H AC KC QC 10C AD QD JD 10D 7D")
TRIO_ALONE = ("AS AH AD 7S 8S 9H 10H JH 7D 8D 9D JD", "KS QS JS 9S AC KH QH 10D 10C KC QC 7C")


def _lines(hands: tuple[str, str], lang: str) -> list[str]:
    e = declaration_from_spec(parse_cards(hands[0]), None)
    y = declaration_from_spec(parse_cards(hands[1]), None)
    with use_language(lang):
        return [line_text(ln) for ln in dialogue(e, y, [verdict(c, e, y) for c in CATEGORIES])]


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
def test_the_lesson_dialogues_last_line_is_the_lessons(lang: str) -> None:
    """Lesson 7 teaches the dialogue of lesson 2's hands; the app's lines say the same."""
    lesson = (ROOT / "content" / lang / "lessons" / "07-dialogue-and-sinking.md").read_text(
        encoding="utf-8")
    lines = _lines(LESSON_2, lang)
    expected = {"en": "Fourteen tens, three queens, three: seventeen.",
                "vi": "Quatorze mười được mười bốn, ba đầm được ba: mười bảy.",
                "tr": "Dört onlu on dört, üç kız üç: on yedi."}[lang]
    assert lines[-1] == expected
    if lang == "tr":
        assert expected in lesson
        assert "Üç vale." in lines and "Üç vale" in lesson


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Three aces: three. And one I lead: four."),
    ("vi", "Ba át: ba. Và một điểm tôi đánh trước: bốn."),
    ("tr", "Üç as: üç. Bir de açtığım kâğıt: dört."),
])
def test_a_set_counted_alone_is_not_said_twice(lang: str, line: str) -> None:
    lines = _lines(TRIO_ALONE, lang)
    assert line in lines
    assert not any(", ba: ba" in ln or ", three: three" in ln or " üç: üç" in ln for ln in lines)


@pytest.mark.parametrize(("lang", "count", "rank", "name"), [
    ("en", 3, Rank.KING, "Three kings"), ("en", 4, Rank.TEN, "Fourteen tens"),
    ("tr", 3, Rank.JACK, "Üç vale"), ("tr", 4, Rank.QUEEN, "Quatorze kız"),
    ("vi", 3, Rank.ACE, "Ba át"), ("vi", 4, Rank.QUEEN, "Quatorze đầm"),
])
def test_a_set_is_called_as_the_lessons_call_it(lang: str, count: int, rank: Rank,
                                                name: str) -> None:
    """No parentheses in speech (tr was "Üçlü (valeler)"); Turkish counts in the singular."""
    with use_language(lang):
        assert set_name(count, rank) == name

"""Turkish grammar in the text layer (words/turkish.py): a suffix after a name or a number
follows vowel harmony and the apostrophe rule, the question particle harmonizes, and a Turkish
translation's suffix after a placeholder is harmonized with the value put in (issue 36)."""

from __future__ import annotations

import pytest

from piquet.partie import Settlement
from words import _, use_language
from words.reckoning import settlement_text
from words.turkish import attach, fill, harmonize, question, said_as


@pytest.mark.parametrize(("word", "suffix", "compound", "expected"), [
    ("İlan Laboratuvarı", "ı", True, "İlan Laboratuvarı'nı"),  # a page's name, a compound
    ("kupa papazı", "ı", True, "kupa papazını"),  # a card: a common noun, no apostrophe
    ("Birinci", "ın", False, "Birinci'nin"),
    ("İkinci", "e", False, "İkinci'ye"),
    ("A", "in", False, "A'nın"), ("B", "ın", False, "B'nin"),
    ("5", "da", False, "5'te"), ("2", "te", False, "2'de"), ("3", "de", False, "3'te"),
    ("100", "ın", False, "100'ün"), ("1.792", "te", False, "1.792'de"),
    ("40", "i", False, "40'ı"), ("6", "dan", False, "6'dan"), ("9", "a", False, "9'a"),
    ("1.000", "de", False, "1.000'de"), ("12,5", "i", False, "12,5'i"),
    ("pique", "yi", False, "pique'i"), ("quatorze", "ler", False, "quatorze'lar"),
    ("carte blanche", "i", False, "carte blanche'ı"), ("capot", "dir", False, "capot'tur"),
    ("point", "da", False, "point'te"), ("Cavendish", "e", False, "Cavendish'e"),
])
def test_a_suffix_follows_harmony_and_the_apostrophe_rule(
        word: str, suffix: str, compound: bool, expected: str) -> None:
    assert attach(word, suffix, compound=compound) == expected


@pytest.mark.parametrize(("word", "particle"), [
    ("Carte blanche", "mı"), ("quatorze", "mu"), ("repique", "mi"), ("3", "mü"),
    ("İyi", "mi"), ("Eşit", "mi"), ("capot", "mu"),
])
def test_the_question_particle_harmonizes(word: str, particle: str) -> None:
    assert question(word) == particle


def test_how_numbers_are_said() -> None:
    assert [said_as(x) for x in ("0", "10", "20", "1.792,4", "%33,3", "1.000.000", "60")] == [
        "sıfır", "on", "yirmi", "dört", "üç", "milyon", "altmış"]


def test_a_suffix_chain_harmonizes_vowel_by_vowel() -> None:
    assert harmonize("İkinci", "nındır") == "nindir"
    assert harmonize("100", "dakiler") == "dekiler" and harmonize("A", "dekiler") == "dakiler"
    assert harmonize("Test", "ı") == "i"


def test_a_translation_suffix_after_a_placeholder_fits_the_value() -> None:
    assert fill("{who}'ın sırası; {n}'da 1; {what} mi?", {
        "who": "İkinci", "n": 3, "what": "Carte blanche"}) == \
        "İkinci'nin sırası; 3'te 1; Carte blanche mı?"
    # a card is a common noun, a compound: no apostrophe, n before the case
    assert fill("{card}'ı oynayın", {"card": "kupa papazı"}) == "kupa papazını oynayın"
    assert fill("{a} ve {b}", {"a": 1, "b": "x"}) == "1 ve x"


@pytest.mark.parametrize(("winner", "loser_says"), [("A", "B'nin puanı"), ("B", "A'nın puanı")])
def test_the_settlement_names_the_loser_with_the_right_suffix(winner: str,
                                                              loser_says: str) -> None:
    s = Settlement(total_a=150 if winner == "A" else 90, total_b=90 if winner == "A" else 150,
                   winner=winner, points=340, rubiconed=True)  # type: ignore[arg-type]
    with use_language("tr"):
        text = settlement_text(s)
    assert text.startswith(loser_says), text
    assert "oyuncusunun" not in text


def test_the_text_layer_harmonizes_only_turkish() -> None:
    with use_language("en"):
        assert _("{loser} has {low}, under 100: rubiconed. {winner} scores 100 + {high} + "
                 "{low} = {points}.", loser="A", low=90, winner="B", high=150,
                 points=340).startswith("A has 90")


def test_a_longer_point_is_said_without_a_word_twice() -> None:
    """The readers' "5 kâğıdı, Birinci'nin 4 kâğıt kâğıdını yener": the suffix goes on the
    value ("4 kâğıtlık", no apostrophe after a common noun)."""
    from words import ngettext

    with use_language("tr"):
        lost = ngettext("{n} card", "{n} cards", 4)
        text = ngettext("Younger's {n} card beats Elder's {lost} (longer): Younger scores "
                        "{scored}.", "Younger's {n} cards beat Elder's {lost} (longer): "
                        "Younger scores {scored}.", 5, lost=lost, scored="5")
    assert text.startswith("İkinci'nin 5 kâğıtlık point'i, Birinci'nin 4 kâğıtlık point'ini "
                           "yener"), text

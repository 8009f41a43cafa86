"""Card notation: parse_cards, canonical text, CardError and HandError (RULES.md, notation)."""

from __future__ import annotations

import pytest
from said import raises_said

from piquet import (
    DECK,
    SUITS,
    Card,
    CardError,
    HandError,
    Rank,
    Suit,
    format_cards,
    hand_of,
    parse_card,
    parse_cards,
    sort_cards,
)
from words import use_language
from words.cards import card_name

VS15 = "\ufe0e"  # text-style variation selector
VS16 = "\ufe0f"  # emoji-style variation selector

RANK_WORDS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK,
              "10": Rank.TEN, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN}
SUIT_WORDS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


# --- accepted notations ---------------------------------------------------------------


def test_brief_example_mixed_notations() -> None:
    cards = parse_cards("AS 10H TD kh 7♣ A♥")
    assert [str(c) for c in cards] == ["AS", "10H", "10D", "KH", "7C", "AH"]
    assert cards[0] == Card(Rank.ACE, Suit.SPADES)
    assert cards[2] == Card(Rank.TEN, Suit.DIAMONDS)
    assert cards[4] == Card(Rank.SEVEN, Suit.CLUBS)


@pytest.mark.parametrize("rank", list(RANK_WORDS))
@pytest.mark.parametrize("suit", list(SUIT_WORDS))
def test_every_card_in_upper_and_lower_case(rank: str, suit: str) -> None:
    expected = Card(RANK_WORDS[rank], SUIT_WORDS[suit])
    for token in (rank + suit, rank.lower() + suit.lower(), rank + suit.lower(),
                  rank.lower() + suit):
        assert parse_card(token) == expected, token


@pytest.mark.parametrize("suit", list(SUIT_WORDS))
def test_ten_written_t_or_10(suit: str) -> None:
    expected = Card(Rank.TEN, SUIT_WORDS[suit])
    for token in ("10" + suit, "T" + suit, "t" + suit.lower(), "T" + suit.lower()):
        assert parse_card(token) == expected
    assert str(parse_card("T" + suit)) == "10" + suit


@pytest.mark.parametrize(("symbol", "letter"), list(SYMBOLS.items()))
@pytest.mark.parametrize("selector", ["", VS15, VS16])
def test_suit_symbols_with_optional_variation_selector(
    symbol: str, letter: str, selector: str
) -> None:
    for rank in ("A", "K", "Q", "J", "10", "T", "9", "8", "7"):
        card = parse_card(rank + symbol + selector)
        assert card.suit is SUIT_WORDS[letter]
        assert str(card) == ("10" if rank == "T" else rank) + letter


def test_symbol_tokens_inside_a_longer_text() -> None:
    text = f"A♠{VS16} K♥{VS15} 10♦ 7♣{VS16}"
    assert format_cards(parse_cards(text)) == "AS KH 10D 7C"


@pytest.mark.parametrize(
    "text",
    ["AS,KS,10H", "AS, KS, 10H", "AS KS 10H", " AS  ,KS ,, 10H ", "AS\tKS\n10H",
     "as,ks,th", "A♠,K♠ 10♥"],
)
def test_commas_and_or_spaces_separate(text: str) -> None:
    assert parse_cards(text) == (Card.of("AS"), Card.of("KS"), Card.of("10H"))


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  , ,") == ()


def test_iterable_of_tokens_and_cards() -> None:
    ks = Card(Rank.KING, Suit.SPADES)
    assert parse_cards(["AS", ks, "t♦"]) == (Card.of("AS"), ks, Card.of("10D"))


# --- canonical text -------------------------------------------------------------------


def test_canonical_str_of_every_card() -> None:
    seen = set()
    for card in DECK:
        text = str(card)
        assert text[:-1] in RANK_WORDS and text[-1] in SUIT_WORDS
        assert RANK_WORDS[text[:-1]] is card.rank and SUIT_WORDS[text[-1]] is card.suit
        assert parse_card(text) == card
        seen.add(text)
    assert len(seen) == 32


def test_ten_is_written_10_not_t() -> None:
    assert str(parse_card("td")) == "10D"
    assert repr(parse_card("T♣")) == "Card('10C')"


def test_card_name_and_pretty() -> None:
    with use_language("en"):
        assert card_name(Card.of("QH")) == "Queen of hearts"
        assert card_name(Card.of("10s")) == "Ten of spades"
    assert Card.of("7C").pretty == "7♣"
    assert Card.of("AD").pretty == "A♦"


def test_deck_is_32_distinct_cards_a_to_7() -> None:
    assert len(DECK) == 32
    assert len(set(DECK)) == 32
    assert {c.rank for c in DECK} == set(Rank)
    assert {c.suit for c in DECK} == set(SUITS)
    assert all(sum(1 for c in DECK if c.suit is s) == 8 for s in SUITS)


def test_pips_values() -> None:
    assert [r.pips for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                             Rank.NINE, Rank.EIGHT, Rank.SEVEN)] == [11, 10, 10, 10, 10, 9, 8, 7]


def test_sort_cards_display_order() -> None:
    cards = parse_cards("7C AH 9S KS 10D AS")
    assert format_cards(sort_cards(cards)) == "AS KS 9S AH 10D 7C"


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["QQ", "6S", "1OH", "", " ", "A❤", "AS\u200b", "Ａ♠", f"A♠{VS16}{VS16}", "AS" + VS16,
     "11H", "KX", "10", "S", "A", "ZZZ", "AS;KS", "♠A"],
)
def test_bad_token_raises_card_error_quoting_it(token: str) -> None:
    with raises_said(CardError, "is not a card") as info:
        parse_card(token)
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("token", ["QQ", "6S", "1OH", "", "A❤", "AS\u200b"])
def test_bad_token_in_a_list_raises_card_error(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(["AS", token, "KS"])
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("text", ["AS QQ KS", "AS,6S", "10H 1OH", "7♣ A❤"])
def test_bad_token_in_text_is_quoted(text: str) -> None:
    bad = next(t for t in text.replace(",", " ").split() if t not in
               ("AS", "KS", "10H", "7♣"))
    with raises_said(CardError, "is not a card") as info:
        parse_cards(text)
    assert repr(bad) in str(info.value)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)
    assert issubclass(HandError, ValueError)
    with raises_said(ValueError, "'QQ'"):
        parse_cards("QQ")


def test_six_gets_the_below_the_seven_hint() -> None:
    with raises_said(CardError, "no cards below the seven"):
        parse_card("6S")


def test_lone_rank_letter_gets_the_rank_then_suit_hint() -> None:
    with raises_said(CardError, "a rank then a suit"):
        parse_card("A")


def test_ten_without_suit_is_not_called_below_the_seven() -> None:
    with pytest.raises(CardError) as info:
        parse_card("10")
    assert "below the seven" not in str(info.value)


def test_long_bad_token_is_quoted_shortened() -> None:
    token = "X" * 40
    with raises_said(CardError, "'" + "X" * 20 + "…' is not a card") as info:
        parse_card(token)
    assert "X" * 21 not in str(info.value)


def test_non_string_item_raises_card_error() -> None:
    with raises_said(CardError, "42"):
        parse_cards(["AS", 42])  # type: ignore[list-item]


# --- hand_of --------------------------------------------------------------------------


TWELVE = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"


def test_hand_of_accepts_twelve_distinct_cards() -> None:
    hand = hand_of(TWELVE)
    assert len(hand) == 12
    assert format_cards(hand) == TWELVE


def test_hand_of_card_twice() -> None:
    with raises_said(HandError, "Elder holds AS twice"):
        hand_of("AS KS as", size=None, who="Elder")


def test_hand_of_card_twice_in_twelve() -> None:
    with raises_said(HandError, "holds KH twice"):
        hand_of("AS KS QS JS 10S 9S 8S 7S AH KH QH kh")


def test_hand_of_eleven_cards() -> None:
    with raises_said(HandError, "Younger has 11 cards; a hand has 12"):
        hand_of(TWELVE.rsplit(" ", 1)[0], who="Younger")


def test_hand_of_thirteen_cards() -> None:
    with raises_said(HandError, "has 13 cards; a hand has 12"):
        hand_of(TWELVE + " AD")


def test_hand_of_one_card_singular() -> None:
    with raises_said(HandError, "Elder has 1 card; a hand has 12"):
        hand_of("AS", who="Elder")


def test_hand_of_bad_token_is_card_error() -> None:
    with raises_said(CardError, "'QQ'"):
        hand_of("AS QQ", size=None)


def test_hand_of_without_size() -> None:
    assert hand_of("AS", size=None) == (Card.of("AS"),)


# --- URL form -------------------------------------------------------------------------


def test_url_form_is_comma_separated_canonical() -> None:
    hand = parse_cards("as kh td 7♣ 9d")
    assert format_cards(hand, ",") == "AS,KH,10D,7C,9D"
    assert "," not in format_cards(hand) and format_cards(hand) == "AS KH 10D 7C 9D"


def test_url_form_round_trips_the_whole_deck() -> None:
    text = format_cards(DECK, ",")
    assert " " not in text
    assert len(text.split(",")) == 32
    assert parse_cards(text) == DECK
    assert hand_of(text, size=32) == DECK

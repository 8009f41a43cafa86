"""Tricks, reckoning and settlements: the engine returns facts (``Trick.outcome``,
``Reckoning.bonus_facts()``, the settlement's fields), and ``words`` says them with whole
messages, in English as the engine used to; ``names=`` names the players as a page wishes.
The reckoning, play and partie lessons' widgets say everything through the text layer, in
every state (under the ``qps`` pseudo-locale)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest
from test_page_lessons import _qps, button, leaks, run

from piquet import Card, reckon, settle_partie
from piquet.play import Trick, TrickOutcome
from piquet.reckon import BonusOutcome
from words import PSEUDO, use_language
from words.play import trick_text
from words.reckoning import bonus_text, event_label, event_name, settlement_text, sheet_label


def _trick(leader: str, led: str, second: str) -> Trick:
    a, b = Card.of(led), Card.of(second)
    other = "younger" if leader == "elder" else "elder"
    won = b.suit is a.suit and b.rank > a.rank
    return Trick(1, leader, a, b, other if won else leader)  # type: ignore[arg-type]


@pytest.mark.parametrize(("trick", "outcome", "text"), [
    (_trick("elder", "KD", "AD"), TrickOutcome.CAPTURED,
     "Elder leads K♦ (1 for the lead); Younger captures it with A♦ (1 for the capture)."),
    (_trick("younger", "KD", "7C"), TrickOutcome.DID_NOT_FOLLOW,
     "Younger leads K♦ (1 for the lead); Elder plays 7♣ and does not follow suit: Younger wins "
     "the trick."),
    (_trick("elder", "KD", "9D"), TrickOutcome.FOLLOWED_LOWER,
     "Elder leads K♦ (1 for the lead); Younger plays 9♦ and follows lower: Elder wins the "
     "trick."),
])
def test_a_trick_is_a_fact_said_by_words(trick: Trick, outcome: TrickOutcome, text: str) -> None:
    assert trick.outcome is outcome
    with use_language("en"):
        assert trick_text(trick) == text
    with use_language(PSEUDO):
        assert trick_text(trick).startswith("⟦")


def test_names_replace_elder_and_younger_everywhere() -> None:
    names = {"elder": "Elder (you)", "younger": "Younger (the computer)"}
    with use_language("en"):
        text = trick_text(_trick("younger", "KD", "7C"), names=names)
        assert text == ("Younger (the computer) leads K♦ (1 for the lead); Elder (you) plays 7♣ "
                        "and does not follow suit: Younger (the computer) wins the trick.")
        r = reckon(sets=(0, 31))
        assert bonus_text(r, names=names) == (
            "Younger (the computer) reached 31 from combinations alone before Elder (you) "
            "scored anything: repique (+60).")
        r = reckon(point=(0, 4), sequences=(18, 0), sets=(14, 0))
        assert bonus_text(r, names={"younger": "the computer"}).endswith(
            "(the computer scored first, with point).")


@pytest.mark.parametrize(("kwargs", "outcome", "text"), [
    ({"point": (7, 0), "sequences": (22, 0), "sets": (3, 0)}, BonusOutcome.REPIQUE,
     "Elder reached 32 from combinations alone before Younger scored anything: repique (+60)."),
    ({"sequences": (15, 0), "sets": (14, 0), "play": ["elder"]}, BonusOutcome.PIQUE,
     "Elder reached 30 from combinations and play before Younger scored anything: pique (+30)."),
    ({}, BonusOutcome.NOBODY_SCORED, "Nobody scored: no repique or pique."),
    ({"point": (5, 0), "play": [("elder", "lead", 1), ("younger", "capture", 2)]},
     BonusOutcome.NOT_REACHED,
     "No repique or pique: nobody reached 30 before the other had scored."),
    ({"point": (5, 0), "play": [("younger", "capture", 1)]}, BonusOutcome.NOT_REACHED,
     "No repique or pique: nobody reached 30 before the other had scored."),
    ({"play": [("younger", "capture", 3)]}, BonusOutcome.YOUNGER_FIRST,
     "No repique or pique: nobody reached 30 before the other had scored (Younger scored "
     "first, with capture (trick 3))."),
    ({"blanche": (0, 10), "point": (6, 0)}, BonusOutcome.YOUNGER_FIRST,
     "No repique or pique: nobody reached 30 before the other had scored (Younger scored "
     "first, with carte blanche)."),
])
def test_the_bonus_is_a_fact_said_by_words(kwargs: dict[str, object], outcome: BonusOutcome,
                                           text: str) -> None:
    r = reckon(**kwargs)  # type: ignore[arg-type]
    assert r.bonus_facts().outcome is outcome
    with use_language("en"):
        assert bonus_text(r) == text


def test_reckoning_steps_and_sheet_rows_in_words() -> None:
    r = reckon(blanche=(10, 0), play=[("elder", "lead", 1)], cards=(0, 10))
    with use_language("en"):
        assert [event_name(ev) for ev in r.events] == [
            "carte blanche", "lead (trick 1)", "the cards"]
        assert [event_label(ev) for ev in r.events] == [
            "Carte blanche", "Lead (trick 1)", "The cards"]
        assert [sheet_label(k) for k in ("blanche", "cards", "total")] == [
            "Carte blanche", "The cards", "Total"]
    with use_language(PSEUDO):
        assert all(event_label(ev).startswith("⟦") for ev in r.events)


@pytest.mark.parametrize(("a", "b", "text"), [
    (125, 81, "B has 81, under 100: rubiconed. A scores 100 + 125 + 81 = 306."),
    (100, 120, "A has 100, at least 100: not rubiconed. B scores 100 + (120 − 100) = 120."),
    (57, 57, "A and B both have 57: the partie is drawn and nobody scores."),
])
def test_settlement_in_words(a: int, b: int, text: str) -> None:
    with use_language("en"):
        assert settlement_text(settle_partie(a, b)) == text


def _reply(card: str | None) -> Callable[[AppTest], object]:
    def act(at: AppTest) -> object:
        pills = next(p for p in at.pills if p.key and p.key.startswith("lessons_play_reply_"))
        return pills.set_value(Card.of(card) if card else None)
    return act


@pytest.mark.parametrize(("slug", "act"), [
    ("reckoning", lambda at: button(at, "⟦To the end⟧").click()),
    ("reckoning", lambda at: at.session_state.__setitem__("lessons_reck_example", "custom")),
    ("play", lambda at: at.segmented_control(key="lessons_play_leader").set_value("younger")),
    ("play", _reply(None)),
    ("play", lambda at: at.text_input(key="lessons_play_hand").set_value("KD 7C")),
    ("partie", lambda at: button(at, "⟦112 v 112⟧").click()),
    ("partie", lambda at: at.text_input(key="lessons_partie_a").set_value("12x")),
])
def test_widget_states_speak_through_the_text_layer(slug: str,
                                                    act: Callable[[AppTest], object]) -> None:
    # AppTest formats a selectbox's options outside the script run: in the same language
    with use_language(PSEUDO):
        at = _qps(lesson=slug)
        act(at)
        run(at)
        assert not leaks(at)

"""AppTest: the Lab's exchange advisor and "How rare is this hand?" (issue 15).

The panel is shut on every ordinary rerun: nothing of it is computed or drawn (issue 14's
budgets). Opened, it shows the advisor's five best discards with the very figures of
:func:`academy.advisor.rank_discards`, a pick of the learner's own (its figures and rank, or
why it is not a legal discard), Younger's hand given how many cards Elder left, the hand's
rarity lines from :func:`academy.odds.rarity`; a hand the advisor cannot take gives a
message, never a traceback; Vietnamese, Turkish and the pseudo-locale show no English.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from apptest import open_page, open_panels, texts
from streamlit.testing.v1 import AppTest
from test_languages import english_words
from test_pseudo_locale import unwrapped

import academy.advisor as advisor
from academy.advisor import AdviceError, DiscardAdvice
from academy.odds import rarity
from piquet import parse_cards
from piquet.cards import Card, HandError, sort_cards
from ui.lab.advisor import K_ADVISOR_OPEN, problem_text
from ui.lab.advisor_data import TOP, hand_key, ranking
from words import use_language
from words.advisor import discard_action, figures_text, rank_text, rarity_text

ELDER = "AS,JS,9S,8S,AH,KH,QH,JH,8H,JC,9C,KD"  # the Lab's example hands
YOUNGER = "10S,QS,10H,KC,QC,10C,AC,AD,QD,JD,10D,7D"


@functools.cache
def advice(hand: str, role: str = "elder", left: int = 0) -> tuple[DiscardAdvice, ...]:
    return advisor.rank_discards(hand.replace(",", " "), role=role, left=left,
                                 rules="britannica")


def _plain(at: AppTest) -> str:
    """The page's text with Markdown's backslash escapes taken out."""
    return re.sub(r"\\(.)", r"\1", texts(at))


def _figures(a: DiscardAdvice) -> str:
    return figures_text(a.expected, a.error, a.point_won, a.samples,
                        a.chances.quint_or_better, a.chances.quatorze)


def _pick(at: AppTest) -> Any:
    [pick] = [m for m in at.multiselect if m.key and m.key.startswith("lab_adv_pick_")]
    return pick


def _lab(**params: str) -> AppTest:
    return open_page("lab", elder=ELDER, younger=YOUNGER, **params)


def test_shut_the_panel_is_a_label_and_nothing_is_computed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    monkeypatch.setattr(advisor, "rank_discards", lambda *a, **k: calls.append(a) or ())
    ranking.clear()
    at = _lab()
    assert [e.label for e in at.expander if "advisor" in e.label]
    assert not [w for w in (*at.radio, *at.multiselect) if w.key and "adv" in w.key]
    assert "Ranked" not in texts(at) and "dealt hand" not in texts(at)
    at.run()
    assert not calls, "shut, the panel computes nothing"


def test_opened_it_shows_the_advisors_best_discards_with_their_figures() -> None:
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    page = _plain(at)
    best = advice(ELDER)
    with use_language("en"):
        for i, a in enumerate(best[:TOP], start=1):
            assert discard_action(a.discard) in page
            assert _figures(a) in page
            assert rank_text(i, 1585) in page
        for r in rarity(ELDER.replace(",", " ")):
            assert rarity_text(r.kind, r.size, r.rank, r.chance, r.one_in) in page
    assert "How rare is this hand?" in page
    assert "It keeps" in page  # each choice explained on the cards


def test_a_pick_shows_its_figures_and_rank() -> None:
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    a = advice(ELDER)[36]
    _pick(at).set_value(list(a.discard)).run()
    assert not at.exception
    page = _plain(at)
    with use_language("en"):
        assert rank_text(37, 1585) in page
        assert "Ranked 37th of 1,585 legal discards." in page
        assert _figures(a) in page
    assert not at.warning


@pytest.mark.parametrize(("n", "said"), [
    (6, "You picked 6 cards: Elder discards 1 to 5."),
    (0, "You picked 0 cards: Elder discards 1 to 5."),
])
def test_an_illegal_pick_names_the_problem(n: int, said: str) -> None:
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    hand = sort_cards(parse_cards(ELDER.replace(",", " ")))
    _pick(at).set_value(list(hand[:n])).run()
    assert not at.exception
    shown = [str(w.value) for w in (*at.warning, *at.caption)]
    assert said in shown, shown
    assert "Ranked" not in " ".join(str(m.value) for m in at.markdown[-3:])


def test_younger_given_how_many_cards_elder_left() -> None:
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    at.radio(key="lab_adv_role").set_value("younger").run()
    at.radio(key="lab_adv_left").set_value(2).run()
    assert not at.exception
    page = _plain(at)
    best = advice(YOUNGER, "younger", 2)
    assert len(best) == 1586  # Elder took 3: Younger keeps his hand or discards 1 to 5
    with use_language("en"):
        assert _figures(best[0]) in page and rank_text(1, 1586) in page
    _pick(at).set_value([]).run()  # keeping the hand is a discard Younger may make
    with use_language("en"):
        keep = next(i for i, a in enumerate(best) if not a.discard)
        assert rank_text(keep + 1, 1586) in _plain(at)
        assert _figures(best[keep]) in _plain(at)
    _pick(at).set_value(list(sort_cards(parse_cards(YOUNGER.replace(",", " ")))[:6])).run()
    assert "You picked 6 cards: Younger discards 0 to 5 here." in [
        str(w.value) for w in at.warning]


def test_the_choices_survive_shutting_and_opening_the_panel() -> None:
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    at.radio(key="lab_adv_role").set_value("younger").run()
    at.radio(key="lab_adv_left").set_value(1).run()
    at.session_state[K_ADVISOR_OPEN] = False
    at.run()
    assert not [r for r in at.radio if r.key and r.key.startswith("lab_adv_")]
    open_panels(at, K_ADVISOR_OPEN)
    assert at.radio(key="lab_adv_role").value == "younger"
    assert at.radio(key="lab_adv_left").value == 1


def test_a_hand_the_advisor_cannot_take_gives_a_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page("lab", elder="AS,KS,QS", younger=YOUNGER, panels=(K_ADVISOR_OPEN,))
    assert "The advisor needs Elder's twelve cards: complete or correct Elder's hand above." \
        in [str(i.value) for i in at.info]
    with pytest.raises(HandError) as bad:
        advisor.rank_discards("AS AS KS")
    assert "Traceback" not in problem_text(bad.value) and problem_text(bad.value)

    def refuse(*_a: object, **_k: object) -> tuple[DiscardAdvice, ...]:
        raise AdviceError(code="bad_left", values=(7, 0, 4))

    monkeypatch.setattr(advisor, "rank_discards", refuse)
    ranking.clear()
    at = open_panels(_lab(), K_ADVISOR_OPEN)
    errors = [str(e.value) for e in at.error]
    assert any("Elder leaves 0 to 4 cards in the talon, not 7" in e for e in errors), errors
    ranking.clear()


def test_the_cache_is_keyed_on_the_sorted_hand() -> None:
    hand = parse_cards(ELDER.replace(",", " "))
    assert hand_key(hand) == hand_key(tuple(reversed(hand)))
    r = ranking(hand_key(hand), "elder", 0, "britannica")
    a = advice(ELDER)
    assert r.count == len(a) == 1585
    assert r.find(list(a[100].discard)) is not None
    rank, f = r.find(list(a[100].discard)) or (0, None)
    assert rank == 101 and f is not None and f.expected == a[100].expected
    assert r.find([Card.of("7H")]) is None  # not in the hand


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_vietnamese_and_turkish_show_no_english(lang: str) -> None:
    at = AppTest.from_file("../app.py", default_timeout=90)
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("app_pages/lab.py")
    at.query_params["elder"], at.query_params["younger"] = ELDER, YOUNGER
    at.session_state[K_ADVISOR_OPEN] = True
    at.run()
    assert not at.exception
    with use_language(lang):  # the widgets' options are read as the page shows them
        _pick(at).set_value(list(advice(ELDER)[40].discard)).run()
        assert not english_words(at, frozenset()), english_words(at, frozenset())
        at.radio(key="lab_adv_role").set_value("younger").run()
        assert not at.exception
        assert not english_words(at, frozenset()), english_words(at, frozenset())


def test_the_pseudo_locale_wraps_every_text_of_the_panel() -> None:
    at = AppTest.from_file("../app.py", default_timeout=90)
    at.session_state["lang"] = "qps"
    at.run()
    at.switch_page("app_pages/lab.py")
    at.query_params["elder"], at.query_params["younger"] = ELDER, YOUNGER
    at.session_state[K_ADVISOR_OPEN] = True
    at.run()
    assert not at.exception and "⟦" in texts(at)
    assert not unwrapped(at), unwrapped(at)
    with use_language("qps"):
        _pick(at).set_value(list(sort_cards(parse_cards(ELDER.replace(",", " ")))[:6])).run()
        assert at.warning and not unwrapped(at), unwrapped(at)
        at.radio(key="lab_adv_role").set_value("younger").run()
        assert not unwrapped(at), unwrapped(at)

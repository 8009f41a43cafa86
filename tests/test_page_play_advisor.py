"""AppTest: Play's "why this discard?" (issue 15): at the learner's exchange, the exchange
advisor's best discard with its sentences and figures, computed only when asked for.

The figures are :func:`academy.advisor.rank_discards`'s for the learner's hand, role and (for
Younger) the cards Elder left; "Choose the advisor's cards" picks that discard."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from test_page_play import _pseudo_play, _unwrapped, deal, ok, settle_hints, start_deal, texts

import academy.advisor as advisor
from academy.advisor import DiscardAdvice
from piquet.deal import Phase
from ui.lab.advisor_data import ranking
from ui.play.advice import K_ADVICE_OPEN
from words import use_language
from words.advisor import discard_action, figures_text


def _best(at: AppTest) -> tuple[DiscardAdvice, int]:
    d = deal(at)
    role = at.session_state["play_learner"]
    left = 0 if role == "elder" else 5 - len(d.elder_discard or ())
    found = advisor.rank_discards(d.hand(role), role=role, left=left, rules=d.rules.name)
    return found[0], len(found)


def _figures(a: DiscardAdvice) -> str:
    return figures_text(a.expected, a.error, a.point_won, a.samples,
                        a.chances.quint_or_better, a.chances.quatorze)


def test_asked_for_it_shows_the_best_discard_and_picks_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = advisor.rank_discards
    calls: list[object] = []

    def counted(*a: object, **k: object) -> tuple[DiscardAdvice, ...]:
        calls.append(a)
        return real(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(advisor, "rank_discards", counted)
    ranking.clear()
    at = start_deal(learner_deals=False)  # the learner is Elder
    assert deal(at).phase is Phase.ELDER_EXCHANGE
    assert [e for e in at.expander if "Why this discard?" in e.label]
    settle_hints(at)  # the hint is found in the worker process: not ranked here
    assert not calls, "the learner's run does not rank: the worker finds the hint"
    at.session_state[K_ADVICE_OPEN] = True
    ok(at.run())
    assert len(calls) == 1, "opened: ranked once"
    ok(at.run())
    assert len(calls) == 1, "and then cached"
    monkeypatch.setattr(advisor, "rank_discards", real)
    best, count = _best(at)
    hints = [h for h in at.session_state["play_hint_cache"].values() if h is not None]
    assert [set(h.cards) for h in hints] == [set(best.discard)], "the hint is the advisor's"
    page = texts(at)
    with use_language("en"):
        assert discard_action(best.discard) in page
        assert _figures(best) in page
    assert "It keeps" in page
    assert count == 1585
    ok(at.button(key="play_advice_take").click().run())
    chosen = {k.removeprefix("play_discard_") for k in at.session_state
              if isinstance(k, str) and k.startswith("play_discard_") and at.session_state[k]}
    assert chosen == {str(c) for c in best.discard}
    ok(at.run())  # asking again costs nothing: the ranking is cached
    assert len(calls) == 1
    ok(at.button(key="play_exchange").click().run())
    assert deal(at).elder_discard is not None
    assert set(deal(at).elder_discard or ()) == set(best.discard)


def test_younger_is_advised_given_the_cards_elder_left() -> None:
    at = start_deal(learner_deals=True)  # the learner deals: Younger
    assert deal(at).phase is Phase.YOUNGER_EXCHANGE
    at.session_state[K_ADVICE_OPEN] = True
    ok(at.run())
    best, count = _best(at)
    left = 5 - len(deal(at).elder_discard or ())
    assert count == sum(__import__("math").comb(12, k) for k in range(0, 4 + left))
    with use_language("en"):
        assert _figures(best) in texts(at)


def test_the_hint_under_the_pseudo_locale() -> None:
    at = _pseudo_play()
    at.session_state["play_strength"] = "computer:1"
    ok(at.run())
    ok(at.button(key="play_new_partie").click().run())
    from piquet import Partie

    at.session_state["play_partie"] = Partie("B")
    ok(at.run())
    ok(at.button(key="play_deal").click().run())
    assert deal(at).phase is Phase.ELDER_EXCHANGE
    at.session_state[K_ADVICE_OPEN] = True
    ok(at.run())
    assert "⟦" in texts(at) and not _unwrapped(at), _unwrapped(at)

"""AppTest: the Odds page (issue 15). Every figure shown is parsed back and compared with
``academy.odds``' (the exact fractions as dealt, each estimate and its error after the
exchange), in English and in the languages that write numbers otherwise; the role and the
preset switch the figures after the exchange; the preset starts as the sidebar's and follows
it; Vietnamese, Turkish and the pseudo-locale show no English; a broken after-exchange table
gives a message naming the file, not a traceback."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from apptest import APP, TIMEOUT, html_tables
from babel.numbers import parse_decimal
from streamlit.testing.v1 import AppTest
from test_languages import english_words
from test_pseudo_locale import unwrapped

import academy.odds as odds
from academy.odds import (
    FIGURE_KEYS,
    SET_RANKS_HIGH_FIRST,
    TABLE_FORMAT,
    TABLE_VERSION,
    Estimate,
    ExchangeOdds,
    dealt_odds,
    parse_exchange_table,
)
from piquet.cards import Rank
from words import PREVIEW_ENV, PSEUDO, babel_locale, format_number, use_language
from words.odds import decimals_for, error_decimals, one_in_count

ROLES = ("elder", "younger")
PRESETS = ("britannica", "cavendish")
POINTS = (3, 4, 5, 6, 7, 8)
RUNS = (0, 3, 4, 5, 6, 7, 8)
SETS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


# --------------------------------------------------------------------------- a table


def _shifted(dist: dict[int, float], towards: int, weight: float) -> dict[int, float]:
    return {k: (1 - weight) * v + (weight if k == towards else 0.0) for k, v in dist.items()}


def _synthetic() -> dict[str, Any]:
    """A well-formed after-exchange table, each (preset, role) with figures of its own (so
    that a switch shows), as ``scripts/odds_exchange.py`` would write it."""
    d = dealt_odds()
    tables: dict[str, dict[str, Any]] = {}
    for i, preset in enumerate(PRESETS):
        for j, role in enumerate(ROLES):
            shift = 0.1 + 0.05 * i + 0.1 * j
            samples = 20_000 + 1_000 * (2 * i + j)
            point = _shifted({k: float(v) for k, v in d.point_length.items()}, 5 + j, shift)
            runs = _shifted({k: float(v) for k, v in d.best_sequence.items()}, 4 + i, shift)

            def est(p: float, samples: int = samples) -> dict[str, Any]:
                p = min(1.0, max(0.0, p))
                return {"value": p, "error": (p * (1 - p) / samples) ** 0.5,
                        "samples": samples}

            tables.setdefault(preset, {})[role] = {
                "point_length": {str(k): est(v) for k, v in point.items()},
                "point_at_least": {str(k): est(sum(v for m, v in point.items() if m >= k))
                                   for k in POINTS},
                "best_sequence": {str(k): est(v) for k, v in runs.items()},
                "sequence_at_least": {str(k): est(sum(v for m, v in runs.items() if m >= k))
                                      for k in POINTS},
                "quatorze": {r.symbol: est(float(d.quatorze[r]) * (1 + shift * (4 - n)))
                             for n, r in enumerate(SET_RANKS_HIGH_FIRST)},
                "trio": {r.symbol: est(float(d.trio[r]) * (1 + shift)) for r in SETS},
                "any_quatorze": est(float(d.any_quatorze) * (1 + shift)),
                "carte_blanche": est(0.0),
            }
    assert set(FIGURE_KEYS) <= set(tables["britannica"]["elder"])
    return {"format": TABLE_FORMAT, "version": TABLE_VERSION, "policy": "advisor-top",
            "advisor_samples": 400, "tables": tables}


LOAD = odds.load_exchange_table  # the real loader (cached), whatever a test patches in


def _clear_caches() -> None:
    st.cache_data.clear()
    LOAD.cache_clear()


@pytest.fixture(autouse=True)
def _preview(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vietnamese and Turkish offered even while another page's messages wait for their
    translation (this page's own are checked here)."""
    monkeypatch.setenv(PREVIEW_ENV, "vi,tr")


@pytest.fixture()
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[tuple[str, str], ExchangeOdds]]:
    """The page reads the synthetic table (``academy/odds_exchange.json`` may not be
    written yet, and its figures change when it is)."""
    parsed = parse_exchange_table(_synthetic())
    _clear_caches()
    monkeypatch.setattr(odds, "load_exchange_table", lambda *a, **k: parsed)
    yield parsed
    _clear_caches()


def _open(lang: str = "en", **state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    for k, v in state.items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, at.exception
    at.switch_page("app_pages/odds.py").run()
    assert not at.exception, at.exception
    assert at.session_state["lang"] == lang
    return at


# --------------------------------------------------------------------------- reading back

_NUMBER = re.compile(r"\d[\d.,\u00a0\u202f]*\d|\d")


def _numbers(text: str, lang: str) -> list[float]:
    return [float(parse_decimal(n, locale=babel_locale(lang), strict=False))
            for n in _NUMBER.findall(text)]


def _check_exact(cell: object, p: Fraction, lang: str) -> None:
    """``cell`` reads ``p``: its percentage rounded as shown, and "1 in N" with N = 1/p
    rounded (when given)."""
    text = str(cell)
    found = _numbers(text, lang)
    assert found, text
    d = decimals_for(p)
    assert found[0] == pytest.approx(round(float(p) * 100, d), abs=1e-9), (text, p)
    n = one_in_count(p)
    if n is not None and n >= 2:  # "1 in N" (Turkish: "N ihtimalde 1")
        assert len(found) == 3 and sorted(found[1:]) == sorted([1, n]), (text, n)
    else:
        assert len(found) == 1, text


def _check_estimate(cell: object, e: Estimate, lang: str) -> None:
    """``cell`` reads ``e``: the value and its error in percentage points, rounded to the
    error's decimals (or "none in N deals" for a figure never seen)."""
    text = str(cell)
    found = _numbers(text, lang)
    if e.value == 0:
        assert found == [e.samples], text
        return
    if e.value >= 1 or e.error == 0:  # seen in every deal: no error to give
        assert found == [pytest.approx(round(e.value * 100, decimals_for(e.value)))], text
        return
    d = error_decimals(e.error)
    assert found == [pytest.approx(round(e.value * 100, d), abs=1e-9),
                     pytest.approx(round(e.error * 100, d), abs=1e-9)], (text, e)


def _check_section(frames: list[Any], x: Any, check: Callable[[object, Any, str], None],
                   lang: str) -> None:
    """The four tables of a section read ``x``'s figures (a ``DealtOdds`` or an
    ``ExchangeOdds``: the same names), each cell through ``check``."""
    point, runs, sets, other = frames
    for i, n in enumerate(POINTS):
        check(point.iloc[i, 1], x.point_length[n], lang)
        check(point.iloc[i, 2], x.point_at_least[n], lang)
    for i, n in enumerate(RUNS):
        check(runs.iloc[i, 1], x.best_sequence[n], lang)
        if n:
            check(runs.iloc[i, 2], x.sequence_at_least[n], lang)
        else:  # no sequence "or longer"
            assert not str(runs.iloc[i, 2]).strip()
    for i, r in enumerate(SETS):
        check(sets.iloc[i, 1], x.quatorze[r], lang)
        check(sets.iloc[i, 2], x.trio[r], lang)
    check(other.iloc[0, 1], x.carte_blanche, lang)
    check(other.iloc[1, 1], x.any_quatorze, lang)


def _check_dealt(frames: list[Any], lang: str) -> None:
    _check_section(frames[:4], dealt_odds(), _check_exact, lang)


def _check_exchange(frames: list[Any], x: ExchangeOdds, lang: str) -> None:
    _check_section(frames[4:8], x, _check_estimate, lang)


def _captions(at: AppTest) -> str:
    return "\n".join(str(c.value) for c in at.caption)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("lang", ["en", "vi", "tr"])
def test_every_figure_is_the_engines(lang: str,
                                     table: dict[tuple[str, str], ExchangeOdds]) -> None:
    at = _open(lang)
    frames = html_tables(at)
    assert len(frames) == 8
    _check_dealt(frames, lang)
    _check_exchange(frames, table[("britannica", "elder")], lang)
    # the number of deals simulated is stated
    samples = table[("britannica", "elder")].samples
    with use_language(lang):
        assert format_number(samples) in _captions(at)
    assert len(at.get("arrow_vega_lite_chart")) + len(at.get("vega_lite_chart")) >= 4


def test_the_role_and_the_preset_switch_the_figures(
        table: dict[tuple[str, str], ExchangeOdds]) -> None:
    at = _open()
    assert at.segmented_control(key="odds_role").value == "elder"
    assert at.segmented_control(key="odds_preset").value == "britannica"
    for role, preset in (("younger", "britannica"), ("younger", "cavendish"),
                         ("elder", "cavendish")):
        at.segmented_control(key="odds_role").set_value(role)
        at.segmented_control(key="odds_preset").set_value(preset)
        at.run()
        assert not at.exception, at.exception
        frames = html_tables(at)
        _check_dealt(frames, "en")
        _check_exchange(frames, table[(preset, role)], "en")
        assert format_number(table[(preset, role)].samples) in _captions(at)
    # the choice survives the sidebar staying as it was
    at.run()
    assert at.segmented_control(key="odds_preset").value == "cavendish"


def test_the_preset_starts_as_the_sidebars_and_follows_it(
        table: dict[tuple[str, str], ExchangeOdds]) -> None:
    at = _open(rules="cavendish")
    assert at.segmented_control(key="odds_preset").value == "cavendish"
    _check_exchange(html_tables(at), table[("cavendish", "elder")], "en")
    at.segmented_control(key="odds_preset").set_value("britannica").run()
    assert at.segmented_control(key="odds_preset").value == "britannica"
    at.segmented_control(key="rules").set_value("britannica").run()  # the sidebar moves...
    at.segmented_control(key="rules").set_value("cavendish").run()
    assert at.segmented_control(key="odds_preset").value == "cavendish"  # ... the page too
    _check_exchange(html_tables(at), table[("cavendish", "elder")], "en")


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_no_english_in_vietnamese_or_turkish(lang: str,
                                             table: dict[tuple[str, str], ExchangeOdds]) -> None:
    at = _open(lang)
    assert not english_words(at, frozenset())
    at.segmented_control(key="odds_role").set_value("younger").run()
    assert not english_words(at, frozenset())


def test_every_text_is_a_catalog_message(table: dict[tuple[str, str], ExchangeOdds]) -> None:
    at = _open(PSEUDO)
    assert not unwrapped(at)
    at.segmented_control(key="odds_role").set_value("younger").run()
    assert not unwrapped(at)


@pytest.mark.parametrize(("content", "code"), [
    (None, "odds_missing"), ("{not json", "odds_json"), ('{"format": "x"}', "odds_format"),
    (json.dumps({**_synthetic(), "tables": {}}), "odds_entry")])
@pytest.mark.parametrize("lang", ["en", PSEUDO])
def test_a_broken_table_is_named_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | None, code: str,
        lang: str) -> None:
    path = tmp_path / "odds_exchange.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    real = LOAD.__wrapped__
    _clear_caches()
    monkeypatch.setattr(odds, "load_exchange_table", lambda *a, **k: real(path))
    try:
        at = _open(lang)
    finally:
        _clear_caches()
    errors = [str(e.value) for e in at.error]
    assert len(errors) == 1 and "odds_exchange.json" in errors[0], errors
    assert len(html_tables(at)) == 4  # the exact tables as dealt are still there
    _check_dealt(html_tables(at), "en")
    if lang == PSEUDO:
        assert not unwrapped(at)
    with pytest.raises(odds.OddsError) as raised:
        real(path)
    assert raised.value.code == code


def test_the_committed_table_if_there_is_one() -> None:
    """The page on the real ``academy/odds_exchange.json`` (once written): every figure
    is the engine's, for each role and preset."""
    if not odds.EXCHANGE_TABLE.exists():
        pytest.skip("academy/odds_exchange.json is not written yet")
    _clear_caches()
    at = _open()
    for role in ROLES:
        for preset in PRESETS:
            at.segmented_control(key="odds_role").set_value(role)
            at.segmented_control(key="odds_preset").set_value(preset)
            at.run()
            assert not at.exception, at.exception
            _check_exchange(html_tables(at), odds.exchange_odds(role, preset), "en")

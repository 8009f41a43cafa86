"""The Odds page's tables and charts, from :mod:`academy.odds`, in the reader's language.

Everything shown is made once per language (and per role and preset after the exchange) and
cached (``st.cache_data``, keyed on those ids, never on display text): the exact tables as
dealt, the estimates after the exchange, and each chart's Vega-Lite spec (its axes and
legend are words). The charts carry their data inside their one layer, so that Streamlit
does not turn it into a DataFrame (which would import pandas and pyarrow into the server).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

import streamlit as st

from academy.odds import EXCHANGE_TABLE, dealt_odds, exchange_odds
from piquet.cards import Rank
from ui.tables import rows_table_html
from words import use_language
from words.odds import (
    CHANCE_AXIS,
    chance_axis,
    estimate_figure,
    exact_figure,
    label,
    point_row,
    rank_row,
    sequence_row,
)

__all__ = ["POINT_LENGTHS", "SEQUENCE_LENGTHS", "SET_RANKS", "Tables", "chart_spec",
           "dealt_tables", "exchange_facts", "exchange_tables", "show_section", "table_path"]

POINT_LENGTHS: Final = (3, 4, 5, 6, 7, 8)
SEQUENCE_LENGTHS: Final = (0, 3, 4, 5, 6, 7, 8)
SET_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
ROOT: Final = Path(__file__).resolve().parent.parent.parent
COLOURS: Final = ("#0072B2", "#D55E00")  # blue, vermilion: apart for any colour vision


class _Estimate(Protocol):
    @property
    def value(self) -> float: ...
    @property
    def error(self) -> float: ...
    @property
    def samples(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Tables:
    """One section's four tables as HTML (``ui.tables``' look), in page order."""

    point: str
    sequence: str
    sets: str
    other: str


def _rows_html(head: str, rows: Sequence[tuple[str, Sequence[str | None]]],
               columns: Sequence[str], caption: str) -> str:
    body = [{head: name, **dict(zip(columns, cells, strict=True))} for name, cells in rows]
    return rows_table_html(body, label=caption)


def _tables(point: Mapping[int, Any], point_up: Mapping[int, Any],
            sequence: Mapping[int, Any], sequence_up: Mapping[int, Any],
            quatorze: Mapping[Rank, Any], trio: Mapping[Rank, Any],
            blanche: Any, any_quatorze: Any, figure: Callable[[Any], str],
            blanche_label: str) -> Tables:
    def cell(table: Mapping[Any, Any], key: Any) -> str | None:
        return figure(table[key]) if key in table else None

    exactly, longer = label("exactly"), label("or_longer")
    return Tables(
        point=_rows_html(label("longest"), [
            (point_row(n), (cell(point, n), cell(point_up, n))) for n in POINT_LENGTHS],
            (exactly, longer), label("point")),
        sequence=_rows_html(label("best"), [
            (sequence_row(n), (cell(sequence, n), cell(sequence_up, n) if n else None))
            for n in SEQUENCE_LENGTHS], (exactly, longer), label("sequence")),
        sets=_rows_html(label("rank"), [
            (rank_row(r), (cell(quatorze, r), cell(trio, r))) for r in SET_RANKS],
            (label("quatorze"), label("trio")), label("sets")),
        other=_rows_html(label("what"), [
            (blanche_label, (figure(blanche),)),
            (label("any_quatorze"), (figure(any_quatorze),))],
            (label("chance"),), label("other")),
    )


@st.cache_data(max_entries=8, show_spinner=False)
def dealt_tables(lang: str) -> Tables:
    """The exact tables as dealt, in ``lang``."""
    d = dealt_odds()
    with use_language(lang):
        return _tables(d.point_length, d.point_at_least, d.best_sequence,
                       d.sequence_at_least, d.quatorze, d.trio, d.carte_blanche,
                       d.any_quatorze, exact_figure, label("blanche"))


def _estimate(e: _Estimate) -> str:
    return estimate_figure(e.value, e.error, e.samples)


@st.cache_data(max_entries=32, show_spinner=False)
def exchange_tables(role: str, preset: str, lang: str) -> Tables:
    """The simulated tables after ``role``'s exchange under ``preset``, in ``lang``."""
    x = exchange_odds(role, preset)
    with use_language(lang):
        return _tables(x.point_length, x.point_at_least, x.best_sequence,
                       x.sequence_at_least, x.quatorze, x.trio, x.carte_blanche,
                       x.any_quatorze, _estimate, label("no_court"))


@st.cache_data(max_entries=8, show_spinner=False)
def exchange_facts(role: str, preset: str) -> tuple[int, bool]:
    """How many deals the figures after the exchange were simulated on, and whether the
    discards were the advisor's (else a stand-in rule's)."""
    x = exchange_odds(role, preset)
    return x.samples, x.policy == "advisor-top"


# --------------------------------------------------------------------------- charts


def _bars(kind: str, role: str | None, preset: str | None) -> list[dict[str, Any]]:
    """The bars of a chart: one per length (and per series after the exchange)."""
    d = dealt_odds()
    keys = POINT_LENGTHS if kind == "point" else SEQUENCE_LENGTHS
    name = point_row if kind == "point" else sequence_row
    dealt = d.point_length if kind == "point" else d.best_sequence
    bars = [{"what": name(k), "series": label("dealt"), CHANCE_AXIS: float(dealt[k]) * 100,
             "figure": exact_figure(dealt[k])} for k in keys]
    if role is not None and preset is not None:
        x = exchange_odds(role, preset)
        after = x.point_length if kind == "point" else x.best_sequence
        for k in keys:
            e = after[k]
            bars.append({"what": name(k), "series": label("exchange"),
                         CHANCE_AXIS: e.value * 100, "figure": _estimate(e),
                         "low": max(0.0, (e.value - e.error) * 100),
                         "high": min(100.0, (e.value + e.error) * 100)})
    return bars


def _spec(kind: str, role: str | None, preset: str | None) -> dict[str, Any]:
    """Horizontal bars (the names of the lengths on the left read whole on a phone), the
    series side by side within each length, each estimate's error as a thin rule."""
    bars = _bars(kind, role, preset)
    order = list(dict.fromkeys(b["what"] for b in bars))
    series = list(dict.fromkeys(b["series"] for b in bars))
    axis_title = label("longest") if kind == "point" else label("best")
    y = {"field": "what", "type": "nominal", "sort": order, "title": axis_title,
         "axis": {"labelLimit": 140}}
    offset = {"yOffset": {"field": "series", "type": "nominal", "sort": series}}
    colour = {"field": "series", "type": "nominal", "title": None,
              "scale": {"domain": series, "range": list(COLOURS[:len(series)])},
              # one entry a line: side by side, the second ran past a 320 px screen's edge
              "legend": {"orient": "bottom", "direction": "vertical"} if len(series) > 1
              else None}
    layers: list[dict[str, Any]] = [{
        "data": {"values": bars},
        "mark": {"type": "bar"},
        "encoding": {
            "y": y, **offset,
            "x": {"field": CHANCE_AXIS, "type": "quantitative", "title": chance_axis()},
            "color": colour,
            "tooltip": [{"field": "what", "type": "nominal", "title": axis_title},
                        {"field": "series", "type": "nominal", "title": label("what")},
                        {"field": "figure", "type": "nominal", "title": label("chance")}],
        },
    }]
    spread = [b for b in bars if "low" in b]
    if spread:  # each estimate's standard error, as a thin rule across its bar's end
        layers.append({
            "data": {"values": spread},
            "mark": {"type": "rule", "color": "#333333", "strokeWidth": 1.5},
            "encoding": {"y": y, **offset,
                         "x": {"field": "low", "type": "quantitative"},
                         "x2": {"field": "high"}},
        })
    return {"height": {"step": 26 if len(series) == 1 else 15}, "layer": layers}


@st.cache_data(max_entries=64, show_spinner=False)
def chart_spec(kind: str, role: str | None, preset: str | None, lang: str) -> dict[str, Any]:
    """The Vega-Lite spec of the ``kind`` chart (``"point"`` or ``"sequence"``) in ``lang``:
    as dealt, and after ``role``'s exchange under ``preset`` when both are given."""
    with use_language(lang):
        return _spec(kind, role, preset)


# --------------------------------------------------------------------------- the page


def show_section(tables: Tables, role: str | None, preset: str | None, lang: str) -> None:
    """One section of the page: the point and the sequence each as a table beside its
    chart, then the sets and carte blanche tables side by side (stacked on a phone)."""
    for kind, table in (("point", tables.point), ("sequence", tables.sequence)):
        st.subheader(label(kind))
        left, right = st.columns(2, gap="large")
        left.markdown(table, unsafe_allow_html=True)
        right.vega_lite_chart(chart_spec(kind, role, preset, lang), width="stretch",
                              alt=label(f"{kind}_chart"))
    left, right = st.columns(2, gap="large")
    with left:
        st.subheader(label("sets"))
        st.markdown(tables.sets, unsafe_allow_html=True)
        st.caption(label("sets_note"))
    with right:
        st.subheader(label("other"))
        st.markdown(tables.other, unsafe_allow_html=True)
        if role is not None:
            st.caption(label("no_court_note"))


def table_path(error: Exception) -> str:
    """The after-exchange table's file an ``OddsError`` names, relative to the app's folder
    (the file's name alone when it lies elsewhere)."""
    values = getattr(error, "values", ())
    raw = Path(str(values[0])) if values else EXCHANGE_TABLE
    try:
        return raw.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return raw.name

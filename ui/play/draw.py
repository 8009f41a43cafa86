"""Drawing helpers of the Play page: its CSS, rows of cards, face-down cards, labels and the
score sheet by category."""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from typing import Final

import streamlit as st

from piquet import Card
from piquet.cards import DECK
from piquet.record import SHEET_KEYS
from ui.cards import card_svg, cards_row_html
from ui.dialogue import lang_attribute
from ui.play.words import backs_label
from ui.settings import four_colour
from ui.style import inject_css
from words.reckoning import sheet_label

CARD_W: Final = 64
SMALL_W: Final = 40


TABLE_CSS: Final = """
.st-key-play_hand_area{scroll-margin-top:4rem}
.st-key-play_led{position:sticky;top:3.75rem;z-index:4;background:rgb(255 255 255 / .96);
  padding:.25rem 0;border-bottom:1px solid rgba(128,128,128,.25)}
@media (prefers-color-scheme:dark){.st-key-play_led{background:rgb(14 17 23 / .96)}}
.pq-led{display:flex;gap:.75rem;align-items:center}
.pq-led p{margin:0;font-weight:600}
.pq-led svg.pq-card{flex:none}
.pq-table-label{font-variant:small-caps;letter-spacing:.04em;font-weight:700;opacity:.8;
  margin:.2rem 0}
.pq-trick{display:flex;gap:1.5rem;align-items:flex-end;flex-wrap:wrap}
.pq-trick figure{margin:0;text-align:center}
.pq-trick figcaption{font-size:.85rem;opacity:.8}
.pq-tally{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.3rem 0 .8rem 0}
.pq-tally th,.pq-tally td{padding:.12rem .7rem;border-bottom:1px solid rgba(128,128,128,.25);
  text-align:right}
.pq-tally th:first-child,.pq-tally td:first-child{text-align:left}
.pq-tally tr.pq-total td{font-weight:700;border-top:2px solid rgba(128,128,128,.5)}
.pq-announce{font-size:1.25rem;font-weight:700;padding:.5rem .9rem;border-radius:.5rem;
  background:#fff4d6;border:2px solid #f2b705;color:#5b4300;margin:.4rem 0}
@media (max-width:640px){
  .st-key-wt_hands .pq-overlap{flex-wrap:nowrap !important;column-gap:0 !important}
  .st-key-wt_hands .pq-overlap svg.pq-card{width:54px;height:auto}
  .st-key-wt_hands .pq-overlap svg.pq-card:not(:first-child){margin-left:-28px !important}
  .st-key-wt_nav [data-testid="stHorizontalBlock"]{flex-wrap:nowrap;gap:.4rem}
  .st-key-wt_nav [data-testid="stColumn"]{min-width:0;width:auto !important;flex:1 1 0 !important}
  .st-key-wt_nav [data-testid="stColumn"]:has(.st-key-wt_first),
  .st-key-wt_nav [data-testid="stColumn"]:has(.st-key-wt_last){display:none}
  .st-key-wt_nav [data-testid="stColumn"]:has([data-testid="stProgress"]){flex:1.4 1 0 !important}
}
"""

PRESENT_CSS: Final = """
:root{--pq-present-card:21vh}
[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl'],
[data-testid='stHeader'],[data-testid='stToolbar']{display:none !important}
[data-testid='stMainBlockContainer']{padding-top:1.2rem;max-width:100%}
.pq-present-caption{font-size:2rem;line-height:1.4}
.pq-present-title{font-size:2.4rem;font-weight:700;margin:0 0 .4rem 0}
.st-key-wt_prev button,.st-key-wt_next button{font-size:1.6rem;min-height:3.6rem;
  padding:.6rem 2.4rem}
.st-key-wt_prev button p,.st-key-wt_next button p{font-size:1.6rem}
.pq-present-step{text-align:center;font-size:1.8rem;padding-top:.8rem}
.pq-outlined{font-size:1.5rem;opacity:.85}
.pq-tally{font-size:1.6rem}
.pq-announce{font-size:1.8rem}
.pq-table-label{font-size:1.4rem}
.st-key-pq_hands .pq-cards,.st-key-pq_trick .pq-cards{zoom:1 !important}
.st-key-pq_hands .pq-cards svg.pq-card,.st-key-pq_trick .pq-cards svg.pq-card{
  height:var(--pq-present-card);width:auto}
.st-key-pq_hands .pq-overlap svg.pq-card:not(:first-child){
  margin-left:calc(var(--pq-present-card) / -1.4 * .6) !important}
"""
"""Presentation mode (``?present=1``) for a 1920×1080 projector: each card of the hands and
the trick is ``--pq-present-card`` high (21% of the screen's height), the text large."""


def _html_cards(cards: Sequence[Card], *, width: float = CARD_W,
                highlight: Collection[Card] = frozenset(), dim: Collection[Card] = frozenset(),
                caption: str | None = None, overlap: bool = False) -> None:
    if not cards:
        return
    st.markdown(cards_row_html(cards, width=width, highlight=highlight, dim=dim,
                               four_colour=four_colour(), caption=caption, overlap=overlap),
                unsafe_allow_html=True)


def _backs(n: int, width: float = SMALL_W) -> None:
    if n <= 0:
        return
    backs = "".join(card_svg(DECK[0], width=width, face_down=True) for _ in range(n))
    st.markdown(f'<div class="pq-cards" role="group" aria-label="{html.escape(backs_label(n))}">'
                f"{backs}</div>", unsafe_allow_html=True)


def _label(text: str) -> None:
    st.markdown(f'<div class="pq-table-label" {lang_attribute()}>{html.escape(text)}</div>',
                unsafe_allow_html=True)


def tally_html(sheet: dict[str, dict[str, int]], columns: Sequence[tuple[str, str]],
               ) -> str:
    """A score sheet by category: ``columns`` are (role, heading) pairs."""
    head = "".join(f"<th>{html.escape(h)}</th>" for _, h in columns)
    rows = [f"<tr><th></th>{head}</tr>"]
    for key in (*SHEET_KEYS, "total"):
        values = [sheet[r][key] for r, _ in columns]
        if key != "total" and not any(values):
            continue
        cls = ' class="pq-total"' if key == "total" else ""
        cells = "".join(f"<td>{v}</td>" for v in values)
        rows.append(f"<tr{cls}><td>{html.escape(sheet_label(key))}</td>{cells}</tr>")
    return f'<table class="pq-tally">{"".join(rows)}</table>'


def _css(present: bool = False) -> None:
    inject_css(big=present)
    st.html(f"<style>{TABLE_CSS}{PRESENT_CSS if present else ''}</style>")

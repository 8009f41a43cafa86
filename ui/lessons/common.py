"""What the lesson widgets share: cards on the page, a hand typed in a text box, the engine's
error for bad input, preset names, and Cavendish's worked deal read from
``content/scenarios/cavendish-deal.json`` (never typed again).

Text the user typed reaches the page only through :func:`ui.text.md_escape` (Markdown) or
:mod:`ui.cards` captions (HTML-escaped).
"""

from __future__ import annotations

import html
import json
import zlib
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

import streamlit as st

from academy.rule_text import blanche_showing
from piquet import DECK, Card, DealRecord, hand_of
from piquet.rules import Rules
from ui.cards import card_svg, cards_row_html, labelled_row, show_cards
from ui.content import CONTENT
from ui.lessons.state import set_value
from ui.settings import four_colour, preset_label
from ui.text import md_escape
from words import _, ngettext
from words.errors import error_text
from words.names import preset_name

__all__ = [
    "CARD_WIDTH",
    "MAX_TEXT",
    "SMALL_WIDTH",
    "blanche_timing",
    "card_help",
    "card_names",
    "cavendish_deal",
    "crc",
    "draw_cards",
    "faces_down",
    "fc",
    "hand_input",
    "preset_label",
    "preset_note",
    "show_error",
    "sum_text",
    "words",
]



def card_help() -> str:
    """The help of a hand's text box: how to type a card."""
    return _("A card is a rank then a suit: A K Q J 10 (or T) 9 8 7, and S H D C (or ♠ ♥ ♦ ♣). "
             "Separate the cards with spaces or commas.")

MAX_TEXT: Final = 200
CARD_WIDTH: Final = 60
SMALL_WIDTH: Final = 46


@cache
def cavendish_deal() -> DealRecord:
    """Cavendish's worked deal (lessons 2, 7 and 11), as the scenario library records it."""
    path = CONTENT / "scenarios" / "cavendish-deal.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return DealRecord.from_json(data["record"])


def fc() -> bool:
    """Four-colour deck on?"""
    return four_colour()


def draw_cards(cards: Sequence[Card], *, label: str | None = None, **kw: Any) -> None:
    """Cards on the page, in the chosen deck colours; with ``label`` (Markdown), the line
    above them in the same element (:func:`ui.cards.labelled_row`)."""
    kw.setdefault("width", CARD_WIDTH)
    if label is None:
        show_cards(cards, four_colour=fc(), **kw)
        return
    st.markdown(labelled_row(label, cards_row_html(cards, four_colour=fc(), **kw)),
                unsafe_allow_html=True)


def faces_down(n: int, width: float = SMALL_WIDTH, *, label: str | None = None) -> None:
    """``n`` cards face down (the talon as it lies on the table); with ``label`` (Markdown),
    the line above them in the same element."""
    backs = card_svg(DECK[0], width=width, face_down=True) * n
    name = html.escape(ngettext("{n} face-down card", "{n} face-down cards", n))
    row = f'<div class="pq-cards" role="group" aria-label="{name}">{backs}</div>'
    st.markdown(row if label is None else labelled_row(label, row), unsafe_allow_html=True)


def show_error(err: Exception) -> None:
    """The engine's message for bad input (user text inside it is Markdown-escaped)."""
    st.error(md_escape(error_text(err)), icon=":material/error:")


def hand_input(key: str, label: str, default: str, *, who: str | None = None,
               size: int | None = 12, examples: dict[str, tuple[str, str]] | None = None
               ) -> tuple[Card, ...] | None:
    """A text box for a hand, checked by the engine; ``None`` (and an error) when bad.

    ``examples``: ``{id: (button label, cards)}``; the id (not the label, which follows the
    language) keys the button. ``who`` names the holder in the engine's error (its default
    when ``None``).
    """
    st.session_state.setdefault(key, default)
    st.text_input(label, key=key, max_chars=MAX_TEXT, help=card_help(),
                  persist_state="session")
    if examples:
        with st.container(horizontal=True, gap="small"):
            for ex_id, (name, text) in examples.items():
                st.button(name, key=f"{key}_ex_{ex_id}", on_click=set_value,
                          args=(key, text), type="tertiary", icon=":material/style:")
    text = str(st.session_state.get(key) or "")
    try:
        return hand_of(text, size) if who is None else hand_of(text, size, who=who)
    except ValueError as err:
        show_error(err)
        return None


def crc(*parts: object) -> int:
    """A short stable id of some values (for widget keys)."""
    return zlib.crc32("|".join(map(str, parts)).encode())


def card_names(cards: Sequence[Card]) -> str:
    """Cards as text, e.g. ``A♠︎ 10♥︎``."""
    return " ".join(c.pretty + "\ufe0e" for c in cards)


def sum_text(values: Sequence[int]) -> str:
    """Numbers added up: ``15 + 3 + 3 = 21``; one number alone; ``—`` for none (arithmetic,
    not words: the same in every language).

    >>> sum_text([15, 3, 3]), sum_text([11]), sum_text([])
    ('15 + 3 + 3 = 21', '11', '—')
    """
    if not values:
        return "—"
    if len(values) == 1:
        return str(values[0])
    return f"{' + '.join(map(str, values))} = {sum(values)}"


def words(cards: Sequence[Card]) -> str:
    """Cards as a player types them, e.g. ``AS 10H`` (a text box's default)."""
    return " ".join(map(str, cards))


def blanche_timing(rules: Rules) -> str:
    """When each holder shows carte blanche under ``rules``: a caption naming the preset,
    in the words of :mod:`academy.rule_text` (shared with the walkthrough)."""
    # TRANSLATORS: a caption; {elder} and {younger} are one sentence each, on when that
    # player shows his carte blanche.
    return _("When it is shown, under {preset}: {elder} {younger}",
             preset=preset_name(rules.name), elder=blanche_showing(rules, "elder"),
             younger=blanche_showing(rules, "younger"))


def preset_note(rules: Rules) -> None:
    """The rules preset in use (a caption under a widget)."""
    st.caption(_("Rules in use: **{preset}** (change it in the sidebar).",
                 preset=preset_name(rules.name)))

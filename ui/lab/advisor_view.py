"""One discard of the exchange advisor drawn on the cards: its action, the hand with the
cards thrown dimmed and the cards it keeps for its reasons outlined, the sentences that
explain it, its figures and its rank — one Markdown block, made once per discard, view and
language (the Lab's panel and Play's hint both draw it)."""

from __future__ import annotations

import functools
from typing import Final

from academy.advisor import Reason
from piquet.cards import Card
from ui.cards import cards_row_html, labelled_row
from ui.lab.advisor_data import Figures
from ui.text import md_escape
from words.advisor import discard_action, figures_text, rank_text, reason_text, risk_text

__all__ = ["advice_markdown", "advice_parts", "sentences"]

MOST_REASONS: Final = 4
"""How many reasons a discard is explained by (its point, a sequence, what it draws to…)."""
_ORDER: Final = ("keeps-point-suit", "keeps-sequence", "draws-to", "keeps-set", "throws-suit")


def _first(reasons: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """The reasons a discard is explained by: at most :data:`MOST_REASONS`, its point first,
    then one sequence kept, the suit it draws to, a set kept, a suit thrown."""
    def order(r: Reason) -> int:
        kind = str(r.kind.value)
        return _ORDER.index(kind) if kind in _ORDER else len(_ORDER)

    out: list[Reason] = []
    for r in sorted(reasons, key=order):  # stable: the advisor's order within a kind
        if order(r) == 1 and any(order(x) == 1 for x in out):
            continue  # one sequence is enough to say why
        out.append(r)
    return tuple(out[:MOST_REASONS])


def sentences(f: Figures) -> tuple[str, ...]:
    """What the discard keeps and draws to, then what it risks, sentence by sentence."""
    said = [s for s in (reason_text(r) for r in _first(f.reasons)) if s]
    said += [s for s in (risk_text(r) for r in f.risks) if s]
    return tuple(said)


@functools.lru_cache(maxsize=512)
def _parts(hand: tuple[Card, ...], f: Figures, rank: int, count: int, width: float,
           colours: bool, numbered: bool, lang: str) -> tuple[str, str, str]:
    thrown = frozenset(f.discard)
    kept_for = frozenset(c for r in _first(f.reasons) for c in r.cards) - thrown
    row = cards_row_html(hand, width=width, dim=thrown, highlight=kept_for,
                         four_colour=colours)
    action = md_escape(discard_action(f.discard))
    title = f"**{rank}.** {action}" if numbered else action
    lines = [md_escape(s) for s in sentences(f)]
    lines.append(figures_text(f.expected, f.error, f.point_won, f.samples, f.quint,
                              f.quatorze))
    lines.append(rank_text(rank, count))
    return title, row, "  \n".join(lines)


def advice_parts(hand: tuple[Card, ...], f: Figures, rank: int, count: int, *,
                 lang: str, colours: bool = False, width: float = 38,
                 numbered: bool = True) -> tuple[str, str, str]:
    """Discard ``f`` of ``hand``, ranked ``rank`` of ``count``: its title (Markdown: the
    rank, unless not ``numbered``, and the action), the hand with the cards thrown dimmed
    and those it keeps for its reasons outlined (HTML pointing into the cards' static
    sprite), and its sentences and figures (Markdown), made once."""
    return _parts(tuple(hand), f, rank, count, float(width), colours, numbered, lang)


def advice_markdown(hand: tuple[Card, ...], f: Figures, rank: int, count: int, *,
                    lang: str, colours: bool = False, width: float = 38,
                    numbered: bool = True) -> str:
    """:func:`advice_parts` as ONE Markdown block (draw it with ``unsafe_allow_html``)."""
    title, row, text = advice_parts(hand, f, rank, count, lang=lang, colours=colours,
                                    width=width, numbered=numbered)
    return labelled_row(title, row) + "\n\n" + text

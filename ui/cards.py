"""Playing cards drawn as SVG by our own code: no card library, no fonts for pips, no images.

Every function here returns a single line of markup (no newline characters), because
Streamlit's Markdown renderer ends an HTML block at a blank line. Show cards with
:func:`show_cards` (``st.markdown(..., unsafe_allow_html=True)``); ``st.html`` strips SVG.
The 32 faces and the back are drawn once, as the symbols of a sprite the app serves as a
static file (:func:`sprite_svg`, ``static/cards-2.svg`` and ``static/cards-4.svg``, served
at ``/app/static/`` with ``server.enableStaticServing``): the browser fetches it once and
keeps it. :func:`show_cards` and the card hand draw each card as a small ``<svg>`` with its
own name and marks around a ``<use>`` of its symbol there (:func:`sprite_href`), some 300
bytes a card instead of 1.3 kB; :func:`card_svg` and :func:`cards_row_html` with
``use=False`` are self-contained.

Geometry: a card is drawn in a ``0 0 100 140`` viewBox (poker proportions, 5:7) and scaled
to ``width`` pixels. Pips are path data in a ``0 0 100 100`` box, placed with
``translate(x y) scale(s)``.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Collection, Iterable

import streamlit as st

from piquet.cards import Card, Rank, Suit
from words import _, language
from words.cards import card_name

__all__ = [
    "CARD_ASPECT",
    "CLUB_PATH",
    "DIAMOND_PATH",
    "FONT_FAMILY",
    "HEART_PATH",
    "HIGHLIGHT_COLOUR",
    "PIP_PATHS",
    "SPADE_PATH",
    "card_colour",
    "card_label",
    "card_svg",
    "cards_row_html",
    "labelled_row",
    "labelled_rows",
    "show_cards",
    "sprite_file",
    "sprite_href",
    "sprite_svg",
    "static_root",
    "symbol_id",
]

# --------------------------------------------------------------------------- pips

SPADE_PATH = (
    "M50 3C57 19 95 37 95 62C95 76 85 85 73 85C63 85 56 80 53 73"
    "C54 84 58 91 67 97L33 97C42 91 46 84 47 73C44 80 37 85 27 85"
    "C15 85 5 76 5 62C5 37 43 19 50 3Z"
)
"""A spade: an upturned heart on a flared stem, in a 0..100 box."""

HEART_PATH = (
    "M50 95C44 85 5 63 5 33C5 17 16 7 29 7C40 7 47 14 50 23"
    "C53 14 60 7 71 7C84 7 95 17 95 33C95 63 56 85 50 95Z"
)
"""A heart: two lobes meeting in a point, in a 0..100 box."""

DIAMOND_PATH = "M50 2C59 20 72 37 88 50C72 63 59 80 50 98C41 80 28 63 12 50C28 37 41 20 50 2Z"
"""A diamond (lozenge) with gently curved sides, in a 0..100 box."""

CLUB_PATH = (
    "M50 6A21 21 0 1 1 50 48A21 21 0 1 1 50 6Z"
    "M28 36A21 21 0 1 1 28 78A21 21 0 1 1 28 36Z"
    "M72 36A21 21 0 1 1 72 78A21 21 0 1 1 72 36Z"
    "M50 38L62 57L50 68L38 57Z"
    "M52.5 55C52.5 76 57 88 67 97L33 97C43 88 47.5 76 47.5 55Z"
)
"""A club: three round leaves and a flared stem, in a 0..100 box (all subpaths wind alike)."""

PIP_PATHS: dict[Suit, str] = {
    Suit.SPADES: SPADE_PATH,
    Suit.HEARTS: HEART_PATH,
    Suit.DIAMONDS: DIAMOND_PATH,
    Suit.CLUBS: CLUB_PATH,
}

# --------------------------------------------------------------------------- colours

BLACK = "#1b1b1b"
RED = "#c62828"
BLUE = "#1565c0"
GREEN = "#2e7d32"
HIGHLIGHT_COLOUR = "#f2b705"
FONT_FAMILY = "Georgia, 'DejaVu Serif', serif"
CARD_ASPECT = 1.4
"""Height / width of a card."""

_TWO_COLOUR = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK}
_FOUR_COLOUR = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}
# Pale tints for the court-card panels.
_TINT = {BLACK: "#f1f1ee", RED: "#fcefea", BLUE: "#ecf2fb", GREEN: "#edf6ed"}

_BORDER = "#a3a7ad"
_BACK = "#23407a"
_BACK_LINE = "#8fa6d6"


def card_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink colour of a suit: red/black, or with ``four_colour`` also blue diamonds and
    green clubs."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


# --------------------------------------------------------------------------- drawing

_W, _H = 100, 140  # viewBox
_RADIUS = 7


def _num(x: float) -> str:
    """Compact number text for attributes: 64 -> '64', 89.6 -> '89.6'."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _pip(suit: Suit, x: float, y: float, size: float, colour: str, ref: bool = False) -> str:
    """A pip ``size`` units wide with its top-left corner at (x, y); with ``ref`` a ``<use>``
    of the suit's path in :func:`sprite_svg` (``#pq-p-S``) instead of the path itself."""
    place = f'transform="translate({_num(x)} {_num(y)}) scale({_num(size / 100)})"'
    if ref:  # inside the face's <g fill=colour>: the colour comes from there
        return f'<use href="#pq-p-{suit.value}" {place}/>'
    return f'<path d="{PIP_PATHS[suit]}" fill="{colour}" {place}/>'


def _index(card: Card, colour: str, ref: bool = False) -> str:
    """Rank letter and small pip for the top-left corner (the caller rotates a copy)."""
    cx = 12.5
    if card.rank is Rank.TEN:
        # Condense "10" to the width of one wide letter so it stays inside the margin.
        text = (
            f'<text x="{cx}" y="22" text-anchor="middle" font-size="19" '
            f'textLength="18" lengthAdjust="spacingAndGlyphs">10</text>'
        )
    else:
        text = (
            f'<text x="{cx}" y="22" text-anchor="middle" font-size="19">{card.rank.symbol}</text>'
        )
    return text + _pip(card.suit, cx - 6, 27, 12, colour, ref)


def _centre(card: Card, colour: str, ref: bool = False) -> str:
    """The middle of the card: one large pip, or a framed panel for court cards."""
    if card.rank.is_court:
        tint = _TINT[colour]
        return (
            f'<rect x="25" y="29" width="50" height="82" rx="4" fill="{tint}" '
            f'stroke="{colour}" stroke-width="1.3"/>'
            f'<rect x="28.5" y="32.5" width="43" height="75" rx="2.5" fill="none" '
            f'stroke="{colour}" stroke-width="0.6" stroke-opacity="0.6"/>'
            f'<text x="50" y="71" text-anchor="middle" font-size="34">{card.rank.symbol}</text>'
            + _pip(card.suit, 39, 78, 22, colour, ref)
        )
    size = 52 if card.rank is Rank.ACE else 40
    return _pip(card.suit, 50 - size / 2, 70 - size / 2, size, colour, ref)


def _back() -> str:
    """The back of a card: a navy panel with a lattice of small diamonds."""
    cells: list[str] = []
    x0, y0, step = 17.0, 17.0, 11.0
    for row in range(10):
        for col in range(7):
            cx, cy = x0 + col * step, y0 + row * step
            if (row + col) % 2 == 0:
                cells.append(f"M{_num(cx)} {_num(cy - 4.5)}l4.5 4.5l-4.5 4.5l-4.5 -4.5Z")
    return (
        f'<rect x="8" y="8" width="84" height="124" rx="4" fill="{_BACK}"/>'
        f'<rect x="11" y="11" width="78" height="118" rx="3" fill="none" '
        f'stroke="{_BACK_LINE}" stroke-width="1"/>'
        f'<path d="{"".join(cells)}" fill="{_BACK_LINE}" fill-opacity="0.55"/>'
    )


_EDGE = (f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="{_RADIUS}" '
         f'fill="#ffffff" stroke="{_BORDER}" stroke-width="1.2"/>')
"""The white card and its border."""


def _face(card: Card | None, four_colour: bool, ref: str = "") -> str:
    """The card itself in the ``0 0 100 140`` box: the white card and its border, then the
    face (or the back); no wrapper, no marks. With ``ref`` (the symbol's id) the face of a
    :func:`sprite_svg` symbol: its pips are uses of the sprite's suit paths and the
    upside-down index a ``<use>`` of the upright one (``{ref}-i``), drawn the same."""
    parts = ['<use href="#pq-edge"/>' if ref else _EDGE]
    if card is None:
        parts.append(_back())
    else:
        colour = card_colour(card.suit, four_colour)
        index = _index(card, colour, bool(ref))
        turn = f'transform="rotate(180 {_W / 2:g} {_H / 2:g})"'
        parts.append(
            f'<g fill="{colour}" font-family="{FONT_FAMILY}" font-weight="bold">'
            + (f'<g id="{ref}-i">{index}</g><use href="#{ref}-i" {turn}/>' if ref else
               f"{index}<g {turn}>{index}</g>")
            + f"{_centre(card, colour, bool(ref))}"
            "</g>"
        )
    return "".join(parts)


def symbol_id(card: Card | None, four_colour: bool = False) -> str:
    """The id of ``card``'s symbol in :func:`sprite_svg` (one per deck's colours; ``None``:
    the back).

    >>> symbol_id(Card.of("10H")), symbol_id(Card.of("QC"), four_colour=True), symbol_id(None)
    ('pq-2-10H', 'pq-4-QC', 'pq-back')
    """
    return "pq-back" if card is None else f"pq-{4 if four_colour else 2}-{card}"


def sprite_file(four_colour: bool = False) -> str:
    """The sprite's file name in the app's ``static/`` folder.

    >>> sprite_file(), sprite_file(four_colour=True)
    ('cards-2.svg', 'cards-4.svg')
    """
    return f"cards-{4 if four_colour else 2}.svg"


@functools.cache
def static_root() -> str:
    """Where Streamlit serves the app's ``static/`` folder, under the server's base path."""
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}/app/static/" if base else "/app/static/"


def sprite_href(card: Card | None, four_colour: bool = False) -> str:
    """The address of ``card``'s symbol (``None``: the back) in the static sprite, for a
    ``<use href>``: ``/app/static/cards-2.svg#pq-2-AS``."""
    return f"{static_root()}{sprite_file(four_colour)}#{symbol_id(card, four_colour)}"


@functools.lru_cache(maxsize=8192)  # a pure function of its arguments; the same cards recur
def _card_svg(
    card: Card | None,
    *,
    width: float,
    highlight: bool,
    dim: bool,
    four_colour: bool,
    style: str = "",
    label: str | None = "",
    use: bool = False,
) -> str:
    width = max(float(width), 8.0)
    height = width * CARD_ASPECT
    # named, an image; unnamed (None), hidden from assistive technology: what holds it names it
    name = ("" if label is None else
            f'role="img" aria-label="{html.escape(label)}" ')
    parts: list[str] = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{_num(width)}" height="{_num(height)}" viewBox="0 0 {_W} {_H}" '
        + (name or 'aria-hidden="true" focusable="false" ') + 'class="pq-card"'
        + (f' style="{html.escape(style)}"' if style else "")
        + ">",
        "" if label is None else f"<title>{html.escape(label)}</title>",
        # A dimmed card fades but stays opaque, so an overlapped card never shows through.
        f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="{_RADIUS}" fill="#ffffff"/>'
        '<g opacity="0.35">'
        if dim
        else "<g>",
        # the card's own drawing, or a reference to it in the static sprite
        f'<use href="{sprite_href(card, four_colour)}"/>' if use else _face(card, four_colour),
    ]
    if highlight:
        # 3 screen pixels whatever the scale; inset by half the stroke so it is not clipped.
        sw = 3 * _W / width
        parts.append(
            f'<rect x="{_num(sw / 2)}" y="{_num(sw / 2)}" width="{_num(_W - sw)}" '
            f'height="{_num(_H - sw)}" rx="{_num(_RADIUS)}" fill="none" '
            f'stroke="{HIGHLIGHT_COLOUR}" stroke-width="{_num(sw)}" class="pq-highlight"/>'
        )
    parts.append("</g></svg>")
    return "".join(parts)


@functools.cache
def sprite_svg(four_colour: bool = False) -> str:
    """The sprite as a standalone SVG file: the 32 faces and the back as symbols (ids
    :func:`symbol_id`), their pips uses of four suit paths; what ``static/`` holds
    (``python scripts/static_cards.py`` writes it there; a test checks the files are this text).

    >>> sprite = sprite_svg()
    >>> sprite.count("<symbol "), 'id="pq-2-7C"' in sprite, 'id="pq-back"' in sprite
    (33, True, True)
    """
    from piquet.cards import DECK

    paths = _EDGE.replace("<rect ", '<rect id="pq-edge" ', 1) + "".join(
        f'<path id="pq-p-{suit.value}" d="{d}"/>' for suit, d in PIP_PATHS.items())
    symbols = "".join(f'<symbol id="{symbol_id(c, four_colour)}" viewBox="0 0 {_W} {_H}">'
                      f"{_face(c, four_colour, symbol_id(c, four_colour))}</symbol>"
                      for c in (*DECK, None))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            "<!-- Piquet Academy's cards: ui/cards.py (sprite_svg), "
            "written by python scripts/static_cards.py -->\n"
            '<svg xmlns="http://www.w3.org/2000/svg">'
            f"<defs>{paths}{symbols}</defs></svg>\n")


def card_svg(
    card: Card,
    *,
    width: float = 64,
    highlight: bool = False,
    dim: bool = False,
    four_colour: bool = False,
    face_down: bool = False,
    use: bool = True,
    named: bool = True,
) -> str:
    """One card as a complete, one-line ``<svg>`` string, ``width`` pixels wide: its face a
    reference to the static sprite (:func:`sprite_href`), or drawn in full with
    ``use=False``.

    Accessible as an image named after the card (``aria-label="Queen of hearts"``, and a
    ``<title>``); a face-down card is named "Face-down card" and does not reveal itself.
    With ``named=False`` the picture has no name and is hidden from assistive technology
    (``aria-hidden``), for a card inside a control that is named itself (the card hand's
    buttons).
    ``highlight`` adds a 3px gold outline; ``dim`` draws the card at 35% opacity.

    >>> from piquet.cards import Card
    >>> svg = card_svg(Card.of("QH"))
    >>> svg.startswith("<svg ") and 'aria-label="Queen of hearts"' in svg and "\\n" not in svg
    True
    """
    return _card_svg(
        None if face_down else card,
        width=width,
        highlight=highlight,
        dim=dim,
        four_colour=four_colour,
        # the label is part of the cache key, so each language keeps its own SVG
        label=None if not named else _("Face-down card") if face_down else card_name(card),
        use=use,
    )


def cards_row_html(
    cards: Iterable[Card],
    *,
    width: float = 64,
    highlight: Collection[Card] = frozenset(),
    dim: Collection[Card] = frozenset(),
    four_colour: bool = False,
    overlap: bool = False,
    caption: str | None = None,
    use: bool = True,
) -> str:
    """A row of cards as ONE line of HTML: ``<div class="pq-cards">`` holding the SVGs in a
    wrapping flex row, then an optional caption (plain text, HTML-escaped) on its own line.

    ``highlight`` and ``dim`` are the cards to mark; ``overlap`` fans the cards so that each
    covers about half of the one before. Each card points to its symbol in the static
    sprite (:func:`sprite_href`; some 300 bytes a card instead of 1.3 kB), or with
    ``use=False`` is drawn in full.
    """
    return _row_html(tuple(cards), float(width), frozenset(highlight), frozenset(dim),
                     four_colour, overlap, caption, use, language())


@functools.lru_cache(maxsize=2048)  # the same rows recur on every rerun of a page
def _row_html(cards: tuple[Card, ...], width: float, highlight: frozenset[Card],
              dim: frozenset[Card], four_colour: bool, overlap: bool, caption: str | None,
              use: bool, lang: str) -> str:
    width = max(float(width), 8.0)
    shift = round(width * 0.52, 1)
    svgs = [
        _card_svg(
            card,
            width=width,
            highlight=card in highlight,
            dim=card in dim,
            four_colour=four_colour,
            style=f"margin-left:-{_num(shift)}px" if overlap and i else "",
            label=card_name(card),
            use=use,
        )
        for i, card in enumerate(cards)
    ]
    classes = "pq-cards pq-overlap" if overlap else "pq-cards"
    gap = "0" if overlap else "4px"
    label = html.escape(caption) if caption else html.escape(_("Cards"))
    out = (
        f'<div class="{classes}" role="group" aria-label="{label}" '
        f'style="display:flex;flex-wrap:wrap;align-items:flex-end;gap:{gap} 4px;'
        f'row-gap:6px;margin:0.25rem 0 0.5rem 0">' + "".join(svgs)
    )
    if caption:
        out += (
            '<div class="pq-caption" style="flex-basis:100%;font-size:0.85rem;'
            f'opacity:0.75;margin-top:2px">{html.escape(caption)}</div>'
        )
    out += "</div>"
    # Belt and braces: nothing above can produce a newline except a caller's caption, and
    # html.escape leaves those alone.
    return out.replace("\r", " ").replace("\n", " ")


def show_cards(
    cards: Iterable[Card],
    *,
    width: float = 64,
    highlight: Collection[Card] = frozenset(),
    dim: Collection[Card] = frozenset(),
    four_colour: bool = False,
    overlap: bool = False,
    caption: str | None = None,
) -> None:
    """Draw a row of cards in the app: :func:`cards_row_html` through ``st.markdown``, each
    card pointing into the static sprite (:func:`sprite_href`)."""
    st.markdown(
        cards_row_html(
            cards,
            width=width,
            highlight=highlight,
            dim=dim,
            four_colour=four_colour,
            overlap=overlap,
            caption=caption,
        ),
        unsafe_allow_html=True,
    )


def labelled_row(label: str, row: str) -> str:
    """A line of Markdown then a row of cards, as ONE Markdown block (one element instead of
    two), spaced as the two elements would be: the row in a block of its own
    (``display:flow-root``), so that its top margin is not lost to the paragraph's."""
    return f'{label}\n\n<div style="display:flow-root">{row}</div>'


def labelled_rows(rows: Iterable[tuple[str, str]]) -> str:
    """Several :func:`labelled_row` blocks as ONE Markdown block (one element instead of
    one each), spaced as separate elements would be (the next line's paragraph keeps its
    top margin after a row).

    >>> labelled_rows([("A", "<i>1</i>"), ("B", "<i>2</i>")]).count("flow-root")
    2
    """
    return "\n\n".join(labelled_row(label, row) for label, row in rows)


def card_label(card: Card, four_colour: bool = False) -> str:
    """A short coloured label for ``st.pills(format_func=...)``: ``:red[Q♥︎]``, ``Q♠︎``.

    The suit symbol is followed by U+FE0E so that it is drawn as text, not as an emoji.

    >>> from piquet.cards import Card
    >>> card_label(Card.of("QH")) == ":red[Q♥\\ufe0e]"
    True
    >>> card_label(Card.of("7C"), four_colour=True) == ":green[7♣\\ufe0e]"
    True
    """
    text = card.pretty + "\ufe0e"
    colour = card_colour(card.suit, four_colour)
    name = {RED: "red", BLUE: "blue", GREEN: "green"}.get(colour)
    return f":{name}[{text}]" if name else text


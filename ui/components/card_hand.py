"""The card hand: cards the learner taps, a Custom Components v2 widget (no iframe).

:func:`card_hand` draws a hand as a row, or a fan, of the app's SVG cards
(:func:`ui.cards.card_svg`). Each card is a button named after the card and its state
("Queen of hearts, selected"); the hand is a labelled group with one tab stop: Tab reaches
it, the arrow keys (and Home, End) move between cards, Space or Enter taps the focused card.
A 12-card hand fits a 390 px phone (two rows, each card at least 44 px wide) and grows on a
projector.

Two modes:

- ``"toggle"`` (choosing cards: building a hand, discarding, "tap the cards that…"): a tap
  selects or unselects a card; ``max_selected`` caps the selection (a tap beyond it is
  refused and the learner is told why). :func:`card_hand` returns the selected cards.
- ``"play"``: a tap plays one card; the selection does not change.

The selection lives in ``st.session_state`` (not in the browser), so Python is the one
source of truth. Every tap reaches Python as one event, handled by ONE function,
:func:`tap` — the component's callback calls it, and so can a page's typed hand field or a
model-based AppTest (which cannot fire a Components v2 event). :func:`tap` applies the pure
:func:`toggle`, then calls the page's ``on_change(card)``. :func:`set_selection` replaces the
whole selection (the typed field's path) without calling ``on_change``.

Keys in ``st.session_state`` for a hand ``key``: ``f"{key}_hand"`` (the component),
``f"{key}_hand_selected"`` (the selection, card codes in hand order) and
``f"_{key}_hand_config"`` (what the last draw showed, for :func:`tap`).

>>> from piquet.cards import Card
>>> toggle((), Card.of("QH"))
(Card('QH'),)
>>> toggle((Card.of("QH"), Card.of("7S")), Card.of("QH"))
(Card('7S'),)
>>> toggle((Card.of("QH"),), Card.of("7S"), max_selected=1)
(Card('QH'),)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import streamlit as st
import streamlit.components.v2 as components_v2

from piquet.cards import Card, parse_card
from ui.cards import card_svg
from ui.components.modules import STATIC, module_address, module_loader
from ui.components.payload import pack
from words import _, language, ngettext, use_language
from words.cards import card_name

__all__ = [
    "COMPONENT_NAME",
    "Mode",
    "OnChange",
    "card_hand",
    "card_hand_callback",
    "clean_selection",
    "config_key",
    "selection",
    "selection_key",
    "set_selection",
    "tap",
    "tap_event",
    "toggle",
    "widget_key",
]

Mode = Literal["toggle", "play"]
OnChange = Callable[[Card], None]
"""What a page does after a tap: called with the card tapped (the selection already updated;
read it with :func:`selection`)."""

COMPONENT_NAME: Final = "pq_card_hand"
_HERE: Final = Path(__file__).resolve().parent
_HTML: Final = (
    '<div class="pq-hand-root">'
    '<div class="pq-hand" role="group" aria-describedby="pq-hand-hint"></div>'
    '<p class="pq-hint pq-sr" id="pq-hand-hint"></p>'
    '<div class="pq-status pq-sr" role="status" aria-live="polite"></div>'
    "</div>"
)


_SCRIPT: Final = STATIC / "card_hand.js"
"""The hand's script, served from the app's static folder (``/app/static/card_hand.js``)."""


def script_address() -> str:
    """Where the browser fetches the hand's module: ``/app/static/card_hand.js?v=<hash>``,
    the hash of its content (a new version is fetched, never a stale one kept)."""
    return module_address(_SCRIPT)


def loader_js() -> str:
    """The component's own script: a loader that imports the hand's module
    (:func:`script_address`: fetched once a page load, then held by the browser) and calls
    it with the component's arguments and its data (:func:`ui.components.modules.module_loader`).
    Some 700 bytes in every hand a page sends, instead of the 10 kB module."""
    return module_loader(_SCRIPT)


@functools.cache
def _renderer() -> Any:
    """The registered component (registered on first use, not on import)."""
    return components_v2.component(
        COMPONENT_NAME,
        html=_HTML,
        css=(_HERE / "card_hand.css").read_text(encoding="utf-8"),
        js=loader_js(),
    )


# --------------------------------------------------------------------------- pure logic


def toggle(
    selected: Iterable[Card], card: Card, *, max_selected: int | None = None
) -> tuple[Card, ...]:
    """``selected`` with ``card`` taken out if it is in, else added at the end — unless that
    would make more than ``max_selected`` cards, when ``selected`` comes back unchanged."""
    current = tuple(selected)
    if card in current:
        return tuple(c for c in current if c != card)
    if max_selected is not None and len(current) >= max_selected:
        return current
    return (*current, card)


def clean_selection(
    chosen: Iterable[Card],
    cards: Sequence[Card],
    *,
    disabled: Collection[Card] = (),
    max_selected: int | None = None,
) -> tuple[Card, ...]:
    """The cards of ``chosen`` that may be selected: in the hand, not disabled, each once, in
    the hand's order, at most ``max_selected`` (the first ones in ``chosen``'s order).

    >>> hand = tuple(Card.of(t) for t in ("7S", "QH", "AD"))
    >>> clean_selection([Card.of("AD"), Card.of("KC"), Card.of("7S")], hand)
    (Card('7S'), Card('AD'))
    >>> clean_selection(hand, hand, disabled={Card.of("QH")}, max_selected=1)
    (Card('7S'),)
    """
    allowed = [c for c in dict.fromkeys(chosen) if c in cards and c not in disabled]
    if max_selected is not None:
        allowed = allowed[: max(max_selected, 0)]
    keep = set(allowed)
    return tuple(c for c in cards if c in keep)


def _parse_codes(codes: object) -> list[Card]:
    out: list[Card] = []
    if isinstance(codes, (list, tuple)):
        for code in codes:
            try:
                out.append(parse_card(str(code)))
            except ValueError:
                continue
    return out


# --------------------------------------------------------------------------- session state


def widget_key(key: str) -> str:
    """The component's own Streamlit key."""
    return f"{key}_hand"


def selection_key(key: str) -> str:
    """Where the selection is kept: a list of card codes (``"QH"``) in hand order."""
    return f"{key}_hand_selected"


def config_key(key: str) -> str:
    """What the last draw of the hand showed (its cards, mode, limits, ``on_change``)."""
    return f"_{key}_hand_config"


@dataclass(frozen=True, slots=True)
class _Config:
    cards: tuple[Card, ...]
    disabled: frozenset[Card]
    max_selected: int | None
    mode: Mode
    face_down: bool
    on_change: OnChange | None


def selection(key: str) -> tuple[Card, ...]:
    """The cards selected in the hand ``key`` (empty before anything is chosen)."""
    return tuple(_parse_codes(st.session_state.get(selection_key(key), [])))


def set_selection(key: str, cards: Iterable[Card]) -> None:
    """Replace the selection (a typed hand field's callback, or a page's reset). Call it
    before the hand is drawn in a run, or from a callback. Cards not in the hand drawn last
    are kept only if they are in it next time (:func:`card_hand` cleans the selection)."""
    st.session_state[selection_key(key)] = [str(c) for c in dict.fromkeys(cards)]


def tap(key: str, card: Card, *, chosen: Iterable[Card] | None = None) -> None:
    """What a tap on ``card`` does — the ONE path for taps, clicks, keys and tests.

    In ``"toggle"`` mode the selection becomes :func:`toggle` of it (or, when the browser
    sent the whole selection it shows as ``chosen``, that one, cleaned: it already holds
    every tap, even taps made while the server was busy); in ``"play"`` mode it is left alone.
    Then the page's ``on_change(card)`` runs. A card that is not in the hand, disabled or
    face down does nothing.
    """
    config = st.session_state.get(config_key(key))
    if not isinstance(config, _Config):
        return
    if card not in config.cards or card in config.disabled or config.face_down:
        return
    if config.mode == "toggle":
        current = selection(key)
        if chosen is None:
            new = toggle(current, card, max_selected=config.max_selected)
        else:
            new = tuple(chosen)
        set_selection(
            key,
            clean_selection(
                new, config.cards, disabled=config.disabled, max_selected=config.max_selected
            ),
        )
    if config.on_change is not None:
        config.on_change(card)


def tap_event(key: str, payload: object) -> None:
    """Apply the component's "tap" event ``{card, selected, seq}`` (what the browser sent;
    anything malformed is ignored): remember ``seq`` for the browser, then :func:`tap`."""
    if not isinstance(payload, Mapping):
        return
    try:
        card = parse_card(str(payload.get("card", "")))
    except ValueError:
        return
    seq = payload.get("seq")
    if isinstance(seq, (int, float)):
        st.session_state[f"_{key}_hand_seq"] = int(seq)
    chosen = payload.get("selected")
    tap(key, card, chosen=_parse_codes(chosen) if isinstance(chosen, list) else None)


def _on_tap(key: str) -> None:
    state = st.session_state.get(widget_key(key))
    tap_event(key, state.get("tap") if isinstance(state, Mapping) else None)


def card_hand_callback(key: str) -> Callable[[], None]:
    """The component's callback for the hand ``key`` (reads the tap event, calls :func:`tap`)."""
    return functools.partial(_on_tap, key)


# --------------------------------------------------------------------------- drawing


def _labels(card: Card, *, mode: Mode, disabled: bool) -> tuple[str, str]:
    """The button's name when not selected and when selected."""
    name = card_name(card)
    if disabled:
        # TRANSLATORS: a card in the card hand that cannot be chosen now; {card} is its name
        text = _("{card}, not available", card=name)
        return text, text
    if mode == "play":
        # TRANSLATORS: the name of a card button that plays the card; {card} is its name
        text = _("Play {card}", card=name)
        return text, text
    return name, _on_template().replace("{card}", name)


def _on_template() -> str:
    """A chosen card's button name with ``{card}`` where its name goes: sent once a hand
    (``label_on``), the browser puts each card's name in."""
    # TRANSLATORS: a card in the card hand that is chosen; {card} is its name
    return _("{card}, selected", card="{card}")


@functools.lru_cache(maxsize=4096)
def _face(
    lang: str, card: Card, mode: Mode, disabled: bool, colours: bool
) -> tuple[tuple[str, object], ...]:
    """A face-up card's data for the browser (its picture and names), made once per
    language and look: a rerun of a page with a 32-card pack reuses them."""
    with use_language(lang):
        plain, on = _labels(card, mode=mode, disabled=disabled)
        svg = card_svg(card, four_colour=colours, dim=disabled, named=False)  # its button named
    return (("code", str(card)), ("svg", svg), ("label", plain), ("label_on", on),
            ("disabled", disabled))


@functools.lru_cache(maxsize=64)  # the pack's few looks, and the hands of recent deals
def _cards_json(lang: str, hand: tuple[Card, ...], mode: Mode, off: frozenset[Card],
                colours: bool, face_down: bool) -> bytes:
    """The cards' data for the browser as the members ``"cards":[…],"svg_head":"…",
    "svg_card":"…","label_on":"…"`` of a JSON object (:func:`ui.components.payload.pack`),
    made once per hand, language and look: a rerun sends the same bytes without making them.
    What the cards share is sent once a hand and the browser puts it back (card_hand.js,
    ``whole``): the opening tag of the pictures (``svg_head``; each card's ``svg`` only what
    follows it), the picture most cards have with ``{code}`` for the card's code
    (``svg_card``; a pack's cards differ only there), a chosen card's name with ``{card}``
    for its ``label`` (``label_on``: the language's "…, selected"; in play, the label). A
    card sends its own ``svg`` or ``label_on`` only when the template does not make it (a
    dimmed card's picture, a card that cannot be chosen)."""
    items: list[dict[str, object]] = []
    with use_language(lang):
        for i, card in enumerate(hand):
            if face_down:
                name = _("Face-down card")
                items.append(
                    {
                        # a face-down card's code is only its place: the browser never learns it
                        "code": f"X{i}",
                        "svg": card_svg(card, face_down=True, named=False),
                        "label": name,
                        "label_on": name,
                        "disabled": True,
                    }
                )
                continue
            items.append(dict(_face(lang, card, mode, card in off, colours)))
        # a played card's name is its label; a chosen card's, the language's template
        on = "{card}" if mode == "play" or face_down else _on_template()
    head = _shared_head([str(item["svg"]) for item in items])
    if head:  # the opening tag every picture shares, sent once: the browser puts it back
        for item in items:
            item["svg"] = str(item["svg"])[len(head):-len(_SVG_END)]
    # the picture most of the cards have, their code put in (a pack: only the code differs)
    tails = Counter(str(item["svg"]).replace(f'{item["code"]}"', '{code}"') for item in items)
    tail = tails.most_common(1)[0][0] if tails else ""
    _share(items, "svg", tail, "{code}", "code")
    _share(items, "label_on", on, "{card}", "label")
    return pack({"cards": items, "svg_head": head, "svg_card": tail, "label_on": on})[1:-1]


_SVG_END: Final = "</svg>"


def _share(items: list[dict[str, object]], field: str, template: str, slot: str,
           source: str) -> None:
    """Drops ``field`` from each card whose value ``template`` makes, the card's ``source``
    put in for ``slot``: the template is sent once a hand and the browser makes the value
    (static/card_hand.js, ``whole``); a card it does not make keeps its own."""
    for item in items:
        if item[field] == template.replace(slot, str(item[source])):
            del item[field]


def _shared_head(svgs: list[str]) -> str:
    """The opening ``<svg …>`` tag of every picture when they all have the same one (the
    pack: only the ``<use>`` inside differs), else ``""`` (nothing to share)."""
    if not svgs:
        return ""
    head = svgs[0][: svgs[0].find(">") + 1]
    if not head.startswith("<svg ") or not all(
            s.startswith(head) and s.endswith(_SVG_END) for s in svgs):
        return ""
    return head


def _four_colour() -> bool:
    try:
        from ui.settings import four_colour
    except ImportError:  # pragma: no cover - ui.settings is part of the app
        return False
    return four_colour()


def card_hand(
    key: str,
    cards: Iterable[Card],
    *,
    selected: Iterable[Card] | None = None,
    max_selected: int | None = None,
    disabled: Collection[Card] = (),
    face_down: bool = False,
    mode: Mode = "toggle",
    on_change: OnChange | None = None,
    label: str | None = None,
    four_colour: bool | None = None,
    rows: int | None = None,
) -> tuple[Card, ...]:
    """Draw the hand ``cards`` and return the selected cards (in hand order).

    ``selected``: when given, the selection shown (the page keeps it); when ``None``, the
    hand keeps its own in ``st.session_state`` (see :func:`selection`). ``disabled`` cards are
    drawn dimmed and cannot be tapped; ``face_down`` draws backs only (the cards never reach
    the browser) and nothing can be tapped. ``on_change(card)`` runs after each tap, before
    the rerun. ``label`` names the group for screen readers (default "Your cards");
    ``four_colour`` defaults to the app's setting. ``rows``: lay the cards out in exactly
    that many rows when each card can still show 44 px (the 32-card pack: one suit a row);
    ``None``: the fewest rows that fit.
    """
    hand = tuple(dict.fromkeys(cards))
    off = frozenset(disabled)
    colours = _four_colour() if four_colour is None else four_colour
    if selected is not None:
        set_selection(key, selected)
    chosen = clean_selection(
        () if face_down or mode == "play" else selection(key),
        hand,
        disabled=off,
        max_selected=max_selected,
    )
    set_selection(key, chosen)
    st.session_state[config_key(key)] = _Config(
        cards=hand,
        disabled=off,
        max_selected=max_selected,
        mode=mode,
        face_down=face_down,
        on_change=on_change,
    )

    cards_json = _cards_json(language(), hand, mode, off, colours, face_down)
    if mode == "play":
        hint = _("Use the arrow keys to move between cards, and Space or Enter to play one.")
    else:
        hint = _("Use the arrow keys to move between cards, and Space or Enter to choose one.")
    full = (
        ngettext(
            "You can choose at most {n} card: put one back first.",
            "You can choose at most {n} cards: put one back first.",
            max_selected,
        )
        if max_selected is not None
        else ""
    )
    data = {
        "selected": [str(c) for c in chosen],
        "mode": mode,
        "max": max_selected,
        "label": label if label is not None else _("Your cards"),
        "hint": hint,
        "full": full,
        "face_down": face_down,
        "rows": rows,
        "seq": st.session_state.get(f"_{key}_hand_seq", 0),
        "name": widget_key(key),  # the hand's name across mounts (where the focus was)
    }
    _renderer()(
        key=widget_key(key),
        # bytes: a dict would make Streamlit import pandas (payload.py); the cards' part is
        # made once per hand and look
        data=b"{" + cards_json + b"," + pack(data)[1:],
        on_tap_change=card_hand_callback(key),
    )
    return chosen

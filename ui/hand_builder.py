"""A reusable 12-card hand builder: a text box and the 32-card pack, tappable cards
(:func:`ui.components.card_hand.card_hand`), kept in sync.

State lives in ``st.session_state`` under keys prefixed with the builder's ``key``:

============================  ======================================================
``f"{key}_text"``             the text box (``"AS KS 10H ..."``): the hand itself
``f"{key}_pack"``             the pack, a card hand (its selection: the hand's cards,
                              ``f"{key}_pack_hand_selected"``; see :func:`pack_key`)
``f"{key}_deal"``             the "Deal at random" button
``f"{key}_clear"``            the "Clear" button
``f"{key}_builder"``          the container around all of it (``st-key-{key}_builder``)
============================  ======================================================

The text is the one source of truth: the pack shows the cards it names. Typing and tapping
go through ONE function, :func:`_apply`: the text box's ``on_change`` hands it the typed
text; a tap on the pack (the card hand's one tap path, :func:`ui.components.card_hand.tap`)
edits the text — the card's tokens taken out, or the card added — and hands it the result.
Both are callbacks, which run before the script and therefore before either widget is
drawn (Streamlit forbids writing a widget's key once it is drawn in the same run). For the
same reason :func:`set_hand` must be called before :func:`hand_builder` in a run.

Everything the user typed is shown back as inert Markdown text (odd tokens in code
spans), never as HTML or links.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Collection, Iterable, Mapping

import streamlit as st

from piquet.cards import DECK, Card, CardError, format_cards, parse_card, sort_cards
from ui.components.card_hand import card_hand, selection, set_selection, widget_key
from ui.style import inject_css
from words import _, ngettext
from words.cards import notation_note
from words.errors import not_a_card_text

__all__ = [
    "PICKER_ORDER",
    "builder_cards",
    "hand_builder",
    "hand_problems",
    "pack_key",
    "parse_hand_param",
    "set_hand",
]

PICKER_ORDER: tuple[Card, ...] = sort_cards(DECK)
"""The pack's 32 cards: spades, hearts, diamonds, clubs; ace down to seven in each."""

_SEPARATORS = re.compile(r"[\s,]+")
_MAX_TEXT = 400  # characters: twelve cards with generous separators fit many times over
_MAX_TOKEN_SHOWN = 16
_MAX_PROBLEMS = 6
_PLAIN_TOKEN = re.compile(r"[A-Za-z0-9♠♥♦♣♤♡♢♧\ufe0e\ufe0f…]+")


def _show_token(token: str) -> str:
    """A user's token, safe inside Markdown (``st.error``) and readable as plain text.

    Plain letters, digits and suit symbols are shown as they are (``QQ``); anything else
    goes in a code span, where Markdown, links and HTML are all inert.

    >>> _show_token("QQ"), _show_token("<b>x</b>"), _show_token("a`b")
    ('QQ', '`<b>x</b>`', '``a`b``')
    """
    shown = token if len(token) <= _MAX_TOKEN_SHOWN else token[:_MAX_TOKEN_SHOWN] + "…"
    if _PLAIN_TOKEN.fullmatch(shown):
        return shown
    shown = shown.replace("\r", " ").replace("\n", " ")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def _tokens(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text[:_MAX_TEXT * 4]) if t]


def _recognised(text: str) -> tuple[tuple[Card, ...], bool]:
    """The distinct cards the text names (in order), and whether every token was a card."""
    out: list[Card] = []
    all_ok = True
    for tok in _tokens(text):
        try:
            card = parse_card(tok)
        except CardError:
            all_ok = False
            continue
        if card not in out:
            out.append(card)
    return tuple(out), all_ok


def hand_problems(
    cards: str | Iterable[Card],
    *,
    who: str,
    size: int | None = 12,
    taken: Collection[Card] = frozenset(),
) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Check a hand; never raises.

    Returns the distinct cards recognised (in the order given) and a tuple of problems,
    empty when the hand is good. Problems are Markdown-safe sentences (odd user tokens
    are put in code spans), e.g. ``QQ is not a card``, ``Elder holds AS twice``,
    ``KH is in both hands``, ``Elder has 11 cards; a hand has 12``. The count is reported
    only when every token was a card.

    >>> hand_problems("AS QQ AS", who="Elder", size=3)
    ((Card('AS'),), ('QQ is not a card', 'Elder holds AS twice'))
    >>> hand_problems("AS 6H", who="Elder", size=2)[1]
    ('6H is not a card (the piquet pack has no cards below the seven)',)
    >>> hand_problems("AS KH", who="Elder", size=2, taken={parse_card("KH")})[1]
    ('KH is in both hands',)
    """
    problems: list[str] = []
    seen: dict[Card, int] = {}
    all_ok = True
    if isinstance(cards, str):
        if len(cards) > _MAX_TEXT:
            return (), (ngettext("That is too much text for one hand ({n} character)",
                                 "That is too much text for one hand ({n} characters)",
                                 len(cards)),)
        for tok in _tokens(cards):
            try:
                card = parse_card(tok)
            except CardError:
                problems.append(not_a_card_text(tok, shown=_show_token(tok)))
                all_ok = False
                continue
            seen[card] = seen.get(card, 0) + 1
    else:
        for card in cards:
            seen[card] = seen.get(card, 0) + 1
    for card, n in seen.items():
        if n > 1:
            problems.append(_("{who} holds {card} twice", who=who, card=card) if n == 2
                            else _("{who} holds {card} {n} times", who=who, card=card, n=n))
    both = [str(card) for card in seen if card in taken]
    if both:
        problems.append(ngettext("{cards} is in both hands", "{cards} are in both hands",
                                 len(both), cards=_and(both)))
    if all_ok and size is not None and len(seen) != size:
        problems.append(ngettext("{who} has {n} card; a hand has {size}",
                                 "{who} has {n} cards; a hand has {size}",
                                 len(seen), who=who, size=size))
    if len(problems) > _MAX_PROBLEMS:
        more = len(problems) - (_MAX_PROBLEMS - 1)
        problems[_MAX_PROBLEMS - 1 :] = [ngettext("… and {n} more problem",
                                                  "… and {n} more problems", more)]
    return tuple(seen), tuple(problems)


def _and(words: list[str]) -> str:
    """``"AS"``, ``"AS and KH"``, ``"AS, KH and 7C"``."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list: "AS, KH and 7C" ({items} is "AS, KH").
    return _("{items} and {last}", items=_(", ").join(words[:-1]), last=words[-1])


def parse_hand_param(
    value: str | None,
    who: str,
    *,
    size: int = 12,
    taken: Collection[Card] = frozenset(),
) -> tuple[tuple[Card, ...] | None, str | None]:
    """Parse a hand from a URL query parameter (``"AS,KS,10H,..."``; spaces also work).

    Returns ``(hand, None)`` for a good hand (cards in the order given), ``(None, message)``
    for a bad one, and ``(None, None)`` when the parameter is absent or empty. Never raises.
    The message is Markdown-safe (the link is user input), ready for ``st.error``.

    >>> parse_hand_param("AS,KS,10H", "Elder", size=3)
    ((Card('AS'), Card('KS'), Card('10H')), None)
    >>> parse_hand_param("AS,KS", "Elder")
    (None, 'Elder has 2 cards; a hand has 12')
    >>> parse_hand_param(None, "Elder")
    (None, None)
    """
    if value is None or not str(value).strip():
        return None, None
    cards, problems = hand_problems(str(value), who=who, size=size, taken=taken)
    if problems:
        return None, "; ".join(problems)
    return cards, None


# --------------------------------------------------------------------------- state


def _text_key(key: str) -> str:
    return f"{key}_text"


def pack_key(key: str) -> str:
    """The key of builder ``key``'s pack (a :func:`~ui.components.card_hand.card_hand`):
    a test taps a card with ``tap(pack_key(key), card)``."""
    return f"{key}_pack"


def builder_cards(key: str) -> tuple[Card, ...]:
    """The distinct cards builder ``key``'s text names now (what its pack shows chosen)."""
    return _recognised(str(st.session_state.get(_text_key(key)) or ""))[0]


def set_hand(key: str, cards: str | Iterable[Card]) -> None:
    """Set builder ``key``'s text box and pack to ``cards`` (cards, or text as typed).

    Call it before the builder is drawn in this run (or from a widget callback), e.g. to
    load a deep link or a pasted record. Text is kept as given, so its mistakes are shown.
    """
    if isinstance(cards, str):
        text = cards[:_MAX_TEXT]
        picked, _all_cards = _recognised(text)
    else:
        given = tuple(cards)
        text = format_cards(given)
        picked = tuple(dict.fromkeys(given))
    _write(key, text, picked, server=True)


def _write(key: str, text: str, picked: Iterable[Card], *, server: bool) -> None:
    """Write the text and the pack. A ``server`` write (a tap, a deal, a link) replaces what
    the browser's text box shows: until the browser has it, the texts it replaced are
    *stale* — a quick tap's rerun can still send one back, and it must not undo the tap."""
    ss = st.session_state
    if server:
        stale: list[str] = ss.setdefault(_stale_key(key), [])
        for old in (ss.get(_text_key(key)), ss.get(_server_key(key))):
            if isinstance(old, str) and old != text and old not in stale:
                stale.append(old)
        del stale[:-8]
        ss[_touched_key(key)] = True
        ss.pop(_pending_key(key), None)  # a tap, a deal or a link decides the text now
    ss[_text_key(key)] = text
    ss[_server_key(key)] = text
    set_selection(pack_key(key), picked)


def _stale_key(key: str) -> str:
    return f"_{key}_text_stale"


def _server_key(key: str) -> str:
    return f"_{key}_text_server"


def _touched_key(key: str) -> str:
    return f"_{key}_text_touched"


def _pending_key(key: str) -> str:
    return f"_{key}_text_pending"


def _apply(key: str, text: str, *, server: bool = False) -> None:
    """THE change of builder ``key``'s hand, typed or tapped: the text becomes ``text`` (an
    all-good text tidied to the canonical spelling, in its own order, duplicates kept so
    that the error still shows) and the pack shows the cards it names."""
    text = text[:_MAX_TEXT]
    picked, all_ok = _recognised(text)
    if all_ok:
        text = format_cards(parse_card(t) for t in _tokens(text))
    _write(key, text, picked, server=server)


def _current_text(key: str) -> str:
    """The hand's text: what the text box holds, unless that is a stale echo of a text the
    server has replaced (then the server's)."""
    ss = st.session_state
    text = str(ss.get(_text_key(key)) or "")
    server = ss.get(_server_key(key))
    if isinstance(server, str) and text != server and text in ss.get(_stale_key(key), ()):
        return server
    return text


def _on_text(key: str) -> None:
    """The text box changed (typed): apply it — unless it may be a stale echo (see
    :func:`_write`). Then the server's text stays for now and the typed one waits: a stale
    echo only comes with a quick action of a builder in the same run (a tap, Deal, Clear),
    so :func:`hand_builder`, once every callback of the run has run, applies it if none came
    (the learner typed an earlier text again) and drops it if one did."""
    ss = st.session_state
    typed = str(ss.get(_text_key(key)) or "")
    current = _current_text(key)
    if current != typed:  # maybe stale: keep the server's text until the run is known
        _write(key, current, _recognised(current)[0], server=False)
        ss[_touched_key(key)] = True
        ss[_pending_key(key)] = typed
        return
    _apply(key, typed)


def _acted(keys: Iterable[str]) -> bool:
    """Whether this run carries a tap on, or a click of Deal or Clear of, a builder of
    ``keys`` (Streamlit's trigger values: true in the run of the action only)."""
    ss = st.session_state
    for key in keys:
        if ss.get(f"{key}_deal") or ss.get(f"{key}_clear"):
            return True
        pack = ss.get(widget_key(pack_key(key)))
        if isinstance(pack, Mapping) and pack.get("tap") is not None:
            return True
    return False


def _settle_typed(key: str, others: Iterable[str]) -> None:
    """Decide a typed text left waiting by :func:`_on_text` (see there)."""
    ss = st.session_state
    typed = ss.pop(_pending_key(key), None)
    if not isinstance(typed, str) or _acted((key, *others)):
        return  # a stale echo: the action's text stays
    ss.pop(_stale_key(key), None)  # the browser showed the server's text, and it was retyped
    _apply(key, typed)


def _on_tap(key: str, _card: Card) -> None:
    """A tap on the pack (its selection already toggled by the card hand): the text loses
    the tokens of the cards no longer chosen and gains the newly chosen cards, then it is
    applied as if typed. A text of cards only is put in the pack's order."""
    chosen = selection(pack_key(key))
    keep: list[str] = []
    named: set[Card] = set()
    for tok in _tokens(_current_text(key)):
        try:
            card = parse_card(tok)
        except CardError:
            keep.append(tok)  # a mistake stays, for the learner to fix
            continue
        if card in chosen:
            keep.append(tok)
            named.add(card)
    keep += [str(c) for c in chosen if c not in named]
    cards, all_ok = _recognised(" ".join(keep))
    if all_ok and len(cards) == len(keep):
        keep = [str(c) for c in sort_cards(cards)]
    _apply(key, " ".join(keep), server=True)


def _deal(key: str, size: int, taken: frozenset[Card], taken_from: str | None) -> None:
    if taken_from is not None:  # the other hand as it is now, not as it was drawn
        taken = frozenset(_recognised(str(st.session_state.get(f"{taken_from}_text") or ""))[0])
    pool = [c for c in DECK if c not in taken]
    set_hand(key, sort_cards(random.sample(pool, min(size, len(pool)))))


def _clear(key: str) -> None:
    set_hand(key, ())


# --------------------------------------------------------------------------- widget


def hand_builder(
    key: str,
    *,
    label: str,
    taken: frozenset[Card] = frozenset(),
    taken_from: str | None = None,
    default: tuple[Card, ...] = (),
    size: int = 12,
    four_colour: bool = False,
) -> tuple[Card, ...] | None:
    """Draw a hand builder and return its hand (display order) when valid, else ``None``.

    The user types cards (``AS KS 10H ...``) or taps them in the 32-card pack (or uses the
    keyboard there), or deals at random; the two stay in sync. ``taken`` are the other
    hand's cards: they can still be tapped, but then "KH is in both hands" is shown;
    ``taken_from`` names the other builder, whose cards "Deal at random" then leaves out as
    they are at the click. ``label`` names the hand in the labels and messages ("Elder has
    11 cards; a hand has 12"). ``default`` fills a new builder. Never raises on anything the
    user does.
    """
    text_key = _text_key(key)
    ss = st.session_state
    if text_key not in ss:
        set_hand(key, default)
    _settle_typed(key, () if taken_from is None else (taken_from,))
    if not ss.pop(_touched_key(key), False):
        # the browser sent the server's text back (no callback changed it): nothing is stale
        ss.pop(_stale_key(key), None)
    taken = frozenset(taken)

    inject_css()
    note = notation_note()  # where the ranks' names are not the notation's letters
    with st.container(key=f"{key}_builder"):
        st.text_input(
            _("{label}: type the cards", label=label),
            key=text_key,
            persist_state="session",  # the hand stays when the learner visits another page
            # TRANSLATORS: card codes are the same in every language.
            placeholder=_("AS KS QS 10H 9H …"),
            max_chars=_MAX_TEXT,
            on_change=_on_text,
            args=(key,),
            help=_(
                "A card is a rank then a suit: A K Q J 10 (or T) 9 8 7, and S H D C "
                "(or ♠ ♥ ♦ ♣). Separate cards with spaces or commas."
            ) + ("\n\n" + note if note else ""),
        )
        card_hand(
            pack_key(key),
            PICKER_ORDER,
            selected=builder_cards(key),  # the text is the truth; the pack shows it
            on_change=functools.partial(_on_tap, key),
            # TRANSLATORS: the name of the 32-card pack for screen readers; {label} Elder…
            label=_("{label}: the pack — tap a card to put it in the hand or take it out",
                    label=label),
            four_colour=four_colour,
            rows=4,  # one suit a row, as the cards are named
        )
        with st.container(horizontal=True, key=f"{key}_buttons", gap="small"):
            st.button(
                _("Deal at random"),
                key=f"{key}_deal",
                on_click=_deal,
                args=(key, size, taken, taken_from),
                icon=":material/casino:",
            )
            st.button(_("Clear"), key=f"{key}_clear", on_click=_clear, args=(key,))

        text = str(ss.get(text_key) or "")
        if not _tokens(text):
            st.caption(ngettext("Type or pick {n} card for {label}.",
                                "Type or pick {n} cards for {label}.", size, label=label))
            if note:
                st.caption(note)
            return None
        cards, problems = hand_problems(text, who=label, size=size, taken=taken)
        if problems:
            st.error("  \n".join(problems), icon=":material/error:")
            return None
        return sort_cards(cards)

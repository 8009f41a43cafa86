"""The Lab's state: the two hands, each hand's sinking, the carte blanche flags, a loaded
record, and the link that reproduces all of it.

The link (``/lab?…``) holds everything the page shows:

==========================  ===========================================================
``elder``, ``younger``      the hands after the exchange, ``AS,KS,10H,…``
``elder_declares``          the hand's sinking as compact JSON, the record's declaration
``younger_declares``        shape (``{"sets":[]}``); absent when declared in full
``elder_blanche=1``         the carte blanche flags
``younger_blanche=1``
==========================  ===========================================================

A link is read once per distinct link (:func:`read_link`); after every run the page writes
it back (:func:`write_link`). A hand that changes — typed, picked, dealt, cleared, loaded
from a record or a link — is declared in full unless the same step brought its own sinking
(:func:`sync_sinking`; the mechanism is in :mod:`ui.lab.sinking`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import streamlit as st

from piquet import Card, DealRecord, Rules
from piquet.cards import DECK, cards_mask, format_cards, sort_cards
from piquet.exchange import could_have_been_blanche, courts_held, most_drawn
from piquet.reckon import ROLES, Role
from ui.fragments import ask_whole_page
from ui.hand_builder import parse_hand_param, set_hand
from ui.lab.sinking import forget_held, forget_other_hands, hand_sig, seed_sinking
from ui.links import new_visit, page_url, remember_written, was_written
from ui.settings import preset_label, set_rules
from words import _, ngettext

__all__ = [
    "LINK_KEYS",
    "blanche_problem",
    "deal_rest",
    "lab_link",
    "load_record_into_lab",
    "read_link",
    "sync_sinking",
    "take_notes",
    "who",
    "write_link",
]

LINK_KEYS: Final = ("elder", "younger", "elder_declares", "younger_declares",
                    "elder_blanche", "younger_blanche")
WHO: Final[dict[Role, str]] = {"elder": "Elder", "younger": "Younger"}
"""The roles' English names (ids in tests); :func:`who` names them on a page."""
_NOTES: Final = "lab_notes"
K_RECORD: Final = "lab_record"
K_LINKS_WRITTEN: Final = "lab_links_written"
"""The addresses this page wrote (:func:`ui.links.remember_written`)."""
K_VISIT: Final = "lab_visit"
"""The visit whose link was read (:func:`ui.links.new_visit`)."""


def who(role: str) -> str:
    """A role as the page names it, in the current language: ``"elder"`` → ``"Elder"``."""
    return _("Elder") if role == "elder" else _("Younger")


def builder_key(role: Role) -> str:
    return f"lab_{role}"


def blanche_key(role: Role) -> str:
    return f"lab_blanche_{role}"


def _note(kind: str, message: str) -> None:
    st.session_state.setdefault(_NOTES, []).append((kind, message))


def take_notes() -> list[tuple[str, str]]:
    """The notices of the last link or record loaded (``(kind, text)``), once."""
    notes: list[tuple[str, str]] = st.session_state.pop(_NOTES, [])
    return notes


def deal_rest(hand: Sequence[Card]) -> tuple[Card, ...]:
    """Twelve of the cards ``hand`` does not hold, the same twelve for the same hand (so a
    link with one hand shows the same other hand in every browser)."""
    pool = [c for c in DECK if c not in set(hand)]
    return sort_cards(random.Random(cards_mask(hand)).sample(pool, 12))


def _param(name: str) -> str | None:
    value = st.query_params.get(name)
    return None if value is None else str(value)


def _link() -> tuple[str | None, ...]:
    return tuple(_param(k) for k in LINK_KEYS)


def read_link() -> None:
    """Load the link's hands, sinking and flags, once per distinct link; call it before the
    hand builders are drawn."""
    link = _link()
    ss = st.session_state
    arrived = new_visit(K_VISIT)
    if link[:2] == (None, None) or (not arrived and (
            link == ss.get("lab_link_seen") or was_written(K_LINKS_WRITTEN, link))):
        return
    ss["lab_link_seen"] = link
    params = dict(zip(LINK_KEYS, link, strict=True))
    hands: dict[Role, tuple[Card, ...]] = {}
    for role in ROLES:
        raw = params[role]
        hand, problem = parse_hand_param(raw, who(role))
        if problem and raw:
            set_hand(builder_key(role), raw.replace(",", " "))  # the builder shows why
        elif hand:
            hands[role] = hand
            set_hand(builder_key(role), hand)
    pairs: tuple[tuple[Role, Role], ...] = (("elder", "younger"), ("younger", "elder"))
    for role, other in pairs:
        if params[other] is None and role in hands:
            hands[other] = deal_rest(hands[role])
            set_hand(builder_key(other), hands[other])
            _note("info", _("The link gives only Elder's hand: Younger holds twelve of the "
                            "other twenty cards, chosen at random.") if role == "elder" else
                  _("The link gives only Younger's hand: Elder holds twelve of the other "
                    "twenty cards, chosen at random."))
    for role in ROLES:
        ss[blanche_key(role)] = params[f"{role}_blanche"] == "1"
        spec: Any = None
        param = f"{role}_declares"
        raw_spec = params[param]
        if raw_spec:
            try:
                spec = json.loads(raw_spec)
            except (ValueError, RecursionError):  # RecursionError: nested too deeply
                _note("warning", _("The link's {param} is not a declaration (it is not "
                                   "JSON); {who} declares in full.",
                                   param=param, who=who(role)))
        if role in hands:
            ss[f"lab_pending_{role}"] = (hand_sig(hands[role]), spec)


def load_record_into_lab(record: Mapping[str, Any]) -> None:
    """Put a checked record's hands, flags, sinking and preset into the Lab (a callback)."""
    rec = DealRecord.from_json(dict(record))
    ss = st.session_state
    for role, hand, blanche, spec in zip(ROLES, (rec.elder_after, rec.younger_after),
                                         rec.blanche, rec.declarations, strict=True):
        set_hand(builder_key(role), sort_cards(hand))
        ss[blanche_key(role)] = blanche
        ss[f"lab_pending_{role}"] = (hand_sig(hand), spec)
    if record.get("rules"):
        set_rules(rec.rules.name)  # the sidebar shows the preset the page scores under
        ask_whole_page()  # the sidebar is drawn outside the Lab's fragment
        _note("info", _("The record names its preset: the page now scores under {preset}.",
                        preset=preset_label(rec.rules.name)))
    ss[K_RECORD] = dict(record)


def sync_sinking(role: Role, hand: tuple[Card, ...] | None) -> None:
    """A new hand is declared in full, or as the link or record that brought it says; call
    it after the hand builders and before the sinking widgets are drawn."""
    ss = st.session_state
    sig = hand_sig(hand) if hand is not None else None
    pending = ss.pop(f"lab_pending_{role}", None)
    if sig == ss.get(f"lab_sig_{role}") and pending is None:
        return
    ss[f"lab_sig_{role}"] = sig
    forget_other_hands(role, hand)
    forget_held(role)  # a hand that changes is declared in full, unless the step said how
    if hand is not None and pending is not None and pending[0] == sig:
        problem = seed_sinking(role, hand, pending[1], who(role))
        if problem:
            # TRANSLATORS: {problem} is why the rules do not allow the declaration.
            _note("warning", _("Elder's sinking is ignored: {problem}. Elder declares in full.",
                               problem=problem) if role == "elder" else
                  _("Younger's sinking is ignored: {problem}. Younger declares in full.",
                    problem=problem))


def drawn_at_most(role: Role, rules: Rules, hand: Sequence[Card]) -> int:
    """How many cards the player can have drawn: exactly what the loaded record says when
    the hand is the record's, else the most the rules allow."""
    record = st.session_state.get(K_RECORD)
    if record is not None:
        rec = DealRecord.from_json(dict(record))
        after = rec.elder_after if role == "elder" else rec.younger_after
        if set(after) == set(hand):
            return len(rec.elder_discard if role == "elder" else rec.younger_discard)
    return most_drawn(role, rules)


def blanche_problem(role: Role, hand: Sequence[Card], rules: Rules) -> str | None:
    """Why the hand cannot have been dealt carte blanche, or ``None``."""
    most = drawn_at_most(role, rules, hand)
    if could_have_been_blanche(hand, most):
        return None
    courts = courts_held(hand)
    shown = " ".join(c.pretty for c in courts)
    # TRANSLATORS: {drawn} is "1 card" or "3 cards".
    drawn = ngettext("{n} card", "{n} cards", most)
    return ngettext(
        "{who} holds {n} court card after the exchange ({cards}) but can have drawn at most "
        "{drawn}, so the hand was not dealt carte blanche. It is not scored.",
        "{who} holds {n} court cards after the exchange ({cards}) but can have drawn at most "
        "{drawn}, so the hand was not dealt carte blanche. It is not scored.",
        len(courts), who=who(role), cards=shown, drawn=drawn)


def blanche_linked(role: Role, hand: Sequence[Card] | None, rules: Rules) -> bool:
    """Whether the address names the player's carte blanche: when the flag is set, unless
    only the loaded record refuses it (the address does not carry the record, so a reload
    would score the carte blanche this page refuses)."""
    if not st.session_state.get(blanche_key(role)):
        return False
    return (hand is None or could_have_been_blanche(hand, drawn_at_most(role, rules, hand))
            or not could_have_been_blanche(hand, most_drawn(role, rules)))


def _set_param(name: str, value: str | None) -> None:
    """Write one parameter of the address, or remove it (``None``)."""
    if value:
        st.query_params[name] = value
    elif name in st.query_params:
        del st.query_params[name]


def write_link(hands: Mapping[Role, tuple[Card, ...] | None],
               specs: Mapping[Role, Mapping[str, Any] | None], rules: Rules) -> None:
    """Write the page's state into its address. A hand that is not complete (``None``) is
    written as typed, so that a reload shows the same page, its problem included."""
    ss = st.session_state
    for role in ROLES:
        hand, spec = hands[role], specs.get(role)
        typed = " ".join(str(ss.get(f"{builder_key(role)}_text") or "").split())
        _set_param(role, format_cards(hand, ",") if hand else typed.replace(" ", ","))
        _set_param(f"{role}_declares",
                   json.dumps(spec, separators=(",", ":")) if spec and hand else None)
        _set_param(f"{role}_blanche", "1" if blanche_linked(role, hand, rules) else None)
    ss["lab_link_seen"] = _link()
    remember_written(K_LINKS_WRITTEN, ss["lab_link_seen"])


def lab_link() -> str:
    """The page's address with its parameters (for "Share this Lab")."""
    return page_url("/lab", {k: str(v) for k, v in st.query_params.to_dict().items()})

"""Sinking in the Lab: widgets that offer exactly what the rules allow (RULES.md, sinking).

- the point: any of the hand's suits, and any number of that suit's cards (or no point);
- each sequence the hand holds: the whole run, any shorter run of consecutive cards inside
  it, or not declared (one choice per run, so two declared runs can never overlap);
- each set: the whole set, a trio of a quatorze, or not declared;
- "Declare in full" puts everything back in one click.

The widgets' keys carry the hand's signature (:func:`hand_sig`): a different hand gets new
widgets, which start "in full". That is the mechanism that keeps the sinking of an old hand
from ever applying to a new one; :func:`forget_other_hands` drops the old keys.

The widgets live in an expander that draws them only while it is open (most reruns of the
Lab never show them), and Streamlit drops the state of a widget a run does not draw. So the
choices are also *held* outside the widgets, per role with the hand's signature
(:func:`held_spec`): every run that draws the widgets holds what they show, a link or a
record seeds both, "Declare in full" and a new hand clear both; a run with the expander shut
declares what is held, and the widgets drawn again start from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeVar

import streamlit as st

from piquet.cards import Card, Suit, cards_mask, format_cards, parse_cards
from piquet.combos import CardSet, Combinations, Sequence as Run, analyse
from piquet.declare import Declaration, DeclarationError, declaration_from_spec
from piquet.reckon import Role
from words import _, ngettext
from words.cards import suit_name
from words.declarations import combination_name
from words.errors import error_text

__all__ = [
    "declaration_spec",
    "forget_held",
    "forget_other_hands",
    "hand_sig",
    "held_spec",
    "held_values",
    "reset_to_full",
    "run_choices",
    "seed_sinking",
    "set_choices",
    "sinking_controls",
    "sinking_prefix",
    "spec_from_values",
]

NONE: Final = ""
"""The option value for "not declared"."""
T = TypeVar("T")


def hand_sig(hand: Sequence[Card]) -> str:
    """A short id of the hand's cards (order does not matter)."""
    return f"{cards_mask(hand):08x}"


def sinking_prefix(role: Role, hand: Sequence[Card]) -> str:
    return f"lab_sink_{role}_{hand_sig(hand)}"


def _drop_keys(prefix: str, keep: str | None = None) -> None:
    """Drop the session state of every widget whose key starts with ``prefix`` (but not with
    ``keep``)."""
    for k in [k for k in st.session_state if isinstance(k, str) and k.startswith(prefix)]:
        if keep is None or not k.startswith(keep):
            del st.session_state[k]


def forget_other_hands(role: Role, hand: Sequence[Card] | None) -> None:
    """Drop the sinking widgets' state of every hand but ``hand``."""
    _drop_keys(f"lab_sink_{role}_",
               keep=sinking_prefix(role, hand) + "_" if hand is not None else None)


def reset_to_full(role: Role, hand: Sequence[Card]) -> None:
    """Callback of "Declare in full"."""
    _drop_keys(sinking_prefix(role, hand) + "_")
    forget_held(role)


def _held_key(role: Role) -> str:
    return f"_lab_sunk_{role}"  # not under the widgets' prefix: _drop_keys never drops it


def forget_held(role: Role) -> None:
    """Forget the choices held for ``role`` (a new hand: declared in full)."""
    st.session_state.pop(_held_key(role), None)


def _hold(role: Role, hand: Sequence[Card], values: Mapping[str, Any]) -> None:
    st.session_state[_held_key(role)] = (hand_sig(hand), dict(values))


def held_values(role: Role, hand: Sequence[Card]) -> dict[str, Any]:
    """The widgets' values held for ``role``'s ``hand`` (by key suffix: ``psuit``,
    ``pcards_H``, ``run0``, ``set1``); empty when nothing is held for this hand."""
    held = st.session_state.get(_held_key(role))
    if isinstance(held, tuple) and len(held) == 2 and held[0] == hand_sig(hand):
        return dict(held[1])
    return {}


def held_spec(role: Role, hand: tuple[Card, ...]) -> dict[str, Any] | None:
    """What ``role`` declares while the widgets are not drawn: the spec the held values make
    (``None``: in full), exactly as :func:`sinking_controls` would return it."""
    return spec_from_values(hand, held_values(role, hand))


def spec_from_values(hand: tuple[Card, ...], values: Mapping[str, Any]) -> dict[str, Any] | None:
    """The spec of the sinking widgets showing ``values`` (by key suffix); a widget without
    a value shows its default, as drawn: the best suit, all its cards, each whole run and
    set."""
    combos = analyse(hand)
    suits = [*_suits_held(hand), NONE]
    best = combos.point.suit.value if combos.point else NONE
    suit = values.get("psuit", best)
    suit = suit if suit in suits else best
    point: list[Card] = []
    if suit:
        by_suit = [c for c in hand if c.suit.value == suit]
        chosen = values.get(f"pcards_{suit}", [str(c) for c in by_suit])
        point = [c for c in by_suit if str(c) in (chosen or [])]
    runs = [_choice(values.get(f"run{i}"), run_choices(run))
            for i, run in enumerate(combos.sequences)]
    sets = [_choice(values.get(f"set{i}"), set_choices(cs)) for i, cs in enumerate(combos.sets)]
    return declaration_spec(combos, point, runs, sets)


def _default(key: str, default: T, none: T) -> T:
    """A widget's default: ``none`` (what the widget takes for no default) when its value is
    already in the session state."""
    return none if key in st.session_state else default


def _choice(value: Any, options: Sequence[str]) -> str:
    return str(value) if value is not None and value in options else options[0]


def _restore(role: Role, hand: Sequence[Card]) -> None:
    """Put the held values back into the widgets' state (before they are drawn) when a run
    did not draw them: the choices come back as they were."""
    k = sinking_prefix(role, hand)
    if f"{k}_psuit" in st.session_state:  # drawn in the last run: their own state holds
        return
    for suffix, value in held_values(role, hand).items():
        st.session_state[f"{k}_{suffix}"] = value


def run_choices(run: Run) -> list[str]:
    """Every run a maximal run lets its holder declare, longest first, then not declared.

    >>> from piquet.cards import parse_cards
    >>> from piquet.combos import analyse
    >>> run_choices(analyse(parse_cards("AS KS QS JS 9H 8H 7H AD AC KC 7D 8D")).sequences[0])
    ['AS KS QS JS', 'AS KS QS', 'KS QS JS', '']
    """
    cards = run.cards
    out = [format_cards(cards[i:i + n]) for n in range(len(cards), 2, -1)
           for i in range(len(cards) - n + 1)]
    return [*out, NONE]


def set_choices(cs: CardSet) -> list[str]:
    """The set, each trio inside a quatorze, then not declared."""
    out = [format_cards(cs.cards)]
    if cs.count == 4:
        out += [format_cards(tuple(c for c in cs.cards if c is not gone)) for gone in cs.cards]
    return [*out, NONE]


def _suits_held(hand: Sequence[Card]) -> list[str]:
    return [s.value for s in Suit if any(c.suit is s for c in hand)]


def declaration_spec(combos: Combinations, point: Sequence[Card], runs: Sequence[str],
                     sets: Sequence[str]) -> dict[str, Any] | None:
    """The record's declaration shape for these choices, naming only the categories that
    differ from declaring in full; ``None`` when everything is declared in full."""
    spec: dict[str, Any] = {}
    full_point = set(combos.point.cards) if combos.point else set()
    if set(point) != full_point:
        spec["point"] = [str(c) for c in point]
    run_cards = [list(parse_cards(r)) for r in runs if r]
    if {frozenset(r) for r in map(tuple, run_cards)} != {
            frozenset(r.cards) for r in combos.sequences}:
        spec["sequences"] = [[str(c) for c in r] for r in run_cards]
    set_cards = [list(parse_cards(s)) for s in sets if s]
    if {frozenset(s) for s in map(tuple, set_cards)} != {
            frozenset(s.cards) for s in combos.sets}:
        spec["sets"] = [[str(c) for c in s] for s in set_cards]
    return spec or None


def seed_sinking(role: Role, hand: Sequence[Card], spec: Mapping[str, Any] | None,
                 who: str) -> str | None:
    """Set the sinking widgets of ``hand`` to show ``spec`` (before they are drawn).

    Returns ``None``, or the reason the spec was ignored (it names a card not held, or is not
    a declaration the rules allow); then the hand is declared in full.
    """
    reset_to_full(role, hand)
    if not spec:
        return None
    try:
        decl = declaration_from_spec(hand, spec, who=who)
    except DeclarationError as e:
        return error_text(e)
    _write_widgets(role, hand, decl)
    return None


def _write_widgets(role: Role, hand: Sequence[Card], decl: Declaration) -> None:
    combos = analyse(hand)
    values: dict[str, Any] = {}
    if decl.point is None:
        values["psuit"] = NONE
    else:
        suit = decl.point.suit.value
        values["psuit"] = suit
        values[f"pcards_{suit}"] = [str(c) for c in decl.point.cards]
    for i, run in enumerate(combos.sequences):
        inside = [r for r in decl.sequences if set(r.cards) <= set(run.cards)]
        best = max(inside, key=lambda r: r.length, default=None)
        values[f"run{i}"] = format_cards(best.cards) if best else NONE
    for i, cs in enumerate(combos.sets):
        mine = next((s for s in decl.sets if s.rank is cs.rank), None)
        values[f"set{i}"] = format_cards(mine.cards) if mine else NONE
    k = sinking_prefix(role, hand)
    for suffix, value in values.items():
        st.session_state[f"{k}_{suffix}"] = value
    _hold(role, hand, values)


def sinking_controls(role: Role, hand: tuple[Card, ...], who: str) -> dict[str, Any] | None:
    """Draw the sinking widgets for one hand (from the held choices when the last run did
    not draw them) and hold what they show; return its spec (``None``: in full)."""
    combos = analyse(hand)
    k = sinking_prefix(role, hand)
    _restore(role, hand)
    values: dict[str, Any] = {}

    def show(code: str) -> str:
        return " ".join(c.pretty for c in parse_cards(code))

    suits = _suits_held(hand)
    best = combos.point.suit.value if combos.point else NONE
    by_suit = {s: [c for c in hand if c.suit.value == s] for s in suits}
    elder = role == "elder"

    def suit_label(s: str) -> str:
        if s == NONE:
            return _("No point")
        # TRANSLATORS: a suit in the point's selector: "♠ spades (5 held)".
        return ngettext("{symbol} {suit} ({n} held)", "{symbol} {suit} ({n} held)",
                        len(by_suit[s]), symbol=Suit(s).symbol + "\ufe0e", suit=suit_name(Suit(s)))

    # A widget whose value is in the state (held, from a link, or its own) takes no default:
    # the state decides, and Streamlit would warn of the two.
    suit = st.selectbox(
        _("Elder's point: the suit") if elder else _("Younger's point: the suit"),
        [*suits, NONE], index=_default(f"{k}_psuit", [*suits, NONE].index(best), 0),
        key=f"{k}_psuit",
        format_func=suit_label)
    values["psuit"] = suit or NONE
    point: list[Card] = []
    if suit:
        codes = [str(c) for c in by_suit[suit]]
        chosen = st.pills(
            _("Elder's point: the cards declared") if elder else
            _("Younger's point: the cards declared"), codes, selection_mode="multi",
            default=_default(f"{k}_pcards_{suit}", codes, None), key=f"{k}_pcards_{suit}",
            format_func=show)
        values[f"pcards_{suit}"] = list(chosen or [])
        point = [c for c in by_suit[suit] if str(c) in (chosen or [])]
    labels: dict[str, str] = {NONE: _("Not declared")}
    runs: list[str] = []
    for i, run in enumerate(combos.sequences):
        opts = run_choices(run)
        for r in opts[:-1]:
            labels[r] = _("{combination}: {cards}",
                          combination=combination_name(analyse(parse_cards(r)).sequences[0]),
                          cards=show(r))
        # TRANSLATORS: a sequence's selector: "Elder: quart in spades".
        runs.append(st.selectbox(_("{who}: {sequence} in {suit}", who=who,
                                   sequence=combination_name(run), suit=suit_name(run.suit)),
                                 opts,
                                 key=f"{k}_run{i}", format_func=labels.__getitem__) or NONE)
    sets: list[str] = []
    for i, cs in enumerate(combos.sets):
        opts = set_choices(cs)
        for s in opts[:-1]:
            labels[s] = _("{combination}: {cards}",
                          combination=combination_name(analyse(parse_cards(s)).sets[0]),
                          cards=show(s))
        # TRANSLATORS: a set's selector: "Elder: fourteen aces".
        sets.append(st.selectbox(_("{who}: {set}", who=who,
                                   set=combination_name(cs, start=False)), opts,
                                 key=f"{k}_set{i}",
                                 format_func=labels.__getitem__) or NONE)
    values.update({f"run{i}": r for i, r in enumerate(runs)})
    values.update({f"set{i}": x for i, x in enumerate(sets)})
    _hold(role, hand, values)
    spec = declaration_spec(combos, point, runs, sets)
    st.button(_("Declare in full"), key=f"lab_full_{role}", on_click=reset_to_full,
              args=(role, hand), disabled=spec is None, icon=":material/done_all:")
    return spec

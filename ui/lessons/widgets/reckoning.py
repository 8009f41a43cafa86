"""Lesson 8's widget: the order of reckoning, step by step, to repique or pique."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import streamlit as st

from piquet import Reckoning, ScoreEvent, parse_cards, reckon
from piquet.play import play_tricks
from piquet.rules import Rules
from ui.lessons.common import crc, preset_note, show_error
from ui.lessons.state import set_value
from ui.settings import current_rules
from words.reckoning import bonus_text


@dataclass(frozen=True)
class _Example:
    title: str
    story: str
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)
    leads: int = 0
    """Elder leads (and wins) this many tricks from the first, before Younger scores."""
    captured: bool = False
    """Elder then leads one more trick, and Younger captures it."""


_EXAMPLES: Final = {
    "ex1": _Example("Example 1: repique by Elder",
                    "Elder: point 7, sequences 15 + 4 + 3, a trio 3. Younger scores nothing.",
                    {"point": (7, 0), "sequences": (22, 0), "sets": (3, 0)}),
    "ex2": _Example("Example 2: repique by Younger",
                    "Point and sequence both Equal; Younger: two quatorzes and a trio.",
                    {"sets": (0, 31)}),
    "ex3": _Example("Example 3: equality does not save a pique",
                    "Point Equal. Elder: quint 15, quatorze 14 = 29; then he leads.",
                    {"sequences": (15, 0), "sets": (14, 0)}, leads=1),
    "ex4": _Example("Example 4: no repique despite 32",
                    "Younger's point (say five cards) is good. Elder: quint 15, tierce 3, "
                    "quatorze 14 = 32.",
                    {"point": (0, 5), "sequences": (18, 0), "sets": (14, 0)}),
    "missed": _Example("Example: Younger scores first in play, no pique",
                       "Elder: point 5, quint 15, two trios 6 = 26; Younger nothing. Elder "
                       "leads two winning tricks, then a third that Younger captures.",
                       {"point": (5, 0), "sequences": (15, 0), "sets": (6, 0)}, leads=2,
                       captured=True),
    "ex7": _Example("Example 7: capot is not pique",
                    "Elder: point 6, quart major 4, three aces 3 = 13; he leads and wins all "
                    "twelve tricks.",
                    {"point": (6, 0), "sequences": (4, 0), "sets": (3, 0)}, leads=12),
    "presets": _Example("The presets differ: 17 and every trick",
                        "Elder: 17 from combinations (point 6, two quarts, a trio); Younger "
                        "nothing; Elder wins all twelve tricks.",
                        {"point": (6, 0), "sequences": (8, 0), "sets": (3, 0)}, leads=12),
    "custom": _Example("Custom scores", "Your own scores for each step."),
}
_STEPS: Final = ("blanche", "point", "sequences", "sets")
_STEP_NAMES: Final = {"blanche": "Carte blanche", "point": "Point", "sequences": "Sequences",
                      "sets": "Sets"}


def _custom_example() -> _Example:
    scores: dict[str, tuple[int, int]] = {}
    head = st.columns([2, 2, 2])
    head[1].markdown("**Elder**")
    head[2].markdown("**Younger**")
    for cat in _STEPS:
        row = st.columns([2, 2, 2], vertical_alignment="center")
        row[0].markdown(_STEP_NAMES[cat])
        pair = []
        for col, who in zip(row[1:], ("elder", "younger"), strict=True):
            with col:
                pair.append(int(st.number_input(
                    f"{who} {cat}", min_value=0, max_value=10 if cat == "blanche" else 200,
                    step=10 if cat == "blanche" else 1, key=f"lessons_reck_{who}_{cat}",
                    label_visibility="collapsed")))
        scores[cat] = (pair[0], pair[1])
    leads = int(st.number_input("Elder leads and wins the first tricks: how many?",
                                min_value=0, max_value=12, key="lessons_reck_leads"))
    return _Example("Custom scores", "Your own scores.", scores, leads)


_SWEEP: Final = tuple(zip(parse_cards("AS KS QS JS AH KH QH JH AD KD QD JD"),
                          parse_cards("10S 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D"), strict=True))
"""Twelve tricks that Elder leads and wins, for the examples where he sweeps the board."""


_LOSING_LEAD: Final = (parse_cards("7C")[0], parse_cards("AC")[0])
"""A lead that Younger captures (in place of the last trick of :data:`_SWEEP`)."""


def _reckon(ex: _Example, rules: Rules) -> Reckoning:
    """The engine's reckoning of an example under ``rules``: the declaration scores, then
    Elder leading and winning his first ``ex.leads`` tricks (and, if ``ex.captured``, one
    more lead that Younger captures), played by the engine (which adds the point for last
    and the capot when the preset and the tricks say so)."""
    sweep = _SWEEP if not ex.captured else (*_SWEEP[:11], _LOSING_LEAD)
    tricks = list(sweep[:ex.leads])
    if ex.captured:
        tricks.append(_LOSING_LEAD)
    elder = sum(a.bit for a, _ in sweep)
    younger = sum(b.bit for _, b in sweep)
    played = play_tricks(elder, younger, tricks, rules)
    return reckon(**ex.scores, play=played.points, cards=played.cards, capot=played.capot)


def _tally(events: Sequence[ScoreEvent], upto: int) -> list[dict[str, Any]]:
    """The running tally up to step ``upto``, noting where a player first reaches 30."""
    rows: list[dict[str, Any]] = []
    reached: set[str] = set()
    for n, ev in enumerate(events[:upto], 1):
        total = ev.elder_total if ev.player == "elder" else ev.younger_total
        note = ""
        if ev.category in ("repique", "pique"):
            note = f"★ {ev.category.upper()} +{ev.points}"
        elif total >= 30 and ev.player not in reached:
            note = f"{ev.player.capitalize()} reaches 30"
        if total >= 30:
            reached.add(ev.player)
        rows.append({"step": n, "reckoned": ev.label, "who": ev.player.capitalize(),
                     "points": ev.points, "Elder": ev.elder_total,
                     "Younger": ev.younger_total, "note": note})
    return rows


def _styled(rows: list[dict[str, Any]]) -> Any:
    """The tally as a pandas Styler: bonus rows in gold, the 30th point in bold."""
    import pandas as pd  # type: ignore[import-untyped]

    def paint(row: Any) -> list[str]:
        note = str(row["note"])
        if note.startswith("★"):
            return ["background-color: rgba(242, 183, 5, 0.28); font-weight: 700"] * len(row)
        return ["font-weight: 700" if note else ""] * len(row)

    return pd.DataFrame(rows).style.apply(paint, axis=1).hide(axis="index")


def reckoning_widget() -> None:
    """Step through the order of reckoning with a running tally; see 30 reached, and the
    repique or pique made or blocked."""
    rules = current_rules()
    name = st.selectbox("Example", list(_EXAMPLES), key="lessons_reck_example",
                        format_func=lambda k: _EXAMPLES[k].title)
    ex = _EXAMPLES[name] if name != "custom" else _custom_example()
    if name != "custom":
        st.markdown(f"*{ex.story}*")
    try:
        r = _reckon(ex, rules)
    except ValueError as err:
        show_error(err)
        return
    events = r.events
    if not events:
        st.info("Nobody scores anything: nothing to reckon.")
        return
    key = f"lessons_reck_step_{name}_{crc(*events)}"
    ss = st.session_state
    ss.setdefault(key, 1)
    n = len(events)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.button("Back", key=f"{key}_back", icon=":material/skip_previous:",
                  on_click=set_value, args=(key, max(1, ss[key] - 1)), disabled=ss[key] <= 1)
        st.button("Next step", key=f"{key}_next", icon=":material/skip_next:", type="primary",
                  on_click=set_value, args=(key, min(n, ss[key] + 1)), disabled=ss[key] >= n)
        st.button("To the end", key=f"{key}_end", icon=":material/last_page:",
                  on_click=set_value, args=(key, n), disabled=ss[key] >= n)
    if n > 1:
        st.slider("Step", 1, n, key=key)
    step = int(ss[key])
    ev = events[step - 1]
    st.markdown(f"**Step {step} of {n}**: {ev.label}, {ev.player.capitalize()} scores "
                f"**{ev.points}**")
    for col, who, total in zip(st.columns(2), ("Elder", "Younger"),
                               (ev.elder_total, ev.younger_total), strict=True):
        col.progress(min(total, 30) / 30,
                     text=f"{who}: **{total}**" + (" (30 reached)" if total >= 30 else " of 30"))
    st.table(_styled(_tally(events, step)))
    if step < n:
        st.caption("Step on to the end to see whether a repique or pique is made.")
        return
    text = bonus_text(r)
    if r.repique or r.pique:
        st.success(text, icon=":material/emoji_events:")
    else:
        st.info(text, icon=":material/block:")
    st.markdown(f"Totals: **Elder {r.total('elder')}**, **Younger {r.total('younger')}**.")
    preset_note(rules)



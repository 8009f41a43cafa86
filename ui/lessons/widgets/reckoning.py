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
from ui.tables import show_rows_table
from words import _
from words.names import role_name
from words.reckoning import bonus_text, event_name, sheet_label


@dataclass(frozen=True)
class _Example:
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)
    leads: int = 0
    """Elder leads (and wins) this many tricks from the first, before Younger scores."""
    captured: bool = False
    """Elder then leads one more trick, and Younger captures it."""


_EXAMPLES: Final = {
    "ex1": _Example({"point": (7, 0), "sequences": (22, 0), "sets": (3, 0)}),
    "ex2": _Example({"sets": (0, 31)}),
    "ex3": _Example({"sequences": (15, 0), "sets": (14, 0)}, leads=1),
    "ex4": _Example({"point": (0, 5), "sequences": (18, 0), "sets": (14, 0)}),
    "missed": _Example({"point": (5, 0), "sequences": (15, 0), "sets": (6, 0)}, leads=2,
                       captured=True),
    "ex7": _Example({"point": (6, 0), "sequences": (4, 0), "sets": (3, 0)}, leads=12),
    "presets": _Example({"point": (6, 0), "sequences": (8, 0), "sets": (3, 0)}, leads=12),
    "custom": _Example(),
}


def _title(name: str) -> str:
    """An example's name in the chooser."""
    titles = {
        "ex1": _("Example 1: repique by Elder"),
        "ex2": _("Example 2: repique by Younger"),
        "ex3": _("Example 3: equality does not save a pique"),
        "ex4": _("Example 4: no repique despite 32"),
        "missed": _("Example 5: Younger scores first in play, no pique"),
        "ex7": _("Example 6: capot is not pique"),
        "presets": _("The presets differ: 17 and every trick"),
        "custom": _("Custom scores"),
    }
    return titles[name]


def _story(name: str) -> str:
    """What an example's hands score, in a sentence or two."""
    stories = {
        "ex1": _("Elder: point 7, sequences 15 + 4 + 3, a trio 3. Younger scores nothing."),
        "ex2": _("Point and sequence both Equal; Younger: two quatorzes and a trio."),
        "ex3": _("Point Equal. Elder: quint 15, quatorze 14 = 29; then he leads."),
        "ex4": _("Younger's point (say five cards) is good. Elder: quint 15, tierce 3, "
                 "quatorze 14 = 32."),
        "missed": _("Elder: point 5, quint 15, two trios 6 = 26; Younger nothing. Elder leads "
                    "two winning tricks, then a third that Younger captures."),
        "ex7": _("Elder: point 6, quart major 4, three aces 3 = 13; he leads and wins all "
                 "twelve tricks."),
        "presets": _("Elder: 17 from combinations (point 6, two quarts, a trio); Younger "
                     "nothing; Elder wins all twelve tricks."),
        "custom": _("Your own scores for each step."),
    }
    return stories[name]


_STEPS: Final = ("blanche", "point", "sequences", "sets")


def _custom_example() -> _Example:
    scores: dict[str, tuple[int, int]] = {}
    head = st.columns([2, 2, 2])
    head[1].markdown(_("**{who}**", who=role_name("elder")))
    head[2].markdown(_("**{who}**", who=role_name("younger")))
    for cat in _STEPS:
        row = st.columns([2, 2, 2], vertical_alignment="center")
        row[0].markdown(sheet_label(cat))
        pair = []
        for col, who in zip(row[1:], ("elder", "younger"), strict=True):
            label = (_("Elder's score for {step}", step=sheet_label(cat)) if who == "elder"
                     else _("Younger's score for {step}", step=sheet_label(cat)))
            with col:
                pair.append(int(st.number_input(
                    label, min_value=0, max_value=10 if cat == "blanche" else 200,
                    step=10 if cat == "blanche" else 1, key=f"lessons_reck_{who}_{cat}",
                    label_visibility="collapsed", persist_state="session")))
        scores[cat] = (pair[0], pair[1])
    leads = int(st.number_input(_("Elder leads and wins the first tricks: how many?"),
                                min_value=0, max_value=12, key="lessons_reck_leads",
                                persist_state="session"))
    return _Example(scores, leads)


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
    elder = sum(a.bit for a, _b in sweep)
    younger = sum(b.bit for _a, b in sweep)
    played = play_tricks(elder, younger, tricks, rules)
    return reckon(**ex.scores, play=played.points, cards=played.cards, capot=played.capot)


def _columns() -> dict[str, str]:
    """The tally's column headings, by id."""
    return {"step": _("step"), "reckoned": _("reckoned"), "who": _("who"),
            "points": _("points"), "elder": role_name("elder"),
            "younger": role_name("younger"), "note": _("note")}


def _tally(events: Sequence[ScoreEvent], upto: int) -> list[dict[str, Any]]:
    """The running tally up to step ``upto``, noting where a player first reaches 30."""
    rows: list[dict[str, Any]] = []
    reached: set[str] = set()
    col = _columns()
    for n, ev in enumerate(events[:upto], 1):
        total = ev.elder_total if ev.player == "elder" else ev.younger_total
        note = ""
        if ev.category == "repique":
            note = _("★ REPIQUE +{points}", points=ev.points)
        elif ev.category == "pique":
            note = _("★ PIQUE +{points}", points=ev.points)
        elif total >= 30 and ev.player not in reached:
            note = (_("Elder reaches 30") if ev.player == "elder" else _("Younger reaches 30"))
        if total >= 30:
            reached.add(ev.player)
        rows.append({col["step"]: n, col["reckoned"]: event_name(ev),
                     col["who"]: role_name(ev.player), col["points"]: ev.points,
                     col["elder"]: ev.elder_total, col["younger"]: ev.younger_total,
                     col["note"]: note})
    return rows


def _row_styles(rows: list[dict[str, Any]], events: Sequence[ScoreEvent]) -> list[str]:
    """The tally's look, row by row: bonus rows in gold, the 30th point in bold."""
    note = _columns()["note"]
    return ["background-color: rgba(242, 183, 5, 0.28); font-weight: 700"
            if events[i].category in ("repique", "pique") else
            "font-weight: 700" if row[note] else "" for i, row in enumerate(rows)]


def reckoning_widget() -> None:
    """Step through the order of reckoning with a running tally; see 30 reached, and the
    repique or pique made or blocked."""
    rules = current_rules()
    name = st.selectbox(_("Example"), list(_EXAMPLES), key="lessons_reck_example",
                        format_func=_title, persist_state="session")
    ex = _EXAMPLES[name] if name != "custom" else _custom_example()
    if name != "custom":
        st.markdown(_("*{story}*", story=_story(name)))
    try:
        r = _reckon(ex, rules)
    except ValueError as err:
        show_error(err)
        return
    events = r.events
    if not events:
        st.info(_("Nobody scores anything: nothing to reckon."))
        return
    key = f"lessons_reck_step_{name}_{crc(*events)}"
    ss = st.session_state
    ss.setdefault(key, 1)
    n = len(events)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.button(_("Back"), key=f"{key}_back", icon=":material/skip_previous:",
                  on_click=set_value, args=(key, max(1, ss[key] - 1)), disabled=ss[key] <= 1)
        st.button(_("Next step"), key=f"{key}_next", icon=":material/skip_next:",
                  type="primary", on_click=set_value, args=(key, min(n, ss[key] + 1)),
                  disabled=ss[key] >= n)
        st.button(_("To the end"), key=f"{key}_end", icon=":material/last_page:",
                  on_click=set_value, args=(key, n), disabled=ss[key] >= n)
    if n > 1:
        st.slider(_("Step"), 1, n, key=key, persist_state="session")
    step = int(ss[key])
    ev = events[step - 1]
    # TRANSLATORS: {what} is the step reckoned ("point", "lead (trick 3)"), {who} a player.
    st.markdown(_("**Step {step} of {n}**: {what}, {who} scores **{points}**", step=step, n=n,
                  what=event_name(ev), who=role_name(ev.player), points=ev.points))
    for col, role, total in zip(st.columns(2), ("elder", "younger"),
                                (ev.elder_total, ev.younger_total), strict=True):
        col.progress(min(total, 30) / 30, text=(
            _("{who}: **{total}** (30 reached)", who=role_name(role), total=total)
            if total >= 30 else
            _("{who}: **{total}** of 30", who=role_name(role), total=total)))
    tally = _tally(events, step)
    show_rows_table(tally, row_styles=_row_styles(tally, events))
    if step < n:
        st.caption(_("Step on to the end to see whether a repique or pique is made."))
        return
    text = bonus_text(r)
    if r.repique or r.pique:
        st.success(text, icon=":material/emoji_events:")
    else:
        st.info(text, icon=":material/block:")
    st.markdown(_("Totals: **Elder {elder}**, **Younger {younger}**.",
                  elder=r.total("elder"), younger=r.total("younger")))
    preset_note(rules)

"""The Declarations Lab's pieces: sinking controls, combination lists, dialogue, reckoning."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import streamlit as st

from piquet import Card, DealRecord, DeclarationScore, Rules, analyse, reckon, score_record
from piquet.combos import CardSet, Point, Sequence as Run
from piquet.declare import declarable, spec_of
from piquet.reckon import ROLES, Role
from piquet.record import SHEET_KEYS
from piquet.sheet import SHEET_LABELS
from ui.cards import show_cards
from ui.settings import four_colour

RULES_FOR_RECORD = "lab_record_rules"


def sinking_controls(role: Role, hand: tuple[Card, ...]) -> dict[str, Any] | None:
    """Widgets to declare less than the hand holds; returns a spec, or None for in full."""
    combos = analyse(hand)
    options = declarable(combos)
    k = f"lab_sink_{role}"
    points: list[Point | None] = [*options.points, None]
    point = st.selectbox(
        "Point", points, key=f"{k}_point",
        format_func=lambda p: "No point" if p is None else
        f"{p.length} cards making {p.pips} ({' '.join(c.pretty for c in p.cards)})")
    runs: Sequence[Run] = st.multiselect(
        "Sequences", options.sequences, default=list(combos.sequences), key=f"{k}_runs",
        format_func=lambda r: f"{r.name} ({' '.join(c.pretty for c in r.cards)})")
    sets: Sequence[CardSet] = st.multiselect(
        "Sets", options.sets, default=list(combos.sets), key=f"{k}_sets",
        format_func=lambda s: f"{s.call} ({' '.join(c.pretty for c in s.cards)})")
    full = (point == combos.point and list(runs) == list(combos.sequences)
            and list(sets) == list(combos.sets))
    return None if full else spec_of(point, runs, sets)


def reset_sinking() -> None:
    for role in ROLES:
        for part in ("point", "runs", "sets"):
            st.session_state.pop(f"lab_sink_{role}_{part}", None)


def holdings(score: DeclarationScore, role: Role) -> None:
    """One hand with the cards that score highlighted, then each combination on its cards."""
    i = 0 if role == "elder" else 1
    hand = score.elder if role == "elder" else score.younger
    combos = score.combinations[i]
    decl = score.declarations[i]
    scoring: set[Card] = set()
    for v in score.verdicts:
        if v.winner == role:
            for c in v.scored:
                scoring.update(c.cards)
    st.markdown(f"**{role.capitalize()}** · {score.total(role)} from declarations")
    show_cards(hand, width=52, highlight=frozenset(scoring), four_colour=four_colour())
    rows: list[tuple[str, Point | Run | CardSet, bool]] = []
    if combos.point:
        rows.append(("Point", combos.point, decl.point == combos.point))
    rows += [("Sequence", r, r in decl.sequences) for r in combos.sequences]
    rows += [("Set", s, s in decl.sets) for s in combos.sets]
    if not rows:
        st.caption("No combination to declare.")
    for label, combo, declared in rows:
        what = (f"{combo.length} cards making {combo.pips}" if isinstance(combo, Point)
                else combo.name)
        note = "" if declared else " — *sunk (not declared)*"
        if isinstance(combo, Point) and decl.point and decl.point != combo:
            note = f" — *declared as {decl.point.length} cards making {decl.point.pips}*"
        st.markdown(f"{label}: **{what}**, worth {combo.score}{note}")
        show_cards(combo.cards, width=42, highlight=frozenset(combo.cards),
                   four_colour=four_colour())


def verdict_lines(score: DeclarationScore) -> None:
    chip = {"elder": "Elder scores", "younger": "Younger scores", None: "Nobody scores"}
    for v in score.verdicts:
        title = {"point": "Point", "sequences": "Sequences", "sets": "Sets"}[v.category]
        answer = f" · Younger answers *{v.answer}*" if v.answer else ""
        st.markdown(f"**{title}** — {chip[v.winner]}"
                    f"{f' {v.points}' if v.winner else ''}{answer}  \n{v.explain()}")


def reckoning_rows(score: DeclarationScore) -> tuple[list[dict[str, Any]], str, bool]:
    """The reckoning order as a running tally, then Elder's lead; the bonus sentence; and
    whether a repique or pique was scored."""
    by_cat = {c: (score.score("elder", c), score.score("younger", c))
              for c in ("blanche", "point", "sequences", "sets")}
    r = reckon(**by_cat, play=["elder"])
    rows = []
    for n, ev in enumerate(r.events, 1):
        reached = ""
        mine = ev.elder_total if ev.player == "elder" else ev.younger_total
        if ev.category in ("repique", "pique"):
            reached = f"{ev.category.upper()}!"
        elif mine - ev.points < 30 <= mine:
            reached = "reaches 30"
        rows.append({"#": n, "Step": ev.label.capitalize(), "Who": ev.player.capitalize(),
                     "Points": ev.points, "Elder": ev.elder_total, "Younger": ev.younger_total,
                     "": reached})
    return rows, r.explain_bonus(), bool(r.repique or r.pique)


def load_record(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """Parse a pasted record (JSON; the record alone or under "record")."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, f"That is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})."
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]
    try:
        score_record(data)
    except ValueError as e:
        return None, f"That record cannot be scored: {e}."
    assert isinstance(data, dict)
    return data, None


def totals_table(score: DeclarationScore) -> dict[str, dict[str, int]]:
    """The declarations' totals per player, with readable row labels (for ``st.table``)."""
    sheet = score.as_dict()
    return {role.capitalize(): {SHEET_LABELS[k]: v for k, v in sheet[role].items()}
            for role in ROLES}


def whole_deal(record: dict[str, Any], rules: Rules, elder: tuple[Card, ...],
               younger: tuple[Card, ...]) -> None:
    """The loaded record's whole deal: play, the cards and capot too, under ``rules``."""
    rec = DealRecord.from_json({**record, "rules": rules.name})
    if set(rec.elder_after) != set(elder) or set(rec.younger_after) != set(younger):
        st.caption("The hands were changed after the record was loaded; the record's own "
                   "deal is scored below as it was.")
    score = score_record(rec)
    st.header("The whole deal, from the record")
    st.caption(f"{len(rec.tricks)} of 12 tricks played · rules: {rules.name}"
               + (" (the record's own preset)" if record.get("rules") else ""))
    sheet = score.as_dict()
    st.table({role.capitalize(): {SHEET_LABELS[k]: sheet[role][k] for k in (*SHEET_KEYS, "total")}
              for role in ROLES})
    st.caption(score.reckoning.explain_bonus())
    with st.expander("Trick by trick"):
        for trick in score.play.tricks:
            st.markdown(f"{trick.number}. {trick.explain()}")

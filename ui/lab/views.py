"""The Declarations Lab's views: each hand's combinations on its cards, the verdicts, the
reckoning as a running tally that ends with Elder's first lead, and the totals."""

from __future__ import annotations

from typing import Any

import streamlit as st

from piquet import Card, DealRecord, DeclarationScore, Rules, reckon, score_record
from piquet.combos import CardSet, Point, Sequence as Run
from piquet.declare import Declaration
from piquet.reckon import ROLES, PiqueChance, PiqueOutlook, Reckoning, Role, pique_chance
from piquet.record import SHEET_KEYS
from piquet.sheet import SHEET_LABELS
from ui.cards import show_cards
from ui.settings import four_colour
from ui.text import md_escape


def _declared_as(combo: Point | Run | CardSet, decl: Declaration) -> str:
    """How much of a combination is declared: ``""`` in full, else a note (Markdown)."""
    if isinstance(combo, Point):
        if decl.point == combo:
            return ""
        if decl.point is None:
            return " — *sunk (no point declared)*"
        p = decl.point
        return f" — *declared as {p.length} {'card' if p.length == 1 else 'cards'} making {p.pips}*"
    inside: list[Run | CardSet]
    if isinstance(combo, Run):
        inside = [r for r in decl.sequences if set(r.cards) <= set(combo.cards)]
    else:
        inside = [s for s in decl.sets if s.rank is combo.rank]
    if not inside:
        return " — *sunk (not declared)*"
    if inside == [combo]:
        return ""
    return " — *declared as " + ", ".join(
        (x.name if isinstance(x, Run) else x.call) for x in inside) + "*"


def holdings(score: DeclarationScore, role: Role, *, present: bool = False) -> None:
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
    with st.container(key=f"lab_{role}_pq_present_cards" if present else None):
        show_cards(hand, width=52, highlight=frozenset(scoring), four_colour=four_colour(),
                   overlap=present)
    if scoring:
        st.caption("The highlighted cards are the ones that score.")
    rows: list[tuple[str, Point | Run | CardSet]] = []
    if combos.point:
        rows.append(("Point", combos.point))
    rows += [("Sequence", r) for r in combos.sequences]
    rows += [("Set", s) for s in combos.sets]
    if not rows:
        st.caption("No combination to declare.")
    for label, combo in rows:
        what = (f"{combo.length} cards making {combo.pips}" if isinstance(combo, Point)
                else combo.name)
        st.markdown(f"{label}: **{what}**, worth {combo.score}{_declared_as(combo, decl)}")
        if not present:
            show_cards(combo.cards, width=42, four_colour=four_colour())


def verdict_lines(score: DeclarationScore) -> None:
    chip = {"elder": "Elder scores", "younger": "Younger scores", None: "Nobody scores"}
    for v in score.verdicts:
        title = {"point": "Point", "sequences": "Sequences", "sets": "Sets"}[v.category]
        answer = f" · Younger answers *{v.answer}*" if v.answer else ""
        st.markdown(f"**{title}** — {chip[v.winner]}"
                    f"{f' {v.points}' if v.winner else ''}{answer}  \n{v.explain()}")


def chance(score: DeclarationScore) -> PiqueChance:
    """What the declarations decide of a pique (from the engine's totals)."""
    return pique_chance(score.total("elder"), score.total("younger"),
                        repique=score.repique is not None,
                        last_trick_point=score.rules.last_trick_point)


def reckoning_table(score: DeclarationScore) -> tuple[str, str, bool]:
    """The reckoning order as a running tally ending with Elder's first lead (a Markdown
    table), the sentence on repique and pique, and whether a bonus was scored."""
    by_cat = {c: (score.score("elder", c), score.score("younger", c))
              for c in ("blanche", "point", "sequences", "sets")}
    r = reckon(**by_cat, play=["elder"])
    rows = ["| Step | Who | Points | Elder | Younger |", "|---|---|---:|---:|---:|"]
    for ev in r.events:
        mine = ev.elder_total if ev.player == "elder" else ev.younger_total
        step = "Elder's first lead" if ev.category == "lead" else ev.label.capitalize()
        if ev.category in ("repique", "pique"):
            step = f"**{ev.category.upper()}!**"
        elif mine - ev.points < 30 <= mine:
            step += " *(reaches 30)*"
        rows.append(f"| {step} | {ev.player.capitalize()} | {ev.points} | "
                    f"{ev.elder_total} | {ev.younger_total} |")
    return "\n".join(rows), bonus_sentence(score, r), bool(r.repique or r.pique)


def bonus_sentence(score: DeclarationScore, r: Reckoning) -> str:
    """Why there is, or is not yet, a repique or pique: never more than the declarations
    tell (a pique may still come in play)."""
    c = chance(score)
    if c.outlook in (PiqueOutlook.REPIQUE, PiqueOutlook.ON_FIRST_LEAD):
        return r.explain_bonus()
    no_repique = ("No repique: nobody reached 30 from the combinations alone before the "
                  "other had scored.")
    if c.outlook is PiqueOutlook.YOUNGER_SCORED:
        return f"{no_repique} No pique either: Younger has scored, so Elder cannot make one."
    if c.outlook is PiqueOutlook.OUT_OF_REACH:
        last = ", and taking the last trick," if score.rules.last_trick_point else ""
        return (f"{no_repique} No pique: Elder has {c.elder_after_lead} after his first lead; "
                f"even leading every trick{last} he would reach only "
                f"{c.elder_after_lead + c.most_in_play}.")
    pts = f"{c.needed} more point" + ("" if c.needed == 1 else "s")
    return (f"{no_repique} Elder has {c.elder_after_lead} after his first lead and Younger "
            f"nothing yet: Elder makes a pique (+30) if he scores {pts} in play before "
            "Younger scores any.")


def totals_table(score: DeclarationScore) -> dict[str, dict[str, int]]:
    """The declarations' totals per player, then Elder's first lead and the pique it may
    bring, with readable row labels (for ``st.table``): the same numbers as the tally."""
    sheet = score.as_dict()
    pique = 30 if chance(score).outlook is PiqueOutlook.ON_FIRST_LEAD else 0
    out: dict[str, dict[str, int]] = {}
    for role in ROLES:
        row = {SHEET_LABELS[k]: v for k, v in sheet[role].items()}
        lead = 1 if role == "elder" else 0
        row["Elder's first lead"] = lead
        if pique:
            row["Pique"] = pique if role == "elder" else 0
        row["After Elder's first lead"] = sheet[role]["total"] + lead + (
            pique if role == "elder" else 0)
        out[role.capitalize()] = row
    return out


def whole_deal(record: dict[str, Any], rules: Rules, elder: tuple[Card, ...],
               younger: tuple[Card, ...]) -> None:
    """The loaded record's whole deal: play, the cards and capot too, under ``rules``."""
    st.header("The whole deal, from the record")
    try:
        rec = DealRecord.from_json({**record, "rules": rules.name})
        score = score_record(rec)
    except ValueError as e:
        st.error(f"Under {rules.title} this record cannot be replayed: {md_escape(str(e))}. "
                 "Choose the record's own preset in the sidebar, or load it again.")
        return
    if set(rec.elder_after) != set(elder) or set(rec.younger_after) != set(younger):
        st.caption("The hands were changed after the record was loaded; the record's own "
                   "deal is scored below as it was.")
    own = record.get("rules") == rules.name
    st.caption(f"{len(rec.tricks)} of 12 tricks played · rules: {rules.title}"
               + (" (the record's own preset)" if own else ""))
    sheet = score.as_dict()
    st.table({role.capitalize(): {SHEET_LABELS[k]: sheet[role][k] for k in (*SHEET_KEYS, "total")}
              for role in ROLES})
    st.caption(score.reckoning.explain_bonus())
    with st.expander("Trick by trick"):
        for trick in score.play.tricks:
            st.markdown(f"{trick.number}. {trick.explain()}")

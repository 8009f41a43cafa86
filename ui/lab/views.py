"""The Declarations Lab's views: each hand's combinations on its cards, the verdicts, the
reckoning as a running tally that ends with Elder's first lead, and the totals."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

import streamlit as st

from piquet import (
    Card,
    DealRecord,
    DealScore,
    DeclarationScore,
    Rules,
    get_rules,
    reckon,
    score_declarations,
    score_record,
)
from piquet.combos import CardSet, Point, Sequence as Run
from piquet.declare import Declaration
from piquet.reckon import (
    ROLES,
    PiqueChance,
    PiqueOutlook,
    Reckoning,
    Role,
    ScoreEvent,
    pique_chance,
)
from piquet.record import SHEET_KEYS
from ui.cards import cards_row_html, labelled_rows
from ui.dialogue import dialogue_html
from ui.lab.state import who
from ui.settings import four_colour, preset_label
from ui.tables import show_table, table_html
from ui.text import md_escape, md_heading
from words import _, language, ngettext, pgettext
from words.declarations import answer_text, combination_name, verdict_text
from words.errors import error_text
from words.play import trick_text
from words.reckoning import bonus_text, event_label, sheet_label


def _declared_as(combo: Point | Run | CardSet, decl: Declaration) -> str:
    """How much of a combination is declared: ``""`` in full, else a note (Markdown)."""
    if isinstance(combo, Point):
        if decl.point == combo:
            return ""
        if decl.point is None:
            return _(" — *sunk (no point declared)*")
        p = decl.point
        return ngettext(" — *declared as {n} card making {pips}*",
                        " — *declared as {n} cards making {pips}*", p.length, pips=p.pips)
    inside: list[Run | CardSet]
    if isinstance(combo, Run):
        inside = [r for r in decl.sequences if set(r.cards) <= set(combo.cards)]
    else:
        inside = [s for s in decl.sets if s.rank is combo.rank]
    if not inside:
        return _(" — *sunk (not declared)*")
    if inside == [combo]:
        return ""
    return _(" — *declared as {combinations}*", combinations=_(", ").join(
        combination_name(x) for x in inside))


@functools.lru_cache(maxsize=256)
def scored(elder: tuple[Card, ...], younger: tuple[Card, ...], elder_blanche: bool,
           younger_blanche: bool, elder_declares: str | None, younger_declares: str | None,
           rules: str) -> DeclarationScore:
    """:func:`piquet.score_declarations` of these hands, flags, declarations (each the JSON
    text of its spec, or ``None``: in full) and preset — the same object for the same
    inputs, so that what is drawn from it is made once (the functions below cache on it).
    Raises what the engine raises (``ValueError``), which is not cached."""
    return score_declarations(
        elder, younger, elder_blanche=elder_blanche, younger_blanche=younger_blanche,
        elder_declares=json.loads(elder_declares) if elder_declares else None,
        younger_declares=json.loads(younger_declares) if younger_declares else None,
        rules=get_rules(rules))


@functools.lru_cache(maxsize=512)
def _holdings(score: DeclarationScore, role: Role, colours: bool, lang: str) -> str:
    """What :func:`holdings` draws, made once per score, look and language: everything in
    one Markdown block (one element, not one a line): the title, the hand's row with the
    captions in it, each combination on its cards."""
    i = 0 if role == "elder" else 1
    hand = score.elder if role == "elder" else score.younger
    combos = score.combinations[i]
    decl = score.declarations[i]
    scoring: set[Card] = set()
    for v in score.verdicts:
        if v.winner == role:
            for c in v.scored:
                scoring.update(c.cards)
    title = _("**{who}** · {points} from declarations", who=who(role), points=score.total(role))
    captions: list[str] = []
    if scoring:
        captions.append(_("The highlighted cards are the ones that score."))
    rows: list[tuple[str, Point | Run | CardSet]] = []
    if combos.point:
        rows.append((_("Point"), combos.point))
    rows += [(_("Sequence"), r) for r in combos.sequences]
    rows += [(_("Set"), s) for s in combos.sets]
    if not rows:
        captions.append(_("No combination to declare."))
    lines: list[str] = []
    for label, combo in rows:
        what = (ngettext("{n} card making {pips}", "{n} cards making {pips}", combo.length,
                         pips=combo.pips) if isinstance(combo, Point) else combination_name(combo))
        # TRANSLATORS: "Point: **5 cards making 49**, worth 5", then how much is declared.
        # {score} is points scored, not the cards' pips.
        line = pgettext("score", "{category}: **{combination}**, worth {score}{declared}",
                        category=label, combination=what, score=combo.score,
                        declared=_declared_as(combo, decl))
        lines.append(line)
    row = cards_row_html(hand, width=52, highlight=frozenset(scoring), four_colour=colours,
                         caption=" ".join(captions) or None)
    return labelled_rows([(title, row), *(
        (line, cards_row_html(combo.cards, width=42, four_colour=colours))
        for line, (_label, combo) in zip(lines, rows, strict=True))])


def holdings(score: DeclarationScore, role: Role) -> None:
    """One hand with the cards that score highlighted, then each combination on its cards
    (one element: the captions under the hand's row, in it)."""
    st.markdown(_holdings(score, role, four_colour(), language()), unsafe_allow_html=True)


@functools.lru_cache(maxsize=256)
def _verdicts(score: DeclarationScore, lang: str) -> str:
    titles = {"point": _("Point"), "sequences": _("Sequences"), "sets": _("Sets")}
    lines = []
    for v in score.verdicts:
        verdict = (_("Elder scores {points}", points=v.points) if v.winner == "elder" else
                   _("Younger scores {points}", points=v.points) if v.winner == "younger" else
                   _("Nobody scores"))
        # TRANSLATORS: {answer} is Younger's answer to the call ("Good.", "Not good.", "Equal.").
        answer = _(" · Younger answers *{answer}*", answer=answer_text(v.reply)) if v.reply else ""
        lines.append(_("**{category}** — {verdict}{answer}  \n{explanation}",
                       category=titles[v.category], verdict=verdict, answer=answer,
                       explanation=verdict_text(v)))
    return "\n\n".join(lines)


def verdict_lines(score: DeclarationScore, *, heading: str | None = None) -> None:
    """Each category's verdict and its reason: one paragraph each, in one Markdown block
    (spaced as separate elements would be), under ``heading`` (a subheader) if given."""
    st.markdown((md_heading(3, heading) if heading else "") + _verdicts(score, language()))


@functools.lru_cache(maxsize=256)
def dialogue(score: DeclarationScore, lang: str) -> str:
    """The declarations' dialogue as HTML (:func:`ui.dialogue.dialogue_html`), made once."""
    return dialogue_html(score.dialogue)


def chance(score: DeclarationScore) -> PiqueChance:
    """What the declarations decide of a pique (from the engine's totals)."""
    return pique_chance(score.total("elder"), score.total("younger"),
                        repique=score.repique is not None,
                        last_trick_point=score.rules.last_trick_point)


def reckoning_table(score: DeclarationScore) -> tuple[str, str, bool]:
    """The reckoning order as a running tally ending with Elder's first lead (a Markdown
    table), the sentence on repique and pique, and whether a bonus was scored."""
    return _reckoning_table(score, language())


@functools.lru_cache(maxsize=256)
def lab_reckoning(score: DeclarationScore) -> Reckoning:
    """The declarations' reckoning, ending with Elder's first lead (and the repique or pique
    it brings): the engine's :func:`piquet.reckon` of the score's categories."""
    by_cat = {c: (score.score("elder", c), score.score("younger", c))
              for c in ("blanche", "point", "sequences", "sets")}
    return reckon(**by_cat, play=["elder"])


def step_label(ev: ScoreEvent) -> str:
    """A step of the Lab's reckoning as its row names it (Markdown): "Point", "Elder's first
    lead", "**REPIQUE!**", "Sets *(reaches 30)*"."""
    mine = ev.elder_total if ev.player == "elder" else ev.younger_total
    step = _("Elder's first lead") if ev.category == "lead" else event_label(ev)
    if ev.category == "repique":
        step = _("**REPIQUE!**")
    elif ev.category == "pique":
        step = _("**PIQUE!**")
    elif mine - ev.points < 30 <= mine:
        step = _("{step} *(reaches 30)*", step=step)
    return step


@functools.lru_cache(maxsize=256)
def _reckoning_table(score: DeclarationScore, lang: str) -> tuple[str, str, bool]:
    r = lab_reckoning(score)
    return reckoning_markdown(r.events), bonus_sentence(score, r), bool(r.repique or r.pique)


def reckoning_markdown(events: Iterable[ScoreEvent]) -> str:
    """The reckoning's events as a Markdown table: each step, who scores it, its points and
    both running totals."""
    rows = [_("| Step | Who | Points | Elder | Younger |"), "|---|---|---:|---:|---:|"]
    for ev in events:
        rows.append(f"| {step_label(ev)} | {who(ev.player)} | {ev.points} | "
                    f"{ev.elder_total} | {ev.younger_total} |")
    return "\n".join(rows)


def bonus_sentence(score: DeclarationScore, r: Reckoning) -> str:
    """Why there is, or is not yet, a repique or pique: never more than the declarations
    tell (a pique may still come in play)."""
    c = chance(score)
    if c.outlook in (PiqueOutlook.REPIQUE, PiqueOutlook.ON_FIRST_LEAD):
        return bonus_text(r)
    if c.outlook is PiqueOutlook.YOUNGER_SCORED:
        return _("No repique: nobody reached 30 from the combinations alone before the other "
                 "had scored. No pique either: Younger has scored, so Elder cannot make one.")
    if c.outlook is PiqueOutlook.OUT_OF_REACH:
        most = c.elder_after_lead + c.most_in_play
        if score.rules.last_trick_point:
            return _("No repique: nobody reached 30 from the combinations alone before the "
                     "other had scored. No pique: Elder has {points} after his first lead; even "
                     "leading every trick, and taking the last trick, he would reach only "
                     "{most}.", points=c.elder_after_lead, most=most)
        return _("No repique: nobody reached 30 from the combinations alone before the other "
                 "had scored. No pique: Elder has {points} after his first lead; even leading "
                 "every trick he would reach only {most}.", points=c.elder_after_lead, most=most)
    return ngettext(
        "No repique: nobody reached 30 from the combinations alone before the other had "
        "scored. Elder has {points} after his first lead and Younger nothing yet: Elder makes "
        "a pique (+30) if he scores {n} more point in play before Younger scores any.",
        "No repique: nobody reached 30 from the combinations alone before the other had "
        "scored. Elder has {points} after his first lead and Younger nothing yet: Elder makes "
        "a pique (+30) if he scores {n} more points in play before Younger scores any.",
        c.needed, points=c.elder_after_lead)


@functools.lru_cache(maxsize=256)
def totals_html(score: DeclarationScore, lang: str) -> str:
    """:func:`totals_table` as the HTML :func:`ui.tables.show_table` draws, made once."""
    return table_html(totals_table(score))


def totals_table(score: DeclarationScore) -> dict[str, dict[str, int]]:
    """The declarations' totals per player, then Elder's first lead and the pique it may
    bring, with readable row labels (for :func:`ui.tables.show_table`): the same numbers as
    the tally."""
    sheet = score.as_dict()
    pique = 30 if chance(score).outlook is PiqueOutlook.ON_FIRST_LEAD else 0
    out: dict[str, dict[str, int]] = {}
    for role in ROLES:
        row = {sheet_label(k): v for k, v in sheet[role].items()}
        lead = 1 if role == "elder" else 0
        row[_("Elder's first lead")] = lead
        if pique:
            row[_("Pique")] = pique if role == "elder" else 0
        row[_("After Elder's first lead")] = sheet[role]["total"] + lead + (
            pique if role == "elder" else 0)
        out[who(role)] = row
    return out


def _replayed(record: dict[str, Any], rules: Rules) -> tuple[DealRecord, DealScore]:
    """The loaded record under ``rules``, and its deal scored; raises ``ValueError``."""
    rec = DealRecord.from_json({**record, "rules": rules.name})
    return rec, score_record(rec)


def played_deal(record: dict[str, Any], rules: Rules, elder: tuple[Card, ...],
                younger: tuple[Card, ...]) -> DealScore | None:
    """The loaded record's deal, scored under ``rules``, when it is the deal of these hands
    (``None`` when it cannot be replayed or the hands were changed since)."""
    try:
        rec, score = _replayed(record, rules)
    except ValueError:
        return None
    if set(rec.elder_after) != set(elder) or set(rec.younger_after) != set(younger):
        return None
    return score


def whole_deal(record: dict[str, Any], rules: Rules, elder: tuple[Card, ...],
               younger: tuple[Card, ...]) -> None:
    """The loaded record's whole deal: play, the cards and capot too, under ``rules``."""
    st.header(_("The whole deal, from the record"))
    try:
        rec, score = _replayed(record, rules)
    except ValueError as e:
        st.error(_("Under {preset} this record cannot be replayed: {error}. Choose the "
                   "record's own preset in the sidebar, or load it again.",
                   preset=preset_label(rules.name), error=md_escape(error_text(e))))
        return
    if set(rec.elder_after) != set(elder) or set(rec.younger_after) != set(younger):
        st.caption(_("The hands were changed after the record was loaded; the record's own "
                     "deal is scored below as it was."))
    own = record.get("rules") == rules.name
    played = len(rec.tricks)
    st.caption(_("{played} of 12 tricks played · rules: {preset} (the record's own preset)",
                 played=played, preset=preset_label(rules.name)) if own else
               _("{played} of 12 tricks played · rules: {preset}", played=played,
                 preset=preset_label(rules.name)))
    sheet = score.as_dict()
    show_table({who(role): {sheet_label(k): sheet[role][k] for k in (*SHEET_KEYS, "total")}
                for role in ROLES})
    st.caption(bonus_text(score.reckoning))
    with st.expander(_("Trick by trick")):
        for trick in score.play.tricks:
            st.markdown(f"{trick.number}. {trick_text(trick)}")

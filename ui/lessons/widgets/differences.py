"""Lesson 11's widget: the presets side by side, and one deal scored under each."""

from __future__ import annotations

from dataclasses import fields

import streamlit as st

from piquet.deal import DealState
from piquet.rules import PRESETS, Rules
from ui.lessons.common import cavendish_deal
from ui.settings import current_rules
from ui.tables import show_rows_table
from words import _
from words.names import preset_name, preset_source


def _rule_text() -> dict[str, tuple[str, str, str, str]]:
    """``{Rules field: (the rule, what True means, what False means, what it changes)}``, in
    the current language."""
    return {
        "last_trick_point": (
            _("Point for the last trick"), _("+1 to the winner of trick 12"),
            _("none"), _("the score")),
        "younger_must_exchange": (
            _("Younger must exchange at least one card"), _("yes"),
            _("no: he need not exchange"), _("the exchange")),
        "higher_cut_chooses": (
            _("First dealer"), _("the higher cut chooses"), _("the higher cut deals"),
            _("the cut")),
        "younger_may_look_at_leftovers": (
            _("Cards Younger leaves in the talon"),
            _("he may look at them; if he does, Elder may too once he has named his first "
              "lead"),
            _("face up for both, or face down for neither"), _("what each player sees")),
        "blanche_shown_after_opponent_discards": (
            _("When carte blanche is shown"),
            _("announced at once; shown after the opponent has discarded (Elder after "
              "Younger's discard)"),
            _("Elder at once; Younger announces it at once, shows it after Elder's exchange"),
            _("what each player sees")),
    }


def _rule_rows(current: Rules) -> list[dict[str, str]]:
    """One row per option of :class:`piquet.rules.Rules`, one column per preset; the values
    are read from the preset objects."""
    def title(name: str) -> str:
        if name == current.name:
            # TRANSLATORS: a column's heading: the preset chosen in the sidebar.
            return _("{preset} (in use)", preset=preset_name(name))
        return preset_name(name)

    rule, changes = _("rule"), _("changes")
    rows = [{rule: _("Source"), **{title(n): preset_source(n) for n in PRESETS},
             changes: ""}]
    texts = _rule_text()
    for f in fields(Rules):
        if f.name == "name":  # the preset's id, not an option
            continue
        # an option this table does not know yet: its field name (the test names it)
        label, yes, no, what = texts.get(f.name, (f.name, _("yes"), _("no"), ""))
        rows.append({rule: label,
                     **{title(n): yes if getattr(r, f.name) else no
                        for n, r in PRESETS.items()},
                     changes: what})
    return rows


def differences_widget() -> None:
    """The two presets side by side (from the engine's Rules objects), and one real deal
    scored under each."""
    rules = current_rules()
    show_rows_table(_rule_rows(rules))
    st.markdown(_("**One deal, two presets.** Cavendish's worked deal (lessons 2 and 9), "
                  "scored under each preset:"))
    record = cavendish_deal().to_json()
    score_rows = []
    for n, preset in PRESETS.items():
        sheet = DealState.from_record({**record, "rules": n}).score().as_dict()
        score_rows.append({_("preset"): preset_name(n),
                           _("Elder: play"): sheet["elder"]["play"],
                           _("Elder: total"): sheet["elder"]["total"],
                           _("Younger: total"): sheet["younger"]["total"],
                           _("point for last"): _("yes") if preset.last_trick_point
                           else _("no")})
    show_rows_table(score_rows)

"""Lesson 11's widget: the presets side by side, and one deal scored under each."""

from __future__ import annotations

from dataclasses import fields
from typing import Final

import streamlit as st

from piquet.deal import DealState
from piquet.rules import PRESETS, Rules
from ui.lessons.common import cavendish_deal, preset_label
from ui.settings import current_rules

_RULE_TEXT: Final = {
    # Rules field: (the rule, what True means, what False means, what it changes)
    "last_trick_point": ("Point for the last trick", "+1 to the winner of trick 12", "none",
                         "the score"),
    "younger_must_exchange": ("Younger must exchange at least one card", "yes",
                              "no: he need not exchange", "the exchange"),
    "higher_cut_chooses": ("First dealer", "the higher cut chooses", "the higher cut deals",
                           "the cut"),
    "younger_may_look_at_leftovers": (
        "Cards Younger leaves in the talon",
        "he may look at them; if he does, Elder may too once he has named his first lead",
        "face up for both, or face down for neither", "what each player sees"),
    "blanche_shown_after_opponent_discards": (
        "When carte blanche is shown",
        "announced at once; shown after the opponent has discarded (Elder after Younger's "
        "discard)", "Elder at once; Younger announces it at once, shows it after Elder's "
        "exchange", "what each player sees"),
}


def _rule_rows(current: Rules) -> list[dict[str, str]]:
    """One row per option of :class:`piquet.rules.Rules`, one column per preset; the values
    are read from the preset objects."""
    def title(name: str) -> str:
        return preset_label(name) + (" (in use)" if name == current.name else "")

    rows = [{"rule": "Source", **{title(n): r.source for n, r in PRESETS.items()},
             "changes": ""}]
    for f in fields(Rules):
        if f.name in ("name", "title", "source"):
            continue
        label, yes, no, changes = _RULE_TEXT.get(
            f.name, (f.name.replace("_", " ").capitalize(), "yes", "no", ""))
        rows.append({"rule": label,
                     **{title(n): yes if getattr(r, f.name) else no
                        for n, r in PRESETS.items()},
                     "changes": changes})
    return rows


def differences_widget() -> None:
    """The two presets side by side (from the engine's Rules objects), and one real deal
    scored under each."""
    rules = current_rules()
    st.table(_rule_rows(rules), hide_index=True)
    st.markdown("**One deal, two presets.** Cavendish's worked deal (lessons 2 and 9), "
                "scored by the engine under each preset:")
    record = cavendish_deal().to_json()
    score_rows = []
    for n, preset in PRESETS.items():
        sheet = DealState.from_record({**record, "rules": n}).score().as_dict()
        score_rows.append({"preset": preset_label(n),
                           "Elder: play": sheet["elder"]["play"],
                           "Elder: total": sheet["elder"]["total"],
                           "Younger: total": sheet["younger"]["total"],
                           "point for last": "yes" if preset.last_trick_point else "no"})
    st.table(score_rows, hide_index=True)



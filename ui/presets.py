"""The rules presets as a table, generated from the engine's Rules objects, in the words
``academy.rule_text`` gives every explanation of a preset's rule."""

from __future__ import annotations

from academy.rule_text import RuleFlag, rule_sentence
from piquet import PRESETS, Rules
from ui.tables import Notation
from words import _
from words.names import preset_name, preset_source


def _labels() -> tuple[tuple[str, RuleFlag], ...]:
    """The rows' labels in the current language, with the rule each row shows."""
    return (
        (_("The last trick"), "last_trick_point"),
        (_("Younger's exchange"), "younger_must_exchange"),
        (_("The first dealer"), "higher_cut_chooses"),
        (_("Cards Younger leaves"), "younger_may_look_at_leftovers"),
        (_("Carte blanche shown"), "blanche_shown_after_opponent_discards"),
    )


def _rows(r: Rules) -> dict[str, str]:
    out = {_("Source"): preset_source(r.name)}
    out.update({label: rule_sentence(r, flag) for label, flag in _labels()})
    out[_("In a link")] = Notation(f"?rules={r.name}")  # code, not language
    return out


def presets_table() -> dict[str, dict[str, str]]:
    """``{preset title: {option: value}}``, ready for :func:`ui.tables.show_table`."""
    return {preset_name(r.name): _rows(r) for r in PRESETS.values()}

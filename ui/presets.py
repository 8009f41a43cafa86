"""The rules presets as a table, generated from the engine's Rules objects."""

from __future__ import annotations

from piquet import PRESETS, Rules


def _rows(r: Rules) -> dict[str, str]:
    return {
        "Source": r.source,
        "Point for the last trick": "+1 to the winner of trick 12" if r.last_trick_point
        else "none",
        "Younger must exchange": "at least one card" if r.younger_must_exchange
        else "no, he may stand",
        "First dealer": "the higher cut chooses" if r.higher_cut_chooses
        else "the higher cut deals",
        "Cards Younger leaves": (
            "he may look at them; Elder may too after his first lead"
            if r.younger_may_look_at_leftovers
            else "face up for both, or face down for neither"),
        "Carte blanche shown": (
            "after the opponent has discarded" if r.blanche_shown_after_opponent_discards
            else "Elder at once; Younger after Elder's exchange"),
    }


def presets_table() -> dict[str, dict[str, str]]:
    """``{preset name: {option: value}}``, ready for ``st.table``."""
    return {r.title: _rows(r) for r in PRESETS.values()}

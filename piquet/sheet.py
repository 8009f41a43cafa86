"""Plain-text score sheets (used by ``python -m piquet score``)."""

from __future__ import annotations

from piquet.record import SHEET_KEYS, DealScore

SHEET_LABELS = {
    "blanche": "Carte blanche", "point": "Point", "sequences": "Sequences", "sets": "Sets",
    "repique": "Repique", "pique": "Pique", "play": "Play", "cards": "The cards",
    "capot": "Capot", "total": "Total",
}


def format_sheet(score: DealScore, title: str | None = None) -> str:
    """The score sheet, category by category, with the reasons and the reckoning."""
    sheet = score.as_dict()
    lines = []
    if title:
        lines += [title, ""]
    rec = score.record
    lines.append(f"Rules: {rec.rules.title}, the {rec.rules.name} preset")
    lines.append(f"Tricks played: {len(rec.tricks)} of 12")
    lines.append("")
    lines.append(f"{'':<14}{'Elder':>7}{'Younger':>9}")
    for key in (*SHEET_KEYS, "total"):
        if key == "total":
            lines.append("-" * 30)
        lines.append(f"{SHEET_LABELS[key]:<14}{sheet['elder'][key]:>7}{sheet['younger'][key]:>9}")
    lines.append("")
    lines.append("Why:")
    for v in score.declarations.verdicts:
        lines.append(f"- {v.category.capitalize()}: {v.explain()}")
    lines.append(f"- {score.reckoning.explain_bonus()}")
    return "\n".join(lines)

"""Score-sheet helpers: parsing the deal totals typed or linked (``?a=…&b=…``)."""

from __future__ import annotations

from dataclasses import dataclass

from piquet import Partie
from piquet.partie import DEALS, EXTRA_DEALS, running_totals

MAX_DEALS = DEALS + EXTRA_DEALS
MAX_DEAL_SCORE = 170
"""The most one player can score in a deal (Hoyle's maximum, RULES.md §10 example 6)."""


def parse_totals(raw: str | None, who: str) -> tuple[list[int], str | None]:
    """``"30, 12,5"`` → ([30, 12, 5], None); a bad entry gives the list so far and a message."""
    if raw is None or not raw.strip():
        return [], None
    out: list[int] = []
    for n, tok in enumerate(raw.replace(";", ",").split(","), 1):
        tok = tok.strip()
        if not tok:
            continue
        if not (tok.isascii() and tok.isdigit()):
            shown = tok if len(tok) <= 12 else tok[:12] + "…"
            return out, f"{who}, deal {n}: {shown!r} is not a score (a whole number, 0 or more)"
        if len(tok) > 4 or int(tok) > MAX_DEAL_SCORE:
            shown = tok if len(tok) <= 12 else tok[:12] + "…"
            return out, (f"{who}, deal {n}: {shown} is more than a deal can score "
                         f"({MAX_DEAL_SCORE} is the most)")
        out.append(int(tok))
    if len(out) > MAX_DEALS:
        return out[:MAX_DEALS], f"{who} has {len(out)} deals; a partie has at most {MAX_DEALS}"
    return out, None


@dataclass(frozen=True)
class SheetState:
    rows: list[tuple[int, int]]
    running: list[tuple[int, int]]
    partie: Partie | None
    problem: str | None


def sheet_state(a: list[int], b: list[int]) -> SheetState:
    """Pair the two players' deals; the partie's state if the pairs make a valid partie."""
    n = min(len(a), len(b))
    rows = list(zip(a[:n], b[:n], strict=True))
    problem = None
    if len(a) != len(b):
        short = "A" if len(a) < len(b) else "B"
        problem = f"{short} has fewer deals entered ({min(len(a), len(b))} v {max(len(a), len(b))})"
    partie: Partie | None = Partie("A")
    for i, (x, y) in enumerate(rows):
        assert partie is not None
        if partie.finished:
            problem = (f"deal {i + 1} was not needed: after six deals the totals differ, and "
                       "the two extra deals are played only on a tie")
            rows = rows[:i]
            break
        partie = partie.add(x, y)
    return SheetState(rows, running_totals(rows), partie, problem)

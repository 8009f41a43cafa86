"""Score-sheet helpers: reading the deal scores typed or linked (``?a=…&b=…``) and pairing
them into a partie. No Streamlit here: the page draws what these return."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import streamlit as st

from piquet import Partie
from piquet.partie import DEALS, EXTRA_DEALS, running_totals
from words import _, language, ngettext, use_language
from words.names import deal_heading

MAX_DEALS: Final = DEALS + EXTRA_DEALS
MAX_DEAL_SCORE: Final = 170
"""The most one player can score in a deal (Hoyle's maximum: a capot hand with every
declaration, repique included)."""
SEPARATORS: Final = re.compile(r"[\s,;]+")


def _shown(tok: str) -> str:
    return tok if len(tok) <= 12 else tok[:12] + "…"


def tokens(raw: str | None) -> list[str]:
    """The values in a typed entry: separated by commas, semicolons or spaces.

    >>> tokens(" 30, 12 5;;7 ")
    ['30', '12', '5', '7']
    """
    if raw is None:
        return []
    return [t for t in SEPARATORS.split(raw) if t]


def parse_totals(raw: str | None, who: str, escape: Callable[[str], str] = str
                 ) -> tuple[list[int], list[str]]:
    """``"30, 12 5"`` → ([30, 12, 5], []). Every value that is not a deal score is named,
    all at once: ([valid values], ["A, deal 2: 'x' is not a score …", …]). ``escape`` is
    applied to the typed text quoted in a message (``md_escape`` for Markdown).

    >>> for problem in parse_totals("10 x 3, 171", "A")[1]: print(problem)
    A, deal 2: 'x' is not a score (a whole number, 0 or more)
    A, deal 4: 171 is more than a deal can score (170 is the most)
    """
    out: list[int] = []
    problems: list[str] = []
    toks = tokens(raw)
    for n, tok in enumerate(toks, 1):
        if not (tok.isascii() and tok.isdigit()):
            problems.append(_("{who}, deal {deal}: '{value}' is not a score (a whole number, 0 "
                              "or more)", who=who, deal=n, value=escape(_shown(tok))))
        elif len(tok.lstrip("0")) > 3 or int(tok) > MAX_DEAL_SCORE:
            problems.append(_("{who}, deal {deal}: {value} is more than a deal can score "
                              "({most} is the most)", who=who, deal=n,
                              value=escape(_shown(tok)), most=MAX_DEAL_SCORE))
        else:
            out.append(int(tok))
    if len(toks) > MAX_DEALS:
        problems.append(_("{who} has {n} deals; a partie has at most {most}", who=who,
                          n=len(toks), most=MAX_DEALS))
    return out, problems


@dataclass(frozen=True)
class SheetState:
    """The deals paired so far, their running totals and the partie; ``problem`` names a deal
    entered that the partie cannot have (the page then shows no result); ``waiting`` says
    which player has fewer deals entered (the pairs so far are shown)."""

    rows: list[tuple[int, int]]
    running: list[tuple[int, int]]
    partie: Partie | None
    problem: str | None
    waiting: str | None = None


def sheet_state(a: list[int], b: list[int]) -> SheetState:
    """Pair the two players' deals into a partie. A deal after the partie is over is a
    problem (no result is shown); a missing score for the last deal is only waited for."""
    n = min(len(a), len(b))
    rows = list(zip(a[:n], b[:n], strict=True))
    partie = Partie("A")
    for x, y in rows:
        if partie.finished:
            break
        partie = partie.add(x, y)
    used = len(partie.scores)
    if partie.finished and max(len(a), len(b)) > used:
        extra = [who for who, xs in (("A", a), ("B", b)) if len(xs) > used]
        whose = _("{first} and {second}", first=extra[0], second=extra[1]) if len(
            extra) == 2 else extra[0]
        if used == DEALS:
            problem = _("Deal {deal} ({whose}) was not needed: after six deals the totals "
                        "differ ({a} v {b}), and the two extra deals are played only on a tie.",
                        deal=used + 1, whose=whose, a=partie.totals[0], b=partie.totals[1])
        else:
            problem = _("Deal {deal} ({whose}) was not needed: a partie tied after six deals "
                        "ends after the eighth.", deal=used + 1, whose=whose)
        return SheetState(rows[:used], running_totals(rows[:used]), partie, problem)
    waiting = None
    if len(a) != len(b):
        most = max(len(a), len(b))
        waiting = (ngettext("A has fewer deals entered ({n} v {most}): the totals below count "
                            "the {n} deal both have.",
                            "A has fewer deals entered ({n} v {most}): the totals below count "
                            "the {n} deals both have.", n, most=most)
                   if len(a) < len(b) else
                   ngettext("B has fewer deals entered ({n} v {most}): the totals below count "
                            "the {n} deal both have.",
                            "B has fewer deals entered ({n} v {most}): the totals below count "
                            "the {n} deals both have.", n, most=most))
    return SheetState(rows, running_totals(rows), partie, None, waiting)


COLOURS: Final = {"A": "#0072B2", "B": "#D55E00"}  # blue, vermilion: apart for any colour vision


def _data(values: list[dict[str, Any]]) -> Any:
    import altair as alt

    return alt.Data(values=values)  # type: ignore[no-untyped-call]


def running_chart(running: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    """The running totals as a Vega-Lite spec (built once for each partie and language:
    Altair's checks of a spec cost more than the rest of the page): A a solid blue line with
    circles, B a dashed orange one with squares, each named at its end; the rubicon a dotted
    grey rule. The axes are titled in the current language.

    >>> with use_language("vi"):
    ...     vi = running_chart(((10, 0), (20, 5)))
    >>> [spec["layer"][0]["encoding"]["y"]["title"]
    ...  for spec in (running_chart(((10, 0), (20, 5))), vi)]
    ['Running total', 'Tổng dồn']
    """
    return _running_chart(running, language())


@st.cache_data(max_entries=256, show_spinner=False)
def _running_chart(running: tuple[tuple[int, int], ...], lang: str) -> dict[str, Any]:
    """:func:`running_chart` in ``lang`` (a key of the cache: a spec made for one language's
    reader is never shown to another's)."""
    with use_language(lang):
        return _chart(running)


def _chart(running: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    import altair as alt

    data = [{"deal": i + 1, "player": p, "total": t}
            for i, (ta, tb) in enumerate(running) for p, t in (("A", ta), ("B", tb))]
    players = list(COLOURS)
    colour = alt.Color("player:N", legend=None,
                       scale=alt.Scale(domain=players, range=list(COLOURS.values())))
    lines = alt.Chart(_data(data)).mark_line(point=True, strokeWidth=3).encode(
        x=alt.X("deal:O", title=deal_heading()), y=alt.Y("total:Q", title=_("Running total")),
        color=colour,
        shape=alt.Shape("player:N", legend=None,
                        scale=alt.Scale(domain=players, range=["circle", "square"])),
        strokeDash=alt.StrokeDash("player:N", legend=None,
                                  scale=alt.Scale(domain=players, range=[[1, 0], [6, 3]])))
    rubicon = alt.Chart(_data([{"y": 100}])).mark_rule(
        strokeDash=[2, 3], color="#555555").encode(y="y:Q")
    ends = [{"deal": len(running), "player": p, "total": t}
            for p, t in zip(players, running[-1], strict=True)]
    names = alt.Chart(_data(ends)).mark_text(
        align="left", dx=8, fontSize=15, fontWeight="bold").encode(
        x="deal:O", y="total:Q", text="player:N", color=colour)
    spec: dict[str, Any] = (lines + rubicon + names).to_dict()
    return spec

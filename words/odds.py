"""The Odds page in words: chances as percentages and "1 in N", estimates with their error,
the tables' headings and rows, the charts' axes, and how the figures are made.

The figures come from :mod:`academy.odds` as facts (Fractions, estimates); this module only
writes them as the reader's language writes numbers.

>>> from fractions import Fraction
>>> percent(Fraction(1, 3)), percent(Fraction(125970, 225792840)), percent(0)
('33.3%', '0.0558%', '0%')
>>> one_in(Fraction(125970, 225792840)), one_in(Fraction(1, 3)), one_in(0)
('1 in 1,792', '1 in 3', 'never')
>>> exact_figure(Fraction(1, 8))
'12.5% (1 in 8)'
>>> estimate_figure(0.6234, 0.0141, 4000), estimate_figure(0.05, 0.004, 4000)
('62.3% ± 1.4', '5.0% ± 0.4')
>>> estimate_figure(0.125, 0.0, 0), estimate_figure(0.0, 0.0, 4000)
('12.5%', 'none in 4,000 deals')
>>> point_row(5), sequence_row(0), sequence_row(6)
('5 cards', 'No sequence', 'Sixième')
>>> from words import use_language
>>> with use_language("tr"):
...     percent(Fraction(1, 3)), one_in(Fraction(1, 40))
('%33,3', '40 ihtimalde 1')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

from piquet.cards import Rank
from words import _, format_number, format_percent, ngettext
from words.cards import capitalize_first, rank_name
from words.declarations import sequence_kind

__all__ = [
    "CHANCE_AXIS",
    "chance_axis",
    "decimals_for",
    "error_decimals",
    "estimate_figure",
    "exact_figure",
    "how_made",
    "label",
    "one_in",
    "one_in_count",
    "one_in_n",
    "percent",
    "point_row",
    "rank_row",
    "samples_text",
    "sequence_row",
    "table_problem",
]

Chance = Fraction | float | int
MOST_DECIMALS: Final = 6
CHANCE_AXIS: Final = "chance"


def decimals_for(p: Chance) -> int:
    """How many decimals a percentage of ``p`` shows: three significant digits, at least
    one decimal (none for 0 or 1), at most :data:`MOST_DECIMALS`.

    >>> [decimals_for(x) for x in (0.5, 0.0987, 0.000558, 0.0000471, 0, 1)]
    [1, 2, 4, 5, 0, 0]
    """
    pct = float(p) * 100
    if pct <= 0 or pct >= 100:
        return 0
    return max(1, min(MOST_DECIMALS, 2 - math.floor(math.log10(pct))))


def error_decimals(error: float) -> int:
    """The decimals of a standard error in percentage points: two significant digits when
    it begins with a 1, else one ("± 1.4", "± 0.4", "± 0.13").

    >>> [error_decimals(x) for x in (0.014, 0.004, 0.0013, 0.25)]
    [1, 1, 2, 0]
    """
    pct = float(error) * 100
    if pct <= 0:
        return 1
    first = math.floor(math.log10(pct))
    digits = 2 if f"{pct / 10 ** first:.3f}".startswith("1") else 1
    return max(0, min(MOST_DECIMALS, digits - 1 - first))


def percent(p: Chance, *, decimals: int | None = None) -> str:
    """``p`` (a chance, 0..1) as a percentage: "33.3%" ("%33,3" in Turkish)."""
    d = decimals_for(p) if decimals is None else decimals
    return format_percent(float(p), decimals=d)


def one_in_count(p: Chance) -> int | None:
    """N of "1 in N" (``round(1 / p)``); ``None`` for a chance of 0."""
    return round(1 / Fraction(p)) if p else None


def one_in(p: Chance) -> str:
    """``p`` as "1 in N" (N rounded); "never" for 0."""
    n = one_in_count(p)
    if n is None:
        # TRANSLATORS: the odds of something that cannot happen (instead of "1 in N").
        return _("never")
    return one_in_n(n)


def one_in_n(n: int) -> str:
    """"1 in N", the app's one form of odds (the Odds page, the advisor, the lessons)."""
    # TRANSLATORS: odds: about one time in {odds}, e.g. "1 in 1,792".
    return _("1 in {odds}", odds=format_number(n))


def exact_figure(p: Chance) -> str:
    """An exact chance: "12.5% (1 in 8)"; the percentage alone when "1 in N" would say
    nothing (0, or N below 2: "95.6%").

    >>> exact_figure(0), exact_figure(Fraction(956, 1000)), exact_figure(Fraction(55, 100))
    ('0%', '95.6%', '55.0% (1 in 2)')
    """
    if (one_in_count(p) or 0) < 2:
        return percent(p)
    # TRANSLATORS: an exact chance: {percent} is "12.5%", {one_in} is "1 in 8".
    return _("{percent} ({one_in})", percent=percent(p), one_in=one_in(p))


def estimate_figure(value: float, error: float, samples: int) -> str:
    """A simulated chance with its standard error in percentage points: "62.3% ± 1.4"; an
    exact one (``samples`` 0), or one seen in every deal, as :func:`percent`; one never seen
    in ``samples`` deals, so.

    >>> estimate_figure(1.0, 0.0, 20000)
    '100%'
    """
    if samples <= 0:
        return percent(value)
    if value <= 0:
        # TRANSLATORS: a chance measured by simulation that never happened in the deals.
        return ngettext("none in {count} deal", "none in {count} deals", samples,
                        count=format_number(samples))
    if value >= 1 or error <= 0:  # in every deal simulated
        return percent(value)
    d = error_decimals(error)
    # TRANSLATORS: a simulated chance and its standard error in percentage points,
    # e.g. "62.3% ± 1.4" ({percent} is "62.3%", {error} is "1.4").
    return _("{percent} ± {error}", percent=percent(value, decimals=d),
             error=format_number(float(error) * 100, decimals=d))


# --------------------------------------------------------------------------- rows


def point_row(length: int) -> str:
    """A row of the point table: the longest suit's length, "5 cards"."""
    return ngettext("{n} card", "{n} cards", length)


def sequence_row(length: int) -> str:
    """A row of the sequence table: "No sequence" (0), "Tierce" … "Huitième"."""
    if length == 0:
        return _("No sequence")
    return capitalize_first(sequence_kind(length))


def rank_row(rank: Rank) -> str:
    """A row of the sets table: the rank's name, "Aces"."""
    return capitalize_first(rank_name(rank, 4))


def label(key: str) -> str:
    """The page's fixed texts by key: headings, column names, legends."""
    labels = {
        "title": _("Odds"),
        "intro": _("How likely is each combination? Here are the chances for a hand of "
                   "twelve cards as dealt, and after the exchange."),
        "dealt": _("As dealt"),
        "dealt_intro": _("Exact chances for the twelve cards dealt to either player, "
                         "before the exchange."),
        "exchange": _("After the exchange"),
        "role": _("Whose hand"),
        "preset": _("Rules for the exchange"),
        "point": _("Point: the longest suit"),
        "sequence": _("The best sequence"),
        "sets": _("Quatorzes and trios"),
        "other": _("Carte blanche and quatorzes"),
        "longest": _("Longest suit"),
        "best": _("Best sequence"),
        "rank": _("Rank"),
        "exactly": _("Exactly"),
        "or_longer": _("Or longer"),
        "quatorze": _("Quatorze (all four)"),
        "trio": _("Trio (exactly three)"),
        "chance": _("Chance"),
        "what": _("What the hand holds"),
        "blanche": _("Carte blanche (no king, queen or jack)"),
        "no_court": _("No king, queen or jack after the exchange"),
        "no_court_note": _("Carte blanche itself is judged on the hand as dealt, before "
                           "the exchange."),
        "any_quatorze": _("At least one quatorze (tens or better)"),
        "point_chart": _("The longest suit: the chance of each length"),
        "sequence_chart": _("The best sequence: the chance of each"),
        "how": _("How the figures are made"),
        "sets_note": _("Only tens and better count as quatorzes and trios."),
    }
    return labels[key]


def chance_axis() -> str:
    """The charts' vertical axis: the chance in percent."""
    return _("Chance (%)")


def samples_text(samples: int, role: str, preset: str, *, advisor: bool) -> str:
    """What the figures after the exchange are: whose hand (``"elder"`` / ``"younger"``),
    the rules (``preset`` already in words), how many simulated deals, and how the discards
    were chosen (``advisor``: the exchange advisor's top discard; else the engine's greedy
    exchange, a stand-in)."""
    count = format_number(samples)
    if role == "elder":
        # TRANSLATORS: {preset} is a rules preset's name, {count} the number of deals
        # simulated (e.g. "20,000").
        who = ngettext("Elder's hand after the exchange, under {preset}: simulated over "
                       "{count} deal.",
                       "Elder's hand after the exchange, under {preset}: simulated over "
                       "{count} deals.", samples, preset=preset, count=count)
    else:
        # TRANSLATORS: {preset} is a rules preset's name, {count} the number of deals
        # simulated (e.g. "20,000").
        who = ngettext("Younger's hand after the exchange, under {preset}: simulated over "
                       "{count} deal.",
                       "Younger's hand after the exchange, under {preset}: simulated over "
                       "{count} deals.", samples, preset=preset, count=count)
    how = (_("Both players make the discard the exchange advisor ranks first.") if advisor
           else _("Both players exchange as the computer's greedy player does (the exchange "
                  "advisor's own figures are not in yet)."))
    error = _("Beside each figure, its standard error in percentage points.")
    # TRANSLATORS: three sentences in a row: whose hand and how many deals, how the
    # discards were chosen, what the ± means.
    return _("{who} {how} {error}", who=who, how=how, error=error)


def table_problem(code: str, path: str) -> str:
    """Why the figures after the exchange cannot be shown (an ``OddsError``'s code and the
    table's file), as a sentence; the exact figures as dealt are not affected."""
    if code == "odds_missing":
        # TRANSLATORS: {path} is a file's name, e.g. academy/odds_exchange.json.
        why = _("The file of the figures after the exchange, `{path}`, cannot be read.",
                path=path)
    elif code == "odds_json":
        # TRANSLATORS: {path} is a file's name, e.g. academy/odds_exchange.json.
        why = _("The file of the figures after the exchange, `{path}`, is not valid JSON.",
                path=path)
    else:
        # TRANSLATORS: {path} is a file's name, e.g. academy/odds_exchange.json.
        why = _("The file of the figures after the exchange, `{path}`, is damaged.", path=path)
    # TRANSLATORS: {why} is the sentence before, naming the problem.
    return _("{why} The figures after the exchange cannot be shown; the exact figures as "
             "dealt are not affected.", why=why)


def how_made(hands: int) -> tuple[str, ...]:
    """The explanation of the figures, paragraph by paragraph; ``hands`` is C(32, 12)."""
    return (
        # TRANSLATORS: {hands} is the number of possible hands, 225,792,840.
        _("**As dealt, the figures are exact.** A hand is twelve cards of the 32, and every "
          "one of the {hands} possible hands is equally likely. They are not dealt one by "
          "one: they are counted suit by suit and rank by rank, which gives each chance as "
          "an exact fraction. The percentage is that fraction rounded; \"1 in N\" is one "
          "divided by it, rounded.", hands=format_number(hands)),
        _("**After the exchange, the figures are simulated.** Many deals are dealt and "
          "played up to the exchange: each player makes the discard the exchange advisor "
          "ranks first. In each deal the chance of each combination is counted exactly over "
          "every draw the talon could give the player; the figure is the average over the "
          "deals. The number after ± is its standard error: the true figure is within it "
          "about two times in three, and within twice it about nineteen times in twenty."),
        _("Elder exchanges one to five cards and Younger at most the rest of the talon, so "
          "the two hands change differently; the preset decides whether Younger must take "
          "a card."),
    )

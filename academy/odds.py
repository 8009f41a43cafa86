"""How rare is a hand? Exact odds of the combinations as dealt, and the same after the exchange.

:func:`dealt_odds` counts, over all C(32,12) = 225,792,840 hands Elder or Younger may be dealt
(RULES.md sections 2, 3 and 5), how many have each point length, each best sequence, each set
and carte blanche. Nothing is sampled: the point and the sequences are counted by dynamic
programming over the four suits (each suit one of the 256 patterns of
:mod:`piquet.combos`, the state the cards so far and the longest suit and run so far), the sets
and carte blanche by counting over the ranks (how many hands hold at most so many cards of each
rank: a product of binomials), which gives the closed forms C(28,8)/C(32,12) for a quatorze of
one rank and C(20,12)/C(32,12) for carte blanche.

>>> odds = dealt_odds()
>>> odds.hands
225792840
>>> odds.carte_blanche
Fraction(323, 578956)
>>> round(float(1 / odds.carte_blanche), 1)
1792.4
>>> sum(odds.point_length.values()), sum(odds.best_sequence.values())
(Fraction(1, 1), Fraction(1, 1))

:func:`rarity` places one hand's combinations on those distributions ("a point of six or
more: about 1 dealt hand in N"); :func:`exchange_odds` gives the figures after the exchange
when the player makes the advisor's top discard, estimated by simulation
(``scripts/odds_exchange.py`` writes ``academy/odds_exchange.json``, loaded here), each with
its standard error. Facts only: the sentences are the text layer's (``words.odds``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Final

from piquet.cards import Card, Rank, hand_of
from piquet.combos import SUIT_LENGTH, SUIT_RUNS, analyse, is_carte_blanche
from piquet.errors import PiquetError
from piquet.rules import Rules, get_rules

SUITS_IN_PACK: Final = 4
RANKS_IN_SUIT: Final = 8
HAND_SIZE: Final = 12
MIN_SEQUENCE: Final = 3
"""The shortest sequence, a tierce (RULES.md section 5)."""
SET_RANK_ORDERS: Final = frozenset(int(r) for r in (Rank.TEN, Rank.JACK, Rank.QUEEN,
                                                      Rank.KING, Rank.ACE))
COURT_RANK_ORDERS: Final = frozenset(int(r) for r in (Rank.JACK, Rank.QUEEN, Rank.KING))
SET_RANKS_HIGH_FIRST: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
ROLES: Final = ("elder", "younger")
EXCHANGE_TABLE: Final = Path(__file__).with_name("odds_exchange.json")
"""The after-exchange table, written by ``scripts/odds_exchange.py`` (committed)."""
TABLE_FORMAT: Final = "piquet-academy/odds-exchange"
TABLE_VERSION: Final = 1
POLICIES: Final = ("advisor-top", "stand-in")
"""How a table's discards were chosen (``scripts/odds_exchange.py``)."""


class OddsError(PiquetError):
    """A role that is not one (``bad_role``, values: what was given) or a broken
    after-exchange table: ``odds_missing`` (values: the path), ``odds_json`` (the path, the
    parser's complaint), ``odds_format`` (the path, what the file says it is) or
    ``odds_entry`` (the path, where in the file, what is wrong)."""

    default_code = "odds"


# --- counting -----------------------------------------------------------------------------

def _best_run(pattern: int, ranks: int) -> int:
    """The longest run of held consecutive ranks in a suit pattern of ``ranks`` bits, or 0 when
    it is shorter than a tierce."""
    best = run = 0
    for r in range(ranks):
        run = run + 1 if pattern >> r & 1 else 0
        best = max(best, run)
    return best if best >= MIN_SEQUENCE else 0


@cache
def suit_patterns(ranks: int = RANKS_IN_SUIT) -> Mapping[tuple[int, int], int]:
    """How many holdings of one suit of ``ranks`` cards have each (length, best sequence length
    or 0). For the full suit, read from :mod:`piquet.combos`'s 256-pattern tables.

    >>> suit_patterns()[(8, 8)], suit_patterns()[(3, 3)], sum(suit_patterns().values())
    (1, 6, 256)
    """
    out: dict[tuple[int, int], int] = {}
    for p in range(1 << ranks):
        if ranks == RANKS_IN_SUIT:
            runs = SUIT_RUNS[p]
            key = (SUIT_LENGTH[p], runs[0][0] if runs else 0)
        else:
            key = (p.bit_count(), _best_run(p, ranks))
        out[key] = out.get(key, 0) + 1
    return out


@cache
def point_and_sequence_counts(suits: int = SUITS_IN_PACK, ranks: int = RANKS_IN_SUIT,
                              hand: int = HAND_SIZE) -> Mapping[tuple[int, int], int]:
    """How many ``hand``-card hands from ``suits`` suits of ``ranks`` cards have each (longest
    suit, best sequence length or 0): dynamic programming over the suits, the state (cards so
    far, longest suit so far, longest run so far).

    >>> counts = point_and_sequence_counts()
    >>> sum(counts.values()), counts[(8, 8)]
    (225792840, 42504)
    """
    table = suit_patterns(ranks)
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _ in range(suits):
        new: dict[tuple[int, int, int], int] = {}
        for (n, longest, run), ways in states.items():
            for (length, best), patterns in table.items():
                if n + length <= hand:
                    key = (n + length, max(longest, length), max(run, best))
                    new[key] = new.get(key, 0) + ways * patterns
        states = new
    return {(longest, run): ways for (n, longest, run), ways in states.items() if n == hand}


def hands_within(limits: Sequence[Iterable[int]], suits: int = SUITS_IN_PACK,
                 hand: int = HAND_SIZE) -> int:
    """How many ``hand``-card hands hold, of the i-th rank, a number of cards in ``limits[i]``
    (each rank has ``suits`` cards): the coefficient of x^hand in the product over the ranks of
    sum C(suits, k) x^k.

    >>> hands_within([range(5)] * 8)  # every hand
    225792840
    >>> hands_within([range(5)] * 5 + [[0]] * 3) == math.comb(20, 12)  # no court: blanche
    True
    """
    poly = [1] + [0] * hand
    for allowed in limits:
        ks = sorted(set(allowed))
        new = [0] * (hand + 1)
        for n, ways in enumerate(poly):
            if ways:
                for k in ks:
                    if 0 <= k <= suits and n + k <= hand:
                        new[n + k] += ways * math.comb(suits, k)
        poly = new
    return poly[hand]


# --- the odds of a dealt hand ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealtOdds:
    """The combinations of a hand as dealt, exactly: each a probability over every hand."""

    hands: int
    """How many hands there are (225,792,840 for the piquet pack)."""
    point_length: Mapping[int, Fraction]
    """Length of the longest suit (3 ... 8) -> P."""
    point_at_least: Mapping[int, Fraction]
    """n (3 ... 8) -> P(the longest suit has at least n cards)."""
    best_sequence: Mapping[int, Fraction]
    """Length of the longest sequence, 0 for none, 3 ... 8 -> P."""
    sequence_at_least: Mapping[int, Fraction]
    """n (3 ... 8) -> P(a sequence of at least n cards)."""
    quatorze: Mapping[Rank, Fraction]
    """Ranks ten to ace -> P(all four cards of that rank)."""
    trio: Mapping[Rank, Fraction]
    """Ranks ten to ace -> P(exactly three cards of that rank)."""
    any_quatorze: Fraction
    """P(at least one quatorze)."""
    carte_blanche: Fraction
    """P(no king, queen or jack: RULES.md section 3)."""


def deck_odds(suits: int = SUITS_IN_PACK, ranks: int = RANKS_IN_SUIT,
              hand: int = HAND_SIZE) -> DealtOdds:
    """The dealt odds for a pack of ``suits`` suits holding the ``ranks`` highest ranks each
    (the piquet pack by default; a smaller pack is what the tests enumerate in full). Sets are
    tens and higher, courts the king, queen and jack, as in the full pack."""
    orders = range(RANKS_IN_SUIT - ranks, RANKS_IN_SUIT)
    total = math.comb(suits * ranks, hand)
    joint = point_and_sequence_counts(suits, ranks, hand)
    lengths = range(min(ranks, hand) + 1)
    point = {n: Fraction(sum(w for (p, _), w in joint.items() if p == n), total)
             for n in lengths if n >= -(-hand // suits)}
    runs = [0, *range(MIN_SEQUENCE, min(ranks, hand) + 1)]
    sequence = {n: Fraction(sum(w for (_, s), w in joint.items() if s == n), total)
                for n in runs}
    set_ranks = [Rank(r) for r in orders if r in SET_RANK_ORDERS]

    def only(rank_order: int, allowed: Iterable[int]) -> int:
        return hands_within([list(allowed) if r == rank_order else range(suits + 1)
                             for r in orders], suits, hand)

    return DealtOdds(
        hands=total,
        point_length=point,
        point_at_least={n: sum((p for m, p in point.items() if m >= n), Fraction(0))
                        for n in point},
        best_sequence=sequence,
        sequence_at_least={n: sum((p for m, p in sequence.items() if m >= n), Fraction(0))
                           for n in runs if n},
        quatorze={r: Fraction(only(int(r), [4]), total) for r in reversed(set_ranks)},
        trio={r: Fraction(only(int(r), [3]), total) for r in reversed(set_ranks)},
        any_quatorze=1 - Fraction(hands_within(
            [range(4) if r in SET_RANK_ORDERS else range(suits + 1) for r in orders],
            suits, hand), total),
        carte_blanche=Fraction(hands_within(
            [[0] if r in COURT_RANK_ORDERS else range(suits + 1) for r in orders],
            suits, hand), total),
    )


@cache
def dealt_odds() -> DealtOdds:
    """The exact odds of every combination in a 12-card hand as dealt (cached)."""
    return deck_odds()


@cache
def set_or_better(count: int, rank: Rank) -> Fraction:
    """P(a dealt hand holds a set at least as good as ``count`` cards of ``rank``): any
    quatorze beats any trio, and between sets of one kind the higher rank wins (RULES.md
    section 5).

    >>> set_or_better(4, Rank.ACE) == dealt_odds().quatorze[Rank.ACE]
    True
    >>> set_or_better(3, Rank.TEN) > dealt_odds().any_quatorze
    True
    """
    if count not in (3, 4) or int(rank) not in SET_RANK_ORDERS:
        raise ValueError(f"no set of {count} {rank.noun}s")
    limits: list[range] = []
    for r in range(RANKS_IN_SUIT):
        if r not in SET_RANK_ORDERS:
            limits.append(range(5))
        elif count == 4:
            limits.append(range(4) if r >= int(rank) else range(5))
        else:
            limits.append(range(3) if r >= int(rank) else range(4))
    return 1 - Fraction(hands_within(limits), math.comb(32, HAND_SIZE))


# --- rarity of one hand ---------------------------------------------------------------------

class RarityKind(StrEnum):
    """Which combination a :class:`Rarity` is about."""

    POINT = "point"
    SEQUENCE = "sequence"
    QUATORZE = "quatorze"
    TRIO = "trio"
    CARTE_BLANCHE = "carte-blanche"


@dataclass(frozen=True, slots=True)
class Rarity:
    """One combination of a hand and how often a dealt hand has it or better ("a point of six
    or more: about 1 dealt hand in N")."""

    kind: RarityKind
    size: int
    """Point length, sequence length; 4 or 3 for a set; 12 for carte blanche."""
    rank: Rank | None
    """The set's rank (None for the others)."""
    chance: Fraction
    """P(a dealt hand has this or better)."""
    one_in: int
    """round(1 / chance): about one dealt hand in so many."""


def _rarity(kind: RarityKind, size: int, rank: Rank | None, chance: Fraction) -> Rarity:
    return Rarity(kind, size, rank, chance, round(1 / chance))


def rarity(hand: str | Iterable[str | Card]) -> tuple[Rarity, ...]:
    """A 12-card hand's combinations on the dealt distributions, in the order they are
    reckoned (RULES.md section 6): carte blanche, the point (its length: P(longest suit at
    least that)), the best sequence (P(a sequence at least that long)), then each quatorze and
    trio best first (P(that set or better)). A hand that is not 12 distinct cards raises the
    engine's :class:`~piquet.cards.HandError` (or :class:`~piquet.cards.CardError`).

    >>> [(r.kind.value, r.size, r.one_in) for r in rarity(
    ...     "AS KS QS JS 10S 9S 8S AH AD AC 7H 7D")]
    [('point', 7, 161), ('sequence', 7, 590), ('quatorze', 4, 73)]
    """
    cards = hand_of(hand)
    combos = analyse(cards)
    odds = dealt_odds()
    out: list[Rarity] = []
    if is_carte_blanche(combos.mask):
        out.append(_rarity(RarityKind.CARTE_BLANCHE, HAND_SIZE, None, odds.carte_blanche))
    if combos.point is not None:
        n = combos.point.length
        out.append(_rarity(RarityKind.POINT, n, None, odds.point_at_least[n]))
    if combos.sequences:
        n = combos.sequences[0].length
        out.append(_rarity(RarityKind.SEQUENCE, n, None, odds.sequence_at_least[n]))
    for s in combos.sets:
        kind = RarityKind.QUATORZE if s.count == 4 else RarityKind.TRIO
        out.append(_rarity(kind, s.count, s.rank, set_or_better(s.count, s.rank)))
    return tuple(out)


# --- after the exchange (simulated; the table is precomputed) -------------------------------

@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure measured by simulation: ``value`` ± ``error`` (one standard error) over
    ``samples`` deals; error 0.0 and samples 0 when it is exact."""

    value: float
    error: float
    samples: int


@dataclass(frozen=True, slots=True)
class ExchangeOdds:
    """:class:`DealtOdds`'s figures for the hand after the exchange, for one role under one
    preset, when the player makes the advisor's top discard (and the opponent too)."""

    role: str
    rules: str
    """The preset's name."""
    samples: int
    """How many deals were simulated."""
    policy: str
    """How both players' discards were chosen: ``advisor-top`` (``rank_discards``' first,
    its first pass on ``advisor_samples`` opponent samples a discard) or ``stand-in`` (the
    engine's greedy exchange, before the advisor)."""
    advisor_samples: int
    point_length: Mapping[int, Estimate]
    point_at_least: Mapping[int, Estimate]
    best_sequence: Mapping[int, Estimate]
    sequence_at_least: Mapping[int, Estimate]
    quatorze: Mapping[Rank, Estimate]
    trio: Mapping[Rank, Estimate]
    any_quatorze: Estimate
    carte_blanche: Estimate
    """P(the hand after the exchange holds no court card). Carte blanche itself is judged on
    the hand as dealt (RULES.md section 3): :attr:`DealtOdds.carte_blanche`."""


def exchange_odds(role: str, rules: str | Rules = "britannica") -> ExchangeOdds:
    """The figures after the exchange for ``role`` ("elder" or "younger") under a preset,
    from the committed table (loaded once). A bad role raises :class:`OddsError`
    (``bad_role``), an unknown preset the engine's ``RulesError``, a broken table
    :class:`OddsError` with the code of its problem."""
    if role not in ROLES:
        raise OddsError(code="bad_role",
                        values=(role,))
    preset = get_rules(rules).name
    return load_exchange_table()[(preset, role)]


FIGURES: Final = ("point_length", "point_at_least", "best_sequence", "sequence_at_least",
                  "quatorze", "trio")
"""The figures of a table that are distributions or families (keyed); the others are single."""
SINGLE_FIGURES: Final = ("any_quatorze", "carte_blanche")
FIGURE_KEYS: Final[Mapping[str, tuple[str, ...]]] = {
    "point_length": tuple(str(n) for n in range(3, 9)),
    "point_at_least": tuple(str(n) for n in range(3, 9)),
    "best_sequence": ("0", *(str(n) for n in range(3, 9))),
    "sequence_at_least": tuple(str(n) for n in range(3, 9)),
    "quatorze": tuple(r.symbol for r in SET_RANKS_HIGH_FIRST),
    "trio": tuple(r.symbol for r in SET_RANKS_HIGH_FIRST),
}
_RANK_BY_SYMBOL: Final = {r.symbol: r for r in SET_RANKS_HIGH_FIRST}


def _entry(path: Path, where: str, raw: object) -> Estimate:
    def bad(what: str) -> OddsError:
        return OddsError(code="odds_entry",
                         values=(str(path), where, what))

    if not isinstance(raw, dict) or set(raw) != {"value", "error", "samples"}:
        raise bad("not an object of value, error and samples")
    value, error, samples = raw["value"], raw["error"], raw["samples"]
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in (value, error)):
        raise bad("value and error must be numbers")
    if not isinstance(samples, int) or isinstance(samples, bool) or samples <= 0:
        raise bad("samples must be a positive whole number")
    if not (0.0 <= value <= 1.0 and 0.0 <= error <= 0.5):
        raise bad("value must be a probability and error at most 0.5")
    return Estimate(float(value), float(error), samples)


def parse_exchange_table(data: object, path: Path = EXCHANGE_TABLE
                         ) -> dict[tuple[str, str], ExchangeOdds]:
    """The after-exchange tables in a decoded file, checked: every preset and role, every
    figure with its keys, each a probability with its error and samples, the distributions
    summing to 1 (within their errors). Raises :class:`OddsError`."""
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        what = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise OddsError(code="odds_format",
                        values=(str(path), what))
    if data.get("version") != TABLE_VERSION:
        raise OddsError(code="odds_format", values=(str(path), data.get("version")))
    policy, advisor_samples = data.get("policy"), data.get("advisor_samples")
    if policy not in POLICIES or not isinstance(advisor_samples, int):
        raise OddsError(code="odds_entry",
                        values=(str(path), "policy", repr(policy)))
    tables = data.get("tables")
    out: dict[tuple[str, str], ExchangeOdds] = {}
    for preset in ("britannica", "cavendish"):
        for role in ROLES:
            where = f"tables.{preset}.{role}"
            by_role = tables.get(preset) if isinstance(tables, dict) else None
            table = by_role.get(role) if isinstance(by_role, dict) else None
            if not isinstance(table, dict):
                raise OddsError(code="odds_entry",
                                values=(str(path), where, "missing"))
            out[(preset, role)] = _table(path, where, table, preset, role, str(policy),
                                         advisor_samples)
    return out


def _table(path: Path, where: str, table: dict[str, object], preset: str, role: str,
           policy: str, advisor_samples: int) -> ExchangeOdds:
    keyed: dict[str, dict[str, Estimate]] = {}
    for name in FIGURES:
        raw = table.get(name)
        if not isinstance(raw, dict) or set(raw) != set(FIGURE_KEYS[name]):
            raise OddsError(code="odds_entry",
                            values=(str(path), f"{where}.{name}", "keys"))
        keyed[name] = {k: _entry(path, f"{where}.{name}.{k}", v) for k, v in raw.items()}
    single = {name: _entry(path, f"{where}.{name}", table.get(name)) for name in SINGLE_FIGURES}
    samples = single["any_quatorze"].samples
    for name in ("point_length", "best_sequence"):
        total = sum(e.value for e in keyed[name].values())
        if abs(total - 1.0) > 1e-4:
            raise OddsError(code="odds_entry", values=(str(path), f"{where}.{name}", "sum"))

    def ints(name: str) -> dict[int, Estimate]:
        return {int(k): v for k, v in keyed[name].items()}

    def ranks(name: str) -> dict[Rank, Estimate]:
        return {_RANK_BY_SYMBOL[k]: keyed[name][k] for k in FIGURE_KEYS[name]}

    return ExchangeOdds(
        role=role, rules=preset, samples=samples, policy=policy,
        advisor_samples=advisor_samples,
        point_length=ints("point_length"), point_at_least=ints("point_at_least"),
        best_sequence=ints("best_sequence"), sequence_at_least=ints("sequence_at_least"),
        quatorze=ranks("quatorze"), trio=ranks("trio"),
        any_quatorze=single["any_quatorze"], carte_blanche=single["carte_blanche"],
    )


@cache
def load_exchange_table(path: Path = EXCHANGE_TABLE) -> dict[tuple[str, str], ExchangeOdds]:
    """Read and check the after-exchange table (cached per path): (preset, role) ->
    :class:`ExchangeOdds`. Raises :class:`OddsError` (``odds_missing``, ``odds_json``,
    ``odds_format``, ``odds_entry``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise OddsError(code="odds_missing",
                        values=(str(path),)) from e
    try:
        data = json.loads(text)
    except ValueError as e:
        raise OddsError(code="odds_json",
                        values=(str(path), str(e))) from e
    return parse_exchange_table(data, path)

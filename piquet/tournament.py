"""Parties between two players: ``python -m piquet_cli tournament --a computer --b greedy``.

Every deal is played through :class:`~piquet.deal.DealState`, each player seeing only its
:meth:`~piquet.deal.DealState.view`; a partie is six deals with the deal alternating (two
more on a tie) and the rubicon settlement (:mod:`piquet.partie`). Parties come in pairs
with the same deals and the seats swapped (A deals first in the even parties, B in the odd
ones), which keeps the luck of the cards out of the comparison as far as it can be.

Nothing here prints: the command line (``python -m piquet_cli tournament``, in
``piquet_cli``, its words in ``words/cli.py``) says the progress and the summary.

>>> from piquet.players import make_player
>>> r = play_deal((make_player("greedy"), make_player("greedy")), seed=7, dealer=1)
>>> r.elder, len(r.record["tricks"])
(0, 12)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from piquet.deal import DealState, Phase
from piquet.partie import Partie, PlayerName, Settlement
from piquet.players import Player, make_player
from piquet.reckon import Role
from piquet.rules import Rules, get_rules


@dataclass(frozen=True)
class DealResult:
    """One deal played: its record (with the declarations), who was Elder (0 = A, 1 = B) and
    each player's total as the game scored it, (A, B)."""

    record: dict[str, Any]
    elder: int
    scores: tuple[int, int]
    sheet: dict[str, dict[str, int]]


@dataclass(frozen=True)
class PartieResult:
    """One partie: its deals, the (A, B) totals and the settlement."""

    deals: tuple[DealResult, ...]
    totals: tuple[int, int]
    settlement: Settlement
    first_dealer: int


@dataclass
class Timings:
    """Seconds per decision of each player (A, B); forced moves (one legal choice) are not
    counted."""

    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)

    def add(self, who: int, seconds: float) -> None:
        (self.a if who == 0 else self.b).append(seconds)


def _forced(d: DealState, role: Role) -> bool:
    ph = d.phase
    if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
        r = d.exchange_range(role)
        return len(r) == 1 and r.start == 0
    if ph is Phase.PLAY:
        return len(d.legal_plays()) == 1
    return False


def play_deal(players: Sequence[Player], seed: int | None, rules: str | Rules = "britannica",
              dealer: int = 1, timings: Timings | None = None) -> DealResult:
    """Play one deal between ``players`` = (A, B); ``dealer`` (0 = A, 1 = B) is Younger.
    Each decision gets the deciding player's view only; every action is checked by the
    engine (an illegal choice raises)."""
    elder_i = 1 - dealer
    seat: dict[Role, int] = {"elder": elder_i, "younger": dealer}
    d = DealState.deal(seed, rules=rules)
    while d.phase is not Phase.DONE:
        role = d.to_move
        assert role is not None
        who = seat[role]
        p = players[who]
        view = d.view(role)
        forced = _forced(d, role)
        t0 = time.perf_counter()
        if d.phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            disc = p.choose_discard(view)
            dt = time.perf_counter() - t0
            d = d.discard(role, disc)
        elif d.phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
            spec = p.choose_declaration(view)
            dt = time.perf_counter() - t0
            d = d.declare(role, spec)
        else:
            card = p.choose_card(view)
            dt = time.perf_counter() - t0
            d = d.play(role, card)
        if timings is not None and not forced:
            timings.add(who, dt)
    sheet = d.score().as_dict()
    e, y = sheet["elder"]["total"], sheet["younger"]["total"]
    scores = (e, y) if elder_i == 0 else (y, e)
    return DealResult(d.record(), elder_i, scores, sheet)


def play_partie(players: Sequence[Player], seed: int, rules: str | Rules = "britannica",
                first_dealer: int = 0, timings: Timings | None = None) -> PartieResult:
    """A partie between (A, B): six deals, the deal alternating from ``first_dealer``
    (0 = A), two more deals on a tie, then the rubicon settlement. The deals' seeds come from
    ``seed`` alone, so the same seed with the other first dealer gives the same cards with
    the seats swapped."""
    rules_ = get_rules(rules)
    rng = random.Random(seed)
    names: tuple[PlayerName, PlayerName] = ("A", "B")
    partie = Partie(names[first_dealer], rules_name=rules_.name)
    deals: list[DealResult] = []
    while not partie.finished:
        dealer = 0 if partie.next_dealer == "A" else 1
        r = play_deal(players, rng.getrandbits(48), rules_, dealer, timings)
        deals.append(r)
        partie = partie.add(*r.scores)
    settlement = partie.settlement
    assert settlement is not None
    return PartieResult(tuple(deals), partie.totals, settlement, first_dealer)


@dataclass
class TournamentResult:
    """The outcome of parties between A and B."""

    a: str
    b: str
    rules: str
    seed: int
    parties: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    a_points: int = 0
    """Sum over parties of A's settlement (negative when B won)."""
    rubicons: int = 0
    deals: int = 0
    deal_margin: int = 0
    """Sum over deals of A's deal total minus B's."""
    timings: Timings = field(default_factory=Timings)
    seconds: float = 0.0

    def add(self, r: PartieResult) -> None:
        self.parties += 1
        self.deals += len(r.deals)
        self.deal_margin += sum(d.scores[0] - d.scores[1] for d in r.deals)
        s = r.settlement
        if s.winner == "A":
            self.a_wins += 1
            self.a_points += s.points
        elif s.winner == "B":
            self.b_wins += 1
            self.a_points -= s.points
        else:
            self.draws += 1
        self.rubicons += s.rubiconed

    def as_json(self) -> dict[str, Any]:
        def stats(xs: list[float]) -> tuple[float, float, float]:
            if not xs:
                return 0.0, 0.0, 0.0
            return (round(statistics.median(xs), 5), round(statistics.fmean(xs), 5),
                    round(max(xs), 5))

        am, amean, amax = stats(self.timings.a)
        bm, bmean, bmax = stats(self.timings.b)
        n = max(self.parties, 1)
        return {
            "a": self.a, "b": self.b, "rules": self.rules, "seed": self.seed,
            "parties": self.parties, "deals": self.deals,
            "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
            "a_win_rate": round(self.a_wins / n, 4),
            "a_points_per_partie": round(self.a_points / n, 2),
            "rubicon_rate": round(self.rubicons / n, 4),
            "a_margin_per_deal": round(self.deal_margin / max(self.deals, 1), 2),
            "decisions": len(self.timings.a),
            "decision_seconds_median": am, "decision_seconds_mean": amean,
            "decision_seconds_max": amax,
            "b_decisions": len(self.timings.b),
            "b_decision_seconds_median": bm, "b_decision_seconds_mean": bmean,
            "b_decision_seconds_max": bmax,
            "seconds": round(self.seconds, 2),
        }


def run_tournament(a: str, b: str, parties: int, seed: int = 1,
                   rules: str | Rules = "britannica",
                   progress: Callable[[TournamentResult], None] | None = None
                   ) -> TournamentResult:
    """Play ``parties`` parties between players named ``a`` and ``b`` (see
    :func:`~piquet.players.make_player`). Parties 2k and 2k+1 share their deals with the first
    dealer swapped. ``progress`` is called after each partie."""
    rules_ = get_rules(rules)
    res = TournamentResult(a, b, rules_.name, seed)
    start = time.perf_counter()
    for i in range(parties):
        pair_seed = random.Random(f"{seed}:{i // 2}").getrandbits(48)
        players = (make_player(a, seed=pair_seed ^ 0xA), make_player(b, seed=pair_seed ^ 0xB))
        r = play_partie(players, pair_seed, rules_, first_dealer=i % 2, timings=res.timings)
        res.add(r)
        res.seconds = time.perf_counter() - start
        if progress is not None:
            progress(res)
    res.seconds = time.perf_counter() - start
    return res

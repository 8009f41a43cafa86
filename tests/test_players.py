"""The computer players, the double-dummy solver and the tournament runner."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from piquet.cards import DECK, FULL_MASK, Card, Suit, cards_mask, parse_cards
from piquet.deal import DealState, Phase, PlayerView
from piquet.partie import settle_partie
from piquet.players import (
    MAX_LEVEL,
    ComputerPlayer,
    GreedyPlayer,
    Hint,
    HintKind,
    HintReason,
    Player,
    declaration_options,
    make_player,
)
from piquet.record import score_record
from piquet.rules import get_rules
from piquet.solver import Solver, naive_value
from piquet.tournament import play_deal, play_partie
from words import use_language
from words.hints import action_text, reason_text

ROOT = Path(__file__).resolve().parents[1]
ROLES = ("elder", "younger")


def other(role: str) -> str:
    return "younger" if role == "elder" else "elder"


def steps(d: DealState, players: dict[str, Player], show_leftovers: bool = False
          ) -> Iterator[DealState]:
    """Every state of a deal played by ``players`` (by role), checking each action is legal;
    Younger turns the cards he leaves face up when ``show_leftovers`` (britannica)."""
    yield d
    while d.phase is not Phase.DONE:
        role = d.to_move
        assert role is not None
        view = d.view(role)
        p = players[role]
        if d.phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            disc = p.choose_discard(view)
            assert d.can_discard(role, disc), (p.name, disc)
            d = d.discard(role, disc, show_leftovers=show_leftovers and role == "younger")
        elif d.phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
            spec = p.choose_declaration(view)
            assert d.can_declare(role, spec), (p.name, spec)
            d = d.declare(role, spec)
        else:
            card = p.choose_card(view)
            assert card in view.legal and d.can_play(role, card), (p.name, card)
            d = d.play(role, card)
        yield d


# --- legality ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "deals"), [("random", 12), ("greedy", 8), ("computer:1", 4),
                                             ("computer:2", 2), ("computer", 2)])
def test_players_only_produce_legal_actions(name: str, deals: int) -> None:
    for seed in range(deals):
        rules = "cavendish" if seed % 2 else "britannica"
        opponent = "random" if seed % 3 else "greedy"
        me, them = make_player(name, seed=seed), make_player(opponent, seed=seed + 100)
        players = {"elder": me, "younger": them} if seed % 4 < 2 else \
            {"elder": them, "younger": me}
        states = list(steps(DealState.deal(seed=1000 + seed, rules=rules), players))
        assert states[-1].phase is Phase.DONE


def test_make_player_names() -> None:
    assert make_player("random").name == "random"
    assert make_player("greedy").name == "greedy"
    assert make_player("computer").name == "computer"
    assert isinstance(make_player("computer"), ComputerPlayer)
    for lvl in range(1, MAX_LEVEL + 1):
        assert make_player(f"computer:{lvl}").name.startswith("computer")
    for bad in ("computer:0", f"computer:{MAX_LEVEL + 1}", "expert", "computer:x"):
        with pytest.raises(ValueError):
            make_player(bad)


def test_hints_give_an_action_and_a_one_line_reason() -> None:
    d = DealState.deal(seed=11)
    comp = make_player("computer", seed=1)
    greedy = make_player("greedy")
    for state in steps(d, {"elder": greedy, "younger": greedy}):
        role = state.to_move
        if role is None:
            break
        view = state.view(role)
        h = comp.hint(view)
        assert isinstance(h, Hint) and isinstance(h.reason, HintReason)
        with use_language("en"):
            assert action_text(h) and reason_text(h) and "\n" not in reason_text(h)
        if h.kind is HintKind.DISCARD:
            assert state.can_discard(role, h.cards)
        elif h.kind is HintKind.DECLARE:
            assert state.can_declare(role, h.declaration)
        else:
            assert h.kind is HintKind.PLAY and state.can_play(role, h.cards[0])
        if h.reason in (HintReason.PLAYED_OUT, HintReason.SOLVED):
            assert 0 < h.wins <= h.worlds


def test_hints_are_facts_the_text_layer_says() -> None:
    """The reasons' numbers are the hint's fields; the English is words.hints'."""
    d = DealState.deal(seed=3)
    g = GreedyPlayer().hint(d.view("elder"))
    assert (g.kind, g.reason, g.suit) == (HintKind.DISCARD, HintReason.GREEDY_DISCARD,
                                          Suit.HEARTS)
    h = make_player("computer:2", seed=7).hint(d.view("elder"))
    assert h.reason is HintReason.BEST_EXCHANGE and h.suit is not None
    kept = [c for c in d.hand("elder") if c not in h.cards]
    assert h.suit_cards == sum(c.suit is h.suit for c in kept)
    with use_language("en"):
        assert reason_text(g) == ("Greedy discards the lowest cards outside its longest "
                                  "suit (hearts).")
        assert action_text(g) == "Discard " + " ".join(c.pretty + "\ufe0e" for c in g.cards)
        assert reason_text(h).startswith(f"This keeps your {h.suit.name.lower()} ")
    with use_language("qps"):
        assert reason_text(h).startswith("⟦") and action_text(h).startswith("⟦")


# --- what a view shows --------------------------------------------------------------------------


def truly_seen(d: DealState, role: str) -> set[Card]:
    """Every card ``role`` has seen so far, worked out from the deal's history alone."""
    rules = d.rules
    me_elder = role == "elder"
    dealt = d.elder_dealt if me_elder else d.younger_dealt
    seen: set[Card] = set(dealt)
    ed = ne = ny = None
    for a in d.history:
        if a.kind == "discard" and a.player == "elder":
            ed = a.cards
            ne = len(a.cards)
        if a.kind == "discard" and a.player == "younger":
            ny = len(a.cards)
    talon = d.talon
    if ne is not None and me_elder:
        seen |= set(talon[:5])  # his draws and the leftovers he may look at
    if ny is not None and ne is not None and not me_elder:
        seen |= set(talon[ne:ne + ny])
    first_lead_made = any(a.kind == "play" for a in d.history)
    if ny is not None and ne is not None and rules.younger_may_look_at_leftovers and (
            not me_elder or first_lead_made):
        seen |= set(talon[ne + ny:])
    if ny is not None and ne is not None and any(
            a.kind == "discard" and a.show_leftovers for a in d.history):
        seen |= set(talon[ne + ny:])  # britannica: Younger turned them face up for both
    # the opponent's carte blanche
    opp_dealt = d.younger_dealt if me_elder else d.elder_dealt
    if not any(c.rank.is_court for c in opp_dealt):
        if me_elder:  # Younger shows after Elder has exchanged
            shown = ed is not None
        elif rules.blanche_shown_after_opponent_discards:
            shown = ny is not None
        else:
            shown = True
        if shown:
            seen |= set(opp_dealt)
    # the opponent's scoring (or Equal) combinations, once both have declared
    if d.declared[1]:
        opp = other(role)
        for v in score_record(d.record()).declarations.verdicts:
            theirs = v.elder if opp == "elder" else v.younger
            if v.winner == opp:
                for combo in v.scored:
                    seen |= set(combo.cards)
            elif v.winner is None and v.elder is not None and v.younger is not None:
                assert theirs is not None
                seen |= set(theirs.cards)
    for a in d.history:
        if a.kind == "play":
            seen |= set(a.cards)
    return seen


def card_fields(view: PlayerView) -> set[Card]:
    """Every card in the view's card-valued fields."""
    out: set[Card] = set()
    for f in ("hand", "dealt", "discard", "seen_talon", "opponent_blanche", "opponent_shown",
              "played", "legal"):
        out |= set(getattr(view, f))
    for t in view.tricks:
        out |= set(t)
    if view.lead is not None:
        out.add(view.lead)
    return out


def _check_views(d: DealState) -> None:
    for role in ROLES:
        view = d.view(role)
        seen = truly_seen(d, role)
        assert view.seen_cards() <= seen, (role, view.seen_cards() - seen)
        hidden = set(d.hand(other(role))) - seen
        assert not hidden & card_fields(view)
        assert not hidden & view.seen_cards()


@pytest.mark.parametrize("rules", ["britannica", "cavendish"])
def test_views_hold_only_cards_their_player_has_seen(rules: str) -> None:
    for seed in range(16):
        players: dict[str, Player] = {
            "elder": make_player("random" if seed % 2 else "greedy", seed=seed),
            "younger": make_player("greedy" if seed % 2 else "random", seed=seed + 1)}
        show = rules == "britannica" and seed % 3 == 0
        for d in steps(DealState.deal(seed=seed, rules=rules), players, show_leftovers=show):
            _check_views(d)


@pytest.mark.parametrize("rules", ["britannica", "cavendish"])
def test_views_with_carte_blanche(rules: str) -> None:
    # both hands as dealt: Elder's without king, queen or jack (a carte blanche)
    g = make_player("greedy")
    for d in blanche_deals(rules):
        for s in steps(d, {"elder": g, "younger": g}):
            _check_views(s)


def blanche_deals(rules: str) -> list[DealState]:
    """Two deals with a carte blanche, held by Elder and by Younger."""
    a = parse_cards("AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 7C")  # no king, queen or jack
    b = parse_cards("KS QS JS 7S KH QH JH 7H KD QD JD 8C")
    talon = parse_cards("KC QC JC 10C 9C AC 8D 7D")
    r = get_rules(rules)
    return [DealState(r, a, b, talon), DealState(r, b, a, talon)]


def _walk_cards(obj: Any, seen: set[int], out: set[Card], depth: int = 0) -> None:
    if id(obj) in seen or depth > 12:
        return
    seen.add(id(obj))
    if isinstance(obj, Card):
        out.add(obj)
        return
    if isinstance(obj, (str, int, float, bool, type(None), range)):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk_cards(k, seen, out, depth + 1)
            _walk_cards(v, seen, out, depth + 1)
        return
    if isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _walk_cards(v, seen, out, depth + 1)
        return
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _walk_cards(getattr(obj, f.name), seen, out, depth + 1)
        return
    for name in getattr(type(obj), "__slots__", ()):
        if hasattr(obj, name):
            _walk_cards(getattr(obj, name), seen, out, depth + 1)
    for v in getattr(obj, "__dict__", {}).values():
        _walk_cards(v, seen, out, depth + 1)


def test_no_object_reachable_from_a_view_holds_an_unseen_card() -> None:
    g = make_player("greedy")
    for d in steps(DealState.deal(seed=5), {"elder": g, "younger": g}):
        if d.phase is Phase.PLAY:
            for role in ROLES:
                view = d.view(role)
                found: set[Card] = set()
                _walk_cards(view, set(), found)
                assert found <= truly_seen(d, role)


# --- greedy's exact definition ------------------------------------------------------------------


def _greedy_discard_ref(hand: tuple[Card, ...], n: int) -> set[Card]:
    def point(suit: int) -> tuple[int, int]:
        cs = [c for c in hand if c.suit.index == suit]
        return len(cs), sum(c.rank.pips for c in cs)

    longest = max(range(4), key=lambda s: (*point(s), -s))
    outside = sorted((c for c in hand if c.suit.index != longest),
                     key=lambda c: (int(c.rank), c.suit.index))
    inside = sorted((c for c in hand if c.suit.index == longest), key=lambda c: int(c.rank))
    return set((outside + inside)[:n])


def test_greedy_follows_its_definition() -> None:
    g = GreedyPlayer()
    r = make_player("random", seed=3)
    for seed in range(30):
        players: dict[str, Player] = {"elder": g, "younger": r} if seed % 2 else \
            {"elder": r, "younger": g}
        for d in steps(DealState.deal(seed=seed), players):
            role = d.to_move
            if role is None or players[role] is not g:
                continue
            view = d.view(role)
            if d.phase is Phase.ELDER_EXCHANGE:
                disc = g.choose_discard(view)
                assert len(disc) == 5
                assert set(disc) == _greedy_discard_ref(view.hand, 5)
            elif d.phase is Phase.YOUNGER_EXCHANGE:
                n = 8 - view.opponent_discard_count
                disc = g.choose_discard(view)
                assert len(disc) == n
                assert set(disc) == _greedy_discard_ref(view.hand, n)
            elif d.phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
                assert g.choose_declaration(view) is None
            else:
                card = g.choose_card(view)
                top = max(int(c.rank) for c in view.legal)
                assert int(card.rank) == top
                assert card == min((c for c in view.legal if int(c.rank) == top),
                                   key=lambda c: c.suit.index)


def test_random_declarations_are_legal_and_vary() -> None:
    d = DealState.deal(seed=21).discard("elder", DealState.deal(seed=21).hand("elder")[:5])
    d = d.discard("younger", d.hand("younger")[:3])
    opts = declaration_options(d.hand("elder"))
    assert opts["point"][0] == [] and len(opts["point"]) >= 2
    p = make_player("random", seed=1)
    specs = {json.dumps(p.choose_declaration(d.view("elder")), sort_keys=True)
             for _ in range(30)}
    assert len(specs) > 1
    for s in specs:
        assert d.can_declare("elder", json.loads(s))


# --- the solver ----------------------------------------------------------------------------------


def _ref_value(e: int, y: int, leader: int, lead: int | None, te: int, ty_before: bool,
               e_total: int, last_point: bool, elder_tricks: int) -> int:
    """Reference minimax written independently of the solver: it keeps Elder's running total
    and whether Younger has scored, and scores every leaf from the whole play history."""

    def cards(m: int, led: int | None) -> list[int]:
        if led is not None and m & (0xFF << (led // 8 * 8)):
            m &= 0xFF << (led // 8 * 8)
        return [i for i in range(32) if m >> i & 1]

    def go(e: int, y: int, leader: int, lead: int | None, te: int, y_scored: bool,
           e_run: int, piqued: bool) -> int:
        # returns Elder minus Younger from here; e_run is Elder's running total
        hands = [e, y]
        mover = leader if lead is None else 1 - leader
        vals = []
        for c in cards(hands[mover], lead):
            h = hands[:]
            h[mover] &= ~(1 << c)
            if lead is None:
                v = 1 if leader == 0 else -1
                run, ys, pq = e_run, y_scored, piqued
                if leader == 0:
                    run += 1
                    if not ys and not pq and run >= 30:
                        v += 30
                        pq = True
                else:
                    ys = True
                vals.append(v + go(h[0], h[1], leader, c, te, ys, run, pq))
                continue
            win = leader
            v = 0
            run, ys, pq = e_run, y_scored, piqued
            if c // 8 == lead // 8 and c > lead:
                win = 1 - leader
                v += 1 if win == 0 else -1
                if win == 0:
                    run += 1
                else:
                    ys = True
            te2 = te + (win == 0)
            if not h[0] and not h[1]:
                if last_point:
                    if win == 0:
                        v += 1
                        run += 1
                        if not ys and not pq and run >= 30:
                            v += 30
                    else:
                        v -= 1
                total = elder_tricks + te2
                v += 40 if total == 12 else -40 if total == 0 else 10 if total >= 7 else \
                    0 if total == 6 else -10
                vals.append(v)
            else:
                vals.append(v + go(h[0], h[1], win, None, te2, ys, run, pq))
        return max(vals) if mover == 0 else min(vals)

    return go(e, y, leader, lead, te, ty_before, e_total, e_total >= 30)


def _endgame(rng: random.Random, fewest: int, most: int
             ) -> tuple[int, int, int, int, int, int | None]:
    """A random end of a deal: (cards a hand, Elder's, Younger's, leader, Elder's tricks so
    far, pique base)."""
    n = rng.randint(fewest, most)
    cs = rng.sample(range(32), 2 * n)
    e = sum(1 << c for c in cs[:n])
    y = sum(1 << c for c in cs[n:])
    leader = rng.randint(0, 1)
    elder_tricks = rng.randint(0, 12 - n)
    # a pique is possible only if Elder has won every trick so far and Younger has nothing
    alive = leader == 0 and elder_tricks == 12 - n and rng.random() < 0.7
    base = rng.randint(30 - 2 * n - 2, 29) if alive else None
    return n, e, y, leader, elder_tricks, base


def test_solver_agrees_with_naive_minimax_on_small_endgames() -> None:
    rng = random.Random(2024)
    for _ in range(250):
        n, e, y, leader, elder_tricks, base = _endgame(rng, 3, 5)
        last = rng.random() < 0.5
        lead = None
        if rng.random() < 0.4:
            lm = e if leader == 0 else y
            lead = rng.choice([i for i in range(32) if lm >> i & 1])
            if leader == 0:
                e &= ~(1 << lead)
            else:
                y &= ~(1 << lead)
        s = Solver(last)
        got = s.solve((e, y), leader, elder_tricks, base, lead)
        assert got == naive_value((e, y), leader, elder_tricks, base, last, lead)
        y_scored = base is None
        ref = _ref_value(e, y, leader, lead, 0, y_scored, base if base is not None else 0,
                         last, elder_tricks)
        if lead is not None and leader == 0 and base is not None:
            # the reference counts the pending lead as already made: add its point here
            ref = 1 + (30 if base + 1 == 30 else 0) + _ref_value(
                e, y, leader, lead, 0, False, base + 1, last, elder_tricks)
        elif lead is not None:
            ref += 1 if leader == 0 else -1
        assert got == ref, (n, leader, elder_tricks, base, last, lead)
        # every move's value, and the best of them is the position's value
        vals = s.move_values((e, y), leader, elder_tricks, base, lead)
        mover = leader if lead is None else 1 - leader
        assert (max if mover == 0 else min)(vals.values()) == got
        if lead is None:
            lm = e if leader == 0 else y
            for c in [i for i in range(32) if lm >> i & 1]:
                h = [e, y]
                h[leader] &= ~(1 << c)
                v = Solver(last).move_values((h[0], h[1]), leader, elder_tricks, base, c)
                best = (max if leader == 1 else min)(v.values())
                assert s.move_values((e, y), leader, elder_tricks, base, None, [c])[c] == best


def test_a_kept_table_stays_right_from_one_position_to_another() -> None:
    """One solver, its table kept, over positions of different tricks, trick counts and
    pique chances (the table's key must tell them apart) agrees with plain minimax."""
    rng = random.Random(37)
    for last in (False, True):
        s = Solver(last)
        for _ in range(300):
            _, e, y, leader, elder_tricks, base = _endgame(rng, 2, 4)
            got = s.move_values((e, y), leader, elder_tricks, base, keep_table=True)
            lm = e if leader == 0 else y
            for c, v in got.items():
                h = [e, y]
                h[leader] = lm & ~(1 << c)
                assert v == naive_value((h[0], h[1]), leader, elder_tricks, base, last, c)


def test_solver_value_matches_the_engine_score() -> None:
    """Play the last six tricks of seeded deals as the solver says; its value at that point
    must equal what the engine then scores for the rest of the deal."""
    g = make_player("greedy")
    for seed in range(6):
        start = DealState.deal(seed=300 + seed, rules="cavendish" if seed % 2 else "britannica")
        d = next(s for s in steps(start, {"elder": g, "younger": g})
                 if s.phase is Phase.PLAY and len(s.tricks) == 6 and s.lead is None)
        before = d.score().as_dict()
        pre = {r: before[r]["total"] for r in ROLES}
        tricks_e = sum(1 for i, (a, b) in enumerate(d.tricks)
                       if (d.trick_leader(i) == "elder") != (b.suit is a.suit and b.rank > a.rank))
        y_scored = before["younger"]["total"] > 0 or before["elder"]["repique"] > 0 \
            or before["elder"]["pique"] > 0
        base = None if y_scored else pre["elder"]
        s = Solver(d.rules.last_trick_point)
        leader = 0 if d.to_move == "elder" else 1
        hands = (cards_mask(d.hand("elder")), cards_mask(d.hand("younger")))
        value = s.solve(hands, leader, tricks_e, base)
        while d.phase is Phase.PLAY:
            role = d.to_move
            assert role is not None
            led = d.trick_leader(len(d.tricks)) if d.lead is not None else role
            ldr = 0 if led == "elder" else 1
            hands = (cards_mask(d.hand("elder")), cards_mask(d.hand("younger")))
            done_e = sum(1 for i, (a, b) in enumerate(d.tricks)
                         if (d.trick_leader(i) == "elder") !=
                         (b.suit is a.suit and b.rank > a.rank))
            sc = d.score().as_dict()
            b2 = None if (sc["younger"]["total"] or sc["elder"]["repique"]
                          or sc["elder"]["pique"]) else sc["elder"]["total"]
            vals = Solver(d.rules.last_trick_point).move_values(
                hands, ldr, done_e, b2, d.lead.index if d.lead else None,
                [c.index for c in d.legal_plays()])
            pick = (max if role == "elder" else min)(vals, key=lambda i: vals[i])
            d = d.play(role, DECK[pick])
        after = d.score().as_dict()
        diff = (after["elder"]["total"] - pre["elder"]) - (after["younger"]["total"]
                                                           - pre["younger"])
        assert diff == value, seed


# --- records and the tournament ------------------------------------------------------------------


def test_partie_records_rescore_to_the_reported_totals() -> None:
    pairs = [("computer:1", "random", 1), ("random", "greedy", 2), ("greedy", "computer:1", 3)]
    for a, b, seed in pairs:
        players = (make_player(a, seed=seed), make_player(b, seed=seed + 1))
        for first in (0, 1):
            r = play_partie(players, seed, "cavendish" if seed == 2 else "britannica", first)
            assert len(r.deals) in (6, 8)
            ta = tb = 0
            for i, deal in enumerate(r.deals):
                rec = json.loads(json.dumps(deal.record))
                sheet = score_record(rec).as_dict()
                e, y = sheet["elder"]["total"], sheet["younger"]["total"]
                assert deal.scores == ((e, y) if deal.elder == 0 else (y, e))
                assert sheet == deal.sheet
                # the dealer alternates from the first dealer
                assert deal.elder == (1 - first if i % 2 == 0 else first)
                replay = DealState.from_record(rec)
                assert replay.phase is Phase.DONE
                assert replay.score().as_dict() == sheet
                ta += deal.scores[0]
                tb += deal.scores[1]
            assert r.totals == (ta, tb)
            assert r.settlement == settle_partie(ta, tb)


def test_play_deal_records_declarations_when_sinking() -> None:
    players = (make_player("random", seed=4), make_player("random", seed=5))
    recs = [play_deal(players, seed, dealer=seed % 2).record for seed in range(6)]
    assert any("declarations" in r for r in recs)
    for r in recs:
        assert score_record(r).complete


def test_tournament_cli_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "piquet_cli", "tournament", "--a", "computer:1", "--b", "random",
         "--parties", "2", "--seed", "3", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    last = out.stdout.strip().splitlines()[-1]
    data = json.loads(last)
    for key in ("a_wins", "b_wins", "draws", "decision_seconds_median",
                "decision_seconds_max"):
        assert key in data
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2
    assert "[2/2]" in out.stderr
    quiet = subprocess.run(
        [sys.executable, "-m", "piquet_cli", "tournament", "--a", "greedy", "--b", "random",
         "--parties", "1", "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=120,
        check=True)
    assert quiet.stderr == "" and "wins" in quiet.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "piquet_cli", "tournament", "--a", "wizard", "--parties", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "wizard" in bad.stderr


def test_solver_margin_bounds_the_worse_cards() -> None:
    rng = random.Random(77)
    for _ in range(60):
        n = rng.randint(3, 6)
        cs = rng.sample(range(32), 2 * n)
        e = sum(1 << c for c in cs[:n])
        y = sum(1 << c for c in cs[n:])
        leader = rng.randint(0, 1)
        exact = Solver().move_values((e, y), leader, 0, None)
        approx = Solver().move_values((e, y), leader, 0, None, margin=4)
        best = (max if leader == 0 else min)(exact.values())
        assert (max if leader == 0 else min)(approx.values()) == best
        for c, v in exact.items():
            if abs(v - best) <= 4:
                assert approx[c] == v
            else:  # only bounded: never better than the truth by more than the margin allows
                assert (approx[c] >= v) if leader == 0 else (approx[c] <= v)


# --- the computer player's inferences are sound -------------------------------------------------


def test_computer_knowledge_is_sound() -> None:
    """What the computer infers from its view is true of the real deal: cards it thinks the
    opponent holds he holds, cards it thinks out of play are, voids are real, and the real
    hand fits what was heard of the declarations (sinking or not)."""
    from piquet.players import knowledge
    from piquet.worlds import consistent

    g = make_player("greedy")
    c = make_player("computer:1", seed=2)
    deals = [DealState.deal(seed=500 + seed, rules="cavendish" if seed % 2 else "britannica")
             for seed in range(10)] + blanche_deals("britannica") + blanche_deals("cavendish")
    for i, start in enumerate(deals):
        players: dict[str, Player] = {"elder": g, "younger": c} if i % 2 else \
            {"elder": c, "younger": g}
        show = start.rules.name == "britannica" and i % 3 == 0
        for d in steps(start, players, show_leftovers=show):
            if d.phase is not Phase.PLAY:
                continue
            for role in ROLES:
                view = d.view(role)
                k = knowledge(view)
                opp = other(role)
                real = cards_mask(d.hand(opp))
                assert k.opp_known & ~real == 0
                assert k.out_of_play & real == 0
                assert real & ~k.opp_known & ~k.pool == 0
                assert k.opp_count == len(d.hand(opp))
                for s in range(4):
                    if k.voids >> s & 1:
                        assert not real & (0xFF << 8 * s)
                assert k.hand == cards_mask(d.hand(role))
                heard = view.heard
                assert heard is not None
                played = sum(card.bit for t in d.tricks for card in t) | (
                    d.lead.bit if d.lead else 0)
                after = cards_mask(d._after_exchange(opp))
                assert after & played == k.opp_played
                assert consistent(after, heard)


def testroot_groups_split_at_the_card_led() -> None:
    from piquet.players import root_groups

    hand = parse_cards("KS JS 7H")
    legal = parse_cards("KS JS")
    lead = parse_cards("QS")[0]
    out_of_play = FULL_MASK & ~cards_mask(hand) & ~lead.bit  # everything else is gone
    groups = root_groups(cards_mask(hand), legal, (FULL_MASK & ~out_of_play
                                                    & ~cards_mask(hand)) | lead.bit)
    assert set(groups) == {parse_cards("KS")[0], parse_cards("JS")[0]}
    assert len(root_groups(cards_mask(hand), legal, 0)) == 1


@pytest.mark.parametrize("expected", [-15.9, -0.3, 0.0, 0.01, 2.25])
def test_a_hints_average_is_said_for_a_beginner(expected: float) -> None:
    """A hint never says "it scored best (−15.9 points)": the average is said as ahead,
    behind (and that the other choices lose more) or level, without a bare signed number."""
    hints = [Hint(HintKind.DISCARD, HintReason.BEST_EXCHANGE, tuple(parse_cards("7S 8D")),
                  suit=Suit.HEARTS, suit_cards=5, pips=45, expected=expected),
             *(Hint(HintKind.PLAY, reason, tuple(parse_cards("AS")), wins=3, worlds=8,
                    expected=expected)
               for reason in (HintReason.PLAYED_OUT, HintReason.SOLVED))]
    with use_language("en"):
        for h in hints:
            text = reason_text(h)
            assert "scored best" not in text and "expected" not in text, text
            assert not re.search(r"[+\-−]\d", text), text
            if expected <= -0.05:
                assert "behind" in text and "loses more" in text, text
                assert f"{abs(expected):.1f} points behind" in text, text
            elif expected >= 0.05:
                assert f"{expected:.1f} points" in text and "behind" not in text, text
            else:
                assert "about" in text, text

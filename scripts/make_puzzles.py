"""Cut puzzles from the computer's own games, verify each, and write the catalogue.

    python scripts/make_puzzles.py [--first 1] [--games 400] [--minutes 40]
                                   [--rare] [--lead-every 20]
                                   [--out academy/data/puzzles.json]

``--rare`` keeps only the rare themes (the opening lead, saving the capot, stopping a pique,
counting the cards) and measures only the card decisions that may be of them (a cheap test
first: :func:`may_be_rare`); ``--lead-every n`` measures the opening lead one deal in ``n``.
``--calls`` makes counting puzzles where Elder's calls, with the cards seen, leave one hand
(:func:`cut_calls`).

Deal ``seed`` (``--first`` on, one deal a seed; even seeds Britannica's rules, odd ones
Cavendish's) is played by two computer players of level 2 (seeded). Every decision is a
candidate: each player's exchange (measured by the exchange advisor) and every card decision
with eight cards or fewer in hand (the opening lead one deal in twenty, on sampled worlds: it
costs seconds), first measured on twelve of its worlds and dropped when no card leads by a
point there. A candidate becomes a puzzle when :mod:`academy.puzzles` measures a sound
unique answer, and again when measured afresh on other sampled worlds or samples
(:func:`academy.puzzles.verify`; an exact measure would be the same again). At most four
puzzles a deal, no two of the same theme but the play's (two).

Each puzzle's first rating comes from how often the computer's weaker levels find the answer:
levels 1 and 2 answer it three times each (seeded); with ``p`` the share of right answers the
rating is ``1150 + 700 * (1 - p)`` (1150 when all six find it, 1850 when none does).

The catalogue is rewritten after each deal (existing puzzles are kept; a seed already in it is
skipped), so the script may be stopped at any time. It prints the rate of puzzles a minute.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from academy.puzzles import (  # noqa: E402
    CALL_ENUMERATE_AT_MOST,
    ENUMERATE_AT_MOST,
    Position,
    Puzzle,
    Question,
    Theme,
    Worlds,
    call_worlds,
    card_groups,
    measure_cards,
    measure_discard,
    theme_of,
    verify,
    view_worlds,
)
from piquet.cards import Card  # noqa: E402
from piquet.deal import DealState, Phase, PlayerView  # noqa: E402
from piquet.players import ComputerPlayer, knowledge  # noqa: E402
from piquet.reckon import Role  # noqa: E402

PER_DEAL = 4
TRIES = 3
QUICK = 12


def first_rating(p: float) -> float:
    """The first rating of a puzzle the weaker levels find with chance ``p``."""
    return 1150 + 700 * (1 - p)


def weaker_share(puzzle: Puzzle, view: PlayerView) -> float:
    hits = 0
    for level in (1, 2):
        for s in range(TRIES):
            player = ComputerPlayer(level, seed=1000 + s)
            if puzzle.question is Question.DISCARD:
                got: tuple[Card, ...] = player.choose_discard(view)
            else:
                got = (player.choose_card(view),)
            hits += puzzle.is_right(got)
    return hits / (2 * TRIES)


def position_of(d: DealState, seed: int) -> Position:
    specs = None
    if d.declared[1]:
        specs = (dict(d.specs[0]) if d.specs[0] is not None else None,
                 dict(d.specs[1]) if d.specs[1] is not None else None)
    plays: list[Card] = [c for t in d.tricks for c in t]
    if d.lead is not None:
        plays.append(d.lead)
    return Position(d.rules.name, seed, d.elder_discard, d.younger_discard, specs,
                    tuple(plays))


RARE: frozenset[Theme] = frozenset({Theme.OPENING_LEAD, Theme.CAPOT, Theme.PIQUE,
                                      Theme.COUNTING})
"""The themes ``--rare`` keeps (the few the level-2 games give: docs/puzzles.md)."""


def may_be_rare(view: PlayerView) -> bool:
    """Whether a card decision could be of a rare theme (a cheap test before measuring): the
    opening lead, a capot to save, a pique to stop, or the opponent's cards known."""
    k = knowledge(view)
    played = len(view.tricks)
    mine_won = k.elder_tricks if k.me == 0 else played - k.elder_tricks
    if played == 0 and view.lead is None:
        return True
    if len(view.hand) <= 2:
        return False
    return ((mine_won == 0 and played >= 6) or (k.me == 1 and k.pique_base is not None)
            or view_worlds(view, random.Random(0), sampled=0, enumerate_at_most=1).exact)


def cut(seed: int, only: frozenset[Theme] | None = None, lead_every: int = 20
        ) -> list[Puzzle]:
    """The puzzles of deal ``seed``; ``only``: keep only these themes (and measure only the
    decisions that may be of them); the opening lead measured one deal in ``lead_every``."""
    rules = "britannica" if seed % 2 == 0 else "cavendish"
    d = DealState.deal(seed, rules=rules)
    players = {"elder": ComputerPlayer(2, seed * 2), "younger": ComputerPlayer(2, seed * 2 + 1)}
    found: list[Puzzle] = []
    themes: set[Theme] = set()

    def keep(pz: Puzzle, view: PlayerView) -> None:
        if only is not None and pz.theme not in only:
            return
        if len(found) >= PER_DEAL or (pz.theme in themes and (
                pz.theme is not Theme.PLAY or sum(p.theme is Theme.PLAY for p in found) >= 2)):
            return
        if not pz.exact and not verify(pz, seed=seed + 7919):
            return  # an exact measure is the same again: the tests check it independently
        rating = first_rating(weaker_share(pz, view))
        found.append(Puzzle(pz.id, pz.theme, pz.question, pz.position, pz.answer, pz.margin,
                            pz.error, pz.worlds, pz.exact, rating))
        themes.add(pz.theme)

    for role in ("elder", "younger"):
        view = d.view(role)
        if Theme.EXCHANGE not in themes and (only is None or Theme.EXCHANGE in only):
            dv = measure_discard(view, seed)
            if dv.sound:
                pos = position_of(d, seed)
                keep(Puzzle(f"{rules[0]}{seed}-{role[0]}x", Theme.EXCHANGE, Question.DISCARD,
                            pos, dv.discard, dv.margin, dv.error, dv.samples, False, 0.0),
                     view)
        d = d.discard(role, players[role].choose_discard(view))  # type: ignore[index]
    d = d.declare("elder", None).declare("younger", None)
    ply = 0
    while d.phase is Phase.PLAY:
        role = d.to_move or "elder"
        view = d.view(role)
        n = len(view.hand)
        opening = not d.tricks and d.lead is None
        wanted = only is None or (only & RARE and may_be_rare(view))
        if wanted and len(card_groups(view)) > 1 and (
                n <= 8 or (opening and seed % lead_every == 3 % lead_every)):
            worlds = view_worlds(view, random.Random(seed),
                                 enumerate_at_most=0 if opening else ENUMERATE_AT_MOST)
            few = random.Random(seed).sample(worlds.hands, min(QUICK, len(worlds.hands)))
            quick = Worlds(tuple(few), False, worlds.total)
            if len(worlds.hands) > QUICK and measure_cards(view, quick).margin < 1.0:
                verdict = None  # no clear best on a few worlds: not worth solving them all
            else:
                verdict = measure_cards(view, worlds)
            if verdict is not None and verdict.sound:
                theme = theme_of(view, verdict)
                keep(Puzzle(f"{rules[0]}{seed}-{ply}", theme, Question.CARD,
                            position_of(d, seed), verdict.groups[0], verdict.margin,
                            verdict.error, verdict.worlds, verdict.exact, 0.0), view)
        d = d.play(role, players[role].choose_card(view))
        ply += 1
    return found


def cut_calls(seed: int) -> list[Puzzle]:
    """Counting puzzles where Elder's calls, with the cards seen, leave one hand: deal
    ``seed`` played by two computer players of level 1 (cheap; Younger sinks what loses), each
    of Younger's card decisions with three to eight cards where the cards seen leave several
    hands and the calls one (:func:`academy.puzzles.call_worlds`), kept when sound and of the
    counting theme; at most two a deal."""
    rules = "britannica" if seed % 2 == 0 else "cavendish"
    d = DealState.deal(seed, rules=rules)
    players = {"elder": ComputerPlayer(1, seed * 2), "younger": ComputerPlayer(1, seed * 2 + 1)}
    roles: tuple[Role, Role] = ("elder", "younger")
    for r in roles:
        d = d.discard(r, players[r].choose_discard(d.view(r)))
    for r in roles:
        d = d.declare(r, players[r].choose_declaration(d.view(r)))
    found: list[Puzzle] = []
    ply = 0
    while d.phase is Phase.PLAY and len(found) < 2:
        role = d.to_move or "elder"
        view = d.view(role)
        if role == "younger" and 3 <= len(view.hand) <= 8 and len(card_groups(view)) > 1:
            seen = view_worlds(view, random.Random(0), sampled=0,
                               enumerate_at_most=CALL_ENUMERATE_AT_MOST)
            narrowed = call_worlds(view)
            if seen.exact and len(seen.hands) > 1 and narrowed and len(narrowed.hands) == 1:
                verdict = measure_cards(view, narrowed)
                if verdict.sound and theme_of(view, verdict) is Theme.COUNTING:
                    pz = Puzzle(f"{rules[0]}{seed}-{ply}", Theme.COUNTING, Question.CARD,
                                position_of(d, seed), verdict.groups[0], verdict.margin, 0.0,
                                1, True, 0.0, calls=True)
                    found.append(replace(pz, rating=first_rating(weaker_share(pz, view))))
        d = d.play(role, players[role].choose_card(view))
        ply += 1
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--minutes", type=float, default=40.0)
    ap.add_argument("--rare", action="store_true",
                    help="keep only the rare themes (the opening lead, saving the capot, "
                         "stopping a pique, counting the cards)")
    ap.add_argument("--calls", action="store_true",
                    help="counting puzzles where the calls leave one hand (level-1 games)")
    ap.add_argument("--lead-every", type=int, default=20,
                    help="measure the opening lead one deal in this many")
    ap.add_argument("--out", default=str(ROOT / "academy" / "data" / "puzzles.json"))
    args = ap.parse_args()
    out = Path(args.out)
    have: list[dict[str, object]] = json.loads(out.read_text()) if out.exists() else []
    seeds = {p["pos"]["seed"] for p in have}  # type: ignore[index]
    start = time.monotonic()
    made = 0
    for seed in range(args.first, args.first + args.games):
        if time.monotonic() - start > args.minutes * 60:
            break
        if seed in seeds:
            continue
        made_here = cut_calls(seed) if args.calls else cut(
            seed, RARE if args.rare else None, args.lead_every)
        for pz in made_here:
            have.append(pz.as_json())
            made += 1
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("[\n" + ",\n".join(json.dumps(p, separators=(",", ":"))
                                          for p in have) + "\n]\n")
        mins = (time.monotonic() - start) / 60
        print(f"seed {seed}: {len(have)} puzzles, {made / max(mins, 1e-9):.1f} a minute",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

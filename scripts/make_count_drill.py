"""The card-counting drill's tasks, from the computer's deals.

    python scripts/make_count_drill.py [--first 1] [--tasks 150]
                                       [--out academy/data/count_drill.json]

Deal ``seed`` (even seeds Britannica's rules, odd ones Cavendish's) is played by two computer
players of level 1 (seeded; Younger may sink what loses). The task is Younger's view at the
start of the first trick from the sixth on where Elder's possible hands are few enough to
enumerate (:data:`academy.counting.MOST_WORLDS`) and he holds three cards or more — the first
where one of Elder's calls rules a card out, if any — its answer is
:func:`academy.counting.possible_cards`, which must hold Elder's real cards.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from academy.counting import (  # noqa: E402
    MOST_WORLDS,
    CountTask,
    Ruled,
    candidates,
    possible_cards,
    ruled_out,
)
from academy.puzzles import Position, view_worlds  # noqa: E402
from piquet.cards import Card  # noqa: E402
from piquet.deal import DealState, Phase  # noqa: E402
from piquet.players import ComputerPlayer  # noqa: E402


def task_of(seed: int) -> CountTask | None:
    import random

    rules = "britannica" if seed % 2 == 0 else "cavendish"
    d = DealState.deal(seed, rules=rules)
    players = {"elder": ComputerPlayer(1, seed * 2), "younger": ComputerPlayer(1, seed * 2 + 1)}
    for role in ("elder", "younger"):
        d = d.discard(role, players[role].choose_discard(d.view(role)))  # type: ignore[arg-type]
    specs = []
    for role in ("elder", "younger"):
        spec = players[role].choose_declaration(d.view(role))  # type: ignore[arg-type]
        specs.append(spec)
        d = d.declare(role, spec)  # type: ignore[arg-type]
    plays: list[Card] = []
    first: CountTask | None = None
    while d.phase is Phase.PLAY:
        if d.lead is None and len(d.tricks) >= 5 and len(d.hand("elder")) >= 3:
            view = d.view("younger")
            ws = view_worlds(view, random.Random(0), sampled=0, enumerate_at_most=MOST_WORLDS)
            if ws.exact:
                answer, hands = possible_cards(view)
                assert set(d.hand("elder")) <= answer
                pos = Position(rules, seed, d.elder_discard, d.younger_discard,
                               (specs[0], specs[1]), tuple(plays))
                task = CountTask(f"{rules[0]}{seed}-{len(d.tricks)}", pos,
                                 tuple(sorted(answer, key=lambda c: c.index)), hands)
                if any(ruled_out(view, c, answer) is Ruled.CALLS for c in candidates(view)):
                    return task  # a call rules a card out: the task the drill is for
                first = first or task
        role = d.to_move or "elder"
        c = players[role].choose_card(d.view(role))  # type: ignore[index]
        plays.append(c)
        d = d.play(role, c)
    return first


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--tasks", type=int, default=150)
    ap.add_argument("--out", default=str(ROOT / "academy" / "data" / "count_drill.json"))
    args = ap.parse_args()
    made: list[CountTask] = []
    seed = args.first
    while len(made) < args.tasks:
        t = task_of(seed)
        if t is not None:
            made.append(t)
        seed += 1
    Path(args.out).write_text("[\n" + ",\n".join(json.dumps(t.as_json(), separators=(",", ":"))
                                                 for t in made) + "\n]\n")
    print(f"{len(made)} tasks from seeds {args.first}-{seed - 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Questions on one hand: its point, best sequence, sequences' score, sets and carte
blanche."""

from __future__ import annotations

import random

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import (
    ROLE_NAMES,
    Ctx,
    cards_text,
    combo_text,
    pick_subject,
    plural,
    run_name,
)
from academy.quiz.deals import fill_one_hand, hand_cards, rank_mask, run_mask
from piquet.cards import DECK, Card, Rank, cards_mask, mask_cards
from piquet.combos import (
    analyse,
)


def point_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    want_tie = rng.random() < 0.5
    mask = 0
    for _ in range(60):
        mask = cards_mask(rng.sample(DECK, 12))
        lengths = sorted((analyse(hand_cards(mask)).suit_points[i].length for i in range(4)),
                         reverse=True)
        if (lengths[0] == lengths[1]) == want_tie:
            break
    who = pick_subject(ctx)
    combos = analyse(hand_cards(mask))
    pt = combos.point
    assert pt is not None
    suits = "; ".join(f"{p.suit.noun} {p.length} making {p.pips}" for p in combos.suit_points)
    lines = [
        f"Each suit: {suits}.",
        "The point is the longest suit; between suits of equal length, the higher pip total "
        "(ace 11, king, queen, jack 10, the others their face value).",
        f"{ROLE_NAMES[who]}'s point: {combo_text(pt)}. If good it scores {pt.length} "
        "(one per card).",
    ]
    tied = [p for p in combos.suit_points if p.length == pt.length and p is not pt]
    if tied:
        lines.insert(2, f"{', '.join(p.suit.noun.capitalize() for p in tied)} also "
                        f"{'has' if len(tied) == 1 else 'have'} {pt.length} cards, but "
                        f"fewer pips: the pip total decides.")
    return ctx.make(
        "point", prompt=f"What is {ROLE_NAMES[who]}'s point? Give its number of cards and their "
                        "pip total.",
        rows=(CardRow(f"{ROLE_NAMES[who]}'s hand", hand_cards(mask), frozenset(pt.cards), who),),
        fields=(Field("cards", "Number of cards", "number", pt.length),
                Field("pips", "Pip total", "number", pt.pips)),
        answer=f"{pt.length} cards making {pt.pips} ({pt.suit.noun})",
        explanation=tuple(lines), subject=who,
        elder=hand_cards(mask) if who == "elder" else (),
        younger=hand_cards(mask) if who == "younger" else (),
        category="point",
    )


def _sequence_hand(rng: random.Random) -> int:
    r = rng.random()
    parts = 0
    if r < 0.85:
        parts = run_mask(rng, rng.choice((3, 3, 4, 4, 5, 6)))
        if rng.random() < 0.5:
            extra = run_mask(rng, rng.choice((3, 3, 4, 5)))
            parts |= extra
    return fill_one_hand(rng, parts)


def best_sequence_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    mask = _sequence_hand(rng)
    who = pick_subject(ctx)
    combos = analyse(hand_cards(mask))
    runs = combos.sequences
    best = runs[0] if runs else None
    none = "No sequence"
    options: set[str] = {none}
    if best is not None:
        options.add(best.name)
        options.update(q.name for q in runs[1:])
        for length, top in ((best.length - 1, int(best.top)), (best.length + 1, int(best.top)),
                            (best.length, int(best.top) - 1), (best.length - 1,
                                                                 int(best.top) - 1)):
            if 3 <= length <= 8 and length - 1 <= top <= 7:
                options.add(run_name(length, top))
            if len(options) >= 5:
                break
    else:
        for _ in range(3):
            length, top = rng.choice((3, 3, 4)), rng.randint(3, 7)
            options.add(run_name(length, top))

    def order(name: str) -> tuple[int, int]:
        for length in range(8, 2, -1):
            for top in range(7, length - 2, -1):
                if run_name(length, top) == name:
                    return (-length, -top)
        return (1, 0)

    opts = tuple(sorted(options, key=order))
    lines: list[str] = []
    if best is None:
        lines.append("No suit has three consecutive cards: no sequence.")
    else:
        lines.append("Sequences held: " + "; ".join(combo_text(q) for q in runs) + ".")
        lines.append("The best sequence is the longest; between equal lengths, the one with "
                     "the higher top card.")
        if any(q.length >= 4 for q in runs):
            lines.append("A run counts once, as its full length: A-K-Q-J is a quart, never "
                         "two tierces.")
        lines.append(f"Best: {combo_text(best)}.")
    hl = frozenset(best.cards) if best else frozenset()
    return ctx.make(
        "best_sequence", prompt=f"Name {ROLE_NAMES[who]}'s best sequence.",
        rows=(CardRow(f"{ROLE_NAMES[who]}'s hand", hand_cards(mask), hl, who),),
        fields=(Field("name", "Best sequence", "choice", best.name if best else none, opts),),
        answer=f"{best.name} ({cards_text(best.cards)})" if best else none,
        explanation=tuple(lines), subject=who,
        elder=hand_cards(mask) if who == "elder" else (),
        younger=hand_cards(mask) if who == "younger" else (),
        category="sequences",
    )


def sequence_score_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    mask = _sequence_hand(rng)
    who = pick_subject(ctx)
    runs = analyse(hand_cards(mask)).sequences
    total = sum(q.score for q in runs)
    lines = ["Sequences score: tierce 3, quart 4, quint 15, sixième 16, septième 17, "
             "huitième 18."]
    if runs:
        lines += [f"{combo_text(q)}: {q.score}." for q in runs]
        sums = f"{' + '.join(str(q.score) for q in runs)} = {total}" if len(runs) > 1 \
            else f"{total}"
        lines.append(f"Together: {sums}, if {ROLE_NAMES[who]}'s best sequence is good (the winner "
                     "scores every sequence he holds).")
    else:
        lines.append("No suit has three consecutive cards: no sequence, 0.")
    hl: frozenset[Card] = frozenset(c for q in runs for c in q.cards)
    return ctx.make(
        "sequence_score",
        prompt=f"How many points do {ROLE_NAMES[who]}'s sequences score, if they are good?",
        rows=(CardRow(f"{ROLE_NAMES[who]}'s hand", hand_cards(mask), hl, who),),
        fields=(Field("points", "Points for sequences", "number", total),),
        answer=f"{total}" + (f" ({' + '.join(str(q.score) for q in runs)})"
                             if len(runs) > 1 else ""),
        explanation=tuple(lines), subject=who,
        elder=hand_cards(mask) if who == "elder" else (),
        younger=hand_cards(mask) if who == "younger" else (),
        category="sequences",
    )


def _group_label(rank: Rank, count: int) -> str:
    return f"{'Four' if count == 4 else 'Three'} {rank.plural}"


def sets_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    mask = 0
    groups: list[tuple[Rank, int]] = []
    for _ in range(30):
        parts = 0
        if rng.random() < 0.7:
            parts |= rank_mask(rng, rng.randint(3, 7), rng.choice((3, 3, 4)))
        if rng.random() < 0.6:
            parts |= rank_mask(rng, rng.randint(0, 2), rng.choice((3, 3, 4)))
        if rng.random() < 0.3:
            parts |= rank_mask(rng, rng.randint(0, 7), 3)
        mask = fill_one_hand(rng, parts)
        groups = []
        for rank in reversed(Rank):
            n = (mask & (0x01010101 << int(rank))).bit_count()
            if n >= 3:
                groups.append((rank, n))
        if len(groups) >= 2:
            break
    hand = hand_cards(mask)
    options = [_group_label(r, n) for r, n in groups]
    if len(options) < 2:
        pairs = [r for r in reversed(Rank)
                 if (mask & (0x01010101 << int(r))).bit_count() == 2]
        for r in pairs[: 3 - len(options)]:
            options.append(f"Three {r.plural}")
    counting = [(r, n) for r, n in groups if r >= Rank.TEN]
    correct = frozenset(_group_label(r, n) for r, n in counting)
    lines = ["Sets are three (a trio, 3) or four (a quatorze, 14) cards of one rank, tens or "
             "higher: aces, kings, queens, jacks, tens. Nines, eights and sevens never count."]
    for r, n in groups:
        cards = tuple(c for c in hand if c.rank is r)
        if r >= Rank.TEN:
            kind = "a quatorze, 14" if n == 4 else "a trio, 3"
            lines.append(f"{_group_label(r, n)} ({cards_text(cards)}): {kind}.")
        else:
            lines.append(f"{_group_label(r, n)} ({cards_text(cards)}): {r.plural} never "
                         "form sets.")
    held = {_group_label(r, n) for r, n in groups}
    for o in options:
        if o not in held:
            lines.append(f"{o}: the hand holds only two.")
    if not counting:
        lines.append("No set counts in this hand.")
    else:
        lines.append(f"The sets are worth {sum(14 if n == 4 else 3 for _, n in counting)} "
                     "if they are good.")
    hl = frozenset(c for c in hand if any(c.rank is r for r, _ in counting))
    return ctx.make(
        "sets", prompt="Which of these count as sets? (Select none if none count.)",
        rows=(CardRow("The hand", hand, hl, "elder"),),
        fields=(Field("sets", "Sets that count", "multi", correct, tuple(options)),),
        answer=", ".join(o for o in options if o in correct) or "None of them",
        explanation=tuple(lines), subject="elder", elder=hand, category="sets",
    )


def blanche_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    plain = [c for c in DECK if not c.rank.is_court]
    courts = [c for c in DECK if c.rank.is_court]
    r = rng.random()
    if r < 0.5:
        cards = rng.sample(plain, 12)
    elif r < 0.8:
        cards = [*rng.sample(plain, 11), rng.choice(courts)]
    else:
        cards = rng.sample(DECK, 12)
    hand = mask_cards(cards_mask(cards))
    spoilers = tuple(c for c in hand if c.rank.is_court)
    yes = not spoilers
    who = pick_subject(ctx)
    if yes:
        lines = ["No king, queen or jack among the twelve cards as dealt: carte blanche. "
                 "Aces and tens do not spoil it.",
                 "It is worth 10 and is reckoned first of everything, so it counts towards "
                 "repique and pique and prevents the opponent's."]
    else:
        lines = [f"The hand holds {plural(len(spoilers), 'court card')} "
                 f"({cards_text(spoilers)}): not carte blanche.",
                 "Carte blanche is a hand as dealt with no king, queen or jack (aces and tens "
                 "are allowed)."]
    return ctx.make(
        "blanche", prompt=f"{ROLE_NAMES[who]} has just been dealt this hand. Is it carte blanche?",
        rows=(CardRow(f"{ROLE_NAMES[who]}'s hand as dealt", hand, frozenset(spoilers), who),),
        fields=(Field("blanche", "Carte blanche?", "choice", "Yes" if yes else "No",
                      ("Yes", "No")),),
        answer="Yes: carte blanche (10)" if yes else "No",
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
        yes=yes,
    )

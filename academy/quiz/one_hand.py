"""Questions on one hand: its point, best sequence, sequences' score, sets and carte
blanche."""

from __future__ import annotations

import random

from academy.quiz.answers import CardRow, Field, Question
from academy.quiz.context import Ctx, cards_text, combo_text, pick_subject
from academy.quiz.deals import fill_one_hand, hand_cards, rank_mask, run_mask
from academy.quiz.labels import (
    NO_SEQUENCE,
    YES_NO_IDS,
    sequence_id,
    sequence_key,
    sequence_name,
    set_id,
    set_name,
    suit_name,
)
from piquet.cards import DECK, Card, Rank, cards_mask, mask_cards
from piquet.combos import analyse
from piquet.reckon import Role
from words import _, ngettext, pgettext


def hand_label(who: Role) -> str:
    """The row label of a player's hand."""
    return _("Elder's hand") if who == "elder" else _("Younger's hand")


def point_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    want_tie = rng.random() < 0.5
    mask = 0
    for _n in range(60):
        mask = cards_mask(rng.sample(DECK, 12))
        lengths = sorted((analyse(hand_cards(mask)).suit_points[i].length for i in range(4)),
                         reverse=True)
        if (lengths[0] == lengths[1]) == want_tie:
            break
    who = pick_subject(ctx)
    combos = analyse(hand_cards(mask))
    pt = combos.point
    assert pt is not None
    # TRANSLATORS: one suit of a hand: "spades 4 making 38".
    suits = _("; ").join(_("{suit} {length} making {pips}", suit=suit_name(p.suit),
                             length=p.length, pips=p.pips) for p in combos.suit_points)
    lines = [
        _("Each suit: {suits}.", suits=suits),
        _("The point is the longest suit; between suits of equal length, the higher pip total "
          "(ace 11, king, queen, jack 10, the others their face value)."),
        (_("Elder's point: {point}. If good it scores {score} (one per card).",
           point=combo_text(pt), score=pt.length) if who == "elder" else
         _("Younger's point: {point}. If good it scores {score} (one per card).",
           point=combo_text(pt), score=pt.length)),
    ]
    tied = [p for p in combos.suit_points if p.length == pt.length and p is not pt]
    if tied:
        lines.insert(2, tied_text(len(tied), _(", ").join(suit_name(p.suit) for p in tied),
                                  pt.length))
    prompt = (_("What is Elder's point? Give its number of cards and their pip total.")
              if who == "elder" else
              _("What is Younger's point? Give its number of cards and their pip total."))
    return ctx.make(
        "point", prompt=prompt,
        rows=(CardRow(hand_label(who), hand_cards(mask), frozenset(pt.cards), who),),
        fields=(Field("cards", _("Number of cards"), "number", pt.length),
                Field("pips", pgettext("pips", "Pip total"), "number", pt.pips)),
        answer=ngettext("{n} card making {pips} ({suit})", "{n} cards making {pips} ({suit})",
                        pt.length, pips=pt.pips, suit=suit_name(pt.suit)),
        explanation=tuple(lines), subject=who,
        elder=hand_cards(mask) if who == "elder" else (),
        younger=hand_cards(mask) if who == "younger" else (),
        category="point",
    )


def tied_text(suits: int, names: str, length: int) -> str:
    """The suits as long as the point's but with fewer pips (``suits`` of them, ``names``)."""
    if suits == 1:
        return ngettext("The pip total decides: {suits} also has {n} card, but fewer pips.",
                        "The pip total decides: {suits} also has {n} cards, but fewer pips.",
                        length, suits=names)
    return ngettext("The pip total decides: {suits} also have {n} card, but fewer pips.",
                    "The pip total decides: {suits} also have {n} cards, but fewer pips.",
                    length, suits=names)


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
    options: set[str] = {NO_SEQUENCE}
    if best is not None:
        options.add(sequence_id(best.length, best.top))
        options.update(sequence_id(q.length, q.top) for q in runs[1:])
        for length, top in ((best.length - 1, int(best.top)), (best.length + 1, int(best.top)),
                            (best.length, int(best.top) - 1), (best.length - 1,
                                                                 int(best.top) - 1)):
            if 3 <= length <= 8 and length - 1 <= top <= 7:
                options.add(sequence_id(length, top))
            if len(options) >= 5:
                break
    else:
        for _n in range(3):
            length, top = rng.choice((3, 3, 4)), rng.randint(3, 7)
            options.add(sequence_id(length, top))

    def order(sid: str) -> tuple[int, int]:
        if sid == NO_SEQUENCE:
            return (1, 0)
        length, top = sequence_key(sid)
        return (-length, -top)

    opts = tuple(sorted(options, key=order))
    lines: list[str] = []
    if best is None:
        lines.append(_("No suit has three consecutive cards: no sequence."))
    else:
        lines.append(_("Sequences held: {sequences}.",
                       sequences=_("; ").join(combo_text(q) for q in runs)))
        lines.append(_("The best sequence is the longest; between equal lengths, the one with "
                       "the higher top card."))
        if any(q.length >= 4 for q in runs):
            lines.append(_("A run counts once, as its full length: A-K-Q-J is a quart, never "
                           "two tierces."))
        lines.append(_("Best: {sequence}.", sequence=combo_text(best)))
    hl = frozenset(best.cards) if best else frozenset()
    return ctx.make(
        "best_sequence",
        prompt=(_("Name Elder's best sequence.") if who == "elder" else
                _("Name Younger's best sequence.")),
        rows=(CardRow(hand_label(who), hand_cards(mask), hl, who),),
        fields=(Field("name", _("Best sequence"), "choice",
                      sequence_id(best.length, best.top) if best else NO_SEQUENCE, opts,
                      vocab="sequence"),),
        answer=(_("{sequence} ({cards})", sequence=sequence_name(best.length, best.top),
                  cards=cards_text(best.cards)) if best else _("No sequence")),
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
    lines = [_("Sequences score: tierce 3, quart 4, quint 15, sixième 16, septième 17, "
               "huitième 18.")]
    scores = " + ".join(str(q.score) for q in runs)
    if runs:
        lines += [_("{sequence}: {score}.", sequence=combo_text(q), score=q.score) for q in runs]
        sums = f"{scores} = {total}" if len(runs) > 1 else f"{total}"
        lines.append(
            _("Together: {sums}, if Elder's best sequence is good (the winner scores every "
              "sequence he holds).", sums=sums) if who == "elder" else
            _("Together: {sums}, if Younger's best sequence is good (the winner scores every "
              "sequence he holds).", sums=sums))
    else:
        lines.append(_("No suit has three consecutive cards: no sequence, 0."))
    hl: frozenset[Card] = frozenset(c for q in runs for c in q.cards)
    return ctx.make(
        "sequence_score",
        prompt=(_("How many points do Elder's sequences score, if they are good?")
                if who == "elder" else
                _("How many points do Younger's sequences score, if they are good?")),
        rows=(CardRow(hand_label(who), hand_cards(mask), hl, who),),
        fields=(Field("points", _("Points for sequences"), "number", total),),
        answer=(_("{total} ({scores})", total=total, scores=scores) if len(runs) > 1
                else str(total)),
        explanation=tuple(lines), subject=who,
        elder=hand_cards(mask) if who == "elder" else (),
        younger=hand_cards(mask) if who == "younger" else (),
        category="sequences",
    )


def sets_question(ctx: Ctx) -> Question:
    rng = ctx.rng
    mask = 0
    groups: list[tuple[Rank, int]] = []
    for _n in range(30):
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
    options = [set_id(r, n) for r, n in groups]
    if len(options) < 2:
        pairs = [r for r in reversed(Rank)
                 if (mask & (0x01010101 << int(r))).bit_count() == 2]
        for r in pairs[: 3 - len(options)]:
            options.append(set_id(r, 3))
    counting = [(r, n) for r, n in groups if r >= Rank.TEN]
    correct = frozenset(set_id(r, n) for r, n in counting)
    lines = [_("Sets are three (a trio, 3) or four (a quatorze, 14) cards of one rank, tens "
               "or higher: aces, kings, queens, jacks, tens. Nines, eights and sevens never "
               "count.")]
    for r, n in groups:
        cards = cards_text(tuple(c for c in hand if c.rank is r))
        name = set_name(r, n)
        if r >= Rank.TEN:
            lines.append(_("{set} ({cards}): a quatorze, 14.", set=name, cards=cards) if n == 4
                         else _("{set} ({cards}): a trio, 3.", set=name, cards=cards))
        else:
            lines.append(_("{set} ({cards}): nines, eights and sevens never form sets.",
                           set=name, cards=cards))
    held = {set_id(r, n) for r, n in groups}
    for o in options:
        if o not in held:
            count, _symbol = o.split("x")
            rank = next(r for r in Rank if set_id(r, int(count)) == o)
            lines.append(_("{set}: the hand holds only two.", set=set_name(rank, int(count))))
    if not counting:
        lines.append(_("No set counts in this hand."))
    else:
        lines.append(_("The sets are worth {points} if they are good.",
                       points=sum(14 if n == 4 else 3 for _r, n in counting)))
    hl = frozenset(c for c in hand if any(c.rank is r for r, _n in counting))
    return ctx.make(
        "sets", prompt=_("Which of these count as sets? (Select none if none count.)"),
        rows=(CardRow(_("The hand"), hand, hl, "elder"),),
        fields=(Field("sets", _("Sets that count"), "multi", correct, tuple(options),
                      vocab="set"),),
        answer=(_(", ").join(set_name(r, n) for r, n in groups
                             if set_id(r, n) in correct) or _("None of them")),
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
        lines = [_("No king, queen or jack among the twelve cards as dealt: carte blanche. "
                   "Aces and tens do not spoil it."),
                 _("It is worth 10 and is reckoned first of everything, so it counts towards "
                   "repique and pique and prevents the opponent's.")]
    else:
        lines = [ngettext("The hand holds {n} court card ({cards}): not carte blanche.",
                          "The hand holds {n} court cards ({cards}): not carte blanche.",
                          len(spoilers), cards=cards_text(spoilers)),
                 _("Carte blanche is a hand as dealt with no king, queen or jack (aces and "
                   "tens are allowed).")]
    return ctx.make(
        "blanche",
        prompt=(_("Elder has just been dealt this hand. Is it carte blanche?") if who == "elder"
                else _("Younger has just been dealt this hand. Is it carte blanche?")),
        rows=(CardRow(_("Elder's hand as dealt") if who == "elder" else
                      _("Younger's hand as dealt"), hand, frozenset(spoilers), who),),
        fields=(Field("blanche", _("Carte blanche"), "choice", "yes" if yes else "no",
                      YES_NO_IDS, vocab="yes_no"),),
        answer=_("Yes: carte blanche (10)") if yes else _("No"),
        explanation=tuple(lines), subject=who,
        elder=hand if who == "elder" else (), younger=hand if who == "younger" else (),
        yes=yes,
    )

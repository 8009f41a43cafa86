"""Deals to order: two hands (as card masks) built around the combinations a question
needs, and their scores."""

from __future__ import annotations

import random

from piquet.cards import DECK, Card, cards_mask, mask_cards
from piquet.reckon import PlayPoint, Reckoning, reckon
from piquet.rules import Rules
from piquet.scoring import DeclarationScore, score_declarations


def hand_cards(mask: int) -> tuple[Card, ...]:
    return mask_cards(mask)


def random_hands(rng: random.Random) -> tuple[int, int]:
    pack = list(DECK)
    rng.shuffle(pack)
    return cards_mask(pack[:12]), cards_mask(pack[12:24])


def run_mask(rng: random.Random, length: int, suit: int | None = None) -> int:
    s = rng.randrange(4) if suit is None else suit
    top = rng.randint(length - 1, 7)
    m = 0
    for r in range(top - length + 1, top + 1):
        m |= 1 << (s * 8 + r)
    return m


def rank_mask(rng: random.Random, rank: int, count: int) -> int:
    m = 0
    for s in rng.sample(range(4), count):
        m |= 1 << (s * 8 + rank)
    return m


def fill_hands(rng: random.Random, e_parts: int, y_parts: int,
          e_avoid: int = 0, y_avoid: int = 0) -> tuple[int, int] | None:
    """Complete two hands around the combinations placed in them; None if impossible."""
    if e_parts & y_parts or e_parts.bit_count() > 12 or y_parts.bit_count() > 12:
        return None
    rest = [c.bit for c in DECK if not (e_parts | y_parts) & c.bit]
    rng.shuffle(rest)
    em, ym = e_parts, y_parts
    for b in rest:
        if em.bit_count() < 12 and not b & e_avoid:
            em |= b
        elif ym.bit_count() < 12 and not b & y_avoid:
            ym |= b
    if em.bit_count() != 12 or ym.bit_count() != 12:
        return None
    return em, ym


def fill_one_hand(rng: random.Random, parts: int) -> int:
    got = fill_hands(rng, parts, 0)
    return got[0] if got else random_hands(rng)[0]


def rich_parts(rng: random.Random) -> int:
    """Combinations that often make 30: long runs, quatorzes."""
    style = rng.randrange(5)
    m = 0
    if style == 0:
        a, b = rng.sample(range(4), 2)
        m = run_mask(rng, rng.randint(5, 7), a) | run_mask(rng, rng.randint(3, 5), b)
    elif style == 1:
        m = run_mask(rng, rng.randint(5, 6)) | rank_mask(rng, rng.randint(3, 7), 4)
    elif style == 2:
        r1, r2 = rng.sample(range(3, 8), 2)
        m = rank_mask(rng, r1, 4) | rank_mask(rng, r2, rng.choice((3, 4)))
    elif style == 3:
        m = run_mask(rng, rng.randint(6, 8)) | run_mask(rng, rng.randint(3, 4))
    else:
        m = (run_mask(rng, rng.randint(4, 5)) | rank_mask(rng, rng.randint(3, 7), 4)
             | rank_mask(rng, rng.randint(3, 7), 3))
    return m


def mirror_point(rng: random.Random) -> tuple[int, int, int, int]:
    """Two points of equal length and pips in two suits: (elder part, younger part, and the
    rest of each suit, which the fill must avoid to keep the lengths)."""
    length = rng.randint(4, 6)
    se, sy = rng.sample(range(4), 2)
    ranks = sorted(rng.sample(range(8), length))
    tens = [r for r in ranks if 3 <= r <= 6]  # ten, jack, queen, king: all worth 10
    others = [r for r in ranks if r not in tens]
    y_ranks = others + rng.sample(range(3, 7), len(tens))
    em = sum(1 << (se * 8 + r) for r in ranks)
    ym = sum(1 << (sy * 8 + r) for r in y_ranks)
    return em, ym, (0xFF << (se * 8)) & ~em, (0xFF << (sy * 8)) & ~ym


def score_masks(em: int, ym: int, rules: Rules) -> DeclarationScore:
    return score_declarations(hand_cards(em), hand_cards(ym), rules=rules)


def declaration_totals(s: DeclarationScore) -> tuple[int, int]:
    e = sum(p for _c, w, p in s.entries if w == 0)
    y = sum(p for _c, w, p in s.entries if w == 1)
    return e, y


def reckon_after_lead(s: DeclarationScore) -> Reckoning:
    """The reckoning once Elder has led to the first trick."""
    d = s.as_dict()
    return reckon(
        point=(d["elder"]["point"], d["younger"]["point"]),
        sequences=(d["elder"]["sequences"], d["younger"]["sequences"]),
        sets=(d["elder"]["sets"], d["younger"]["sets"]),
        play=[PlayPoint("elder", "lead", 1)],
    )

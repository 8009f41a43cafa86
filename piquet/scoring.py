"""Scoring the declarations between two hands: :func:`score_declarations`.

The numbers come from the per-suit tables (fast); the explanations (the combinations, the
verdicts with their reasons, the dialogue, the reckoning log) are built on first use from the
same hands and declarations.

Cavendish's worked deal (RULES.md example 5), hands after the exchange:

>>> s = score_declarations("AS JS 9S 8S AH KH QH JH 8H JC 9C KD",
...                        "10S QS 10H KC QC 10C AC AD QD JD 10D 7D")
>>> s.as_dict()["elder"]
{'blanche': 0, 'point': 5, 'sequences': 4, 'sets': 0, 'repique': 0, 'total': 9}
>>> s.as_dict()["younger"]["sets"]
17
>>> s.verdicts[0].winner, s.verdicts[0].reason  # 5 cards each: 49 pips beat 48
('elder', <Reason.MORE_PIPS: 'more_pips'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from piquet.cards import Card, HandError, cards_mask, hand_of, mask_cards
from piquet.combos import Combinations, analyse, point_key, sequence_key_score, set_key_score
from piquet.declare import (
    CATEGORIES,
    Declaration,
    DialogueLine,
    Verdict,
    decide,
    declaration_from_spec,
    dialogue,
    full_declaration,
    verdict,
)
from piquet.reckon import (
    REPIQUE,
    Bonuses,
    Category,
    Reckoning,
    Role,
    build_reckoning,
    find_bonuses,
)
from piquet.rules import Rules, get_rules

HandInput = str | Iterable[str | Card]
DeclSpec = Mapping[str, Any] | None


def checked_hand(cards: HandInput, who: str) -> tuple[tuple[Card, ...], int]:
    """A 12-card hand and its mask; a tuple of distinct cards takes the quick path."""
    if type(cards) is tuple and len(cards) == 12:
        try:
            m = sum([c.bit for c in cards])
        except AttributeError:
            m = -1
        if m >= 0 and m.bit_count() == 12:
            return cards, m
    hand = hand_of(cards, 12, who=who)
    return hand, cards_mask(hand)


def check_apart(elder: tuple[Card, ...], em: int, ym: int) -> None:
    if em & ym:
        both = next(c for c in elder if c.bit & ym)
        raise HandError(code="in_both_hands", values=(both,))


def _keys(mask: int, hand: tuple[Card, ...], spec: DeclSpec, who: str
          ) -> tuple[int, int, int, int, int, Declaration | None]:
    """(point key, sequence key, sequence score, set key, set score, declaration if sunk)."""
    if spec is None:
        sk, ss = sequence_key_score(mask)
        tk, ts = set_key_score(mask)
        return point_key(mask), sk, ss, tk, ts, None
    d = declaration_from_spec(hand, spec, who=who)
    bs, bt = d.best_sequence, d.best_set
    return (d.point_key, bs.key if bs else 0, sum(s.score for s in d.sequences),
            bt.key if bt else 0, sum(s.score for s in d.sets), d)


class DeclarationScore:
    """The declarations of one deal scored: numbers at once, explanations on demand."""

    __slots__ = ("_decl", "_hands", "_reckoning", "_verdicts", "blanche", "bonus",
                 "elder_declares",
                 "elder_mask", "entries", "repique", "rules", "younger_declares", "younger_mask")

    def __init__(self, rules: Rules, hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None,
                 masks: tuple[int, int],
                 blanche: tuple[bool, bool], specs: tuple[DeclSpec, DeclSpec],
                 decl: tuple[Declaration | None, Declaration | None],
                 entries: list[tuple[Category, int, int]], bonus: Bonuses) -> None:
        self.rules = rules
        self._hands = hands
        self.elder_mask, self.younger_mask = masks
        self.blanche = blanche
        self.elder_declares, self.younger_declares = specs
        self._decl = decl
        self.bonus = bonus
        """Repique and pique, decided with the play points if any were given."""
        self.entries = entries
        """(category, player 0/1, points) for the first four reckoning steps, in order."""
        self.repique: Role | None = (None if bonus.repique < 0
                                     else ("elder", "younger")[bonus.repique])
        self._verdicts: tuple[Verdict, ...] | None = None
        self._reckoning: Reckoning | None = None

    @property
    def elder(self) -> tuple[Card, ...]:
        """Elder's twelve cards after the exchange."""
        return self._hands[0] if self._hands else mask_cards(self.elder_mask)

    @property
    def younger(self) -> tuple[Card, ...]:
        """Younger's twelve cards after the exchange."""
        return self._hands[1] if self._hands else mask_cards(self.younger_mask)

    def score(self, player: Role, category: str) -> int:
        who = 0 if player == "elder" else 1
        if category == "repique":
            return REPIQUE if self.repique == player else 0
        return sum(p for c, w, p in self.entries if w == who and c == category)

    def total(self, player: Role) -> int:
        who = 0 if player == "elder" else 1
        return sum(p for _, w, p in self.entries if w == who) + self.score(player, "repique")

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"elder": {...}, "younger": {...}}`` with blanche, point, sequences, sets, repique,
        total (Elder's lead point is not included)."""
        out: dict[str, dict[str, int]] = {}
        for player in ("elder", "younger"):
            row = {c: self.score(player, c)
                   for c in ("blanche", "point", "sequences", "sets", "repique")}
            row["total"] = sum(row.values())
            out[player] = row
        return out

    # --- explanations ---

    @property
    def combinations(self) -> tuple[Combinations, Combinations]:
        """Everything each hand holds (whatever was declared)."""
        return analyse(self.elder), analyse(self.younger)

    @property
    def declarations(self) -> tuple[Declaration, Declaration]:
        """What each player declared (in full unless sunk)."""
        e, y = self._decl
        ce, cy = self.combinations
        return (e or full_declaration(ce), y or full_declaration(cy))

    @property
    def verdicts(self) -> tuple[Verdict, ...]:
        """Point, sequences, sets: who scores, how many, and why."""
        if self._verdicts is None:
            e, y = self.declarations
            self._verdicts = tuple(verdict(c, e, y) for c in CATEGORIES)
        return self._verdicts

    @property
    def dialogue(self) -> tuple[DialogueLine, ...]:
        e, y = self.declarations
        return dialogue(e, y, self.verdicts,
                        elder_blanche=self.blanche[0], younger_blanche=self.blanche[1])

    @property
    def reckoning(self) -> Reckoning:
        """The reckoning log of the declarations (without play)."""
        if self._reckoning is None:
            self._reckoning = build_reckoning(self.entries, (), (0, 0), (0, 0))
        return self._reckoning


def score_declarations(
    elder: HandInput,
    younger: HandInput,
    *,
    elder_blanche: bool = False,
    younger_blanche: bool = False,
    elder_declares: DeclSpec = None,
    younger_declares: DeclSpec = None,
    rules: str | Rules | None = "britannica",
) -> DeclarationScore:
    """Score the declarations of two 12-card hands **after the exchange**.

    Carte blanche comes only from the flags (it is judged on the hands as dealt). A
    declaration spec sinks (declares less); ``None`` declares in full.

    >>> s = score_declarations("AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
    ...                        "AD KD QD JD 10D 9D 8D 7D AC KC QC JC")
    >>> s.as_dict()["younger"]   # equal point, equal huitièmes: only the sets are decided
    {'blanche': 0, 'point': 0, 'sequences': 0, 'sets': 0, 'repique': 0, 'total': 0}
    >>> s.as_dict()["elder"]["sets"], s.verdicts[2].reason  # neither player declares a set
    (0, <Reason.NONE: 'none'>)
    """
    rules_ = get_rules(rules)
    eh, em = checked_hand(elder, "Elder")
    yh, ym = checked_hand(younger, "Younger")
    check_apart(eh, em, ym)
    if elder_blanche and younger_blanche:
        raise HandError(code="both_blanche")
    return score_masks(rules_, em, ym, (eh, yh), elder_blanche, younger_blanche,
                       elder_declares, younger_declares)


def score_masks(rules_: Rules, em: int, ym: int,
                hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None,
                elder_blanche: bool, younger_blanche: bool,
                elder_declares: DeclSpec, younger_declares: DeclSpec,
                play_scorers: Sequence[int] = ()) -> DeclarationScore:
    """Score two checked hands given as masks (the engine's internal entry point).
    ``play_scorers`` (who scored each play point) lets the same pass decide a pique."""
    if hands is None and (elder_declares is not None or younger_declares is not None):
        hands = (mask_cards(em), mask_cards(ym))
    epk, esk, ess, etk, ets, ed = _keys(em, hands[0] if hands else (), elder_declares, "Elder")
    ypk, ysk, yss, ytk, yts, yd = _keys(ym, hands[1] if hands else (), younger_declares,
                                        "Younger")
    entries: list[tuple[Category, int, int]] = []
    if elder_blanche:
        entries.append(("blanche", 0, 10))
    if younger_blanche:
        entries.append(("blanche", 1, 10))
    w = decide(epk, ypk)
    if w < 2:
        entries.append(("point", w, (epk if w == 0 else ypk) >> 7))
    w = decide(esk, ysk)
    if w < 2:
        entries.append(("sequences", w, ess if w == 0 else yss))
    w = decide(etk, ytk)
    if w < 2:
        entries.append(("sets", w, ets if w == 0 else yts))
    bonus = find_bonuses([(w, p) for _, w, p in entries], play_scorers)
    return DeclarationScore(rules_, hands, (em, ym), (elder_blanche, younger_blanche),
                            (elder_declares, younger_declares), (ed, yd), entries, bonus)

"""The declarations in words: dialogue lines, verdicts, Younger's answers, combinations.

Every page and the teaching package say these through here, never through the engine.

>>> from piquet import score_declarations
>>> s = score_declarations("AS JS 9S 8S AH KH QH JH 8H JC 9C KD",
...                        "10S QS 10H KC QC 10C AC AD QD JD 10D 7D")
>>> [line_text(ln) for ln in s.dialogue[:4]]
['Five.', 'What do they make?', 'Forty-nine.', 'Good.']
>>> combination_name(s.verdicts[1].elder), combination_name(s.verdicts[2].younger)
('Quart major', 'Fourteen tens')
>>> verdict_text(s.verdicts[0])
"Both have 5 cards; Elder's make 49, Younger's 48: Elder scores 5."
"""

from __future__ import annotations

from collections.abc import Sequence as Seq

from piquet.cards import Rank
from piquet.combos import CardSet, Point, Sequence as Run, pretty
from piquet.declare import Answer, BlancheShowing, DialogueLine, LineKind, Reason, Verdict
from words import _, ngettext, pgettext
from words.cards import capitalize_first, rank_counted, rank_name, spoken_number, suit_name

__all__ = ["answer_text", "combination_name", "combination_text", "line_text", "says_nothing",
           "sequence_kind", "sequence_name", "set_name", "verdict_text"]

Combination = Point | Run | CardSet


# --------------------------------------------------------------------------- names


def sequence_kind(length: int) -> str:
    """``tierce`` (3) ... ``huitième`` (8): a sequence by its length."""
    return {3: pgettext("sequence", "tierce"), 4: pgettext("sequence", "quart"),
            5: pgettext("sequence", "quint"), 6: pgettext("sequence", "sixième"),
            7: pgettext("sequence", "septième"),
            8: pgettext("sequence", "huitième")}.get(length, str(length))


def sequence_name(length: int, top: Rank, *, start: bool = True) -> str:
    """A sequence as called: "Quart major", "Quint to the jack", "Tierce minor" (``start``
    false: as inside a sentence, "quart major").

    >>> sequence_name(5, Rank.KING), sequence_name(3, Rank.NINE, start=False)
    ('Quint to the king', 'tierce minor')
    """
    kind = sequence_kind(length)
    if top is Rank.ACE:
        # TRANSLATORS: a sequence headed by the ace, e.g. "quart major"
        name = _("{kind} major", kind=kind)
    elif int(top) - length + 1 == int(Rank.SEVEN):
        # TRANSLATORS: a sequence ending in the seven, e.g. "tierce minor"
        name = _("{kind} minor", kind=kind)
    else:
        # TRANSLATORS: e.g. "quint to the king"; {rank} is a rank's name (king, jack...)
        name = _("{kind} to the {rank}", kind=kind, rank=rank_name(top))
    return capitalize_first(name) if start else name


def set_name(count: int, rank: Rank, *, start: bool = True) -> str:
    """A set as called: "Fourteen aces", "Three kings" (``start`` false: "three kings").

    >>> set_name(4, Rank.ACE), set_name(3, Rank.TEN, start=False)
    ('Fourteen aces', 'three tens')
    """
    ranks = rank_counted(rank)
    # TRANSLATORS: a quatorze or a trio as called, e.g. "fourteen aces", "three kings"
    name = (_("fourteen {ranks}", ranks=ranks) if count == 4
            else _("three {ranks}", ranks=ranks))
    return capitalize_first(name) if start else name


def combination_name(c: Combination, *, start: bool = True) -> str:
    """A combination's name: "Quint major", "Fourteen aces", a point's "5 cards"."""
    if isinstance(c, Run):
        return sequence_name(c.length, c.top, start=start)
    if isinstance(c, CardSet):
        return set_name(c.count, c.rank, start=start)
    return ngettext("{n} card", "{n} cards", c.length)


def combination_text(c: Combination) -> str:
    """A combination with its suit and cards: "5 cards making 49 in hearts (A♥ K♥ Q♥ J♥ 8♥)",
    "Quart major in hearts (A♥ K♥ Q♥ J♥)", "Three jacks (J♠ J♥ J♣)".

    >>> from piquet.cards import parse_cards
    >>> from piquet.combos import analyse
    >>> combination_text(analyse(parse_cards("AS KS QS JS 9S")).point)
    '5 cards making 50 in spades (A♠ K♠ Q♠ J♠ 9♠)'
    """
    cards = pretty(c.cards)
    if isinstance(c, Point):
        return ngettext("{n} card making {pips} in {suit} ({cards})",
                        "{n} cards making {pips} in {suit} ({cards})", c.length,
                        pips=c.pips, suit=suit_name(c.suit), cards=cards)
    if isinstance(c, Run):
        # TRANSLATORS: e.g. "Quart major in hearts (A♥ K♥ Q♥ J♥)"
        return _("{sequence} in {suit} ({cards})", sequence=combination_name(c),
                 suit=suit_name(c.suit), cards=cards)
    # TRANSLATORS: e.g. "Three jacks (J♠ J♥ J♣)"
    return _("{set} ({cards})", set=combination_name(c), cards=cards)


def answer_text(answer: Answer | None) -> str:
    """Younger's answer in words ("" when Elder called nothing)."""
    if answer is None:
        return ""
    # TRANSLATORS: Younger's reply to a call, a word of the game said at the table (not the
    # everyday "good"): the call scores ("Good"), does not ("Not good"), or ties ("Equal").
    return {Answer.GOOD: pgettext("reply", "Good"), Answer.NOT_GOOD: pgettext("reply", "Not good"),
            Answer.EQUAL: pgettext("reply", "Equal")}[answer]


# --------------------------------------------------------------------------- the dialogue


def says_nothing(line: DialogueLine) -> bool:
    """Whether the line calls nothing ("No point.", "No sequence.", "No set.")."""
    return line.kind is LineKind.NOTHING


def _blanche_text(line: DialogueLine) -> str:
    showing = line.combination
    if line.speaker == "elder":
        if showing is BlancheShowing.AFTER_DISCARD:
            return _("Carte blanche. (Elder will show it once Younger has discarded.)")
        if showing is BlancheShowing.AFTER_EXCHANGE:
            return _("Carte blanche. (Elder will show it once Younger has exchanged.)")
        return _("Carte blanche. (Elder shows his twelve cards: no king, queen or jack.)")
    if showing is BlancheShowing.AFTER_DISCARD:
        return _("Carte blanche. (Younger will show it once Elder has discarded.)")
    if showing is BlancheShowing.NOW:
        return _("Carte blanche. (Younger shows his twelve cards: no king, queen or jack.)")
    return _("Carte blanche. (Younger will show it once Elder has exchanged.)")


def _score_phrase(c: Combination) -> str:
    number = spoken_number(c.score)
    if isinstance(c, Point):
        # TRANSLATORS: counting aloud what the point scores, e.g. "five for point"
        return _("{number} for point", number=number)
    if isinstance(c, Run):
        # TRANSLATORS: counting aloud what a sequence scores, e.g. "fifteen for the quint"
        return _("{number} for the {kind}", number=number, kind=sequence_kind(c.length))
    if c.count == 4:
        # TRANSLATORS: counting aloud a quatorze, {number} its score in words and {ranks}
        # the rank after a number: "fourteen tens" (Turkish "dört onlu on dört")
        return _("{number} {ranks}", number=number, ranks=rank_counted(c.rank))
    # TRANSLATORS: counting aloud a trio and its score, e.g. "three kings, three"
    return _("{set}, {number}", set=combination_name(c, start=False), number=number)


def _score_list(scored: Seq[Combination]) -> str:
    """What a player counts aloud before his total: "Five for point, fourteen aces"; a set
    alone is named without its score, which the total says ("Three aces: three.")."""
    if len(scored) == 1 and isinstance(scored[0], CardSet):
        return combination_name(scored[0])
    # TRANSLATORS: what separates the combinations a player counts aloud
    # ("fifteen for the quint, fourteen aces")
    sep = pgettext("counting aloud", ", ")
    return capitalize_first(sep.join(_score_phrase(c) for c in scored))


def _score_text(line: DialogueLine) -> str:
    scored = line.combination if isinstance(line.combination, tuple) else ()
    total = spoken_number(line.numbers[0]) if line.numbers else ""
    if line.speaker == "elder":
        lead = spoken_number(line.numbers[-1]) if line.numbers else ""
        if scored:
            # TRANSLATORS: Elder counts aloud; {scores} e.g. "Five for point, fourteen aces",
            # {total} and {lead} are numbers in words
            return _("{scores}: {total}. And one I lead: {lead}.", scores=_score_list(scored),
                     total=total, lead=lead)
        if line.blanche:
            return _("Ten for carte blanche, and one I lead: {lead}.", lead=lead)
        return _("One I lead: {lead}.", lead=lead)
    if scored:
        # TRANSLATORS: Younger counts aloud; {scores} e.g. "Fourteen aces", {total} a number
        # in words
        return _("{scores}: {total}.", scores=_score_list(scored), total=total)
    return _("Ten for carte blanche.")


def _nothing_text(category: str) -> str:
    if category == "point":
        return _("No point.")
    if category == "sequences":
        return _("No sequence.")
    return _("No set.")


def _answer_line(answer: object) -> str:
    # TRANSLATORS: Younger's reply as he says it at the table (see the reply "Good").
    if answer is Answer.NOT_GOOD:
        return pgettext("reply", "Not good.")
    if answer is Answer.EQUAL:
        return pgettext("reply", "Equal.")
    return pgettext("reply", "Good.")


def line_text(line: DialogueLine) -> str:
    """One line of the dialogue as it is spoken."""
    kind, numbers = line.kind, line.numbers
    if kind is LineKind.BLANCHE:
        return _blanche_text(line)
    if kind in (LineKind.CALL_POINT, LineKind.GIVE_PIPS):
        # TRANSLATORS: Elder calls a number (his point's length, or its pips), e.g. "Five."
        return _("{number}.", number=spoken_number(numbers[0], start=True))
    if kind is LineKind.ASK_PIPS:
        return _("What do they make?")
    if kind is LineKind.CALL_RUN:
        # TRANSLATORS: Elder calls his best sequence, e.g. "Quart major."
        return _("{sequence}.", sequence=sequence_name(numbers[0], Rank(numbers[1])))
    if kind is LineKind.CALL_SET:
        # TRANSLATORS: Elder calls his best set, e.g. "Fourteen aces."
        return _("{set}.", set=set_name(numbers[0], Rank(numbers[1])))
    if kind is LineKind.NOTHING:
        return _nothing_text(line.category)
    if kind is LineKind.ANSWER:
        return _answer_line(line.combination)
    return _score_text(line)


# --------------------------------------------------------------------------- verdicts


def _sum(v: Verdict) -> str:
    """The scores added up, in figures: "5", "17 + 15 = 32" (notation, not language)."""
    terms = " + ".join(str(c.score) for c in v.scored)
    return f"{terms} = {v.points}" if len(v.scored) > 1 else terms


def _what(c: Combination | None) -> str:
    return combination_name(c, start=False) if c is not None else ""


def _none_text(category: str) -> str:
    if category == "point":
        return _("Neither player declares a point: nobody scores.")
    if category == "sequences":
        return _("Neither player declares a sequence: nobody scores.")
    return _("Neither player declares a set: nobody scores.")


def _unopposed(v: Verdict, won: Combination | None, scored: str) -> str:
    elder = v.winner == "elder"
    if v.category == "point":
        n = won.length if isinstance(won, Point) else 0
        if elder:
            return ngettext(
                "Younger declares no point, so Elder's {n} card is unopposed: "
                "Elder scores {scored}.",
                "Younger declares no point, so Elder's {n} cards is unopposed: "
                "Elder scores {scored}.", n, scored=scored)
        return ngettext(
            "Elder declares no point, so Younger's {n} card is unopposed: "
            "Younger scores {scored}.",
            "Elder declares no point, so Younger's {n} cards is unopposed: "
            "Younger scores {scored}.", n, scored=scored)
    what = _what(won)
    if v.category == "sequences":
        if elder:
            return _("Younger declares no sequence, so Elder's {what} is unopposed: "
                     "Elder scores {scored}.", what=what, scored=scored)
        return _("Elder declares no sequence, so Younger's {what} is unopposed: "
                 "Younger scores {scored}.", what=what, scored=scored)
    if elder:
        return _("Younger declares no set, so Elder's {what} is unopposed: "
                 "Elder scores {scored}.", what=what, scored=scored)
    return _("Elder declares no set, so Younger's {what} is unopposed: "
             "Younger scores {scored}.", what=what, scored=scored)


def _equal(v: Verdict) -> str:
    if isinstance(v.elder, Point):
        return ngettext("Both points are {n} card making {pips}: Equal, nobody scores the point.",
                        "Both points are {n} cards making {pips}: Equal, nobody scores the "
                        "point.", v.elder.length, pips=v.elder.pips)
    return _("Both best sequences are a {what}: Equal, so neither player scores any sequence, "
             "not even lesser ones.", what=_what(v.elder))


def _longer(v: Verdict, won: Combination | None, lost: Combination | None,
            scored: str) -> str:
    elder = v.winner == "elder"
    values = {"won": _what(won), "lost": _what(lost), "scored": scored}
    if v.category == "point":
        n = won.length if isinstance(won, Point) else 0
        if elder:
            return ngettext("Elder's {n} card beats Younger's {lost} (longer): "
                            "Elder scores {scored}.",
                            "Elder's {n} cards beat Younger's {lost} (longer): "
                            "Elder scores {scored}.", n, **values)
        return ngettext("Younger's {n} card beats Elder's {lost} (longer): "
                        "Younger scores {scored}.",
                        "Younger's {n} cards beat Elder's {lost} (longer): "
                        "Younger scores {scored}.", n, **values)
    if elder:
        return _("Elder's {won} beats Younger's {lost} (longer): Elder scores {scored}.",
                 **values)
    return _("Younger's {won} beats Elder's {lost} (longer): Younger scores {scored}.",
             **values)


def _more_pips(v: Verdict, won: Point, lost: Point, scored: str) -> str:
    values = {"pips": won.pips, "other": lost.pips, "scored": scored}
    if v.winner == "elder":
        return ngettext("Both have {n} card; Elder's makes {pips}, Younger's {other}: "
                        "Elder scores {scored}.",
                        "Both have {n} cards; Elder's make {pips}, Younger's {other}: "
                        "Elder scores {scored}.", won.length, **values)
    return ngettext("Both have {n} card; Younger's makes {pips}, Elder's {other}: "
                    "Younger scores {scored}.",
                    "Both have {n} cards; Younger's make {pips}, Elder's {other}: "
                    "Younger scores {scored}.", won.length, **values)


def _higher(v: Verdict, won: Combination | None, lost: Combination | None,
            scored: str) -> str:
    elder = v.winner == "elder"
    values = {"won": _what(won), "lost": _what(lost), "scored": scored}
    if v.reason is Reason.QUATORZE_BEATS_TRIO:
        if elder:
            return _("Elder's {won} beat Younger's {lost}: any quatorze beats any trio: "
                     "Elder scores {scored}.", **values)
        return _("Younger's {won} beat Elder's {lost}: any quatorze beats any trio: "
                 "Younger scores {scored}.", **values)
    if v.category == "sets":
        if elder:
            return _("Elder's {won} beat Younger's {lost} (higher): Elder scores {scored}.",
                     **values)
        return _("Younger's {won} beat Elder's {lost} (higher): Younger scores {scored}.",
                 **values)
    if elder:
        return _("Elder's {won} beats Younger's {lost} (higher): Elder scores {scored}.",
                 **values)
    return _("Younger's {won} beats Elder's {lost} (higher): Younger scores {scored}.",
             **values)


def verdict_text(v: Verdict) -> str:
    """A sentence on the cards: who scores the category and why."""
    if v.reason is Reason.NONE:
        return _none_text(v.category)
    if v.reason is Reason.EQUAL:
        return _equal(v)
    won, lost = (v.elder, v.younger) if v.winner == "elder" else (v.younger, v.elder)
    scored = _sum(v)
    if v.reason is Reason.UNOPPOSED:
        return _unopposed(v, won, scored)
    if v.reason is Reason.LONGER:
        return _longer(v, won, lost, scored)
    if v.reason is Reason.MORE_PIPS and isinstance(won, Point) and isinstance(lost, Point):
        return _more_pips(v, won, lost, scored)
    return _higher(v, won, lost, scored)

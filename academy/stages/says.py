"""A stage task in words: its prompt, the labels of its choices, its context, the hint after
a wrong answer and the explanation of the answer. Said at draw time, in the language of the
moment, from the task's facts (the engine's), through the text layer."""

from __future__ import annotations

from academy.stages import says_advisor
from academy.stages.kinds import check
from academy.stages.kinds_hand import target_rank, verdicts
from academy.stages.kinds_other import reckoning_after_lead
from academy.stages.model import Checked, Hint, HintKind, Task
from piquet.cards import Card, Rank, Suit
from piquet.combos import analyse, pretty
from piquet.declare import Answer
from piquet.exchange import TALON_SIZE, courts_held
from piquet.partie import settle_partie
from words import _, ngettext
from words.cards import card_name, rank_name, suit_name
from words.declarations import (
    answer_text,
    combination_text,
    sequence_name,
    set_name,
    verdict_text,
)
from words.names import category_title, preset_name, role_name
from words.reckoning import bonus_text, settlement_text

__all__ = ["choice_label", "context_lines", "explanation", "feedback_hint", "hand_label",
           "prompt"]

_CATEGORIES = ("point", "sequences", "sets")


def hand_label(role: str) -> str:
    """A row of cards: "Elder's hand", "Younger's hand"."""
    return _("Elder's hand") if role == "elder" else _("Younger's hand")


def choice_label(choice: str) -> str:
    """The label of a choice id."""
    if choice in ("elder", "younger"):
        return role_name(choice)
    if choice in (a.value for a in Answer):
        return answer_text(Answer(choice))
    labels = {"yes": _("Yes"), "no": _("No"), "none": _("Neither"), "pique": _("Pique"),
              "repique": _("Repique")}
    return labels.get(choice, choice)


def _verdict_choice_label(task: Task, choice: str) -> str:
    if choice == "equal":
        return _("Equal: nobody scores")
    return choice_label(choice)


def choice_text(task: Task, choice: str) -> str:
    """A choice's label in this task (a verdict's "equal" says what it means)."""
    if task.kind == "discard_best":
        return says_advisor.choice_label(choice)
    return _verdict_choice_label(task, choice) if task.kind == "verdict" else choice_label(choice)


def _by_role(role: str, elder: str, younger: str) -> str:
    return elder if role == "elder" else younger


def prompt(task: Task) -> str:
    """What the task asks."""
    k, f, r = task.kind, task.facts, task.role
    if k == "point_cards":
        return _by_role(r, _("Tap the cards that make Elder's point."),
                        _("Tap the cards that make Younger's point."))
    if k == "point_pips":
        return _by_role(r, _("What does Elder's point make? Give its pip total."),
                        _("What does Younger's point make? Give its pip total."))
    if k == "sequence_cards":
        return _by_role(r, _("Tap the cards of Elder's best sequence."),
                        _("Tap the cards of Younger's best sequence."))
    if k == "sequence_score":
        return _by_role(r, _("How many points do Elder's sequences score, if they are good?"),
                        _("How many points do Younger's sequences score, if they are good?"))
    if k == "set_cards":
        return _by_role(r, _("Tap the cards of Elder's best set."),
                        _("Tap the cards of Younger's best set."))
    if k == "set_score":
        return _by_role(r, _("How many points do Elder's sets score, if they are good?"),
                        _("How many points do Younger's sets score, if they are good?"))
    if k == "blanche_yes":
        return _("Elder was dealt this hand. Is it carte blanche?")
    if k == "blanche_spoilers":
        return _("Tap every card that spoils carte blanche.")
    if k == "verdict":
        return {"point": _("Whose point is good?"),
                "sequences": _("Which hand wins the sequence?"),
                "sets": _("Whose set wins?")}[f["category"]]
    if k == "younger_answer":
        return _younger_prompt(task)
    if k == "discard_keep":
        return _discard_prompt(task)
    if k == "discard_best":
        return says_advisor.prompt(task)
    if k == "deal_count":
        return {"hand": _("How many cards does each player get?"),
                "talon": _("How many cards are left for the talon?"),
                "elder_share": _("At most how many cards may Elder exchange?"),
                "blanche": _("How many points does carte blanche score?")}[f["what"]]
    if k == "younger_takes":
        return ngettext("Elder took {n} card. At most how many may Younger take?",
                        "Elder took {n} cards. At most how many may Younger take?", f["took"])
    if k == "must_play":
        return _("Elder leads the {card}. Which card must Younger play?",
                 card=card_name(f["led"], start=False))
    if k == "winning_cards":
        return _("Elder leads the {card}. Tap every card of Younger's that would win the "
                 "trick.", card=card_name(f["led"], start=False))
    if k == "cards_bonus":
        return ngettext("Elder won {n} trick of the twelve. How many points does he score "
                        "for the cards?", "Elder won {n} tricks of the twelve. How many "
                        "points does he score for the cards?", f["won"])
    if k == "bonus_kind":
        if task.answer_kind == "number":
            return _("Elder has led to the first trick. What is Elder's total now, with any "
                     "repique or pique?")
        return _("Elder has led to the first trick. Does anyone score a repique or a pique?")
    if k == "settle":
        return _("After six deals A has {a} and B has {b}. How many points does the winner "
                 "score?", a=f["a"], b=f["b"])
    if f["rule"] == "last_trick_point":
        return _("Under {preset}, does the winner of the last trick score one extra point?",
                 preset=preset_name(f["preset"]))
    return _("Under {preset}, must Younger exchange at least one card?",
             preset=preset_name(f["preset"]))


def _younger_prompt(task: Task) -> str:
    category = task.facts["category"]
    v = verdicts(task)[_CATEGORIES.index(category)]
    called = v.elder
    assert called is not None
    if category == "point":
        return ngettext("Elder calls a point of {n} card, making {pips}. What does Younger "
                        "answer?", "Elder calls a point of {n} cards, making {pips}. What "
                        "does Younger answer?", len(called.cards), pips=sum(
                            c.rank.pips for c in called.cards))
    name = (sequence_name(len(called.cards), called.cards[0].rank) if category == "sequences"
            else set_name(len(called.cards), called.cards[0].rank))
    # TRANSLATORS: {call} is what Elder calls, e.g. "Quart major", "Fourteen aces"
    return _("Elder calls “{call}”. What does Younger answer?", call=name)


def _discard_prompt(task: Task) -> str:
    n = task.count or 0
    target = tuple(task.facts["target"])
    if task.facts["keep"] == "sequence":
        name = sequence_name(len(target), max(c.rank for c in target), start=False)
    else:
        name = set_name(4, target_rank(task), start=False)
    # TRANSLATORS: {combination} e.g. "quint to the king", "fourteen aces"
    return ngettext("Discard {n} card so that you keep your {combination}.",
                    "Discard {n} cards so that you keep your {combination}.", n,
                    combination=name)


def context_lines(task: Task) -> list[str]:
    """Facts shown beside the task (what each player scored, before a reckoning question)."""
    if task.kind != "bonus_kind":
        return []
    pairs = task.facts["pairs"]
    # TRANSLATORS: a category's scores, e.g. "Point: Elder 5, Younger 0"
    return [_("{category}: Elder {elder}, Younger {younger}", category=category_title(cat),
              elder=pairs[cat][0], younger=pairs[cat][1]) for cat in _CATEGORIES]


def _suits(cards: tuple[Card, ...]) -> str:
    suits: list[Suit] = list(dict.fromkeys(c.suit for c in cards))
    return _(", ").join(suit_name(s) for s in suits)


def _ranks(cards: tuple[Card, ...]) -> str:
    ranks: list[Rank] = list(dict.fromkeys(c.rank for c in cards))
    return _(", ").join(rank_name(r, 2) for r in ranks)


def hint_text(task: Task, hint: Hint) -> str:
    """The hint: where to look, naming the suit, rank or cards that matter."""
    k, cards = task.kind, hint.cards
    if k == "discard_best":
        return says_advisor.hint_text(task, hint)
    if hint.kind is HintKind.COUNT:
        return ngettext("Choose exactly {n} card to discard.",
                        "Choose exactly {n} cards to discard.", hint.number or 0)
    if k == "discard_keep":
        return _("Keep these cards together: {cards}. Discard from the others.",
                 cards=pretty(cards))
    if k == "point_cards":
        return _("Look at the {suit}: count the cards of each suit, then their pips.",
                 suit=_suits(cards))
    if k == "point_pips":
        return _("Add up the {suit}: ace 11, king, queen and jack 10, the others their face "
                 "value.", suit=_suits(cards))
    if k == "sequence_cards":
        return _("Look at the {suit}: cards that follow one another.", suit=_suits(cards))
    if k == "sequence_score":
        return ngettext("Look at the run in {suits}: a tierce scores 3, a quart 4, a quint 15.",
                        "Look at the {n} runs in {suits}: a tierce scores 3, a quart 4, a "
                        "quint 15.", hint.number or 1, suits=_suits(cards))
    if k in ("set_cards", "set_score"):
        return _("Look at the {ranks}: four of a rank is a quatorze (14), three a trio (3).",
                 ranks=_ranks(cards))
    if k == "blanche_yes":
        if cards:
            return _("Look at these cards: {cards}.", cards=pretty(cards))
        return _("Look for kings, queens and jacks: aces and tens do not spoil it.")
    if k == "blanche_spoilers":
        return ngettext("Look for kings, queens and jacks: this hand has {n}.",
                        "Look for kings, queens and jacks: this hand has {n}.", hint.number or 0)
    if k in ("verdict", "younger_answer"):
        category = task.facts["category"]
        if category == "point":
            return _("Look at the {cards}: the longer point wins, then the higher pip total.",
                     cards=pretty(cards))
        if category == "sequences":
            return _("Look at the {cards}: the longer sequence wins, then the higher top card.",
                     cards=pretty(cards))
        return _("Look at the {cards}: a quatorze beats any trio, then the higher rank wins.",
                 cards=pretty(cards))
    if k == "must_play":
        return _("Elder led a card of {suit}: look at your {suit}.",
                 suit=suit_name(task.facts["led"].suit))
    if k == "winning_cards":
        return _("Only a higher card of {suit} than the {card} wins the trick.",
                 suit=suit_name(task.facts["led"].suit),
                 card=card_name(task.facts["led"], start=False))
    if k == "bonus_kind":
        return _("Look at the cards that score ({cards}): who reaches 30 before the other "
                 "scores anything?", cards=pretty(cards) or "—")
    return _rule_hint(task, hint)


def _rule_hint(task: Task, hint: Hint) -> str:
    k, f = task.kind, task.facts
    if k == "settle":
        return _("The loser has {n}: is that under 100?", n=hint.number)
    if k == "younger_takes":
        return ngettext("The talon has {talon} cards and Elder took {n}.",
                        "The talon has {talon} cards and Elder took {n}.", f["took"],
                        talon=TALON_SIZE)
    if k == "cards_bonus":
        return _("Seven to eleven tricks win the cards; all twelve are capot; six each score "
                 "nothing.")
    if k == "rule_yes":
        return _("The club laws of 1882 (Cavendish) add rules the Britannica article does not "
                 "have.")
    return {"hand": _("Count the cards of Elder's hand."),
            "talon": _("The pack has 32 cards, and each player holds twelve."),
            "elder_share": _("The talon has eight cards: the top part is Elder's, the bottom "
                             "three Younger's."),
            "blanche": _("It is worth as much as the cards: winning most of the tricks.")
            }[f["what"]]


def feedback_hint(task: Task, given: object, hint: Hint) -> str:
    """The hint after a first wrong answer, with what was right so far in a card task."""
    found: Checked = check(task, given)
    text = hint_text(task, hint)
    if found.partly:
        return ngettext("Right so far, but {n} card is missing. {hint}",
                        "Right so far, but {n} cards are missing. {hint}",
                        len(found.missing), hint=text)
    if found.extra:
        return ngettext("{cards} is not part of it. {hint}", "{cards} are not part of it. "
                        "{hint}", len(found.extra), cards=pretty(found.extra), hint=text)
    return text


def explanation(task: Task) -> list[str]:
    """Why the answer is the answer, on the cards that make it."""
    k, f = task.kind, task.facts
    combos = analyse(task.pick or (task.hands[0][1] if task.hands else ()))
    if k in ("point_cards", "point_pips") and combos.point:
        return [combination_text(combos.point)]
    if k == "sequence_cards":
        return [combination_text(combos.sequences[0])]
    if k in ("sequence_score", "set_score"):
        found = combos.sequences if k == "sequence_score" else combos.sets
        lines = [_("{combination}: {points}", combination=combination_text(c), points=c.score)
                 for c in found]
        return [*lines, _("Together: {total}.", total=task.answer)]
    if k == "set_cards":
        return [combination_text(combos.sets[0])]
    if k == "blanche_yes" or k == "blanche_spoilers":
        courts = courts_held(task.pick or task.hands[0][1])
        if not courts:
            return [_("No king, queen or jack: carte blanche.")]
        return [_("Not carte blanche: {cards} spoil it.", cards=pretty(courts))]
    if k in ("verdict", "younger_answer"):
        return [verdict_text(verdicts(task)[_CATEGORIES.index(f["category"])])]
    if k == "discard_best":
        return says_advisor.explanation(task)
    if k == "discard_keep":
        target = tuple(f["target"])
        example = tuple(c for c in task.pick if c in task.answer_cards)
        return [_("Any of the other cards may go, as long as {cards} stay: for example "
                  "{example}.", cards=pretty(target), example=pretty(example))]
    if k == "must_play":
        return [_("Younger holds one card of {suit}, the {card}: he must follow suit with it.",
                  suit=suit_name(f["led"].suit), card=card_name(task.answer, start=False)
                  if isinstance(task.answer, Card) else "")]
    if k == "winning_cards":
        return [_("Only the higher cards of {suit} win: {cards}.", suit=suit_name(
            f["led"].suit), cards=pretty(c for c in task.pick if c in task.answer_cards))]
    if k == "bonus_kind":
        r = reckoning_after_lead(task)
        return [bonus_text(r), _("Elder's total: {n}.", n=r.total("elder"))]
    if k == "settle":
        return [settlement_text(settle_partie(f["a"], f["b"]))]
    return _explain_rule(task)


def _explain_rule(task: Task) -> list[str]:
    k, f, n = task.kind, task.facts, task.answer
    if k == "cards_bonus":
        won = f["won"]
        if won == 12:
            return [_("All twelve tricks: capot, 40 instead of the 10 for the cards.")]
        if won >= 7:
            return [_("{n} tricks of twelve: Elder wins the cards, 10.", n=won)]
        if won == 6:
            return [_("Six tricks each: nobody scores the cards.")]
        return [_("Younger won {n} tricks: he scores the cards, Elder nothing.", n=12 - won)]
    if k == "younger_takes":
        return [_("The talon had {talon} cards and Elder took {took}: Younger may take from "
                  "{least} to {most}.", talon=TALON_SIZE, took=f["took"], least=f["least"],
                  most=n)]
    if k == "rule_yes":
        preset = preset_name(f["preset"])
        return [_("Under {preset}: yes.", preset=preset) if n == "yes"
                else _("Under {preset}: no.", preset=preset)]
    return {"hand": [_("Each player holds {n} cards.", n=n)],
            "talon": [_("{n} cards are left for the talon.", n=n)],
            "elder_share": [_("Elder may exchange from one card up to {n}.", n=n)],
            "blanche": [_("Carte blanche scores {n}, reckoned before anything else.", n=n)],
            }[f["what"]]

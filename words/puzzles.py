"""The Puzzles page in words: the themes, the questions, the position, the verdict on an
answer and the figures behind it, the learner's rating and streak.

The facts come from :mod:`academy.puzzles` (themes, margins, worlds) and
:mod:`academy.rating`; this module only says them.

>>> from academy.puzzles import Theme
>>> theme_name(Theme.LAST_TRICK), theme_name(None)
('The last trick', 'Any theme')
>>> rating_change(1500.0, 1532.4)
'Your rating: 1,500 → 1,532 (+32).'
"""

from __future__ import annotations

from academy.puzzles import Theme
from words import _, format_number, ngettext, pgettext

__all__ = [
    "calls_lines",
    "calls_reason",
    "drill_label",
    "drill_role_line",
    "drill_tally",
    "elder_declares_line",
    "label",
    "margin_text",
    "missed_line",
    "mode_name",
    "rating_change",
    "rating_line",
    "ruled_text",
    "sink_answer_line",
    "sink_question",
    "sink_reason",
    "theme_name",
    "theme_reason",
    "tricks_line",
    "unknown_puzzle",
    "unknown_task",
]


def theme_name(theme: Theme | None) -> str:
    """A theme as the chooser and a puzzle's caption name it (``None``: any theme)."""
    if theme is None:
        return pgettext("puzzle theme", "Any theme")
    names = {
        Theme.EXCHANGE: pgettext("puzzle theme", "The exchange"),
        Theme.OPENING_LEAD: pgettext("puzzle theme", "The opening lead"),
        Theme.GUARD: pgettext("puzzle theme", "Keeping a guard"),
        Theme.COUNTING: pgettext("puzzle theme", "Counting cards"),
        Theme.CAPOT: pgettext("puzzle theme", "Saving the capot"),
        Theme.PIQUE: pgettext("puzzle theme", "Stopping a pique"),
        Theme.LAST_TRICK: pgettext("puzzle theme", "The last trick"),
        Theme.SINKING: pgettext("puzzle theme", "Declaring against a repique"),
        Theme.PLAY: pgettext("puzzle theme", "The play"),
    }
    return names[theme]


def theme_reason(theme: Theme) -> str | None:
    """What the theme teaches, said after the answer (None: nothing beyond the figures)."""
    reasons = {
        Theme.OPENING_LEAD: _("The opening lead starts the play: the suit you lead first "
                              "decides which of your cards make tricks."),
        Theme.GUARD: _("Keep the guard: throw a card from another suit, or your king or "
                       "queen stands alone against the higher cards."),
        Theme.COUNTING: _("Count every card played and shown: you know each card your "
                          "opponent holds, so the best card is certain."),
        Theme.CAPOT: _("You have won no trick yet: losing them all costs the capot's 40 "
                       "points, so keep a way to win one."),
        Theme.PIQUE: _("Elder can still reach 30 before you score: the best card keeps the "
                       "pique from him."),
        Theme.LAST_TRICK: _("Two cards each are left: who wins the last trick can decide the "
                            "cards and the points."),
    }
    return reasons.get(theme)


def label(key: str) -> str:
    """The page's fixed texts by key."""
    texts = {
        "title": _("Puzzles"),
        "intro": _("Positions from the computer's own games. Each has one best answer, "
                   "measured by the exact solver over every hand your opponent could hold, "
                   "or over many of them when they are too many to count."),
        "theme": _("Theme"),
        "daily": _("Puzzle of the day"),
        "mine_back": _("This puzzle is one of your own mistakes. It comes back in “Practise "
                       "my misses”: in a few minutes when missed, later each time you get it "
                       "right."),
        "next": _("Next puzzle"),
        "card_question": _("Which card do you play?"),
        "discard_question": _("Which cards do you discard?"),
        "discard_button": _("Discard these cards"),
        "right": _("Right!"),
        "wrong": _("Not quite."),
        "played": _("Cards played so far, trick by trick:"),
        "your_cards": _("Your cards"),
    }
    return texts[key]


def role_line(role_name: str, preset_name: str) -> str:
    return _("You are {role}, under the {preset} rules.", role=role_name, preset=preset_name)


def tricks_line(mine: int, theirs: int) -> str:
    return _("Tricks won so far: you {mine}, your opponent {theirs}.", mine=mine,
             theirs=theirs)


def led_line(card: str) -> str:
    return _("Your opponent led {card}.", card=card)


def left_line(n: int) -> str:
    return ngettext("Elder left {n} card in the talon.", "Elder left {n} cards in the talon.",
                    n, n=n)


def answer_line(cards: str) -> str:
    return _("The answer: {cards}.", cards=cards)


def margin_text(margin: float, error: float, worlds: int, exact: bool, discard: bool) -> str:
    """The figure behind the answer: by how much it beat the next best, over what."""
    m = format_number(margin, decimals=1)
    e = format_number(error, decimals=1)
    if discard:
        return ngettext(
            "Over {n} sampled hand and talon, this discard brings {margin} points more in "
            "declarations than the next best (± {error}); the figure counts declarations "
            "only.",
            "Over {n} sampled hands and talons, this discard brings {margin} points more in "
            "declarations than the next best (± {error}); the figure counts declarations "
            "only.", worlds, n=format_number(worlds), margin=m, error=e)
    if exact and worlds == 1:
        return _("Your opponent's cards are known: this card keeps {margin} points more than "
                 "the next best.", margin=m)
    if exact:
        return ngettext(
            "Over the {n} hand your opponent can hold, this card keeps {margin} points more "
            "than the next best, on average.",
            "Over all {n} hands your opponent can hold, this card keeps {margin} points more "
            "than the next best, on average.", worlds, n=format_number(worlds), margin=m)
    return ngettext(
        "Over {n} hand your opponent could hold, drawn at random, this card keeps {margin} "
        "points more than the next best, on average (± {error}).",
        "Over {n} hands your opponent could hold, drawn at random, this card keeps {margin} "
        "points more than the next best, on average (± {error}).", worlds,
        n=format_number(worlds), margin=m, error=e)


def rating_line(rating: float, rd: float, streak: int, best: int) -> str:
    return _("Your puzzle rating: {rating} ± {rd} · streak {streak} (best {best})",
             rating=format_number(round(rating)), rd=format_number(round(rd)),
             streak=streak, best=best)


def rating_change(before: float, after: float) -> str:
    change = round(after) - round(before)
    return _("Your rating: {before} → {after} ({change}).",
             before=format_number(round(before)), after=format_number(round(after)),
             change=format_number(change, signed=True))


def puzzle_caption(pid: str, rating: float, theme: str) -> str:
    return _("Puzzle {id} · {theme} · rated {rating}", id=pid, theme=theme,
             rating=format_number(round(rating)))


def my_puzzle_caption(theme: str) -> str:
    return _("Your own puzzle, from a deal you played · {theme}", theme=theme)


def unknown_puzzle(pid: str) -> str:
    return _("There is no puzzle with the id “{id}”. Here is the puzzle of the day.", id=pid)


# --- sinking puzzles ----------------------------------------------------------------------------


def sink_question(threat: str) -> str:
    """The sinking puzzle's question (``threat``: ``repique`` or ``pique``)."""
    if threat == "pique":
        return _("Which category must you declare to stop Elder's pique?")
    return _("Which category must you declare to stop Elder's repique?")


def elder_declares_line() -> str:
    return _("Elder declares everything he holds:")


def sink_answer_line(category: str) -> str:
    """The answer to a sinking puzzle (``category``: a category noun, e.g. "point")."""
    return _("The answer: declare your {category}; you may sink the other two.",
             category=category)


def sink_reason(category: str, threat: str) -> str:
    """Why a sinking puzzle's answer is right (``category``: a category noun)."""
    if threat == "pique":
        return _("Without your {category}, Elder scores 29 from his combinations before you "
                 "score anything, and his first lead makes 30: a pique, worth 30. Declaring "
                 "it stops him; your other two categories change nothing, so you may sink "
                 "them.", category=category)
    return _("Without your {category}, Elder reaches 30 from his combinations before you "
             "score anything: a repique, worth 60. Scores are reckoned point, sequences, "
             "sets; declaring it stops him in time, and your other two categories change "
             "nothing, so you may sink them.", category=category)


# --- the counting drill -------------------------------------------------------------------------


def calls_reason() -> str:
    """Why a puzzle counted with the calls is certain."""
    return _("Count every card played and shown, and listen to the calls: Elder holds at least "
             "what he called, and only one hand fits it all, so you know each card he holds "
             "and the best card is certain.")


def mode_name(mode: str) -> str:
    """The Puzzles page's modes: the puzzles, the counting drill."""
    if mode == "count":
        return pgettext("puzzles mode", "Counting drill")
    return pgettext("puzzles mode", "Puzzles")


def drill_label(key: str) -> str:
    """The counting drill's fixed texts by key."""
    texts = {
        "mode": _("Mode"),
        "task": _("Which cards can Elder still hold?"),
        "tap": _("Cards not in your hand and not played"),
        "check": _("Check"),
        "next": _("Next task"),
        "right": _("Right: exactly those."),
        "wrong": _("Not quite."),
        "answer": _("Elder can still hold:"),
        "hand": _("Your cards:"),
        "discards": _("Your discards:"),
        "played": _("Cards played so far, trick by trick:"),
        "shown": _("Cards Elder showed:"),
        "about": _("A call never claims more than is held: Elder may sink, so what he "
                   "called he holds at least. Cards he showed and has not played are surely "
                   "in his hand."),
    }
    return texts[key]


def drill_role_line(preset: str) -> str:
    return _("You are Younger, under the {preset} rules. Tap every card Elder can still "
             "hold, then check.", preset=preset)


def calls_lines(point: int, pips: int, sequence: str, set_: str) -> list[str]:
    """What Elder called (``pips`` 0: not heard; empty names: nothing called)."""
    out = []
    if point and pips:
        out.append(ngettext("Elder called a point of {n} card, making {pips}.",
                            "Elder called a point of {n} cards, making {pips}.", point,
                            n=point, pips=pips))
    elif point:
        out.append(ngettext("Elder called a point of {n} card.",
                            "Elder called a point of {n} cards.", point, n=point))
    if sequence:
        out.append(_("His best sequence: {sequence}.", sequence=sequence))
    if set_:
        out.append(_("His best set: {set}.", set=set_))
    return out or [_("Elder called nothing.")]


def missed_line(cards: list[str]) -> str:
    return ngettext("You missed {cards}: he can hold it.",
                    "You missed {cards}: he can hold them.", len(cards),
                    cards=_(", ").join(cards))


def ruled_text(why: str, card: str) -> str:
    """Why a card tapped cannot be in Elder's hand (``why``: an
    :class:`academy.counting.Ruled` value)."""
    texts = {
        "discarded": _("{card}: you discarded it.", card=card),
        "talon": _("{card}: you saw it stay in the talon.", card=card),
        "void": _("{card}: Elder failed to follow that suit, so he has none of it.",
                  card=card),
        "full": _("{card}: Elder's cards are all known: those he showed and has not played "
                  "fill his hand.", card=card),
        "calls": _("{card}: no hand that makes Elder's calls, given what he has played, "
                   "can hold it.", card=card),
    }
    return texts[why]


def drill_tally(right: int, done: int) -> str:
    return ngettext("This session: {right} of {n} task right.",
                    "This session: {right} of {n} tasks right.", done, right=right, n=done)


def unknown_task(tid: str) -> str:
    return _("There is no counting task with the id “{id}”. Here is another.", id=tid)

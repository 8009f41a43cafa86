"""The Lessons page's pieces: the lesson chooser synced with ``?lesson=``, progress, the
check questions, and one live widget per lesson (:data:`WIDGETS`, slug -> function).

Every score and every rule comes from the ``piquet`` engine; this module only lays it out.
Session keys all start with ``lessons_``. Text the user typed reaches the page only through
:func:`ui.text.md_escape` (Markdown) or :mod:`ui.cards` captions (HTML-escaped).
"""

from __future__ import annotations

import html
import math
import random
import re
import urllib.parse
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Final

import streamlit as st

from piquet import (
    DECK,
    SUITS,
    Card,
    Rank,
    Reckoning,
    ScoreEvent,
    Suit,
    analyse,
    hand_of,
    parse_cards,
    reckon,
    score_declarations,
    settle_partie,
    sort_cards,
)
from piquet.combos import SET_RANKS
from piquet.deal import DealState
from piquet.play import Trick, legal_cards, play_tricks, trick_winner, verify_play
from piquet.reckon import Role
from piquet.rule_text import blanche_showing, counted, rule_sentence
from piquet.rules import PRESETS, Rules
from ui.cards import card_label, card_svg, show_cards
from ui.content import Lesson, Question
from ui.settings import current_rules, four_colour
from ui.text import md_escape

__all__ = [
    "WIDGETS",
    "check_questions",
    "choose_lesson",
    "completed",
    "lesson_intro",
    "lesson_markdown",
    "lesson_widget",
    "page_links",
    "prev_next",
    "progress",
]

CURRENT: Final = "lessons_current"
"""The slug of the lesson on show (non-widget key: kept across page switches)."""
DONE: Final = "lessons_done"
"""Slugs of the completed lessons (every check question answered right)."""
RIGHT: Final = "lessons_right"
"""``{slug: {question index, ...}}``: the questions answered right."""
CHOOSER: Final = "lessons_chooser"
PARAM: Final = "lesson"
TRY_IT: Final = "try-it"

CARD_HELP: Final = (
    "A card is a rank then a suit: A K Q J 10 (or T) 9 8 7, and S H D C (or ♠ ♥ ♦ ♣). "
    "Separate the cards with spaces or commas."
)
MAX_TEXT: Final = 200
CARD_WIDTH: Final = 60
SMALL_WIDTH: Final = 46
# =========================================================================== chooser


def completed() -> set[str]:
    """The completed lessons' slugs (created on first use)."""
    done: set[str] = st.session_state.setdefault(DONE, set())
    return done


def _right(slug: str) -> set[int]:
    right: dict[str, set[int]] = st.session_state.setdefault(RIGHT, {})
    return right.setdefault(slug, set())


def _go(slug: str) -> None:
    """Show lesson ``slug`` (a callback: runs before the page is drawn)."""
    st.session_state[CURRENT] = slug
    st.query_params[PARAM] = slug


def _on_chooser() -> None:
    slug = st.session_state.get(CHOOSER)
    if slug:
        _go(str(slug))


def choose_lesson(lessons: Sequence[Lesson]) -> Lesson:
    """The lesson chooser (pills), synced with ``?lesson=``; returns the lesson on show.

    An unknown ``?lesson=`` shows a warning naming it and falls back to the first lesson.
    """
    by_slug = {lesson.slug: lesson for lesson in lessons}
    ss = st.session_state
    raw = st.query_params.get(PARAM)
    if raw is not None and raw not in by_slug:
        shown = raw if len(raw) <= 30 else raw[:30] + "…"
        st.warning(
            f"There is no lesson called “{md_escape(shown)}”; showing lesson 1, "
            f"“{lessons[0].title}”. The lessons are: {', '.join(by_slug)}.",
            icon=":material/warning:",
        )
        ss[CURRENT] = lessons[0].slug
    elif raw is not None:
        ss[CURRENT] = raw
    slug = ss.get(CURRENT)
    if slug not in by_slug:
        slug = lessons[0].slug
    ss[CURRENT] = slug
    st.query_params[PARAM] = slug
    ss[CHOOSER] = slug  # before the widget is drawn: the chooser follows the URL and buttons
    done = completed()
    st.pills(
        "Lesson",
        list(by_slug),
        key=CHOOSER,
        required=True,
        format_func=lambda s: f"{'✓ ' if s in done else ''}{by_slug[s].number}. "
        f"{by_slug[s].title}",
        on_change=_on_chooser,
        label_visibility="collapsed",
    )
    return by_slug[slug]


def progress(lessons: Sequence[Lesson]) -> None:
    """A progress bar: "3 of 11 lessons completed"."""
    n = sum(1 for lesson in lessons if lesson.slug in completed())
    st.progress(n / len(lessons), text=f"{n} of {len(lessons)} lessons completed")


def prev_next(lessons: Sequence[Lesson], lesson: Lesson, where: str) -> None:
    """Previous / Next buttons."""
    i = [x.slug for x in lessons].index(lesson.slug)
    with st.container(horizontal=True, horizontal_alignment="distribute"):
        if i > 0:
            prev = lessons[i - 1]
            st.button(f"{prev.number}. {prev.title}", key=f"lessons_prev_{where}",
                      icon=":material/arrow_back:", on_click=_go, args=(prev.slug,),
                      help="Previous lesson")
        else:
            st.empty()
        if i + 1 < len(lessons):
            nxt = lessons[i + 1]
            st.button(f"{nxt.number}. {nxt.title}", key=f"lessons_next_{where}",
                      icon=":material/arrow_forward:", icon_position="right",
                      on_click=_go, args=(nxt.slug,), help="Next lesson",
                      type="primary" if lesson.slug in completed() else "secondary")


# =========================================================================== questions


def _qkey(slug: str, i: int, part: str) -> str:
    return f"lessons_{part}_{slug}_{i}"


def _check(lesson: Lesson, i: int) -> None:
    """The Check button: judge the chosen option and remember the feedback."""
    q = lesson.questions[i]
    choice = st.session_state.get(_qkey(lesson.slug, i, "q"))
    fb = _qkey(lesson.slug, i, "fb")
    if choice is None:
        st.session_state[fb] = ("none", "Choose an answer first, then press Check.")
        return
    if q.options.index(choice) == q.answer:
        st.session_state[fb] = ("right", f"Right — {q.why}")
        right = _right(lesson.slug)
        right.add(i)
        if len(right) == len(lesson.questions):
            completed().add(lesson.slug)
    else:
        st.session_state[fb] = ("wrong", _wrong_text(q))


def _wrong_text(q: Question) -> str:
    return f"Not quite: the answer is {q.options[q.answer]}. {q.why}"


def _forget_feedback(slug: str, i: int) -> None:
    st.session_state.pop(_qkey(slug, i, "fb"), None)


def check_questions(lesson: Lesson) -> None:
    """ "Check your understanding": one radio and a Check button per question."""
    if not lesson.questions:
        return
    st.header("Check your understanding", divider="gray")
    right = _right(lesson.slug)
    for i, q in enumerate(lesson.questions):
        with st.container(border=True, key=f"lessons_question_{lesson.slug}_{i}"):
            st.radio(
                f"**{i + 1}.** {q.q}",
                q.options,
                index=None,
                key=_qkey(lesson.slug, i, "q"),
                on_change=_forget_feedback,
                args=(lesson.slug, i),
                persist_state="session",
            )
            st.button("Check", key=_qkey(lesson.slug, i, "check"), on_click=_check,
                      args=(lesson, i), icon=":material/check:")
            kind, text = st.session_state.get(_qkey(lesson.slug, i, "fb"), ("", ""))
            if kind == "right":
                st.success(text, icon=":material/check_circle:")
            elif kind == "wrong":
                st.error(text, icon=":material/lightbulb:")
            elif kind == "none":
                st.info(text)
            elif i in right:
                st.caption("✓ You have answered this one correctly.")
    if lesson.slug in completed():
        st.success(f"Lesson {lesson.number} completed: every answer right.",
                   icon=":material/school:")


# =========================================================================== helpers


def _fc() -> bool:
    return four_colour()


def _cards(cards: Sequence[Card], **kw: Any) -> None:
    """Cards on the page, in the chosen deck colours."""
    kw.setdefault("width", CARD_WIDTH)
    show_cards(cards, four_colour=_fc(), **kw)


def _faces_down(n: int, width: float = SMALL_WIDTH) -> None:
    """``n`` cards face down (the talon as it lies on the table)."""
    backs = "".join(card_svg(DECK[0], width=width, face_down=True) for _ in range(n))
    st.markdown(f'<div class="pq-cards" role="group" aria-label="{counted(n, "face-down card")}">'
                f"{backs}</div>", unsafe_allow_html=True)


def _error(err: Exception) -> None:
    """The engine's message for bad input (user text inside it is Markdown-escaped)."""
    st.error(md_escape(str(err)), icon=":material/error:")


def _set(key: str, value: Any) -> None:
    st.session_state[key] = value


def _hand_input(key: str, label: str, default: str, *, who: str = "The hand",
                size: int | None = 12, examples: dict[str, str] | None = None
                ) -> tuple[Card, ...] | None:
    """A text box for a hand, checked by the engine; ``None`` (and an error) when bad."""
    st.session_state.setdefault(key, default)
    st.text_input(label, key=key, max_chars=MAX_TEXT, help=CARD_HELP)
    if examples:
        with st.container(horizontal=True, gap="small"):
            for name, text in examples.items():
                st.button(name, key=f"{key}_ex_{zlib.crc32(name.encode())}", on_click=_set,
                          args=(key, text), type="tertiary", icon=":material/style:")
    text = str(st.session_state.get(key) or "")
    try:
        return hand_of(text, size, who=who)
    except ValueError as err:
        _error(err)
        return None


def _crc(*parts: object) -> int:
    return zlib.crc32("|".join(map(str, parts)).encode())


def _names(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty + "\ufe0e" for c in cards)


def _new_seed(key: str) -> None:
    st.session_state[key] = random.randrange(1, 1_000_000)


def _label(name: str) -> str:
    """A preset's name for readers, e.g. ``Britannica (Parlett)`` (the engine's title)."""
    preset = PRESETS.get(name)
    return preset.title if preset is not None else name.capitalize()


def blanche_timing(rules: Rules) -> str:
    """When each holder shows carte blanche under ``rules``, in the engine's words
    (:mod:`piquet.rule_text`, shared with the walkthrough)."""
    return f"{blanche_showing(rules, 'elder')} {blanche_showing(rules, 'younger')}"


def _preset_note(rules: Rules) -> None:
    st.caption(f"Rules in use: **{_label(rules.name)}** "
               "(change it in the sidebar).")


# =========================================================================== 1 deal


def deal_widget() -> None:
    """Deal a seeded random deal: both hands and the talon (top 5 Elder's, bottom 3
    Younger's), by twos or threes."""
    ss = st.session_state
    seed = ss.setdefault("lessons_deal_seed", 1)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button("Deal", key="lessons_deal_button", type="primary", icon=":material/casino:",
                  on_click=_new_seed, args=("lessons_deal_seed",))
        twos = st.toggle("Deal in twos (off: in threes)", key="lessons_deal_twos")
    batch = 2 if twos else 3
    d = DealState.deal(seed, rules=current_rules(), batch=batch)
    st.markdown("**Elder** (the non-dealer): twelve cards")
    _cards(sort_cards(d.elder_dealt))
    st.markdown("**Younger** (the dealer): twelve cards")
    _cards(sort_cards(d.younger_dealt))
    st.markdown("**The talon**: eight cards, face down between the players")
    _faces_down(len(d.talon))
    st.caption("Turned face up below, so that you can see how it is split:")
    top, bottom = st.columns([5, 4])
    with top:
        st.markdown("Top 5: **Elder's** to draw from")
        _cards(d.talon[:5], width=SMALL_WIDTH, caption="top card first")
    with bottom:
        st.markdown("Bottom 3: **Younger's**")
        _cards(d.talon[5:], width=SMALL_WIDTH)
    for role, blank in zip(("Elder", "Younger"), d.blanche, strict=True):
        if blank:
            st.success(f"{role}'s hand is carte blanche (no king, queen or jack)! Lesson 3.")
    with st.expander(f"The deal, batch by batch (in {'twos' if twos else 'threes'})"):
        rows: list[dict[str, Any]] = []
        for n in range(0, 12, batch):
            rows.append({"batch": len(rows) + 1, "to": "Elder",
                         "cards": _names(d.elder_dealt[n:n + batch])})
            rows.append({"batch": len(rows) + 1, "to": "Younger",
                         "cards": _names(d.younger_dealt[n:n + batch])})
        st.table(rows, hide_index=True)
        st.caption(f"Deal number {seed}. The same number always gives the same cards.")


# =========================================================================== 2 exchange

_CAVENDISH_DEAL: Final = {
    "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    "younger": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    "talon": "9S 8S KH 9C KD QS AC 7D",
    "discard": "KS 8C 7C 9D 8D",
    "discard_four": "8C 7C 9D 8D",
    "younger_discard": "7S 9H 7H",
}


def _limit(key: str, most: int) -> None:
    """A player may not pick more discards than the rules allow: undo the extra one."""
    ss = st.session_state
    picked = list(ss.get(key) or [])
    if len(picked) > most:
        ss[key] = list(ss.get(f"{key}_prev", picked[:most]))
        ss[f"{key}_over"] = True
    else:
        ss[f"{key}_prev"] = picked
        ss.pop(f"{key}_over", None)


def _set_discards(key: str, cards: str) -> None:
    picked = list(parse_cards(cards))
    st.session_state[key] = picked
    st.session_state[f"{key}_prev"] = picked


def _discard_pills(key: str, who: str, hand: Sequence[Card], allowed: range,
                   default: Sequence[Card]) -> list[Card]:
    """The pills of one player's discards, at most ``allowed.stop - 1`` of them."""
    ss = st.session_state
    most = allowed.stop - 1
    if key not in ss:
        ss[key] = list(default)
        ss[f"{key}_prev"] = list(default)
    st.pills(f"Click the cards {who} discards ({allowed.start} to {most}):", hand,
             selection_mode="multi", key=key, format_func=lambda c: card_label(c, _fc()),
             on_change=_limit, args=(key, most))
    if ss.pop(f"{key}_over", False):
        st.warning(f"{who} may discard at most {counted(most, 'card')}: unselect one first.",
                   icon=":material/block:")
    return [c for c in ss.get(key) or [] if c in hand]


def exchange_widget() -> None:
    """Both exchanges on a dealt hand: Elder's discards (at most 5), what he draws and what
    he leaves; then Younger's discards, what he draws (Elder's leftovers first) and what
    stays in the talon, under the preset."""
    ss = st.session_state
    rules = current_rules()
    source = st.segmented_control(
        "Deal", ["cavendish", "random"], key="lessons_ex_source", default="cavendish",
        required=True,
        format_func=lambda s: "Cavendish's example" if s == "cavendish" else "A random deal")
    if source == "random":
        seed = ss.setdefault("lessons_ex_seed", 1)
        st.button("Deal again", key="lessons_ex_deal", icon=":material/casino:",
                  on_click=_new_seed, args=("lessons_ex_seed",))
        d = DealState.deal(seed, rules=rules)
        default: list[Card] = []
        deal_id = f"r{seed}"
    else:
        d = DealState(rules, parse_cards(_CAVENDISH_DEAL["elder"]),
                      parse_cards(_CAVENDISH_DEAL["younger"]),
                      parse_cards(_CAVENDISH_DEAL["talon"]))
        default = list(parse_cards(_CAVENDISH_DEAL["discard"]))
        deal_id = "cav"
    key = f"lessons_ex_discard_{deal_id}"
    if source == "cavendish":
        with st.container(horizontal=True, gap="small"):
            st.button("Cavendish's discards (five)", key="lessons_ex_five", type="tertiary",
                      icon=":material/style:", on_click=_set_discards,
                      args=(key, _CAVENDISH_DEAL["discard"]))
            st.button("Elder leaves one", key="lessons_ex_leave_one", type="tertiary",
                      icon=":material/style:", on_click=_set_discards,
                      args=(key, _CAVENDISH_DEAL["discard_four"]))
    hand = sort_cards(d.elder_dealt)
    st.markdown("**Elder's twelve cards as dealt** (the discards are greyed)")
    _cards(hand, dim=set(c for c in ss.get(key) or [] if c in hand))
    picked = _discard_pills(key, "Elder", hand, d.exchange_range("elder"), default)
    if not picked:
        allowed = d.exchange_range("elder")
        st.info(f"Choose {allowed.start} to {allowed.stop - 1} cards for Elder to discard.")
        return
    try:
        after = d.discard("elder", picked)
    except ValueError as err:
        _error(err)
        return
    drawn = after.drawn("elder")
    left = tuple(c for c in after.view("elder").seen_talon if c not in drawn)
    gone, came = st.columns(2)
    with gone:
        st.markdown(f"**Discarded**: {counted(len(picked), 'card')}, face down")
        _cards(sort_cards(picked), width=SMALL_WIDTH)
    with came:
        st.markdown(f"**Drawn** from the top of the talon: {counted(len(drawn), 'card')} "
                    "(outlined)")
        _cards(drawn, width=SMALL_WIDTH, highlight=set(drawn))
    st.markdown("**Elder's hand after the exchange** (new cards outlined)")
    _cards(sort_cards(after.hand("elder")), highlight=set(drawn))
    if left:
        n = len(left)
        st.markdown(f"Elder leaves **{n}** of his five ({'it stays' if n == 1 else 'they stay'}"
                    " on top of the talon, for Younger). He may look at "
                    f"{'it' if n == 1 else 'them'}:")
        _cards(left, width=SMALL_WIDTH)
    rest = len(d.talon) - len(drawn)
    st.markdown(f"**The talon now**: {counted(rest, 'card')}, face down"
                + (f" (Elder's {len(left)} on top)" if left else ""))
    _faces_down(rest)
    _younger_exchange(after, deal_id, left, default_younger=(
        list(parse_cards(_CAVENDISH_DEAL["younger_discard"]))
        if source == "cavendish" and set(picked) == set(default) else []))
    _preset_note(rules)


def _younger_exchange(after: DealState, deal_id: str, left: Sequence[Card],
                      default_younger: list[Card]) -> None:
    """Younger's half of the exchange, on the talon Elder has left."""
    rules = after.rules
    yr = after.exchange_range("younger")
    st.info(f"**Younger** may now exchange **{yr.start} to {yr.stop - 1}** cards"
            + (", taking Elder's leftovers first. " if left else ". ")
            + rule_sentence(rules, "younger_must_exchange"), icon=":material/swap_horiz:")
    yhand = sort_cards(after.younger_dealt)
    elder_id = _crc(*sorted(c.index for c in after.elder_discard or ()))
    ykey = f"lessons_ex_ydiscard_{deal_id}_{elder_id}"
    st.markdown("**Younger's twelve cards as dealt**")
    _cards(yhand, width=SMALL_WIDTH, dim=set(c for c in st.session_state.get(ykey) or []
                                             if c in yhand))
    ypicked = _discard_pills(ykey, "Younger", yhand, yr, default_younger)
    if len(ypicked) < yr.start:
        st.info(f"Choose {yr.start} to {yr.stop - 1} cards for Younger to discard.")
        return
    try:
        done = after.discard("younger", ypicked)
    except ValueError as err:
        _error(err)
        return
    ydrawn = done.drawn("younger")
    taken_left = [c for c in ydrawn if c in left]
    if ydrawn:
        st.markdown(f"**Younger draws** {counted(len(ydrawn), 'card')}, from the top: "
                    + _names(ydrawn)
                    + (f" (Elder's leftover{'s' if len(taken_left) != 1 else ''} "
                       f"{_names(taken_left)} first)" if taken_left else ""))
        st.markdown("**Younger's hand after the exchange** (new cards outlined)")
        _cards(sort_cards(done.hand("younger")), highlight=set(ydrawn))
    else:
        st.markdown("**Younger exchanges nothing** and keeps his twelve cards.")
    stays = done.talon[len(done.elder_discard or ()) + len(ypicked):]
    if not stays:
        st.markdown("**The talon is empty**: every card has been taken.")
        return
    elder_left = [c for c in stays if c in left]
    fate = rule_sentence(rules, "younger_may_look_at_leftovers")
    st.markdown(f"**Left in the talon**: {counted(len(stays), 'card')}, out of play for "
                f"this deal. {fate}"
                + (f" Among them {'is' if len(elder_left) == 1 else 'are'} Elder's "
                   f"leftover{'s' if len(elder_left) != 1 else ''} {_names(elder_left)}, "
                   "which Elder has already seen and does not get back." if elder_left
                   else ""))
    _cards(stays, width=SMALL_WIDTH, caption="turned face up here, so that you can see them")


# =========================================================================== 3 blanche

_BLANCHE: Final = "AS 10S 9S AH 10H 8H 7H AD 9D 8D 10C 9C"


def blanche_widget() -> None:
    """Test a dealt hand for carte blanche; the courts that spoil it are outlined."""
    rules = current_rules()
    hand = _hand_input(
        "lessons_blanche_hand", "A hand as dealt (12 cards)", _BLANCHE,
        examples={"Carte blanche": _BLANCHE,
                  "Spoiled by one jack": _BLANCHE.replace("9C", "JC"),
                  "Spoiled by courts": "KS QS 9S AH 10H 8H 7H AD JD 8D 10C 9C"})
    if hand is not None:
        courts = [c for c in hand if c.rank.is_court]
        _cards(sort_cards(hand), highlight=set(courts))
        if analyse(hand).carte_blanche:
            st.success("**Carte blanche**: no king, queen or jack. Worth **10**, reckoned "
                       "first of everything.", icon=":material/celebration:")
        else:
            st.error(f"**Not carte blanche**: spoiled by {_names(sort_cards(courts))} "
                     "(outlined). Aces and tens would not spoil it.", icon=":material/block:")
        st.caption(f"When it is shown, under {_label(rules.name)}: {blanche_timing(rules)}")
    blanks = sum(1 for c in DECK if not c.rank.is_court)
    ways, hands = math.comb(blanks, 12), math.comb(len(DECK), 12)
    st.metric("Odds of being dealt carte blanche", f"1 in {round(hands / ways):,}",
              help=f"{blanks} cards are not K, Q or J: C({blanks}, 12) / C({len(DECK)}, 12) = "
                   f"{ways:,} / {hands:,}", border=True, width="content")
    st.caption(f"{ways:,} blank hands out of {hands:,} possible hands ≈ 1 in "
               f"{hands / ways:,.1f}.")


# =========================================================================== 4 point

_POINT: Final = "AS KS QS 10S 8S KH QH JH 10H 8H 7C 7D"


def _arithmetic(cards: Sequence[Card]) -> str:
    if not cards:
        return "—"
    pips = [c.rank.pips for c in cards]
    return f"{' + '.join(map(str, pips))} = {sum(pips)}" if len(pips) > 1 else str(pips[0])


def point_widget() -> None:
    """Each suit's length and pip value with the arithmetic; the best suit outlined. Pick
    which cards of one suit are held and watch the numbers change."""
    base = _hand_input(
        "lessons_point_hand", "Your hand (12 cards)", _POINT,
        examples={"Two five-card suits": _POINT,
                  "A six-card suit": "AC QC JC 9C 8C 7C KH QH 10S 9S 8D 7D",
                  "Three-card point": "AS KS 7S AH 9H 8H AD QD 10D KC JC 9C"})
    if base is None:
        return
    suit: Suit = st.segmented_control(
        "Change the cards of one suit", SUITS, key="lessons_point_suit", default=Suit.SPADES,
        required=True, format_func=lambda s: f"{s.symbol}\ufe0e {s.noun}") or Suit.SPADES
    ss = st.session_state
    base_id = _crc(*sorted(base, key=lambda c: c.index))

    def held_key(s: Suit) -> str:
        return f"lessons_point_held_{s.value}_{base_id}"

    key = held_key(suit)
    in_suit = sort_cards(c for c in DECK if c.suit is suit)
    if key not in ss:
        ss[key] = [c for c in in_suit if c in base]
    # persist_state="page": each suit keeps its changes while another suit is on show
    st.pills(f"{suit.noun.capitalize()} held (click to add or remove)", in_suit,
             selection_mode="multi", key=key, format_func=lambda c: card_label(c, _fc()),
             persist_state="page")
    hand = sort_cards(
        c for s in SUITS
        for c in (ss[held_key(s)] if held_key(s) in ss else [x for x in base if x.suit is s]))
    combos = analyse(hand)
    best = combos.point
    if len(hand) != 12:
        st.caption(f"The hand now has {counted(len(hand), 'card')} (a real hand has 12): "
                   "fine for exploring the point.")
    _cards(hand, highlight=set(best.cards) if best else set())
    rows = []
    for p in combos.suit_points:
        rows.append({
            "suit": f"{p.suit.symbol}\ufe0e {p.suit.noun}",
            "cards": _names(p.cards) or "—",
            "length": p.length,
            "pip value": _arithmetic(p.cards),
            "": "◀ the point" if best is not None and p == best else "",
        })
    st.table(rows, hide_index=True)
    if best is None:
        st.info("No cards, no point.")
        return
    ties = [p for p in combos.suit_points if p != best and p.length == best.length]
    why = (f" Among the {best.length}-card suits, {best.pips} is the highest total."
           if ties else "")
    st.success(f"**Point: {counted(best.length, 'card')} making {best.pips}** in "
               f"{best.suit.noun}. "
               f"It scores **{best.score}** (one per card) if it is good.{why}",
               icon=":material/star:")


# =========================================================================== 5 sequence

_SEQUENCE: Final = "KH QH JH 10H 9H 10S 9S 8S AD KD QD 7C"


def sequence_widget() -> None:
    """Every sequence of a hand, outlined on the cards with its name and score."""
    hand = _hand_input(
        "lessons_seq_hand", "Your hand (12 cards)", _SEQUENCE,
        examples={"Lesson example": _SEQUENCE,
                  "Quart, never two tierces": "AS KS QS JS 9S 8H 7H AD QD 10C 9C 8C",
                  "Huitième": "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"})
    if hand is None:
        return
    runs = analyse(hand).sequences
    outlined = {c for r in runs for c in r.cards}
    _cards(sort_cards(hand), highlight=outlined)
    if not runs:
        st.info("No sequence here: no three cards in a row of one suit.")
        return
    for run in runs:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            _cards(run.cards, width=SMALL_WIDTH, highlight=set(run.cards))
        with text_col:
            st.markdown(f"**{run.name}** in {run.suit.noun} — {run.length} cards, "
                        f"scores **{run.score}**")
    total = sum(r.score for r in runs)
    sums = " + ".join(str(r.score) for r in runs)
    st.success(f"Best sequence: **{runs[0].name}**. If it is good, this hand scores "
               f"{sums}{f' = {total}' if len(runs) > 1 else ''} for sequences; "
               "if not, nothing.", icon=":material/star:")


# =========================================================================== 6 sets

_SETS: Final = "AS AH AD 10S 10H 10D 10C 9S 9H 9D KS QC"


def sets_widget() -> None:
    """Every trio and quatorze of a hand outlined and scored; nines and below noted."""
    hand = _hand_input(
        "lessons_sets_hand", "Your hand (12 cards)", _SETS,
        examples={"Lesson example": _SETS,
                  "Cavendish's Younger": "10S QS 10H AC KC QC 10C AD QD JD 10D 7D",
                  "Four nines": "9S 9H 9D 9C KS KH KD AS QH JD 8C 7C"})
    if hand is None:
        return
    sets = analyse(hand).sets
    _cards(sort_cards(hand), highlight={c for s in sets for c in s.cards})
    for s in sets:
        cards_col, text_col = st.columns([2, 3], vertical_alignment="center")
        with cards_col:
            _cards(s.cards, width=SMALL_WIDTH, highlight=set(s.cards))
        with text_col:
            st.markdown(f"**{s.call}**: a {s.kind}, scores **{s.score}**")
    for rank in Rank:
        same = [c for c in hand if c.rank is rank]
        if rank not in SET_RANKS and len(same) >= 3:
            word = "Four" if len(same) == 4 else "Three"
            st.warning(f"{word} {rank.plural} ({_names(same)}): {rank.plural} never form "
                       "sets. Only tens and higher do.", icon=":material/block:")
    if sets:
        sums = " + ".join(str(s.score) for s in sets)
        total = sum(s.score for s in sets)
        st.success(f"Best set: **{sets[0].call}**. If it is good, this hand scores {sums}"
                   f"{f' = {total}' if len(sets) > 1 else ''} for sets; if not, nothing.",
                   icon=":material/star:")
    else:
        st.info("No set here: no three or four aces, kings, queens, jacks or tens.")


# =========================================================================== 7 dialogue

_DIALOGUE_ELDER: Final = "AS JS 9S 8S AH KH QH JH 8H JC 9C KD"
_DIALOGUE_YOUNGER: Final = "10S QS 10H KC QC 10C AC AD QD JD 10D 7D"
_CATEGORY_NAMES: Final = {"point": "Point", "sequences": "Sequence", "sets": "Sets"}
_ANSWERS: Final = {"Good.": "pq-good", "Not good.": "pq-notgood", "Equal.": "pq-equal"}


def _dialogue_html(lines: Sequence[Any]) -> str:
    out = ['<div class="pq-dialogue">']
    for line in lines:
        text = html.escape(line.text)
        chip = _ANSWERS.get(line.text)
        if chip and line.speaker == "younger":
            text = f'<span class="{chip}">{text}</span>'
        out.append(f'<div class="pq-{line.speaker}"><span class="pq-speaker">'
                   f"{line.speaker.capitalize()}</span> {text}</div>")
    out.append("</div>")
    return "".join(out)


def dialogue_widget() -> None:
    """Two hands, the dialogue line by line, and each verdict explained."""
    rules = current_rules()
    left, right = st.columns(2)
    with left:
        elder = _hand_input("lessons_dlg_elder", "Elder's hand after the exchange",
                            _DIALOGUE_ELDER, who="Elder")
    with right:
        younger = _hand_input("lessons_dlg_younger", "Younger's hand after the exchange",
                              _DIALOGUE_YOUNGER, who="Younger")
    if elder is None or younger is None:
        return
    specs: dict[Role, dict[str, list[Any]] | None] = {"elder": None, "younger": None}
    with st.expander("Sink: declare nothing in a category"):
        for role in ("elder", "younger"):
            sunk = st.pills(f"{role.capitalize()} declares nothing in", list(_CATEGORY_NAMES),
                            selection_mode="multi", key=f"lessons_dlg_sink_{role}",
                            format_func=lambda c: _CATEGORY_NAMES[c])
            if sunk:
                specs[role] = {c: [] for c in sunk}
        st.caption("Sinking part of a combination (a tierce from a quart) is in the Lab.")
    try:
        s = score_declarations(elder, younger, rules=rules, elder_declares=specs["elder"],
                               younger_declares=specs["younger"])
    except ValueError as err:
        _error(err)
        return
    outlined = False
    pairs: tuple[tuple[Role, tuple[Card, ...]], ...] = (("elder", elder), ("younger", younger))
    for role, hand in pairs:
        st.markdown(f"**{role.capitalize()}** · {s.total(role)} from declarations")
        scoring = {c for v in s.verdicts if v.winner == role for x in v.scored for c in x.cards}
        outlined = outlined or bool(scoring)
        _cards(sort_cards(hand), width=SMALL_WIDTH, highlight=scoring)
    st.caption("Outlined: the cards that score." if outlined
               else "Neither player scores a combination, so no card is outlined.")
    st.subheader("The dialogue")
    st.html(_dialogue_html(s.dialogue))
    st.subheader("Why")
    for v in s.verdicts:
        st.markdown(f"- **{_CATEGORY_NAMES[v.category]}.** {v.explain()}")
    try:
        st.page_link("app_pages/lab.py", label="Try sinking in the Declarations Lab",
                     icon=":material/science:")
    except Exception:  # the Lab page is not in this app's navigation
        st.caption("The Declarations Lab lets you sink part of any combination.")


# =========================================================================== 8 reckoning


@dataclass(frozen=True)
class _Example:
    title: str
    story: str
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)
    leads: int = 0
    """Elder leads (and wins) this many tricks from the first, before Younger scores."""
    captured: bool = False
    """Elder then leads one more trick, and Younger captures it."""


_EXAMPLES: Final = {
    "ex1": _Example("Example 1: repique by Elder",
                    "Elder: point 7, sequences 15 + 4 + 3, a trio 3. Younger scores nothing.",
                    {"point": (7, 0), "sequences": (22, 0), "sets": (3, 0)}),
    "ex2": _Example("Example 2: repique by Younger",
                    "Point and sequence both Equal; Younger: two quatorzes and a trio.",
                    {"sets": (0, 31)}),
    "ex3": _Example("Example 3: equality does not save a pique",
                    "Point Equal. Elder: quint 15, quatorze 14 = 29; then he leads.",
                    {"sequences": (15, 0), "sets": (14, 0)}, leads=1),
    "ex4": _Example("Example 4: no repique despite 32",
                    "Younger's point (say five cards) is good. Elder: quint 15, tierce 3, "
                    "quatorze 14 = 32.",
                    {"point": (0, 5), "sequences": (18, 0), "sets": (14, 0)}),
    "missed": _Example("Example: Younger scores first in play, no pique",
                       "Elder: point 5, quint 15, two trios 6 = 26; Younger nothing. Elder "
                       "leads two winning tricks, then a third that Younger captures.",
                       {"point": (5, 0), "sequences": (15, 0), "sets": (6, 0)}, leads=2,
                       captured=True),
    "ex7": _Example("Example 7: capot is not pique",
                    "Elder: point 6, quart major 4, three aces 3 = 13; he leads and wins all "
                    "twelve tricks.",
                    {"point": (6, 0), "sequences": (4, 0), "sets": (3, 0)}, leads=12),
    "presets": _Example("The presets differ: 17 and every trick",
                        "Elder: 17 from combinations (point 6, two quarts, a trio); Younger "
                        "nothing; Elder wins all twelve tricks.",
                        {"point": (6, 0), "sequences": (8, 0), "sets": (3, 0)}, leads=12),
    "custom": _Example("Custom scores", "Your own scores for each step."),
}
_STEPS: Final = ("blanche", "point", "sequences", "sets")
_STEP_NAMES: Final = {"blanche": "Carte blanche", "point": "Point", "sequences": "Sequences",
                      "sets": "Sets"}


def _custom_example() -> _Example:
    scores: dict[str, tuple[int, int]] = {}
    head = st.columns([2, 2, 2])
    head[1].markdown("**Elder**")
    head[2].markdown("**Younger**")
    for cat in _STEPS:
        row = st.columns([2, 2, 2], vertical_alignment="center")
        row[0].markdown(_STEP_NAMES[cat])
        pair = []
        for col, who in zip(row[1:], ("elder", "younger"), strict=True):
            with col:
                pair.append(int(st.number_input(
                    f"{who} {cat}", min_value=0, max_value=10 if cat == "blanche" else 200,
                    step=10 if cat == "blanche" else 1, key=f"lessons_reck_{who}_{cat}",
                    label_visibility="collapsed")))
        scores[cat] = (pair[0], pair[1])
    leads = int(st.number_input("Elder leads and wins the first tricks: how many?",
                                min_value=0, max_value=12, key="lessons_reck_leads"))
    return _Example("Custom scores", "Your own scores.", scores, leads)


_SWEEP: Final = tuple(zip(parse_cards("AS KS QS JS AH KH QH JH AD KD QD JD"),
                          parse_cards("10S 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D"), strict=True))
"""Twelve tricks that Elder leads and wins, for the examples where he sweeps the board."""


_LOSING_LEAD: Final = (parse_cards("7C")[0], parse_cards("AC")[0])
"""A lead that Younger captures (in place of the last trick of :data:`_SWEEP`)."""


def _reckon(ex: _Example, rules: Rules) -> Reckoning:
    """The engine's reckoning of an example under ``rules``: the declaration scores, then
    Elder leading and winning his first ``ex.leads`` tricks (and, if ``ex.captured``, one
    more lead that Younger captures), played by the engine (which adds the point for last
    and the capot when the preset and the tricks say so)."""
    sweep = _SWEEP if not ex.captured else (*_SWEEP[:11], _LOSING_LEAD)
    tricks = list(sweep[:ex.leads])
    if ex.captured:
        tricks.append(_LOSING_LEAD)
    elder = sum(a.bit for a, _ in sweep)
    younger = sum(b.bit for _, b in sweep)
    played = play_tricks(elder, younger, tricks, rules)
    return reckon(**ex.scores, play=played.points, cards=played.cards, capot=played.capot)


def _step_to(key: str, value: int) -> None:
    st.session_state[key] = value


def _tally(events: Sequence[ScoreEvent], upto: int) -> list[dict[str, Any]]:
    """The running tally up to step ``upto``, noting where a player first reaches 30."""
    rows: list[dict[str, Any]] = []
    reached: set[str] = set()
    for n, ev in enumerate(events[:upto], 1):
        total = ev.elder_total if ev.player == "elder" else ev.younger_total
        note = ""
        if ev.category in ("repique", "pique"):
            note = f"★ {ev.category.upper()} +{ev.points}"
        elif total >= 30 and ev.player not in reached:
            note = f"{ev.player.capitalize()} reaches 30"
        if total >= 30:
            reached.add(ev.player)
        rows.append({"step": n, "reckoned": ev.label, "who": ev.player.capitalize(),
                     "points": ev.points, "Elder": ev.elder_total,
                     "Younger": ev.younger_total, "note": note})
    return rows


def _styled(rows: list[dict[str, Any]]) -> Any:
    """The tally as a pandas Styler: bonus rows in gold, the 30th point in bold."""
    import pandas as pd  # type: ignore[import-untyped]

    def paint(row: Any) -> list[str]:
        note = str(row["note"])
        if note.startswith("★"):
            return ["background-color: rgba(242, 183, 5, 0.28); font-weight: 700"] * len(row)
        return ["font-weight: 700" if note else ""] * len(row)

    return pd.DataFrame(rows).style.apply(paint, axis=1).hide(axis="index")


def reckoning_widget() -> None:
    """Step through the order of reckoning with a running tally; see 30 reached, and the
    repique or pique made or blocked."""
    rules = current_rules()
    name = st.selectbox("Example", list(_EXAMPLES), key="lessons_reck_example",
                        format_func=lambda k: _EXAMPLES[k].title)
    ex = _EXAMPLES[name] if name != "custom" else _custom_example()
    if name != "custom":
        st.markdown(f"*{ex.story}*")
    try:
        r = _reckon(ex, rules)
    except ValueError as err:
        _error(err)
        return
    events = r.events
    if not events:
        st.info("Nobody scores anything: nothing to reckon.")
        return
    key = f"lessons_reck_step_{name}_{_crc(*events)}"
    ss = st.session_state
    ss.setdefault(key, 1)
    n = len(events)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.button("Back", key=f"{key}_back", icon=":material/skip_previous:",
                  on_click=_step_to, args=(key, max(1, ss[key] - 1)), disabled=ss[key] <= 1)
        st.button("Next step", key=f"{key}_next", icon=":material/skip_next:", type="primary",
                  on_click=_step_to, args=(key, min(n, ss[key] + 1)), disabled=ss[key] >= n)
        st.button("To the end", key=f"{key}_end", icon=":material/last_page:",
                  on_click=_step_to, args=(key, n), disabled=ss[key] >= n)
    if n > 1:
        st.slider("Step", 1, n, key=key)
    step = int(ss[key])
    ev = events[step - 1]
    st.markdown(f"**Step {step} of {n}**: {ev.label}, {ev.player.capitalize()} scores "
                f"**{ev.points}**")
    for col, who, total in zip(st.columns(2), ("Elder", "Younger"),
                               (ev.elder_total, ev.younger_total), strict=True):
        col.progress(min(total, 30) / 30,
                     text=f"{who}: **{total}**" + (" (30 reached)" if total >= 30 else " of 30"))
    st.table(_styled(_tally(events, step)))
    if step < n:
        st.caption("Step on to the end to see whether a repique or pique is made.")
        return
    text = r.explain_bonus()
    if r.repique or r.pique:
        st.success(text, icon=":material/emoji_events:")
    else:
        st.info(text, icon=":material/block:")
    st.markdown(f"Totals: **Elder {r.total('elder')}**, **Younger {r.total('younger')}**.")
    _preset_note(rules)


# =========================================================================== 9 play

_PLAY_HAND: Final = "AD 8D 10S 9S 7S KH QH 9H AC JC 8C 7C"


def play_widget() -> None:
    """A lead and the second player's hand: the legal replies outlined; for a reply, who
    wins the trick and what each player scores."""
    rules = current_rules()
    leader: Role = st.segmented_control(
        "Who leads?", ["elder", "younger"], key="lessons_play_leader", default="elder",
        required=True, format_func=str.capitalize) or "elder"
    second: Role = "younger" if leader == "elder" else "elder"
    lead_col, hand_col = st.columns([1, 2])
    with lead_col:
        lead = st.selectbox(f"{leader.capitalize()} leads", sort_cards(DECK),
                            key="lessons_play_lead", index=sort_cards(DECK).index(
                                parse_cards("KD")[0]),
                            format_func=lambda c: f"{c.pretty}\ufe0e  {c.name}")
    with hand_col:
        hand = _hand_input("lessons_play_hand", f"{second.capitalize()}'s hand (1 to 12 cards)",
                           _PLAY_HAND, who=second.capitalize(), size=None)
    if hand is None or lead is None:
        return
    if not hand:
        st.info(f"Type {second.capitalize()}'s cards.")
        return
    if len(hand) > 12:
        st.error(f"{second.capitalize()} has {len(hand)} cards; a hand has at most 12.")
        return
    if lead in hand:
        st.error(f"{lead} is the card led, so it cannot be in {second.capitalize()}'s hand.")
        return
    legal = legal_cards(sort_cards(hand), lead)
    st.markdown(f"**The card led** by {leader.capitalize()}")
    _cards([lead])
    follows = all(c.suit is lead.suit for c in legal)
    st.markdown(f"**{second.capitalize()}'s hand**: the legal replies are outlined "
                + ("(he must follow suit)" if follows else "(he has none of the suit led, so "
                   "any card will do)"))
    _cards(sort_cards(hand), highlight=set(legal), dim=set(hand) - set(legal))
    key = f"lessons_play_reply_{_crc(lead, *sorted(hand, key=lambda c: c.index))}"
    if key not in st.session_state:
        st.session_state[key] = legal[0]
    reply = st.pills(f"{second.capitalize()} plays", sort_cards(hand), key=key,
                     format_func=lambda c: card_label(c, _fc()))
    if reply is None:
        st.info(f"Choose the card {second.capitalize()} plays.")
        return
    mask = sum(c.bit for c in hand)
    try:
        verify_play(mask, reply, lead, second.capitalize())
    except ValueError as err:
        _error(err)
        return
    captured = trick_winner(lead, reply)
    winner: Role = second if captured else leader
    trick = Trick(1, leader, lead, reply, winner)
    # Score the trick through the engine (its first trick is always led by "elder").
    result = play_tricks(lead.bit, mask, [(lead, reply)], rules)
    pts = {leader: 0, second: 0}
    for p in result.points:
        pts[leader if p.player == "elder" else second] += 1
    st.success(trick.explain(), icon=":material/style:")
    a, b = st.columns(2)
    a.metric(f"{leader.capitalize()} (leader)", f"+{pts[leader]}",
             help="1 for each card led, won or lost", border=True)
    b.metric(f"{second.capitalize()} (second)", f"+{pts[second]}",
             help="1 when he captures the lead", border=True)
    st.markdown(f"**{winner.capitalize()}** wins the trick and leads to the next.")
    last = ("the winner of the twelfth trick scores 1 more, “for last”"
            if rules.last_trick_point else "the last trick scores nothing extra")
    st.caption(f"Under {_label(rules.name)}, {last}.")


# =========================================================================== 10 partie

_SETTLEMENTS: Final = ((131, 113), (120, 100), (120, 99), (125, 81), (51, 49), (112, 112))
MAX_PARTIE: Final = 8 * 170
"""No partie total can be higher: at most eight deals of at most 170 points."""


def _set_totals(a: int, b: int) -> None:
    st.session_state["lessons_partie_a"] = str(a)
    st.session_state["lessons_partie_b"] = str(b)


def _total(text: str, who: str) -> tuple[int | None, str | None]:
    """A partie total typed by the user: (value, None) or (None, the problem in words)."""
    raw = text.strip()
    shown = md_escape(raw if len(raw) <= 20 else raw[:20] + "…")
    if not raw:
        return None, f"{who}'s total is empty: type a whole number such as 125."
    if not (raw.isascii() and raw.isdigit()):
        return None, f"{who}'s total “{shown}” is not a whole number of 0 or more."
    value = int(raw)
    if value > MAX_PARTIE:
        return None, (f"{who}'s total {value:,} is more than a partie can score "
                      f"(at most {MAX_PARTIE:,}: eight deals of at most 170).")
    return value, None


def partie_widget() -> None:
    """Two partie totals and the settlement, rubicon and all. A bad total is named (both at
    once) and no settlement is shown beside it."""
    ss = st.session_state
    ss.setdefault("lessons_partie_a", "125")
    ss.setdefault("lessons_partie_b", "81")
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown("The lesson's examples:")
        for ex_a, ex_b in _SETTLEMENTS:
            st.button(f"{ex_a} v {ex_b}", key=f"lessons_partie_ex_{ex_a}_{ex_b}",
                      on_click=_set_totals, args=(ex_a, ex_b))
    left, right = st.columns(2)
    with left:
        st.text_input("A's total after six deals", key="lessons_partie_a", max_chars=12)
    with right:
        st.text_input("B's total after six deals", key="lessons_partie_b", max_chars=12)
    a, bad_a = _total(str(ss.get("lessons_partie_a") or ""), "A")
    b, bad_b = _total(str(ss.get("lessons_partie_b") or ""), "B")
    problems = [p for p in (bad_a, bad_b) if p]
    if problems or a is None or b is None:
        st.error("  \n".join(problems), icon=":material/error:")
        return
    s = settle_partie(a, b)
    if s.winner is None:
        st.info(s.explain() + " (A tie after six deals is first followed by two more deals; "
                "only a tie after eight is a draw.)",
                icon=":material/balance:")
        return
    c1, c2 = st.columns(2)
    c1.metric(f"{s.winner} wins the partie", f"{s.points}", border=True)
    c2.metric("Loser rubiconed?", "yes" if s.rubiconed else "no", border=True)
    st.success(s.explain(), icon=":material/emoji_events:")


# =========================================================================== 11 differences


_RULE_TEXT: Final = {
    # Rules field: (the rule, what True means, what False means, what it changes)
    "last_trick_point": ("Point for the last trick", "+1 to the winner of trick 12", "none",
                         "the score"),
    "younger_must_exchange": ("Younger must exchange at least one card", "yes",
                              "no: he need not exchange", "the exchange"),
    "higher_cut_chooses": ("First dealer", "the higher cut chooses", "the higher cut deals",
                           "the cut"),
    "younger_may_look_at_leftovers": (
        "Cards Younger leaves in the talon",
        "he may look at them; if he does, Elder may too once he has named his first lead",
        "face up for both, or face down for neither", "what each player sees"),
    "blanche_shown_after_opponent_discards": (
        "When carte blanche is shown",
        "announced at once; shown after the opponent has discarded (Elder after Younger's "
        "discard)", "Elder at once; Younger announces it at once, shows it after Elder's "
        "exchange", "what each player sees"),
}


def _rule_rows(current: Rules) -> list[dict[str, str]]:
    """One row per option of :class:`piquet.rules.Rules`, one column per preset; the values
    are read from the preset objects."""
    def title(name: str) -> str:
        return _label(name) + (" (in use)" if name == current.name else "")

    rows = [{"rule": "Source", **{title(n): r.source for n, r in PRESETS.items()},
             "changes": ""}]
    for f in fields(Rules):
        if f.name in ("name", "title", "source"):
            continue
        label, yes, no, changes = _RULE_TEXT.get(
            f.name, (f.name.replace("_", " ").capitalize(), "yes", "no", ""))
        rows.append({"rule": label,
                     **{title(n): yes if getattr(r, f.name) else no
                        for n, r in PRESETS.items()},
                     "changes": changes})
    return rows


def differences_widget() -> None:
    """The two presets side by side (from the engine's Rules objects), and one real deal
    scored under each."""
    rules = current_rules()
    st.table(_rule_rows(rules), hide_index=True)
    st.markdown("**One deal, two presets.** Cavendish's worked deal (lessons 2 and 9), "
                "scored by the engine under each preset:")
    record = {
        "elder": _CAVENDISH_DEAL["elder"].split(),
        "younger": _CAVENDISH_DEAL["younger"].split(),
        "talon": _CAVENDISH_DEAL["talon"].split(),
        "elder_discard": _CAVENDISH_DEAL["discard"].split(),
        "younger_discard": ["7S", "9H", "7H"],
        "tricks": [["AH", "10H"], ["KH", "7D"], ["QH", "10D"], ["JH", "JD"], ["8H", "QD"],
                   ["KD", "AD"], ["AC", "9C"], ["KC", "JC"], ["QC", "8S"], ["10C", "9S"],
                   ["QS", "AS"], ["JS", "10S"]],
    }
    score_rows = []
    for n, preset in PRESETS.items():
        sheet = DealState.from_record({**record, "rules": n}).score().as_dict()
        score_rows.append({"preset": _label(n),
                           "Elder: play": sheet["elder"]["play"],
                           "Elder: total": sheet["elder"]["total"],
                           "Younger: total": sheet["younger"]["total"],
                           "point for last": "yes" if preset.last_trick_point else "no"})
    st.table(score_rows, hide_index=True)


# =========================================================================== registry

WIDGETS: Final[dict[str, Callable[[], None]]] = {
    "deal": deal_widget,
    "exchange": exchange_widget,
    "blanche": blanche_widget,
    "point": point_widget,
    "sequence": sequence_widget,
    "sets": sets_widget,
    "dialogue": dialogue_widget,
    "reckoning": reckoning_widget,
    "play": play_widget,
    "partie": partie_widget,
    "differences": differences_widget,
}
"""Lesson slug -> the function drawing its live widget."""


def lesson_widget(slug: str) -> None:
    """Draw the lesson's widget in a bordered "Try it" box (nothing if it has none)."""
    draw = WIDGETS.get(slug)
    if draw is None:
        return
    with st.container(border=True, key=f"lessons_widget_{slug}"):
        st.subheader(":material/touch_app: Try it", anchor=TRY_IT)
        draw()


_PAGE_LINK: Final = re.compile(
    r"^\[(?P<label>[^\]]+)\]\(/(?P<page>[a-z]+)(?:\?(?P<query>[^)\s]*))?\)$")
"""A line that is only a Markdown link to one of the app's pages, ``[label](/play?x=y)``."""
PAGES: Final = Path(__file__).resolve().parent.parent / "app_pages"


def page_links(text: str) -> list[tuple[str, str, dict[str, str]]]:
    """The app-page links standing alone on a line of ``text``: (label, page, params)."""
    out = []
    for line in text.splitlines():
        m = _PAGE_LINK.match(line.strip())
        if m:
            params = dict(urllib.parse.parse_qsl(m.group("query") or ""))
            out.append((m.group("label"), m.group("page"), params))
    return out


def lesson_markdown(text: str) -> None:
    """A lesson's prose. A line that is only a link to one of the app's pages becomes a
    page link (same tab, same session, the preset kept); the rest is Markdown."""
    chunk: list[str] = []

    def flush() -> None:
        if "".join(chunk).strip():
            st.markdown("\n".join(chunk))
        chunk.clear()

    for line in text.splitlines():
        m = _PAGE_LINK.match(line.strip())
        page = PAGES / f"{m.group('page')}.py" if m else None
        if m is None or page is None or not page.exists():
            chunk.append(line)
            continue
        flush()
        params = dict(urllib.parse.parse_qsl(m.group("query") or ""))
        try:
            st.page_link(f"app_pages/{page.name}", label=m.group("label"),
                         icon=":material/play_circle:", query_params=params or None)
        except Exception:  # the page is not in this app's navigation
            st.markdown(md_escape(m.group("label")))
    flush()


def lesson_intro(lesson: Lesson) -> None:
    """The lesson's title, and a link down to its live widget."""
    st.title(f"{lesson.number}. {lesson.title}", anchor=False)
    if lesson.slug in WIDGETS:
        st.markdown(f"[:material/touch_app: Jump to the live example](#{TRY_IT})")

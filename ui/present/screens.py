"""A presentation's screens: each step of :mod:`ui.present.steps` as one screen that fits a
1920×1080 projector without scrolling, its text at least 28 px and its cards a fifth of the
screen high, with big buttons (Back, Reveal, Next) and the keys → ← R.

The step is in the page's address (``step=N``, from 1), so that a teacher can share or
resume a presentation and a reload keeps it; a step out of range is brought back into it, and
one that is not a number starts the presentation at step 1, each with a sentence that says
so. Younger's answers are hidden until revealed (R, the Reveal button, or Next)."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Final

import streamlit as st

from piquet import Card, LineKind
from piquet.reckon import ROLES, Role
from piquet.record import SHEET_KEYS
from ui.cards import cards_row_html
from ui.dialogue import answer_chip, lang_attribute, speech_html
from ui.lab.views import bonus_sentence, reckoning_markdown
from ui.present.keys import Action, present_keys
from ui.present.steps import Kind, Presentation, Step, named_cards
from ui.settings import four_colour
from words import _, ngettext
from words.declarations import line_text, verdict_text
from words.names import role_name
from words.play import trick_text
from words.reckoning import bonus_text, sheet_label

__all__ = ["PARAM", "in_range", "present_deal", "read_step", "screen", "step_title"]

PARAM: Final = "step"
"""The address's parameter that holds the step shown (1 the first)."""

CSS: Final = """
[data-testid='stMainBlockContainer']{padding-top:1rem;padding-bottom:1rem;max-width:100%}
%S{--pqp-card:min(21vh,22vw);font-size:30px;line-height:1.35}
%S,%S p,%S li,%S td,%S th,%S div,%S span{font-size:30px}
%S [data-testid='stMarkdownContainer'] p,%S [data-testid='stMarkdownContainer'] td,
%S [data-testid='stMarkdownContainer'] th{font-size:30px;line-height:1.35}
%S [data-testid='stMarkdownContainer'] td,%S [data-testid='stMarkdownContainer'] th{
  padding:.15rem .9rem}
%S .st-key-pqp_tally tbody tr:last-child{background:#fff3c4;font-weight:700}
.pqp-top{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;
  border-bottom:3px solid #d9d9df;padding-bottom:.2rem}
%S .pqp-title{font-size:46px;font-weight:700;line-height:1.15}
%S .pqp-count{font-size:30px;color:#44454d;white-space:nowrap}
%S .pqp-who{font-size:34px;font-weight:700}
%S .pqp-note{font-size:28px;background:#e8f0fe;border-radius:.4rem;padding:.2rem .7rem}
%S .pq-cards{flex-wrap:nowrap !important;zoom:1 !important;padding-top:calc(var(--pqp-card)*.16);
  margin:0 0 1rem 0 !important}
%S .pq-cards svg.pq-card{height:var(--pqp-card);width:auto;transition:none}
%S .pq-overlap svg.pq-card:not(:first-child){
  margin-left:calc(var(--pqp-card) / -1.4 * .64) !important}
%S .pq-cards svg.pq-card:has(.pq-highlight){transform:translateY(-14%)}
%S .pqp-small .pq-cards svg.pq-card{height:calc(var(--pqp-card)*.7)}
%S .pqp-small .pq-overlap svg.pq-card:not(:first-child){
  margin-left:calc(var(--pqp-card)*.7 / -1.4 * .5) !important}
%S .pqp-trick{display:flex;gap:2.5rem}
%S .pqp-trick .pq-cards svg.pq-card{height:calc(var(--pqp-card)*1.15)}
%S .pqp-stacked{--pqp-card:min(25vh,24vw)}
%S .pq-dialogue{max-width:none;font-size:30px}
%S .pqp-before{opacity:.6}
%S .pqp-now .pq-elder,%S .pqp-now .pq-younger,%S .pqp-now span{font-size:46px;
  font-weight:700}
%S .pqp-ask{font-size:30px;font-style:italic}
%S .pqp-totals{display:flex;gap:3rem;flex-wrap:wrap}
%S .pqp-total{font-size:34px}
%S .pqp-total b{font-size:72px;line-height:1.1;display:block}
%S button{min-height:72px;padding:.3rem 2rem}
%S button p,%S button div{font-size:32px !important;font-weight:600}
@media (max-width:640px){
  %S,%S p,%S li,%S td,%S th,%S div,%S span{font-size:20px}
  %S [data-testid='stMarkdownContainer'] p,%S [data-testid='stMarkdownContainer'] td,
  %S [data-testid='stMarkdownContainer'] th{font-size:18px;padding:.1rem .3rem}
  %S .pqp-title{font-size:28px}%S .pqp-count{font-size:20px}
  %S .pqp-now .pq-elder,%S .pqp-now .pq-younger,%S .pqp-now span{font-size:26px}
  %S .pqp-total b{font-size:44px}
  %S button{min-height:56px;padding:.2rem 1rem}
  %S button p,%S button div{font-size:22px !important}}
"""
"""The screens' stylesheet; ``%S`` stands for the screen's container (its key's class)."""


def step_title(p: Presentation, step: Step) -> str:
    """What a screen is about, as its title says it."""
    if step.kind is Kind.HANDS:
        return _("The hands")
    if step.kind is Kind.LINE:
        return _("The dialogue")
    if step.kind is Kind.RECKON:
        return _("Order of reckoning")
    if step.kind is Kind.TOTALS:
        return _("After Elder's first lead")
    if step.kind is Kind.TRICK:
        # TRANSLATORS: the title of a presentation's screen showing one trick of the play
        return _("Trick {n} of {total}", n=step.index + 1,
                 total=len(p.deal.play.tricks) if p.deal else 0)
    return _("The deal's score")


def in_range(total: int, raw: str | None) -> tuple[int, int | str | None]:
    """The number (1..``total``) an address's parameter asks for, and what was asked when it
    had to be changed: the number out of range, or the text (cut short) that is not one.

    >>> in_range(10, "4"), in_range(10, None), in_range(10, "40"), in_range(10, "x")
    ((4, None), (1, None), (10, 40), (1, 'x'))
    """
    if raw is None:
        return 1, None
    try:
        asked = int(raw.strip())
    except ValueError:
        return 1, raw if len(raw) <= 24 else raw[:24] + "…"
    number = min(max(asked, 1), max(total, 1))
    return number, None if number == asked else asked


def read_step(total: int, raw: str | None) -> tuple[int, str | None]:
    """The step (1..``total``) the address asks for, and a sentence when it had to be changed.

    >>> read_step(10, "4")
    (4, None)
    >>> read_step(10, None)
    (1, None)
    >>> read_step(10, "40")[0], read_step(10, "0")[0], read_step(10, "x")[0]
    (10, 1, 1)
    """
    step, asked = in_range(total, raw)
    if asked is None:
        return step, None
    if isinstance(asked, str):
        return 1, _("The address asks for step “{step}”, which is not a number: the "
                    "presentation starts at step 1.", step=asked)
    return step, ngettext(
        "This presentation has {n} step, so step {asked} does not exist: it shows step "
        "{step}.",
        "This presentation has {n} steps, so step {asked} does not exist: it shows step "
        "{step}.", total, asked=asked, step=step)


def _revealed_key(key: str) -> str:
    return f"_{key}_revealed"


def _go(key: str, param: str, total: int, action: Action) -> None:
    """A button's or a key's action (a callback): move through the steps, or reveal."""
    ss = st.session_state
    now, _note = read_step(total, _param(param))
    info = ss.get(f"_{key}_revealable")
    hidden = bool(info) and ss.get(_revealed_key(key)) != now
    if action == "reveal" or (action == "next" and hidden):
        if hidden:
            ss[_revealed_key(key)] = now
        return
    new = min(now + 1, total) if action == "next" else max(now - 1, 1)
    if action == "back":
        ss[_revealed_key(key)] = new  # a step gone back to shows what it had revealed
    st.query_params[param] = str(new)


def _param(param: str) -> str | None:
    value = st.query_params.get(param)
    return None if value is None else str(value)


def _names() -> Mapping[Role, str]:
    return {role: role_name(role) for role in ROLES}


def _top(title: str, count: str) -> str:
    return (f'<div class="pqp-top"><span class="pqp-title">{html.escape(title)}'
            f'</span><span class="pqp-count">{html.escape(count)}</span></div>')


def _hands(p: Presentation, lifted: Mapping[Role, frozenset[Card]], *,
           stacked: bool = False) -> None:
    """Both hands side by side (``stacked``: one above the other, larger), the cards in
    ``lifted`` raised (and the rest dimmed when any is)."""
    colours = four_colour()
    anything = any(lifted.values())
    cols = [st.container(key=f"pqp_stacked_{role}") for role in ROLES] if stacked else (
        st.columns(2, gap="large"))
    for col, role in zip(cols, ROLES, strict=True):
        hand = p.score.elder if role == "elder" else p.score.younger
        up = lifted.get(role, frozenset())
        row = cards_row_html(hand, width=52, highlight=up, four_colour=colours, overlap=True,
                             dim=frozenset(hand) - up if anything else frozenset())
        look = "pqp-stacked" if stacked else "pqp-side"
        col.markdown(f'<div class="pqp-who">{html.escape(role_name(role))}</div>'
                     f'<div class="{look}">{row}</div>', unsafe_allow_html=True)


def _line(p: Presentation, step: Step, revealed: bool) -> None:
    line = p.line(step)
    _hands(p, named_cards(p.score, line))
    names = _names()
    before = p.score.dialogue[max(0, step.index - 2):step.index]
    out = [f'<div class="pq-dialogue" {lang_attribute()}>']
    for earlier in before:
        out.append('<div class="pqp-before">' + speech_html(
            earlier.speaker, names[earlier.speaker], line_text(earlier),
            answer_chip(earlier)) + "</div>")
    if line.kind is LineKind.ANSWER and not revealed:
        out.append('<div class="pqp-now">' + speech_html(line.speaker, names[line.speaker], "…")
                   + "</div>")
        out.append('<div class="pqp-ask">' + html.escape(
            _("Good, not good or equal? Press R, or Reveal, to hear the answer.")) + "</div>")
    else:
        out.append('<div class="pqp-now">' + speech_html(
            line.speaker, names[line.speaker], line_text(line), answer_chip(line)) + "</div>")
        if line.kind is LineKind.ANSWER:
            verdict = next(v for v in p.score.verdicts if v.category == line.category)
            out.append("<div>" + html.escape(verdict_text(verdict)) + "</div>")
    out.append("</div>")
    st.markdown("".join(out), unsafe_allow_html=True)


def _totals_html(elder: int, younger: int) -> str:
    return '<div class="pqp-totals">' + "".join(
        f'<div class="pqp-total">{html.escape(role_name(role))}<b>{points}</b></div>'
        for role, points in (("elder", elder), ("younger", younger))) + "</div>"


def _reckon(p: Presentation, step: Step) -> None:
    left, right = st.columns([3, 2], gap="large")
    left.container(key="pqp_tally").markdown(
        reckoning_markdown(p.reckoning.events[:step.index + 1]))
    elder, younger = p.totals(step)
    right.markdown(_totals_html(elder, younger), unsafe_allow_html=True)
    cards = p.scored_cards(step)
    if cards:
        ev = p.event(step)
        hand = p.score.elder if ev.player == "elder" else p.score.younger
        shown = tuple(c for c in hand if c in cards)
        right.markdown('<div class="pqp-small">' + cards_row_html(
            shown, width=52, four_colour=four_colour(), overlap=True) + "</div>",
            unsafe_allow_html=True)


def _totals(p: Presentation, step: Step) -> None:
    left, right = st.columns([3, 2], gap="large")
    left.markdown(reckoning_markdown(p.reckoning.events))
    right.markdown(_totals_html(*p.totals(step)), unsafe_allow_html=True)
    st.markdown(f"<div>{html.escape(bonus_sentence(p.score, p.reckoning))}</div>",
                unsafe_allow_html=True)


def _trick(p: Presentation, step: Step) -> None:
    trick = p.trick(step)
    won = trick.led if trick.winner == trick.leader else trick.second
    left, right = st.columns([3, 2], gap="large")
    cards = "".join(
        f'<div><div class="pqp-who">{html.escape(role_name(role))}</div>'
        + cards_row_html((card,), width=52, four_colour=four_colour(),
                         highlight=frozenset({won}) & {card}) + "</div>"
        for role, card in ((trick.leader, trick.led), (trick.follower, trick.second)))
    left.markdown(f'<div class="pqp-trick">{cards}</div><div>{html.escape(trick_text(trick))}'
                  "</div>", unsafe_allow_html=True)
    right.markdown(_totals_html(*p.totals(step)), unsafe_allow_html=True)


def _end(p: Presentation, step: Step) -> None:
    assert p.deal is not None
    sheet = p.deal.as_dict()
    rows = [f"| | {role_name('elder')} | {role_name('younger')} |", "|---|---:|---:|"]
    rows += [f"| {sheet_label(k)} | {sheet['elder'][k]} | {sheet['younger'][k]} |"
             for k in SHEET_KEYS if sheet["elder"][k] or sheet["younger"][k]]
    left, right = st.columns([3, 2], gap="large")
    left.markdown("\n".join(rows))
    right.markdown(_totals_html(*p.totals(step)), unsafe_allow_html=True)
    st.markdown(f"<div>{html.escape(bonus_text(p.deal.reckoning))}</div>",
                unsafe_allow_html=True)


def screen(key: str, *, title: str, count: str, note: str | None, body: Callable[[], None],
           back: bool, forward: bool, reveal: bool | None,
           on_action: Callable[[Action], None],
           end: tuple[str, Callable[[], None]] | None = None) -> None:
    """One screen of a presentation: ``title`` and where it is (``count``), ``note`` (what
    was wrong with the address), ``body``, then the big buttons ← Back (enabled when
    ``back``), Reveal (R) (none when ``reveal`` is None; disabled once it is True), Next →
    (enabled when ``forward``) and ``end`` (a label and its callback), and the keys → ← R.
    The buttons and keys call ``on_action``. ``key`` names the elements (one a page)."""
    st.html("<style>" + CSS.replace("%S", f".st-key-{key}_screen")
            + f".st-key-{key}_keys_box{{display:none}}</style>")  # the key script's element
    with st.container(key=f"{key}_screen"):
        st.markdown(_top(title, count), unsafe_allow_html=True)
        if note:
            st.markdown(f'<div class="pqp-note">{html.escape(note)}</div>',
                        unsafe_allow_html=True)
        with st.container(key=f"{key}_pqp_body"):
            body()
        nav = f"{key}_nav"
        with st.container(key=nav, horizontal=True, gap="medium"):
            st.button(_("← Back"), key=f"{key}_back", disabled=not back,
                      on_click=on_action, args=("back",))
            if reveal is not None:
                st.button(_("Reveal (R)"), key=f"{key}_reveal", disabled=reveal,
                          on_click=on_action, args=("reveal",))
            st.button(_("Next →"), key=f"{key}_next", type="primary", disabled=not forward,
                      on_click=on_action, args=("next",))
            if end is not None:
                st.button(end[0], key=f"{key}_end", on_click=end[1])
    present_keys(f"{key}_keys", nav, on_action)


def present_deal(p: Presentation, *, key: str = "pq_present", param: str = PARAM) -> int:
    """Draw the screen of the step the address names (its parameter ``param``), with the
    buttons and keys that move through ``p``; returns the step shown (1..``len(p)``). ``key``
    names the elements (one presentation a page)."""
    total = len(p)
    raw = _param(param)
    number, note = read_step(total, raw)
    if raw is not None and raw != str(number):
        st.query_params[param] = str(number)  # the address says what is shown
    step = p.steps[number - 1]
    revealable = p.revealable(step)
    st.session_state[f"_{key}_revealable"] = revealable
    revealed = not revealable or st.session_state.get(_revealed_key(key)) == number

    def body() -> None:
        if step.kind is Kind.HANDS:
            _hands(p, {}, stacked=True)
        elif step.kind is Kind.LINE:
            _line(p, step, revealed)
        elif step.kind is Kind.RECKON:
            _reckon(p, step)
        elif step.kind is Kind.TOTALS:
            _totals(p, step)
        elif step.kind is Kind.TRICK:
            _trick(p, step)
        else:
            _end(p, step)

    # TRANSLATORS: where a presentation is, e.g. "Step 4 of 27"
    count = _("Step {n} of {total}", n=number, total=total)
    screen(key, title=step_title(p, step), count=count, note=note, body=body,
           back=number > 1, forward=number < total or not revealed,
           reveal=revealed if revealable else None,
           on_action=lambda action: _go(key, param, total, action))
    return number

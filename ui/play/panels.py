"""The panels of a deal on the Play page: the hand with its controls, the exchange, the
declarations, the trick, the tally, the cut, the deal's summary and the settlement."""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Sequence
from dataclasses import replace

import streamlit as st

from academy.rule_text import rule_sentence
from academy.walkthrough import (
    spoken_under,
)
from piquet import Card, DealScore, Partie, get_rules
from piquet.cards import sort_cards
from piquet.deal import DealState, Phase, PlayerView
from piquet.declare import (
    Answer,
    Calls,
    Declaration,
    DialogueLine,
    LineKind,
    declaration_from_spec,
    possible_answers,
)
from piquet.partie import Settlement
from piquet.players import Hint, HintKind
from ui.cards import card_svg
from ui.components.card_hand import card_hand
from ui.dialogue import dialogue_html
from ui.links import page_link
from ui.play.advice import advice_hint
from ui.play.computer import _show_hint
from ui.play.draw import CARD_W, SMALL_W, _html_cards, _label, tally_html
from ui.play.state import (
    K_ANNOUNCED,
    K_CUT,
    K_FEEDBACK,
    K_PARTIE,
    K_RECORDS,
    K_STRENGTH,
    K_UNDO,
    STRENGTHS,
    Feedback,
    Seat,
    _declarable,
    _on_choose,
    _on_declare,
    _on_exchange,
    _on_new_partie,
    _on_next_deal,
    _on_replay_deal,
    _on_take_hint,
    _on_try_again,
    _on_undo,
    _selected_discards,
    _ss,
    deal_totals,
    learner_spec,
    partie_so_far,
    sheet_now,
    strength_label,
)
from ui.play.taps import DISCARD_HAND, TRICK_HAND, on_discard_tap, on_play_tap
from ui.play.words import (
    _hand_notes,
    exchange_button_label,
    follow_suit_text,
    hand_label,
    led_card_caption,
    tick_text,
    tricks_caption,
)
from ui.review import review_panel
from ui.settings import four_colour, preset_label
from ui.text import md_escape
from words import _
from words.declarations import answer_text, says_nothing, verdict_text
from words.errors import error_text
from words.names import category_noun, category_title, deal_heading, role_name
from words.play import trick_text
from words.reckoning import bonus_text

# --- drawing the deal -----------------------------------------------------------------


def _announcements(score: DealScore | None) -> None:
    """Repique, pique and capot, announced when they happen (and kept on the page)."""
    if score is None:
        return
    for ev in score.reckoning.events:
        if ev.category not in ("repique", "pique", "capot"):
            continue
        text = _announcement(ev.category, ev.player == _ss().get("play_learner"))
        st.markdown(f'<div class="pq-announce">{html.escape(text)}</div>',
                    unsafe_allow_html=True)
        announced: set[str] = _ss().setdefault(K_ANNOUNCED, set())
        if ev.category not in announced:
            announced.add(ev.category)
            st.toast(text, icon=":material/celebration:")


def _announcement(category: str, you: bool) -> str:
    """Repique, pique or capot, as announced on the page (``you``: the learner made it)."""
    if category == "repique":
        return (_("Repique! You reached 30 on combinations alone before the other scored "
                  "anything: 60 more.") if you else
                _("Repique! The computer reached 30 on combinations alone before the other "
                  "scored anything: 60 more."))
    if category == "pique":
        return (_("Pique! You reached 30 in combinations and play before the other scored "
                  "anything: 30 more.") if you else
                _("Pique! The computer reached 30 in combinations and play before the other "
                  "scored anything: 30 more."))
    return (_("Capot! You won all twelve tricks: 40.") if you else
            _("Capot! The computer won all twelve tricks: 40."))


def _hand_with_controls(deal: DealState, seat: Seat, view: PlayerView, hint: Hint | None) -> None:
    """The learner's hand: cards to tap — the discards (at most as many as may be
    exchanged), or the card to play (those that do not follow suit disabled) — else shown."""
    hand = sort_cards(view.hand)
    ph = deal.phase
    my_exchange = ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE) and \
        deal.to_move == seat.learner
    my_play = ph is Phase.PLAY and deal.to_move == seat.learner
    legal = set(view.legal) if my_play else set()
    drawn = set(deal.drawn(seat.learner)) if not deal.declared[1] else set()
    selected = set(_selected_discards(hand)) if my_exchange else set()
    if not hand:
        return
    _label(hand_label(len(hand), _hand_notes(hand, drawn, selected, (),
                                             legal if my_play else None)))
    with st.container(key="play_hand"):
        if my_exchange:
            card_hand(DISCARD_HAND, hand, selected=[c for c in hand if c in selected],
                      max_selected=view.exchange_range.stop - 1,
                      on_change=functools.partial(on_discard_tap, seat.learner),
                      label=_("Your hand: tap the cards to discard"))
        elif my_play:
            card_hand(TRICK_HAND, hand, mode="play", disabled=[c for c in hand if c not in legal],
                      on_change=functools.partial(on_play_tap, seat.learner),
                      label=_("Your hand: tap a card to play it"))
            if deal.lead is not None and len(legal) < len(hand):
                st.caption(follow_suit_text(deal.lead))
        else:
            _html_cards(hand, width=CARD_W, highlight=drawn, overlap=False)


def _exchange_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Hint | None) -> None:
    role = seat.learner
    if deal.to_move != role:
        # TRANSLATORS: {role} is Elder or Younger
        st.markdown(_("The computer is **{role}** and exchanges now.",
                      role=role_name(seat.computer)))
        return
    rng = view.exchange_range
    lo, hi = rng.start, rng.stop - 1
    if role == "elder":
        st.markdown(_("**Your exchange.** You are Elder: tap **{lo} to {hi}** cards of your "
                      "hand to discard; you draw as many from the top of the talon.", lo=lo,
                      hi=hi))
    elif lo == 0:
        st.markdown(_("**Your exchange.** You are Younger: tap **{lo} to {hi}** cards of your "
                      "hand to discard — or none, to keep your hand; you draw as many from "
                      "what is left of the talon.", lo=lo, hi=hi))
    else:
        st.markdown(_("**Your exchange.** You are Younger: tap **{lo} to {hi}** cards of your "
                      "hand to discard; you draw as many from what is left of the talon.",
                      lo=lo, hi=hi))
    n = len(_selected_discards(view.hand))
    ok = lo <= n <= hi
    label = exchange_button_label(n, lo)
    c1, c2 = st.columns([1, 3])
    c1.button(label, key="play_exchange", type="primary", disabled=not ok,
              on_click=_on_exchange, args=(role,))
    if hint is not None and hint.kind is HintKind.DISCARD:
        hinted = hint.cards
        c2.button(_("Choose the hinted cards"), key="play_take_hint", on_click=_on_take_hint,
                  args=(hinted,), disabled=not hinted)
        _show_hint(hint)
    if not ok:
        st.caption(tick_text(lo, hi, n))
    if _ss().get("play_hints", True):  # the exchange advisor's best discard, when asked
        advice_hint(view)


def _declaration_widgets(hand: Sequence[Card]) -> None:
    items = _declarable(hand)
    if not items:
        st.caption(_("You hold no point, sequence or set to declare… every hand has a point, "
                     "so this cannot happen."))
    st.caption(_("Untick a combination to sink it (declare less, to hide your hand). "
                 "What you sink cannot score."))
    for k, label, _combo in items:
        st.checkbox(label, value=True, key=k)


def _declare_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Hint | None) -> None:
    role = seat.learner
    if deal.to_move != role:
        st.markdown(_("The computer is declaring…"))
        return
    hand = view.hand
    if hint is not None and hint.kind is HintKind.DECLARE:
        _show_hint(hint)
    if role == "elder":
        st.markdown(_("**Your declarations.** You are Elder: you call first — your point (how "
                      "many cards), your best sequence, your best set. The computer answers."))
        _declaration_widgets(hand)
        try:
            mine = declaration_from_spec(hand, learner_spec(hand), who="Elder")
            calls = Calls.of(mine).lines(None)
            st.markdown(dialogue_html(calls, seat.names), unsafe_allow_html=True)
        except ValueError as e:
            st.error(md_escape(error_text(e)))
        st.button(_("Call"), key="play_declare", type="primary", on_click=_on_declare,
                  args=(role,))
        return
    st.markdown(_("**Your declarations.** You are Younger: the computer (Elder) calls; answer "
                  "each call — **{good}** (his is better), **{not_good}** (yours is better) or "
                  "**{equal}** — comparing it with what you declare.",
                  good=answer_text(Answer.GOOD), not_good=answer_text(Answer.NOT_GOOD),
                  equal=answer_text(Answer.EQUAL)))
    _declaration_widgets(hand)
    elder_calls = view.opponent_calls
    if elder_calls is None:  # cannot happen: Younger declares after Elder
        return
    try:
        mine_d: Declaration | None = declaration_from_spec(hand, learner_spec(hand))
    except ValueError:
        mine_d = None
    calls = elder_calls.lines(mine_d.point.length if mine_d and mine_d.point else None)
    for cat in ("point", "sequences", "sets"):
        lines = [ln for ln in calls if ln.category == cat]
        st.markdown(dialogue_html(lines, seat.names), unsafe_allow_html=True)
        if lines and not says_nothing(lines[0]):
            # TRANSLATORS: {category} is point, sequence or set
            # sets are never equal: a call of a set is answered Good or Not good
            st.radio(_("Your answer ({category})", category=category_noun(cat)),
                     possible_answers(cat),
                     index=None, horizontal=True, key=f"play_answer_{cat}",
                     format_func=answer_text)
    st.button(_("Answer"), key="play_declare", type="primary", on_click=_on_declare,
              args=(role,))


def _dialogue_panel(deal: DealState, seat: Seat, score: DealScore) -> None:
    """The declarations as they were spoken, each verdict with its reason, and the learner's
    answers checked."""
    feedback = [fb for fb in _ss().get(K_FEEDBACK) or [] if isinstance(fb, Feedback)]
    lines = spoken_under(score.declarations.dialogue, deal.rules)
    st.markdown(dialogue_html(as_answered(lines, feedback), seat.names),
                unsafe_allow_html=True)
    for fb in feedback:
        _feedback(fb)
    checked = {fb.category for fb in feedback}  # their verdicts are said with the answer
    for v in score.declarations.verdicts:
        if v.category in checked:
            continue
        # TRANSLATORS: {category} is Point, Sequence or Set; {verdict} who scores it and why
        st.caption(_("{category}: {verdict}", category=category_title(v.category),
                     verdict=verdict_text(v)))


def as_answered(lines: Sequence[DialogueLine], feedback: Sequence[Feedback]
                ) -> tuple[DialogueLine, ...]:
    """The declaring dialogue as the learner spoke it: his own answer to each call where he
    answered (the engine's dialogue has the right answer), and no answer where he gave none.
    The score lines stay the engine's: the cards decide, whatever was answered."""
    given = {fb.category: fb.given for fb in feedback}
    out: list[DialogueLine] = []
    for line in lines:
        if line.kind is LineKind.ANSWER and line.category in given:
            answer = given[line.category]
            if answer is None:
                continue
            line = replace(line, combination=answer)
        out.append(line)
    return tuple(out)


def _feedback(fb: Feedback) -> None:
    """Younger's answer to one call, checked, with the verdict's reason."""
    values = {"category": category_title(fb.category), "truth": answer_text(fb.truth),
              "why": verdict_text(fb.verdict)}
    if fb.given is fb.truth:
        # TRANSLATORS: {category} Point, Sequence or Set; {truth} the answer (Good, Not good,
        # Equal); {why} the verdict's reason
        st.success(_("{category}: you answered “{truth}” — right. {why}", **values))
    elif fb.given is None:
        st.warning(_("{category}: you did not answer; the answer is “{truth}”. {why}",
                     **values))
    else:
        st.error(_("{category}: you answered “{given}”, but the answer is “{truth}”. {why}",
                   given=answer_text(fb.given), **values))


def _replying(deal: DealState, seat: Seat) -> bool:
    """The learner is to play to a card the computer led."""
    return deal.phase is Phase.PLAY and deal.lead is not None and deal.to_move == seat.learner


def _led_card(deal: DealState, seat: Seat, view: PlayerView) -> None:
    """The card led, kept in view beside the learner's hand while he replies (sticky under
    the page's header, so that hand and trick are seen together on a phone)."""
    if not _replying(deal, seat) or deal.lead is None:
        return
    led = deal.lead
    must = len(view.legal) < len(view.hand)
    caption = led_card_caption(led, must)
    with st.container(key="play_led"):
        svg = card_svg(led, width=SMALL_W + 8, four_colour=four_colour())
        st.markdown(f'<div class="pq-led">{svg}<p>{html.escape(caption)}</p></div>',
                    unsafe_allow_html=True)


def _trick_area(deal: DealState, seat: Seat, score: DealScore | None) -> None:
    figs = []
    if deal.lead is not None and not _replying(deal, seat):
        figs.append((deal.lead, _("You led") if deal.leader == seat.learner
                     else _("Computer led")))
    if figs:
        _label(_("The trick"))
        inner = "".join(
            f"<figure>{card_svg(c, width=CARD_W, four_colour=four_colour())}"
            f"<figcaption>{html.escape(cap)}</figcaption></figure>" for c, cap in figs)
        st.markdown(f'<div class="pq-trick">{inner}</div>', unsafe_allow_html=True)
    if score is not None and score.play.tricks:
        t = score.play.tricks[-1]
        _label(_("Trick {n} — won by you", n=t.number) if t.winner == seat.learner
               else _("Trick {n} — won by the computer", n=t.number))
        _html_cards((t.led, t.second), width=SMALL_W + 8,
                    highlight={t.led if t.winner == t.leader else t.second})
        # TRANSLATORS: {trick} says the trick in a sentence
        st.caption(_("{trick} The winning card is outlined.",
                     trick=trick_text(t, names=_names(seat))))


def play_news(deal: DealState, seat: Seat, score: DealScore | None) -> list[str]:
    """What a screen reader is told after a move in the play of the cards (politely, in the
    page's language): the last trick and who won it, the tricks and the deal's score so far,
    the card the computer led; at the end, the deal's result. Nothing before the play."""
    if score is None or deal.phase not in (Phase.PLAY, Phase.DONE):
        return []
    lines: list[str] = []
    you, comp = deal_totals(deal, seat.learner)
    if deal.phase is Phase.DONE:
        lines.append(_("Deal over: you {you}, the computer {computer}", you=you, computer=comp))
    if score.play.tricks:
        t = score.play.tricks[-1]
        lines.append(_("Trick {n} — won by you", n=t.number) if t.winner == seat.learner
                     else _("Trick {n} — won by the computer", n=t.number))
        lines.append(trick_text(t, names=_names(seat)))
        lines.append(tricks_caption(score.play.tricks_won(seat.learner),
                                    score.play.tricks_won(seat.computer)))
    if deal.phase is Phase.PLAY:
        # TRANSLATORS: said to screen readers after each trick and lead
        lines.append(_("This deal so far: you {you}, the computer {computer}.", you=you,
                       computer=comp))
        if deal.lead is not None and _replying(deal, seat):
            view = deal.view(seat.learner)
            lines.append(led_card_caption(deal.lead, len(view.legal) < len(view.hand)))
    return lines


def _tally(deal: DealState, score: DealScore | None, seat: Seat) -> None:
    if score is None:
        return
    sheet = sheet_now(deal)  # the card led to the trick under way counts at once
    _label(_("This deal, by category"))
    st.markdown(tally_html(sheet, [(seat.learner, _("You")), (seat.computer, _("Computer"))]),
                unsafe_allow_html=True)
    won = (score.play.tricks_won(seat.learner), score.play.tricks_won(seat.computer))
    st.caption(tricks_caption(won[0], won[1]))


def _deal_summary(deal: DealState, seat: Seat, score: DealScore) -> None:
    you, comp = deal_totals(deal, seat.learner)
    st.subheader(_("Deal over: you {you}, the computer {computer}", you=you, computer=comp))
    st.markdown(md_escape(bonus_text(score.reckoning, names=_names(seat))))
    c1, c2, c3 = st.columns(3)
    c1.download_button(_("Download this deal (JSON)"), json.dumps(deal.record(), indent=1),
                       file_name=f"piquet-deal-{deal.seed}.json", mime="application/json",
                       key="play_download", icon=":material/download:",
                       on_click="ignore")  # a download needs no rerun
    c2.button(_("Replay it step by step"), key="play_replay", on_click=_on_replay_deal,
              icon=":material/slideshow:")
    last = partie_so_far(_ss()[K_PARTIE], deal, seat.learner).finished
    c3.button(_("Next deal") if not last else _("Finish the partie"), key="play_next_deal",
              type="primary", on_click=_on_next_deal, args=(seat.learner,),
              icon=":material/arrow_forward:")
    review_panel("play_review", deal.record(), (seat.learner,),
                 retry=functools.partial(_on_try_again, deal.record()), puzzles=True)


def _partie_sheet(partie: Partie) -> None:
    records = _ss().get(K_RECORDS) or []
    heads = (deal_heading(), _("You were"), _("You"), _("Computer"), _("Your total"),
             _("Computer total"))
    rows = ["<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>"]
    a = b = 0
    for i, (x, y) in enumerate(partie.scores, 1):
        a += x
        b += y
        role = html.escape(role_name(records[i - 1]["you"])) if i <= len(records) else ""
        rows.append(f"<tr><td>{i}</td><td>{role}</td><td>{x}</td><td>{y}</td>"
                    f"<td>{a}</td><td>{b}</td></tr>")
    st.markdown(f'<table class="pq-tally">{"".join(rows)}</table>', unsafe_allow_html=True)


def _cut_panel() -> None:
    cut = _ss()[K_CUT]
    rules = get_rules(cut["rules"])
    cuts = cut["cuts"]
    st.subheader(_("The cut"))
    for n, c in enumerate(cuts, 1):
        c1, c2 = st.columns(2)
        with c1:
            _html_cards((c.a,), width=SMALL_W + 8, caption=_("You cut (cut {n})", n=n)
                        if len(cuts) > 1 else _("You cut"))
        with c2:
            _html_cards((c.b,), width=SMALL_W + 8, caption=_("The computer cut"))
    if len(cuts) > 1:
        st.caption(_("Equal ranks cut again."))
    higher = cut["higher"]
    rule = rule_sentence(rules, "higher_cut_chooses")
    if rules.higher_cut_chooses:
        # TRANSLATORS: {rule} is the preset's rule on the cut, a sentence
        st.markdown(_("You cut higher. {rule} Cavendish advises the higher cut to deal, since "
                      "the first dealer is Elder in the sixth deal.", rule=rule) if higher == "A"
                    else _("The computer cut higher. {rule} Cavendish advises the higher cut "
                           "to deal, since the first dealer is Elder in the sixth deal.",
                           rule=rule))
        if higher == "A" and _ss().get(K_PARTIE) is None:
            c1, c2 = st.columns(2)
            c1.button(_("I deal first"), key="play_choose_deal", on_click=_on_choose,
                      args=("A",))
            c2.button(_("The computer deals first"), key="play_choose_elder",
                      on_click=_on_choose, args=("B",))
    else:
        st.markdown(_("You cut higher, so you deal first. {rule}", rule=rule) if higher == "A"
                    else _("The computer cut higher, so it deals first. {rule}", rule=rule))


def _start_panel() -> None:
    st.markdown(_("Play a **partie** of six deals against the computer. You alternate as "
                  "Elder and Younger. The app counts every score by the rules chosen in the "
                  "sidebar; the partie keeps the rules it started with."))
    st.segmented_control(_("Computer"), list(STRENGTHS), key=K_STRENGTH, default="computer",
                         format_func=strength_label, required=True,
                         persist_state="session")
    st.button(_("Start a partie"), key="play_new_partie", type="primary",
              on_click=_on_new_partie, icon=":material/playing_cards:")


def _deal_header(partie: Partie, seat: Seat, deal: DealState | None = None) -> None:
    """The deal's number, the learner's role, the preset and the partie's totals so far
    (the deal on the table counted the moment it ends)."""
    ta, tb = partie_so_far(partie, deal, seat.learner).totals
    values = {"n": len(partie.scores) + 1, "total": partie.deals_to_play,
              "rules": preset_label(partie.rules.name), "you": ta, "computer": tb}
    # TRANSLATORS: {rules} is the rules preset's name; {you} and {computer} the totals
    st.markdown(_("**Deal {n} of {total}** · you are **Elder** (the computer dealt) · {rules} · "
                  "partie so far: you {you}, the computer {computer}", **values)
                if seat.learner == "elder" else
                _("**Deal {n} of {total}** · you are **Younger** (you dealt) · {rules} · "
                  "partie so far: you {you}, the computer {computer}", **values))


def _controls(deal: DealState) -> None:
    c1, c2, c3 = st.columns([1, 1, 1])
    c1.toggle(_("Hints"), key="play_hints", value=True, persist_state="session",
              help=_("What to discard, what to declare, which card to play, with a reason."))
    c2.toggle(_("Auto-play forced cards"), key="play_autoplay", value=True,
              persist_state="session",
              help=_("When you have only one card you may play, play it for you."))
    stack = _ss().get(K_UNDO) or []
    c3.button(_("Undo my last action"), key="play_undo", on_click=_on_undo,
              disabled=not stack,
              icon=":material/undo:")


def _names(seat: Seat) -> dict[str, str]:
    """The roles as the trick's and the bonuses' sentences name them: "Elder (you)"."""
    if seat.learner == "elder":
        return {"elder": _("Elder (you)"), "younger": _("Younger (the computer)")}
    return {"elder": _("Elder (the computer)"), "younger": _("Younger (you)")}


def _left_cards(deal: DealState, seat: Seat) -> tuple[Card, ...]:
    if seat.learner != "elder" or deal.elder_discard is None or deal.declared[1]:
        return ()
    return deal.talon[len(deal.elder_discard):5]


def _settlement(partie: Partie) -> None:
    s = partie.settlement
    st.subheader(_("The partie is over"))
    _partie_sheet(partie)
    if s is None:
        return
    if s.winner is None:
        st.info(_("You and the computer both have {total}: the partie is drawn and nobody "
                  "scores.", total=s.total_a))
    elif s.winner == "A":
        st.success(_("**You win {points}.** {settlement}", points=s.points,
                     settlement=_settlement_text(s)))
    else:
        st.warning(_("**The computer wins {points}.** {settlement}", points=s.points,
                     settlement=_settlement_text(s)))
    if len(partie.scores) == 8:
        st.caption(_("The totals were equal after six deals, so two more deals were played."))
    a = ",".join(str(x) for x, _y in partie.scores)
    b = ",".join(str(y) for _x, y in partie.scores)
    page_link("app_pages/scoresheet.py", _("Open this partie on the score sheet"),
              {"a": a, "b": b}, icon=":material/table:")
    st.button(_("Play another partie"), key="play_new_partie", type="primary",
              on_click=_on_new_partie)


def _settlement_text(s: Settlement) -> str:
    """The settlement's arithmetic, the learner being A and the computer B."""
    values = {"low": min(s.total_a, s.total_b), "high": max(s.total_a, s.total_b),
              "points": s.points}
    # TRANSLATORS: {low} and {high} are the two totals; 100 is the rubicon
    if s.winner == "A":
        if s.rubiconed:
            return _("The computer has {low}, under 100: rubiconed. You score 100 + {high} + "
                     "{low} = {points}.", **values)
        return _("The computer has {low}, at least 100: not rubiconed. You score 100 + "
                 "({high} − {low}) = {points}.", **values)
    if s.rubiconed:
        return _("You have {low}, under 100: rubiconed. The computer scores 100 + {high} + "
                 "{low} = {points}.", **values)
    return _("You have {low}, at least 100: not rubiconed. The computer scores 100 + ({high} "
             "− {low}) = {points}.", **values)

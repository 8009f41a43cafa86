"""The panels of a deal on the Play page: the hand with its controls, the exchange, the
declarations, the trick, the tally, the cut, the deal's summary and the settlement."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import streamlit as st

from academy.rule_text import rule_sentence
from academy.walkthrough import (
    spoken_under,
)
from piquet import Card, DealScore, Partie, get_rules
from piquet.cards import sort_cards
from piquet.deal import DealState, Phase, PlayerView
from piquet.declare import (
    Calls,
    Declaration,
    declaration_from_spec,
)
from ui.cards import card_label, card_svg
from ui.dialogue import dialogue_html
from ui.play.computer import _show_hint
from ui.play.draw import CARD_W, SMALL_W, _html_cards, _label, tally_html
from ui.play.state import (
    ANSWERS,
    CATEGORY_TITLES,
    K_ANNOUNCED,
    K_CUT,
    K_FEEDBACK,
    K_PARTIE,
    K_RECORDS,
    K_STRENGTH,
    K_UNDO,
    STRENGTHS,
    Seat,
    _declarable,
    _on_choose,
    _on_declare,
    _on_exchange,
    _on_new_partie,
    _on_next_deal,
    _on_play,
    _on_replay_deal,
    _on_take_hint,
    _on_undo,
    _selected_discards,
    _ss,
    learner_spec,
)
from ui.play.words import (
    VS,
    _card_words,
    _hand_notes,
    discard_label,
    exchange_button_label,
    hand_label,
    tick_text,
    tricks_caption,
)
from ui.settings import four_colour
from ui.text import md_escape
from words.declarations import says_nothing, verdict_text
from words.errors import error_text
from words.play import trick_text
from words.reckoning import bonus_text, settlement_text

# --- drawing the deal -----------------------------------------------------------------


def _announcements(score: DealScore | None) -> None:
    """Repique, pique and capot, announced when they happen (and kept on the page)."""
    if score is None:
        return
    for ev in score.reckoning.events:
        if ev.category not in ("repique", "pique", "capot"):
            continue
        who = "You" if ev.player == _ss().get("play_learner") else "The computer"
        text = {"repique": f"Repique! {who} reached 30 on combinations alone before the "
                           "other scored anything: 60 more.",
                "pique": f"Pique! {who} reached 30 in combinations and play before the other "
                         "scored anything: 30 more.",
                "capot": f"Capot! {who} won all twelve tricks: 40."}[ev.category]
        st.markdown(f'<div class="pq-announce">{html.escape(text)}</div>',
                    unsafe_allow_html=True)
        announced: set[str] = _ss().setdefault(K_ANNOUNCED, set())
        if ev.category not in announced:
            announced.add(ev.category)
            st.toast(text, icon=":material/celebration:")


def _hand_with_controls(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    """The learner's hand: one card per column, with a checkbox (exchange) or a button
    (play) under it."""
    hand = sort_cards(view.hand)
    ph = deal.phase
    my_exchange = ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE) and \
        deal.to_move == seat.learner
    my_play = ph is Phase.PLAY and deal.to_move == seat.learner
    legal = set(view.legal) if my_play else set()
    drawn = set(deal.drawn(seat.learner)) if not deal.declared[1] else set()
    hinted = set(getattr(hint, "cards", ()) or ()) if hint is not None else set()
    selected = set(_selected_discards(hand)) if my_exchange else set()
    if not hand:
        return
    _label(hand_label(len(hand), _hand_notes(hand, drawn, selected, hinted & legal,
                                             legal if my_play else None)))
    with st.container(key="play_hand"):
        cols = st.columns(12, gap="small")
        for col, card in zip(cols, hand, strict=False):
            with col:
                outline = card in drawn or card in selected or (card in hinted and my_play)
                dim = (my_play and card not in legal) or card in selected
                st.markdown(card_svg(card, width=CARD_W, highlight=outline, dim=dim,
                                     four_colour=four_colour()), unsafe_allow_html=True)
                if my_exchange:
                    # the card is drawn just above: the label is for screen readers
                    st.checkbox(discard_label(card), key=f"play_discard_{card}",
                                label_visibility="collapsed")
                elif my_play:
                    st.button(card_label(card, four_colour()) if card in legal
                              else card.pretty + VS, key=f"play_card_{card}",
                              disabled=card not in legal, on_click=_on_play,
                              args=(seat.learner, str(card)), width="stretch",
                              help=f"Play the {card.name.lower()}" if card in legal else
                              "You must follow suit")


def _exchange_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    role = seat.learner
    if deal.to_move != role:
        st.markdown(f"The computer is **{seat.computer.capitalize()}** and exchanges now.")
        return
    rng = view.exchange_range
    lo, hi = rng.start, rng.stop - 1
    if role == "elder":
        st.markdown(f"**Your exchange.** You are Elder: tick **{lo} to {hi}** cards to "
                    "discard; you draw as many from the top of the talon.")
    else:
        st.markdown(f"**Your exchange.** You are Younger: tick **{lo} to {hi}** "
                    "cards to discard" + (" — or none, to keep your hand" if lo == 0 else "")
                    + "; you draw as many from what is left of the talon.")
    n = len(_selected_discards(view.hand))
    ok = lo <= n <= hi
    label = exchange_button_label(n, lo)
    c1, c2 = st.columns([1, 3])
    c1.button(label, key="play_exchange", type="primary", disabled=not ok,
              on_click=_on_exchange, args=(role,))
    hinted = tuple(getattr(hint, "cards", ()) or ()) if hint is not None else ()
    if hint is not None and getattr(hint, "kind", "") == "discard":
        c2.button("Tick the hinted cards", key="play_take_hint", on_click=_on_take_hint,
                  args=(hinted,), disabled=not hinted)
        _show_hint(hint)
    if not ok:
        st.caption(tick_text(lo, hi, n))


def _declaration_widgets(hand: Sequence[Card]) -> None:
    items = _declarable(hand)
    if not items:
        st.caption("You hold no point, sequence or set to declare… every hand has a point, "
                   "so this cannot happen.")
    st.caption("Untick a combination to sink it (declare less, to hide your hand). "
               "What you sink cannot score.")
    for k, label, _ in items:
        st.checkbox(label, value=True, key=k)


def _declare_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    role = seat.learner
    if deal.to_move != role:
        st.markdown("The computer is declaring…")
        return
    hand = view.hand
    if hint is not None and getattr(hint, "kind", "") == "declare":
        _show_hint(hint)
    if role == "elder":
        st.markdown("**Your declarations.** You are Elder: you call first — your point (how "
                    "many cards), your best sequence, your best set. The computer answers.")
        _declaration_widgets(hand)
        try:
            mine = declaration_from_spec(hand, learner_spec(hand), who="Elder")
            calls = Calls.of(mine).lines(None)
            st.markdown(dialogue_html(calls, seat.names), unsafe_allow_html=True)
        except ValueError as e:
            st.error(md_escape(error_text(e)))
        st.button("Call", key="play_declare", type="primary", on_click=_on_declare,
                  args=(role,))
        return
    st.markdown("**Your declarations.** You are Younger: the computer (Elder) calls; answer "
                "each call — **Good** (his is better), **Not good** (yours is better) or "
                "**Equal** — comparing it with what you declare.")
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
            st.radio(f"Your answer ({CATEGORY_TITLES[cat].lower()})", ANSWERS, index=None,
                     horizontal=True, key=f"play_answer_{cat}")
    st.button("Answer", key="play_declare", type="primary", on_click=_on_declare,
              args=(role,))


def _dialogue_panel(deal: DealState, seat: Seat, score: DealScore) -> None:
    """The declarations as they were spoken, each verdict with its reason, and the learner's
    answers checked."""
    st.markdown(dialogue_html(spoken_under(score.declarations.dialogue, deal.rules),
                              seat.names), unsafe_allow_html=True)
    for fb in _ss().get(K_FEEDBACK) or []:
        title = CATEGORY_TITLES[fb["category"]]
        if fb["given"] == fb["truth"]:
            st.success(f"{title}: you answered “{fb['given']}” — right. {fb['why']}")
        elif fb["given"] is None:
            st.warning(f"{title}: you did not answer; the answer is “{fb['truth']}”. "
                       f"{fb['why']}")
        else:
            st.error(f"{title}: you answered “{fb['given']}”, but the answer is "
                     f"“{fb['truth']}”. {fb['why']}")
    for v in score.declarations.verdicts:
        st.caption(f"{CATEGORY_TITLES[v.category]}: {verdict_text(v)}")


def _trick_area(deal: DealState, seat: Seat, score: DealScore | None) -> None:
    figs = []
    if deal.lead is not None:
        who = seat.names[deal.leader]
        figs.append((deal.lead, f"{who} led"))
    if figs:
        _label("The trick")
        inner = "".join(
            f"<figure>{card_svg(c, width=CARD_W, four_colour=four_colour())}"
            f"<figcaption>{html.escape(cap)}</figcaption></figure>" for c, cap in figs)
        st.markdown(f'<div class="pq-trick">{inner}</div>', unsafe_allow_html=True)
    if score is not None and score.play.tricks:
        t = score.play.tricks[-1]
        winner = "you" if t.winner == seat.learner else "the computer"
        _label(f"Trick {t.number} — won by {winner}")
        _html_cards((t.led, t.second), width=SMALL_W + 8,
                    highlight={t.led if t.winner == t.leader else t.second})
        st.caption(_card_words(_named(trick_text(t), seat)) + " The winning card is outlined.")


def _tally(score: DealScore | None, seat: Seat) -> None:
    if score is None:
        return
    sheet = score.as_dict()
    _label("This deal, by category")
    st.markdown(tally_html(sheet, [(seat.learner, "You"), (seat.computer, "Computer")]),
                unsafe_allow_html=True)
    won = (score.play.tricks_won(seat.learner), score.play.tricks_won(seat.computer))
    st.caption(tricks_caption(won[0], won[1]))


def _deal_summary(deal: DealState, seat: Seat, score: DealScore) -> None:
    sheet = score.as_dict()
    you, comp = sheet[seat.learner]["total"], sheet[seat.computer]["total"]
    st.subheader(f"Deal over: you {you}, the computer {comp}")
    st.markdown(md_escape(_named(bonus_text(score.reckoning), seat)))
    c1, c2, c3 = st.columns(3)
    c1.download_button("Download this deal (JSON)", json.dumps(deal.record(), indent=1),
                       file_name=f"piquet-deal-{deal.seed}.json", mime="application/json",
                       key="play_download", icon=":material/download:")
    c2.button("Replay it step by step", key="play_replay", on_click=_on_replay_deal,
              icon=":material/slideshow:")
    partie: Partie = _ss()[K_PARTIE]
    last = partie.add(sheet[seat.learner]["total"], sheet[seat.computer]["total"]).finished
    c3.button("Next deal" if not last else "Finish the partie", key="play_next_deal",
              type="primary", on_click=_on_next_deal, args=(seat.learner,),
              icon=":material/arrow_forward:")


def _partie_sheet(partie: Partie) -> None:
    records = _ss().get(K_RECORDS) or []
    rows = ['<tr><th>Deal</th><th>You were</th><th>You</th><th>Computer</th>'
            '<th>Your total</th><th>Computer total</th></tr>']
    a = b = 0
    for i, (x, y) in enumerate(partie.scores, 1):
        a += x
        b += y
        role = records[i - 1]["you"].capitalize() if i <= len(records) else ""
        rows.append(f"<tr><td>{i}</td><td>{role}</td><td>{x}</td><td>{y}</td>"
                    f"<td>{a}</td><td>{b}</td></tr>")
    st.markdown(f'<table class="pq-tally">{"".join(rows)}</table>', unsafe_allow_html=True)


def _cut_panel() -> None:
    cut = _ss()[K_CUT]
    rules = get_rules(cut["rules"])
    cuts = cut["cuts"]
    st.subheader("The cut")
    for n, c in enumerate(cuts, 1):
        c1, c2 = st.columns(2)
        with c1:
            _html_cards((c.a,), width=SMALL_W + 8, caption="You cut" + (
                f" (cut {n})" if len(cuts) > 1 else ""))
        with c2:
            _html_cards((c.b,), width=SMALL_W + 8, caption="The computer cut")
    if len(cuts) > 1:
        st.caption("Equal ranks cut again.")
    higher = cut["higher"]
    who = "You" if higher == "A" else "The computer"
    if rules.higher_cut_chooses:
        st.markdown(f"{who} cut higher. {rule_sentence(rules, 'higher_cut_chooses')} "
                    "Cavendish advises the higher cut to deal, since the first dealer is "
                    "Elder in the sixth deal.")
        if higher == "A" and _ss().get(K_PARTIE) is None:
            c1, c2 = st.columns(2)
            c1.button("I deal first", key="play_choose_deal", on_click=_on_choose,
                      args=("A",))
            c2.button("The computer deals first", key="play_choose_elder",
                      on_click=_on_choose, args=("B",))
    else:
        st.markdown(f"{who} cut higher, so {'you deal' if higher == 'A' else 'it deals'} "
                    f"first. {rule_sentence(rules, 'higher_cut_chooses')}")


def _start_panel() -> None:
    st.markdown("Play a **partie** of six deals against the computer. You alternate as "
                "Elder and Younger. Every score is the engine's, under the rules chosen in "
                "the sidebar; the partie keeps the rules it started with.")
    st.segmented_control("Computer", list(STRENGTHS), key=K_STRENGTH, default="computer",
                         format_func=lambda k: STRENGTHS[k], required=True,
                         persist_state="session")
    st.button("Start a partie", key="play_new_partie", type="primary",
              on_click=_on_new_partie, icon=":material/playing_cards:")


def _deal_header(partie: Partie, seat: Seat) -> None:
    n = len(partie.scores) + 1
    dealer = "the computer dealt" if seat.learner == "elder" else "you dealt"
    ta, tb = partie.totals
    st.markdown(f"**Deal {n} of {partie.deals_to_play}** · you are "
                f"**{seat.learner.capitalize()}** ({dealer}) · {partie.rules.title} · "
                f"partie so far: you {ta}, the computer {tb}")


def _controls(deal: DealState) -> None:
    c1, c2, c3 = st.columns([1, 1, 1])
    c1.toggle("Hints", key="play_hints", value=True, persist_state="session",
              help="What to discard, what to declare, which card to play, with a reason.")
    c2.toggle("Auto-play forced cards", key="play_autoplay", value=True,
              persist_state="session",
              help="When you have only one card you may play, play it for you.")
    stack = _ss().get(K_UNDO) or []
    c3.button("Undo my last action", key="play_undo", on_click=_on_undo,
              disabled=not stack,
              icon=":material/undo:")


def _named(text: str, seat: Seat) -> str:
    """An engine sentence with "Elder"/"Younger" told apart: "Elder (you)"."""
    for role in ("elder", "younger"):
        word = role.capitalize()
        who = "you" if role == seat.learner else "the computer"
        text = text.replace(word, f"{word} ({who})", 1)
    return text


def _left_cards(deal: DealState, seat: Seat) -> tuple[Card, ...]:
    if seat.learner != "elder" or deal.elder_discard is None or deal.declared[1]:
        return ()
    return deal.talon[len(deal.elder_discard):5]


def _settlement(partie: Partie) -> None:
    s = partie.settlement
    st.subheader("The partie is over")
    _partie_sheet(partie)
    if s is None:
        return
    ta = partie.totals[0]
    if s.winner is None:
        st.info(f"You and the computer both have {ta}: the partie is drawn and nobody scores.")
    else:
        text = settlement_text(s).replace("A has", "You have").replace("B has", "The computer has")
        text = text.replace("A scores", "You score").replace("B scores", "The computer scores")
        who = "You win" if s.winner == "A" else "The computer wins"
        (st.success if s.winner == "A" else st.warning)(f"**{who} {s.points}.** {text}")
    if len(partie.scores) == 8:
        st.caption("The totals were equal after six deals, so two more deals were played.")
    a = ",".join(str(x) for x, _ in partie.scores)
    b = ",".join(str(y) for _, y in partie.scores)
    st.page_link("app_pages/scoresheet.py", label="Open this partie on the score sheet",
                 icon=":material/table:", query_params={"a": a, "b": b})
    st.button("Play another partie", key="play_new_partie", type="primary",
              on_click=_on_new_partie)

"""Score sheet: the deals of a partie, running totals, a chart, and the settlement explained.

Links: ``/scoresheet?a=40,30,20&b=10,20,30`` (the values as typed, commas between them). A
link followed during a session (from Play's "Open this partie on the score sheet", say)
replaces what was typed; a page switch, which drops the parameters, keeps it."""

import streamlit as st

from piquet import settle_partie
from ui.links import new_visit, remember_written, was_written
from ui.scores import MAX_DEAL_SCORE, parse_totals, running_chart, sheet_state, tokens
from ui.text import md_escape
from words import _, ngettext
from words.names import deal_heading
from words.reckoning import settlement_text

FIELDS = (("sheet_a", "a", "A"), ("sheet_b", "b", "B"))
K_WRITTEN = "sheet_links_written"  # the (a, b) written this visit: not a link followed
K_VISIT = "sheet_visit"  # a link the sheet is opened with from another page is always read
MAX_PARAM = 200


def _sync_link() -> None:
    ss = st.session_state
    link = (st.query_params.get("a"), st.query_params.get("b"))
    arrived = new_visit(K_VISIT)
    if link == (None, None):
        for key, _param, _who in FIELDS:
            ss.setdefault(key, "")
    elif arrived or not was_written(K_WRITTEN, link):
        for (key, _param, _who), value in zip(FIELDS, link, strict=True):
            ss[key] = value or ""


def _write_link(raws: dict[str, str]) -> None:
    written: list[str | None] = []
    for key, param, _who in FIELDS:
        value = ",".join(tokens(raws[key]))[:MAX_PARAM] or None
        if value is None:
            if param in st.query_params:
                del st.query_params[param]
        elif st.query_params.get(param) != value:
            st.query_params[param] = value
        written.append(value)
    remember_written(K_WRITTEN, (written[0], written[1]))


st.title(_("Score sheet"))
st.caption(_("Enter each deal's score for Player A and Player B, separated by commas or "
             "spaces (a whole number from 0 to {most}). Six deals make a partie; two more are "
             "played if the totals are equal after six.", most=MAX_DEAL_SCORE))

_sync_link()
cols = st.columns(2)
raws: dict[str, str] = {}
values: dict[str, list[int]] = {}
bad = False
for col, (key, _param, who) in zip(cols, FIELDS, strict=True):
    with col:
        raw = st.text_input(_("Player {who}, deal by deal", who=who), key=key,
                            persist_state="session",
                            placeholder=_("e.g. 28, 0, 91, 12") if who == "A"
                            else _("e.g. 23 40 7 35"))
        raws[key] = raw or ""
        values[who], problems = parse_totals(raw, who, md_escape)
        if problems:
            bad = True
            st.error("  \n".join(_("{problem}.", problem=p) for p in problems))
_write_link(raws)

state = sheet_state(values["A"], values["B"])
if bad:
    st.caption(_("The totals and the settlement appear once every value is a deal score."))
elif state.problem:
    st.error(state.problem)
else:
    if state.waiting:
        st.info(state.waiting)
    if state.rows:
        table = {
            deal_heading(): [str(i) for i in range(1, len(state.rows) + 1)],
            "A": [str(x) for x, _y in state.rows],
            "B": [str(y) for _x, y in state.rows],
            _("A running"): [str(x) for x, _y in state.running],
            _("B running"): [str(y) for _x, y in state.running],
        }
        left, right = st.columns([2, 3])
        left.table(table, hide_index=True, alt=_("Each deal's scores and the running totals"))
        right.vega_lite_chart(running_chart(tuple(state.running)), width="stretch")
        right.caption(_("A is the solid blue line, B the dashed orange one. The dotted grey "
                        "line is the rubicon, 100: a loser below it is rubiconed."))

    partie = state.partie
    if partie is not None and partie.finished and partie.settlement is not None:
        s = partie.settlement
        st.subheader(_("Settlement"))
        if s.winner:
            st.success(_("**{winner} wins {points}.** {explanation}", winner=s.winner,
                         points=s.points, explanation=settlement_text(s)))
        else:
            st.info(settlement_text(s))
        if len(state.rows) == 8:
            st.caption(_("The totals were equal after six deals, so two more deals were played."))
    elif partie is not None and state.rows:
        ta, tb = partie.totals
        left_to_play = partie.deals_to_play - len(state.rows)
        played = len(state.rows)
        # TRANSLATORS: the scores so far; how many deals are left is said next.
        so_far = ngettext("After {n} deal: A {a}, B {b}.", "After {n} deals: A {a}, B {b}.",
                          played, a=ta, b=tb)
        to_play = ngettext("{n} deal to play.", "{n} deals to play.", left_to_play)
        st.info(_("{so_far} {to_play}", so_far=so_far, to_play=to_play))
        st.caption(_("If the partie ended now: {explanation}",
                     explanation=settlement_text(settle_partie(ta, tb))))

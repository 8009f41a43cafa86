"""Score sheet: the deals of a partie, running totals, a chart, and the settlement explained."""

import altair as alt
import streamlit as st

from piquet import settle_partie
from ui.frame import ensure_frame
from ui.scores import parse_totals, sheet_state

ensure_frame()

st.title("Score sheet")
st.caption("Enter each deal's score for Player A and Player B, separated by commas. "
           "Six deals make a partie; two more are played if the totals are equal after six.")

for key, param in (("sheet_a", "a"), ("sheet_b", "b")):
    if key not in st.session_state:
        st.session_state[key] = st.query_params.get(param, "")

col_a, col_b = st.columns(2)
raw_a = col_a.text_input("Player A, deal by deal", key="sheet_a", placeholder="e.g. 28, 0, 91, 12",
                         persist_state="session")
raw_b = col_b.text_input("Player B, deal by deal", key="sheet_b", placeholder="e.g. 23, 40, 7, 35",
                         persist_state="session")
a, err_a = parse_totals(raw_a, "A")
b, err_b = parse_totals(raw_b, "B")
for err in (err_a, err_b):
    if err:
        st.error(err)
st.query_params["a"] = ",".join(map(str, a))
st.query_params["b"] = ",".join(map(str, b))

state = sheet_state(a, b)
if state.problem:
    st.warning(state.problem.capitalize() + ".")

if state.rows:
    table = {
        "Deal": [str(i) for i in range(1, len(state.rows) + 1)],
        "A": [x for x, _ in state.rows],
        "B": [y for _, y in state.rows],
        "A running": [x for x, _ in state.running],
        "B running": [y for _, y in state.running],
    }
    left, right = st.columns([2, 3])
    left.dataframe(table, hide_index=True)
    data = [{"deal": i + 1, "player": p, "total": t}
            for i, (ta, tb) in enumerate(state.running) for p, t in (("A", ta), ("B", tb))]
    lines = alt.Chart(alt.Data(values=data)).mark_line(point=True).encode(
        x=alt.X("deal:O", title="Deal"), y=alt.Y("total:Q", title="Running total"),
        color=alt.Color("player:N", title="Player"))
    rubicon = alt.Chart(alt.Data(values=[{"y": 100}])).mark_rule(
        strokeDash=[6, 4], color="#b71c1c").encode(y="y:Q")
    right.altair_chart(lines + rubicon, width="stretch")
    right.caption("The dashed line is the rubicon, 100: a loser below it is rubiconed.")

partie = state.partie
if partie is not None and partie.finished and partie.settlement is not None:
    s = partie.settlement
    st.subheader("Settlement")
    if s.winner:
        st.success(f"**{s.winner} wins {s.points}.** {s.explain()}")
    else:
        st.info(s.explain())
    if len(state.rows) == 8:
        st.caption("The totals were equal after six deals, so two more deals were played.")
elif partie is not None and state.rows:
    ta, tb = partie.totals
    left_to_play = partie.deals_to_play - len(state.rows)
    st.info(f"After {len(state.rows)} deal{'s' if len(state.rows) != 1 else ''}: "
            f"A {ta}, B {tb}. {left_to_play} deal{'s' if left_to_play != 1 else ''} to play.")
    st.caption("If the partie ended now: " + settle_partie(ta, tb).explain())

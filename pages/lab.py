"""Declarations Lab: two hands, every combination on its cards, the dialogue, each verdict
with its reason, the reckoning order as a running tally, and sinking to try."""

import streamlit as st

from piquet import Card, DealRecord, format_cards, get_rules, score_declarations
from ui.dialogue import dialogue_html
from ui.frame import ensure_frame
from ui.hand_builder import hand_builder, parse_hand_param, set_hand
from ui.lab import (
    RULES_FOR_RECORD,
    holdings,
    load_record,
    reckoning_rows,
    reset_sinking,
    sinking_controls,
    totals_table,
    verdict_lines,
    whole_deal,
)
from ui.settings import current_rules, four_colour
from ui.text import md_escape

ensure_frame()

EXAMPLE_ELDER = "AS JS 9S 8S AH KH QH JH 8H JC 9C KD"
EXAMPLE_YOUNGER = "10S QS 10H KC QC 10C AC AD QD JD 10D 7D"


def _pills(key: str) -> frozenset[Card]:
    return frozenset(c for c in st.session_state.get(f"{key}_pills") or [] if isinstance(c, Card))


def _load_pasted() -> None:
    record, problem = load_record(st.session_state.get("lab_record_text") or "")
    st.session_state["lab_record_problem"] = problem
    if record is None:
        return
    rec = DealRecord.from_json(record)
    set_hand("lab_elder", rec.elder_after)
    set_hand("lab_younger", rec.younger_after)
    st.session_state["lab_blanche_elder"], st.session_state["lab_blanche_younger"] = rec.blanche
    st.session_state[RULES_FOR_RECORD] = record.get("rules")  # None: the sidebar's preset
    st.session_state["lab_record_declares"] = rec.declarations
    st.session_state["lab_record"] = record
    reset_sinking()


def _deep_link() -> None:
    """Load ``?elder=…&younger=…`` once per distinct link."""
    link = (st.query_params.get("elder"), st.query_params.get("younger"))
    if link == st.session_state.get("lab_link_seen") or link == (None, None):
        return
    st.session_state["lab_link_seen"] = link
    for role, raw in zip(("elder", "younger"), link, strict=True):
        hand, problem = parse_hand_param(raw, role.capitalize())
        if problem:
            st.session_state[f"lab_link_problem_{role}"] = problem
            if raw:
                set_hand(f"lab_{role}", str(raw).replace(",", " "))
        elif hand:
            set_hand(f"lab_{role}", hand)
    reset_sinking()


st.title("Declarations Lab")
_deep_link()
record_rules = st.session_state.get(RULES_FOR_RECORD)
rules = get_rules(record_rules) if record_rules else current_rules()
if record_rules:
    st.info(f"Scoring under **{rules.name}**, the preset named by the loaded record.")
st.caption("Build Elder's and Younger's hands as they are **after the exchange** (12 cards "
           "each), or paste a deal record. Every score below is explained on the cards.")

with st.expander("Paste a deal record", icon=":material/upload:"):
    st.text_area("Deal record (JSON)", key="lab_record_text", height=140,
                 placeholder='{"elder": [...], "younger": [...], "talon": [...], ...}')
    st.button("Load record", key="lab_load", on_click=_load_pasted)
    if st.session_state.get("lab_record_problem"):
        st.error(md_escape(st.session_state["lab_record_problem"]))

for role in ("elder", "younger"):
    problem = st.session_state.pop(f"lab_link_problem_{role}", None)
    if problem:
        st.error(f"The link's {role} hand: {problem}")

left, right = st.columns(2, gap="large")
with left:
    elder = hand_builder("lab_elder", label="Elder", taken=_pills("lab_younger"),
                         default=tuple(Card.of(t) for t in EXAMPLE_ELDER.split()),
                         four_colour=four_colour())
    st.toggle("Elder has carte blanche (as dealt)", key="lab_blanche_elder")
with right:
    younger = hand_builder("lab_younger", label="Younger", taken=_pills("lab_elder"),
                           default=tuple(Card.of(t) for t in EXAMPLE_YOUNGER.split()),
                           four_colour=four_colour())
    st.toggle("Younger has carte blanche (as dealt)", key="lab_blanche_younger")

if elder is None or younger is None:
    st.info("Complete both hands to see the declarations.")
    st.stop()
if set(elder) & set(younger):
    st.stop()  # the builders have already said which card is in both hands

st.query_params["elder"] = format_cards(elder, ",")
st.query_params["younger"] = format_cards(younger, ",")
st.session_state["lab_link_seen"] = (st.query_params["elder"], st.query_params["younger"])

with st.expander("Sinking: declare less than you hold", icon=":material/visibility_off:"):
    st.caption("Untick a combination, or choose a shorter point, to hide it. Each category "
               "is decided between what the two players declare.")
    sink_l, sink_r = st.columns(2)
    with sink_l:
        st.markdown("**Elder declares**")
        elder_spec = sinking_controls("elder", elder)
    with sink_r:
        st.markdown("**Younger declares**")
        younger_spec = sinking_controls("younger", younger)

record_specs = st.session_state.get("lab_record_declares") or (None, None)
try:
    score = score_declarations(
        elder, younger,
        elder_blanche=bool(st.session_state.get("lab_blanche_elder")),
        younger_blanche=bool(st.session_state.get("lab_blanche_younger")),
        elder_declares=elder_spec if elder_spec is not None else record_specs[0],
        younger_declares=younger_spec if younger_spec is not None else record_specs[1],
        rules=rules)
except ValueError as e:
    st.error(md_escape(str(e)))
    st.stop()

st.header("What each hand holds")
h_l, h_r = st.columns(2, gap="large")
with h_l:
    holdings(score, "elder")
with h_r:
    holdings(score, "younger")

st.header("The dialogue")
d_l, d_r = st.columns([3, 2], gap="large")
with d_l:
    st.markdown(dialogue_html(score.dialogue), unsafe_allow_html=True)
with d_r:
    st.subheader("Verdicts")
    verdict_lines(score)

st.header("Order of reckoning")
rows, why, bonus = reckoning_rows(score)
st.dataframe(rows, hide_index=True)
if bonus:
    st.success(why)
else:
    st.info(why)

st.header("Totals from the declarations")
st.table(totals_table(score))
st.caption(f"Rules: {rules.title}. Elder's 1 for leading is not in these totals; the tally "
           "above shows it, since it can bring a pique.")

record = st.session_state.get("lab_record")
if record is not None:
    whole_deal(record, rules, elder, younger)

"""Odds: the exact chances of each combination in a hand as dealt (counted over every one of
the C(32, 12) hands), and the same after Elder's or Younger's exchange under either preset
(simulated, each figure with its standard error); tables and charts (ui/odds/)."""

import streamlit as st

from academy.odds import OddsError, dealt_odds
from ui.odds.state import (
    K_PRESET,
    K_ROLE,
    PRESET_IDS,
    ROLE_IDS,
    chosen_preset,
    chosen_role,
    follow_app_preset,
)
from ui.odds.views import (
    dealt_tables,
    exchange_facts,
    exchange_tables,
    show_section,
    table_path,
)
from ui.settings import current_rules, preset_label
from words import language
from words.names import role_name
from words.odds import how_made, label, samples_text, table_problem

lang = language()
st.title(label("title"))
st.caption(label("intro"))

st.header(label("dealt"))
st.caption(label("dealt_intro"))
show_section(dealt_tables(lang), None, None, lang)

st.header(label("exchange"))
follow_app_preset(current_rules().name)
role_col, preset_col = st.columns(2)
role_col.segmented_control(label("role"), ROLE_IDS, key=K_ROLE, required=True,
                           format_func=role_name, persist_state="session")
preset_col.segmented_control(label("preset"), PRESET_IDS, key=K_PRESET, required=True,
                             format_func=preset_label, persist_state="session")
role, preset = chosen_role(), chosen_preset()
try:
    after = exchange_tables(role, preset, lang)
    samples, advisor = exchange_facts(role, preset)
except OddsError as e:
    st.error(table_problem(e.code, table_path(e)), icon=":material/error:")
else:
    st.caption(samples_text(samples, role, preset_label(preset), advisor=advisor))
    show_section(after, role, preset, lang)

st.header(label("how"))
for paragraph in how_made(dealt_odds().hands):
    st.markdown(paragraph)

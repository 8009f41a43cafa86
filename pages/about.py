"""About: the presets and their sources, and a downloadable one-page rules summary."""

import streamlit as st

from ui.content import text
from ui.frame import ensure_frame
from ui.presets import presets_table

ensure_frame()

st.markdown(text("about.md"))
st.download_button(
    "Download the rules summary (Markdown)", data=text("rules-summary.md"),
    file_name="piquet-rules-summary.md", mime="text/markdown", icon=":material/download:",
)
st.subheader("The presets side by side")
st.table(presets_table())
with st.expander("Read the rules summary here"):
    st.markdown(text("rules-summary.md"))

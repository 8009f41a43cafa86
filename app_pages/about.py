"""About: the sources, the presets side by side, and the rules the engine follows, in full
(``docs/rules.md``) and on one page (``content/en/rules-summary.md``), to read or download."""

from pathlib import Path

import streamlit as st

from ui.presets import presets_table
from ui.prose import prose
from ui.tables import show_table
from words import _

RULES_FILE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

rules_in_full = RULES_FILE.read_text(encoding="utf-8")
summary = prose("rules-summary.md")

st.markdown(prose("about.md"))
with st.container(horizontal=True, gap="medium"):
    st.download_button(
        _("Download the rules in full (Markdown)"), data=rules_in_full,
        file_name="piquet-academy-rules.md", mime="text/markdown", icon=":material/download:",
        key="about_rules_download", on_click="ignore",  # a download needs no rerun
    )
    st.download_button(
        _("Download the rules summary (Markdown)"), data=summary,
        file_name="piquet-rules-summary.md", mime="text/markdown", icon=":material/download:",
        key="about_summary_download", on_click="ignore",
    )
with st.expander(_("Read the rules in full here")):
    st.markdown(rules_in_full)
with st.expander(_("Read the one-page summary here")):
    st.markdown(summary)
st.subheader(_("The presets side by side"))
show_table(presets_table())

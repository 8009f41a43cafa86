"""About: the sources, the presets side by side, and the rules the app follows, in full
(``docs/rules.md``, translated in ``content/<lang>/rules.md``) and on one page
(``content/<lang>/rules-summary.md``), to read or download, in the reader's language."""

import streamlit as st

from ui.presets import presets_table
from ui.prose import prose, rules_in_full
from ui.tables import show_table
from words import _

rules = rules_in_full()
summary = prose("rules-summary.md")

st.markdown(prose("about.md"))
with st.container(horizontal=True, gap="medium"):
    st.download_button(
        _("Download the rules in full (Markdown)"), data=rules,
        file_name="piquet-academy-rules.md", mime="text/markdown", icon=":material/download:",
        key="about_rules_download", on_click="ignore",  # a download needs no rerun
    )
    st.download_button(
        _("Download the rules summary (Markdown)"), data=summary,
        file_name="piquet-rules-summary.md", mime="text/markdown", icon=":material/download:",
        key="about_summary_download", on_click="ignore",
    )
with st.expander(_("Read the rules in full here")):
    st.markdown(rules)
with st.expander(_("Read the one-page summary here")):
    st.markdown(summary)
st.subheader(_("The presets side by side"))
show_table(presets_table())

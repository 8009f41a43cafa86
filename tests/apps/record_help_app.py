"""A tiny Streamlit app for tests/test_record_help.py: a record text area with the record
help, the uploader and a load button, as a page would use them.

Run by ``AppTest.from_file``; by hand: ``streamlit run tests/apps/record_help_app.py``.
It shows ``loaded: <rules> · <n> tricks`` for a loaded record, else each problem as an error.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from piquet import score_record  # noqa: E402
from ui.record_help import (  # noqa: E402
    parse_record_text,
    record_help,
    record_uploader,
    show_record_problems,
)


def _load() -> None:
    record, problems = parse_record_text(st.session_state.get("rec_text") or "")
    st.session_state["rec_loaded"] = record
    st.session_state["rec_problems"] = problems


# pytest's --doctest-modules imports every module under tests/: draw only when run as an app.
if __name__ == "__main__":
    st.text_area("Deal record (JSON)", key="rec_text")
    record_help("help", "rec_text", on_load=_load,
                no_rules_means="the preset chosen in the sidebar")
    record_uploader("upload", "rec_text", on_load=_load)
    st.button("Load record", key="load", on_click=_load)
    show_record_problems(st.session_state.get("rec_problems") or [])
    record = st.session_state.get("rec_loaded")
    if record is not None:
        sheet = score_record(record).as_dict()
        st.text(f"loaded: {record.get('rules')} · {len(record.get('tricks', []))} tricks · "
                f"Elder {sheet['elder']['total']} · Younger {sheet['younger']['total']}")

"""A tiny Streamlit app for the storage tests (tests/test_store.py, tests/test_store_postgres.py):
``ui/storage.py`` as a page would use it.

Set ``st.session_state["learner_id"]`` and, for a run's writes, ``st.session_state["do"]`` (a
list of ``(function name, keyword arguments)`` of :mod:`ui.storage`); the run leaves what it
reads in ``st.session_state["seen"]`` and shows the "not saving" notice when there is one.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from ui import storage  # noqa: E402

storage.use_learner(st.session_state["learner_id"])
storage.flush()
for name, values in st.session_state.pop("do", []):
    getattr(storage, name)(**values)
storage.show_notice()
st.session_state["seen"] = {
    "saving": storage.saving(),
    "settings": storage.stored_settings(),
    "partie": storage.partie(),
    "items": [(p.kind, p.item, p.review.wrong) for p in storage.items()],
    "due": [p.item for p in storage.misses()],
    "totals": storage.kind_totals(),
    "pending": len(st.session_state.get("_store_pending", [])),
}
st.write("ok")

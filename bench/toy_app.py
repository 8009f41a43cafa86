"""The toy page: a title and a line, nothing else. bench/bench_wsload.py runs it on a server
of its own as the baseline a real page is compared with (issue 14)."""

import streamlit as st
from streamlit import runtime

if not runtime.exists():  # `python bench/toy_app.py` (make bench runs every bench/*.py)
    print("bench/toy_app.py is a Streamlit page: bench/bench_wsload.py measures it")
else:
    st.title("Toy page")
    st.write("A title and a line, the least a Streamlit page sends.")

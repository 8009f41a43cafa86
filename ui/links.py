"""Links to share: a page's full address with its parameters."""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping

import streamlit as st


def page_url(path: str, params: Mapping[str, str]) -> str:
    """The address of this page as the browser knows it (``path`` where it cannot be told),
    with ``params`` as its query; commas stay readable (``elder=AS,KS``)."""
    base = path
    try:
        url = st.context.url
    except Exception:  # pragma: no cover - depends on the front end
        url = None
    if url:
        base = str(url).split("?")[0]
    query = urllib.parse.urlencode(dict(params), safe=",")
    return f"{base}?{query}" if query else base

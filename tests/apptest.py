"""Shared helpers for the AppTest page tests."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "app.py")
TIMEOUT = 90


def open_page(page: str, **params: str) -> AppTest:
    """The app, switched to ``app_pages/<page>.py``, with query parameters, run once."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    assert not at.exception, at.exception
    at.switch_page(f"app_pages/{page}.py")
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """Every markdown, caption, alert and table-ish text on the page, joined."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title",
                 "header", "subheader"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)

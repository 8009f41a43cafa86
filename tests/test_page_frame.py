"""AppTest: the frame, home and about pages, and the rules preset in the URL."""

from __future__ import annotations

from apptest import APP, TIMEOUT, open_page, texts
from streamlit.testing.v1 import AppTest


def test_home_renders_with_links() -> None:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    assert not at.exception
    assert "Welcome to Piquet Academy" in texts(at)


def test_about_has_presets_and_download() -> None:
    at = open_page("about")
    assert "Cavendish" in texts(at)
    assert at.get("download_button")


def test_unknown_rules_preset_in_link_falls_back() -> None:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["rules"] = "hoyle"
    at.run()
    assert not at.exception
    assert any("hoyle" in str(w.value) for w in at.warning)
    assert at.session_state["rules"] == "britannica"

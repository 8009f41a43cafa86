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


def _switch(at: AppTest, page: str) -> None:
    """A page switch as a browser makes it: plain query parameters are dropped."""
    at.switch_page(f"app_pages/{page}.py")
    for k in list(at.query_params):
        del at.query_params[k]
    at.run()
    assert not at.exception, at.exception


def test_presets_are_named_for_readers_and_linked_by_id() -> None:
    at = open_page("about", rules="cavendish")
    sel = at.segmented_control(key="rules")
    assert sel.value == "cavendish"
    assert list(sel.options) == ["Britannica article", "Cavendish (1882)"]
    assert at.query_params["rules"] == "cavendish"
    _switch(at, "quiz")
    assert at.session_state["rules"] == "cavendish"
    assert at.query_params["rules"] == "cavendish"   # written back after the switch
    at.segmented_control(key="rules").set_value("britannica").run()
    assert "rules" not in at.query_params           # the default keeps the URL clean
    at.segmented_control(key="rules").set_value("cavendish").run()
    assert at.query_params["rules"] == "cavendish"


def test_four_colour_deck_is_kept_in_the_url_and_across_pages() -> None:
    at = open_page("lab", four_colour="1")
    assert at.toggle(key="four_colour").value is True
    assert at.query_params["four_colour"] == "1"
    _switch(at, "quiz")
    assert at.toggle(key="four_colour").value is True
    assert at.query_params["four_colour"] == "1"
    at.toggle(key="four_colour").set_value(False).run()
    assert "four_colour" not in at.query_params
    _switch(at, "scoresheet")
    assert at.toggle(key="four_colour").value is False
    at.toggle(key="four_colour").set_value(True).run()
    assert at.query_params["four_colour"] == "1"


def test_a_bad_four_colour_value_is_named() -> None:
    at = open_page("home", four_colour="purple")
    assert any("purple" in str(w.value) for w in at.warning)
    assert at.toggle(key="four_colour").value is False
    assert not at.exception

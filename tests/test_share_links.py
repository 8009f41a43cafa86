"""Every share link carries the reader's language (``lang=``): a pupil who opens the quiz's
round, a replay's step or the Lab's hands reads them in the language they were sent in."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from ui.links import page_url
from words import use_language

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def _query(link: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(link).query)


def test_a_link_carries_the_language_unless_it_names_one() -> None:
    with use_language("tr"):
        assert _query(page_url("/quiz", {"seed": "x"}))["lang"] == ["tr"]
        assert _query(page_url("/class", {"join": "C", "lang": "vi"}))["lang"] == ["vi"]
    with use_language("en"):
        assert "lang" not in _query(page_url("/quiz", {"seed": "x"}))


def _open(page: str, lang: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.session_state["lang"] = lang
    at.run()
    at.switch_page(f"app_pages/{page}.py")
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_the_quizs_share_link_carries_the_language(lang: str) -> None:
    at = _open("quiz", lang, seed="abc")
    links = [str(c.value) for c in at.code if "seed=" in str(c.value)]
    assert links, [c.value for c in at.code]
    assert all(_query(link)["lang"] == [lang] for link in links), links


def test_a_replays_step_link_carries_the_language() -> None:
    at = _open("play", "vi", scenario="capot", step="2")
    links = [str(c.value) for c in at.code if "scenario=" in str(c.value)]
    assert links and all(_query(link)["lang"] == ["vi"] for link in links), links

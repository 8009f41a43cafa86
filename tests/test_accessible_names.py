"""Streamlit's own English in the page's language (ui/components/accessible_names.py): the
words the element sends, in every language, and the element drawn on every page run."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.components.accessible_names import WIDGET, streamlit_words
from ui.components.payload import unpack
from words import use_language

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def test_english_rewrites_nothing() -> None:
    with use_language("en"):
        assert streamlit_words() == {"names": {}, "texts": {}, "help": "", "help_alone": ""}


@pytest.mark.parametrize("lang", ["vi", "tr"])
def test_every_word_in_the_language(lang: str) -> None:
    with use_language(lang):
        words = streamlit_words()
    names, texts = words["names"], words["texts"]
    assert isinstance(names, dict) and isinstance(texts, dict)
    assert {"Link to heading", "Open", "Increment", "Decrement", "Sidebar",
            "Expand sidebar"} <= names.keys()
    assert {"Skip to main content"} <= texts.keys()
    for english, said in (*names.items(), *texts.items()):
        assert said and said != english, (lang, english)
    assert "{label}" in str(words["help"]) and "Help" not in str(words["help"])


def test_the_pseudo_locale_marks_them() -> None:
    with use_language("qps"):
        words = streamlit_words()
    assert str(words["help"]).startswith("⟦") and "{label}" in str(words["help"])


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_element_is_drawn_with_the_pages_words(lang: str) -> None:
    at = AppTest.from_file(APP, default_timeout=90)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    sent = [unpack(e.proto) for e in at.get("bidi_component")
            if e.proto.id.rsplit("-", 1)[-1] == WIDGET or WIDGET in e.proto.id]
    with use_language(lang):
        assert sent == [streamlit_words()]

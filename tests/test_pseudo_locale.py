"""Every page under the ``qps`` pseudo-locale: every visible text is a catalog message.

Under ``qps`` every message comes out as ``⟦…⟧``; a word outside every ``⟦…⟧`` is English left
outside the catalogs (:func:`leftover_words`). Read: titles, headers, subheaders, Markdown,
captions, alerts, expander labels, the labels, help, placeholders and options of widgets,
metrics, download buttons, page links, the headings and rows of tables, the text and aria
labels inside the cards' and the dialogue's HTML, and the navigation's page titles. Not
words: card codes (``QH``), numbers, single letters (players ``A``/``B``). Exempt, as content
translated per file and not through the catalog: the prose of ``content/en/`` (Home, About).

This file opens every page; the pages' own tests go through their states under ``qps`` too:
``tests/test_page_lessons.py`` (every lesson and widget state), ``tests/test_page_play.py``
(a whole deal), ``tests/test_walkthrough_words.py``, ``tests/test_page_quiz.py`` (every kind
of question), ``tests/test_reckoning_words.py``, ``tests/test_error_words.py`` (every error).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from apptest import APP, LAB_PANELS, TIMEOUT, open_panels
from streamlit.testing.v1 import AppTest

from ui.content import text
from words import PSEUDO

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = {"A", "B"}


def _wrapped(s: str) -> bool:
    return s.startswith("⟦") and s.endswith("⟧")


def _open(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = PSEUDO
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    if page != "home":
        at.switch_page(f"app_pages/{page}.py")
        at.run()
        assert not at.exception, at.exception
    return at


def _strings(value: Any) -> Iterator[str]:
    if value is None:
        return
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif str(value):
        yield str(value)


def visible(at: AppTest) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every text the page shows (see the module docstring)."""
    for kind in ("title", "header", "subheader", "markdown", "caption", "error", "warning",
                 "info", "success"):
        for e in getattr(at, kind):
            yield from ((kind, s) for s in _strings(e.value))
    for e in at.expander:
        yield from (("expander", s) for s in _strings(e.label))
    for kind in ("button", "toggle", "checkbox", "text_input", "text_area", "radio",
                 "number_input", "selectbox", "multiselect", "metric"):
        for e in getattr(at, kind):
            for attr in ("label", "help", "placeholder", "options"):
                yield from ((f"{kind}.{attr}", s) for s in _strings(getattr(e, attr, None)))
    for e in at.get("button_group"):  # segmented controls and pills
        yield from ((f"button_group.{a}", s) for a in ("label", "help")
                    for s in _strings(getattr(e.proto, a)))
    for kind in ("download_button", "page_link"):
        for e in at.get(kind):
            yield from ((f"{kind}.{a}", s) for a in ("label", "help")
                        for s in _strings(getattr(e.proto, a)))
    for t in at.table:
        df = t.value
        yield from (("table.column", str(c)) for c in df.columns)
        yield from (("table.row", str(r)) for r in df.index if not isinstance(r, int))


_CARD_CODE = re.compile(r"(?:10|[AKQJT987])[SHDC]")
_WORD = re.compile(r"[^\W\d_]{2,}")
_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


class _Texts(HTMLParser):
    """The text nodes of an HTML fragment and the attributes a person reads (aria-label,
    title, alt, placeholder)."""

    READ = ("aria-label", "title", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self._skip = 0
        self._skipped: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # styles and scripts, and what is marked translate="no" (code: ui.tables.Notation)
        if tag in ("style", "script") or ("translate", "no") in attrs:
            self._skip += 1
            self._skipped.append(tag)
        self.out += [v for k, v in attrs if k in self.READ and v]

    def handle_endtag(self, tag: str) -> None:
        if self._skipped and tag == self._skipped[-1]:
            self._skipped.pop()
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.out.append(data)


def leftover_words(s: str) -> list[str]:
    """The words of ``s`` outside every ⟦…⟧ message: English left outside the catalogs.

    HTML is read as a person reads it (text and aria labels, not tags, classes, styles or
    what is marked ``translate="no"``);
    card codes (``QH``, ``10S``) and single letters (players ``A``/``B``, ranks) are notation.

    >>> leftover_words("⟦Elder: ⟦Five⟧⟧ 10H QS")
    []
    >>> leftover_words('<div aria-label="Hand"><span>⟦Good⟧</span> then</div>')
    ['Hand', 'then']
    """
    while (stripped := _INNERMOST.sub(" ", s)) != s:
        s = stripped
    if "<" in s and ">" in s:
        parser = _Texts()
        parser.feed(s)
        s = " ".join(parser.out)
        while (stripped := _INNERMOST.sub(" ", s)) != s:
            s = stripped
    return [w for w in _WORD.findall(s) if not _CARD_CODE.fullmatch(w)]


def _html_ok(s: str) -> bool:
    """HTML (cards, the dialogue) with no word outside a message."""
    return not leftover_words(s)


def unwrapped(at: AppTest, exempt: Collection[str] = frozenset()) -> list[tuple[str, str]]:
    bad = []
    for where, s in visible(at):
        if s in exempt or s.strip() in exempt or not leftover_words(s):
            continue
        bad.append((where, s[:120]))
    return bad


def _prose() -> set[str]:
    home = text("home.md")
    intro, heading, rest = home.partition("## A suggested path")
    return {t.strip() for t in (intro, heading + rest, text("about.md"),
                                text("rules-summary.md"),
                                (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("which", ["home", "about"])  # not "page": pytest-playwright's name
def test_prose_pages_and_frame(which: str) -> None:
    at = _open(which)
    assert not unwrapped(at, _prose())
    assert any(s == "⟦### ♠ Piquet Academy⟧" for _w, s in visible(at))  # the sidebar


def test_a_word_outside_the_catalog_is_found() -> None:
    def leaky() -> None:
        import streamlit as st

        from words import _

        st.caption(_("Wrapped") + " and not")
        st.markdown(_("All of it"))

    at = AppTest.from_function(leaky)
    at.session_state["lang"] = PSEUDO
    at.run()
    assert unwrapped(at) == [("caption", "⟦Wrapped⟧ and not")]


@pytest.mark.parametrize("which", ["play", "quiz", "scoresheet", "lab"])  # lessons: their own test
def test_every_page_as_it_opens(which: str) -> None:
    assert not unwrapped(_open(which))


def test_lab() -> None:
    at = _open("lab")
    assert at.header, "the example hands show the declarations"
    assert not unwrapped(at)
    open_panels(at, *LAB_PANELS)  # the sinking and the record's paste box, drawn when open
    assert at.text_area and any(s.key and s.key.startswith("lab_sink_") for s in at.selectbox)
    assert not unwrapped(at)


def test_quiz_question_and_feedback() -> None:
    at = _open("quiz", seed="1", level="beginner")
    assert not unwrapped(at)
    exempt: set[str] = set()
    at.button(key="quiz_check").click().run()  # nothing chosen: the notice
    assert at.warning and not unwrapped(at, exempt)
    if at.number_input:  # every part: a question answered in part asks for the rest
        for w in at.number_input:
            w.set_value(0)
    elif at.radio:
        at.radio[0].set_value(at.radio[0].options[0])
    at.button(key="quiz_check").click().run()
    assert not at.exception
    assert at.session_state["quiz_feedback"] is not None
    assert not unwrapped(at, exempt)
    at.toggle(key="quiz_teacher").set_value(True).run()
    at.button(key="quiz_next").click().run()
    assert not unwrapped(at, exempt)


@pytest.mark.parametrize("a, b, shown", [
    ("", "", "caption"),
    ("10,x,171", "1 2 3 4 5 6 7 8 9", "error"),   # every problem named
    ("30,20", "10", "info"),                       # waiting for B; a partie in progress
    ("150,150,150,150,150,150", "0,0,0,0,0,0", "success"),  # settled
    ("10,10,10,10,10,10,10,10,5", "10,10,10,10,10,10,10,10", "error"),  # a deal not needed
])
def test_score_sheet(a: str, b: str, shown: str) -> None:
    at = _open("scoresheet", a=a, b=b) if a or b else _open("scoresheet")
    assert getattr(at, shown)
    assert not unwrapped(at)


@pytest.mark.parametrize("name", ["ui.scores", "ui.cards", "ui.dialogue", "ui.presets"])
def test_doctests_of_the_converted_modules_still_speak_english(name: str) -> None:
    import doctest
    import importlib
    import sys

    importlib.import_module(name)
    assert doctest.testmod(sys.modules[name]).failed == 0


def test_navigation_titles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The navigation's titles (AppTest does not show them): every ``st.Page`` title is a
    message."""
    import streamlit as st

    titles: list[str] = []
    real = st.Page

    def page(*args: Any, **kwargs: Any) -> Any:
        titles.append(kwargs.get("title", ""))
        return real(*args, **kwargs)

    monkeypatch.setattr(st, "Page", page)
    _open("home")
    assert len(titles) >= 7
    assert all(_wrapped(t) for t in titles), titles

"""The converted pages under the ``qps`` pseudo-locale: every visible text is a catalog message.

Covered pages (the ones converted to the text layer so far): the frame (sidebar), **Home**,
**About**, the **Declarations Lab**, the **Quiz** and the **Score sheet**. Not covered yet:
Lessons and Play (their own conversion adds them here), and the navigation titles (AppTest
does not expose them).

Under ``qps`` every message comes out as ``⟦…⟧``; a text element that does not is English left
outside the catalogs. Read: titles, headers, subheaders, Markdown, captions, alerts, expander
labels, the labels, help, placeholders and options of widgets, metrics, download buttons, page
links, and the headings of tables. Exempt, as values and not messages: the prose of
``content/en/`` (Home, About), card names and the engine's spoken lines inside the cards' and
the dialogue's HTML (their wrappers' labels are checked), the engine's row labels of the Lab's
tables, the quiz's question text from ``academy.quiz`` (prompt, rows, fields), and players'
names ``A``/``B``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest import APP, TIMEOUT
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


_SPEAKER = re.compile(r'<span class="pq-speaker">(.*?)</span>')
_GROUP = re.compile(r'<div class="pq-cards[^"]*" role="group" aria-label="(.*?)"')


def _html_ok(s: str) -> bool:
    """The cards' and the dialogue's HTML: their own labels are messages (the card names and
    spoken lines are the engine's)."""
    if s.startswith('<div class="pq-cards'):
        return all(_wrapped(x) for x in _GROUP.findall(s))
    if s.startswith('<div class="pq-dialogue">'):
        return all(_wrapped(x) for x in _SPEAKER.findall(s))
    return False


def unwrapped(at: AppTest, exempt: Collection[str] = frozenset()) -> list[tuple[str, str]]:
    bad = []
    for where, s in visible(at):
        if _wrapped(s) or s in exempt or s.strip() in exempt or s in PLAYERS or _html_ok(s):
            continue
        # a Markdown table: its head is the message, its rows the engine's labels and numbers
        if where == "markdown" and s.startswith("⟦| ") and _wrapped(s.split("\n", 1)[0]):
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


def test_lab() -> None:
    at = _open("lab")
    assert at.header, "the example hands show the declarations"
    assert not unwrapped(at)


def _question_texts(at: AppTest) -> set[str]:
    q = at.session_state["quiz_cache"][1]
    out = {f"#### {q.prompt}", *q.context}
    out |= {f"**{row.label}**" for row in q.rows}
    for f in q.fields:
        out |= {f.label, *(str(o) for o in f.options)}
        # the teacher's panel: the field and its options
        opts = f" — {' · '.join(f.options)}" if f.widget in ("choice", "multi") else ""
        out.add(f"**{html.escape(f.label)}**{html.escape(opts)}")
        if f.help:
            out.add(f.help)
    return out


def test_quiz_question_and_feedback() -> None:
    at = _open("quiz", seed="1", level="beginner")
    assert not unwrapped(at, _question_texts(at))
    exempt = _question_texts(at)
    at.button(key="quiz_check").click().run()  # nothing chosen: the notice
    assert at.warning and not unwrapped(at, exempt)
    if at.number_input:
        at.number_input[0].set_value(0)
    elif at.radio:
        at.radio[0].set_value(at.radio[0].options[0])
    at.button(key="quiz_check").click().run()
    assert not at.exception
    fb = at.session_state["quiz_feedback"]
    assert fb is not None
    exempt |= {fb.headline}
    assert not unwrapped(at, exempt)
    at.toggle(key="quiz_teacher").set_value(True).run()
    at.button(key="quiz_next").click().run()
    exempt = _question_texts(at)
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

"""The walkthrough speaks through the text layer: under the ``qps`` pseudo-locale every text of
the Play page's walkthrough view is a catalog message (``⟦…⟧``), and its steps' words follow
the language they are built in.

Exempt, as values and not messages: a scenario's own texts from ``content/scenarios/`` (title,
lesson, summary, step notes), the cards inside the cards' HTML and the link's URL. Inside the
page's HTML (labels, the tally, the dialogue, the presentation's caption) each text is read
and must be wrapped.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest import APP, TIMEOUT
from streamlit.testing.v1 import AppTest

from academy.rule_text import RULE_SENTENCES, blanche_showing, rule_sentence
from academy.walkthrough import build_steps
from piquet import PRESETS
from ui.text import md_escape
from words import PSEUDO, use_language

SCENARIOS = Path(__file__).resolve().parents[1] / "content" / "scenarios"


def _wrapped(s: str) -> bool:
    s = s.strip()
    return s.startswith("⟦") and s.endswith("⟧")


def _scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _content(name: str) -> set[str]:
    """The scenario's own texts (content, not messages), as the page shows them."""
    data = _scenario(name)
    out = {str(data.get(k, "")) for k in ("title", "lesson", "summary")}
    for v in (data.get("captions") or {}).values():
        out.add(v if isinstance(v, str) else str(v.get("text", "")))
    return {x for t in out if t for x in (t, md_escape(t))}


def _open(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = PSEUDO
    at.run()
    assert not at.exception, at.exception
    at.switch_page("app_pages/play.py")
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["play_mode"] == "teach"
    return at


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif value is not None and str(value):
        yield str(value)


def _texts(at: AppTest) -> Iterator[tuple[str, str]]:
    for kind in ("title", "header", "subheader", "markdown", "caption", "error", "warning",
                 "info", "success"):
        for e in getattr(at, kind):
            yield from ((kind, s) for s in _strings(e.value))
    for e in at.expander:
        yield from (("expander", s) for s in _strings(e.label))
    for kind in ("button", "toggle", "checkbox", "text_area", "selectbox"):
        for e in getattr(at, kind):
            for attr in ("label", "help", "placeholder"):
                yield from ((f"{kind}.{attr}", s) for s in _strings(getattr(e, attr, None)))
    for e in at.get("button_group"):
        yield from ((f"button_group.{a}", s) for a in ("label", "help")
                    for s in _strings(getattr(e.proto, a)))
    for e in at.get("download_button"):
        yield from (("download_button", s) for s in _strings(e.proto.label))
    for e in at.get("progress"):
        yield from (("progress", s) for s in _strings(e.proto.text))


_TAG = re.compile(r"<[^>]+>")
_LABEL = re.compile(r'aria-label="(.*?)"')
_CARDS = re.compile(r'<div class="pq-cards.*?</svg></div>', re.S)


def _html_parts(s: str) -> list[str]:
    """The texts of a block of the page's HTML: its ARIA labels and the text between tags
    (the cards' SVG taken out: card names are not messages)."""
    labels = _LABEL.findall(s)
    body = _CARDS.sub(" ", s)
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    body = re.sub(r"<style.*?</style>", " ", body, flags=re.S)
    cut = [t.strip() for t in _TAG.split(body)]
    return [t for t in (*labels, *cut) if t and not t.isdigit()]


_GROUP_RE = re.compile(r"⟦[^⟦⟧]*⟧")
_NOT_WORDS = re.compile(r"[\s\W\d_]*")


def _leftover(s: str, exempt: Collection[str]) -> str:
    """What of ``s`` is not inside a message (nested messages taken out from the inside), with
    the exempt values taken out first."""
    for value in sorted(exempt, key=len, reverse=True):
        s = s.replace(value, " ")
    while _GROUP_RE.search(s):
        s = _GROUP_RE.sub(" ", s)
    return "" if _NOT_WORDS.fullmatch(s) else s.strip()


def _rule_sentences() -> set[str]:
    """The preset rules' sentences (academy.rule_text's, shared with the lessons and the
    presets table): exempt only while they are not yet messages themselves — said under the
    pseudo-locale they are wrapped like any other message, and exempting them changes
    nothing."""
    with use_language(PSEUDO):
        out = {rule_sentence(r, flag) for r in PRESETS.values() for flag in RULE_SENTENCES}
        out |= {blanche_showing(r, role) for r in PRESETS.values()
                for role in ("elder", "younger")}
    return {x for t in out for x in (t, md_escape(t))}


def unwrapped(at: AppTest, exempt: set[str]) -> list[tuple[str, str]]:
    exempt = exempt | _rule_sentences()
    bad = []
    for where, s in _texts(at):
        if where == "markdown" and s.lstrip().startswith("<"):
            for part in _html_parts(s):
                text = html.unescape(part)
                if _leftover(text, exempt):
                    bad.append(("html", text[:120]))
            continue
        s = s.removeprefix("#### ").removeprefix(":material/lightbulb: ")
        if s.strip() in exempt:
            continue
        if _leftover(s, exempt):
            bad.append((where, s[:120]))
    return bad


@pytest.mark.parametrize("name, steps", [
    ("hoyle-170", ("1", "3", "6", "11", "12", "14", "28")),
    ("blanche-blocks-repique", ("2", "12")),
])
def test_the_walkthrough_view_speaks_only_messages(name: str, steps: tuple[str, ...]) -> None:
    exempt = _content(name)
    at = _open(scenario=name, step=steps[0])
    for step in steps:
        if step != steps[0]:
            at.session_state["wt_step"] = int(step)
            at.run()
            assert not at.exception, at.exception
        assert at.info, "the step's caption is shown"
        assert not unwrapped(at, exempt), (step, unwrapped(at, exempt))


def test_presentation_mode_speaks_only_messages() -> None:
    name = "hoyle-170"
    at = _open(scenario=name, step="11", present="1")
    assert at.session_state["wt_present"] is True
    assert not unwrapped(at, _content(name))


def test_steps_are_said_in_the_language_they_are_built_in() -> None:
    record = _scenario("cavendish-deal")["record"]
    with use_language(PSEUDO):
        steps = build_steps(record)
    for s in steps:
        assert _wrapped(s.title), s.title
        assert s.caption.startswith("⟦"), s.caption  # sentences of messages, one after another
        assert not s.highlight_note or _wrapped(s.highlight_note)
        assert not s.announcement or _wrapped(s.announcement)
    with use_language("en"):
        english = build_steps(record)
    assert [s.title for s in english[:3]] == ["The deal", "Elder's exchange",
                                              "Younger's exchange"]

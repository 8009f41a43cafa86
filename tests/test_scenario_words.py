"""The library scenarios' own words (title, lesson, summary, captions) in every language the app
offers: ``content/<lang>/scenarios/<name>.json`` beside each English scenario, with the same
captions (keyed by step) and the same numbers in each text; Play's replay shows them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from ui.content import CONTENT
from ui.prose import scenario_words
from words import use_language

SCENARIOS = CONTENT / "scenarios"
NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))
LANGS = ("vi", "tr")
_NUMBER = re.compile(r"(?<!\w)\d+")
APP = str(Path(__file__).resolve().parent.parent / "app.py")


def _english(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _texts(data: dict[str, Any]) -> dict[str, str]:
    out = {k: str(data[k]) for k in ("title", "lesson", "summary") if data.get(k)}
    for step, cap in (data.get("captions") or {}).items():
        out[f"caption {step}"] = cap if isinstance(cap, str) else cap["text"]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_a_scenario_speaks_the_readers_language(lang: str, name: str) -> None:
    english = _texts(_english(name))
    with use_language(lang):
        words = scenario_words(name)
    translated = _texts(words)
    assert translated.keys() == english.keys(), (lang, name)
    for key, text in translated.items():
        assert text != english[key], (lang, name, key)
        assert set(_NUMBER.findall(text)) == set(_NUMBER.findall(english[key])), (
            lang, name, key, text)
    assert "record" not in words  # the deal itself is the English file's, one for all


def test_english_has_no_overlay() -> None:
    with use_language("en"):
        assert scenario_words("capot") == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_shows_the_scenarios_words(lang: str) -> None:
    at = AppTest.from_file(APP, default_timeout=90)
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("app_pages/play.py")
    at.query_params["scenario"] = "younger-repique"
    at.query_params["step"] = "11"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    with use_language(lang):
        words = scenario_words("younger-repique")
    shown = "\n".join(str(e.value) for kind in ("markdown", "subheader", "info", "caption")
                      for e in getattr(at, kind))
    shown = re.sub(r"\\(.)", r"\1", shown)
    assert str(words["title"]) in shown
    assert str(words["lesson"]) in shown
    assert str(words["captions"]["11"]) in shown  # the step's tip
    english = _english("younger-repique")
    assert english["title"] not in shown and english["captions"]["11"] not in shown
    title = at.selectbox(key="wt_scenario")
    assert title.format_func("capot") == json.loads(
        (CONTENT / lang / "scenarios" / "capot.json").read_text(encoding="utf-8"))["title"]

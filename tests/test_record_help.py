"""ui/record_help.py: the record format beside a record box, the example to load and to
download, the uploader, and plain-word messages (tests/apps/record_help_app.py).

Expected numbers and problems come from ``piquet`` (``score_record``, ``record_problems``)
and their words from the text layer (``words.record``), never from the helper."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
import streamlit
from json_files import browser_event, choose_file, file_element
from streamlit.testing.v1 import AppTest

from piquet import record_problems, score_record
from ui.components.json_file import LIMIT, chosen_file, size_words
from ui.components.payload import unpack
from ui.record_help import (
    EXAMPLE_RECORD,
    FORMAT_MARKDOWN,
    format_markdown,
    parse_record_bytes,
    parse_record_text,
    record_json,
)
from words import use_language
from words.record import problem_sentence

APP = str(Path(__file__).resolve().parent / "apps" / "record_help_app.py")
ROOT = Path(__file__).resolve().parents[1]
CAV: dict[str, Any] = json.loads((ROOT / "tests" / "data" / "cavendish-deal.json")
                                 .read_text(encoding="utf-8"))["record"]


def plain(markdown: str) -> str:
    """Undo md_escape's backslashes (what the reader sees)."""
    return re.sub(r"\\(.)", r"\1", markdown)


def run_app() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    return at


def errors(at: AppTest) -> list[str]:
    """Every problem shown, box by box: a box holds one message, or a count and a list."""
    out: list[str] = []
    for box in at.error:
        text = str(box.value)
        items = [line[2:] for line in text.splitlines() if line.startswith("- ")]
        if items:
            assert text.startswith(f"This record has {len(items)} problems:\n\n"), text
        out += [plain(m) for m in items or [text]]
    return out


def loaded_line(at: AppTest) -> str | None:
    lines = [str(t.value) for t in at.text if str(t.value).startswith("loaded:")]
    return lines[0] if lines else None


def expected_line(record: dict[str, Any]) -> str:
    sheet = score_record(record).as_dict()
    return (f"loaded: {record.get('rules')} · {len(record.get('tricks', []))} tricks · "
            f"Elder {sheet['elder']['total']} · Younger {sheet['younger']['total']}")


# --- the page helper in an app ------------------------------------------------------------


def test_the_format_is_described_beside_the_record_box() -> None:
    at = run_app()
    (exp,) = at.expander
    assert exp.label == "The deal record format"
    text = "\n".join(str(m.value) for m in at.markdown)
    for words in ("top card first", "the leader's card first", '"younger_shows_leftovers"',
                  "sinks", "the preset chosen in the sidebar", '"AS"', "Carte blanche"):
        assert words in text, words
    assert [b.label for b in at.button] == ["Load an example", "Load record"]
    assert [d.label for d in at.get("download_button")] == [
        "Download the JSON Schema", "Download the example"]
    assert [d.key for d in at.get("download_button")] == ["help_schema", "help_download"]


def test_load_an_example_fills_the_box_and_loads_it() -> None:
    at = run_app()
    at.button(key="help_example").click().run()
    assert not at.exception, at.exception
    text = at.text_area(key="rec_text").value
    assert json.loads(text) == EXAMPLE_RECORD
    assert loaded_line(at) == expected_line(EXAMPLE_RECORD)
    assert errors(at) == []


def test_the_download_is_the_example(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, tuple[Any, Any]] = {}
    original = streamlit.download_button

    def spy(label: str, data: Any, *args: Any, **kwargs: Any) -> bool:
        seen[kwargs["key"]] = (data, kwargs.get("file_name"))
        return original(label, data, *args, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", spy)
    run_app()
    data, name = seen["help_download"]
    assert name == "example-deal.json"
    assert json.loads(data) == EXAMPLE_RECORD
    schema, schema_name = seen["help_schema"]
    assert schema_name == "record.schema.json"
    assert schema == (ROOT / "piquet" / "record.schema.json").read_bytes()


def test_text_that_is_not_json_says_so() -> None:
    at = run_app()
    at.text_area(key="rec_text").set_value("elder: AS KS").run()
    at.button(key="load").click().run()
    assert errors(at) == [
        "This is not a deal record: it is not JSON (the text must start with {)."]
    assert loaded_line(at) is None


def test_a_broken_record_lists_every_problem_of_its_shape() -> None:
    at = run_app()
    rec = copy.deepcopy(CAV)
    del rec["talon"]
    rec["elder"][0] = "QQ"
    rec["tricks"] = 5
    at.text_area(key="rec_text").set_value(json.dumps(rec)).run()
    at.button(key="load").click().run()
    problems = record_problems(rec)
    assert [p.code for p in problems] == ["missing_key", "not_a_card", "wrong_type"]
    with use_language("en"):
        assert errors(at) == [problem_sentence(p) for p in problems]
    assert errors(at)[2] == ("'tricks' must be a list of [card led, card played second], not "
                             "a number.")
    assert loaded_line(at) is None


def test_a_record_that_breaks_a_rule_names_the_step() -> None:
    at = run_app()
    rec = copy.deepcopy(CAV)
    rec["tricks"] = [*rec["tricks"][:3], ["KD", "10S"]]
    at.text_area(key="rec_text").set_value(json.dumps({"title": "x", "record": rec})).run()
    at.button(key="load").click().run()
    assert errors(at) == [
        "Trick 4: Younger plays 10S to KD but holds a diamond: he must follow suit."]


def test_user_text_is_escaped() -> None:
    at = run_app()
    rec = copy.deepcopy(CAV)
    rec["elder"][0] = "[x](js:1) <b>"
    at.text_area(key="rec_text").set_value(json.dumps(rec)).run()
    at.button(key="load").click().run()
    (box,) = at.error
    raw = str(box.value)
    assert "[x](" not in raw and "<b>" not in raw
    assert "'[x](js:1) <b>' is not a card" in plain(raw)


def test_an_upload_that_is_not_json_says_so_and_leaves_the_box() -> None:
    at = run_app()
    at.text_area(key="rec_text").set_value("keep me").run()
    choose_file(at, "upload", "notes.json", b"AS KS QS")
    assert not at.exception, at.exception
    assert errors(at) == [
        "This is not a deal record: notes.json is not JSON (a file must start with {)."]
    assert at.text_area(key="rec_text").value == "keep me"
    choose_file(at, "upload", "b.json", b"\xff\xfe\x00garbage")
    assert errors(at) == [
        "This is not a deal record: b.json is not JSON (it is not text at all)."]


def test_an_uploaded_record_is_loaded() -> None:
    at = run_app()
    data = (ROOT / "content" / "scenarios" / "capot.json").read_bytes()
    choose_file(at, "upload", "capot.json", data)
    assert not at.exception, at.exception
    record = json.loads(data)["record"]
    assert loaded_line(at) == expected_line(record)
    assert json.loads(at.text_area(key="rec_text").value)["record"] == record
    assert errors(at) == []


def test_an_uploaded_broken_record_shows_its_problems() -> None:
    at = run_app()
    choose_file(at, "upload", "r.json", b'{"elder": []}')
    assert len(errors(at)) == len(record_problems({"elder": []})) == 4


def test_a_file_over_the_limit_is_named_with_its_size_and_the_limit() -> None:
    at = run_app()
    at.text_area(key="rec_text").set_value("keep me").run()
    big = b"{" + b" " * (LIMIT + 10) + b"}"
    assert browser_event("big.json", big) == {"name": "big.json", "size": len(big),
                                               "problem": "too_big"}
    choose_file(at, "upload", "big.json", big)
    assert not at.exception, at.exception
    assert errors(at) == [f"This file is too big for a deal record: big.json has "
                          f"{size_words(len(big))}, at most 64 kB is read."]
    assert at.text_area(key="rec_text").value == "keep me"


def test_a_text_over_the_limit_is_refused_whatever_the_browser_says() -> None:
    """The limit is Python's too: a text sent without the browser's check is not loaded."""
    chosen = chosen_file({"name": "x.json", "size": 3, "text": "{" + " " * LIMIT + "}"})
    assert chosen is not None and chosen.problem == "too_big" and chosen.text is None
    assert chosen_file({"name": "x.json", "size": 3, "text": "{}"}) is not None
    for bad in (None, [], {"name": 3, "size": 1, "text": ""}, {"name": "a", "size": True},
                {"name": "a", "size": 1}, {"name": "a", "size": 1, "problem": "other"}):
        assert chosen_file(bad) is None


def test_the_file_button_is_drawn_in_the_page_language() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["lang"] = "vi"
    at.run()
    with use_language("vi"):
        from words import _
        button = _("Choose a file")
        label = _("…or upload a deal record (.json)")
        hint = _("A .json file of at most {size}.", size=size_words(LIMIT))
    sent = unpack(file_element(at, "upload").proto)
    assert (sent["button"], sent["label"], sent["hint"], sent["limit"]) == (
        button, label, hint, LIMIT)
    assert button != "Choose a file" and hint != "A .json file of at most 64 kB."


def test_an_uploaded_record_with_a_bom_is_loaded() -> None:
    at = run_app()
    data = "\ufeff".encode() + (ROOT / "content" / "scenarios" / "capot.json").read_bytes()
    choose_file(at, "upload", "capot.json", data)
    assert errors(at) == []
    assert not at.text_area(key="rec_text").value.startswith("\ufeff")


# --- parse_record_text --------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("", "There is no deal record to read: the text is empty."),
    ("   ", "There is no deal record to read: the text is empty."),
    ("hello", "it is not JSON (the text must start with {)"),
    ("[1, 2]", "a deal record must be an object, not a list"),
    ("5", "a deal record must be an object, not a number"),
    ('{"elder": [}', "on line 1, character 12, a value is missing"),
    ("{'elder': []}", "a key must be written in double quotes"),
    ('{"elder": ["AS" "KS"]}', "a comma is missing"),
    ('{"elder" []}', "a colon is missing"),
    ('{"elder": ["AS', "a text is not closed"),
    ('{"elder": []} x', "more text follows the record's closing }"),
    ('{\n  "elder": [],\n}', "on line 3, character 1, a key must be written in double quotes"),
    ("[" * 100000, "nested too deeply"),
])
def test_messages_are_plain_words(text: str, words: str) -> None:
    record, messages = parse_record_text(text)
    assert record is None and len(messages) >= 1
    assert words.lower() in plain(messages[0]).lower(), plain(messages[0])
    for m in messages:
        assert "Expecting" not in m and "column" not in m


def test_a_valid_record_or_scenario_is_returned() -> None:
    assert parse_record_text(json.dumps(CAV)) == (CAV, [])
    assert parse_record_text(json.dumps({"title": "t", "record": CAV})) == (CAV, [])
    assert parse_record_text("\ufeff" + json.dumps(CAV)) == (CAV, [])
    assert parse_record_bytes(b"\xef\xbb\xbf" + json.dumps(CAV).encode(), name="f") == (CAV, [])


def test_counted_words_agree() -> None:
    for n in (0, 1, 2, 5):
        rec = copy.deepcopy(CAV)
        rec["talon"] = rec["talon"][:n]
        _, messages = parse_record_text(json.dumps(rec))
        card = "card" if n == 1 else "cards"
        assert plain(messages[0]) == f"The talon has {n} {card}; it must have 8."


def test_record_json_is_readable_and_exact() -> None:
    text = record_json(EXAMPLE_RECORD)
    assert json.loads(text) == EXAMPLE_RECORD
    assert '    ["AD", "JD"],\n' in text  # one trick a line
    no_tricks = {k: v for k, v in EXAMPLE_RECORD.items() if k != "tricks"}
    assert json.loads(record_json({**no_tricks, "tricks": []})) == {**no_tricks, "tricks": []}


def test_the_format_names_every_key_and_the_default_preset() -> None:
    assert "(left out: britannica)" in FORMAT_MARKDOWN
    assert "(left out: the sidebar's)" in format_markdown("the sidebar's")
    for key in ("elder", "younger", "talon", "elder_discard", "younger_discard", "tricks",
                "rules", "declarations", "younger_shows_leftovers"):
        assert f'`"{key}"`' in FORMAT_MARKDOWN

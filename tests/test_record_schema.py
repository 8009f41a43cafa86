"""The deal record's JSON Schema (piquet/record.schema.json) against the engine and the docs.

- Every example record in the repository (tests/data, content/scenarios, the schema's own
  example, the docs' example, the app's "Load an example") is valid under the schema and has
  no problem in the engine.
- Broken records fail the schema, each for its reason.
- Under random mutations of the example records (canonical notation), the schema accepts a
  record exactly when ``record_problems`` finds no problem of shape; ``score_record`` fails
  exactly when ``record_problems`` finds any problem, naming the first.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from piquet import DECK, RecordError, record_problems, score_record
from piquet.cards import sort_cards
from piquet.record import SHAPE_CODES

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "piquet" / "record.schema.json"
DOC = ROOT / "docs" / "record-format.md"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
CARDS = [str(c) for c in sort_cards(DECK)]


def _example_files() -> dict[str, dict[str, Any]]:
    out = {}
    for folder in (ROOT / "tests" / "data", ROOT / "content" / "scenarios"):
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            out[f"{folder.name}/{path.name}"] = data["record"]
    return out


EXAMPLES = _example_files()


def _doc_blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_schema_names_the_engines_cards_and_keys() -> None:
    assert SCHEMA["$defs"]["card"]["enum"] == CARDS
    assert set(SCHEMA["required"]) == {p.path[0] for p in record_problems({})
                                       if p.code == "missing_key"}
    assert SCHEMA["properties"]["rules"]["enum"][:-1] == ["britannica", "cavendish"]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_record_is_valid(name: str) -> None:
    record = EXAMPLES[name]
    assert [e.message for e in VALIDATOR.iter_errors(record)] == []
    assert record_problems(record) == ()


def test_the_schemas_docs_and_apps_examples_are_valid() -> None:
    from ui.record_help import EXAMPLE_RECORD

    doc_example = json.loads(_doc_blocks()[0])
    assert doc_example == EXAMPLE_RECORD
    assert EXAMPLES["scenarios/sinking-changes-verdict.json"] == EXAMPLE_RECORD
    for record in (*SCHEMA["examples"], doc_example, EXAMPLE_RECORD):
        VALIDATOR.validate(record)
        score_record(record)
    declarations = json.loads("{" + _doc_blocks()[1] + "}")
    VALIDATOR.validate({**EXAMPLE_RECORD, **declarations})
    assert record_problems({**EXAMPLE_RECORD, **declarations}) == ()


def test_the_docs_point_at_the_schema_and_name_every_key() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert "](../piquet/record.schema.json)" in doc
    for key in SCHEMA["properties"]:
        assert f"`{key}`" in doc, key
    from ui.record_help import FORMAT_MARKDOWN

    for key in SCHEMA["properties"]:
        assert f'`"{key}"`' in FORMAT_MARKDOWN, key


def _cav() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLES["data/cavendish-deal.json"])


BROKEN: dict[str, tuple[dict[str, Any], str]] = {
    "no talon": ({k: v for k, v in _cav().items() if k != "talon"}, "required"),
    "bad card name": ({**_cav(), "elder": ["QQ", *_cav()["elder"][1:]]}, "enum"),
    "lower case card": ({**_cav(), "elder": ["as", *_cav()["elder"][1:]]}, "enum"),
    "11 cards": ({**_cav(), "elder": _cav()["elder"][:11]}, "minItems"),
    "card twice": ({**_cav(), "elder_discard": ["KS", "KS"]}, "uniqueItems"),
    "6 discards": ({**_cav(), "elder_discard": ["KS", "8C", "7C", "9D", "8D", "AS"]},
                   "maxItems"),
    "hand as a number": ({**_cav(), "younger": 5}, "type"),
    "unknown preset": ({**_cav(), "rules": "hoyle"}, "enum"),
    "trick of one card": ({**_cav(), "tricks": [["AH"]]}, "minItems"),
    "trick of three": ({**_cav(), "tricks": [["AH", "10H", "KH"]]}, "maxItems"),
    "13 tricks": ({**_cav(), "tricks": [*_cav()["tricks"], ["AS", "KS"]]}, "maxItems"),
    "tricks an object": ({**_cav(), "tricks": {"1": ["AH", "10H"]}}, "type"),
    "unknown player": ({**_cav(), "declarations": {"dummy": {}}}, "additionalProperties"),
    "unknown category": ({**_cav(), "declarations": {"elder": {"quint": []}}},
                         "additionalProperties"),
    "2-card sequence": ({**_cav(), "declarations": {"elder": {"sequences": [["AH", "KH"]]}}},
                        "minItems"),
    "set of five": ({**_cav(), "declarations": {"elder": {"sets": [["AS"] * 5]}}},
                    "maxItems"),
    "leftovers as text": ({**_cav(), "younger_shows_leftovers": "yes"}, "type"),
    "not an object": (["AS"], "type"),  # type: ignore[dict-item]
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_records_fail_the_schema(case: str) -> None:
    record, keyword = BROKEN[case]
    errors = list(VALIDATOR.iter_errors(record))
    assert errors, "the schema accepted a broken record"
    assert keyword in {e.validator for e in errors}
    if case != "lower case card":  # the engine reads lower case; the schema is canonical
        assert any(p.is_shape for p in record_problems(record))


def test_rules_broken_in_play_pass_the_schema_but_not_the_engine() -> None:
    """The schema sees the form only: a revoke is the engine's to find."""
    record = _cav()
    record["tricks"] = [["AH", "KC"]]
    VALIDATOR.validate(record)
    (p,) = record_problems(record)
    assert p.code == "revoke" and not p.is_shape


# --- random mutations: the schema and the engine agree on the shape -------------------------

TOP_KEYS = ("rules", "elder", "younger", "talon", "elder_discard", "younger_discard",
            "declarations", "younger_shows_leftovers", "tricks")
CARD_LISTS = ("elder", "younger", "talon", "elder_discard", "younger_discard")
NOT_CARDS = ("QQ", "", "6H", "1S", "10", "A", 5, None, True, ["AS"], {"AS": 1})
# No bare text where a list of cards belongs: the engine reads "AS KS" as two cards, a
# shorthand the canonical schema does not describe.
OTHER_VALUES = (None, 0, 5, 1.5, True, False, [], {}, [5], [None], ["QQ"], {"AS": 1}, [[]],
                [["AH", "10H"]], {"elder": {}})
real_card = st.sampled_from(CARDS)
card_value = st.one_of(real_card, real_card, real_card, st.sampled_from(NOT_CARDS))
other_value = st.sampled_from(OTHER_VALUES)
card_list = st.lists(card_value, max_size=9)
spec = st.one_of(
    st.none(), other_value,
    st.dictionaries(st.sampled_from(("point", "sequences", "sets", "quint")),
                    st.one_of(card_list, st.lists(card_list, max_size=3), other_value),
                    max_size=3))
mutation = st.one_of(
    st.tuples(st.just("del"), st.sampled_from(TOP_KEYS)),
    st.tuples(st.just("set"), st.sampled_from(TOP_KEYS), other_value),
    st.tuples(st.just("rules"), st.sampled_from(("britannica", "cavendish", None, "hoyle", "",
                                                 3, ["cavendish"]))),
    st.tuples(st.just("card"), st.sampled_from(CARD_LISTS), st.integers(0, 12), card_value),
    st.tuples(st.just("pop"), st.sampled_from((*CARD_LISTS, "tricks"))),
    st.tuples(st.just("append"), st.sampled_from(CARD_LISTS), card_value),
    st.tuples(st.just("trick"), st.integers(0, 12), st.integers(0, 2), card_value),
    st.tuples(st.just("trick_set"), st.integers(0, 12), other_value),
    st.tuples(st.just("more_tricks"), st.lists(st.lists(card_value, min_size=2, max_size=2),
                                               min_size=1, max_size=3)),
    st.tuples(st.just("declare"), st.sampled_from(("elder", "younger", "dummy")), spec),
    st.tuples(st.just("shows"), st.sampled_from((True, False, None, 1, "yes"))),
    st.tuples(st.just("resize"), st.sampled_from(CARD_LISTS),
              st.sampled_from((0, 1, 4, 5, 6, 7, 8, 9, 11, 12, 13))),
    st.tuples(st.just("sink"), st.sampled_from(("elder", "younger")),
              st.sampled_from(("point", "sequences", "sets")),
              st.lists(st.integers(0, 11), max_size=5, unique=True)),
)


def _apply(record: dict[str, Any], m: tuple[Any, ...]) -> None:
    kind = m[0]
    if kind == "del":
        record.pop(m[1], None)
    elif kind == "set":
        record[m[1]] = copy.deepcopy(m[2])
    elif kind == "rules":
        record["rules"] = copy.deepcopy(m[1])
    elif kind in ("card", "pop", "append"):
        target = record.get(m[1])
        if isinstance(target, list):
            if kind == "pop" and target:
                target.pop()
            elif kind == "append":
                target.append(copy.deepcopy(m[2]))
            elif kind == "card" and m[2] < len(target):
                target[m[2]] = copy.deepcopy(m[3])
    elif kind in ("trick", "trick_set"):
        tricks = record.get("tricks")
        if isinstance(tricks, list) and m[1] < len(tricks):
            if kind == "trick_set":
                tricks[m[1]] = copy.deepcopy(m[2])
            elif isinstance(tricks[m[1]], list) and m[2] < len(tricks[m[1]]):
                tricks[m[1]][m[2]] = copy.deepcopy(m[3])
    elif kind == "more_tricks":
        if isinstance(record.get("tricks"), list):
            record["tricks"] += copy.deepcopy(m[1])
    elif kind == "declare":
        decl = record.get("declarations")
        if not isinstance(decl, dict):
            decl = record["declarations"] = {}
        decl[m[1]] = copy.deepcopy(m[2])
    elif kind == "shows":
        record["younger_shows_leftovers"] = m[1]
    elif kind == "resize":  # a list of n different cards, its own first
        target = record.get(m[1])
        if isinstance(target, list):
            more = [c for c in CARDS if c not in target]
            record[m[1]] = (target + more)[:m[2]]
    elif kind == "sink":  # cards of the player's dealt hand: held after the exchange or not
        hand = record.get(m[1])
        if isinstance(hand, list):
            cards = [hand[i] for i in m[3] if i < len(hand)]
            decl = record.get("declarations")
            if not isinstance(decl, dict):
                decl = record["declarations"] = {}
            decl[m[1]] = {m[2]: cards if m[2] == "point" else [cards]}


@settings(max_examples=600, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(EXAMPLES)), st.lists(mutation, min_size=1, max_size=3))
def test_schema_and_engine_agree_on_random_records(name: str,
                                                    mutations: list[tuple[Any, ...]]) -> None:
    record = copy.deepcopy(EXAMPLES[name])
    for m in mutations:
        _apply(record, m)
    problems = record_problems(record)
    shape = [p for p in problems if p.is_shape]
    assert all(p.code in SHAPE_CODES for p in shape)
    assert len(shape) == len(problems) or len(problems) == 1
    event("shape problems" if shape else f"replay: {problems[0].code}" if problems else "valid")
    errors = [e.message for e in VALIDATOR.iter_errors(record)]
    assert (not errors) == (not shape), (errors, [str(p) for p in shape])
    try:
        score_record(record)
    except RecordError as e:
        assert problems, f"score_record failed ({e}) but record_problems found nothing"
        assert str(e) == str(problems[0])
        assert e.problems == problems
    else:
        assert problems == (), [str(p) for p in problems]

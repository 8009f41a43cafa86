"""Every error the engine can raise reaches the page as a sentence of the text layer naming
the offending value: never a bare code, never the English ``str()`` (issue 10).

Each case triggers one problem the way a user can (a bad card token, a wrong count, a card
twice, a bad discard, a revoke, an unknown preset, each record problem code...) and checks
that ``words.errors.error_text`` under the pseudo-locale is wrapped whole in ⟦…⟧ (it came
from the catalog), names the offending value, is not the code, and says in English what the
developer's message says (where it differs, it does by design, listed below).
"""

from __future__ import annotations

import base64
import copy
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

import pytest

from academy.walkthrough import decode_record, parse_scenario
from piquet import (
    DealRecord,
    Partie,
    PiquetError,
    RecordError,
    declaration_from_spec,
    get_rules,
    hand_of,
    parse_card,
    parse_cards,
    reckon,
    record_problems,
    score_declarations,
    score_record,
    settle_partie,
)
from piquet.cards import DECK, Card
from piquet.deal import Action, DealState, deal_cards
from piquet.exchange import verify_discard
from piquet.play import play_indices, verify_play
from piquet.players import ComputerPlayer, make_player
from piquet.record import ProblemCode
from piquet.rules import CAVENDISH
from words import use_language
from words.errors import error_text
from words.record import problem_sentence, problem_text

ROOT = Path(__file__).resolve().parents[1]
CAV: dict[str, Any] = json.loads((ROOT / "tests" / "data" / "cavendish-deal.json")
                                 .read_text(encoding="utf-8"))["record"]
HAND = parse_cards("AS KS QS JS 9S AH KH QH 10D 10C AC AD")
ALL = sum(c.bit for c in DECK)


def _record(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    def run() -> object:
        rec = copy.deepcopy(CAV)
        change(rec)
        return score_record(rec)
    return run


def _put(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        rec[key] = value
    return change


def _item(key: str, index: int, value: object) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        rec[key][index] = value
    return change


def _del(key: str) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        del rec[key]
    return change


def _at_play() -> DealState:
    """A deal at its first trick (Elder to lead): both exchanged and declared in full."""
    d = DealState.deal(seed=1)
    d = d.discard("elder", d.hand("elder")[:5])
    d = d.discard("younger", d.hand("younger")[:3])
    return d.declare("elder").declare("younger")


def _partie_over() -> object:
    p = Partie("A")
    for _ in range(6):
        p = p.add(20, 21)
    return p.add(1, 1)


def _index(token: str) -> int:
    return parse_card(token).index


def _declare(spec: object) -> Callable[[], object]:
    return lambda: declaration_from_spec(HAND, spec, who="Elder")  # type: ignore[arg-type]


# (id, the call that raises, what the sentence must name, the file that raises it)
CASES: list[tuple[str, Callable[[], object], str, str]] = [
    # cards and hands
    ("bad card token", lambda: parse_card("QQ"), "QQ", "piquet/cards.py"),
    ("a rank alone", lambda: parse_card("Q"), "Q", "piquet/cards.py"),
    ("below the seven", lambda: parse_card("6S"), "6S", "piquet/cards.py"),
    ("not text", lambda: parse_cards([5]), "5", "piquet/cards.py"),  # type: ignore[list-item]
    ("card twice in a hand", lambda: hand_of("AS AS", size=2, who="Elder"), "AS",
     "piquet/cards.py"),
    ("wrong count", lambda: hand_of("AS KS", who="Elder"), "2", "piquet/cards.py"),
    ("card in both hands", lambda: score_declarations(HAND, parse_cards(
        "AS 7S 8S 7H 8H 9H 7D 8D 9D 7C 8C 9C")), "AS", "piquet/scoring.py"),
    # presets
    ("unknown preset", lambda: get_rules("hoyle"), "hoyle", "piquet/rules.py"),
    # players
    ("unknown player", lambda: make_player("expert"), "expert", "piquet/players.py"),
    ("unknown computer level", lambda: ComputerPlayer(9), "9", "piquet/players.py"),
    # the exchange
    ("discard not held", lambda: verify_discard(0, parse_cards("AS"), range(1, 6), "Elder"),
     "AS", "piquet/exchange.py"),
    ("discard twice", lambda: verify_discard(ALL, parse_cards("AS AS"), range(1, 6), "Elder"),
     "AS", "piquet/exchange.py"),
    ("bad discard count", lambda: verify_discard(ALL, DECK[:6], range(1, 6), "elder"), "6",
     "piquet/exchange.py"),
    # the play
    ("card not held", lambda: verify_play(0, parse_card("KS"), None, "Elder"), "KS",
     "piquet/play.py"),
    ("revoke", lambda: verify_play(ALL, parse_card("7H"), parse_card("AS"), "Younger"), "7H",
     "piquet/play.py"),
    ("card not held in a trick", lambda: play_indices(0, 0, [(0, 1)], CAVENDISH), "trick 1",
     "piquet/play.py"),
    ("revoke in a trick", lambda: play_indices(
        parse_card("AS").bit, parse_card("KS").bit | parse_card("7H").bit,
        [(_index("AS"), _index("7H"))], CAVENDISH), "trick 1", "piquet/play.py"),
    ("too many tricks", lambda: play_indices(0, 0, [(0, 1)] * 13, CAVENDISH), "13",
     "piquet/play.py"),
    # the deal's actions
    ("not now", lambda: DealState.deal(seed=1).play("elder", "AS"), "Elder",
     "piquet/deal.py"),
    ("out of turn", lambda: _at_play().play("younger", _at_play().hand("younger")[0]),
     "Younger", "piquet/deal.py"),
    ("leftovers face up", lambda: DealState.deal(seed=1).discard(
        "elder", DealState.deal(seed=1).hand("elder")[:5], show_leftovers=True), "britannica",
     "piquet/deal.py"),
    ("scored before the declarations", lambda: DealState.deal(seed=1).score(), "declared",
     "piquet/deal.py"),
    ("unknown action", lambda: DealState.deal(seed=1).apply(Action("jump", "elder")), "jump",
     "piquet/deal.py"),
    ("dealt in fours", lambda: deal_cards(1, 4), "4s", "piquet/deal.py"),
    # scoring and reckoning
    ("two cartes blanches", lambda: score_declarations(
        HAND, parse_cards("7S 8S 7H 8H 9H 7D 8D 9D 7C 8C 9C 10S"), elder_blanche=True,
        younger_blanche=True), "carte blanche", "piquet/scoring.py"),
    ("both score the point", lambda: reckon(point=(5, 5)), "(5, 5)", "piquet/reckon.py"),
    ("a negative score", lambda: reckon(sets=(-1, 0)), "(-1, 0)", "piquet/reckon.py"),
    ("not a pair", lambda: reckon(sequences=(1, 2, 3)), "(1, 2, 3)",  # type: ignore[arg-type]
     "piquet/reckon.py"),
    ("a play point's shape", lambda: reckon(play=[("elder", "lead")]),  # type: ignore[list-item]
     "('elder', 'lead')", "piquet/reckon.py"),
    ("a play point not understood", lambda: reckon(play=["dummy"]), "dummy",
     "piquet/reckon.py"),
    ("carte blanche's worth", lambda: reckon(blanche=(5, 0)), "5", "piquet/reckon.py"),
    ("the cards' worth", lambda: reckon(cards=(5, 0)), "(5, 0)", "piquet/reckon.py"),
    ("capot's worth", lambda: reckon(capot=(10, 0)), "(10, 0)", "piquet/reckon.py"),
    ("capot with the cards", lambda: reckon(cards=(10, 0), capot=(40, 0)), "capot",
     "piquet/reckon.py"),
    # the partie
    ("a bad total", lambda: settle_partie(-1, 5), "-1", "piquet/partie.py"),
    ("a seventh deal", _partie_over, "partie is over", "piquet/partie.py"),
    # declarations
    ("declared card not held", _declare({"point": ["7H"]}), "7H", "piquet/declare.py"),
    ("declared card twice", _declare({"point": ["AS", "AS"]}), "AS", "piquet/declare.py"),
    ("declared bad token", _declare({"point": ["AS", "QQ"]}), "QQ", "piquet/declare.py"),
    ("declared short run", _declare({"sequences": [["AS", "KS"]]}), "AS KS",
     "piquet/declare.py"),
    ("declared run with a gap", _declare({"sequences": [["AS", "KS", "JS"]]}), "AS KS JS",
     "piquet/declare.py"),
    ("declared run of two suits", _declare({"sequences": [["AS", "KS", "QH"]]}), "AS KS QH",
     "piquet/declare.py"),
    ("declared point of two suits", _declare({"point": ["AS", "AH"]}), "AS AH",
     "piquet/declare.py"),
    ("declared mixed set", _declare({"sets": [["AS", "AH", "KS"]]}), "AS AH KS",
     "piquet/declare.py"),
    ("declared set of two", _declare({"sets": [["AS", "AH"]]}), "AS AH", "piquet/declare.py"),
    ("declared set of nines", lambda: declaration_from_spec(
        parse_cards("9S 9H 9D AS KS QS JS AH KH QH 10D 10C"), {"sets": [["9S", "9H", "9D"]]},
        who="Elder"), "9S 9H 9D", "piquet/declare.py"),
    ("declared unknown category", _declare({"quint": []}), "quint", "piquet/declare.py"),
    ("declaration not an object", _declare("all"), "text", "piquet/declare.py"),
    ("declared runs that touch", lambda: declaration_from_spec(
        parse_cards("AS KS QS JS 10S 9S AH KH QH 10D 10C AD"),
        {"sequences": [["AS", "KS", "QS"], ["JS", "10S", "9S"]]}, who="Elder"), "AS KS QS",
     "piquet/declare.py"),
    # deal records: every problem code
    ("record not an object", lambda: score_record([1]), "a list",  # type: ignore[arg-type]
     "piquet/record.py"),
    ("record missing key", _record(_del("talon")), "'talon'", "piquet/record.py"),
    ("record wrong type", _record(_put("elder", 5)), "a number", "piquet/record.py"),
    ("record not a card", _record(_item("elder", 0, "QQ")), "QQ", "piquet/record.py"),
    ("record card count", _record(lambda r: r["talon"].pop()), "7", "piquet/record.py"),
    ("record card twice", _record(_put("elder_discard", ["KS", "KS"])), "KS",
     "piquet/record.py"),
    ("record unknown key", _record(_put("declarations", {"dummy": None})), "dummy",
     "piquet/record.py"),
    ("record unknown preset", _record(_put("rules", "hoyle")), "hoyle", "piquet/record.py"),
    ("record card in two places", _record(_item("younger", 0, "AS")), "AS",
     "piquet/record.py"),
    ("record discard not held", _record(_put("elder_discard", ["10S"])), "10S",
     "piquet/record.py"),
    ("record discard count", _record(_put("younger_discard", [])), "0", "piquet/record.py"),
    ("record leftovers face up", _record(_put("younger_shows_leftovers", True)), "cavendish",
     "piquet/record.py"),
    ("record bad declaration", _record(_put("declarations", {"elder": {"point": ["10S"]}})),
     "10S", "piquet/record.py"),
    ("record card not held", _record(_put("tricks", [["AH", "10H"], ["AH", "7D"]])), "AH",
     "piquet/record.py"),
    ("record revoke", _record(_put("tricks", [["AH", "KC"]])), "KC", "piquet/record.py"),
    # scenario files and links to a deal (academy/walkthrough.py raises RecordError)
    ("scenario not an object", lambda: parse_scenario([1]), "a list",  # type: ignore[arg-type]
     "academy/walkthrough.py"),
    ("scenario record not an object", lambda: parse_scenario({"record": 5}), "a number",
     "academy/walkthrough.py"),
    ("scenario title not text", lambda: parse_scenario({"record": {}, "title": 5}), "'title'",
     "academy/walkthrough.py"),
    ("scenario captions", lambda: parse_scenario({"record": {}, "captions": [1]}),
     "'captions'", "academy/walkthrough.py"),
    ("scenario caption key", lambda: parse_scenario({"record": {}, "captions": {"x": "?"}}),
     "'x'", "academy/walkthrough.py"),
    ("scenario caption value", lambda: parse_scenario({"record": {}, "captions": {"3": 5}}),
     "3", "academy/walkthrough.py"),
    ("link unreadable", lambda: decode_record("not a record!"), "link",
     "academy/walkthrough.py"),
    ("link empty", lambda: decode_record("  "), "empty", "academy/walkthrough.py"),
    ("link too long", lambda: decode_record("A" * 100_000), "100000",
     "academy/walkthrough.py"),
    ("link not a record", lambda: decode_record(
        base64.urlsafe_b64encode(zlib.compress(b"[1]")).decode().rstrip("=")),
     "not a deal record", "academy/walkthrough.py"),
]



WITHOUT_VALUES: frozenset[str] = frozenset({"both_blanche"})
"""Codes whose problem has no offending value to quote (both players claim carte blanche)."""


def _raised(call: Callable[[], object]) -> PiquetError:
    with pytest.raises(PiquetError) as info:
        call()
    return info.value


def _unwrapped(text: str) -> str:
    return text.replace("⟦", "").replace("⟧", "")


@pytest.mark.parametrize(("call", "named", "where"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_error_is_a_sentence_of_the_text_layer(call: Callable[[], object], named: str,
                                                    where: str) -> None:
    e = _raised(call)
    assert e.values or e.code in WITHOUT_VALUES or isinstance(e, RecordError), (where, e.code)
    with use_language("qps"):
        text = error_text(e)
    assert text.startswith("⟦") and text.endswith("⟧"), text
    assert named in text, (named, text)
    assert _unwrapped(text) != e.code  # never the bare code, nor an identifier in it
    assert "_" not in e.code or e.code not in text
    with use_language("en"):
        english = error_text(e)
    assert _unwrapped(text) == english


@pytest.mark.parametrize(("case", "call"), [(c[0], c[1]) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_words_are_the_text_layers_and_the_engine_gives_facts(
        case: str, call: Callable[[], object]) -> None:
    """The engine's ``str()`` is its facts (the code first, then the values); the sentence a
    page shows is the text layer's, never those facts."""
    e = _raised(call)
    with use_language("en"):
        english = error_text(e)
    assert str(e).startswith(e.code), (case, str(e))
    assert english != str(e) and " " in english, (case, english)


def test_every_record_problem_code_is_triggered() -> None:
    codes = {_raised(c[1]).code for c in CASES if c[3] == "piquet/record.py"}
    assert codes == set(get_args(ProblemCode)) - {"invalid_record"}


def test_every_problem_of_a_broken_record_is_said() -> None:
    rec = copy.deepcopy(CAV)
    del rec["talon"]
    rec["elder"][3] = "QQ"
    rec["elder"][4] = 7
    rec["younger"] = rec["younger"][:11]
    rec["elder_discard"] = ["KS", "KS"]
    rec["declarations"] = {"elder": {"point": 5, "quint": [], "sequences": [["AS", "KS"]],
                                     "sets": [["AS", "AS", "AH"]]}, "dummy": None}
    rec["tricks"] = [["QH"], 5, [None, "AS"]]
    rec["younger_shows_leftovers"] = "yes"
    problems = record_problems(rec)
    assert len(problems) >= 12
    for p in problems:
        with use_language("qps"):
            text, sentence = problem_text(p), problem_sentence(p)
        assert text.startswith("⟦") and text.endswith("⟧"), text
        assert sentence.startswith("⟦") and sentence.endswith("⟧"), sentence
        assert p.code not in text
        with use_language("en"):
            assert problem_text(p) == _unwrapped(text)


def test_a_record_problem_is_never_its_code_nor_its_message_under_another_language() -> None:
    e = _raised(_record(_put("tricks", [["AH", "KC"]])))
    with use_language("qps"):
        text = error_text(e)
    assert text != str(e) and text != e.code
    assert text == "⟦trick 1: ⟦Younger⟧ plays KC to AH but holds a heart: he must follow suit⟧" \
        or text.startswith("⟦trick 1: ")


def test_an_unknown_code_is_a_generic_sentence_naming_the_value() -> None:
    e = PiquetError(code="brand_new", values=(Card.of("QH"),))
    with use_language("qps"):
        text = error_text(e)
    assert text.startswith("⟦") and "QH" in text and "brand_new" not in text


def test_a_record_error_without_a_problem_names_its_value() -> None:
    e = RecordError(values=("x",))
    with use_language("qps"):
        text = error_text(e)
    assert text.startswith("⟦") and "'x'" in text and "caption" not in text


def test_a_deal_record_problem_keeps_its_facts() -> None:
    with pytest.raises(RecordError) as info:
        DealRecord.from_json({**copy.deepcopy(CAV), "elder_discard": ["10S"]})
    (p,) = info.value.problems
    assert (p.facts["card"], p.facts["role"]) == (Card.of("10S"), "elder")


def test_an_error_without_a_value_or_a_known_code_is_still_a_sentence() -> None:
    """Never the engine's bare facts on a page: an unknown code with nothing to quote."""
    for e in (PiquetError(code="brand_new"), RecordError(code="brand_new")):
        for lang in ("en", "vi", "tr"):
            with use_language(lang):
                text = error_text(e)
            assert "brand_new" not in text and " " in text, (lang, text)

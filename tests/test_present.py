"""The Lab's presentation (ui/present): a deal as a sequence of screens, the step in the
address (``/lab?…&present=1&step=N``). Walked forward and back through a whole deal, every
number checked against the engine; a reload keeps the step; a bad step is clamped or reset
with a sentence, never a traceback; the keys' events act as the buttons do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest import open_page, open_panels
from streamlit.testing.v1 import AppTest

from piquet import DealRecord, LineKind, get_rules, score_declarations, score_record
from piquet.reckon import reckon
from ui.present.keys import key_action, take_key
from ui.present.screens import read_step
from ui.present.steps import Kind, presentation, totals_after_trick
from words.declarations import line_text

ELDER = "AS KS QS JS 10S 9S AH KH QH AD AC KC"
YOUNGER = "8S 7S JH 10H 9H 8H 7H KD QD JD 10D 9D"
LINK = {"elder": ELDER.replace(" ", ","), "younger": YOUNGER.replace(" ", ",")}
DATA = Path(__file__).resolve().parent / "data"
DECK = "lab_present_deck"


def _score():  # type: ignore[no-untyped-def]
    return score_declarations(ELDER, YOUNGER, rules=get_rules("britannica"))


def _open(**params: str) -> AppTest:
    return open_page("lab", **LINK, present="1", **params)


def _shown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def _step(at: AppTest) -> int:
    return int(at.query_params["step"][0] if isinstance(at.query_params["step"], list)
               else at.query_params["step"])


def _click(at: AppTest, name: str) -> None:
    at.button(key=f"{DECK}_{name}").click().run()
    assert not at.exception, at.exception


def test_the_engine_numbers_of_the_example() -> None:
    """The steps of the example deal, and its running totals, from the engine: Elder's point
    of six (6), sixième major and tierce major (16 + 3), fourteen aces and three kings
    (14 + 3), the repique (60) and his first lead."""
    score = _score()
    p = presentation(score)
    kinds = [s.kind for s in p.steps]
    assert kinds[0] is Kind.HANDS and kinds[-1] is Kind.TOTALS
    assert kinds.count(Kind.LINE) == len(score.dialogue)
    by_cat = {c: (score.score("elder", c), score.score("younger", c))
              for c in ("blanche", "point", "sequences", "sets")}
    events = reckon(**by_cat, play=["elder"]).events
    assert kinds.count(Kind.RECKON) == len(events)
    totals = [p.totals(s) for s in p.steps if s.kind is Kind.RECKON]
    assert totals == [(ev.elder_total, ev.younger_total) for ev in events]
    assert totals == [(6, 0), (25, 0), (42, 0), (102, 0), (103, 0)]
    assert p.totals(p.steps[-1]) == (score.total("elder") + 1, score.total("younger"))  # + lead


def test_a_record_adds_each_trick_and_the_end() -> None:
    record = json.loads((DATA / "cavendish-deal.json").read_text())["record"]
    deal = score_record(DealRecord.from_json(record))
    p = presentation(deal.declarations, deal)
    tricks = [s for s in p.steps if s.kind is Kind.TRICK]
    assert len(tricks) == len(deal.play.tricks) == 12
    assert p.steps[-1].kind is Kind.END
    assert p.totals(p.steps[-1]) == (deal.reckoning.total("elder"),
                                     deal.reckoning.total("younger"))
    # after each trick: the totals of the last event of that trick (a pique included)
    for s in tricks:
        n = s.index + 1
        upto = [ev for ev in deal.reckoning.events if ev.trick is not None and ev.trick <= n]
        assert p.totals(s) == totals_after_trick(deal.reckoning, n)
        assert p.totals(s)[0] >= upto[-1].elder_total
    last = [ev for ev in deal.reckoning.events if ev.category not in ("cards", "capot")][-1]
    assert p.totals(tricks[-1]) == (last.elder_total, last.younger_total)


def test_forward_and_back_through_the_whole_deal() -> None:
    """Next through every step (an answer is revealed first, then Next moves on), each
    screen saying its step and showing the engine's line or totals; then Back to step 1."""
    score = _score()
    p = presentation(score)
    at = _open()
    assert "Step 1 of" in _shown(at)
    n = len(p)
    for number in range(1, n + 1):
        assert _step(at) == number if "step" in at.query_params else number == 1
        shown = _shown(at)
        assert f"Step {number} of {n}" in shown
        step = p.steps[number - 1]
        if step.kind is Kind.LINE:
            line = score.dialogue[step.index]
            if line.kind is LineKind.ANSWER:
                assert line_text(line) not in shown.split("pqp-now")[-1]  # hidden
                _click(at, "reveal")
                assert line_text(line) in _shown(at).split("pqp-now")[-1]
            else:
                assert line_text(line) in shown
        if step.kind in (Kind.RECKON, Kind.TOTALS):
            elder, younger = p.totals(step)
            assert f"Elder<b>{elder}</b>" in shown and f"Younger<b>{younger}</b>" in shown
        if number < n:
            _click(at, "next")
    assert _step(at) == n
    assert at.button(key=f"{DECK}_next").disabled
    for number in range(n - 1, 0, -1):
        _click(at, "back")
        assert _step(at) == number
    assert at.button(key=f"{DECK}_back").disabled


def test_the_step_is_in_the_address_and_a_reload_keeps_it() -> None:
    p = presentation(_score())
    # "Fourteen aces." (a call: an answer Next reveals first)
    n = next(i for i, s in enumerate(p.steps, 1)
             if s.kind is Kind.LINE and p.line(s).kind is LineKind.CALL_SET)
    at = _open(step=str(n))
    assert f"Step {n} of" in _shown(at) and "Fourteen aces." in _shown(at)
    _click(at, "next")
    assert _step(at) == n + 1
    again = _open(step=str(_step(at)))  # a reload: a new session on the same address
    assert f"Step {n + 1} of" in _shown(again)
    at.run()  # a rerun of the same session keeps it too
    assert f"Step {n + 1} of" in _shown(at)


@pytest.mark.parametrize(("raw", "shown", "says"), [
    ("999", 14, "does not exist"), ("0", 1, "does not exist"), ("-3", 1, "does not exist"),
    ("abc", 1, "not a number"), ("1e9" * 40, 1, "not a number"), ("", 1, "not a number"),
])
def test_a_bad_step_is_clamped_with_a_sentence(raw: str, shown: int, says: str) -> None:
    at = _open(step=raw)
    assert not at.exception
    text = _shown(at)
    assert f"Step {shown} of 14" in text and says in text
    assert _step(at) == shown  # the address says what is shown
    at.run()
    assert says not in _shown(at)  # said once


def test_read_step() -> None:
    assert read_step(5, "3") == (3, None)
    assert read_step(5, " 2 ")[0] == 2
    assert read_step(5, "6")[0] == 5 and read_step(5, "6")[1]
    said = read_step(5, "x" * 100)[1]
    assert said is not None and "x" * 30 not in said  # a long address is cut short


def test_the_keys_events() -> None:
    """What the key script sends, read back (the browser test presses the keys: AppTest
    cannot fire a Components v2 event)."""
    assert key_action({"key": {"action": "reveal", "seq": 1}}) == "reveal"
    assert key_action({"key": {"action": "next", "seq": 2}}) == "next"
    assert key_action({"key": {"action": " "}}) is None and key_action(None) is None
    assert key_action({"key": "next"}) is None


def test_a_key_acts_once_a_press() -> None:
    """A press delivered again (the element's state sent with a later rerun: the live
    round's teacher saw a reveal pressed once act again questions later) acts once."""
    import streamlit as st

    key = "pq_test_keys"
    st.session_state[key] = {"key": {"action": "reveal", "seq": 4}}
    assert take_key(key) == "reveal"
    assert take_key(key) is None                   # the same press, delivered again
    st.session_state[key] = {"key": {"action": "next", "seq": 5}}
    assert take_key(key) == "next"
    st.session_state[key] = {"key": {"action": "jump", "seq": 6}}
    assert take_key(key) is None


def test_leaving_presentation_mode_drops_the_step() -> None:
    at = _open(step="4")
    at.toggle(key="lab_present").set_value(False).run()
    assert "step" not in at.query_params and "present" not in at.query_params


def test_a_loaded_record_is_presented_trick_by_trick() -> None:
    record = json.loads((DATA / "cavendish-deal.json").read_text())["record"]
    deal = score_record(DealRecord.from_json(record))
    at = open_panels(open_page("lab"), "lab_record_open")
    at.text_area(key="lab_record_text").set_value(json.dumps(record)).run()
    at.button(key="lab_load").click().run()
    at.toggle(key="lab_present").set_value(True).run()
    assert not at.exception
    p = presentation(deal.declarations, deal)
    first_trick = next(i for i, s in enumerate(p.steps) if s.kind is Kind.TRICK) + 1
    at.query_params["step"] = str(first_trick)
    at.run()
    shown = _shown(at)
    assert f"Step {first_trick} of {len(p)}" in shown and "Trick 1 of 12" in shown
    elder, younger = p.totals(p.steps[first_trick - 1])
    assert f"Elder<b>{elder}</b>" in shown and f"Younger<b>{younger}</b>" in shown
    at.query_params["step"] = str(len(p))
    at.run()
    final = (deal.reckoning.total("elder"), deal.reckoning.total("younger"))
    assert f"Elder<b>{final[0]}</b>" in _shown(at) and f"Younger<b>{final[1]}</b>" in _shown(at)


def test_next_on_a_hidden_answer_reveals_it_first_and_back_shows_it_revealed() -> None:
    p = presentation(_score())
    n = next(i for i, s in enumerate(p.steps, 1)
             if s.kind is Kind.LINE and p.line(s).kind is LineKind.ANSWER)
    at = _open(step=str(n))
    assert at.button(key=f"{DECK}_reveal").disabled is False
    assert "pqp-ask" in _shown(at)  # the question, the answer hidden
    _click(at, "next")
    assert _step(at) == n and "pqp-ask" not in _shown(at)  # revealed, not moved on
    assert at.button(key=f"{DECK}_reveal").disabled
    _click(at, "next")
    assert _step(at) == n + 1
    _click(at, "back")
    assert _step(at) == n and "pqp-ask" not in _shown(at)  # as it was left

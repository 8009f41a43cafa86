"""AppTest: the Play page — a whole deal through the widgets, undo, records, the walkthrough.

The learner's cards are card hands: a test taps them through the component's own tap path
(tests/card_taps.py: the event a browser sends → ``card_hand.tap`` → the page's callback)."""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Future
from html.parser import HTMLParser
from pathlib import Path

import pytest
from apptest import page_anchors, scroll_keys
from card_taps import browser_data, codes, hand_data, has_hand, tap_card
from streamlit.testing.v1 import AppTest

from academy.rule_text import blanche_showing
from academy.walkthrough import decode_record, encode_record, walkthrough
from piquet import Card, Partie, get_rules, score_record
from piquet.deal import DealState, Phase
from piquet.declare import Answer
from piquet.partie import Cut
from ui.play.state import LOADED
from ui.play.taps import DISCARD_HAND, TRICK_HAND
from words import use_language
from words.cards import card_name

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "content" / "scenarios"


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_play(**params: str) -> AppTest:
    at = AppTest.from_file("../app.py", default_timeout=90)
    ok(at.run())
    at.switch_page("app_pages/play.py")
    for k, v in params.items():
        at.query_params[k] = v
    ok(at.run())
    return at


def texts(at: AppTest) -> str:
    """The page's text, with Markdown's backslash escapes (``md_escape``) taken out."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "subheader",
                 "title"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return re.sub(r"\\(.)", r"\1", "\n".join(parts))


def keys(at: AppTest, prefix: str, *, enabled: bool = True) -> list[str]:
    return [b.key for b in at.button
            if b.key and b.key.startswith(prefix) and (not enabled or not b.disabled)]


def deal(at: AppTest) -> DealState:
    d: DealState = at.session_state["play_state"]
    return d


def start_deal(learner_deals: bool | None = None, *, seed: int | None = None) -> AppTest:
    """A new partie against the weakest computer, up to the first deal on the table.

    ``seed`` fixes the partie's deals (and so the computer's play, seeded from it: the same
    in every process), else they are random as on the site."""
    at = open_play()
    at.session_state["play_strength"] = "computer:1"
    ok(at.run())
    ok(at.button(key="play_new_partie").click().run())
    if seed is not None:
        at.session_state["play_seed"] = seed
        at.session_state["play_batch"] = 3
    if learner_deals is not None:  # fix who deals first (the cut is random)
        at.session_state["play_partie"] = Partie("A" if learner_deals else "B")
        ok(at.run())
    elif keys(at, "play_choose_deal"):
        ok(at.button(key="play_choose_deal").click().run())
    ok(at.button(key="play_deal").click().run())
    return at


def settle_hints(at: AppTest) -> AppTest:
    """Wait for the hints the worker process is finding, then draw the page again (in a
    browser the page's fragment does it; AppTest does not run fragments by the clock)."""
    for found in list((at.session_state["play_hint_cache"] or {}).values()):
        if isinstance(found, Future):
            found.result(timeout=120)
    return ok(at.run())


def playable(at: AppTest) -> list[str]:
    """The cards the learner may tap to play now (none when it is not his turn to play)."""
    return codes(at, TRICK_HAND, enabled=True) if has_hand(at, TRICK_HAND) else []


def play(at: AppTest, code: str) -> None:
    ok(tap_card(at, TRICK_HAND, code))


def exchange(at: AppTest, n: int = 3) -> None:
    for code in codes(at, DISCARD_HAND)[-n:]:
        ok(tap_card(at, DISCARD_HAND, code))
    ok(at.button(key="play_exchange").click().run())


def play_until(at: AppTest, reached: Callable[[DealState], bool], *, steps: int = 120
               ) -> DealState:
    """The learner's plainest moves (discard one card, declare what is offered, the first
    card he may play), the computer's turns and the next deals, until ``reached`` holds of
    the deal in session. Between two deals there is none (``play_state`` is None) until the
    learner clicks "Deal"."""
    for _ in range(steps):
        d: DealState | None = at.session_state["play_state"]
        if d is not None and reached(d):
            return d
        if has_hand(at, DISCARD_HAND):
            exchange(at, 1)
        elif keys(at, "play_declare"):
            ok(at.button(key="play_declare").click().run())
        elif playable(at):
            play(at, playable(at)[0])
        elif keys(at, "play_next_deal"):
            ok(at.button(key="play_next_deal").click().run())
        elif keys(at, "play_deal"):
            ok(at.button(key="play_deal").click().run())
        else:
            ok(at.run())  # the computer's turn
    raise AssertionError(f"not reached in {steps} steps "
                         f"(deal {len(at.session_state['play_partie'].scores) + 1})")


def play_to_the_end(at: AppTest) -> None:
    for _ in range(80):
        if keys(at, "play_next_deal"):
            return
        if has_hand(at, DISCARD_HAND):
            exchange(at)
        elif keys(at, "play_declare"):
            for r in at.radio:
                if r.key and r.key.startswith("play_answer_"):
                    r.set_value(Answer.GOOD)
            ok(at.button(key="play_declare").click().run())
        else:
            cards = playable(at)
            assert cards, f"nothing to tap at {deal(at).phase}"
            play(at, cards[0])
    raise AssertionError("the deal did not end")


def test_a_whole_deal_through_the_widgets() -> None:
    at = start_deal()
    assert "Deal 1 of 6" in texts(at)
    play_to_the_end(at)
    d = deal(at)
    assert d.phase is Phase.DONE and len(d.tricks) == 12
    assert "Deal over" in texts(at)
    # the download is the engine's record, and it scores the same
    dl = at.get("download_button")
    assert dl, "a download button for the deal record"
    assert score_record(d.record()).as_dict() == d.score().as_dict()
    # the learner's own clicks are timed in the app (the computer's turns are not counted);
    # the figure is bench's, on a quiet machine: here only a click gone pathologically slow
    # fails, whatever else the test machine is doing
    times = at.session_state["play_click_log"]
    assert statistics.median(times) < 1000, times
    # replay the deal step by step: the same record, the same scores
    ok(at.button(key="play_replay").click().run())
    assert at.session_state["play_mode"] == "teach" and at.session_state["wt_source"] == "loaded"
    replayed = walkthrough(json.loads(at.session_state["wt_loaded"]))
    assert replayed.steps[-1].tally == d.score().as_dict()
    ok(at.button(key="wt_last").click().run())
    assert f"Elder {d.score().total('elder')}, Younger {d.score().total('younger')}" in texts(at)
    at.segmented_control(key="play_mode").set_value("play")
    ok(at.run())
    # next deal: the roles alternate
    before = at.session_state["play_learner"]
    ok(at.button(key="play_next_deal").click().run())
    assert len(at.session_state["play_partie"].scores) == 1
    ok(at.button(key="play_deal").click().run())
    assert at.session_state["play_learner"] != before
    assert "Deal 2 of 6" in texts(at)


def test_younger_answers_are_checked() -> None:
    # the dealer is Younger; a seeded deal where Elder calls a point, a sequence and a set (an
    # unseeded one need not, and since the merge of the day's work the one drawn did not)
    at = start_deal(learner_deals=True, seed=1)
    assert at.session_state["play_learner"] == "younger"
    assert deal(at).phase is Phase.YOUNGER_EXCHANGE  # the computer (Elder) has exchanged
    exchange(at, 2)
    assert deal(at).phase is Phase.YOUNGER_DECLARES
    assert keys(at, "play_declare")
    radios = [r for r in at.radio if r.key and r.key.startswith("play_answer_")]
    assert radios, "Younger answers Elder's calls"
    for r in radios:
        if r.key == "play_answer_sets":  # sets are never equal: not offered (issue 33)
            assert list(r.options) == ["Good", "Not good"]
            r.set_value(Answer.GOOD)
        else:
            assert list(r.options) == ["Good", "Not good", "Equal"]
            r.set_value(Answer.EQUAL)
    assert "play_answer_sets" in [r.key for r in radios], "the deal has a set called"
    ok(at.button(key="play_declare").click().run())
    feedback = at.session_state["play_feedback"]
    assert feedback and all(isinstance(f.truth, Answer) for f in feedback)
    assert all(f.given is (Answer.GOOD if f.category == "sets" else Answer.EQUAL)
               for f in feedback)
    wrong = [f for f in feedback if f.given is not f.truth]
    assert len(at.error) >= len(wrong)
    if wrong:
        assert "but the answer is" in texts(at)


def test_sinking_builds_a_declaration_spec() -> None:
    at = start_deal(learner_deals=False)  # the learner is Elder
    exchange(at, 3)
    assert deal(at).phase is Phase.ELDER_DECLARES
    # Elder may look at the two cards of his five that he left
    assert any("cards you left" in e.label for e in at.expander)
    point = at.checkbox(key="play_decl_point")
    point.uncheck()
    ok(at.run())
    ok(at.button(key="play_declare").click().run())
    d = deal(at)
    assert d.declared[0] and d.specs[0] is not None and d.specs[0]["point"] == []
    assert "declarations" in d.record()


def test_undo_the_learners_last_action() -> None:
    at = start_deal(learner_deals=False)  # the learner is Elder and moves first
    first = deal(at)
    assert first.phase is Phase.ELDER_EXCHANGE
    assert at.button(key="play_undo").disabled
    exchange(at, 5)
    assert deal(at).phase is Phase.ELDER_DECLARES  # the computer has exchanged too
    ok(at.button(key="play_undo").click().run())
    back = deal(at)
    assert back.phase is Phase.ELDER_EXCHANGE and back.hand("elder") == first.hand("elder")
    assert "undone" in texts(at)
    # undo a card: back to the learner's turn with the card in hand again
    exchange(at, 5)
    ok(at.button(key="play_declare").click().run())
    assert deal(at).phase is Phase.PLAY and deal(at).to_move == "elder"
    before = deal(at)
    play(at, playable(at)[0])
    assert len(deal(at).history) > len(before.history)
    ok(at.button(key="play_undo").click().run())
    assert deal(at).history == before.history


def test_a_failing_computer_move_is_said_and_nothing_plays_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No stand-in takes over when the computer's choice is refused: the page says so (no
    traceback), the deal stays where it was, and a new partie can be started."""
    from piquet.players import ComputerPlayer

    monkeypatch.setattr(ComputerPlayer, "choose_discard", lambda self, view: ())
    at = start_deal(learner_deals=True)  # the computer is Elder: it must discard 1 to 5
    assert deal(at).phase is Phase.ELDER_EXCHANGE and deal(at).elder_discard is None
    errors = [str(e.value) for e in at.error]
    assert any(e.startswith("The computer could not make its move:") for e in errors), errors
    assert "Traceback" not in texts(at)
    ok(at.run())  # not tried again on every rerun: the same error, the same deal
    assert deal(at).phase is Phase.ELDER_EXCHANGE
    ok(at.button(key="play_new_partie").click().run())
    assert at.session_state["play_state"] is None and not at.error


def test_cavendish_cut_lets_the_higher_cut_choose() -> None:
    at = open_play()
    at.session_state["play_cut"] = {"cuts": (Cut(Card.of("AS"), Card.of("7H")),),
                                    "higher": "A", "rules": "cavendish"}
    at.session_state["play_seed"] = 5
    ok(at.run())
    assert "higher cut chooses" in texts(at)
    ok(at.button(key="play_choose_elder").click().run())
    ok(at.button(key="play_deal").click().run())
    assert at.session_state["play_learner"] == "elder"
    assert deal(at).rules.name == "cavendish"


def test_carte_blanche_is_announced() -> None:
    at = start_deal(learner_deals=True)  # the learner is Younger
    rec = json.loads((SCENARIOS / "blanche-blocks-repique.json").read_text())["record"]
    at.session_state["play_state"] = DealState.from_record(
        {**rec, "younger_discard": [], "tricks": []}).undo().undo()
    ok(at.run())
    assert "Carte blanche!" in texts(at)  # Younger holds it in this deal


def test_settlement_on_the_score_sheet() -> None:
    at = start_deal()
    at.session_state["play_state"] = None
    at.session_state["play_partie"] = Partie("A", ((30, 10),) * 6)
    ok(at.run())
    page = texts(at)
    assert "The partie is over" in page and "You win" in page
    assert "rubiconed" in page  # 180 v 60
    anchors = page_anchors(at)
    assert "Open this partie on the score sheet" in anchors, anchors
    href = anchors["Open this partie on the score sheet"]
    assert href == "./scoresheet?a=" + ",".join(["30"] * 6) + "&b=" + ",".join(["10"] * 6)


def test_loading_a_record_replays_to_the_same_scores() -> None:
    at = open_play()
    at.segmented_control(key="play_mode").set_value("teach")
    ok(at.run())
    ok(at.toggle(key="wt_show_load").set_value(True).run())
    data = json.loads((ROOT / "tests" / "data" / "hoyle-170.json").read_text()
                      if (ROOT / "tests" / "data" / "hoyle-170.json").exists()
                      else (SCENARIOS / "hoyle-170.json").read_text())
    at.text_area(key="wt_text").input(json.dumps(data["record"]))
    ok(at.button(key="wt_load").click().run())
    # a library scenario's own record opens that scenario (with its notes and its name)
    assert at.session_state["wt_source"] == "library"
    assert at.selectbox(key="wt_scenario").value == "hoyle-170"
    assert at.query_params["scenario"] in ("hoyle-170", ["hoyle-170"])
    ok(at.button(key="wt_last").click().run())
    page = texts(at)
    assert "170" in page and "capot" in page.lower()
    # a bad record shows the engine's message, not a traceback
    bad = dict(data["record"], elder_discard=["7C", "7C"])
    at.text_area(key="wt_text").input(json.dumps(bad))
    ok(at.button(key="wt_load").click().run())
    assert "7C twice" in texts(at) and "Traceback" not in texts(at)
    at.text_area(key="wt_text").input("{not json")
    ok(at.button(key="wt_load").click().run())
    assert "not valid JSON" in texts(at) and "Expecting" not in texts(at)
    # the format and an example beside the box (ui.record_help): the example loads
    ok(at.button(key="wt_help_example").click().run())
    assert at.session_state["wt_source"] == "library"  # the example is a library scenario
    assert at.selectbox(key="wt_scenario").value == "sinking-changes-verdict"


def test_scenario_steps_both_ways() -> None:
    at = open_play(scenario="younger-repique", step="10")
    assert at.session_state["play_mode"] == "teach"
    assert at.session_state["wt_step"] == 10
    assert "Elder calls his best set" in texts(at)
    ok(at.button(key="wt_next").click().run())
    assert at.session_state["wt_step"] == 11 and "Repique!" in texts(at)
    assert at.query_params["step"] in ("11", ["11"])
    ok(at.button(key="wt_prev").click().run())
    ok(at.button(key="wt_prev").click().run())
    assert at.session_state["wt_step"] == 9 and "Repique!" not in texts(at)
    ok(at.button(key="wt_first").click().run())
    assert at.button(key="wt_prev").disabled
    ok(at.button(key="wt_last").click().run())
    assert at.button(key="wt_next").disabled
    assert "repique" in texts(at).lower()


@pytest.mark.parametrize("params, warning", [
    ({"scenario": "no-such-deal"}, "no-such-deal"),
    ({"scenario": "capot", "step": "zero"}, "zero"),
    ({"scenario": "capot", "step": "999"}, "999"),
])
def test_bad_links_warn_and_fall_back(params: dict[str, str], warning: str) -> None:
    at = open_play(**params)
    assert warning in texts(at).replace("\\", "")  # the link's value is quoted: Markdown-inert
    assert at.session_state["wt_step"] >= 1


def test_presentation_mode() -> None:
    at = open_play(scenario="hoyle-170", step="3", present="1")
    assert at.session_state["wt_present"] is True
    pickers = lambda: [s for s in at.selectbox if s.key != "_language_picker"]  # noqa: E731
    assert not pickers(), "no scenario picker in presentation mode"
    ok(at.button(key="wt_next").click().run())
    assert at.session_state["wt_step"] == 4
    ok(at.toggle(key="wt_present").set_value(False).run())
    assert pickers()


def _final_tally(at: AppTest) -> tuple[int, int]:
    m = re.search(r"Final score: Elder (\d+), Younger (\d+)", texts(at))
    assert m, texts(at)
    return int(m[1]), int(m[2])


def test_a_loaded_deal_gets_a_link_that_reproduces_it() -> None:
    rec = json.loads((SCENARIOS / "cavendish-deal.json").read_text())["record"]
    rec = {**rec, "tricks": rec["tricks"][:12]}
    rec["declarations"] = {"elder": {"point": [], "sequences": [], "sets": []}}  # not a scenario
    at = open_play()
    at.segmented_control(key="play_mode").set_value("teach")
    ok(at.run())
    ok(at.toggle(key="wt_show_load").set_value(True).run())
    at.text_area(key="wt_text").input(json.dumps(rec))
    ok(at.button(key="wt_load").click().run())
    assert at.session_state["wt_source"] == "loaded"
    # the picker names the loaded deal, never an unrelated scenario
    picker = at.selectbox(key="wt_scenario")
    assert picker.value == LOADED and picker.options[0] == "A loaded deal (loaded)"
    assert "scenario" not in at.query_params
    value = at.query_params["record"]
    value = value[0] if isinstance(value, list) else value
    assert decode_record(value)["declarations"] == rec["declarations"]
    assert any(value in str(c.value) for c in at.code), "the link is shown, ready to copy"
    ok(at.button(key="wt_last").click().run())
    shown = _final_tally(at)
    want = score_record(rec).as_dict()
    assert shown == (want["elder"]["total"], want["younger"]["total"])
    # the link, opened in a new session, shows the same deal
    fresh = open_play(record=value, step="99")
    assert fresh.session_state["wt_source"] == "loaded"
    assert fresh.selectbox(key="wt_scenario").value == LOADED
    assert _final_tally(fresh) == shown
    # choosing a scenario in the picker leaves the loaded deal, and the link says so
    fresh.selectbox(key="wt_scenario").set_value("capot")
    ok(fresh.run())
    assert fresh.session_state["wt_source"] == "library" and "record" not in fresh.query_params


def test_your_last_deal_is_named_in_the_picker() -> None:
    at = open_play()
    at.session_state["play_state"] = DealState.from_record(
        json.loads((SCENARIOS / "capot.json").read_text())["record"] | {"rules": "cavendish"})
    at.session_state["play_partie"] = Partie("B")
    at.session_state["play_cut"] = {"cuts": (), "higher": "B", "rules": "britannica"}
    ok(at.run())
    ok(at.button(key="play_replay").click().run())
    picker = at.selectbox(key="wt_scenario")
    assert picker.value == LOADED and picker.options[0] == "Your last deal (loaded)"
    assert "record" in at.query_params


@pytest.mark.parametrize("value, reason", [
    ("!!not-base64!!", "not readable"),
    ("eJzLSM3JyVcozy/KSQEAGgQEXQ", "not readable"),  # zlib of "hello world": not JSON
    (encode_record({"elder": ["AS"]}), "younger"),  # a record with missing keys
    (encode_record({"hello": 1})[:-3], "not readable"),  # cut short
    ("", "empty"),
])
def test_a_broken_record_link_says_why_and_the_page_works(value: str, reason: str) -> None:
    at = open_play(record=value)
    warnings = " ".join(str(w.value) for w in at.warning)
    assert "cannot be shown" in warnings and reason in warnings, warnings
    assert at.session_state["wt_source"] == "library"
    assert at.selectbox(key="wt_scenario").value == min(p.stem for p in SCENARIOS.glob("*.json"))
    ok(at.button(key="wt_next").click().run())
    assert at.session_state["wt_step"] == 2


def test_the_cards_to_discard_are_tapped_up_to_what_may_be_exchanged() -> None:
    at = start_deal(learner_deals=False)  # Elder exchanges first: 1 to 5 cards
    hand = deal(at).hand("elder")
    data = hand_data(at, DISCARD_HAND)
    assert data["mode"] == "toggle" and data["max"] == 5
    assert sorted(c["code"] for c in data["cards"]) == sorted(str(c) for c in hand)
    assert [c["label"] for c in data["cards"]] == [card_name(Card.of(c["code"]))
                                                  for c in data["cards"]]
    assert data["label"] == "Your hand: tap the cards to discard"
    assert at.button(key="play_exchange").disabled  # nothing chosen: Elder must discard one
    order = codes(at, DISCARD_HAND)
    for code in order[:6]:  # the sixth tap is refused: at most five
        ok(tap_card(at, DISCARD_HAND, code))
    assert hand_data(at, DISCARD_HAND)["selected"] == order[:5]
    assert at.button(key="play_exchange").label == "Exchange 5 cards"
    assert "the cards you chose to discard are raised" in texts(at)
    ok(tap_card(at, DISCARD_HAND, order[0]))  # a second tap puts it back
    assert hand_data(at, DISCARD_HAND)["selected"] == order[1:5]
    ok(at.button(key="play_exchange").click().run())
    assert set(deal(at).elder_discard or ()) == {Card.of(c) for c in order[1:5]}


def test_the_plain_moves_go_on_into_the_next_deal() -> None:
    """A search for a position (:func:`play_until`) goes through a deal that does not reach
    it into the next one: "Next deal", then "Deal" (in between, the session holds no deal).
    The follow-suit test below once stopped on that None (partie seed 11, say: its first
    deal has no reply that must follow suit)."""
    at = start_deal(learner_deals=True, seed=11)
    d = play_until(at, lambda d: len(at.session_state["play_partie"].scores) == 1)
    assert d.phase is Phase.ELDER_EXCHANGE and at.session_state["play_learner"] == "elder"
    assert "Deal 2 of 6" in texts(at)


def test_a_card_that_does_not_follow_suit_cannot_be_played_and_the_led_card_stays_in_view(
        ) -> None:
    at = start_deal(learner_deals=True, seed=11)  # met in deal 2, the computer leading

    def must_follow_suit(d: DealState) -> bool:
        """The learner replies to the computer's lead with more than one card he may play,
        but not all of his hand."""
        you = at.session_state["play_learner"]
        legal = d.legal_plays() if d.phase is Phase.PLAY and d.to_move == you else ()
        return d.lead is not None and 1 < len(legal) < len(d.hand(you))

    d = play_until(at, must_follow_suit)
    data = hand_data(at, TRICK_HAND)
    legal = {str(c) for c in d.legal_plays()}
    assert data["mode"] == "play"
    for c in data["cards"]:
        assert c["disabled"] == (c["code"] not in legal), c["code"]
        name = card_name(Card.of(c["code"]))
        assert c["label"] == (f"Play {name}" if c["code"] in legal else f"{name}, not available")
    page = texts(at)
    assert d.lead is not None
    led = card_name(d.lead, start=False)
    assert f"The computer led the {led}. Follow suit." in page  # beside the hand
    assert "so you must play a" in page and "Your other cards are dimmed." in page
    # the led card is drawn in the hand's own area (sticky), not only up in the trick
    led_md = [m for m in at.markdown if 'class="pq-led"' in str(m.value)]
    assert len(led_md) == 1
    illegal = next(c["code"] for c in data["cards"] if c["disabled"])
    before = deal(at)
    ok(tap_card(at, TRICK_HAND, illegal))  # refused: nothing happens
    assert deal(at) is before or deal(at).history == before.history
    play(at, sorted(legal)[0])
    assert len(deal(at).tricks) > len(before.tricks)  # (a forced card may follow)


def test_tallies_are_text_never_a_canvas_grid() -> None:
    at = start_deal(learner_deals=False)
    play_to_the_end(at)
    assert not at.dataframe and "pq-tally" in texts(at)
    ok(at.button(key="play_replay").click().run())
    ok(at.button(key="wt_last").click().run())
    assert not at.dataframe and "pq-tally" in texts(at)


def test_the_blanche_note_says_this_presets_rule() -> None:
    rec = json.loads((SCENARIOS / "blanche-blocks-repique.json").read_text())["record"]
    for preset in ("britannica", "cavendish"):
        at = start_deal(learner_deals=False)  # the learner is Elder; the computer Younger
        at.session_state["play_state"] = DealState.from_record(
            {**rec, "rules": preset, "younger_discard": ["7C"], "tricks": []}).undo().undo()
        ok(at.run())
        page = texts(at)
        assert blanche_showing(get_rules(preset), "younger") in page


def test_a_replayed_deal_switches_the_sidebar_to_its_own_preset() -> None:
    """Issue 9: never "britannica" in the sidebar while the page scores under cavendish."""
    from apptest import open_page as _open

    at = _open("play", scenario="hoyle-170")
    assert not at.exception
    assert at.segmented_control(key="rules").value == "cavendish"


def test_a_second_click_on_a_card_already_played_does_nothing() -> None:
    """A double click reaches the server twice; the second finds the card on the table and
    is ignored, never "Elder plays KS but does not hold it"."""
    import ui.play.state as play_state
    from piquet.deal import DealState
    from ui.play.state import K_DEAL, K_ERROR, _on_play

    deal = DealState.deal(3)
    for role in ("elder", "younger"):
        deal = deal.discard(role, deal.hand(role)[:1])  # type: ignore[arg-type]
    deal = deal.declare("elder").declare("younger")
    card = deal.legal_plays()[0]
    ss: dict[str, object] = {K_DEAL: deal.play("elder", card), K_ERROR: None}
    original = play_state._ss
    play_state._ss = lambda: ss  # type: ignore[assignment]
    try:
        _on_play("elder", str(card))
    finally:
        play_state._ss = original
    assert ss[K_ERROR] is None and ss[K_DEAL].lead == card  # type: ignore[attr-defined]


# --- the pseudo-locale: every visible text of a deal is a catalog message --------------------

_CARDISH = re.compile(r"^[\s\dAKQJ♠♥♦♣\ufe0e·—–,.;:()+−=/-]*$")


class _TextNodes(HTMLParser):
    """The text nodes and the ``aria-label``/``title`` attributes of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._skip = 0
        self._skipped: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "svg") or ("translate", "no") in attrs:  # an icon's name
            self._skip += 1
            self._skipped.append(tag)
        for name, value in attrs:
            if name in ("aria-label", "title") and value:
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self._skipped and tag == self._skipped[-1]:
            self._skipped.pop()
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.found.append(data.strip())


def _wrapped(s: str) -> bool:
    s = s.strip()
    return (s.startswith("⟦") and s.endswith("⟧")) or bool(_CARDISH.match(s))


def _unwrapped(at: AppTest) -> list[tuple[str, str]]:
    """Each visible text of the page that is not a catalog message (cards and numbers are
    values, not messages; in HTML, every text node and screen-reader label is read)."""
    found: list[tuple[str, str]] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "error", "warning",
                 "info", "success", "toast"):
        for e in getattr(at, kind):
            found.append((kind, str(e.value)))
    for e in at.expander:
        found.append(("expander", str(e.label)))
    for kind in ("button", "toggle", "checkbox", "radio", "selectbox", "text_area"):
        for e in getattr(at, kind):
            for attr in ("label", "help", "placeholder"):
                found.append((f"{kind}.{attr}", str(getattr(e, attr, "") or "")))
            for o in getattr(e, "options", None) or []:
                found.append((f"{kind}.option", str(o)))
    for e in at.get("button_group"):
        found += [("button_group.label", e.proto.label), ("button_group.help", e.proto.help)]
        found += [("button_group.option", o.content) for o in e.proto.options]
    for kind in ("download_button", "page_link"):
        for e in at.get(kind):
            found += [(f"{kind}.label", e.proto.label), (f"{kind}.help", e.proto.help)]
    for e in at.get("bidi_component"):  # the card hands: every screen-reader name
        if e.proto.component_name != "pq_card_hand":
            continue
        data = browser_data(e.proto)
        found += [("card_hand.label", data["label"]), ("card_hand.hint", data["hint"]),
                  ("card_hand.full", data["full"])]
        for c in data["cards"]:
            found += [("card_hand.card", c["label"]), ("card_hand.card_on", c["label_on"])]
    bad = []
    for where, text in found:
        text = text.strip()
        if not text:
            continue
        if text.startswith("<"):
            nodes = _TextNodes()
            nodes.feed(text)
            parts = nodes.found
            if 'class="pq-dialogue"' in text:  # the spoken lines: words.declarations' own
                parts = [p for p in parts if p.startswith("⟦")]
        elif text.startswith(":") and text.endswith("]"):  # a coloured card: ":red[Q♥︎]"
            parts = [text.split("[", 1)[1][:-1]]
        else:
            parts = [text]
        bad += [(where, p[:100]) for p in parts if not _wrapped(p)]
    return bad


def _pseudo_play() -> AppTest:
    at = AppTest.from_file("../app.py", default_timeout=90)
    at.session_state["lang"] = "qps"
    ok(at.run())
    at.switch_page("app_pages/play.py")
    ok(at.run())
    return at


def test_a_deal_under_the_pseudo_locale_shows_only_catalog_messages() -> None:
    """Under ``qps`` every text of the Play page comes out ``⟦…⟧``: the start, the cut, each
    phase of a deal as Younger (the computer's exchange note, the hint, the answers to
    Elder's calls, the tricks), the deal's end and the settlement; then Elder's exchange and
    declaration."""
    at = _pseudo_play()
    assert not _unwrapped(at), _unwrapped(at)
    at.session_state["play_strength"] = "computer:1"
    ok(at.run())
    at.session_state["play_cut"] = {"cuts": (Cut(Card.of("9S"), Card.of("9H")),
                                             Cut(Card.of("AS"), Card.of("7H"))),
                                    "higher": "A", "rules": "cavendish"}
    at.session_state["play_seed"] = 5
    ok(at.run())
    assert at.button(key="play_choose_deal") and not _unwrapped(at), _unwrapped(at)
    ok(at.button(key="play_choose_deal").click().run())  # the learner deals: Younger
    assert not _unwrapped(at), _unwrapped(at)
    ok(at.button(key="play_deal").click().run())
    assert deal(at).phase is Phase.YOUNGER_EXCHANGE
    settle_hints(at)
    assert at.info, "the hint is shown"
    assert not _unwrapped(at), _unwrapped(at)
    exchange(at, 2)
    assert deal(at).phase is Phase.YOUNGER_DECLARES
    assert not _unwrapped(at), _unwrapped(at)
    with use_language("qps"):  # the radios' options are read as the page shows them
        for r in at.radio:
            if r.key and r.key.startswith("play_answer_"):
                r.set_value(Answer.EQUAL)
        ok(at.button(key="play_declare").click().run())
    assert deal(at).phase is Phase.PLAY
    assert not _unwrapped(at), _unwrapped(at)
    for _ in range(3):
        cards = playable(at)
        if cards:
            play(at, cards[0])
        assert not _unwrapped(at), _unwrapped(at)
    assert deal(at).tricks and not _unwrapped(at), _unwrapped(at)
    at.session_state["play_hints"] = False
    with use_language("qps"):
        play_to_the_end(at)
    assert deal(at).phase is Phase.DONE and not _unwrapped(at), _unwrapped(at)
    at.session_state["play_state"] = None
    at.session_state["play_partie"] = Partie("A", ((30, 10),) * 6)
    ok(at.run())
    assert at.success and not _unwrapped(at), _unwrapped(at)
    at.session_state["play_partie"] = Partie("A", ((10, 30),) * 3 + ((20, 20),) * 5)
    ok(at.run())
    assert at.warning and not _unwrapped(at), _unwrapped(at)
    # Elder's exchange and declaration, with a hint
    at.session_state["play_hints"] = True
    at.session_state["play_partie"] = Partie("B")
    ok(at.run())
    ok(at.button(key="play_deal").click().run())
    settle_hints(at)
    assert at.info, "the hint is shown"
    assert deal(at).phase is Phase.ELDER_EXCHANGE and not _unwrapped(at), _unwrapped(at)
    exchange(at, 3)
    settle_hints(at)
    assert deal(at).phase is Phase.ELDER_DECLARES and not _unwrapped(at), _unwrapped(at)
    ok(at.button(key="play_declare").click().run())
    assert not _unwrapped(at), _unwrapped(at)
    ok(at.button(key="play_undo").click().run())
    assert not _unwrapped(at), _unwrapped(at)


def test_each_turn_in_the_play_brings_the_hand_on_the_screen() -> None:
    """On each of the learner's turns in the play the page mounts a new scroll element for
    his hand (ui.scroll.scroll_into_view: the browser test on a phone checks the hand
    and the card led are on the screen); none while he exchanges or the computer plays."""
    at = start_deal(learner_deals=True, seed=11)
    you = at.session_state["play_learner"]
    assert deal(at).phase is not Phase.PLAY and not scroll_keys(at, "play_turn")
    seen: list[set[str]] = []
    for _ in range(3):
        d = play_until(at, lambda d: d.phase is Phase.PLAY and d.to_move == you)
        turn = scroll_keys(at, "play_turn")
        assert len(turn) == 1 and turn not in seen, (turn, seen)
        seen.append(turn)
        ok(at.run())  # a rerun on the same turn: the same element, nothing moves
        assert scroll_keys(at, "play_turn") == turn
        play(at, playable(at)[0])
        if deal(at).to_move != you:
            assert not scroll_keys(at, "play_turn")
        assert len(deal(at).tricks) + (deal(at).lead is not None) > len(d.tricks)


def _tally_totals(at: AppTest) -> tuple[int, int]:
    """(the learner's, the computer's) total in "This deal, by category"."""
    table = next(str(m.value) for m in at.markdown if 'class="pq-tally"' in str(m.value)
                 and "Your total" not in str(m.value))
    row = re.search(r'<tr class="pq-total">(.*?)</tr>', table)
    assert row is not None, table
    you, comp = (int(x) for x in re.findall(r"<td>(\d+)</td>", row.group(1)))
    return you, comp


def test_the_lead_counts_the_moment_the_card_is_led() -> None:
    """Elder says "And one I lead" and the table counts it as soon as the card is on the
    table, not when the trick is complete."""
    at = start_deal(learner_deals=True, seed=21)  # the learner is Younger: the computer leads
    d = play_until(at, lambda d: d.lead is not None and d.leader == "elder")
    sheet = d.score().as_dict()
    assert _tally_totals(at) == (sheet["younger"]["total"], sheet["elder"]["total"] + 1)
    play(at, playable(at)[0])  # the trick complete: the engine's own count, the same point
    d = deal(at)
    if d.lead is None:
        sheet = d.score().as_dict()
        assert _tally_totals(at) == (sheet["younger"]["total"], sheet["elder"]["total"])


def test_the_partie_totals_change_the_moment_a_deal_ends() -> None:
    at = start_deal(seed=4)
    play_to_the_end(at)
    d = deal(at)
    learner = at.session_state["play_learner"]
    other = "elder" if learner == "younger" else "younger"
    sheet = d.score().as_dict()
    you, comp = sheet[learner]["total"], sheet[other]["total"]
    page = texts(at)
    assert f"Deal over: you {you}, the computer {comp}" in page
    assert f"partie so far: you {you}, the computer {comp}" in page
    ok(at.button(key="play_next_deal").click().run())
    assert f"partie so far: you {you}, the computer {comp}" in texts(at)


def test_the_transcript_says_the_learners_own_answers_and_each_reason_once() -> None:
    """Younger answers "Equal" to every call: the transcript says "Equal" where he said it
    (not the right answer in his mouth), and each category's reason is printed once."""
    from piquet.declare import verdict
    from words.declarations import verdict_text

    at = start_deal(learner_deals=True, seed=8)  # the learner is Younger
    exchange(at, 2)
    radios = [r for r in at.radio if r.key and r.key.startswith("play_answer_")]
    assert radios
    for r in radios:
        r.set_value(Answer.EQUAL)
    ok(at.button(key="play_declare").click().run())
    feedback = at.session_state["play_feedback"]
    assert any(f.truth is not Answer.EQUAL for f in feedback), "a wrong answer to check"
    spoken = next(str(m.value) for m in at.markdown if "pq-dialogue" in str(m.value)
                  and "pq-score" not in str(m.value) and "Equal" in str(m.value))
    chips = re.findall(r'class="pq-(good|notgood|equal)"', spoken)
    assert chips == ["equal"] * len(feedback), spoken
    d = deal(at)
    elder_decl = d.declaration("elder", d.specs[0])
    younger_decl = d.declaration("younger", d.specs[1])
    page = texts(at)
    for cat in ("point", "sequences", "sets"):
        why = verdict_text(verdict(cat, elder_decl, younger_decl))
        assert page.count(why) == 1, (cat, why)


def test_a_tap_does_not_wait_for_the_next_hint() -> None:
    """The tap's run draws the turn and ends; the hint is found in the worker process and
    drawn when it is ready (here the worker is kept busy for a few seconds first)."""
    from ui.play import hint_worker

    at = start_deal(learner_deals=False)  # the learner is Elder: his exchange, hints on
    busy = hint_worker._executor().submit(time.sleep, 4)
    exchange(at, 3)  # the tap's run: the exchange, then the declaration's hint is started
    t0 = time.perf_counter()
    ok(at.run())
    assert time.perf_counter() - t0 < 3, "the run waited for the hint"
    assert not busy.done()
    cache = at.session_state["play_hint_cache"]
    assert any(isinstance(f, Future) and not f.done() for f in cache.values()), cache
    assert "Looking for a hint…" in texts(at)
    assert "Hint:" not in texts(at)
    settle_hints(at)
    assert "Hint:" in texts(at) and "Looking for a hint…" not in texts(at)

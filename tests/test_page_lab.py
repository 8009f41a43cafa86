"""AppTest: the Declarations Lab (issue 3): building hands, deep links, bad cards, sinking,
a pasted record and its preset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest import LAB_PANELS, html_tables, open_page, open_panels, texts
from streamlit.testing.v1 import AppTest

ELDER = "AS,JS,9S,8S,AH,KH,QH,JH,8H,JC,9C,KD"  # Cavendish's example, after the exchange
YOUNGER = "10S,QS,10H,KC,QC,10C,AC,AD,QD,JD,10D,7D"


def test_lab_renders_the_example_with_verdicts_and_dialogue() -> None:
    at = open_page("lab")
    page = texts(at)
    assert "Both have 5 cards; Elder's make 49, Younger's 48: Elder scores 5." in page
    assert "What do they make?" in page  # the dialogue, equal lengths
    assert "Fourteen tens" in page
    assert any("No pique either: Younger has scored" in str(i.value) for i in at.info)
    assert not any("repique" in str(x.value) for x in at.success)


def test_deep_link_loads_both_hands() -> None:
    elder = "AS,KS,QS,JS,10S,9S,AH,KH,QH,AD,KD,QD"
    younger = "8S,7S,JH,10H,9H,8H,7H,JD,10D,9D,8D,AC"
    at = open_page("lab", elder=elder, younger=younger)
    page = texts(at)
    assert "Sixième major" in page
    assert at.text_input(key="lab_elder_text").value.replace(" ", ",") == elder
    # Elder: 6 for point, 16 + 3 + 3 sequences, three aces: 31 before Younger scores: repique
    assert any("repique (+60)" in str(x.value) for x in at.success)


def test_invalid_card_in_link_is_named_and_page_stays_usable() -> None:
    at = open_page("lab", elder="AS,QQ,KS", younger=YOUNGER)
    errors = " ".join(str(e.value) for e in at.error)
    assert "QQ" in errors and "not a card" in errors
    # still usable: fix the hand by typing
    at.text_input(key="lab_elder_text").set_value(ELDER.replace(",", " ")).run()
    assert not at.exception
    assert not at.error


def test_card_in_both_hands_and_short_hand() -> None:
    at = open_page("lab")
    at.text_input(key="lab_younger_text").set_value(
        "AS QS 10H KC QC 10C AC AD QD JD 10D 7D").run()
    assert any("AS is in both hands" in str(e.value) for e in at.error)
    at.text_input(key="lab_younger_text").set_value("QS 10H KC QC 10C AC AD QD JD 10D 7D").run()
    assert any("Younger has 11 cards; a hand has 12" in str(e.value) for e in at.error)
    assert not at.exception


def test_sinking_the_quatorze_changes_the_sets_verdict() -> None:
    at = open_page("lab", elder=ELDER, younger=YOUNGER)
    assert "Younger scores 17" in texts(at)
    open_panels(at, "lab_sinking")
    sets = [s for s in at.selectbox if s.key and s.key.startswith("lab_sink_younger_")
            and "_set" in s.key]
    assert len(sets) == 2  # fourteen tens, three queens
    for s in sets:
        s.set_value("")
    at.run()  # Younger declares no set: Elder's three jacks are unopposed
    page = texts(at)
    assert "Younger declares no set" in page
    assert "Sets** — Elder scores 3" in page


def test_pasted_record_uses_its_own_preset() -> None:
    record = {
        "rules": "cavendish",
        "elder": ["AS", "KS", "JS", "AH", "QH", "JH", "8H", "JC", "8C", "7C", "9D", "8D"],
        "younger": ["10S", "7S", "10H", "9H", "7H", "KC", "QC", "10C", "AD", "QD", "JD", "10D"],
        "talon": ["9S", "8S", "KH", "9C", "KD", "QS", "AC", "7D"],
        "elder_discard": ["KS", "8C", "7C", "9D", "8D"],
        "younger_discard": ["7S", "9H", "7H"],
    }
    record["tricks"] = [["AH", "10H"], ["KH", "7D"], ["QH", "10D"], ["JH", "JD"], ["8H", "QD"],
                        ["KD", "AD"], ["AC", "9C"], ["KC", "JC"], ["QC", "8S"], ["10C", "9S"],
                        ["QS", "AS"], ["JS", "10S"]]

    def play_and_total(rec: dict[str, object]) -> tuple[str, str]:
        at = open_panels(open_page("lab"), "lab_record_open")
        at.text_area(key="lab_record_text").set_value(json.dumps(rec)).run()
        at.button(key="lab_load").click().run()
        assert not at.exception
        sheet = html_tables(at)[-1]  # the whole deal, from the record
        return str(sheet.loc["Play", "Elder"]), at.segmented_control(key="rules").value

    play, preset = play_and_total(record)
    assert preset == "cavendish"  # the sidebar shows the preset the page scores under
    assert play == "9"  # 7 leads + 1 capture + 1 for the last trick (Cavendish's example)
    del record["rules"]  # no preset named: the sidebar's (britannica): no point for last
    play, preset = play_and_total(record)
    assert preset == "britannica"
    assert play == "8"


def test_broken_record_gives_a_message() -> None:
    at = open_panels(open_page("lab"), "lab_record_open")
    at.text_area(key="lab_record_text").set_value('{"elder": ["AS"]').run()
    at.button(key="lab_load").click().run()
    assert any("not valid JSON" in str(e.value) for e in at.error)
    at.text_area(key="lab_record_text").set_value('{"elder": ["AS"], "younger": []}').run()
    at.button(key="lab_load").click().run()
    errors = " ".join(str(e.value) for e in at.error).replace("\\", "")
    assert "talon" in errors and "Elder" in errors, errors  # every problem of its shape
    assert not at.exception


def test_thirty_random_hand_pairs_typed_one_after_another_are_declared_in_full() -> None:
    """Issue 9: the sinking of one pair of hands never carries over to the next."""
    import random

    from piquet import parse_cards, score_declarations
    from piquet.cards import DECK

    rng = random.Random(9)
    at = open_page("lab")
    for _ in range(30):
        deck = rng.sample(DECK, 24)
        elder, younger = " ".join(map(str, deck[:12])), " ".join(map(str, deck[12:]))
        at.text_input(key="lab_elder_text").set_value(elder).run()
        at.text_input(key="lab_younger_text").set_value(younger).run()
        assert not at.exception
        want = score_declarations(parse_cards(elder), parse_cards(younger)).as_dict()
        table = html_tables(at)[0]
        for role, col in (("elder", "Elder"), ("younger", "Younger")):
            assert int(table[col]["Total"]) == want[role]["total"], (elder, younger)
        assert "sunk" not in texts(at)


def test_the_teachers_pair_after_the_example_hands_makes_102_with_the_repique() -> None:
    at = open_page("lab")
    at.text_input(key="lab_elder_text").set_value("AS KS QS JS 10S 9S AH KH QH AD AC KC").run()
    at.text_input(key="lab_younger_text").set_value("8S 7S JH 10H 9H 8H 7H KD QD JD 10D 9D").run()
    assert "**Elder** · 102 from declarations" in texts(at)
    assert any("repique (+60)" in str(x.value) for x in at.success)


def test_a_link_carries_the_sinking_and_the_flags() -> None:
    at = open_page("lab", elder=ELDER, younger=YOUNGER, younger_declares='{"sets":[]}',
                   elder_blanche="1")
    page = texts(at)
    assert "Sets** — Elder scores 3" in page  # Younger sank his sets
    assert any("not dealt carte blanche" in str(e.value) for e in at.error)  # 6 courts
    assert at.query_params["younger_declares"] == ['{"sets":[]}'] or \
        at.query_params["younger_declares"] == '{"sets":[]}'


def test_a_link_with_only_elder_deals_younger_from_the_rest() -> None:
    at = open_page("lab", elder=ELDER)
    younger = at.text_input(key="lab_younger_text").value.split()
    assert len(younger) == 12 and not set(younger) & set(ELDER.split(","))
    assert any("only Elder" in str(i.value) for i in at.info)


def test_a_card_in_both_hands_is_named_once() -> None:
    at = open_page("lab")
    at.text_input(key="lab_elder_text").set_value(
        "10S JS 9S 8S AH KH QH JH 8H JC 9C KD").run()  # 10S is Younger's too
    both = [e for e in at.error if "in both hands" in str(e.value)]
    assert len(both) == 1 and not html_tables(at)


def test_the_panels_draw_their_widgets_only_while_open() -> None:
    """The sinking and the record's paste box are drawn only while their expander is open
    (most reruns never show them): shut, the page scores what was chosen, and the choices
    and the pasted text come back when they are opened again."""
    at = open_page("lab", elder=ELDER, younger=YOUNGER)
    assert not [w for w in at.selectbox if w.key and w.key.startswith("lab_sink_")]
    assert not [w for w in at.text_area if w.key == "lab_record_text"]
    open_panels(at, *LAB_PANELS)
    quatorze = next(s for s in at.selectbox if s.key and s.key.startswith("lab_sink_younger_")
                    and s.key.endswith("_set0"))
    key = quatorze.key
    quatorze.set_value("").run()
    at.text_area(key="lab_record_text").set_value('{"elder": ["AS"]}').run()
    sunk = at.query_params["younger_declares"]
    assert "Younger scores 3" in texts(at)  # three queens alone
    for panel in LAB_PANELS:  # shut: the same scores, the same link
        at.session_state[panel] = False
    at.run()
    assert not at.exception and not [w for w in at.selectbox if w.key == key]
    assert "Younger scores 3" in texts(at) and at.query_params["younger_declares"] == sunk
    at.text_input(key="lab_elder_text").set_value(ELDER.replace(",", " ")).run()  # a rerun
    assert "Younger scores 3" in texts(at)
    open_panels(at, *LAB_PANELS)
    assert at.selectbox(key=key).value == ""  # as it was left
    assert at.text_area(key="lab_record_text").value == '{"elder": ["AS"]}'
    # a new hand while shut is declared in full, and so are the widgets when opened
    for panel in LAB_PANELS:
        at.session_state[panel] = False
    at.run()
    at.text_input(key="lab_younger_text").set_value(
        "QS 10S 10H KC QC 10C AC AD QD JD 10D 8D").run()
    assert "younger_declares" not in at.query_params
    assert "Younger scores 17" in texts(at)
    open_panels(at, "lab_sinking")
    assert all(s.value for s in at.selectbox
               if s.key and s.key.startswith("lab_sink_younger_") and "_set" in s.key)


def _keys(at: AppTest) -> set[str]:
    found: set[str] = set()

    def walk(node: object) -> None:
        for child in getattr(node, "children", {}).values():
            if getattr(child, "key", None):
                found.add(str(child.key))
            walk(child)

    walk(at._tree)
    return found


def test_a_lab_that_cannot_score_still_ends_the_frame() -> None:
    """With a hand short, a card in both hands or nothing typed, the Lab's part ends early
    but the frame's last step still runs: the learner's id is written to the browser
    (``browser_store``), as on every page (it used to st.stop() the whole app before it)."""
    for elder, younger in (("AS,KS", YOUNGER), (ELDER, ELDER), ("", "")):
        at = open_page("lab", elder=elder, younger=younger)
        assert "pq_browser_store" in _keys(at), (elder, younger)
    at = open_page("lab", elder=ELDER, younger=YOUNGER)
    assert "pq_browser_store" in _keys(at)


ELDER_2 = ELDER.replace("KD", "9D")  # one card changed in each hand: still 24 different cards
YOUNGER_2 = YOUNGER.replace("7D", "8D")


def _held(at: AppTest, role: str) -> set[str]:
    return set(str(at.text_input(key=f"lab_{role}_text").value).split())


def test_an_address_lagging_behind_quick_typing_does_not_undo_it() -> None:
    """Elder's hand then Younger's, typed quickly: Younger's rerun may carry the address as
    it was before Elder's rerun reached the browser. The page wrote that address itself; it
    is not a link followed, and both hands stay as typed."""
    at = open_page("lab", elder=ELDER, younger=YOUNGER)
    before = at.query_params["elder"]  # as the page wrote it (its own order)
    at.text_input(key="lab_elder_text").set_value(ELDER_2.replace(",", " ")).run()
    assert set(str(at.query_params["elder"]).split(",")) == set(ELDER_2.split(","))
    at.query_params["elder"] = before  # the address before Elder's rerun reached it
    at.text_input(key="lab_younger_text").set_value(YOUNGER_2.replace(",", " ")).run()
    assert not at.exception, at.exception
    assert _held(at, "elder") == set(ELDER_2.split(","))
    assert _held(at, "younger") == set(YOUNGER_2.split(","))
    assert set(str(at.query_params["elder"]).split(",")) == set(ELDER_2.split(","))


def test_a_link_from_another_page_is_read_even_when_the_lab_wrote_it_before() -> None:
    """A lesson's link to the Lab can name the hands the Lab showed before they were edited:
    coming from another page, the link is read (not the example hands, ELDER and YOUNGER,
    which the Lab shows by default)."""
    at = open_page("lab", elder=ELDER_2, younger=YOUNGER_2)
    before = at.query_params["elder"], at.query_params["younger"]  # as the Lab wrote them
    at.text_input(key="lab_elder_text").set_value(
        ELDER_2.replace("9D", "7S").replace(",", " ")).run()
    at.switch_page("app_pages/lessons.py").run()
    at.switch_page("app_pages/lab.py")
    at.query_params["elder"], at.query_params["younger"] = before
    at.run()
    assert not at.exception, at.exception
    assert _held(at, "elder") == set(ELDER_2.split(","))
    assert _held(at, "younger") == set(YOUNGER_2.split(","))


def test_the_hands_stay_when_the_learner_visits_another_page() -> None:
    """To the glossary and back (the browser drops the Lab's parameters on the way): the
    hands typed are still there, not the example ones, and so is the carte blanche flag."""
    at = open_page("lab", elder=ELDER_2, younger=YOUNGER_2, elder_blanche="1")
    at.text_input(key="lab_elder_text").set_value(
        ELDER_2.replace("9D", "7S").replace(",", " ")).run()
    at.switch_page("app_pages/glossary.py").run()
    for k in list(at.query_params):
        at.query_params.pop(k)
    at.switch_page("app_pages/lab.py").run()
    assert not at.exception, at.exception
    assert _held(at, "elder") == set(ELDER_2.replace("9D", "7S").split(","))
    assert _held(at, "younger") == set(YOUNGER_2.split(","))
    assert set(str(at.query_params["elder"]).split(",")) == _held(at, "elder")
    assert at.toggle(key="lab_blanche_elder").value is True
    assert at.query_params["elder_blanche"] == "1"


def test_presentation_mode_stays_on_across_a_page_switch() -> None:
    """A teacher in presentation mode visits the glossary and comes back (the browser drops
    ``?present=1``): still in presentation mode, and the address says so again; a link that
    says otherwise, followed from another page, wins."""
    at = open_page("lab", present="1")
    assert at.toggle(key="lab_present").value is True
    at.switch_page("app_pages/glossary.py").run()
    for k in list(at.query_params):
        at.query_params.pop(k)
    at.switch_page("app_pages/lab.py").run()
    assert not at.exception, at.exception
    assert at.toggle(key="lab_present").value is True
    assert at.query_params["present"] == "1"
    at.toggle(key="lab_present").set_value(False).run()
    assert "present" not in at.query_params
    at.switch_page("app_pages/about.py").run()
    at.switch_page("app_pages/lab.py")
    at.query_params["present"] = "1"
    at.run()
    assert at.toggle(key="lab_present").value is True


def _totals(at: AppTest) -> list[str]:
    return [t for t in texts(at).split("\n") if "from declarations" in t]


def test_a_carte_blanche_only_the_record_refuses_stays_out_of_the_address() -> None:
    """The capot record's Younger drew two cards and holds five courts: the record refuses
    his carte blanche. The address does not carry the record, so it does not name the flag
    either: a reload (or the shared link) scores what the page scored (found by a soak of
    the Lab's model)."""
    at = open_panels(open_page("lab"), "lab_record_open")
    capot = Path(__file__).parent.parent / "content" / "scenarios" / "capot.json"
    record = json.loads(capot.read_text())["record"]
    at.text_area(key="lab_record_text").set_value(json.dumps(record)).run()
    at.button(key="lab_load").click().run()
    at.toggle(key="lab_blanche_younger").set_value(True).run()
    assert any("not dealt carte blanche" in str(e.value) for e in at.error)
    assert "younger_blanche" not in at.query_params
    before = _totals(at)
    assert any("Younger** · 24 from declarations" in t for t in before), before  # no 10
    again = open_page("lab", **{k: str(v) for k, v in at.query_params.items()})
    assert _totals(again) == before
    # without a record, a refused flag stays in the address: the reload refuses it again
    at = open_page("lab", elder=ELDER, younger=YOUNGER, elder_blanche="1")
    assert at.query_params["elder_blanche"] == "1"


def test_a_card_typed_into_both_hands_keeps_the_other_hands_sinking_in_the_address() -> None:
    """Elder's sinking came with a link; a card of Elder's typed into Younger's hand stops
    the scoring, but the address still says how Elder declares (a reload then shows it)."""
    at = open_page("lab", elder=ELDER, younger=YOUNGER, elder_declares='{"sets":[]}')
    younger = YOUNGER.replace("10S", "AS").replace(",", " ")  # AS is Elder's
    at.text_input(key="lab_younger_text").set_value(younger).run()
    assert any("in both hands" in str(e.value) for e in at.error)
    assert at.query_params["elder_declares"] == '{"sets":[]}'


def test_the_sinking_widgets_brought_back_take_no_default_beside_their_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sinking widgets, shut and opened again (their held values put back) or seeded by a
    link, have their value in the session state: drawn with a default too, Streamlit logs
    "created with a default value but also had its value set via the Session State API"."""
    from streamlit.elements.lib import policies

    said: list[str] = []
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    monkeypatch.setattr(policies._LOGGER, "warning",
                        lambda msg, *args, **kw: said.append(msg % args))
    at = open_page("lab", elder=ELDER, younger=YOUNGER,
                   elder_declares='{"point":["AH","KH","QH","JH"]}')
    open_panels(at, "lab_sinking")  # seeded by the link
    pills = next(p for p in at.button_group if p.key and "_pcards_" in p.key)
    assert sorted(pills.value) == ["AH", "JH", "KH", "QH"]
    at.session_state["lab_sinking"] = False
    at.run()
    open_panels(at, "lab_sinking")  # put back from what was held
    assert sorted(at.button_group(key=pills.key).value) == ["AH", "JH", "KH", "QH"]
    assert "Point** — " in texts(at)
    assert not [s for s in said if "default value" in s], said

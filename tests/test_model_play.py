"""Model-based test of the Play page: random sequences of what a user does, every number checked.

A hypothesis ``RuleBasedStateMachine`` drives the page through AppTest with the actions a user
can take — tap cards to discard (and tap some back) and exchange, sink and declare, answer,
tap a legal card (or, refused, one that does not follow suit), undo, play
a deal out, the next deal, change the preset in the sidebar, replay a deal step by step, pick a
scenario, paste a record, open a ``?record=`` link in a new session — and after every step
reads each number the page shows (the tally by category, the tricks, the partie so far, the
hand sizes, the deal over line, the walkthrough's running tally and final score) and compares
it with the engine: the deal the page holds (``DealState.record()``) scored by
``piquet.score_record``, and the partie as this test keeps it. Nothing expected comes from
``ui/``. The learner's cards are card hands, tapped through the component's own tap path
(tests/card_taps.py: the event a browser sends → ``card_hand.tap`` → the page's callback); what
each hand offers (its cards, the cap, the cards disabled) is checked against the engine too.

Bounded and derandomised (about 15 s here, :mod:`model_settings`); ``make soak`` runs it long.
``PLAY_MODEL_TRACE=1`` prints the state after each step.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any

from card_taps import codes, hand_data, has_hand, tap_card
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest

from academy.walkthrough import encode_record, parse_scenario, walkthrough
from piquet import Partie, score_record
from piquet.deal import DealState, Phase
from piquet.declare import possible_answers
from piquet.reckon import Role
from piquet.record import SHEET_KEYS
from ui.play.taps import DISCARD_HAND, TRICK_HAND
from words import use_language
from words.cards import card_name
from words.reckoning import sheet_label

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
SCENARIOS = ROOT / "content" / "scenarios"
LIBRARY = {p.stem: json.loads(p.read_text(encoding="utf-8"))
           for p in sorted(SCENARIOS.glob("*.json"))}
with use_language("en"):
    SHEET_LABELS = {key: sheet_label(key) for key in (*SHEET_KEYS, "total")}
KEY_OF_LABEL = {label: key for key, label in SHEET_LABELS.items()}
CATEGORIES = (*SHEET_KEYS, "total")

_TABLE = re.compile(r'<table class="pq-tally">(.*?)</table>', re.S)
_HEAD = re.compile(r"<th>(.*?)</th>")
_ROW = re.compile(r"<tr(?: class=\"pq-total\")?><td>(.*?)</td>((?:<td>[^<]*</td>)+)</tr>")
_CELL = re.compile(r"<td>([^<]*)</td>")


# --------------------------------------------------------------------------- reading the page


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def plain(at: AppTest) -> str:
    """All text on the page (Markdown escapes taken out)."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "subheader",
                 "title"):
        parts += [str(e.value) for e in getattr(at, kind)]
    parts += [str(getattr(e, "label", "")) for e in at.button]
    parts += [str(e.proto.text) for e in at.get("progress")]
    text = re.sub(r"\\(.)", r"\1", "\n".join(parts)).replace("**", "")
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def tables(at: AppTest) -> list[tuple[list[str], list[tuple[str, list[str]]]]]:
    """Every score table on the page: (headings, [(row label, cells)])."""
    out = []
    for md in at.markdown:
        for body in _TABLE.findall(str(md.value)):
            heads = [html.unescape(h) for h in _HEAD.findall(body) if h]
            rows = [(html.unescape(label), [html.unescape(c) for c in _CELL.findall(cells)])
                    for label, cells in _ROW.findall(body)]
            out.append((heads, rows))
    return out


def sheet_from_table(rows: list[tuple[str, list[str]]], cols: int
                     ) -> list[dict[str, int]]:
    """A by-category table as one sheet per column; a row not shown is 0 (the page hides
    rows where every column is 0)."""
    sheets = [dict.fromkeys(CATEGORIES, 0) for _ in range(cols)]
    for label, values in rows:
        assert len(values) == cols, (label, values)
        key = KEY_OF_LABEL.get(label, "total" if label == "Total" else label)
        assert key in CATEGORIES, label
        for sheet, v in zip(sheets, values, strict=True):
            sheet[key] = int(v)
    labels = [label for label, _ in rows]
    assert len(labels) == len(set(labels)) and labels[-1:] == [SHEET_LABELS["total"]], labels
    return sheets


def other(role: Role) -> Role:
    return "younger" if role == "elder" else "elder"


def one(value: Any) -> str:
    return str(value[0] if isinstance(value, list) else value)


# --------------------------------------------------------------------------- the machine


class PlayPage(RuleBasedStateMachine):
    """One learner, one browser tab (plus the tabs a shared link opens)."""

    def __init__(self) -> None:
        super().__init__()
        self.at = AppTest.from_file(APP, default_timeout=90)
        ok(self.at.run())
        self.at.switch_page("app_pages/play.py")
        self.at.session_state["play_strength"] = "computer:1"
        self.at.session_state["play_hints"] = False  # the hint search is slow; not a number
        ok(self.at.run())
        self.finished: list[tuple[int, int]] = []  # (learner, computer) per deal, by score_record
        self.partie_rules: str | None = None

    # --- the state the page holds ------------------------------------------------------

    @property
    def ss(self) -> Any:
        return self.at.session_state

    def get(self, key: str) -> Any:
        try:
            return self.ss[key]
        except KeyError:
            return None

    def mode(self) -> str:
        return str(self.get("play_mode") or "play")

    def deal(self) -> DealState | None:
        d = self.get("play_state")
        return d if isinstance(d, DealState) else None

    def partie(self) -> Partie | None:
        p = self.get("play_partie")
        return p if isinstance(p, Partie) else None

    def learner(self) -> Role:
        partie = self.partie()
        assert partie is not None
        # the learner is A; the dealer is Younger
        return "younger" if partie.next_dealer == "A" else "elder"

    def buttons(self, prefix: str) -> list[str]:
        return [b.key for b in self.at.button
                if b.key and b.key.startswith(prefix) and not b.disabled]

    def click(self, key: str) -> None:
        ok(self.at.button(key=key).click().run())

    def playable(self) -> list[str]:
        """The cards the learner may tap to play now."""
        return codes(self.at, TRICK_HAND, enabled=True) if has_hand(self.at, TRICK_HAND) else []

    def tap(self, key: str, code: str) -> None:
        ok(tap_card(self.at, key, code))

    def chosen(self) -> list[str]:
        """The cards shown chosen to discard."""
        return list(hand_data(self.at, DISCARD_HAND)["selected"]) \
            if has_hand(self.at, DISCARD_HAND) else []

    # --- the one rule: an action the page offers now -------------------------------------

    def available(self) -> list[str]:
        """The actions the page offers, the one that moves the game on first (so that
        hypothesis' simplest example plays the partie as a learner would)."""
        if self.mode() == "teach":
            out = ["step", "replay_or_back", "pick_a_scenario", "paste_a_record",
                   "change_the_preset"]
            if "record" in self.at.query_params:
                out.append("open_the_link_in_a_new_tab")
            return out
        d = self.deal()
        progress = [name for name, there in (
            ("start_or_deal", self.buttons("play_new_partie") or self.buttons("play_choose_deal")
             or self.buttons("play_deal")),
            ("exchange", has_hand(self.at, DISCARD_HAND)),
            ("declare", self.buttons("play_declare")),
            ("play_a_card", self.playable()),
            ("next_deal", self.buttons("play_next_deal"))) if there]
        out = progress[:1]
        if d is not None and d.phase is not Phase.DONE:
            out.append("play_the_deal_out")
        if self.buttons("play_undo"):
            out.append("undo")
        out += ["change_the_preset", "replay_or_back"]
        if d is not None and d.declared[1]:
            out.append("open_the_link_in_a_new_tab")
        return out

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.available()), label="action")
        getattr(self, name)(data)

    # --- actions: playing ----------------------------------------------------------------

    def start_or_deal(self, data: st.DataObject | None) -> None:
        """Start a partie (choosing to deal when the cut lets us), or deal the next cards."""
        for key in ("play_new_partie", "play_choose_deal", "play_deal"):
            if self.buttons(key):
                if key == "play_new_partie":
                    self.finished = []
                    # a new partie is played under the sidebar's preset, to its end
                    self.partie_rules = str(self.at.segmented_control(key="rules").value)
                self.click(key)
                if key == "play_new_partie":
                    self.fix_the_shuffle(data)
                return

    def fix_the_shuffle(self, data: st.DataObject | None) -> None:
        """The page shuffles and cuts with the system's randomness; the test sets the seed and
        the cut the page keeps in its session, so that hypothesis can replay an example."""
        seed = data.draw(st.integers(1, 10**6), label="seed") if data else 1
        first = data.draw(st.sampled_from(("B", "A")), label="first dealer") if data else "B"
        self.ss["play_seed"] = seed
        self.ss["play_batch"] = 3
        self.ss["play_cut"] = {"cuts": (), "higher": first, "rules": self.partie_rules}
        self.ss["play_partie"] = Partie(first, rules_name=self.partie_rules)  # type: ignore[arg-type]
        ok(self.at.run())

    def exchange(self, data: st.DataObject) -> None:
        """Tap cards to discard — some twice (back in the hand), some beyond what may be
        exchanged (refused) — then exchange when the page allows it."""
        if not has_hand(self.at, DISCARD_HAND):
            return
        d, me = self.deal(), self.learner()
        assert d is not None
        allowed = d.exchange_range(me)
        hand = codes(self.at, DISCARD_HAND)
        taps = data.draw(st.lists(st.sampled_from(hand), max_size=8), label="taps")
        want: list[str] = self.chosen()
        for code in taps:  # the model of a tap: toggle, never more than may be exchanged
            if code in want:
                want.remove(code)
            elif len(want) < allowed.stop - 1:
                want.append(code)
            self.tap(DISCARD_HAND, code)
            assert sorted(self.chosen()) == sorted(want), (code, self.chosen(), want)
            self.check()
        n = len(want)
        if self.buttons("play_exchange"):
            assert n in allowed
            self.click("play_exchange")
            d2 = self.deal()
            assert d2 is not None
            mine = d2.elder_discard if me == "elder" else d2.younger_discard
            assert {str(c) for c in mine or ()} == set(want)
        else:
            assert n not in allowed, "the exchange button is disabled for a legal discard"

    def declare(self, data: st.DataObject) -> None:
        if not self.buttons("play_declare"):
            return
        for box in [c for c in self.at.checkbox if c.key and c.key.startswith("play_decl_")]:
            box.set_value(data.draw(st.sampled_from((True, True, False)), label=box.key))
        for radio in [r for r in self.at.radio if r.key and r.key.startswith("play_answer_")]:
            offered = possible_answers(radio.key.removeprefix("play_answer_"))
            radio.set_value(data.draw(st.sampled_from((*offered, None)), label=radio.key))
        ok(self.at.run())
        self.check()
        self.click("play_declare")

    def play_a_card(self, data: st.DataObject) -> None:
        cards = self.playable()
        if not cards:
            return
        d = self.deal()
        assert d is not None and d.to_move == self.learner()
        assert sorted(cards) == sorted(str(c) for c in d.legal_plays())
        refused = [c for c in codes(self.at, TRICK_HAND) if c not in cards]
        if refused and data.draw(st.booleans(), label="tap a card that may not be played"):
            self.tap(TRICK_HAND, data.draw(st.sampled_from(refused), label="refused card"))
            after = self.deal()
            assert after is not None and after.history == d.history, "an illegal card played"
            self.check()
        self.tap(TRICK_HAND, data.draw(st.sampled_from(cards), label="card"))

    def undo(self, data: st.DataObject) -> None:
        if self.buttons("play_undo"):
            before = self.deal()
            self.click("play_undo")
            after = self.deal()
            assert before is not None and after is not None
            assert len(after.history) < len(before.history)

    def play_the_deal_out(self, data: st.DataObject | None = None) -> None:
        """Click through to the end of the deal (first legal choice), checking each page."""
        for _ in range(40):
            if self.buttons("play_next_deal") or self.deal() is None:
                return
            if has_hand(self.at, DISCARD_HAND):
                d = self.deal()
                assert d is not None
                lo = max(1, d.exchange_range(self.learner()).start)
                hand = codes(self.at, DISCARD_HAND)
                for code in hand:  # untap what is chosen, tap the last lo cards
                    if (code in self.chosen()) != (code in hand[len(hand) - lo:]):
                        self.tap(DISCARD_HAND, code)
                self.click("play_exchange")
            elif self.buttons("play_declare"):
                self.click("play_declare")
            elif self.playable():
                self.tap(TRICK_HAND, self.playable()[0])
            else:
                raise AssertionError("nothing to click in an unfinished deal")
            self.check()

    def next_deal(self, data: st.DataObject | None = None) -> None:
        if not self.buttons("play_next_deal"):
            return
        d = self.deal()
        assert d is not None and d.phase is Phase.DONE
        sheet = score_record(d.record()).as_dict()
        me = self.learner()
        self.finished.append((sheet[me]["total"], sheet[other(me)]["total"]))
        self.click("play_next_deal")

    def change_the_preset(self, data: st.DataObject) -> None:
        preset = data.draw(st.sampled_from(("britannica", "cavendish")), label="preset")
        self.at.segmented_control(key="rules").set_value(preset)
        ok(self.at.run())

    # --- actions: replay and teach ---------------------------------------------------------

    def replay_or_back(self, data: st.DataObject) -> None:
        """Replay the finished deal, or switch between the two modes."""
        if self.mode() == "play" and self.buttons("play_replay"):
            self.click("play_replay")
            return
        target = "teach" if self.mode() == "play" else "play"
        self.at.segmented_control(key="play_mode").set_value(target)
        ok(self.at.run())

    def step(self, data: st.DataObject) -> None:
        key = data.draw(st.sampled_from(("wt_next", "wt_last", "wt_prev", "wt_first")),
                        label="button")
        if self.buttons(key):
            self.click(key)

    def pick_a_scenario(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(LIBRARY)), label="scenario")
        self.at.selectbox(key="wt_scenario").set_value(name)
        ok(self.at.run())
        assert self.get("wt_source") != "loaded"

    def paste_a_record(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(LIBRARY)), label="record")
        tricks = data.draw(st.integers(0, 11), label="tricks")
        rec = dict(LIBRARY[name]["record"])
        rec["tricks"] = rec.get("tricks", [])[:tricks]
        if not self.get("wt_show_load"):
            ok(self.at.toggle(key="wt_show_load").set_value(True).run())
        self.at.text_area(key="wt_text").input(json.dumps(rec))
        ok(self.at.run())
        self.click("wt_load")
        assert self.ss["wt_source"] == "loaded"

    def open_the_link_in_a_new_tab(self, data: st.DataObject | None = None) -> None:
        """A ``?record=`` link of the deal on the page (the table's deal, or the replay's)
        shows the same scores to someone else."""
        if self.mode() == "teach" and "record" in self.at.query_params:
            value = one(self.at.query_params["record"])
            rec = self.walk_record()
        else:
            d = self.deal()
            if d is None or not d.declared[1]:
                return
            rec = d.record()
            value = encode_record(rec)
        tab = AppTest.from_file(APP, default_timeout=90)
        ok(tab.run())
        tab.switch_page("app_pages/play.py")
        tab.query_params["record"] = value
        tab.query_params["step"] = "999"
        ok(tab.run())
        assert tab.session_state["wt_source"] == "loaded", plain(tab)
        want = score_record(rec).as_dict()
        heads, rows = tables(tab)[0]
        assert heads == ["Elder", "Younger"]
        elder, younger = sheet_from_table(rows, 2)
        assert elder == want["elder"] and younger == want["younger"], (rows, want)

    # --- what the page shows, against the engine ---------------------------------------------

    def walk_record(self) -> dict[str, Any]:
        if self.get("wt_source") == "loaded" and self.get("wt_loaded"):
            data = json.loads(self.ss["wt_loaded"])
        else:
            data = LIBRARY[str(self.get("wt_scenario"))]
        return dict(parse_scenario(data).record)

    def check_play(self) -> None:
        page = plain(self.at)
        partie, d = self.partie(), self.deal()
        if partie is None:
            assert not tables(self.at)
            return
        assert list(partie.scores) == self.finished, (partie.scores, self.finished)
        you, comp = (sum(x for x, _ in self.finished), sum(y for _, y in self.finished))
        assert partie.rules.name == self.partie_rules, "a partie keeps the rules it began with"
        if partie.finished and d is None:
            (heads, rows), *_ = tables(self.at)
            assert heads == ["Deal", "You were", "You", "Computer", "Your total",
                             "Computer total"], heads
            a = b = 0
            assert len(rows) == len(self.finished)
            for i, ((label, cells), (x, y)) in enumerate(zip(rows, self.finished, strict=True)):
                a, b = a + x, b + y
                assert label == str(i + 1) and [int(c) for c in cells[1:]] == [x, y, a, b]
            return
        m = re.search(r"Deal (\d+) of (\d+) · you are (Elder|Younger) .*?partie so far: you "
                      r"(\d+), the computer (\d+)", page)
        assert m, page[:2000]
        assert int(m[1]) == len(self.finished) + 1 and int(m[2]) == partie.deals_to_play
        if d is not None and d.phase is Phase.DONE:  # the deal over counts at once
            sheet = score_record(d.record()).as_dict()
            me = self.learner()
            you, comp = you + sheet[me]["total"], comp + sheet[other(me)]["total"]
        assert (int(m[4]), int(m[5])) == (you, comp), (m[0], you, comp)
        if d is None:
            assert not tables(self.at)
            return
        me = self.learner()
        assert m[3].lower() == me
        assert d.rules.name == self.partie_rules
        n_me, n_comp = len(d.hand(me)), len(d.hand(other(me)))
        if n_me:
            assert re.search(rf"Your hand \({n_me} cards?\)", page), page
        if n_comp:
            assert f"The computer's hand ({n_comp} card" in page
        ticked = len(self.chosen())
        self.check_hands(d, me)
        if any(b.key == "play_exchange" for b in self.at.button):
            label = self.at.button(key="play_exchange").label
            assert label in (f"Exchange {ticked} card" + ("" if ticked == 1 else "s"),
                             "Keep my cards"), (label, ticked)
            if label == "Keep my cards":
                assert ticked == 0
        found = tables(self.at)
        if not d.declared[1]:
            assert not found, "no tally before the declarations"
            return
        score = score_record(d.record())
        want = score.as_dict()
        if d.lead is not None and d.leader is not None:  # the lead counts as it is led
            row = want[d.leader]
            if (d.leader == "elder" and row["total"] == 29 and not want["younger"]["total"]
                    and not row["pique"] and not row["repique"]):
                row["pique"] += 30  # RULES.md: the lead that brings Elder to 30
                row["total"] += 30
            row["play"] += 1
            row["total"] += 1
        heads, rows = found[0]
        assert heads == ["You", "Computer"], heads
        mine, theirs = sheet_from_table(rows, 2)
        assert mine == want[me] and theirs == want[other(me)], (rows, want)
        won = (score.play.tricks_won(me), score.play.tricks_won(other(me)))
        assert f"Tricks: you {won[0]}, the computer {won[1]}." in page
        if d.phase is Phase.DONE:
            assert (f"Deal over: you {want[me]['total']}, the computer "
                    f"{want[other(me)]['total']}") in page

    def check_hands(self, d: DealState, me: Role) -> None:
        """What the learner may tap is what the engine allows: his own cards; up to the most
        he may exchange; the legal cards only, when he plays."""
        mine = {str(c) for c in d.hand(me)}
        exchanging = d.phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE)
        my_turn = d.to_move == me
        assert has_hand(self.at, DISCARD_HAND) == (exchanging and my_turn)
        assert has_hand(self.at, TRICK_HAND) == (d.phase is Phase.PLAY and my_turn)
        if has_hand(self.at, DISCARD_HAND):
            data = hand_data(self.at, DISCARD_HAND)
            assert set(codes(self.at, DISCARD_HAND)) == mine
            assert data["max"] == d.exchange_range(me).stop - 1
            assert not any(c["disabled"] for c in data["cards"])
            assert len(data["selected"]) <= data["max"]
        if has_hand(self.at, TRICK_HAND):
            assert set(codes(self.at, TRICK_HAND)) == mine
            assert set(self.playable()) == {str(c) for c in d.legal_plays()}
            led = d.lead
            shown = [m for m in self.at.markdown if 'class="pq-led"' in str(m.value)]
            assert len(shown) == (led is not None), "the card led is kept beside the hand"
            if led is not None:
                with use_language("en"):
                    name = card_name(led, start=False)
                assert f"The computer led the {name}." in plain(self.at)

    def check_teach(self) -> None:
        page = plain(self.at)
        rec = self.walk_record()
        steps = walkthrough(rec).steps
        m = re.search(r"Step (\d+) of (\d+)", page)
        assert m, page[:1500]
        k, n = int(m[1]), int(m[2])
        assert n == len(steps) and 1 <= k <= n
        assert self.ss["wt_step"] == k
        heads, rows = tables(self.at)[0]
        assert heads == ["Elder", "Younger"]
        shown = dict(zip(("elder", "younger"), sheet_from_table(rows, 2), strict=True))
        final = score_record(rec).as_dict()
        step = steps[k - 1]
        tricks = rec.get("tricks", [])
        if step.kind == "result":
            want = final
        elif step.kind == "trick":
            want = score_record({**rec, "tricks": tricks[:step.trick_number]}).as_dict()
        else:  # the deal, the exchange, the dialogue: declarations only, each whole or not yet
            for role in ("elder", "younger"):
                for cat in ("play", "cards", "capot", "pique"):
                    assert shown[role][cat] == 0, (role, cat, shown)
                for cat in ("blanche", "point", "sequences", "sets", "repique"):
                    assert shown[role][cat] in (0, final[role][cat]), (role, cat, shown)
                assert shown[role]["total"] == sum(shown[role][c] for c in SHEET_KEYS)
            return
        if step.kind == "trick" and step.trick_number == 12:  # the cards come with the result
            want = {r: {**v, "cards": 0, "capot": 0} for r, v in want.items()}
            for v in want.values():
                v["total"] = sum(v[c] for c in SHEET_KEYS)
        assert shown == want, (k, step.kind, shown, want)
        if step.kind == "result" and len(tricks) == 12:
            assert (f"Final score: Elder {final['elder']['total']}, Younger "
                    f"{final['younger']['total']}") in page

    @invariant()
    def check(self) -> None:
        if TRACE:
            d = self.deal()
            print(self.mode(), d.phase.name if d else None, len(self.finished),
                  self.get("wt_scenario"), self.get("wt_step"))
        ok(self.at)
        assert not self.at.dataframe, "score tables are text, not a canvas grid"
        if self.mode() == "teach":
            self.check_teach()
        else:
            self.check_play()


TRACE = bool(os.environ.get("PLAY_MODEL_TRACE"))

PlayPage.TestCase.settings = model_settings(examples=6, steps=30)
TestPlayPage = PlayPage.TestCase


def test_a_whole_partie_checked_at_every_click() -> None:
    """The simplest path to the end: six (or eight) deals played out, then the settlement;
    every page on the way is checked, and the partie's sheet at the end."""
    page = PlayPage()
    page.start_or_deal(None)  # type: ignore[arg-type]
    page.check()
    for _ in range(10):
        while page.buttons("play_new_partie") == [] and (
                page.buttons("play_choose_deal") or page.buttons("play_deal")):
            page.start_or_deal(None)  # type: ignore[arg-type]
            page.check()
        partie = page.partie()
        assert partie is not None
        if partie.finished:
            break
        page.play_the_deal_out()
        page.check()
        page.open_the_link_in_a_new_tab()
        page.next_deal()
        page.check()
    partie = page.partie()
    assert partie is not None and partie.finished and page.deal() is None
    assert "The partie is over" in plain(page.at)
    assert len(page.finished) in (6, 8)

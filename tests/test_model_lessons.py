"""Model-based test of the lesson widgets (issue 9): random sequences of what a learner does
— switch lesson, type a hand (or a bad one), click a card in a picker, press an example,
pick discards, deal again, sink a category, step the reckoning, type partie totals, change
the preset, open the other tab, go to another page and come back (every widget and the tab as
it was left) — driven through
AppTest. After **every** step each number the lesson's widget
shows is checked against ``piquet``, computed here from what the widgets show (the text
boxes, the pickers, the selectors, the preset); never from ``ui/``.

Bounded and derandomised (about 35 s here, :mod:`model_settings`); ``make soak``
(``scripts/soak.py lessons``, ``PIQUET_SOAK_EXAMPLES``/``PIQUET_SOAK_STEPS``) runs it long.
Checked by hand: an off-by-one in any widget's number fails the default run; a number wrong
only in one rare state (the missed-pique example at its last step) fails a 200-example run.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

import hypothesis.strategies as hst
from apptest import html_tables, open_tab
from hypothesis import event
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest

from piquet import (
    DECK,
    SUITS,
    analyse,
    hand_of,
    parse_cards,
    reckon,
    score_declarations,
    settle_partie,
)
from piquet.cards import Card
from piquet.deal import DealState
from piquet.play import legal_cards, play_tricks, trick_winner
from piquet.rules import PRESETS, get_rules
from words.cards import suit_name
from words.declarations import combination_name
from words.names import preset_name
from words.reckoning import event_name

TIMEOUT = 120
SLUGS = ("point", "sequence", "sets", "blanche", "dialogue", "exchange", "reckoning", "play",
         "partie", "differences")
BAD_TEXTS = ("AS KS QQ", "", "AS AS KS QS JS 10S 9S 8S 7S AH KH QH", "[x](javascript:1)",
             "AS KS QS")

# Cavendish's published deal (RULES.md section 10, example 5), as lessons 2, 9 and 11 use it.
CAV = {"elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
       "younger": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
       "talon": "9S 8S KH 9C KD QS AC 7D"}
CAV_TRICKS = ("AH 10H", "KH 7D", "QH 10D", "JH JD", "8H QD", "KD AD", "AC 9C", "KC JC",
              "QC 8S", "10C 9S", "QS AS", "JS 10S")
# The reckoning examples as lesson 8 states them: declaration scores, Elder's winning leads,
# and whether Younger then captures one more lead.
RECKONING = {
    "ex1": ({"point": (7, 0), "sequences": (22, 0), "sets": (3, 0)}, 0, False),
    "ex2": ({"sets": (0, 31)}, 0, False),
    "ex3": ({"sequences": (15, 0), "sets": (14, 0)}, 1, False),
    "ex4": ({"point": (0, 5), "sequences": (18, 0), "sets": (14, 0)}, 0, False),
    "missed": ({"point": (5, 0), "sequences": (15, 0), "sets": (6, 0)}, 2, True),
    "ex7": ({"point": (6, 0), "sequences": (4, 0), "sets": (3, 0)}, 12, False),
    "presets": ({"point": (6, 0), "sequences": (8, 0), "sets": (3, 0)}, 12, False),
}
ELDER_SWEEP = parse_cards("AS KS QS JS AH KH QH JH AD KD QD JD")
YOUNGER_SWEEP = parse_cards("10S 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D")
MAX_PARTIE = 8 * 170

def _text(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _hand(text: str | None) -> tuple[Card, ...] | None:
    try:
        return hand_of(text or "", 12)
    except ValueError:
        return None


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _card_names(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace("—", " ")) if text.strip("— ") else ()


def _vals(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
             min(len(a), len(b)))
    return f"before: …{a[max(0, i - 200):i + 120]}…\nafter: …{b[max(0, i - 200):i + 120]}…"


class LessonWidgets(RuleBasedStateMachine):
    """One learner on the Lessons page."""

    def __init__(self) -> None:
        super().__init__()
        at = AppTest.from_file("../app.py", default_timeout=TIMEOUT)
        at.run()
        at.query_params["lesson"] = "point"
        self.at = at.switch_page("app_pages/lessons.py")
        self.steps = 0
        self._run()

    def teardown(self) -> None:
        event(f"steps: {self.steps // 5 * 5}+")

    # ------------------------------------------------------------------ helpers

    def _run(self) -> None:
        self.at.run()
        assert not self.at.exception, [e.value for e in self.at.exception]

    @property
    def slug(self) -> str:
        return str(self.at.pills(key="lessons_chooser").value)

    @property
    def preset(self) -> Any:
        return get_rules(self.at.segmented_control(key="rules").value or "britannica")

    def _markdown(self) -> str:
        return "\n".join(_vals(self.at.markdown))

    def _click(self, label: str) -> None:
        buttons = [b for b in self.at.button if b.label == label]
        if buttons and not buttons[0].disabled:
            buttons[0].click()
            self._run()

    def _has(self, key: str) -> bool:
        return any(getattr(e, "key", None) == key
                   for kind in ("segmented_control", "selectbox", "text_input", "pills")
                   for e in getattr(self.at, kind))

    def _pills(self, prefix: str) -> Any:
        return next((p for p in self.at.pills if p.key and p.key.startswith(prefix)), None)

    # ------------------------------------------------------------------ rules (actions)

    @initialize(rnd=hst.randoms(use_true_random=True))
    def open_a_lesson(self, rnd: random.Random) -> None:
        self.switch_lesson(rnd)

    @rule(rnd=hst.randoms(use_true_random=True))
    def a_learner_acts(self, rnd: random.Random) -> None:
        """One thing a learner does, each as likely as the model says: mostly the lesson's
        widget; sometimes another lesson, the preset or a hand typed (or mistyped)."""
        self.steps += 1
        r = rnd.random()
        if r < 0.05:
            self.away_and_back()
        elif r < 0.08:
            self.open_a_tab(rnd)
        elif r < 0.12:
            self.switch_lesson(rnd)
        elif r < 0.2:
            self.at.segmented_control(key="rules").set_value(rnd.choice(tuple(PRESETS)))
            self._run()
        elif r < 0.35:
            self.type_a_hand(rnd)
        else:
            getattr(self, f"_act_{self.slug}", lambda _: None)(rnd)

    def _shown(self) -> tuple[str, dict[str, Any]]:
        values = {f"{kind}:{e.key}": e.value
                  for kind in ("segmented_control", "selectbox", "text_input", "pills",
                               "toggle", "number_input", "slider", "radio")
                  for e in getattr(self.at, kind) if getattr(e, "key", None)}
        values["tab"] = open_tab(self.at)
        return self._markdown(), values

    def open_a_tab(self, rnd: random.Random) -> None:
        """A click on one of the lesson's two tabs (the stages, the whole lesson to read)."""
        i = rnd.randrange(2)
        self.at.session_state["lessons_tab"] = self.at.tabs[i].label
        self._run()
        assert open_tab(self.at) == i

    def away_and_back(self) -> None:
        """To the glossary by the menu and back (the browser drops ``?lesson=`` on the way):
        the same lesson, every widget as the learner left it, the same words and numbers."""
        before = self._shown()
        self.at.switch_page("app_pages/glossary.py")
        self._run()
        self.at.query_params.pop("lesson", None)
        self.at.switch_page("app_pages/lessons.py")
        self._run()
        after = self._shown()
        assert after[1] == before[1], {k: (v, after[1].get(k)) for k, v in before[1].items()
                                       if after[1].get(k) != v}
        assert after[0] == before[0], (self.slug, _first_difference(before[0], after[0]))

    def switch_lesson(self, rnd: random.Random) -> None:
        self.at.pills(key="lessons_chooser").set_value(rnd.choice(SLUGS))
        self._run()

    def type_a_hand(self, rnd: random.Random) -> None:
        key = {"point": "lessons_point_hand", "sequence": "lessons_seq_hand",
               "sets": "lessons_sets_hand", "blanche": "lessons_blanche_hand",
               "dialogue": "lessons_dlg_elder", "play": "lessons_play_hand"}.get(self.slug)
        if key is None:
            return
        hand = rnd.sample(DECK, 12)
        text = (rnd.choice(BAD_TEXTS) if rnd.random() < 0.2
                else _text(hand[:rnd.randint(1, 8)] if self.slug == "play" else hand))
        self.at.text_input(key=key).set_value(text)
        self._run()

    def _act_point(self, rnd: random.Random) -> None:
        if not self._has("lessons_point_suit"):
            return  # a bad hand: no picker on show
        if rnd.random() < 0.5:
            suit = rnd.choice(list(SUITS))
            self.at.segmented_control(key="lessons_point_suit").set_value(suit)
            self._run()
        pills = self._pills("lessons_point_held_")
        if pills is None:
            return
        suit = self.at.segmented_control(key="lessons_point_suit").value
        target = rnd.choice(list([c for c in DECK if c.suit is suit]))
        held = set(self._options_as_cards_values(pills)) ^ {target}  # click one card
        pills.set_value([c for c in DECK if c in held])
        self._run()

    def _act_dialogue(self, rnd: random.Random) -> None:
        if rnd.random() < 0.5:
            deck = rnd.sample(list(DECK), len(DECK))
            self.at.text_input(key="lessons_dlg_elder").set_value(_text(deck[:12]))
            self.at.text_input(key="lessons_dlg_younger").set_value(_text(deck[12:24]))
            self._run()
        if not self._has("lessons_dlg_sink_elder"):
            return
        for role in ("elder", "younger"):
            sunk = rnd.sample(("point", "sequences", "sets"), rnd.randint(0, 3))
            self.at.pills(key=f"lessons_dlg_sink_{role}").set_value(sunk)
        self._run()

    def _act_exchange(self, rnd: random.Random) -> None:
        action = rnd.choice(("source", "elder", "younger", "leave", "deal"))
        if action == "source":
            self.at.segmented_control(key="lessons_ex_source").set_value(
                rnd.choice(("cavendish", "random")))
            self._run()
        elif action == "leave":
            self._click("Elder leaves one")
        elif action == "deal":
            self._click("Deal again")
        else:
            prefix = "lessons_ex_discard_" if action == "elder" else "lessons_ex_ydiscard_"
            pills = self._pills(prefix)
            if pills is None:
                return
            hand = self._options_as_cards(pills)
            n = rnd.randint(0, 6 if action == "elder" else 5)
            pills.set_value(rnd.sample(list(hand), len(hand))[:n])
            self._run()

    def _options_as_cards(self, pills: Any) -> list[Card]:
        """The pills' options are cards; AppTest gives their labels back."""
        labels = list(pills.options)
        cards = []
        for label in labels:
            plain = re.sub(r":\w+\[(.*?)\]", r"\1", str(label)).replace("\ufe0e", "")
            cards.append(parse_cards(plain)[0])
        return cards

    def _act_reckoning(self, rnd: random.Random) -> None:
        action = rnd.choice(("example", "Next step", "Back", "To the end", "custom"))
        if action == "example":
            self.at.selectbox(key="lessons_reck_example").set_value(
                rnd.choice((*RECKONING, "custom")))
            self._run()
            if rnd.random() < 0.5:
                self.every_number_is_the_engines()
                self._click("To the end")
        elif action == "custom":
            if self.at.selectbox(key="lessons_reck_example").value != "custom":
                return
            for who in ("elder", "younger"):
                cat = rnd.choice(("blanche", "point", "sequences", "sets"))
                value = 10 * rnd.randint(0, 1) if cat == "blanche" else \
                    rnd.randint(0, 40)
                self.at.number_input(key=f"lessons_reck_{who}_{cat}").set_value(value)
            self.at.number_input(key="lessons_reck_leads").set_value(
                rnd.randint(0, 12))
            self._run()
        else:
            self._click(action)

    def _act_play(self, rnd: random.Random) -> None:
        action = rnd.choice(("leader", "lead", "reply"))
        if action == "leader":
            self.at.segmented_control(key="lessons_play_leader").set_value(
                rnd.choice(("elder", "younger")))
        elif action == "lead":
            self.at.selectbox(key="lessons_play_lead").set_value(
                rnd.choice(list(DECK)))
        else:
            pills = self._pills("lessons_play_reply_")
            if pills is None:
                return
            cards = self._options_as_cards(pills)
            self.at.pills(key=pills.key).set_value(rnd.choice(list(cards)))
        self._run()

    def _act_partie(self, rnd: random.Random) -> None:
        def total() -> str:
            kind = rnd.randrange(4)
            if kind == 3:
                return rnd.choice(("", "12x", " 99 ", "-5", "1e3", "٣", "1360", "1361"))
            return str(rnd.randint(0, (150, 400, 2000)[kind]))

        self.at.text_input(key="lessons_partie_a").set_value(total())
        self.at.text_input(key="lessons_partie_b").set_value(total())
        self._run()

    # ------------------------------------------------------------------ the invariant

    @invariant()
    def every_number_is_the_engines(self) -> None:
        assert not self.at.exception
        event(f"checked lesson {self.slug}")
        getattr(self, f"_check_{self.slug}", lambda: None)()

    def _check_point(self) -> None:
        text = self.at.text_input(key="lessons_point_hand").value
        if _hand(text) is None:
            assert self.at.error and not html_tables(self.at)
            return
        rows = html_tables(self.at)[0].to_dict("records")
        hand = tuple(c for r in rows for c in _card_names(str(r["cards"])))
        combos = analyse(hand)
        shown_suit = self.at.segmented_control(key="lessons_point_suit").value
        pills = self._pills(f"lessons_point_held_{shown_suit.value}")
        assert pills is not None
        assert {str(c) for c in self._options_as_cards_values(pills)} == {
            str(c) for c in hand if c.suit is shown_suit}
        for row, sp in zip(rows, combos.suit_points, strict=True):
            assert row["length"] == sp.length == len(_card_names(str(row["cards"])))
            pips = [c.rank.pips for c in sp.cards]
            expected = ("—" if not pips else str(pips[0]) if len(pips) == 1
                        else f"{' + '.join(map(str, pips))} = {sum(pips)}")
            assert row["pip value"] == expected
            assert ("the point" in row[""]) == (combos.point is not None
                                                and sp == combos.point)
        best = combos.point
        success = " ".join(_vals(self.at.success))
        if best is None:
            assert not success
            return
        assert (f"**Point: {_count(best.length, 'card')} making {best.pips}** in "
                f"{suit_name(best.suit)}. It scores **{best.length}**") in success
        if len(hand) != 12:
            assert any(f"now has {_count(len(hand), 'card')} (" in c
                       for c in _vals(self.at.caption))

    def _options_as_cards_values(self, pills: Any) -> list[Card]:
        return [c if isinstance(c, Card) else parse_cards(str(c))[0] for c in pills.value]

    def _check_sequence(self) -> None:
        hand = _hand(self.at.text_input(key="lessons_seq_hand").value)
        if hand is None:
            assert self.at.error and not self.at.success
            return
        runs = analyse(hand).sequences
        md = self._markdown()
        for run in runs:
            assert (f"**{combination_name(run)}** in {suit_name(run.suit)} — {run.length} "
                    "cards, scores "
                    f"**{run.score}**") in md
        shown = len(re.findall(r"cards, scores \*\*\d+\*\*", md))
        assert shown == len(runs)
        if runs:
            total = sum(r.score for r in runs)
            success = _vals(self.at.success)[0]
            assert f"scores {' + '.join(str(r.score) for r in runs)}" in success
            assert len(runs) == 1 or f"= {total} for sequences" in success
        else:
            assert not self.at.success

    def _check_sets(self) -> None:
        hand = _hand(self.at.text_input(key="lessons_sets_hand").value)
        if hand is None:
            assert self.at.error and not self.at.success
            return
        sets = analyse(hand).sets
        md = self._markdown()
        for s in sets:
            kind = "quatorze" if s.count == 4 else "trio"
            assert f"**{combination_name(s)}**: a {kind}, scores **{s.score}**" in md
        assert len(re.findall(r": a (?:trio|quatorze), scores", md)) == len(sets)
        if sets:
            success = _vals(self.at.success)[0]
            assert f"scores {' + '.join(str(s.score) for s in sets)}" in success
            assert len(sets) == 1 or f"= {sum(s.score for s in sets)} for sets" in success
        else:
            assert not self.at.success

    def _check_blanche(self) -> None:
        ways, hands = math.comb(20, 12), math.comb(32, 12)
        assert self.at.metric[0].value == f"1 in {round(hands / ways):,}"
        hand = _hand(self.at.text_input(key="lessons_blanche_hand").value)
        if hand is None:
            assert len(self.at.error) == 1 and not self.at.success
            return
        blanche = analyse(hand).carte_blanche
        assert bool(self.at.success) == blanche
        assert any(preset_name(self.preset.name) in c for c in _vals(self.at.caption))

    def _check_dialogue(self) -> None:
        elder = _hand(self.at.text_input(key="lessons_dlg_elder").value)
        younger = _hand(self.at.text_input(key="lessons_dlg_younger").value)
        if elder is None or younger is None:
            assert self.at.error
            assert "from declarations" not in self._markdown()
            return
        specs: dict[str, Any] = {}
        for role in ("elder", "younger"):
            sunk = self.at.pills(key=f"lessons_dlg_sink_{role}").value
            specs[role] = {c: [] for c in sunk} if sunk else None
        if set(elder) & set(younger):
            assert self.at.error
            assert "from declarations" not in self._markdown()
            return
        s = score_declarations(elder, younger, rules=self.preset, elder_declares=specs["elder"],
                               younger_declares=specs["younger"])
        md = self._markdown()
        for role in ("elder", "younger"):
            assert f"**{role.capitalize()}** · {s.total(role)} from declarations" in md

    def _check_exchange(self) -> None:
        rules = self.preset
        source = self.at.segmented_control(key="lessons_ex_source").value
        if source == "random":
            d = DealState.deal(int(self.at.session_state["lessons_ex_seed"]), rules=rules)
        else:
            d = DealState(rules, parse_cards(CAV["elder"]), parse_cards(CAV["younger"]),
                          parse_cards(CAV["talon"]))
        pills = self._pills("lessons_ex_discard_")
        assert pills is not None
        picked = self._options_as_cards_values(pills)
        assert len(picked) <= 5
        md = self._markdown()
        ypills = self._pills("lessons_ex_ydiscard_")
        greyed = len(picked) + (len(self._options_as_cards_values(ypills)) if ypills else 0)
        # each picker's discards are greyed in the hand drawn above it, from the first run on
        assert md.count('opacity="0.35"') == greyed, (md.count('opacity="0.35"'), greyed)
        if not picked:
            assert any("Choose 1 to 5 cards for Elder" in i for i in _vals(self.at.info))
            return
        after = d.discard("elder", picked)
        drawn = after.drawn("elder")
        assert f"**Discarded**: {_count(len(picked), 'card')}, face down" in md
        assert f"talon: {_count(len(drawn), 'card')} (outlined)" in md
        assert f"**The talon now**: {_count(8 - len(drawn), 'card')}, face down" in md
        yr = after.exchange_range("younger")
        info = " ".join(_vals(self.at.info))
        assert f"exchange **{yr.start} to {yr.stop - 1}** cards" in info
        assert ypills is not None
        ypicked = self._options_as_cards_values(ypills)
        assert len(ypicked) < yr.stop
        if len(ypicked) < yr.start:
            assert f"Choose {yr.start} to {yr.stop - 1} cards for Younger" in info
            return
        done = after.discard("younger", ypicked)
        ydrawn = done.drawn("younger")
        event(f"exchange: Younger draws {len(ydrawn)}")
        if ydrawn:
            assert (f"**Younger draws** {_count(len(ydrawn), 'card')}, from the top: "
                    + " ".join(c.pretty + "\ufe0e" for c in ydrawn)) in md
        else:
            assert "**Younger exchanges nothing**" in md
        stays = 8 - len(drawn) - len(ydrawn)
        if stays:
            assert f"**Left in the talon**: {_count(stays, 'card')}" in md
        else:
            assert "**The talon is empty**" in md

    def _check_reckoning(self) -> None:
        name = self.at.selectbox(key="lessons_reck_example").value
        if name == "custom":
            scores: dict[str, tuple[int, int]] = {}
            for cat in ("blanche", "point", "sequences", "sets"):
                scores[cat] = (int(self.at.number_input(key=f"lessons_reck_elder_{cat}").value),
                               int(self.at.number_input(
                                   key=f"lessons_reck_younger_{cat}").value))
            leads = int(self.at.number_input(key="lessons_reck_leads").value)
            captured = False
        else:
            scores, leads, captured = RECKONING[name]
        elder, younger = list(ELDER_SWEEP), list(YOUNGER_SWEEP)
        if captured:
            elder[-1], younger[-1] = parse_cards("7C")[0], parse_cards("AC")[0]
        tricks = list(zip(elder, younger, strict=True))[:leads]
        if captured:
            tricks.append((elder[-1], younger[-1]))
        played = play_tricks(sum(c.bit for c in elder), sum(c.bit for c in younger), tricks,
                             self.preset)
        try:
            r = reckon(**scores, play=played.points, cards=played.cards, capot=played.capot)
        except ValueError:
            assert self.at.error and not html_tables(self.at)
            return
        events = r.events
        if not events:
            assert any("nothing to reckon" in i for i in _vals(self.at.info))
            return
        tally = html_tables(self.at)[0].to_dict("records")
        step = len(tally)
        assert f"**Step {step} of {len(events)}**" in self._markdown()
        for row, ev in zip(tally, events, strict=False):
            assert (row["reckoned"], row["who"].lower(), row["points"], row["Elder"],
                    row["Younger"]) == (event_name(ev), ev.player, ev.points, ev.elder_total,
                                        ev.younger_total)
        event(f"reckoning: {name}, step {step} of {len(events)}"[:60])
        if step == len(events):
            assert (f"Totals: **Elder {r.total('elder')}**, **Younger {r.total('younger')}**"
                    in self._markdown())
            bonus = bool(r.repique or r.pique)
            assert bool(self.at.success) == bonus

    def _check_play(self) -> None:
        leader = self.at.segmented_control(key="lessons_play_leader").value
        lead = self.at.selectbox(key="lessons_play_lead").value
        lead = lead if isinstance(lead, Card) else parse_cards(str(lead).split()[-1])[0]
        try:
            hand = hand_of(self.at.text_input(key="lessons_play_hand").value or "", None)
        except ValueError:
            assert self.at.error and not self.at.metric
            return
        if not hand or len(hand) > 12 or lead in hand:
            assert not self.at.metric
            return
        pills = self._pills("lessons_play_reply_")
        assert pills is not None
        if pills.value is None:
            assert not self.at.metric
            return
        reply = pills.value if isinstance(pills.value, Card) else parse_cards(
            str(pills.value))[0]
        if reply not in legal_cards(hand, lead):
            assert self.at.error and not self.at.metric
            return
        captured = trick_winner(lead, reply)
        assert [m.value for m in self.at.metric] == ["+1", "+1" if captured else "+0"]
        winner = ("younger" if leader == "elder" else "elder") if captured else leader
        assert f"**{winner.capitalize()}** wins the trick" in self._markdown()

    def _check_partie(self) -> None:
        values = []
        for key in ("lessons_partie_a", "lessons_partie_b"):
            raw = (self.at.text_input(key=key).value or "").strip()
            ok = raw.isascii() and raw.isdigit() and int(raw) <= MAX_PARTIE
            values.append(int(raw) if ok else None)
        a, b = values
        if a is None or b is None:
            assert self.at.error and not self.at.metric and not self.at.success
            return
        s = settle_partie(a, b)
        assert not self.at.error
        if s.winner is None:
            assert not self.at.metric
            return
        assert [m.value for m in self.at.metric] == [str(s.points),
                                                     "yes" if s.rubiconed else "no"]
        assert self.at.metric[0].label == f"{s.winner} wins the partie"

    def _check_differences(self) -> None:
        scores = html_tables(self.at)[1].to_dict("records")
        for row, (name, _) in zip(scores, PRESETS.items(), strict=True):
            d = DealState.from_record({
                "rules": name, "elder": CAV["elder"].split(), "younger": CAV["younger"].split(),
                "talon": CAV["talon"].split(), "elder_discard": ["KS", "8C", "7C", "9D", "8D"],
                "younger_discard": ["7S", "9H", "7H"],
                "tricks": [t.split() for t in CAV_TRICKS]})
            sheet = d.score().as_dict()
            assert row["Elder: total"] == sheet["elder"]["total"]
            assert row["Younger: total"] == sheet["younger"]["total"]
            assert row["Elder: play"] == sheet["elder"]["play"]


LessonWidgets.TestCase.settings = model_settings(examples=40, steps=20)
TestLessonWidgets = LessonWidgets.TestCase

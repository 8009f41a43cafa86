"""Model-based test of the Declarations Lab (issue 9): random sequences of what a user does —
type cards, or tap them in the pack (through the card hand's own tap path: the event a
browser sends, tests/card_taps.py), deal at random, clear, toggle carte blanche, sink and
unsink, declare in full, change the preset, load a record, open a link, reload — driven
through AppTest. After **every** step each number the page shows is checked against the
engine, computed here from what the page displays (the hands in the text boxes, the
declared combinations in the sinking widgets, the flags, the preset), and each pack shows
chosen exactly the cards its text names. The model also knows what the user did: a hand
that changed is declared in full unless the user then sank something (the bug this test was
written for: the old Lab kept the sinking of the previous hands).

Expected values come only from ``piquet`` (and, for the exchange advisor's panel, the
count of legal discards from ``piquet.exchange`` and the rarity lines from ``academy.odds``);
nothing from ``ui/``. ``make soak`` runs the same machine
for thousands of steps (``tests/model_settings.py``).
"""

from __future__ import annotations

import json
import re
from math import comb
from pathlib import Path
from typing import Any

import hypothesis.strategies as hst
from apptest import LAB_PANELS, html_tables, open_page, open_panels
from card_taps import hand_data, tap_card
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest

from academy.odds import rarity
from piquet import parse_cards, reckon, score_declarations
from piquet.cards import DECK, Card
from piquet.combos import analyse
from piquet.exchange import could_have_been_blanche, elder_may_take, most_drawn, younger_may_take
from piquet.record import DealRecord
from piquet.rules import get_rules
from words import use_language
from words.advisor import rarity_text
from words.declarations import combination_name

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted([*(ROOT / "tests" / "data").glob("*.json"),
                  *(ROOT / "content" / "scenarios").glob("*.json")])
ROLES = ("elder", "younger")
WHO = {"elder": "Elder", "younger": "Younger"}
ADDRESS = ("elder", "younger", "elder_declares", "younger_declares", "elder_blanche",
           "younger_blanche")
"""The Lab's link parameters (docs/links.md)."""

cards12 = hst.lists(hst.sampled_from(DECK), min_size=12, max_size=12, unique=True)


def _record(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    return dict(data.get("record", data))


def page_hand(at: AppTest, role: str) -> tuple[Card, ...] | None:
    """The hand as the page shows it in its text box, when it is a hand."""
    text = at.text_input(key=f"lab_{role}_text").value or ""
    try:
        cards = parse_cards(text.replace(",", " "))
    except ValueError:
        return None
    return cards if len(set(cards)) == 12 == len(cards) else None


def _cards_named(text: str) -> list[Card]:
    """The cards a text names (its other tokens left out)."""
    out = []
    for token in re.split(r"[\s,]+", text):
        try:
            out.append(Card.of(token))
        except ValueError:
            continue
    return out


def page_spec(at: AppTest, role: str) -> dict[str, Any]:
    """The declaration the sinking widgets show, in the record's shape (every category);
    with the sinking shut (no widgets drawn), the one the page's link says it declares."""
    prefix = f"lab_sink_{role}_"
    spec: dict[str, Any] = {"point": [], "sequences": [], "sets": []}
    if not any(s.key and s.key.startswith(prefix) for s in at.selectbox):
        hand = page_hand(at, role)
        if hand is not None:
            spec = full_spec(hand)
            raw = at.query_params.get(f"{role}_declares")
            if raw:
                spec.update(json.loads(raw if isinstance(raw, str) else raw[0]))
        return spec
    suit = next((s.value for s in at.selectbox if s.key and s.key.startswith(prefix)
                 and s.key.endswith("_psuit")), "")
    if suit:
        pills = next(p for p in at.pills if p.key and p.key.startswith(prefix)
                     and p.key.endswith(f"_pcards_{suit}"))
        spec["point"] = list(pills.value or [])
    for s in at.selectbox:
        if not (s.key and s.key.startswith(prefix)) or not s.value:
            continue
        if re.search(r"_run\d+$", s.key):
            spec["sequences"].append(s.value.split())
        elif re.search(r"_set\d+$", s.key):
            spec["sets"].append(s.value.split())
    return spec


def full_spec(hand: tuple[Card, ...]) -> dict[str, Any]:
    c = analyse(hand)
    return {"point": sorted(map(str, c.point.cards)) if c.point else [],
            "sequences": sorted(sorted(map(str, r.cards)) for r in c.sequences),
            "sets": sorted(sorted(map(str, s.cards)) for s in c.sets)}


def canon(spec: dict[str, Any]) -> dict[str, Any]:
    return {"point": sorted(spec["point"]),
            "sequences": sorted(sorted(r) for r in spec["sequences"]),
            "sets": sorted(sorted(s) for s in spec["sets"])}


SUIT_NOUNS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def raw_options(key: str, labels: list[str]) -> list[str]:
    """The values behind a sinking widget's labels, read from the labels themselves: a
    suit's name, or the cards after the colon (``Tierce major: A♠ K♠ Q♠``)."""
    out = []
    for label in labels:
        if key.endswith("_psuit"):
            out.append(next((v for n, v in SUIT_NOUNS.items() if n in label), ""))
        elif label in ("Not declared", "No point"):
            out.append("")
        else:
            out.append(" ".join(map(str, parse_cards(label.split(": ", 1)[-1]))))
    return out


def plain(value: object) -> str:
    """Text as read on the page (Markdown escapes removed)."""
    return re.sub(r"\\(.)", r"\1", str(value))


def shown_number(pattern: str, text: str) -> int:
    m = re.search(pattern, text)
    assert m, f"{pattern!r} not on the page"
    return int(m.group(1))


class LabMachine(RuleBasedStateMachine):
    """The user, and what the page must show."""

    at: AppTest

    def _open(self, *, shut: bool = False, **params: str) -> None:
        """The page opened (with ``params``); its panels opened too unless ``shut`` (as a
        page opens)."""
        self.at = open_page("lab", panels=() if shut else LAB_PANELS, **params)
        self.sunk = {"elder": bool(params.get("elder_declares")),
                     "younger": bool(params.get("younger_declares"))}
        self.record: dict[str, Any] | None = None
        self.addresses: list[dict[str, str]] = []
        """The addresses the page wrote since it was opened or came from another page."""
        self.ever: list[dict[str, str]] = []
        """Every address the page wrote."""

    def _address(self) -> dict[str, str]:
        return {k: str(v) for k, v in self.at.query_params.items() if k in ADDRESS}

    def _set_address(self, address: dict[str, str]) -> None:
        for k in ADDRESS:
            if k in address:
                self.at.query_params[k] = address[k]
            else:
                self.at.query_params.pop(k, None)

    def _run(self) -> None:
        self.at.run()
        assert not self.at.exception, self.at.exception

    def _hand_changed(self, role: str, before: tuple[Card, ...] | None) -> None:
        after = page_hand(self.at, role)
        if after is None or before is None or set(after) != set(before):
            self.sunk[role] = False

    @initialize()
    def start(self) -> None:
        self._open()

    # ------------------------------------------------------------------ the user's actions

    @rule(role=hst.sampled_from(ROLES), hand=cards12)
    def type_hand(self, role: str, hand: list[Card]) -> None:
        before = page_hand(self.at, role)
        self.at.text_input(key=f"lab_{role}_text").set_value(" ".join(map(str, hand)))
        self._run()
        self._hand_changed(role, before)

    @rule(role=hst.sampled_from(ROLES), other=hst.booleans(), data=hst.data())
    def type_a_new_pair(self, role: str, other: bool, data: hst.DataObject) -> None:
        """The teacher's case: both hands typed anew, one after the other, no overlap."""
        deck = data.draw(hst.permutations(DECK))
        for r, hand in zip(ROLES, (deck[:12], deck[12:24]), strict=True):
            before = page_hand(self.at, r)
            self.at.text_input(key=f"lab_{r}_text").set_value(" ".join(map(str, hand)))
            self._run()
            self._hand_changed(r, before)

    @rule(role=hst.sampled_from(ROLES),
          text=hst.sampled_from(["AS QQ KS", "AS KS", "", "AS AS KS QS JS 10S 9S 8S 7S AH KH QH"]))
    def type_a_mistake(self, role: str, text: str) -> None:
        self.at.text_input(key=f"lab_{role}_text").set_value(text)
        self._run()
        self.sunk[role] = False
        assert page_hand(self.at, role) is None

    @rule(role=hst.sampled_from(ROLES), cards=hst.lists(hst.sampled_from(DECK), min_size=1,
                                                        max_size=3))
    def tap_cards(self, role: str, cards: list[Card]) -> None:
        """Tap cards of the pack: each tap puts the card in the hand, or takes it out."""
        for card in cards:
            before = page_hand(self.at, role)
            text = self.at.text_input(key=f"lab_{role}_text").value or ""
            held = card in set(_cards_named(text))
            tap_card(self.at, f"lab_{role}_pack", card)
            assert not self.at.exception, self.at.exception
            after = set(_cards_named(self.at.text_input(key=f"lab_{role}_text").value or ""))
            assert (card in after) != held, (card, text)
            self._hand_changed(role, before)

    @rule(role=hst.sampled_from(ROLES), data=hst.data())
    def swap_a_card(self, role: str, data: hst.DataObject) -> None:
        """The usual fix of a hand: tap a card out, tap another in."""
        hand = page_hand(self.at, role)
        if hand is None:
            return
        out = data.draw(hst.sampled_from(hand))
        into = data.draw(hst.sampled_from([c for c in DECK if c not in hand]))
        for card in (out, into):
            tap_card(self.at, f"lab_{role}_pack", card)
            assert not self.at.exception, self.at.exception
        assert set(page_hand(self.at, role) or ()) == (set(hand) - {out}) | {into}
        self._hand_changed(role, hand)

    @rule(role=hst.sampled_from(ROLES))
    def deal_at_random(self, role: str) -> None:
        other = "younger" if role == "elder" else "elder"
        other_hand = page_hand(self.at, other)
        before = page_hand(self.at, role)
        self.at.button(key=f"lab_{role}_deal").click()
        self._run()
        self._hand_changed(role, before)
        dealt = page_hand(self.at, role)
        assert dealt is not None
        if other_hand is not None:
            assert not set(dealt) & set(other_hand), "dealt a card the other hand holds"

    @rule(role=hst.sampled_from(ROLES))
    def clear(self, role: str) -> None:
        self.at.button(key=f"lab_{role}_clear").click()
        self._run()
        self.sunk[role] = False

    @rule(role=hst.sampled_from(ROLES))
    def toggle_blanche(self, role: str) -> None:
        t = self.at.toggle(key=f"lab_blanche_{role}")
        t.set_value(not t.value)
        self._run()

    @rule(role=hst.sampled_from(ROLES), data=hst.data())
    def sink(self, role: str, data: hst.DataObject) -> None:
        prefix = f"lab_sink_{role}_"
        widgets = [w for w in [*self.at.selectbox, *self.at.pills]
                   if w.key and w.key.startswith(prefix)]
        if not widgets:
            return
        w = data.draw(hst.sampled_from(widgets))
        opts = raw_options(w.key, list(w.options))
        if w.key.endswith("_psuit") or "_run" in w.key or "_set" in w.key:
            w.set_value(data.draw(hst.sampled_from(opts)))
        else:  # the point's cards
            w.set_value(data.draw(hst.lists(hst.sampled_from(opts), unique=True)))
        self._run()
        self.sunk[role] = True

    @rule(role=hst.sampled_from(ROLES))
    def declare_in_full(self, role: str) -> None:
        b = [b for b in self.at.button if b.key == f"lab_full_{role}"]
        if not b or b[0].disabled:
            return
        b[0].click()
        self._run()
        self.sunk[role] = False

    @rule(preset=hst.sampled_from(["britannica", "cavendish"]))
    def change_preset(self, preset: str) -> None:
        self.at.segmented_control(key="rules").set_value(preset)
        self._run()

    @rule(panel=hst.sampled_from(LAB_PANELS))
    def shut_or_open_a_panel(self, panel: str) -> None:
        """A panel drawn only while open: shut or opened, what the page declares stays."""
        specs = {r: canon(page_spec(self.at, r)) for r in ROLES}
        ss = self.at.session_state
        ss[panel] = not ss.get(panel)
        self._run()
        assert {r: canon(page_spec(self.at, r)) for r in ROLES} == specs

    @rule(role=hst.sampled_from(ROLES), left=hst.integers(0, 4))
    def ask_the_advisor(self, role: str, left: int) -> None:
        """Open the exchange advisor on a hand, read it, shut it (issue 15): it ranks every
        legal discard, places the hand's combinations on the dealt odds, and opening or
        shutting it changes nothing else the page declares."""
        specs = {r: canon(page_spec(self.at, r)) for r in ROLES}
        ss = self.at.session_state
        ss["lab_advisor"], ss["lab_adv_role"], ss["lab_adv_left"] = True, role, left
        self._run()
        hand = page_hand(self.at, role)
        elder = _cards_named(self.at.text_input(key="lab_elder_text").value or "")
        if role == "younger" and hand is not None and set(hand) & set(elder):
            # a card in both hands (Elder's hand complete or not): named under Younger's,
            # whose builder refuses it
            hand = None
        page = plain("\n".join(str(m.value) for m in self.at.markdown))
        if hand is None:
            assert any("The advisor needs" in str(i.value) for i in self.at.info)
        else:
            rules = get_rules(self.at.segmented_control(key="rules").value)
            sizes = elder_may_take(rules) if role == "elder" else \
                younger_may_take(5 - left, rules)
            legal = sum(comb(12, n) for n in sizes)
            assert f"Ranked 1st of {legal:,} legal discards." in page
            assert "**5.** " in page
            with use_language("en"):
                for r in rarity(hand):
                    assert rarity_text(r.kind, r.size, r.rank, r.chance, r.one_in) in page
        ss["lab_advisor"] = False
        self._run()
        assert "legal discards" not in "\n".join(str(m.value) for m in self.at.markdown)
        assert {r: canon(page_spec(self.at, r)) for r in ROLES} == specs

    @rule(path=hst.sampled_from(RECORDS))
    def load_record(self, path: Path) -> None:
        rec = _record(path)
        if not self.at.text_area:  # the paste box is shut: open it, as the user would
            open_panels(self.at, "lab_record_open")
        self.at.text_area(key="lab_record_text").set_value(json.dumps(rec))
        self._run()
        self.at.button(key="lab_load").click()
        self._run()
        decl = rec.get("declarations") or {}
        self.sunk = {r: bool(decl.get(r)) for r in ROLES}
        self.record = rec
        if rec.get("rules"):
            assert self.at.segmented_control(key="rules").value == rec["rules"]

    @rule(data=hst.data(), only_elder=hst.booleans(), blanche=hst.booleans(),
          sink_kind=hst.sampled_from(["none", "sets", "point", "bad"]))
    def open_a_link(self, data: hst.DataObject, only_elder: bool, blanche: bool,
                    sink_kind: str) -> None:
        deck = data.draw(hst.permutations(DECK))
        elder, younger = deck[:12], deck[12:24]
        params = {"elder": ",".join(map(str, elder))}
        if not only_elder:
            params["younger"] = ",".join(map(str, younger))
        if blanche:
            params["younger_blanche"] = "1"
        combos = analyse(elder)
        if sink_kind == "sets":
            params["elder_declares"] = '{"sets":[]}'
        elif sink_kind == "point" and combos.point:
            params["elder_declares"] = json.dumps({"point": [str(combos.point.cards[0])]})
        elif sink_kind == "bad":
            params["elder_declares"] = json.dumps({"point": [str(younger[0])]})
        self._open(**params)
        if sink_kind == "bad":
            self.sunk["elder"] = False
            assert any("ignored" in plain(w.value) for w in self.at.warning)
        younger_shown = page_hand(self.at, "younger")
        assert younger_shown is not None and not set(younger_shown) & set(elder)
        if only_elder:
            assert any("only Elder's hand" in plain(i.value) for i in self.at.info)

    @rule(role=hst.sampled_from(ROLES), hand=cards12, data=hst.data())
    def type_while_the_address_lags(self, role: str, hand: list[Card],
                                    data: hst.DataObject) -> None:
        """A hand typed quickly after another step: its rerun carries an address the page
        wrote a moment (or a few steps) before, which the browser had not yet replaced. It is
        not a link followed: the other hand and its declaration stay as they were."""
        back = data.draw(hst.integers(1, 4))  # drawn whatever the page holds (the Lab's
        if not self.addresses:                # random deals make the addresses differ)
            return
        other = "younger" if role == "elder" else "elder"
        kept_text = self.at.text_input(key=f"lab_{other}_text").value
        kept_spec = canon(page_spec(self.at, other))
        before = page_hand(self.at, role)
        self._set_address(self.addresses[-min(back, len(self.addresses))])
        self.at.text_input(key=f"lab_{role}_text").set_value(" ".join(map(str, hand)))
        self._run()
        self._hand_changed(role, before)
        assert set(_cards_named(self.at.text_input(key=f"lab_{role}_text").value or "")) == \
            set(hand)
        assert self.at.text_input(key=f"lab_{other}_text").value == kept_text
        if page_hand(self.at, other) is not None:
            assert canon(page_spec(self.at, other)) == kept_spec

    @rule(data=hst.data())
    def follow_an_earlier_link_from_another_page(self, data: hst.DataObject) -> None:
        """A lesson's link to the Lab naming hands the Lab showed before they were edited:
        it is read, although the Lab wrote that address itself once."""
        which = data.draw(hst.integers(0, 63))  # drawn whatever the page holds
        if not self.ever:
            return
        address = self.ever[which % len(self.ever)]
        self.at.switch_page("app_pages/about.py")
        self._run()
        self.addresses.clear()
        self.at.switch_page("app_pages/lab.py")
        self._set_address(address)
        self._run()
        self.sunk = {r: bool(address.get(f"{r}_declares")) for r in ROLES}
        for role in ROLES:
            shown = self.at.text_input(key=f"lab_{role}_text").value or ""
            if role in address:
                assert set(_cards_named(shown)) == set(_cards_named(address[role])), role

    @rule()
    def visit_another_page_and_back(self) -> None:
        """To another page and back by the menu (the browser drops the Lab's parameters on
        the way): the same hands, flags, declarations and numbers."""
        before = self._numbers()
        texts = {r: self.at.text_input(key=f"lab_{r}_text").value for r in ROLES}
        specs = {r: canon(page_spec(self.at, r)) for r in ROLES}
        address = self._address()
        self.at.switch_page("app_pages/about.py")
        self._run()
        self._set_address({})
        self.addresses.clear()
        self.at.switch_page("app_pages/lab.py")
        self._run()
        assert {r: self.at.text_input(key=f"lab_{r}_text").value for r in ROLES} == texts
        assert self._address() == address
        assert {r: canon(page_spec(self.at, r)) for r in ROLES} == specs
        assert self._numbers() == before

    @rule(shut=hst.booleans())
    def reload(self, shut: bool) -> None:
        """A reload, or the page's link opened in a fresh browser: the same page (its panels
        shut as it opens, or opened again)."""
        empty = not all(self.at.text_input(key=f"lab_{r}_text").value for r in ROLES)
        before = self._numbers()
        params = {k: str(v) for k, v in self.at.query_params.items()}
        specs = {r: canon(page_spec(self.at, r)) for r in ROLES}
        sunk = dict(self.sunk)
        self._open(shut=shut, **params)
        self.sunk = sunk
        if empty:  # a link with one hand: the other is dealt from the rest (and it says so)
            return
        assert self._numbers() == before
        if before:
            assert {r: canon(page_spec(self.at, r)) for r in ROLES} == specs

    # ------------------------------------------------------------------ what must be shown

    @invariant()
    def note_the_address(self) -> None:
        """(Not a check: the addresses the page wrote, for the two rules above.)"""
        address = self._address()
        if address and address not in self.addresses:
            self.addresses.append(address)
        if address and address not in self.ever:
            self.ever.append(address)

    @invariant()
    def the_pack_shows_the_typed_hand(self) -> None:
        """Each pack shows chosen exactly the cards its text names; every card can be tapped."""
        for role in ROLES:
            data = hand_data(self.at, f"lab_{role}_pack")
            assert len(data["cards"]) == 32 and not any(c["disabled"] for c in data["cards"])
            named = _cards_named(self.at.text_input(key=f"lab_{role}_text").value or "")
            assert set(data["selected"]) == {str(c) for c in named}, (role, data["selected"])

    def _numbers(self) -> list[str]:
        return [str(m.value) for m in self.at.markdown if "from declarations" in str(m.value)]

    @invariant()
    def every_number_is_the_engines(self) -> None:
        at = self.at
        elder, younger = page_hand(at, "elder"), page_hand(at, "younger")
        if elder is None or younger is None or set(elder) & set(younger):
            assert not html_tables(at), "totals shown beside an incomplete or clashing pair"
            return
        rules = get_rules(at.segmented_control(key="rules").value)
        specs = {}
        for role, hand in zip(ROLES, (elder, younger), strict=True):
            shown = page_spec(at, role)
            if not self.sunk[role]:
                assert canon(shown) == full_spec(hand), (
                    f"{role}'s hand changed but the page does not declare it in full")
            specs[role] = shown
        flags = {}
        for role, hand in zip(ROLES, (elder, younger), strict=True):
            on = bool(at.toggle(key=f"lab_blanche_{role}").value)
            drawn = most_drawn(role, rules)
            if self.record is not None:
                rec = DealRecord.from_json(self.record)
                after = rec.elder_after if role == "elder" else rec.younger_after
                if set(after) == set(hand):
                    drawn = len(rec.elder_discard if role == "elder" else rec.younger_discard)
            flags[role] = on and could_have_been_blanche(hand, drawn)
            if on and not flags[role]:
                assert any("not dealt carte blanche" in str(e.value) for e in at.error)
        if flags["elder"] and flags["younger"]:  # 24 cards without a court: never dealt
            assert any("carte blanche" in plain(e.value) for e in at.error)
            assert not html_tables(at)
            return
        s = score_declarations(elder, younger, elder_blanche=flags["elder"],
                               younger_blanche=flags["younger"],
                               elder_declares=specs["elder"], younger_declares=specs["younger"],
                               rules=rules)
        page = "\n".join(str(m.value) for m in at.markdown)
        for role in ROLES:
            assert shown_number(rf"\*\*{WHO[role]}\*\* · (\d+) from declarations", page) == \
                s.total(role)
        # each combination held, with its worth
        want = []
        for hand in (elder, younger):
            c = analyse(hand)
            if c.point:
                want.append(("Point", f"{c.point.length} cards making {c.point.pips}",
                             c.point.score))
            want += [("Sequence", combination_name(r), r.score) for r in c.sequences]
            want += [("Set", combination_name(x), x.score) for x in c.sets]
        got = [(m.group(1), m.group(2), int(m.group(3))) for m in re.finditer(
            r"^(Point|Sequence|Set): \*\*(.+?)\*\*, worth (\d+)", page, re.M)]
        assert sorted(got) == sorted(want)
        # the verdicts
        for v in s.verdicts:
            title = {"point": "Point", "sequences": "Sequences", "sets": "Sets"}[v.category]
            line = next(p for m in at.markdown for p in str(m.value).split("\n\n")
                        if p.startswith(f"**{title}** —"))  # a paragraph each
            if v.winner is None:
                assert "Nobody scores" in line, line
            else:
                assert f"{WHO[v.winner]} scores {v.points}" in line, line
        # the tally: reckoning order with Elder's first lead
        by_cat = {c: (s.score("elder", c), s.score("younger", c))
                  for c in ("blanche", "point", "sequences", "sets")}
        r = reckon(**by_cat, play=["elder"])
        tally = next(str(m.value) for m in at.markdown if "\n| Step" in str(m.value))
        lines = tally[tally.index("| Step"):].splitlines()
        rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
        assert [(int(x[2]), int(x[3]), int(x[4])) for x in rows] == [
            (e.points, e.elder_total, e.younger_total) for e in r.events]
        # the totals table: the same numbers as the tally
        table = html_tables(at)[0]
        sheet = s.as_dict()
        for role in ROLES:
            col = table[WHO[role]]
            for key, label in (("blanche", "Carte blanche"), ("point", "Point"),
                               ("sequences", "Sequences"), ("sets", "Sets"),
                               ("repique", "Repique"), ("total", "Total")):
                assert int(col[label]) == sheet[role][key], (role, label)
            assert int(col["After Elder's first lead"]) == r.total(role)  # type: ignore[arg-type]
            assert ("Pique" in table.index) == (r.pique is not None)
        # the sentence says no more than the declarations know
        said = " ".join(str(x.value) for x in [*at.info, *at.success])
        if r.repique:
            assert "repique (+60)" in said
        elif r.pique:
            assert "pique (+30)" in said
        elif s.total("younger") == 0:
            after = s.total("elder") + 1
            assert "No pique" not in said or after + 11 + rules.last_trick_point < 30
            if after + 11 + rules.last_trick_point >= 30:
                need = 30 - after
                assert f"scores {need} more point" in said, said


LabMachine.TestCase.settings = model_settings(examples=12, steps=12)
TestLab = LabMachine.TestCase

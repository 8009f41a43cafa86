"""Model-based test of the score sheet: random sequences of what a user does (type deal scores
with commas, spaces and bad values, clear a field, type a whole partie, change the preset,
follow a link ``?a=..&b=..`` from another page, visit another page and come back, type while
the browser's address still shows what the page wrote a moment before) driven through
AppTest.

After every step, every number the page shows (the table of deals and running totals, the
chart's points, the "after n deals" line, the settlement and its winner) is compared with
what ``piquet`` computes from the values read back from the two text fields; errors must name
every bad value, and never stand beside a result. The expected values come from ``piquet``
(``Partie``, ``settle_partie``) and this file's own reading of the fields, never from ``ui/``.
Bounded and derandomised here; ``make soak`` runs it long (``tests/model_settings.py``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from apptest import open_page
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from model_settings import model_settings
from streamlit.testing.v1 import AppTest

from piquet import Partie, settle_partie
from words.reckoning import settlement_text

MAX_SCORE = 170
SEPARATORS = [",", ", ", " ", "  ", ";", " , "]
BAD = ["x", "1.5", "-3", "+5", "١٢", "12a", "**7**", "[a](b)", "0x10", "½"]

valid_token = st.integers(0, MAX_SCORE).map(str)
big_token = st.sampled_from(["171", "999", "0171", "12345", "99999999999999999999"])
token = st.one_of(valid_token, valid_token, valid_token, valid_token, valid_token,
                  big_token, st.sampled_from(BAD))


@st.composite
def entry(draw: Any, min_size: int = 0, max_size: int = 9) -> str:
    toks = draw(st.lists(token, min_size=min_size, max_size=max_size))
    seps = [draw(st.sampled_from(SEPARATORS)) for _ in toks]
    lead = draw(st.sampled_from(["", " "]))
    return lead + "".join(t + s for t, s in zip(toks, seps, strict=True)).rstrip(",; ")


@st.composite
def whole_partie(draw: Any) -> tuple[str, str]:
    """Two entries that make a partie: six deals, or a tie and two more, maybe one too many."""
    a = draw(st.lists(st.integers(0, 60), min_size=6, max_size=6))
    if draw(st.booleans()):
        b = draw(st.permutations(a))          # a tie after six
        extra = draw(st.integers(0, 3))
    else:
        b = draw(st.lists(st.integers(0, 60), min_size=6, max_size=6))
        extra = draw(st.integers(0, 1))
    a = a + draw(st.lists(st.integers(0, 60), min_size=extra, max_size=extra))
    b = list(b) + draw(st.lists(st.integers(0, 60), min_size=extra, max_size=extra))
    sep = draw(st.sampled_from(SEPARATORS))
    return sep.join(map(str, a)), sep.join(map(str, b))


# --------------------------------------------------------------------------- the test's model


def split(raw: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", raw) if t]


def bad_values(toks: list[str]) -> list[tuple[int, str]]:
    """(deal number, value) for every value that is not a deal score (0 to 170)."""
    out = []
    for n, t in enumerate(toks, 1):
        ok = re.fullmatch(r"[0-9]+", t) is not None and int(t) <= MAX_SCORE
        if not ok:
            out.append((n, t))
    return out


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def read(at: AppTest) -> dict[str, Any]:
    """What the page shows, read from its elements."""
    main = at.main
    charts = main.get("vega_lite_chart")
    points: list[tuple[int, str, int]] = []
    if charts:
        spec = json.loads(charts[0].proto.spec)
        values = spec["layer"][0]["data"]["values"]
        points = sorted((v["deal"], v["player"], v["total"]) for v in values)
    return {
        "a": at.text_input(key="sheet_a").value,
        "b": at.text_input(key="sheet_b").value,
        "errors": [str(e.value) for e in main.error],
        "tables": [t.value for t in main.table],
        "points": points,
        "charts": len(charts),
        "success": [str(e.value) for e in main.success],
        "info": [str(e.value) for e in main.info],
        "captions": [str(c.value) for c in main.caption],
        "subheaders": [str(s.value) for s in main.subheader],
    }


class ScoreSheet(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.at = open_page("scoresheet")
        self.addresses: list[tuple[str | None, str | None]] = []
        """The addresses the sheet wrote since it was last opened from another page."""
        self.ever: list[tuple[str | None, str | None]] = []
        """Every address the sheet wrote."""
        self._note_address()

    def _note_address(self) -> None:
        address = (self.at.query_params.get("a"), self.at.query_params.get("b"))
        if address != (None, None) and address not in self.addresses:
            self.addresses.append(address)
        if address != (None, None) and address not in self.ever:
            self.ever.append(address)

    def run(self) -> None:
        self.at.run()
        assert not self.at.exception, self.at.exception
        self._note_address()

    # ----------------------------------------------------------------------- actions

    @rule(who=st.sampled_from(["a", "b"]), raw=entry())
    def type_entry(self, who: str, raw: str) -> None:
        self.at.text_input(key=f"sheet_{who}").set_value(raw)
        self.run()

    @rule(pair=whole_partie())
    def type_partie(self, pair: tuple[str, str]) -> None:
        self.at.text_input(key="sheet_a").set_value(pair[0])
        self.run()
        self.at.text_input(key="sheet_b").set_value(pair[1])
        self.run()

    @precondition(lambda self: bool(self.addresses))
    @rule(who=st.sampled_from(["a", "b"]), raw=entry(), data=st.data())
    def type_while_the_address_lags(self, who: str, raw: str, data: Any) -> None:
        """An entry typed quickly after another: its rerun carries an address the page wrote
        a moment (or a few steps) before, which the browser had not yet replaced. It is not
        a link followed: both fields stay as typed."""
        stale = self.addresses[-min(data.draw(st.integers(1, 4)), len(self.addresses))]
        other = "b" if who == "a" else "a"
        kept = self.at.text_input(key=f"sheet_{other}").value
        for param, value in zip(("a", "b"), stale, strict=True):
            if value is None:
                self.at.query_params.pop(param, None)
            else:
                self.at.query_params[param] = value
        self.at.text_input(key=f"sheet_{who}").set_value(raw)
        self.run()
        assert self.at.text_input(key=f"sheet_{who}").value == raw
        assert self.at.text_input(key=f"sheet_{other}").value == kept

    @rule(who=st.sampled_from(["a", "b"]))
    def clear(self, who: str) -> None:
        self.at.text_input(key=f"sheet_{who}").set_value("")
        self.run()

    @rule(name=st.sampled_from(["britannica", "cavendish"]))
    def change_preset(self, name: str) -> None:
        self.at.segmented_control(key="rules").set_value(name)
        self.run()
        assert self.at.session_state["rules"] == name

    @rule(a=entry(max_size=8), b=entry(max_size=8), pair=st.none() | whole_partie())
    def follow_link(self, a: str, b: str, pair: tuple[str, str] | None) -> None:
        """A link to the sheet followed from another page (Play's "Open this partie on the
        score sheet"), maybe one naming what the sheet showed earlier."""
        if pair is not None:
            a, b = pair
        self.at.switch_page("app_pages/about.py")
        self.run()
        self.addresses.clear()
        self.at.switch_page("app_pages/scoresheet.py")
        self.at.query_params["a"] = ",".join(split(a))
        self.at.query_params["b"] = ",".join(split(b))
        self.run()
        assert split(self.at.text_input(key="sheet_a").value) == split(a)
        assert split(self.at.text_input(key="sheet_b").value) == split(b)

    @precondition(lambda self: bool(self.ever))
    @rule(data=st.data())
    def follow_an_earlier_link(self, data: Any) -> None:
        """A link naming what the sheet showed before it was edited, followed from another
        page: it is read, although the sheet wrote that address itself once."""
        a, b = self.ever[data.draw(st.integers(0, 63)) % len(self.ever)]
        self.follow_link(a or "", b or "", None)

    @rule()
    def visit_about_and_back(self) -> None:
        before = (self.at.text_input(key="sheet_a").value, self.at.text_input(key="sheet_b").value)
        self.at.switch_page("app_pages/about.py")
        self.run()
        for k in ("a", "b"):  # a browser drops plain parameters on a page switch
            self.at.query_params.pop(k, None)
        self.addresses.clear()
        self.at.switch_page("app_pages/scoresheet.py")
        self.run()
        after = (self.at.text_input(key="sheet_a").value, self.at.text_input(key="sheet_b").value)
        assert split(after[0]) == split(before[0]) and split(after[1]) == split(before[1])

    # ----------------------------------------------------------------------- the check

    @invariant()
    def every_number_is_the_engines(self) -> None:
        page = read(self.at)
        toks = {"A": split(page["a"] or ""), "B": split(page["b"] or "")}
        # the link holds what is typed
        for who, param in (("A", "a"), ("B", "b")):
            want = ",".join(toks[who]) or None
            assert self.at.query_params.get(param) == want, (param, want)

        bad = {who: bad_values(t) for who, t in toks.items()}
        too_many = {who: len(t) > 8 for who, t in toks.items()}
        if any(bad.values()) or any(too_many.values()):
            # each player's problems, every one named, under his field; no result at all
            assert not page["tables"] and not page["charts"] and not page["success"]
            assert not page["info"] and "Settlement" not in page["subheaders"]
            errors = "\n".join(page["errors"])
            for who in ("A", "B"):
                for n, value in bad[who]:
                    assert f"{who}, deal {n}:" in errors, (who, n, value, errors)
                if too_many[who]:
                    assert f"{who} has {len(toks[who])} deals" in errors
            event("bad values named")
            n_problems = sum(len(v) for v in bad.values()) + sum(too_many.values())
            assert errors.count(", deal ") + errors.count(" deals; ") == n_problems
            assert len(page["errors"]) == sum(1 for w in "AB" if bad[w] or too_many[w])
            return

        a = [int(t) for t in toks["A"]]
        b = [int(t) for t in toks["B"]]
        partie = Partie("A")
        pairs = list(zip(a, b, strict=False))
        used: list[tuple[int, int]] = []
        for x, y in pairs:
            if partie.finished:
                break
            partie = partie.add(x, y)
            used.append((x, y))
        if partie.finished and max(len(a), len(b)) > len(used):
            assert len(page["errors"]) == 1
            error = page["errors"][0]
            assert error.startswith(f"Deal {len(used) + 1} (") and "was not needed" in error
            event("a deal not needed")
            assert not page["tables"] and not page["charts"] and not page["success"]
            assert not page["info"]
            return
        assert not page["errors"]

        # the table of deals and running totals, and the chart's points
        running: list[tuple[int, int]] = []
        ta = tb = 0
        for x, y in used:
            ta, tb = ta + x, tb + y
            running.append((ta, tb))
        if used:
            assert len(page["tables"]) == 1
            df = page["tables"][0]
            rows = [tuple(int(v) for v in row) for row in df.itertuples(index=False)]
            want_rows = [(i + 1, x, y, ra, rb)
                         for i, ((x, y), (ra, rb)) in enumerate(zip(used, running, strict=True))]
            assert rows == want_rows
            want_points = sorted([(i + 1, "A", ra) for i, (ra, _) in enumerate(running)]
                                 + [(i + 1, "B", rb) for i, (_, rb) in enumerate(running)])
            assert page["points"] == want_points
        else:
            assert not page["tables"] and not page["charts"]

        infos = list(page["info"])
        if len(a) != len(b):
            short = "A" if len(a) < len(b) else "B"
            waiting = [i for i in infos if "fewer deals entered" in i]
            assert len(waiting) == 1 and waiting[0].startswith(
                f"{short} has fewer deals entered ({len(used)} v {max(len(a), len(b))})")
            infos.remove(waiting[0])

        if partie.finished:
            s = settle_partie(*partie.totals)
            assert (s.total_a, s.total_b) == (ta, tb)
            assert "Settlement" in page["subheaders"]
            event(f"settled after {len(used)} deals")
            if s.winner is None:
                assert not page["success"]
                assert infos == [settlement_text(s)]
            else:
                assert page["success"] == [f"**{s.winner} wins {s.points}.** {settlement_text(s)}"]
                assert not infos
        elif used:
            s = settle_partie(ta, tb)
            left = partie.deals_to_play - len(used)
            assert infos == [f"After {plural(len(used), 'deal')}: A {ta}, B {tb}. "
                             f"{plural(left, 'deal')} to play."]
            assert f"If the partie ended now: {settlement_text(s)}" in page["captions"]
            assert not page["success"] and "Settlement" not in page["subheaders"]
            event("in progress")
        else:
            assert not infos and not page["success"]


ScoreSheet.TestCase.settings = model_settings(examples=15, steps=12)
TestScoreSheetModel = ScoreSheet.TestCase

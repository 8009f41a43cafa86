"""Real browser: a random walk through the score sheet at a desktop's, a phone's and a
projector's width — type a player's deals (now and then a value that is no deal score), type
a whole partie, clear a field, follow a link ``?a=..&b=..``, reload, go to another page and
back — and after **every** step what the page shows checked: the link holds what is typed,
a bad value is named and no result stands beside it, and the table of deals and running
totals, the "after n deals" line and the settlement are the engine's (``Partie``,
``settle_partie``) for the values the two fields hold.

tests/test_model_scoresheet.py walks the same page for many more steps through AppTest;
this one checks what the browser draws after its own typing, reruns and reloads.
``PIQUET_WALK_SEED`` replays a walk; a failure names its seed and the steps taken."""

from __future__ import annotations

import os
import random
import re
import urllib.parse
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from walking import about_and_back, settled

from piquet import Partie, settle_partie
from words.reckoning import settlement_text

WIDTHS = {"desktop": (1366, 900), "phone": (390, 844), "projector": (1920, 1080)}
PLAYERS = ("A", "B")
BAD = ["x", "171", "1.5", "-3", "**7**"]
STEPS = 8

_READ = """() => {
  const box = (k) => document.querySelector(`.st-key-sheet_${k} input`);
  const table = document.querySelector("[data-testid='stMain'] [data-testid='stTable'] table");
  const rows = table ? Array.from(table.querySelectorAll("tbody tr")).map(
      (tr) => Array.from(tr.children).map((c) => c.innerText.trim())) : null;
  const texts = (id) => Array.from(document.querySelectorAll(
      `[data-testid='stMain'] [data-testid='${id}']`)).map((e) => e.innerText.trim());
  return {a: box("a") ? box("a").value : null, b: box("b") ? box("b").value : null, rows,
          errors: texts("stAlertContentError"), infos: texts("stAlertContentInfo"),
          successes: texts("stAlertContentSuccess"),
          headings: texts("stHeading"), url: location.href};
}"""


def split(raw: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", raw) if t]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Walk:
    def __init__(self, page: Page, app_server: str, wait: Callable[[], None], seed: int,
                 phone: bool) -> None:
        self.page, self.app_server, self.wait, self.seed = page, app_server, wait, seed
        self.phone = phone
        self.rng = random.Random(seed)
        self.steps: list[str] = []

    def fail(self, why: str) -> str:
        return f"seed {self.seed}, after {self.steps}: {why}"

    def deals(self, most: int = 8) -> list[str]:
        values = [str(self.rng.randint(0, 60)) for _ in range(self.rng.randint(0, most))]
        if values and self.rng.random() < 0.15:
            values[self.rng.randrange(len(values))] = self.rng.choice(BAD)
        return values

    def joined(self, values: list[str]) -> str:
        return "".join(v + self.rng.choice([",", ", ", " "]) for v in values).rstrip(", ")

    # ------------------------------------------------------------------ actions
    def type(self, who: str, text: str) -> None:
        box = self.page.get_by_role("textbox", name=f"Player {who}, deal by deal")
        box.fill(text)
        box.press("Enter")
        self.wait()

    def type_one(self) -> None:
        who, text = self.rng.choice(PLAYERS), self.joined(self.deals())
        self.steps.append(f"type {who} {text!r}")
        self.type(who, text)

    def type_partie(self) -> None:
        a = [self.rng.randint(0, 60) for _ in range(6)]
        b = self.rng.sample(a, 6) if self.rng.random() < 0.3 else [
            self.rng.randint(0, 60) for _ in range(6)]
        if sum(a) == sum(b):  # a tie after six: two more deals
            a += [self.rng.randint(0, 60) for _ in range(2)]
            b += [self.rng.randint(0, 60) for _ in range(2)]
        texts = [self.joined([str(v) for v in a]), self.joined([str(v) for v in b])]
        self.steps.append(f"partie {texts}")
        for who, text in zip(PLAYERS, texts, strict=True):
            self.type(who, text)

    def clear(self) -> None:
        who = self.rng.choice(PLAYERS)
        self.steps.append(f"clear {who}")
        self.type(who, "")

    def link(self) -> None:
        a, b = ",".join(self.deals()), ",".join(self.deals())
        self.steps.append(f"link a={a} b={b}")
        query = urllib.parse.urlencode({k: v for k, v in (("a", a), ("b", b)) if v},
                                       safe=",")
        self.page.goto(f"{self.app_server}/scoresheet" + (f"?{query}" if query else ""))
        expect(self.page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
        self.wait()
        settled(self.page, lambda _p: self.expect_fields(a, b))  # what the link says

    def expect_fields(self, a: str, b: str) -> None:
        seen = self.page.evaluate(_READ)
        assert (split(seen["a"] or ""), split(seen["b"] or "")) == (split(a), split(b)), \
            self.fail(f"the fields {seen['a']!r}, {seen['b']!r} after a link {a!r}, {b!r}")

    def reload(self) -> None:
        before = self.page.evaluate(_READ)
        self.steps.append("reload")
        self.page.reload()
        expect(self.page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
        self.wait()
        settled(self.page, lambda _p: self.expect_fields(before["a"], before["b"]))

    def away_and_back(self) -> None:
        """About through the navigation, then the score sheet again: a page switch drops the
        link's parameters, the session keeps what was typed."""
        if self.phone:  # the navigation is folded away on a phone: reload instead
            return self.reload()
        before = self.page.evaluate(_READ)
        self.steps.append("about and back")
        about_and_back(self.page, "Score sheet",
                       self.page.get_by_role("textbox", name="Player A, deal by deal"))
        settled(self.page, lambda _p: self.expect_fields(before["a"], before["b"]))
        return None

    # ------------------------------------------------------------------ the check
    def check(self, page: Page) -> None:
        expect(page.locator("[data-testid='stException']")).to_have_count(0)
        seen = page.evaluate(_READ)
        assert None not in (seen["a"], seen["b"]), self.fail("a field is missing")
        toks = {"A": split(seen["a"]), "B": split(seen["b"])}
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(seen["url"]).query)
        for who, param in (("A", "a"), ("B", "b")):
            assert query.get(param, [""])[0] == ",".join(toks[who]), self.fail(
                f"the link's {param} {query.get(param)} against {toks[who]} ({seen['url']})")
        bad = {who: [(n, t) for n, t in enumerate(v, 1)
                     if not (t.isascii() and t.isdigit() and int(t) <= 170)]
               for who, v in toks.items()}
        too_many = {who: len(v) > 8 for who, v in toks.items()}
        no_result = (not seen["rows"] and not seen["successes"] and not seen["infos"]
                     and "Settlement" not in seen["headings"])
        errors = "\n".join(seen["errors"])
        if any(bad.values()) or any(too_many.values()):
            assert no_result, self.fail(f"a result beside bad values: {seen}")
            for who in PLAYERS:
                for n, _value in bad[who]:
                    assert f"{who}, deal {n}:" in errors, self.fail(f"{who} {n} in {errors!r}")
            return
        a, b = ([int(t) for t in toks[w]] for w in PLAYERS)
        partie = Partie("A")
        used: list[tuple[int, int]] = []
        for x, y in zip(a, b, strict=False):
            if partie.finished:
                break
            partie = partie.add(x, y)
            used.append((x, y))
        if partie.finished and max(len(a), len(b)) > len(used):
            assert seen["errors"] and "was not needed" in errors, self.fail(f"errors {errors!r}")
            assert no_result, self.fail(f"a result beside a deal not needed: {seen}")
            return
        assert not seen["errors"], self.fail(f"errors {seen['errors']}")
        running, ta, tb = [], 0, 0
        for i, (x, y) in enumerate(used, 1):
            ta, tb = ta + x, tb + y
            running.append([i, x, y, ta, tb])
        got = [[int(c) for c in row] for row in seen["rows"] or []]
        assert got == running, self.fail(f"table {seen['rows']} against {running}")
        infos = list(seen["infos"])
        if len(a) != len(b):
            short = "A" if len(a) < len(b) else "B"
            waiting = [i for i in infos if i.startswith(f"{short} has fewer deals entered")]
            assert len(waiting) == 1, self.fail(f"no word that {short} has fewer: {infos}")
            infos.remove(waiting[0])
        if partie.finished:
            s = settle_partie(ta, tb)
            assert "Settlement" in seen["headings"], self.fail(f"headings {seen['headings']}")
            said = settlement_text(s).replace("**", "")
            if s.winner is None:
                assert infos == [said] and not seen["successes"], self.fail(f"{infos}")
            else:
                assert seen["successes"] == [f"{s.winner} wins {s.points}. {said}"], \
                    self.fail(f"settlement {seen['successes']} against {s}")
        elif used:
            left = partie.deals_to_play - len(used)
            assert infos == [f"After {plural(len(used), 'deal')}: A {ta}, B {tb}. "
                             f"{plural(left, 'deal')} to play."], self.fail(f"{infos}")
        else:
            assert not infos and not seen["successes"], self.fail(f"{infos}")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_random_walk_through_the_score_sheet_shows_the_engines_numbers_after_every_step(
    page: Page, app_server: str, wait_for_app: Callable[[], None], width: str,
) -> None:
    size = WIDTHS[width]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed = int(os.environ.get("PIQUET_WALK_SEED") or random.SystemRandom().randrange(10**6))
    walk = Walk(page, app_server, wait_for_app, seed, phone=width == "phone")
    walk.steps.append("open")
    page.goto(f"{app_server}/scoresheet")
    expect(page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
    wait_for_app()
    walk.type_partie()
    settled(page, walk.check)
    actions = [walk.type_one, walk.type_one, walk.type_partie, walk.clear, walk.link,
               walk.reload, walk.away_and_back]
    for _ in range(STEPS):
        walk.rng.choice(actions)()
        settled(page, walk.check)
    print(f"{width}: seed {seed}, {walk.steps}")

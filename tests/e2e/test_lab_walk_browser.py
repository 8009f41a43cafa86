"""Real browser: a random walk through the Declarations Lab at a desktop's, a phone's and a
projector's width — type a hand, deal one at random, swap a card in the pack, change the
preset, reload, go to another page and back, open the page's own link in a fresh browser —
and after **every** step each number the page shows (both "… from declarations" headings,
the tally, the totals) checked against the engine, for the hands the page's text boxes hold
and the preset the model chose.

tests/test_model_lab.py walks the same page for many more steps through AppTest; this walk
checks what the browser draws after its own clicks, reruns and reloads (a stale widget value
or a late redraw shows here, not there). Expected values come only from ``piquet``.
``PIQUET_WALK_SEED`` replays a walk; a failure names its seed and the steps taken."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect
from walking import about_and_back, settled

from piquet import parse_cards, reckon, score_declarations
from piquet.cards import DECK, Card
from piquet.rules import get_rules

WIDTHS = {"desktop": (1366, 900), "phone": (390, 844), "projector": (1920, 1080)}
ROLES = ("elder", "younger")
WHO = {"elder": "Elder", "younger": "Younger"}
PRESETS = {"britannica": "Britannica article", "cavendish": "Cavendish (1882)"}
STEPS = 7
TOTALS = (("blanche", "Carte blanche"), ("point", "Point"), ("sequences", "Sequences"),
          ("sets", "Sets"), ("repique", "Repique"), ("total", "Total"))

_READ = """() => {
  const text = (role) => {
    const box = document.querySelector(`.st-key-lab_${role}_text input`);
    return box ? box.value : null;
  };
  const tables = Array.from(document.querySelectorAll("[data-testid='stMarkdownContainer']"
      + " table")).map((t) => Array.from(t.querySelectorAll("tr")).map(
      (tr) => Array.from(tr.children).map((c) => c.innerText.trim())));
  return {elder: text("elder"), younger: text("younger"), tables,
          body: document.querySelector("[data-testid='stMain']").innerText};
}"""


def _hands(rng: random.Random) -> tuple[list[Card], list[Card]]:
    cards = rng.sample(list(DECK), 24)
    return cards[:12], cards[12:]


def _codes(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


class Walk:
    def __init__(self, page: Page, app_server: str, wait: Callable[[], None],
                 seed: int) -> None:
        self.page, self.app_server, self.wait, self.seed = page, app_server, wait, seed
        self.rng = random.Random(seed)
        self.preset = "britannica"
        self.steps: list[str] = []

    def fail(self, why: str) -> str:
        return f"seed {self.seed}, after {self.steps}: {why}"

    # ------------------------------------------------------------------ actions
    def type(self, role: str, cards: list[Card]) -> None:
        box = self.page.get_by_role("textbox", name=f"{WHO[role]}: type the cards")
        box.fill(_codes(cards))
        box.press("Enter")
        self.wait()

    def type_new(self) -> None:
        role = self.rng.choice(ROLES)
        held = self.held()
        other = set(held["younger" if role == "elder" else "elder"] or ())
        cards = self.rng.sample([c for c in DECK if c not in other], 12)
        self.steps.append(f"type {role} {_codes(cards)}")
        self.type(role, cards)

    def deal(self) -> None:
        role = self.rng.choice(ROLES)
        self.steps.append(f"deal {role}")
        self.page.locator(f".st-key-lab_{role}_deal button").click()
        self.wait()

    def swap(self) -> None:
        """One card of the hand tapped out in its pack, one card no hand holds tapped in."""
        role = self.rng.choice(ROLES)
        held = self.held()
        mine, other = held[role], held["younger" if role == "elder" else "elder"]
        if mine is None or other is None:
            return self.deal()
        out = self.rng.choice(mine)
        into = self.rng.choice([c for c in DECK if c not in mine and c not in other])
        self.steps.append(f"swap {role} {out} for {into}")
        pack = self.page.locator(f".st-key-lab_{role}_pack_hand")
        for card in (out, into):
            button = pack.locator(f"button[data-code='{card}']")
            button.scroll_into_view_if_needed()
            button.click(position={"x": 12, "y": 24})  # the corner the next card never covers
            self.wait()
        expect(self.page.locator(f".st-key-lab_{role}_text input")).to_have_value(
            re.compile(rf"(^|\s){re.escape(str(into))}(\s|$)"), timeout=10_000)
        return None

    def preset_change(self) -> None:
        self.preset = "cavendish" if self.preset == "britannica" else "britannica"
        self.steps.append(f"preset {self.preset}")
        sidebar = self.page.locator("[data-testid='stSidebar']")
        choice = sidebar.get_by_role("radio", name=PRESETS[self.preset])
        folded = sidebar.get_attribute("data-collapsed") == "true"
        menu = self.page.get_by_role("button", name="Menu", exact=True)  # the app's own
        if folded:  # a phone: the sidebar is folded away, as a learner finds it
            menu.click()
        choice.click()
        self.wait()
        if folded and sidebar.get_attribute("data-collapsed") == "false":
            menu.click()
        expect(sidebar.locator("button[role='radio'][aria-checked='true']")).to_have_text(
            PRESETS[self.preset])

    def reload(self) -> None:
        self.steps.append("reload")
        self.page.reload()
        expect(self.page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
        self.wait()

    def away_and_back(self) -> None:
        """About through the navigation, then the Lab again: a page switch drops the link's
        parameters, the session keeps the hands (and the link is written again)."""
        if self.page.viewport_size and self.page.viewport_size["width"] < 640:
            return self.reload()  # the navigation is folded away on a phone
        before = self.held()
        self.steps.append("about and back")
        about_and_back(self.page, "Declarations Lab",
                       self.page.locator(".st-key-lab_elder_text input"))

        def same(_page: Page) -> None:
            assert self.held() == before, self.fail(f"after about and back {self.held()}")

        settled(self.page, same)
        return None

    # ------------------------------------------------------------------ checks
    def held(self) -> dict[str, tuple[Card, ...] | None]:
        seen = self.page.evaluate(_READ)
        out: dict[str, tuple[Card, ...] | None] = {}
        for role in ROLES:
            try:
                hand = tuple(parse_cards(seen[role] or ""))
            except ValueError:
                hand = ()
            out[role] = hand if len(hand) == 12 else None
        return out

    def settled(self, page: Page | None = None) -> None:
        settled(page or self.page, self.check)

    def check(self, page: Page | None = None) -> None:
        page = page or self.page
        expect(page.locator("[data-testid='stException']")).to_have_count(0)
        expect(page.get_by_text(f"Rules: {PRESETS[self.preset]}.", exact=False)).to_be_visible()
        seen = page.evaluate(_READ)
        assert None not in (seen["elder"], seen["younger"]), self.fail("a text box is missing")
        hands = {role: tuple(parse_cards(seen[role])) for role in ROLES}
        assert all(len(h) == 12 for h in hands.values()), self.fail(f"hands {seen}")
        rules = get_rules(self.preset)
        s = score_declarations(hands["elder"], hands["younger"], rules=rules)
        body = seen["body"]
        for role in ROLES:
            got = re.search(rf"{WHO[role]} · (\d+) from declarations", body)
            assert got and int(got.group(1)) == s.total(role), self.fail(
                f"{role}'s heading {got and got.group(0)} against {s.total(role)}")
        by_cat = {c: (s.score("elder", c), s.score("younger", c))
                  for c in ("blanche", "point", "sequences", "sets")}
        r = reckon(**by_cat, play=["elder"])
        tables = seen["tables"]
        tally = next((t for t in tables if t and t[0] and t[0][0] == "Step"), None)
        assert tally, self.fail(f"no tally in {tables}")
        assert [(int(x[2]), int(x[3]), int(x[4])) for x in tally[1:]] == [
            (e.points, e.elder_total, e.younger_total) for e in r.events], self.fail(
            f"tally {tally}")
        totals = next((t for t in tables if t and t[0][1:] == ["Elder", "Younger"]), None)
        assert totals, self.fail(f"no totals in {tables}")
        rows = {row[0]: row[1:] for row in totals[1:]}
        sheet = s.as_dict()
        for key, label in TOTALS:
            assert label in rows, self.fail(f"no {label} in {rows}")
            assert [int(v) for v in rows[label]] == [sheet["elder"][key],
                                                       sheet["younger"][key]], self.fail(
                f"totals {label}: {rows[label]}")
        assert [int(v) for v in rows["After Elder's first lead"]] == [
            r.total("elder"), r.total("younger")], self.fail(f"after the lead {rows}")
        assert ("Pique" in rows) == (r.pique is not None), self.fail(f"pique {rows}")

    def link(self, browser: Browser, size: tuple[int, int]) -> None:
        """The page's own address opened in a fresh browser shows the same numbers."""
        self.steps.append("link")
        fresh = browser.new_context(viewport={"width": size[0], "height": size[1]})
        try:
            other = fresh.new_page()
            other.goto(self.page.url)
            expect(other.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
            expect(other.get_by_text("from declarations").first).to_be_visible(timeout=30_000)
            self.settled(other)
        finally:
            fresh.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_random_walk_through_the_lab_shows_the_engines_numbers_after_every_step(
    page: Page, browser: Browser, app_server: str, wait_for_app: Callable[[], None],
    width: str,
) -> None:
    size = WIDTHS[width]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed = int(os.environ.get("PIQUET_WALK_SEED") or random.SystemRandom().randrange(10**6))
    walk = Walk(page, app_server, wait_for_app, seed)
    elder, younger = _hands(walk.rng)
    walk.steps.append(f"open, type {_codes(elder)} / {_codes(younger)}")
    page.goto(f"{app_server}/lab")
    expect(page.get_by_text("♠ Piquet Academy")).to_be_visible(timeout=30_000)
    wait_for_app()
    walk.type("elder", elder)
    walk.type("younger", younger)
    walk.settled()
    actions = [walk.type_new, walk.deal, walk.swap, walk.preset_change, walk.reload,
               walk.away_and_back]
    for _ in range(STEPS):
        walk.rng.choice(actions)()
        walk.settled()
    walk.link(page.context.browser or browser, size)
    print(f"{width}: seed {seed}, {walk.steps}")

"""A phone first (issue 33), in real chromium at 390×844: for one stage of every stage kind,
one question of every quiz kind and each of the learner's turns in Play (discard, declare,
play a card), the task's text, the cards it needs and the button that answers lie within the
first screen — bounding boxes read after the page's scroller is put back at its top; on the
Lab the first result lies within the first two screens; on every page of app.py the page menu
is the app's own labelled button (its name in the page's language, en / vi / tr), which opens
and closes the sidebar, and Streamlit's bare "»" is not shown.

Screenshots of the first screen: test-results/phone-first/*.png."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from cards_drawn import wait_cards_drawn
from playwright.sync_api import Locator, Page, expect
from walking import idle

from academy.quiz.kinds import KINDS as QUIZ_KINDS
from academy.quiz.rounds import seeded_round
from academy.stages import LESSONS, lesson_stages

WIDTH, HEIGHT = 390, 844
TIMEOUT_MS = 30_000
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "phone-first"
PAGES = ("/", "/lessons", "/lab", "/odds", "/quiz", "/class", "/play", "/scoresheet",
         "/progress", "/glossary", "/about")
MENU = {"en": "Menu", "vi": "Trình đơn", "tr": "Menü"}
Box = tuple[float, float]


def _stage_samples() -> list[tuple[str, str, str]]:
    """(kind, lesson slug, stage id): the first stage of each kind."""
    seen: dict[str, tuple[str, str, str]] = {}
    for slug in LESSONS:
        for s in lesson_stages(slug):
            seen.setdefault(s.kind, (s.kind, slug, s.id))
    return list(seen.values())


@functools.cache
def _quiz_samples() -> dict[str, tuple[str, int]]:
    """kind -> (level, seed) of a seeded round whose first question is of that kind."""
    found: dict[str, tuple[str, int]] = {}
    for level in ("beginner", "intermediate", "expert", "mix"):
        for seed in range(1, 200):
            kind = seeded_round("t", str(seed), level, "britannica", 5, now=0.0
                                ).question(0).kind
            found.setdefault(kind, (level, seed))
            if len(found) == len(QUIZ_KINDS):
                return found
    return found


def _phone(page: Page) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})


def _to_top(page: Page) -> None:
    """Put Streamlit's scrollers (and the window) back at the top."""
    page.evaluate("""() => { window.scrollTo(0, 0); document.querySelectorAll(
        "[data-testid='stMain'], [data-testid='stAppViewContainer']")
        .forEach(e => { e.scrollTop = 0; }); }""")
    page.wait_for_timeout(150)


def _box(loc: Locator) -> Box:
    """The top and bottom of what ``loc`` matches (every match), relative to the viewport."""
    expect(loc.first).to_be_attached(timeout=TIMEOUT_MS)
    tops, bottoms = [], []
    for i in range(loc.count()):
        b = loc.nth(i).bounding_box() if loc.nth(i).is_visible() else None
        if b is not None and b["height"] > 0:
            tops.append(b["y"])
            bottoms.append(b["y"] + b["height"])
    assert tops, f"nothing laid out for {loc}"
    return min(tops), max(bottoms)


def _within(what: dict[str, Box], limit: float, where: str) -> None:
    for name, (top, bottom) in what.items():
        assert top >= 0 and bottom <= limit, (
            f"{where}: {name} spans {top:.0f}-{bottom:.0f} px, outside 0-{limit:.0f}: {what}")


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _open(page: Page, url: str, ready: str) -> None:
    page.goto(url)
    idle(page)
    expect(page.locator(ready).first).to_be_visible(timeout=TIMEOUT_MS)
    idle(page)
    wait_cards_drawn(page)
    _to_top(page)


# --------------------------------------------------------------------------- the menu


def test_the_page_menu_is_a_labelled_button_on_every_page(page: Page, app_server: str) -> None:
    _phone(page)
    langs = list(MENU)
    for i, path in enumerate(PAGES):
        lang = langs[i % len(langs)]  # every page, every language on several pages
        page.goto(f"{app_server}{path}?lang={lang}")
        idle(page)
        button = page.get_by_role("button", name=MENU[lang], exact=True)
        expect(button).to_be_visible(timeout=TIMEOUT_MS)
        b = button.bounding_box()
        assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= 60, (path, b)
        expect(page.get_by_test_id("stExpandSidebarButton")).to_be_hidden()
        expect(button).to_have_attribute("aria-expanded", "false")
        if path in ("/", "/play"):  # it opens the pages and the settings, and shuts them
            button.click()
            expect(button).to_have_attribute("aria-expanded", "true")
            side = page.get_by_test_id("stSidebar")
            expect(side.get_by_test_id("stSidebarNavLink").first).to_be_in_viewport()
            expect(side.locator(".st-key-rules")).to_be_in_viewport()
            expect(page.get_by_test_id("stSidebarCollapseButton")).to_be_hidden()
            _shot(page, f"menu-open-{lang}")
            button.click()
            expect(button).to_have_attribute("aria-expanded", "false")
            expect(side.locator(".st-key-rules")).not_to_be_in_viewport()


def test_on_a_desktop_the_menu_shuts_and_opens_the_sidebar(page: Page, app_server: str) -> None:
    # the sidebar is open from the start: the same button shuts and opens it
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{app_server}/about")
    idle(page)
    button = page.get_by_role("button", name="Menu", exact=True)
    rules = page.get_by_test_id("stSidebar").locator(".st-key-rules")
    expect(button).to_have_attribute("aria-expanded", "true", timeout=TIMEOUT_MS)
    expect(rules).to_be_in_viewport()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(rules).not_to_be_in_viewport()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(rules).to_be_in_viewport()


# --------------------------------------------------------------------------- lessons


def test_every_stage_kind_fits_the_first_screen(page: Page, app_server: str) -> None:
    _phone(page)
    for kind, slug, stage_id in _stage_samples():
        _open(page, f"{app_server}/lessons?lesson={slug}&stage={stage_id}",
              ".st-key-stages_player")
        player = page.locator(".st-key-stages_player")
        work = player.get_by_test_id("stColumn").last
        what = {"task": _box(work.get_by_test_id("stMarkdown").first)}
        cards = player.locator(".pq-cards, button.pq-hand-card")
        if cards.count():
            what["cards"] = _box(cards)
        check = player.locator(".st-key-stages_check button")
        if check.count():
            what["button"] = _box(check)
        else:  # a card to play: tapping it is the answer
            what["button"] = _box(player.locator("button.pq-hand-card"))
        _shot(page, f"stage-{kind}")
        _within(what, HEIGHT, f"stage {stage_id} ({kind})")


# --------------------------------------------------------------------------- quiz


def test_every_quiz_kind_fits_the_first_screen(page: Page, app_server: str) -> None:
    _phone(page)
    samples = _quiz_samples()
    assert set(samples) == set(QUIZ_KINDS)
    for kind, (level, seed) in samples.items():
        _open(page, f"{app_server}/quiz?seed={seed}&level={level}&n=5", ".st-key-quiz_check")
        main = page.get_by_test_id("stColumn").first
        what = {"task": _box(main.locator("h4").first),
                "button": _box(page.locator(".st-key-quiz_check button"))}
        cards = main.locator(".pq-cards, button.pq-hand-card")
        if cards.count():
            what["cards"] = _box(cards)
        _shot(page, f"quiz-{kind}")
        _within(what, HEIGHT, f"quiz {kind} (seed {seed}, {level})")


# --------------------------------------------------------------------------- play


def _turn(page: Page, name: str, task: str, hand: str, button: str | None) -> None:
    idle(page)
    wait_cards_drawn(page)
    _to_top(page)
    what = {"task": _box(page.get_by_text(task).first), "cards": _box(page.locator(hand))}
    if button is not None:
        what["button"] = _box(page.locator(button))
    _shot(page, f"play-{name}")
    _within(what, HEIGHT, f"Play, {name}")


def _click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    page.wait_for_timeout(150)
    idle(page)


DISCARDS = ".st-key-play_discards_hand button.pq-hand-card"
PLAYABLE = ".st-key-play_trick_hand_hand button.pq-hand-card:not([aria-disabled='true'])"


def test_each_turn_in_play_fits_the_first_screen(page: Page, app_server: str) -> None:
    _phone(page)
    page.goto(f"{app_server}/play")
    idle(page)
    page.get_by_role("radio", name="Beginner").click()  # the quick computer
    idle(page)
    _click(page, ".st-key-play_new_partie button")
    if page.locator(".st-key-play_choose_deal button").count():
        _click(page, ".st-key-play_choose_deal button")  # the learner deals: Younger
    _click(page, ".st-key-play_deal button")
    seen: set[str] = set()
    for _ in range(60):
        idle(page)
        page.wait_for_timeout(300)
        if page.locator(DISCARDS).count() and "discard" not in seen:
            _turn(page, "discard", "Your exchange.", ".st-key-play_discards_hand",
                  ".st-key-play_exchange button")
            seen.add("discard")
        if page.locator(DISCARDS).count():
            pressed = page.locator(f"{DISCARDS}[aria-pressed='true']").count()
            if pressed < 3:
                page.locator(f"{DISCARDS}:not([aria-pressed='true'])").last.click(
                    position={"x": 10, "y": 20})
                page.wait_for_timeout(300)
            else:
                page.locator(".st-key-play_exchange button:not([disabled])").click()
            continue
        if page.locator(".st-key-play_declare button").count():
            if "declare" not in seen:
                _turn(page, "declare", "Your declarations.", ".st-key-play_hand",
                      ".st-key-play_declare button")
                seen.add("declare")
            for group in page.locator("[class*='st-key-play_answer_']").all():
                group.locator("label").nth(1).click()
                idle(page)
            _click(page, ".st-key-play_declare button")
            continue
        if page.locator(PLAYABLE).count():
            _turn(page, "play", "Your turn:", ".st-key-play_trick_hand_hand", None)
            seen.add("play")
            break
    assert seen == {"discard", "declare", "play"}, seen


# --------------------------------------------------------------------------- lab


def test_the_labs_first_result_is_within_two_screens(page: Page, app_server: str) -> None:
    _phone(page)
    _open(page, f"{app_server}/lab", "h2:has-text('What each hand holds')")
    first = page.get_by_text(re.compile(r"^Elder · \d+ from declarations"))
    what = {"heading": _box(page.locator("h2:has-text('What each hand holds')")),
            "first result": _box(first)}
    _shot(page, "lab")
    _within(what, 2 * HEIGHT, "Lab")


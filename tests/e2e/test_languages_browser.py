"""Real browser (Debian chromium) in Vietnamese and in Turkish (issue 12), each page opened with
``?lang=``: a lesson's first two stages tapped through, the Lab on a known deal with the
engine's scores, a quiz question answered and its feedback read. What the page shows is the
catalog's or the content's text in that language (looked up here through
``words.use_language``) with no common English word left (``tests/test_languages.py``'s
list). Then every page of app.py at 1280 px (desktop), 1920 px (projector) and 390 px
(phone): no exception, nothing cut off or hidden in a row that scrolls sideways, every page
in the top bar at 1280 px, nothing wider than the phone, and screenshots.

Screenshots kept in git, ``docs/screenshots/languages-<lang>-<page>-<width>.png``: every page
at 1280 px in vi and tr, and the Lab, the lesson and the quiz at 1920 and 390 px too. With
``PIQUET_ALL_SCREENSHOTS=1`` the pages in English as well, and every page at every width, go
to a new folder in the system's temporary folder (named at the end, with ``-s``), to be
compared side by side; without it the other widths are only checked at 390 px, to keep the
file fast.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_lab_browser import ELDER, YOUNGER
from test_languages import ENGLISH, PAGES as APP_PAGES
from test_pages_browser import PHONE
from test_pseudo_locale import leftover_words
from test_quiz_browser import LEVEL, SEED, _fill, _wrong
from test_stages_browser import _hand, _player, _tap, _title

from academy.quiz import check_answer, generate_question
from academy.stages import lesson_stages, stage_text
from academy.stages.says import hand_label
from piquet import analyse, score_declarations
from piquet.cards import DECK, Card
from ui.lab.state import who
from ui.lab.views import reckoning_table, totals_table
from ui.lessons.framework import numbered
from ui.prose import lesson_list
from words import _, use_language
from words.cards import card_name

LANGS = ("vi", "tr")
ALL_SHOTS = os.environ.get("PIQUET_ALL_SCREENSHOTS") == "1"
TIMEOUT_MS = 30_000
DESKTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1920, "height": 1080}
WIDE_KEPT = ("lab", "lesson", "quiz")  # kept in git at every width, the others at 1280 only
SCORES = "a=40 30 20 0 10 20&b=10,20,30,9,10,10"
# every page of app.py (the Lab, the lesson and the quiz as their tests leave them in vi, tr)
PAGES = {
    "home": "", "lessons": "lessons", "lesson": "lessons?lesson=point",
    "lab": f"lab?elder={ELDER.replace(' ', ',')}&younger={YOUNGER.replace(' ', ',')}",
    "quiz": f"quiz?seed={SEED}&level={LEVEL}", "class": "class", "play": "play",
    "scoresheet": f"scoresheet?{SCORES}", "odds": "odds",
    "progress": "progress", "glossary": "glossary", "about": "about", "puzzles": "puzzles",
}

# The words a reader reads in the main area: visible text (not Material icons' names, marked
# translate="no"; not code) and the cards' accessible names.
_READ = """() => {
    const main = document.querySelector("[data-testid='stMain']");
    const out = [];
    const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest("[translate='no'], code, pre")) continue;
        if (el.checkVisibility()) out.push(n.textContent);
    }
    main.querySelectorAll("svg[role='img'][aria-label], button.pq-hand-card[aria-label]")
        .forEach(e => out.push(e.getAttribute("aria-label")));
    return out.join("\\n");
}"""
# What a reader cannot see whole: an element that clips or hides sideways (Streamlit's scrolling
# rows of pills, a label cut off with or without an ellipsis; not the visually hidden inputs
# of checkboxes and radios, 1 px wide), and on a phone a page wider than the phone.
_LAYOUT = """phone => {
    const main = document.querySelector("[data-testid='stMain']");
    const out = Array.from(main.querySelectorAll("*")).filter(el =>
            ["auto", "hidden", "scroll", "clip"].includes(getComputedStyle(el).overflowX)
            && el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1 && el.checkVisibility())
        .map(el => `cut off: ${el.closest("[data-testid]")?.dataset.testid}: `
                   + el.innerText.slice(0, 80));
    const wide = Math.max(document.documentElement.scrollWidth, main.scrollWidth);
    if (phone && wide > phone + 1) out.push(`${wide} px wide on a ${phone} px phone`);
    return out;
}"""


def _url(app_server: str, path: str, lang: str) -> str:
    return f"{app_server}/{path}{'&' if '?' in path else '?'}lang={lang}"


def _open(page: Page, url: str, wait: Callable[[], None]) -> None:
    page.goto(url)
    wait()
    expect(page.get_by_test_id("stMain")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def english_left(page: Page) -> list[str]:
    """The common English words the main area shows (card codes are notation)."""
    return [w for w in leftover_words(page.evaluate(_READ)) if w.lower() in ENGLISH]


@pytest.fixture(scope="module")
def other_shots() -> Iterator[Path]:
    """Where the screenshots not kept in git go (with ``PIQUET_ALL_SCREENSHOTS=1``): a folder
    of their own in the system's temporary folder, left for the reader."""
    if not ALL_SHOTS:
        yield Path(tempfile.gettempdir())  # never written to
        return
    folder = Path(tempfile.mkdtemp(prefix="piquet-languages-screenshots-"))
    yield folder
    print(f"\nscreenshots not kept in git: {folder}")


def layout_problems(page: Page, phone: bool) -> list[str]:
    """What :data:`_LAYOUT` finds, asked again for up to 3 s while it finds something (a
    resize lays the page out again in steps)."""
    problems: list[str] = []
    for _try in range(12):
        problems = page.evaluate(_LAYOUT, PHONE["width"] if phone else 0)
        if not problems:
            break
        page.wait_for_timeout(250)
    return problems


def _settle(page: Page) -> None:
    """Wait until the main area's height stays the same for 100 ms (3 s at most)."""
    before = -1
    for _try in range(30):
        height = page.get_by_test_id("stMain").evaluate("e => e.scrollHeight")
        if height == before:
            return
        before = height
        page.wait_for_timeout(100)


def at_every_width(page: Page, wait: Callable[[], None], shot: Callable[[str], Path],
                   other_shots: Path, lang: str, name: str) -> None:
    """The page as it stands at 1280, 1920 and 390 px, saved (see the module's docstring):
    nothing cut off, nothing wider than the phone. The phone comes last: narrowing the window
    folds the sidebar away, and widening it again would not unfold it as a fresh load does."""
    for size in (DESKTOP, PROJECTOR, PHONE):
        file = f"languages-{lang}-{name}-{size['width']}"
        kept = lang in LANGS and (size is DESKTOP or name in WIDE_KEPT)
        if not kept and not ALL_SHOTS and size is not PHONE:
            continue
        page.set_viewport_size(size)
        wait()
        if size is PHONE:
            page.wait_for_timeout(200)  # the sidebar folds away after the resize
        problems = layout_problems(page, phone=size is PHONE)
        assert not problems, f"{lang} {name} at {size['width']} px: {problems}"
        if not kept and not ALL_SHOTS:
            continue
        # from the top, once the height has settled: shot() grows the window to the page's
        # height, a scrolled page would lose its top (the Lab's sinking, the stages' buttons
        # scroll it) and a growing one its end (an expander still opening)
        page.evaluate("""() => document.querySelectorAll("[data-testid='stMain'], "
            + "[data-testid='stAppViewContainer']").forEach(e => e.scrollTo(0, 0))""")
        _settle(page)
        # an absolute name for the others: shot() saves them there
        shot(file if kept else str(other_shots / file))
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_stage_by_stage(page: Page, app_server: str, wait_for_app: Callable[[], None],
                                 shot: Callable[[str], Path], other_shots: Path,
                                 lang: str) -> None:
    """Lesson 4's first two stages with the real controls: tap the point's cards, then type
    its pips; each checked, right, continued."""
    page.set_viewport_size(DESKTOP)
    _open(page, _url(app_server, PAGES["lesson"], lang), wait_for_app)
    with use_language(lang):
        lesson = next(x for x in lesson_list() if x.slug == "point")
        title = numbered(lesson)
        stages = [stage_text(s, lang).title for s in lesson_stages("point")]
        check, right, go_on, answer = _("Check"), _("Right!"), _("Continue"), _("Your answer")
        rows = [hand_label(role) for role in ("elder", "younger")]
        by_name = {card_name(c): c for c in DECK}
    expect(page.get_by_role("heading", name=title)).to_be_visible(timeout=TIMEOUT_MS)

    def check_and_continue() -> None:
        _player(page).get_by_role("button", name=check).click()
        wait_for_app()
        expect(_player(page).get_by_test_id("stAlertContentSuccess")).to_contain_text(
            right, timeout=TIMEOUT_MS)
        _player(page).get_by_role("button", name=go_on).click()
        wait_for_app()

    _title(page, stages[0])  # 1. tap the cards that make the point
    point = analyse(_hand(page)).point
    assert point is not None
    for card in point.cards:
        _tap(page, card, wait_for_app)
    check_and_continue()
    _title(page, stages[1])  # 2. count its pips, on a row of cards named in the language
    row = next(_player(page).locator(f'.pq-cards[aria-label="{r}"]').first for r in rows
               if _player(page).locator(f'.pq-cards[aria-label="{r}"]').count())
    names = row.locator("svg[role='img']").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    pips = analyse(by_name[n] for n in names).point
    assert pips is not None
    box = _player(page).get_by_label(answer)
    box.fill(str(pips.pips))
    box.press("Enter")
    wait_for_app()
    check_and_continue()
    _title(page, stages[2])
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert not english_left(page), english_left(page)
    at_every_width(page, wait_for_app, shot, other_shots, lang, "lesson")


@pytest.mark.parametrize("lang", LANGS)
def test_the_lab_on_a_known_deal(page: Page, app_server: str, wait_for_app: Callable[[], None],
                                 shot: Callable[[str], Path], other_shots: Path,
                                 lang: str) -> None:
    """The Lab's link with tests/e2e/test_lab_browser.py's hands: the engine's 102 and
    repique, the totals table as the engine counts, every heading in the language."""
    elder = tuple(Card.of(c) for c in ELDER.split())
    younger = tuple(Card.of(c) for c in YOUNGER.split())
    score = score_declarations(elder, younger)
    assert score.total("elder") == 102 and score.repique is not None
    page.set_viewport_size(DESKTOP)
    _open(page, _url(app_server, PAGES["lab"], lang), wait_for_app)
    with use_language(lang):
        lines = [_("**{who}** · {points} from declarations", who=who(role),
                   points=score.total(role)).replace("**", "") for role in ("elder", "younger")]
        _tally, bonus, _scored = reckoning_table(score)
        totals = totals_table(score)
        players = [who("elder"), who("younger")]
        headings = [_("Declarations Lab"), _("What each hand holds"), _("The dialogue"),
                    _("Verdicts"), _("Order of reckoning"), _("Totals")]
        sinking, declares = _("Sinking: declare less than you hold"), _("**Elder declares**")
    for heading in headings:
        expect(page.get_by_role("heading", name=heading).first).to_be_visible(
            timeout=TIMEOUT_MS)
    for line in lines:
        expect(page.get_by_text(line)).to_be_visible()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(bonus)
    # the speakers' small capitals follow the language's case rules (Turkish i → İ)
    expect(page.locator(".pq-dialogue")).to_have_attribute("lang", lang)
    cells = page.locator(".pq-table").first.locator("tr").evaluate_all(  # ui/tables.py
        "trs => trs.map(tr => [...tr.children].map(c => c.innerText.trim()))")
    assert cells[0][1:] == players
    assert {r[0]: r[1:] for r in cells[1:]} == {
        label: [str(totals[p][label]) for p in players] for label in totals[players[0]]}
    page.get_by_text(sinking).click()  # its pills in two columns, for the screenshots
    # drawn by the rerun that opening it makes
    expect(page.get_by_text(declares.replace("**", ""), exact=True)).to_be_visible(
        timeout=TIMEOUT_MS)
    assert not english_left(page), english_left(page)
    at_every_width(page, wait_for_app, shot, other_shots, lang, "lab")


@pytest.mark.parametrize(("lang", "right"), [("vi", True), ("tr", False)])
def test_a_quiz_question_answered(page: Page, app_server: str,
                                  wait_for_app: Callable[[], None],
                                  shot: Callable[[str], Path], other_shots: Path,
                                  lang: str, right: bool) -> None:
    """tests/e2e/test_quiz_browser.py's seeded question, answered right in one language and
    wrong in the other with the real controls: the engine's feedback, in the language."""
    page.set_viewport_size(DESKTOP)
    _open(page, _url(app_server, PAGES["quiz"], lang), wait_for_app)
    with use_language(lang):
        q = generate_question(SEED, 0, LEVEL, "britannica")
        given = q.correct if right else _wrong(q)
        feedback = check_answer(q, given)
        expect(page.get_by_text(q.prompt)).to_be_visible(timeout=TIMEOUT_MS)
        expect(page.get_by_text(_("Question {number} of {total}", number=1, total=10))
               ).to_be_visible()
        for r in q.rows:
            expect(page.locator(f'svg[aria-label="{card_name(r.cards[0])}"]').first
                   ).to_be_visible()
        _fill(page, q, 0, given)  # the options are named in the language
        page.get_by_role("button", name=_("Check"), exact=True).click()
    wait_for_app()
    assert feedback.correct is right
    alert = page.get_by_test_id("stAlertContentSuccess" if right else "stAlertContentError")
    expect(alert.first).to_contain_text(feedback.headline, timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert not english_left(page), english_left(page)
    at_every_width(page, wait_for_app, shot, other_shots, lang, "quiz")


def test_the_document_says_its_language(page: Page, app_server: str,
                                        wait_for_app: Callable[[], None]) -> None:
    """``<html lang>`` follows the page's language (Streamlit writes "en"), for screen
    readers, hyphenation and Turkish casing (ui.components.browser_store sets it)."""
    for lang in (*LANGS, "en"):
        _open(page, _url(app_server, "lab", lang), wait_for_app)
        expect(page.locator("html")).to_have_attribute("lang", lang, timeout=TIMEOUT_MS)


def test_every_page_of_the_app_is_shown_here() -> None:
    """A page added to app_pages/ is added to :data:`PAGES` too (and so to the screenshots)."""
    files = {"class": "classroom", "lesson": "lessons"}
    assert {files.get(name, name) for name in PAGES} == set(APP_PAGES)


@pytest.mark.parametrize("lang", ("en", *LANGS) if ALL_SHOTS else LANGS)
def test_every_page_at_every_width(page: Page, app_server: str,
                                   wait_for_app: Callable[[], None],
                                   shot: Callable[[str], Path], other_shots: Path,
                                   lang: str) -> None:
    """Each page as a link opens it (the Lab, the lesson and the quiz in vi and tr: their
    tests above)."""
    for name, path in PAGES.items():
        if lang in LANGS and name in WIDE_KEPT:
            continue
        page.set_viewport_size(DESKTOP)
        _open(page, _url(app_server, path, lang), wait_for_app)
        if name == "home":  # every page in the top bar at 1280 px, none behind "N more"
            hidden = page.locator("nav[data-testid='stTopNav'] a").evaluate_all(
                "as => as.filter(a => !a.checkVisibility({opacityProperty: true}))"
                ".map(a => a.innerText)")
            assert not hidden, f"{lang}: the top bar at 1280 px hides {hidden} behind 'more'"
        if name == "scoresheet":
            expect(page.get_by_test_id("stVegaLiteChart").first).to_be_visible()
            page.wait_for_timeout(500)  # the chart's lines are drawn after the rerun
        at_every_width(page, wait_for_app, shot, other_shots, lang, name)

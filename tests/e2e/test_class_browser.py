"""A class in real chromium: the teacher in one browser, three pupils in three others.

The teacher starts a class on /class (a seeded round of five beginner questions), reads the
join code and both links from the page, bookmarks the teacher's link and opens it (the key
leaves the address bar). Each pupil opens the pupils' link in a browser of its own, types a
name (one of HTML, Markdown, emoji and Hebrew), joins and answers with the page's own
controls — a choice clicked, cards tapped on the card hand, a number typed, Skip — right or
deliberately wrong by the question at that position, worked out here with ``academy.quiz``
for the class's seed, level and rules. The teacher's dashboard, never reloaded (its fragment
refreshes itself), shows exactly those results: the names as their very text, the scores,
the grid, the questions missed most; the projector view shows numbers instead of names. A
pupil's reload opens the same question without a name typed; no pupil's page ever holds the
teacher's key. Close: the next Check is refused in words. Delete: the pupil's page says the
class is gone and offers the join box. Hostile teacher's links (the join code, a random key)
get a message and a link back, never a traceback.

Screenshots: docs/screenshots/class-start.png (the teacher's start screen, 1280),
class-dashboard.png (1280), class-dashboard-projector.png (1920, projector view),
class-pupil-question.png and class-pupil-end.png (a pupil's phone, 390).
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from test_card_hand_browser import PROJECTOR
from test_progress_browser import DESKTOP, PHONE, TIMEOUT_MS, _cookie_set, wait_idle
from test_quiz_browser import _wrong

from academy.quiz import Field, Question
from academy.quiz.rounds import seeded_round
from store.class_values import CODE_ALPHABET, CODE_LEN, clean_name

SEED, LEVEL, RULES, LENGTH = "7", "beginner", "britannica", 5
# blanche (a choice), best_sequence (a choice), legal_play (cards), sequence_score (a number),
# blanche (a choice)
QUESTIONS: tuple[Question, ...] = tuple(
    seeded_round("e2e", SEED, LEVEL, RULES, LENGTH, now=0.0).question(i) for i in range(LENGTH))
ANN, ZOE, CHEN = "Ann", "<b>Zoë</b> **x** 👩‍💻 שלום", "Chen"
# what each pupil does at each position: right, wrong or skip (then stops there)
PLAN = {ANN: ("right", "wrong", "right", "wrong", "skip"), ZOE: ("wrong", "wrong"),
        CHEN: ("right",)}
MARK = {"right": "✓", "wrong": "✗", "skip": "–"}
DASHBOARD_S = 15  # the fragment refreshes every 3 s


# --------------------------------------------------------------------------- the stage


class _OnStage:
    """conftest's ``shot`` draws the test's ``page``; this test has four browsers, so its
    ``page`` stands for the one on stage (the teacher's, or :func:`_picture`'s actor)."""

    def __init__(self, target: Page) -> None:
        self.target = target

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


@pytest.fixture
def page(page: Page) -> Page:
    return cast(Page, _OnStage(page))


@pytest.fixture
def pupils(browser: Browser) -> Iterator[list[BrowserContext]]:
    contexts = [browser.new_context(viewport=PHONE) for _ in PLAN]
    yield contexts
    for context in contexts:
        context.close()


def _picture(page: Page, actor: Page, shot: Callable[[str], Path], name: str) -> None:
    """``shot(name)`` of ``actor``'s page, once its rerun is over."""
    _settled(actor)
    stage = cast(_OnStage, page)
    teacher, stage.target = stage.target, actor
    try:
        shot(name)
    finally:
        stage.target = teacher


# --------------------------------------------------------------------------- helpers


def _settled(p: Page) -> None:
    wait_idle(p)
    expect(p.locator("[data-testid='stException']")).to_have_count(0)


def _press(p: Page, key: str) -> None:
    # a button with help text is drawn twice, once hidden (for its width)
    button = p.locator(f".st-key-{key} button:visible")
    expect(button).to_have_count(1, timeout=TIMEOUT_MS)
    button.click()


def _click(p: Page, key: str) -> None:
    _press(p, key)
    _settled(p)


def _plain_name(p: Page) -> None:
    """Zoë's name is nowhere drawn as HTML or Markdown."""
    expect(p.locator("b", has_text="Zoë")).to_have_count(0)
    expect(p.locator("strong").get_by_text("x", exact=True)).to_have_count(0)


def _table(p: Page, header: list[str]) -> list[list[str]] | None:
    """The rows of the dataframe with this header (read from the grid's accessible table:
    the cells themselves are drawn on a canvas)."""
    rows: list[list[str]] | None = p.evaluate(
        """(want) => {
            for (const t of document.querySelectorAll(
                    "[data-testid='stDataFrame'] table[role='grid']")) {
                const head = [...t.querySelectorAll("thead th")].map(c => c.textContent);
                if (head.join("|") === want.join("|"))
                    return [...t.querySelectorAll("tbody tr")].map(
                        r => [...r.querySelectorAll("td")].map(c => c.textContent));
            }
            return null;
        }""", header)
    return rows


def _shows(p: Page, header: list[str], want: list[list[str]]) -> None:
    """The dashboard shows ``want`` under ``header`` within a few of its refreshes."""
    deadline = time.monotonic() + DASHBOARD_S
    while (got := _table(p, header)) != want and time.monotonic() < deadline:
        p.wait_for_timeout(250)
    assert got == want, (header, got)


def _box(p: Page, position: int, key: str) -> Locator:
    return p.locator(f"[class*='st-key-class_a_'][class*='_{position}_{key}']").first


def _set(p: Page, position: int, f: Field, value: object) -> None:
    """A field answered with the page's control: a choice clicked, cards tapped, a number
    typed (the page then reruns)."""
    if f.widget == "choice":
        _box(p, position, f.key).get_by_text(f.option_text(str(value)), exact=True).click()
    elif f.widget == "number":
        box = _box(p, position, f.key).locator("input")
        box.fill(str(value))
        box.press("Tab")
    else:
        assert f.widget == "cards" and isinstance(value, frozenset), f
        for code in sorted(value):
            card = _box(p, position, f"{f.key}_hand").locator(f"button[data-code='{code}']")
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT_MS)


def _round(p: Page, plan: tuple[str, ...]) -> Iterator[None]:
    """A pupil's questions answered right, wrong or skipped as ``plan`` says, each on to the
    next; it pauses after every click while the page reruns (:func:`_together`)."""
    for position, how in enumerate(plan):
        q = QUESTIONS[position]
        expect(p.get_by_text(f"Question {position + 1} of {LENGTH}")).to_be_visible(
            timeout=TIMEOUT_MS)
        expect(p.get_by_text(q.prompt)).to_be_visible()
        if how == "skip":
            _press(p, "class_skip")
            yield
            continue
        values = dict(q.correct) if how == "right" else _wrong(q)
        for f in q.fields:
            _set(p, position, f, values[f.key])
            yield
            _settled(p)
        _press(p, "class_check")
        yield
        _settled(p)
        alert = ("[data-testid='stAlertContentSuccess']" if how == "right"
                 else "[data-testid='stAlertContentError']")
        expect(p.locator(alert).first).to_contain_text(
            "Right" if how == "right" else "Not quite", timeout=TIMEOUT_MS)
        expect(p.get_by_role("button", name="See your results →" if position == LENGTH - 1
                             else "Next question →")).to_be_visible()
        _press(p, "class_next")
        yield
        _settled(p)


def _together(*walks: Iterator[None]) -> None:
    """Each walk a step in turn, until all are done: the pupils' pages rerun side by side."""
    going = list(walks)
    while going:
        going = [w for w in going if next(w, StopIteration) is not StopIteration]


def _open(context: BrowserContext, link: str) -> Page:
    p = context.new_page()
    p.goto(link)  # the HTML loaded: the page's first run goes on while the next one opens
    return p


def _join(p: Page, name: str, number: int) -> None:
    _settled(p)
    _cookie_set(p)
    expect(p.get_by_role("heading", name="Join the class Year 9 · Tuesday")).to_be_visible(
        timeout=TIMEOUT_MS)
    p.locator(".st-key-class_name_typed input").fill(name)
    _click(p, "class_join_as")
    expect(p.get_by_text(f"Question 1 of {LENGTH}")).to_be_visible(timeout=TIMEOUT_MS)
    you = p.locator("[data-testid='stText']").filter(has_text="You are")
    expect(you).to_have_text(f"You are \u2068{name}\u2069, pupil number {number}.")


def _no_key(pupils: list[Page], key: str) -> None:
    for p in pupils:
        assert key not in p.content(), p.url


# --------------------------------------------------------------------------- the test


def test_a_class_of_three_pupils_and_their_teacher(
        page: Page, pupils: list[BrowserContext], app_server: str,
        shot: Callable[[str], Path]) -> None:
    teacher = cast(_OnStage, page).target
    assert clean_name(ZOE) == ZOE  # the name is kept as typed: the page must show it so
    assert [q.kind for q in QUESTIONS] == [
        "blanche", "best_sequence", "legal_play", "sequence_score", "blanche"]

    # ---- the teacher starts a class
    teacher.set_viewport_size(DESKTOP)
    teacher.goto(f"{app_server}/class")
    _settled(teacher)
    teacher.locator(".st-key-class_f_name input").fill("Year 9 · Tuesday")
    teacher.locator(".st-key-class_f_seed input").fill(SEED)
    teacher.locator(".st-key-class_f_length").click()
    teacher.get_by_role("option", name=str(LENGTH), exact=True).click()
    _click(teacher, "class_start_go")
    code_box = teacher.locator(".pq-class-code")
    expect(code_box).to_have_text(re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LEN}}}$"),
                                  timeout=TIMEOUT_MS)
    code = code_box.inner_text().strip()
    expect(teacher.locator("[data-testid='stCode'] code")).to_have_count(1)  # no key here
    _picture(page, teacher, shot, "class-start")  # the class's screen: code, link, QR
    _click(teacher, "class_save_link")  # "Save my teacher link": a step of its own
    links = teacher.locator("[data-testid='stCode'] code")
    expect(links).to_have_count(2, timeout=TIMEOUT_MS)
    pupils_link, teacher_link = (t.strip() for t in links.all_inner_texts())
    assert pupils_link == f"{app_server}/class?join={code}&lang=en"
    assert teacher_link.startswith(f"{app_server}/class?teacher=")
    key = teacher_link.split("teacher=", 1)[1]
    assert len(key) == 32 and code not in key
    qr = teacher.locator("[data-testid='stImage'] img").first
    expect(qr).to_be_visible()
    assert teacher.evaluate("(img) => img.naturalWidth", qr.element_handle()) >= 200
    expect(teacher.get_by_text("it is shown only once")).to_be_visible()
    teacher.evaluate("""() => document.querySelectorAll("[data-testid='stCode'] code")
        .forEach(c => { c.textContent = c.textContent.replace(/teacher=.*/,
                                                              "teacher=••••••••••••••••"); })""")
    _picture(page, teacher, shot, "class-teacher-link")  # the key masked in the picture
    _click(teacher, "class_bookmarked")
    expect(teacher.locator(".st-key-class_teacher_link")).to_have_count(0)
    assert key not in teacher.content()

    # ---- the one-time link opens the dashboard; the key leaves the address bar at once
    teacher.goto(teacher_link)
    _settled(teacher)
    expect(teacher.get_by_role("heading", name="Who has joined")).to_be_visible(
        timeout=TIMEOUT_MS)
    expect(teacher).to_have_url(re.compile(r"/class\?class=[0-9a-f]{32}$"),
                                timeout=TIMEOUT_MS)  # the key gone, the class's address kept
    assert key not in teacher.content()
    expect(teacher.locator(".pq-class-code")).to_have_text(code)
    # ---- no Back entry holds the key: the entry the link opened lost it in place
    teacher.go_back()
    _settled(teacher)
    assert "teacher=" not in teacher.url, f"Back leads to the key: {teacher.url}"
    expect(teacher.get_by_role("heading", name="Who has joined")).to_be_visible(
        timeout=TIMEOUT_MS)
    teacher.go_forward()
    _settled(teacher)
    assert "teacher=" not in teacher.url, teacher.url
    # ---- spent: the same link opens nothing in another browser; this one keeps the class
    copy = _open(pupils[0], teacher_link)
    expect(copy.get_by_text("This teacher's link opens nothing")).to_be_visible(
        timeout=TIMEOUT_MS)
    copy.close()
    teacher.reload()
    _settled(teacher)
    expect(teacher.get_by_role("heading", name="Who has joined")).to_be_visible(
        timeout=TIMEOUT_MS)

    # ---- three pupils join, in three browsers
    ann, zoe, chen = (_open(context, pupils_link) for context in pupils)
    for n, (p, name) in enumerate(zip((ann, zoe, chen), PLAN, strict=True)):
        _join(p, name, n + 1)
    _plain_name(zoe)
    _no_key([ann, zoe, chen], key)
    _picture(page, ann, shot, "class-pupil-question")

    # ---- they answer: some right, some wrong, one skip
    _together(*(_round(p, PLAN[name]) for p, name in ((ann, ANN), (zoe, ZOE), (chen, CHEN))))
    expect(ann.get_by_text("Your results", exact=True)).to_be_visible(timeout=TIMEOUT_MS)
    expect(ann.locator("[data-testid='stMetricValue']").first).to_have_text(f"2 / {LENGTH}")
    _picture(page, ann, shot, "class-pupil-end")
    _no_key([ann, zoe, chen], key)

    # ---- a reload: the same question, no name asked
    zoe.reload()
    _settled(zoe)
    expect(zoe.get_by_text(f"Question 3 of {LENGTH}")).to_be_visible(timeout=TIMEOUT_MS)
    expect(zoe.get_by_text(QUESTIONS[2].prompt)).to_be_visible()
    expect(zoe.locator(".st-key-class_name_typed")).to_have_count(0)
    expect(zoe.locator("[data-testid='stText']").filter(has_text="You are")).to_have_text(
        f"You are \u2068{ZOE}\u2069, pupil number 2.")
    _plain_name(zoe)
    _no_key([zoe], key)

    # ---- the dashboard, never reloaded, shows exactly those answers
    def pupil_row(name: str) -> list[str]:
        done = PLAN[name]
        right, wrong = done.count("right"), done.count("wrong")
        return [name, f"{len(done)} / {LENGTH}", f"{right} / {len(done)}", str(right),
                str(wrong), str(done.count("skip"))]

    def grid(label: Callable[[int, str], str]) -> list[list[str]]:
        return [[label(n + 1, name), *(MARK[h] for h in PLAN[name]),
                 *[""] * (LENGTH - len(PLAN[name]))] for n, name in enumerate(PLAN)]

    grid_head = ["Pupil", *(f"Q{i + 1}" for i in range(LENGTH))]
    _shows(teacher, ["Pupil", "Progress", "Score", "Right", "Wrong", "Skipped"],
           [pupil_row(name) for name in PLAN])
    _shows(teacher, grid_head, grid(lambda _n, name: name))
    _shows(teacher, ["Question", "Wrong", "Answered"], [
        [f"Question 2 · {QUESTIONS[1].title}", "2", "2"],  # Ann and Zoë: the class's miss
        [f"Question 1 · {QUESTIONS[0].title}", "1", "3"],
        [f"Question 4 · {QUESTIONS[3].title}", "1", "1"]])
    _shows(teacher, ["Kind", "Right", "Wrong", "Skipped", "Success"], [  # by kind id
        [QUESTIONS[1].title, "0", "2", "0", "0%"], [QUESTIONS[0].title, "2", "1", "1", "50%"],
        [QUESTIONS[2].title, "1", "0", "0", "100%"], [QUESTIONS[3].title, "0", "1", "0", "0%"]])
    metrics = teacher.locator(".st-key-class_status [data-testid='stMetricValue']")
    expect(metrics).to_have_text(["3 / 60", "8", "Open"])
    _plain_name(teacher)
    assert "teacher=" not in teacher.url
    _picture(page, teacher, shot, "class-dashboard")

    # ---- the projector view: numbers instead of names
    teacher.locator(".st-key-class_projector label").first.click()
    _settled(teacher)
    _shows(teacher, grid_head, grid(lambda n, _name: f"#{n}"))
    for name in PLAN:
        assert all(name not in " ".join(row) for row in _table(teacher, grid_head) or []), name
    teacher.set_viewport_size(PROJECTOR)
    _settled(teacher)
    _picture(page, teacher, shot, "class-dashboard-projector")
    teacher.set_viewport_size(DESKTOP)

    # ---- closed (asked first): Chen's next Check is refused in words
    _click(teacher, "class_close")
    _click(teacher, "class_close_yes")
    expect(metrics).to_have_text(["3 / 60", "8", "Closed"], timeout=TIMEOUT_MS)
    field = QUESTIONS[1].fields[0]
    _set(chen, 1, field, field.correct)
    _settled(chen)
    _click(chen, "class_check")
    closed = "This class is closed: it takes no new pupils and no more answers."
    expect(chen.locator("[data-testid='stAlertContentError']")).to_contain_text(
        closed, timeout=TIMEOUT_MS)
    expect(chen.get_by_text(f"Question 2 of {LENGTH}")).to_be_visible()

    # ---- deleted: the pupil's page says the class is gone, with the join box
    _click(teacher, "class_delete")
    teacher.locator(".st-key-class_delete_name input").fill("Year 9 · Tuesday")
    teacher.locator(".st-key-class_delete_name input").press("Enter")
    _settled(teacher)
    _click(teacher, "class_delete_yes")
    expect(teacher.get_by_text("The class was deleted with all its pupils and answers.")
           ).to_be_visible(timeout=TIMEOUT_MS)
    expect(teacher.get_by_text("Start a class", exact=True)).to_be_visible()
    _click(chen, "class_check")
    expect(chen.get_by_text("This class no longer exists: the teacher deleted it, or its "
                            "time is up.")).to_be_visible(timeout=TIMEOUT_MS)
    expect(chen.locator(".st-key-class_code_typed input")).to_be_visible()
    _no_key([ann, zoe, chen], key)

    # ---- hostile teacher's links: a message and a way back, never a traceback
    for wrong, says in ((code, "This teacher's link is broken"),
                        (secrets.token_urlsafe(24), "This teacher's link opens nothing")):
        teacher.goto(f"{app_server}/class?teacher={wrong}")
        _settled(teacher)
        expect(teacher.get_by_text(says)).to_be_visible(timeout=TIMEOUT_MS)
        back = teacher.get_by_role("link", name="Back to the Class page")
        expect(back).to_be_visible()
        assert "teacher=" not in teacher.url, teacher.url
    back.click()
    _settled(teacher)
    expect(teacher.get_by_text("Start a class", exact=True)).to_be_visible(timeout=TIMEOUT_MS)

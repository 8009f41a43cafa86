"""Progress kept, through the whole app (AppTest): the learner's id, a reload, the settings'
precedence, the resume link (valid, forged, broken), forget me, the partie on Play across a
reload, Home's "continue where you left off" and lesson path, practise my misses, the
database outage, and the pseudo-locale.

A reload is a new AppTest over the same SQLite file with the same cookie. AppTest cannot set
cookies: with ``PIQUET_TESTING=1`` the frame takes ``session_state["_pq_test_cookie"]`` for
the browser's cookie (``ui.progress.identity``; tests only).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from apptest import APP, TIMEOUT, page_anchors, scrub, texts
from streamlit.testing.v1 import AppTest
from test_pseudo_locale import unwrapped, visible

from store import (
    AnswerGiven,
    ItemSeen,
    RoundStarted,
    SaveSettings,
    Store,
    learner_key,
    make_engine,
    migrate,
    new_learner_id,
    utc_now,
)
from ui.progress.identity import TEST_COOKIE, TESTING_ENV
from ui.progress.partie import dump, load
from words import PSEUDO

LEARNER = "_store_learner"
Open = Callable[..., AppTest]


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("PIQUET_DATABASE_URL", url)
    monkeypatch.setenv(TESTING_ENV, "1")
    yield url


@pytest.fixture()
def store(db: str) -> Iterator[Store]:
    engine = make_engine(db)
    migrate(engine)
    yield Store(engine)
    engine.dispose()


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def browser(cookie: str | None = None, page: str = "home", lang: str | None = None,
            **params: str) -> AppTest:
    """A browser tab opening ``page`` (a reload when ``cookie`` is an earlier tab's id)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if cookie is not None:
        at.session_state[TEST_COOKIE] = cookie
    if lang is not None:
        at.session_state["lang"] = lang
    if page != "home":
        ok(at.run())
        at.switch_page(f"app_pages/{page}.py")
    for k, v in params.items():
        at.query_params[k] = v
    return ok(at.run())


def key_of(at: AppTest) -> str:
    return str(at.session_state[LEARNER])


def the_id(at: AppTest) -> str:
    """The id the frame chose (the test's stand-in for reading the browser's cookie)."""
    return str(at.session_state["_pq_learner_id"])


# --------------------------------------------------------------------------- identity


def test_a_new_learner_gets_an_id_and_a_reload_keeps_it(db: str, store: Store) -> None:
    at = browser()
    lid = the_id(at)
    assert key_of(at) == learner_key(lid)
    at.toggle(key="four_colour").set_value(True).run()
    ok(at)
    assert store.known(learner_key(lid))
    again = browser(cookie=lid)  # F5
    assert the_id(again) == lid
    assert again.toggle(key="four_colour").value is True   # no URL parameter
    other = browser()  # another browser: another learner, nothing of the first
    assert the_id(other) != lid
    assert other.toggle(key="four_colour").value is False


def test_the_id_is_never_shown_but_in_the_resume_link(db: str) -> None:
    at = browser(page="progress")
    lid = the_id(at)
    assert lid not in texts(at)
    at.button(key="progress_show_link").click().run()
    ok(at)
    [link] = [str(c.value) for c in at.code]
    assert link.startswith("/progress?resume=") and lid not in link  # a token, not the id
    assert lid not in texts(at)
    assert any("password" in str(w.value) for w in at.warning)
    ok(at.run())
    assert [str(c.value) for c in at.code] == [link]  # one link, made once


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize("params, rules, four", [
    ({}, "cavendish", True),                                    # the stored settings
    ({"rules": "britannica"}, "britannica", True),               # the URL first
    ({"four_colour": "0"}, "cavendish", False),
    ({"rules": "nope"}, "cavendish", True),                      # a bad value: the stored
])
def test_settings_follow_the_url_then_the_stored_then_the_defaults(
        db: str, store: Store, params: dict[str, str], rules: str, four: bool) -> None:
    lid = new_learner_id()
    store.apply(learner_key(lid), [SaveSettings(utc_now(), preset="cavendish",
                                                four_colour=True)])
    at = browser(cookie=lid, page="lab", **params)
    assert at.session_state["rules"] == rules
    assert at.toggle(key="four_colour").value is four


def test_a_changed_preset_is_saved_and_survives_a_reload(db: str, store: Store) -> None:
    at = browser(page="lab")
    lid = the_id(at)
    ok(at.segmented_control(key="rules").set_value("cavendish").run())
    assert store.settings(learner_key(lid)).preset == "cavendish"  # type: ignore[union-attr]
    again = browser(cookie=lid)
    assert again.session_state["rules"] == "cavendish"
    assert again.query_params["rules"] == "cavendish"


# --------------------------------------------------------------------------- resume link


def _with_progress(store: Store) -> str:
    lid = new_learner_id()
    store.apply(learner_key(lid), [SaveSettings(utc_now(), preset="cavendish"),
                                   ItemSeen(utc_now(), "lesson", "point", right=True)])
    return lid


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key]


def _link_of(lid: str) -> str:
    """A one-time resume link's token, made on the learner's own device."""
    at = browser(cookie=lid, page="progress")
    ok(at.button(key="progress_show_link").click().run())
    link = next(str(c.value) for c in at.code if "resume=" in str(c.value))
    return link.rsplit("resume=", 1)[1]


def test_the_resume_link_moves_progress_to_another_device(db: str, store: Store) -> None:
    lid = _with_progress(store)
    token = _link_of(lid)
    mine = new_learner_id()
    store.apply(learner_key(mine), [ItemSeen(utc_now(), "lesson", "sets", right=True)])
    other = browser(cookie=mine, page="progress", resume=token)
    scrub(other, "resume")                                  # out of the address, no Back entry
    assert "resume" not in other.query_params
    assert key_of(other) == learner_key(mine)               # asked first, nothing moved yet
    ok(other.button(key="resume_accept").click().run())
    assert key_of(other) == learner_key(lid)
    assert any("Welcome back" in str(s.value) for s in other.success)
    assert other.session_state["rules"] == "cavendish"       # the learner's settings came along
    assert "1 of 11 lessons done" in str(other.get("progress")[0].proto.text)
    ok(other.run())                                          # and it stays
    assert key_of(other) == learner_key(lid)
    assert not other.success
    # this device's own progress was set aside, and comes back
    [back] = [b for b in other.button if b.key and b.key.startswith("progress_back_")]
    ok(back.click().run())
    assert key_of(other) == learner_key(mine)
    again = browser(cookie=new_learner_id(), page="progress", resume=token)  # spent
    assert any("opens nothing" in str(e.value) for e in again.error)
    assert "resume_accept" not in keys(again)


def test_a_resume_link_sent_by_someone_else_is_refused_on_the_question(
        db: str, store: Store) -> None:
    """Session fixation: a link made by an attacker, opened by a victim who says no, leaves
    the victim on their own progress."""
    attacker = _with_progress(store)
    victim = _with_progress(store)
    at = browser(cookie=victim, page="progress", resume=_link_of(attacker))
    assert any("Someone's progress arrived" in str(w.value) for w in at.warning)
    ok(at.button(key="resume_decline").click().run())
    assert key_of(at) == learner_key(victim) and "resume_accept" not in keys(at)
    ok(at.run())
    assert key_of(at) == learner_key(victim)


def test_a_resume_link_of_the_old_form_opens_once(db: str, store: Store) -> None:
    lid = _with_progress(store)
    other = browser(cookie=new_learner_id(), page="progress", resume=lid)
    ok(other.button(key="resume_accept").click().run())
    assert key_of(other) == learner_key(lid)
    third = browser(cookie=new_learner_id(), page="progress", resume=lid)
    assert any("opens nothing" in str(e.value) for e in third.error)
    assert key_of(third) != learner_key(lid)


@pytest.mark.parametrize("raw, says", [
    ("not an id!", "broken"),
    ("", "broken"),
    ("x" * 500, "broken"),
    (new_learner_id(), "opens nothing"),                     # well shaped, but nobody's
    ("y" * 40, "opens nothing"),                             # a token's shape, no link
])
def test_a_forged_or_broken_resume_link_is_a_fresh_start(
        db: str, store: Store, raw: str, says: str) -> None:
    _with_progress(store)  # someone else's progress exists
    at = browser(page="progress", resume=raw)
    assert any(says in str(e.value) for e in at.error), [e.value for e in at.error]
    scrub(at, "resume")
    assert "resume" not in at.query_params
    assert key_of(at) != learner_key(raw)
    assert "resume_accept" not in keys(at)
    assert "0 of 11 lessons done" in str(at.get("progress")[0].proto.text)
    assert at.session_state["rules"] == "britannica"


def test_a_resume_link_of_this_very_device(db: str, store: Store) -> None:
    lid = _with_progress(store)
    at = browser(cookie=lid, page="progress", resume=_link_of(lid))
    assert key_of(at) == learner_key(lid)
    assert at.info and not at.error and "resume_accept" not in keys(at)


# --------------------------------------------------------------------------- forget me


def test_forget_me_deletes_the_rows_after_a_confirmation(db: str, store: Store) -> None:
    lid = _with_progress(store)
    at = browser(cookie=lid, page="progress")
    ok(at.button(key="progress_forget").click().run())
    assert store.known(learner_key(lid))                  # asked, not done
    ok(at.button(key="progress_forget_no").click().run())
    assert store.known(learner_key(lid))
    ok(at.button(key="progress_forget").click().run())
    ok(at.button(key="progress_forget_yes").click().run())
    assert not store.known(learner_key(lid))
    assert store.settings(learner_key(lid)) is None
    assert key_of(at) != learner_key(lid)
    assert the_id(at) != lid
    assert at.success
    assert "0 of 11 lessons done" in str(at.get("progress")[0].proto.text)


def test_a_tab_open_elsewhere_cannot_write_a_forgotten_learner_back(
        db: str, store: Store) -> None:
    """Two tabs of one browser; "Forget me" in the first. The second, still holding the old
    id, changes the preset: the write is refused (nothing of the learner comes back), the
    tab says why and takes a new learner at once, whose next choice is kept."""
    lid = _with_progress(store)
    other = browser(cookie=lid, page="lab")
    assert key_of(other) == learner_key(lid)
    first = browser(cookie=lid, page="progress")
    ok(first.button(key="progress_forget").click().run())
    ok(first.button(key="progress_forget_yes").click().run())
    assert not store.known(learner_key(lid))
    ok(other.segmented_control(key="rules").set_value("britannica").run())
    assert not store.known(learner_key(lid))  # refused, not written back
    assert key_of(other) != learner_key(lid) and the_id(other) != lid
    assert any("another tab or window" in str(i.value) for i in other.info), other.info
    ok(other.segmented_control(key="rules").set_value("cavendish").run())
    kept = store.settings(key_of(other))  # type: ignore[arg-type]
    assert kept is not None and kept.preset == "cavendish"
    assert not store.known(learner_key(lid))
    ok(other.run())  # said once
    assert not any("another tab or window" in str(i.value) for i in other.info)


def test_a_resume_link_of_a_learner_forgotten_elsewhere_is_never_given(
        db: str, store: Store) -> None:
    """The other tab asks for its resume link after "Forget me" in the first: it gets the
    link of a new learner (who has a row, so the link resumes), never the old id."""
    lid = _with_progress(store)
    other = browser(cookie=lid, page="progress")
    first = browser(cookie=lid, page="progress")
    ok(first.button(key="progress_forget").click().run())
    ok(first.button(key="progress_forget_yes").click().run())
    ok(other.button(key="progress_show_link").click().run())
    link = next(str(c.value) for c in other.code if "resume=" in str(c.value))
    assert lid not in link and not store.known(learner_key(lid))
    third = browser(cookie=new_learner_id(), page="progress", resume=link.rsplit("=", 1)[1])
    ok(third.button(key="resume_accept").click().run())
    assert key_of(third) == key_of(other) != learner_key(lid)
    assert store.known(key_of(third))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- Home, misses


def test_home_continues_where_the_learner_left_off(db: str, store: Store) -> None:
    lid = new_learner_id()
    key = learner_key(lid)
    now = utc_now()
    store.apply(key, [
        ItemSeen(now, "lesson", "01-deal", right=True),  # as the stages store it
        RoundStarted(now, "r1", 10, level="beginner", seed="7"),
        AnswerGiven(now, "r1", 0, "point", "right"),
        AnswerGiven(now, "r1", 1, "sets", "wrong"),
    ])
    fresh = browser()
    assert "Start here" in texts(fresh)
    assert "Continue where you left off" not in texts(fresh)
    assert not fresh.expander[0].proto.expanded
    at = browser(cookie=lid)
    labels = [e.proto.label for e in at.get("page_link")]
    assert "Your quiz round" in labels
    anchors = page_anchors(at)
    assert "Lesson 2: The exchange" in anchors, anchors
    assert "stage=02-exchange%2F1" in anchors["Lesson 2: The exchange"]
    assert "2 of 10 questions answered" in texts(at)
    assert at.expander[0].proto.expanded
    assert "1 of 11 lessons done" in at.expander[0].label


def test_practise_my_misses_links_each_miss(db: str, store: Store) -> None:
    lid = new_learner_id()
    an_hour_ago = utc_now() - timedelta(hours=1)
    store.apply(learner_key(lid), [
        ItemSeen(an_hour_ago, "quiz_kind", "sets", right=False),
        ItemSeen(an_hour_ago, "lesson", "point", right=False),
        ItemSeen(an_hour_ago, "stage", "05-sequence/2", right=False),
        ItemSeen(an_hour_ago, "quiz_kind", "trick", right=True),   # never missed: not listed
    ])
    at = browser(cookie=lid, page="progress")
    assert "Missed 1 time" in texts(at)
    found = page_anchors(at)
    assert "Quiz: Which sets count" in found
    assert "practise=1" in found["Quiz: Which sets count"]
    assert "kind=sets" in found["Quiz: Which sets count"]
    assert "Lesson 4: The point" in found
    stage = found["A stage of lesson 5: Sequences"]
    assert "lesson=sequence" in stage and "stage=05-sequence%2F2" in stage, stage
    assert "Quiz: Who wins the trick" not in found


def test_misses_are_one_list_on_the_quiz_and_my_progress(db: str, store: Store) -> None:
    """A miss is in "practise my misses" at once (not only once due), a missed lesson stage
    too, and the Quiz page lists what My progress lists."""
    lid = new_learner_id()
    now = utc_now()
    store.apply(learner_key(lid), [
        ItemSeen(now, "quiz_kind", "sets", right=False),
        ItemSeen(now, "stage", "04-point/2", right=False),
        ItemSeen(now, "quiz_kind", "trick", right=True),
    ])
    mine = browser(cookie=lid, page="progress")
    quiz = browser(cookie=lid, page="quiz")

    def listed(at: AppTest) -> list[tuple[str, str]]:
        return sorted((label, href.split("?", 1)[1]) for label, href in page_anchors(at).items()
                      if label.startswith(("Quiz: ", "A stage of lesson")))

    want = [("A stage of lesson 4: The point", "lesson=point&stage=04-point%2F2"),
            ("Quiz: Which sets count", "practise=1&kind=sets")]
    assert listed(mine) == listed(quiz) == want
    for at in (mine, quiz):
        assert "2 misses to practise again." in texts(at)
    assert not next(b for b in quiz.button if b.key == "quiz_misses").disabled


def test_the_history_lists_only_rounds_answered(db: str, store: Store) -> None:
    """Rounds an older app stored on a mere visit: not listed, no "continue" on Home or My
    progress, and no "No quiz answers yet" above the rounds that are listed."""
    lid = new_learner_id()
    now = utc_now()
    store.apply(learner_key(lid), [RoundStarted(now, "visit", 10, level="beginner")])
    at = browser(cookie=lid, page="progress")
    assert "No quiz answers yet" in texts(at)
    assert "not finished" not in texts(at) and "Your quiz round" not in texts(at)
    assert "Continue where you left off" not in texts(at)
    store.apply(learner_key(lid), [
        RoundStarted(now + timedelta(minutes=1), "r1", 5, level="beginner"),
        AnswerGiven(now, "r1", 0, "point", "wrong"),
        RoundStarted(now + timedelta(minutes=2), "visit2", 10, level="expert"),
    ])
    at = browser(cookie=lid, page="progress")
    assert "No quiz answers yet" not in texts(at)
    assert texts(at).count("not finished") == 1
    assert "0 of 5 right \\(Beginner\\) — not finished" in texts(at)
    assert "1 of 5 questions answered" in texts(at)


def test_the_quiz_history_per_kind(db: str, store: Store) -> None:
    lid = new_learner_id()
    now = utc_now()
    store.apply(learner_key(lid), [
        RoundStarted(now, "r1", 3, level="expert"),
        AnswerGiven(now, "r1", 0, "point", "right"),
        AnswerGiven(now, "r1", 1, "point", "wrong"),
        AnswerGiven(now, "r1", 2, "sets", "skipped"),
    ])
    at = browser(cookie=lid, page="progress")
    table = at.dataframe[0].value
    rows = {r["Kind of question"]: (r["Right"], r["Wrong"], r["Skipped"])
            for r in table.to_dict("records")}
    assert rows == {"Point of one hand": (1, 1, 0), "Which sets count": (0, 0, 1)}
    assert "1 of 3 right \\(Expert\\)" in texts(at)


# --------------------------------------------------------------------------- Play


def _start_partie(at: AppTest) -> None:
    at.session_state["play_strength"] = "computer:1"
    ok(at.run())
    ok(at.button(key="play_new_partie").click().run())
    for name in ("play_choose_deal",):
        if any(b.key == name for b in at.button):
            ok(at.button(key=name).click().run())
    ok(at.button(key="play_deal").click().run())


def test_the_partie_in_progress_survives_a_reload(db: str, store: Store) -> None:
    at = browser(page="play")
    lid = the_id(at)
    _start_partie(at)
    deal = at.session_state["play_state"]
    assert store.partie(learner_key(lid)) is not None
    again = browser(cookie=lid, page="play")
    restored = again.session_state["play_state"]
    assert restored.record() == deal.record()
    assert restored.phase == deal.phase
    assert again.session_state["play_seed"] == at.session_state["play_seed"]
    home = browser(cookie=lid)
    assert "Your partie against the computer" in [e.proto.label for e in home.get("page_link")]


def test_a_saved_partie_round_trips_through_json_at_every_step() -> None:
    from piquet import Partie
    from piquet.deal import DealState

    deal = DealState.deal(5, rules="cavendish")
    ss: dict[str, Any] = {
        "play_cut": {"cuts": (), "higher": "A", "rules": "cavendish"},
        "play_seed": 5, "play_batch": 2, "play_partie": Partie("A", ((10, 3),), "cavendish"),
        "play_state": deal, "play_records": [{"record": {"x": 1}, "you": "elder",
                                              "scores": (10, 3)}],
    }
    steps = [lambda d: d.discard("elder", d.hand("elder")[:3]),
             lambda d: d.discard("younger", d.hand("younger")[:1]),
             lambda d: d.declare("elder"), lambda d: d.declare("younger")]
    for step in [*steps, *([lambda d: d.play(d.to_move, d.legal_plays()[0])] * 24)]:
        doc = json.loads(json.dumps(dump(ss)))
        back = load(doc)
        assert back["play_state"].history == ss["play_state"].history
        assert back["play_state"].lead == ss["play_state"].lead
        assert back["play_partie"] == ss["play_partie"]
        ss["play_state"] = step(ss["play_state"])


@pytest.mark.parametrize("doc", [
    {"v": 1, "cut": {"cuts": [], "higher": "A", "rules": "britannica"}, "seed": 1,
     "deal": {"rules": "britannica", "elder": ["AS"], "younger": [], "talon": []}},
    {"v": 99}, "nonsense", {"v": 1},
])
def test_a_broken_saved_partie_is_dropped(db: str, store: Store, doc: Any) -> None:
    from store import SavePartie

    lid = new_learner_id()
    store.apply(learner_key(lid), [SavePartie(utc_now(), data=doc)])
    at = browser(cookie=lid, page="play")
    assert at.session_state["play_state"] is None if "play_state" in at.session_state else True
    assert store.partie(learner_key(lid)) is None


# --------------------------------------------------------------------------- outage


def test_an_outage_says_progress_is_not_saved_and_the_app_keeps_working(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_DATABASE_URL", pg_cluster.url)
    monkeypatch.setenv(TESTING_ENV, "1")
    at = browser(page="lab")
    lid = the_id(at)
    assert not any("not being saved" in str(w.value) for w in at.warning)
    pg_cluster.halt()
    ok(at.toggle(key="four_colour").set_value(True).run())
    assert any("not being saved" in str(w.value) for w in at.warning)
    at.switch_page("app_pages/progress.py")
    ok(at.run())                                             # every page keeps working
    assert any("not being saved" in str(w.value) for w in at.warning)
    at.switch_page("app_pages/home.py")
    ok(at.run())
    pg_cluster.start()
    at.session_state["_store_retry_at"] = utc_now()          # no waiting in a test
    ok(at.run())
    assert not any("not being saved" in str(w.value) for w in at.warning)
    engine = make_engine(pg_cluster.url)
    try:
        assert Store(engine).settings(learner_key(lid)).four_colour is True  # type: ignore[union-attr]
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- qps


def test_the_progress_page_and_home_speak_through_the_text_layer(
        db: str, store: Store) -> None:
    lid = new_learner_id()
    an_hour_ago = utc_now() - timedelta(hours=1)
    store.apply(learner_key(lid), [
        ItemSeen(an_hour_ago, "quiz", "sets", right=False),
        ItemSeen(an_hour_ago, "lesson", "point", right=False),
        RoundStarted(an_hour_ago, "r1", 10, level="beginner"),
        AnswerGiven(an_hour_ago, "r1", 0, "sets", "wrong"),
    ])
    at = browser(cookie=lid, page="progress", lang=PSEUDO)
    ok(at.button(key="progress_show_link").click().run())
    ok(at.button(key="progress_forget").click().run())
    shown = [c.value for c in at.code]
    assert not unwrapped(at, set(shown)), unwrapped(at, set(shown))
    assert any(w == "page_link.label" for w, _s in visible(at))
    for col in at.dataframe[0].value.columns:
        assert str(col).startswith("⟦")
    bad = browser(page="progress", lang=PSEUDO, resume="broken!")
    assert bad.error and not unwrapped(bad)


def test_my_progress_counts_a_finished_deal_at_once() -> None:
    """The saved partie's totals (Home's and My progress's "Deal 1 of 6 — you …") change the
    moment a deal ends, not when the learner asks for the next deal."""
    from piquet import Partie
    from piquet.deal import DealState, Phase
    from ui.progress.partie import summary

    deal = DealState.deal(5)
    deal = deal.discard("elder", deal.hand("elder")[:3]).discard("younger", ())
    deal = deal.declare("elder").declare("younger")
    while deal.phase is not Phase.DONE:
        deal = deal.play(deal.to_move, deal.legal_plays()[0])  # type: ignore[arg-type]
    sheet = deal.score().as_dict()
    ss: dict[str, Any] = {"play_cut": {"cuts": (), "higher": "B", "rules": "britannica"},
                          "play_seed": 5, "play_partie": Partie("B"), "play_state": deal}
    # the computer (B) dealt the first deal: the learner is Elder
    found = summary(json.loads(json.dumps(dump(ss))))
    assert found == (1, sheet["elder"]["total"], sheet["younger"]["total"])
    assert found[1] + found[2] > 0

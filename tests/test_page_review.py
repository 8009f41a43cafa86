"""AppTest: "Review this deal" on Play — after a deal played, and for a loaded record on the
replay: the review runs in the worker, then shows the accuracy, the costliest decisions first
and every other decision; a record the review cannot judge in time says so."""

from __future__ import annotations

from test_page_play import keys, ok, open_play, play_to_the_end, start_deal, texts

from academy.review import state_before
from ui.review import worker


def _finish(at, key: str):  # type: ignore[no-untyped-def]
    """Wait for the worker's review, then draw the page again (in a browser the progress
    fragment does it; AppTest does not run fragments by the clock)."""
    if f"{key}_job" in at.session_state:  # else it was done by the click's own run
        at.session_state[f"{key}_job"][1].future.result(timeout=300)
    return ok(at.run())


def test_review_this_deal_after_a_deal_on_play(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import ui.review as review_ui

    monkeypatch.setattr(review_ui, "BUDGET_S", 900.0)  # a busy machine is no reason to stop
    at = start_deal(True, seed=4)
    play_to_the_end(at)
    assert keys(at, "play_review_start")
    ok(at.button(key="play_review_start").click().run())
    assert not keys(at, "play_review_start")  # the progress is shown instead
    _finish(at, "play_review")
    page = texts(at)
    assert "Review of the deal" in page
    assert "Accuracy of " in page
    review = at.session_state["play_review_done"][1]
    assert review.complete and review.decisions
    assert {d.who for d in review.decisions} == {"younger"}  # the learner's decisions only
    costly = review.costliest(3)
    assert costly  # the test's learner plays his first card each time: a costly habit
    for d in costly:
        assert d.choice != d.best
        assert f"play_review_retry_{d.index}" in keys(at, "play_review_retry_")
    # "Try again from here": the deal on the table again, just before that decision
    first = costly[0]
    record = at.session_state["play_state"].record()
    ok(at.button(key=f"play_review_retry_{first.index}").click().run())
    again = at.session_state["play_state"]
    assert again == state_before(record, first)
    assert again.to_move == "younger" and not keys(at, "play_next_deal")


def test_a_review_past_its_budget_says_so(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import ui.review as review_ui

    monkeypatch.setattr(review_ui, "BUDGET_S", 0.0)
    at = start_deal(False, seed=9)
    play_to_the_end(at)
    ok(at.button(key="play_review_start").click().run())
    _finish(at, "play_review")
    assert "The review ran out of time" in texts(at)
    assert not at.session_state["play_review_done"][1].complete


def test_the_worker_gives_none_for_a_broken_record() -> None:
    job = worker.start({"elder": []}, None, worlds=1, budget_s=1.0)
    job.future.result(timeout=120)
    assert worker.result(job) is None


def test_open_play_has_no_review_before_a_deal() -> None:
    assert not keys(open_play(), "play_review")


def test_review_a_loaded_record_on_the_replay(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import json
    from pathlib import Path

    import ui.review as review_ui

    monkeypatch.setattr(review_ui, "BUDGET_S", 900.0)
    monkeypatch.setattr(review_ui, "WORLDS", 2)  # quick: the figures are academy.review's
    scenarios = Path(__file__).resolve().parents[1] / "content" / "scenarios"
    rec = json.loads((scenarios / "cavendish-deal.json").read_text())["record"]
    rec["declarations"] = {"elder": {"point": [], "sequences": [], "sets": []}}  # not a scenario
    at = open_play()
    at.segmented_control(key="play_mode").set_value("teach")
    ok(at.run())
    ok(at.toggle(key="wt_show_load").set_value(True).run())
    at.text_area(key="wt_text").input(json.dumps(rec))
    ok(at.button(key="wt_load").click().run())
    ok(at.button(key="wt_review_start").click().run())
    _finish(at, "wt_review")
    review = at.session_state["wt_review_done"][1]
    assert {d.who for d in review.decisions} == {"elder", "younger"}  # both players'
    page = texts(at)
    assert "Accuracy of Elder" in page and "Accuracy of Younger" in page
    assert "Sinking scored" in page  # Elder sank everything: said as facts
    assert not keys(at, "wt_review_retry_")  # no computer to play against on the replay


def test_the_worker_runs_below_the_servers_priority() -> None:
    import os

    mine = os.nice(0)
    theirs = worker._pool().submit(os.nice, 0).result(timeout=120)
    assert theirs >= min(mine + worker.NICE, 19) > mine or mine == 19


def test_the_worker_ends_with_the_server_that_started_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    # a "server" that starts the worker, then dies without shutting its pool down
    said = tmp_path / "pid"
    script = ("import os, sys\nfrom pathlib import Path\nfrom ui.review import worker\n"
              "pid = worker._pool().submit(os.getpid).result(timeout=120)\n"
              "Path(sys.argv[1]).write_text(str(pid))\nos._exit(0)\n")
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", script, str(said)], cwd=root, timeout=180,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pid = int(said.read_text())
    deadline = time.monotonic() + 30
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    alive = Path(f"/proc/{pid}").exists()
    if alive:
        os.kill(pid, 15)  # never leave it behind, whatever the test says
    assert not alive

"""AppTest: a learner's own puzzles (issue 37; docs/puzzles.md). A deal played on Play and
reviewed: the learner's costliest mistakes that make sound puzzles are kept in the store; the
review says so and links the first; "Practise my misses" (My progress) lists it after a
reload; it opens on the Puzzles page (``?mine=``), is answered by tapping, and the answer
reschedules it in the spaced repetition."""

from __future__ import annotations

import os

from card_taps import tap_card
from test_page_play import play_to_the_end, start_deal, texts
from test_page_review import _finish
from test_progress import browser, db, key_of, ok, store, the_id  # noqa: F401 - fixtures

from academy.puzzles import Puzzle
from store import MY_PUZZLE_KIND, Store
from ui.puzzles.views import CARD_HAND, DISCARD_HAND

SEED = int(os.environ.get("PIQUET_MY_PUZZLE_SEED", "5"))
"""A partie whose first deal the test's learner plays into a sound mistake."""


def test_a_reviewed_mistake_comes_back_as_a_puzzle_and_is_rescheduled(
        db: str, store: Store, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    import ui.review as review_ui

    monkeypatch.setattr(review_ui, "BUDGET_S", 900.0)  # a busy machine is no reason to stop
    at = start_deal(True, seed=SEED)
    play_to_the_end(at)
    ok(at.button(key="play_review_start").click().run())
    _finish(at, "play_review")
    ids = at.session_state["play_review_puzzles"][1]
    assert ids, "no puzzle made: choose another seed"
    assert "now a puzzle of your own" in texts(at) or "now puzzles of your own" in texts(at)
    key = key_of(at)
    mine = store.my_puzzles(key)
    assert set(ids) <= set(mine)
    first = store.item(key, MY_PUZZLE_KIND, ids[0])
    assert first is not None and first.review.wrong == 1 and first.review.right == 0

    # a reload, on My progress: the puzzle is in "Practise my misses" with its link
    lid = the_id(at)
    progress = browser(cookie=lid, page="progress")
    links = "\n".join(m.value for m in progress.markdown)
    assert f"mine={ids[0]}" in links
    assert "A puzzle from a deal you played" in links

    # opened from its link, and solved by tapping
    pz = Puzzle.from_json(mine[ids[0]])
    tab = browser(cookie=lid, page="puzzles", mine=ids[0])
    assert "Your own puzzle, from a deal you played" in "\n".join(c.value for c in tab.caption)
    if pz.question.value == "card":
        ok(tap_card(tab, CARD_HAND, pz.answer[0]))
    else:
        for card in pz.answer:
            ok(tap_card(tab, DISCARD_HAND, card))
        ok(tab.button(key="puzzles_discard").click().run())
    assert [s.value for s in tab.success] == ["Right!"]
    assert "It comes back in “Practise my misses”" in "\n".join(m.value for m in tab.markdown)
    again = store.item(key, MY_PUZZLE_KIND, ids[0])
    assert again is not None and (again.review.right, again.review.wrong) == (1, 1)
    assert again.review.due_at > first.review.due_at  # rescheduled, later than the miss was
    assert again.review.last_seen > first.review.last_seen

"""AppTest: the score sheet's settlement (issue 3; RULES.md section 8)."""

from __future__ import annotations

from apptest import open_page, texts


def test_rubicon_settlement_from_link() -> None:
    at = open_page("scoresheet", a="40,30,20,0,10,20", b="10,20,30,9,10,10")
    page = texts(at)
    # A 120, B 89: B rubiconed, A scores 100 + 120 + 89 = 309
    assert "B has 89, under 100: rubiconed. A scores 100 + 120 + 89 = 309." in page


def test_not_rubiconed_at_exactly_100() -> None:
    at = open_page("scoresheet", a="20,20,20,20,20,20", b="20,20,20,20,10,10")
    assert "A scores 100 + (120 − 100) = 120." in texts(at)


def test_tie_after_six_needs_two_more_deals() -> None:
    at = open_page("scoresheet", a="10,10,10,10,10,10", b="10,10,10,10,10,10")
    page = texts(at)
    assert "2 deals to play" in page
    at.text_input(key="sheet_a").set_value("10,10,10,10,10,10,5,0").run()
    at.text_input(key="sheet_b").set_value("10,10,10,10,10,10,0,1").run()
    assert "A scores 100 + 65 + 61 = 226." in texts(at)


def test_bad_entries_are_named() -> None:
    at = open_page("scoresheet", a="10,x,3", b="1,2")
    assert any("'x' is not a score" in str(e.value) for e in at.error)
    at.text_input(key="sheet_a").set_value("10,20,30,1,2,3,4,5,6").run()
    assert any("at most 8" in str(e.value) for e in at.error)
    assert not at.exception


def test_impossible_deal_score_is_named() -> None:
    """A deal scores at most 170 (Hoyle's maximum, RULES.md §10 ex. 6); a huge number in a
    link is named, not a traceback."""
    at = open_page("scoresheet", a="99999999999999999999999", b="1")
    assert any("more than a deal can score (170 is the most)" in str(e.value) for e in at.error)
    at = open_page("scoresheet", a="170,0", b="0,171")
    assert any("B, deal 2: 171" in str(e.value) for e in at.error)

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


def test_spaces_and_commas_both_separate() -> None:
    at = open_page("scoresheet", a="40 30 20,0 10;20", b="10, 20 30 9 10 10")
    assert "A scores 100 + 120 + 89 = 309." in texts(at)
    assert at.query_params["a"] == "40,30,20,0,10,20"


def test_every_bad_value_is_named_at_once_and_no_stale_result() -> None:
    at = open_page("scoresheet", a="40,30,20,0,10,20", b="10,20,30,9,10,10")
    assert "309" in texts(at)
    at.text_input(key="sheet_a").set_value("40 x 20 0 999 1.5").run()
    errors = [str(e.value) for e in at.error]
    assert len(errors) == 1  # once, under A's field
    for part in ("A, deal 2: 'x' is not a score", "A, deal 5: 999 is more than",
                 "A, deal 6: '1\\.5' is not a score"):
        assert part in errors[0]
    page = texts(at)
    assert "309" not in page and "Settlement" not in page and "After" not in page
    assert not at.table and not at.get("vega_lite_chart")


def test_a_deal_after_the_end_is_an_error_without_a_result() -> None:
    at = open_page("scoresheet", a="40,30,20,0,10,20,5", b="10,20,30,9,10,10")
    assert any("Deal 7 (A) was not needed" in str(e.value) for e in at.error)
    assert "309" not in texts(at) and not at.table


def test_the_chart_draws_the_players_in_different_colours() -> None:
    import json

    at = open_page("scoresheet", a="40,30", b="10,20")
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    colour = spec["layer"][0]["encoding"]["color"]["scale"]
    assert colour["domain"] == ["A", "B"]
    a, b = (int(c[1:], 16) for c in colour["range"])
    ra, ga, ba = a >> 16, (a >> 8) & 255, a & 255
    rb, gb, bb = b >> 16, (b >> 8) & 255, b & 255
    assert abs(ra - rb) + abs(ga - gb) + abs(ba - bb) > 200


def test_a_link_followed_in_the_session_replaces_what_was_typed() -> None:
    at = open_page("scoresheet", a="1,2", b="3,4")
    at.text_input(key="sheet_a").set_value("5 6").run()
    at.query_params["a"] = "40,30,20,0,10,20"
    at.query_params["b"] = "10,20,30,9,10,10"
    at.run()
    assert at.text_input(key="sheet_a").value == "40,30,20,0,10,20"
    assert "A scores 100 + 120 + 89 = 309." in texts(at)
    assert not at.get("dataframe") and at.table  # text, not a canvas grid


def test_counted_words_agree_with_their_numbers() -> None:
    """0, 1, 2 and 5 deals entered (and so 6, 5, 4 and 1 to play): "1 deal", "2 deals"."""
    for n, phrase in ((1, "After 1 deal: A 10, B 5. 5 deals to play."),
                      (2, "After 2 deals: A 20, B 10. 4 deals to play."),
                      (5, "After 5 deals: A 50, B 25. 1 deal to play.")):
        at = open_page("scoresheet", a=",".join(["10"] * n), b=",".join(["5"] * n))
        assert phrase in texts(at)
    at = open_page("scoresheet", a="10,20", b="5")
    assert "B has fewer deals entered (1 v 2): the totals below count the 1 deal both have" \
        in texts(at)
    at = open_page("scoresheet", a="", b="")
    assert "After" not in texts(at) and not at.error


def test_an_address_lagging_behind_quick_typing_does_not_undo_it() -> None:
    """Typing A then B quickly: the browser's address may not yet show what the page wrote
    after A when B's rerun starts, and that rerun carries the older address. It is one the
    page wrote itself, not a link followed: A and B stay as typed (found by the score sheet's
    browser walk, tests/e2e/test_scoresheet_walk_browser.py)."""
    at = open_page("scoresheet", a="1,2", b="3,4")
    at.text_input(key="sheet_a").set_value("5 6").run()
    assert at.query_params["a"] == "5,6"
    at.query_params["a"] = "1,2"  # the address as it was before A's rerun reached it
    at.text_input(key="sheet_b").set_value("7 8").run()
    assert at.text_input(key="sheet_a").value == "5 6"
    assert at.text_input(key="sheet_b").value == "7 8"
    assert (at.query_params["a"], at.query_params["b"]) == ("5,6", "7,8")
    assert "After 2 deals: A 11, B 15." in texts(at)


def test_a_link_from_another_page_is_read_even_when_the_page_wrote_it_before() -> None:
    """Play's "Open this partie on the score sheet" can name totals the sheet once showed
    before they were edited: coming from another page, the link is read."""
    at = open_page("scoresheet", a="10,20", b="5,5")
    at.text_input(key="sheet_a").set_value("1 2").run()
    at.switch_page("app_pages/play.py").run()
    at.switch_page("app_pages/scoresheet.py")
    at.query_params["a"] = "10,20"
    at.query_params["b"] = "5,5"
    at.run()
    assert not at.exception, at.exception
    assert at.text_input(key="sheet_a").value == "10,20"
    assert "After 2 deals: A 30, B 10." in texts(at)

"""A class's set of puzzles (academy.puzzles.puzzle_set; docs/puzzles.md): the same set for
the same code and choices, of the theme and rating range chosen, the puzzle of the day first
when asked, fewer when fewer match."""

from __future__ import annotations

from datetime import date

from academy.puzzles import Question, Theme, catalogue, find, of_the_day, puzzle_set


def test_the_same_code_gives_the_same_set_and_another_code_another() -> None:
    assert puzzle_set("42", 5) == puzzle_set("42", 5)
    assert puzzle_set("42", 5) != puzzle_set("43", 5)
    assert len(set(puzzle_set("42", 10))) == 10


def test_the_theme_and_the_ratings_chosen() -> None:
    got = puzzle_set("7", 8, theme=Theme.GUARD, low=1300, high=1600)
    assert len(got) == 8
    for pid in got:
        pz = find(pid)
        assert pz is not None and pz.theme is Theme.GUARD and 1300 <= pz.rating <= 1600


def test_the_puzzle_of_the_day_first_and_never_twice() -> None:
    day = date(2026, 12, 7)
    got = puzzle_set("7", 5, day=day)
    tapped = [p for p in catalogue() if p.question is not Question.SINK]
    assert got[0] == of_the_day(day, tapped).id and len(got) == 6 and len(set(got)) == 6


def test_no_sinking_puzzle_in_a_class_whose_answers_are_cards_tapped() -> None:
    sinking = {p.id for p in catalogue() if p.question is Question.SINK}
    assert sinking  # the catalogue has them: the test can fail
    for seed in range(40):
        assert not sinking & set(puzzle_set(str(seed), 10, day=date(2026, 12, seed % 28 + 1)))
    assert puzzle_set("7", 5, theme=next(iter({p.theme for p in catalogue()
                                                  if p.question is Question.SINK}))) == ()


def test_fewer_when_fewer_match() -> None:
    pique = [p.id for p in catalogue() if p.theme is Theme.PIQUE]
    assert sorted(puzzle_set("7", 10, theme=Theme.PIQUE)) == sorted(pique)
    assert puzzle_set("7", 3, low=5000) == ()

"""Glicko-2 ratings (academy.rating) on Glickman's published example and on a case away from
1500 worked by hand."""

from __future__ import annotations

import pytest

from academy.rating import MIN_RD, Rating, attempt, update


def test_glickmans_published_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 plays 1400/30 (won),
    # 1550/100 (lost), 1700/300 (lost) -> 1464.06, 151.52, 0.05999 (rounded there as it goes)
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_case_away_from_1500_worked_by_hand() -> None:
    # 1850/80/0.06 beats 2000/50. On Glickman's scale: mu = 350/173.7178 = 2.01476,
    # phi = 0.46052, mu_j = 2.87823, phi_j = 0.28782; g = 1/sqrt(1 + 3 phi_j^2/pi^2) = 0.98764;
    # E = 1/(1 + exp(-g (mu - mu_j))) = 0.29885; v = 1/(g^2 E (1 - E)) = 4.89260;
    # delta = v g (1 - E) = 3.38807 < sqrt(phi^2 + v): the volatility barely moves (0.06000);
    # phi* = sqrt(phi^2 + sigma^2) = 0.46441; phi' = 1/sqrt(1/phi*^2 + 1/v) = 0.45450;
    # mu' = mu + phi'^2 g (1 - E) = 2.15781 -> 1500 + 173.7178 mu' = 1874.85, RD 78.95.
    after = update(Rating(1850, 80, 0.06), [(Rating(2000, 50), 1.0)])
    assert after.rating == pytest.approx(1874.85, abs=0.01)
    assert after.rd == pytest.approx(78.95, abs=0.01)
    assert after.vol == pytest.approx(0.06, abs=0.00001)


def test_an_attempt_moves_the_learner_and_the_puzzle_apart() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1700, 200)
    won, lost_puzzle = attempt(learner, puzzle, solved=True)
    assert won.rating > 1500 and lost_puzzle.rating < 1700
    lost, won_puzzle = attempt(learner, puzzle, solved=False)
    assert lost.rating < 1500 and won_puzzle.rating > 1700
    # many even attempts settle the deviation (one attempt a period: about 60), near 1500
    settled = Rating(1500, 350, 0.06)
    for i in range(200):
        settled, _p = attempt(settled, Rating(1500, 50), solved=i % 2 == 0)
    assert MIN_RD <= settled.rd < 70 and abs(settled.rating - 1500) < 40
    # the floor: a deviation never falls below MIN_RD
    sure = Rating(1500, 30, 0.01)
    assert update(sure, [(Rating(1500, 30), 1.0)]).rd < MIN_RD
    assert attempt(sure, Rating(1500, 30), solved=True)[0].rd == MIN_RD


def test_no_games_widens_the_deviation() -> None:
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.rd > 100

"""Piquet Academy's teaching logic: the quiz (:mod:`academy.quiz`) and the walkthrough of a deal
record (:mod:`academy.walkthrough`). Pure Python, no UI, no I/O; built on the rules engine
:mod:`piquet`, which never imports it."""

from academy.advisor import rank_discards as rank_discards
from academy.odds import dealt_odds as dealt_odds

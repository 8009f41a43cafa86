"""Piquet Academy's rules engine for rubicon piquet. Pure Python, no I/O, no UI.

>>> import piquet
>>> piquet.parse_cards("AS 10H")
(Card('AS'), Card('10H'))
>>> piquet.settle_partie(125, 81).points
306
"""

from piquet.cards import (
    DECK,
    SUITS,
    Card,
    CardError,
    CardHint,
    HandError,
    Rank,
    Suit,
    format_cards,
    hand_of,
    parse_card,
    parse_cards,
    sort_cards,
)
from piquet.combos import (
    CardSet,
    Combinations,
    Point,
    Sequence,
    SequenceKind,
    SetKind,
    analyse,
)
from piquet.deal import ActionError
from piquet.declare import (
    Answer,
    BlancheShowing,
    Declaration,
    DeclarationError,
    DialogueLine,
    LineKind,
    Reason,
    Verdict,
    declaration_from_spec,
)
from piquet.errors import PiquetError, PlayerError
from piquet.exchange import ExchangeError
from piquet.partie import Partie, PartieError, Settlement, cut_for_deal, settle_partie
from piquet.play import PlayError
from piquet.reckon import (
    PiqueChance,
    PiqueOutlook,
    PlayPoint,
    ReckonError,
    Reckoning,
    ScoreEvent,
    pique_chance,
    reckon,
)
from piquet.record import (
    DealRecord,
    DealScore,
    RecordError,
    RecordProblem,
    record_problems,
    score_record,
)
from piquet.rules import BRITANNICA, CAVENDISH, PRESETS, Rules, RulesError, get_rules
from piquet.scoring import DeclarationScore, score_declarations

__all__ = [
    "BRITANNICA",
    "CAVENDISH",
    "DECK",
    "PRESETS",
    "SUITS",
    "ActionError",
    "Answer",
    "BlancheShowing",
    "Card",
    "CardError",
    "CardHint",
    "CardSet",
    "Combinations",
    "DealRecord",
    "DealScore",
    "Declaration",
    "DeclarationError",
    "DeclarationScore",
    "DialogueLine",
    "ExchangeError",
    "HandError",
    "LineKind",
    "Partie",
    "PartieError",
    "PiqueChance",
    "PiqueOutlook",
    "PiquetError",
    "PlayError",
    "PlayPoint",
    "PlayerError",
    "Point",
    "Rank",
    "Reason",
    "ReckonError",
    "Reckoning",
    "RecordError",
    "RecordProblem",
    "Rules",
    "RulesError",
    "ScoreEvent",
    "Sequence",
    "SequenceKind",
    "SetKind",
    "Settlement",
    "Suit",
    "Verdict",
    "analyse",
    "cut_for_deal",
    "declaration_from_spec",
    "format_cards",
    "get_rules",
    "hand_of",
    "parse_card",
    "parse_cards",
    "pique_chance",
    "reckon",
    "record_problems",
    "score_declarations",
    "score_record",
    "settle_partie",
    "sort_cards",
]

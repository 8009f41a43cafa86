"""The partie in progress on Play, kept across a reload: saved after every step, restored
when Play opens in a session that has none.

The document (JSON, :func:`ui.storage.save_partie`) holds what the Play page's state holds
(:mod:`ui.play.state`): the cut, the partie's seed and batch size, the computer's strength,
the finished deals' scores and records, and the current deal as its actions (the dealt
cards, each exchange, each declaration, every card played, the lead of an unfinished trick).
Restoring replays those actions through the engine, so a document that does not hold
together is refused (and dropped), never shown half-true.

:func:`keep` runs at the end of every completed run (the frame, after the page): it saves
when the partie, the deal or the cut is another object than the one saved last — the
learner's action, the computer's move, a forced card, an undo, the next deal all count.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, MutableMapping
from typing import Any, Final, cast

import streamlit as st

from piquet import Partie
from piquet.cards import Card, parse_card, parse_cards
from piquet.deal import DealState
from piquet.partie import Cut
from piquet.reckon import Role
from piquet.rules import get_rules
from ui import storage
from ui.play.state import (
    K_BATCH,
    K_CUT,
    K_DEAL,
    K_PARTIE,
    K_RECORDS,
    K_SEED,
    _fresh_deal,
    partie_so_far,
)

__all__ = ["VERSION", "dump", "keep", "load", "restore", "summary"]

log = logging.getLogger(__name__)

VERSION: Final = 1
_SAVED: Final = "_pq_partie_saved"  # the (cut, partie, deal) objects saved last
_RESTORED: Final = "_pq_partie_restored"
_OPPONENT: Final = "play_opponent"


def _plain(value: Any) -> Any:
    """Cards as their codes, tuples as lists: a JSON document."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _cuts(cuts: Any) -> list[list[str]]:
    return [[str(c.a), str(c.b)] for c in cuts]


def _deal_doc(deal: DealState) -> dict[str, Any]:
    return {
        "rules": deal.rules.name,
        "elder": [str(c) for c in deal.elder_dealt],
        "younger": [str(c) for c in deal.younger_dealt],
        "talon": [str(c) for c in deal.talon],
        "seed": deal.seed,
        "elder_discard": None if deal.elder_discard is None else
        [str(c) for c in deal.elder_discard],
        "younger_discard": None if deal.younger_discard is None else
        [str(c) for c in deal.younger_discard],
        "leftovers_shown": deal.leftovers_shown,
        "declared": list(deal.declared),
        "specs": _plain(list(deal.specs)),
        "tricks": [[str(a), str(b)] for a, b in deal.tricks],
        "lead": None if deal.lead is None else str(deal.lead),
    }


def dump(ss: Mapping[str, Any]) -> dict[str, Any] | None:
    """The Play state of a session as a document (None: no partie started)."""
    cut = ss.get(K_CUT)
    if not isinstance(cut, Mapping):
        return None
    partie: Partie | None = ss.get(K_PARTIE)
    deal: DealState | None = ss.get(K_DEAL)
    return {
        "v": VERSION,
        "seed": ss.get(K_SEED),
        "batch": ss.get(K_BATCH, 3),
        "opponent": ss.get(_OPPONENT) or "computer",
        "cut": {"cuts": _cuts(cut["cuts"]), "higher": cut["higher"], "rules": cut["rules"]},
        "partie": None if partie is None else {
            "first_dealer": partie.first_dealer,
            "scores": [list(s) for s in partie.scores],
            "rules": partie.rules_name,
            "cuts": _cuts(partie.cuts),
        },
        "deal": None if deal is None else _deal_doc(deal),
        "records": _plain(ss.get(K_RECORDS) or []),
    }


def _replay(doc: Mapping[str, Any]) -> DealState:
    rules = get_rules(str(doc["rules"]))
    seed = doc.get("seed")
    d = DealState(rules, parse_cards(doc["elder"]), parse_cards(doc["younger"]),
                  parse_cards(doc["talon"]), seed if isinstance(seed, int) else None)
    if len(d.elder_dealt) != 12 or len(d.younger_dealt) != 12 or len(d.talon) != 8:
        raise ValueError("not a deal")
    if doc.get("elder_discard") is not None:
        d = d.discard("elder", parse_cards(doc["elder_discard"]))
    if doc.get("younger_discard") is not None:
        d = d.discard("younger", parse_cards(doc["younger_discard"]),
                      show_leftovers=bool(doc.get("leftovers_shown")))
    declared = list(doc.get("declared") or [False, False])
    specs = list(doc.get("specs") or [None, None])
    if declared[0]:
        d = d.declare("elder", specs[0])
    if declared[1]:
        d = d.declare("younger", specs[1])
    for a, b in doc.get("tricks") or []:
        d = d.play(d.to_move or "elder", a)
        d = d.play(d.to_move or "elder", b)
    if doc.get("lead") is not None:
        d = d.play(d.to_move or "elder", doc["lead"])
    return d


def load(doc: Any) -> dict[str, Any]:
    """The session values a document stands for (raises ValueError, KeyError or TypeError
    when it does not hold together)."""
    if not isinstance(doc, Mapping) or doc.get("v") != VERSION:
        raise ValueError("not a saved partie of this version")
    cut = doc["cut"]
    cuts = tuple(Cut(parse_card(a), parse_card(b)) for a, b in cut["cuts"])
    if cut["higher"] not in ("A", "B"):
        raise ValueError("no cut winner")
    get_rules(str(cut["rules"]))
    out: dict[str, Any] = {
        K_SEED: int(doc["seed"]),
        K_BATCH: int(doc.get("batch", 3)),
        _OPPONENT: str(doc.get("opponent") or "computer"),
        K_CUT: {"cuts": cuts, "higher": cut["higher"], "rules": str(cut["rules"])},
        K_PARTIE: None,
        K_DEAL: None,
        K_RECORDS: [],
    }
    p = doc.get("partie")
    if p is not None:
        if p["first_dealer"] not in ("A", "B"):
            raise ValueError("no first dealer")
        scores = tuple((int(a), int(b)) for a, b in p["scores"])
        out[K_PARTIE] = Partie(p["first_dealer"], scores, str(p["rules"]), tuple(
            Cut(parse_card(a), parse_card(b)) for a, b in p["cuts"]))
        get_rules(str(p["rules"]))
    if doc.get("deal") is not None:
        out[K_DEAL] = _replay(doc["deal"])
    out[K_RECORDS] = [
        {"record": r["record"], "you": r["you"], "scores": (int(r["scores"][0]),
                                                         int(r["scores"][1]))}
        for r in doc.get("records") or []
    ]
    return out


def _marker(ss: Mapping[str, Any]) -> tuple[Any, Any, Any]:
    return (ss.get(K_CUT), ss.get(K_PARTIE), ss.get(K_DEAL))


def _same(a: tuple[Any, ...], b: Any) -> bool:
    return isinstance(b, tuple) and len(a) == len(b) and all(
        x is y for x, y in zip(a, b, strict=True))


def restore() -> bool:
    """Bring back the saved partie, once a session, when the session has none; True when
    it did. A saved partie that cannot be replayed is dropped (and logged by type only)."""
    ss = cast("MutableMapping[str, Any]", st.session_state)
    if ss.get(_RESTORED) == storage.learner() or ss.get(K_CUT) is not None:
        return False
    ss[_RESTORED] = storage.learner()
    doc = storage.partie()
    if doc is None:
        return False
    try:
        values = load(doc)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        log.warning("saved partie dropped: %s", type(error).__name__)
        storage.clear_partie()
        return False
    for k, v in values.items():
        ss[k] = v
    _fresh_deal(ss)
    ss[_SAVED] = _marker(ss)
    return True


def keep() -> None:
    """Save the partie when it changed since it was last saved (or restored); a finished
    partie is cleared: nothing is in progress."""
    ss = cast("MutableMapping[str, Any]", st.session_state)
    if ss.get(K_CUT) is None:
        return
    marker = _marker(ss)
    if _same(marker, ss.get(_SAVED)):
        return
    ss[_SAVED] = marker
    partie: Partie | None = ss.get(K_PARTIE)
    if partie is not None and partie.finished and ss.get(K_DEAL) is None:
        storage.clear_partie()
        return
    doc = dump(ss)
    if doc is not None:
        storage.save_partie(doc)


def summary(doc: Any) -> tuple[int, int, int] | None:
    """(deal number being played, the learner's total, the computer's) of a saved partie
    in progress, None when there is none (or it is finished)."""
    if not isinstance(doc, Mapping) or doc.get("v") != VERSION:
        return None
    p = doc.get("partie")
    if not isinstance(p, Mapping):
        return (1, 0, 0)
    try:
        scores = tuple((int(a), int(b)) for a, b in p["scores"])
        partie = Partie(p["first_dealer"], scores)
        if partie.finished:
            return None
        deal = _replay(doc["deal"]) if doc.get("deal") is not None else None
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    learner: Role = "younger" if partie.next_dealer == "A" else "elder"
    you, computer = partie_so_far(partie, deal, learner).totals  # a deal over counts at once
    return (len(scores) + 1, you, computer)

"""The computer's step, after the page is drawn: its move or a forced card, behind a spinner
and followed by ``st.rerun()``; or the hint, started in a worker process
(:mod:`ui.play.hint_worker`) and drawn when found (:func:`hint_poller`), so that the learner's
run never waits for it."""

from __future__ import annotations

import zlib
from concurrent.futures import Future
from typing import Any, Final

import streamlit as st

from academy.hints import hint_for
from piquet import parse_cards
from piquet.deal import DealState, Phase, PlayerView
from piquet.players import Hint, Player, exchange_hint, make_player
from piquet.reckon import Role
from ui.lab.advisor_data import hand_key, ranking
from ui.play import hint_worker
from ui.play.advice import elder_left
from ui.play.state import (
    K_COMPUTER_ERROR,
    K_DEAL,
    K_HINT,
    K_PARTIE,
    K_SEED,
    Note,
    Seat,
    _note,
    _ss,
)
from ui.text import md_escape
from words import _
from words.errors import error_text
from words.hints import action_text, reason_text

HINT_POLL_S: Final = 0.25
"""How often the page looks whether the worker has found the turn's hint (seconds)."""


def new_player(name: str, seed: int | None) -> Player:
    """The computer player ``name`` (:func:`piquet.players.make_player`)."""
    return make_player(name, seed)


def opponent_seed(name: str, partie_seed: int | None, deal_no: int) -> int:
    """The computer's own seed for deal ``deal_no`` (0: the first) of the partie dealt from
    ``partie_seed``: the same in every process, so a partie's seed gives the same computer
    play after a restart, and a test that fixes the seed is reproducible. (``hash()`` would
    not do: a string's hash is salted per process, ``PYTHONHASHSEED``.)

    >>> opponent_seed("computer:1", 11, 0)
    9973
    """
    return zlib.crc32(f"play_player|{name}|{partie_seed}|{deal_no}".encode()) & 0xFFFF


def _opponent(seat: Seat) -> Any:
    ss = _ss()
    name = ss.get("play_opponent") or "computer"
    deal_no = len(ss[K_PARTIE].scores)
    key = ("play_player", name, ss.get(K_SEED), deal_no)
    player = ss.get("play_player_obj")
    if ss.get("play_player_key") != key or player is None:
        player = new_player(name, opponent_seed(name, ss.get(K_SEED), deal_no))
        ss["play_player_obj"] = player
        ss["play_player_key"] = key
    return player


def _computer_move(deal: DealState, role: Role, player: Any) -> DealState:
    """The computer's move. What the player chooses is applied as it is: a choice the rules
    refuse raises (no stand-in takes over; :func:`_advance` shows the error)."""
    view = deal.view(role)
    ph = deal.phase
    if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
        new = deal.discard(role, parse_cards(player.choose_discard(view)))
        n = len(new.elder_discard or ()) if role == "elder" else len(new.younger_discard or ())
        _note(Note("exchanged", role, n))
        return new
    if ph in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
        return deal.declare(role, player.choose_declaration(view))
    return deal.play(role, player.choose_card(view))


def computer_error(deal: DealState) -> str | None:
    """Why the computer could not move in this very deal state, in words (None: it has not
    failed)."""
    failed = _ss().get(K_COMPUTER_ERROR)
    if failed is None or failed[0] is not deal:
        return None
    why = failed[1]
    return error_text(why) if isinstance(why, Exception) else str(why)


def find_hint(view: PlayerView) -> Hint:
    """The hint for the learner's ``view``: at his exchange, the exchange advisor's best
    discard — the one "Why this discard?" explains, from the same cached ranking — else the
    helper player's choice (:func:`academy.hints.hint_for`)."""
    if (view.phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE)
            and view.exchange_range != range(0, 1)):
        found = ranking(hand_key(view.hand), view.role, elder_left(view), view.rules.name)
        if found.top:
            best = found.top[0]
            kept = tuple(c for c in view.hand if c not in best.discard)
            return exchange_hint(best.discard, kept, best.expected)
    return hint_for(view)


def warm_hints() -> None:
    """Start the hint worker (once a server) as soon as Play shows, hints on."""
    if _ss().get("play_hints", True):
        hint_worker.warm(find_hint)


def _hint_key(deal: DealState) -> tuple[int, str]:
    return (len(deal.history), repr(deal.history[-1]) if deal.history else "")


def _advance(deal: DealState | None, seat: Seat | None, slot: Any) -> None:
    """The step after the learner's click: the computer moves or a forced card is played,
    behind a spinner, then the page is drawn again; or the hint of the learner's turn is
    started in the worker, and this run ends (:func:`hint_poller` draws it when found)."""
    ss = _ss()
    if deal is None or seat is None or deal.phase is Phase.DONE:
        return
    if deal.to_move == seat.computer:
        if computer_error(deal) is not None:  # shown on the page; the learner undoes or restarts
            return
        new: DealState | None = None
        with slot, st.spinner(_("The computer is thinking…")):
            try:
                new = _computer_move(deal, seat.computer, _opponent(seat))
            except Exception as e:  # the computer's failure is said on the page, not hidden
                ss[K_COMPUTER_ERROR] = (deal, e)
        if new is not None:
            ss[K_DEAL] = new
        st.rerun()
    if (deal.phase is Phase.PLAY and ss.get("play_autoplay", True)
            and len(deal.legal_plays()) == 1):
        card = deal.legal_plays()[0]
        ss[K_DEAL] = deal.play(seat.learner, card)
        _note(Note("forced", seat.learner, 1, card))
        st.rerun()
    if ss.get("play_hints", True):
        cache: dict[Any, Any] = ss.setdefault(K_HINT, {})
        key = _hint_key(deal)
        if key not in cache:  # found in the worker; this run ends without waiting for it
            cache[key] = hint_worker.start(find_hint, deal.view(seat.learner))
        if isinstance(cache[key], Future):  # not drawn yet, even if found already
            with slot:
                hint_poller()


def _hint(deal: DealState) -> Hint | None:
    """The hint for the learner's turn in ``deal``, once the worker has found it."""
    if not _ss().get("play_hints", True):
        return None
    cache = _ss().get(K_HINT) or {}
    key = _hint_key(deal)
    found = cache.get(key)
    if isinstance(found, Future) and found.done():
        found = cache[key] = hint_worker.result(found)
    return found if isinstance(found, Hint) else None


def _pending() -> Future[Hint | None] | None:
    """The search under way for the hint of the deal on the table (None: none)."""
    ss = _ss()
    deal = ss.get(K_DEAL)
    if not isinstance(deal, DealState) or not ss.get("play_hints", True):
        return None
    found = (ss.get(K_HINT) or {}).get(_hint_key(deal))
    return found if isinstance(found, Future) else None


@st.fragment(run_every=HINT_POLL_S)
def hint_poller() -> None:
    """While the worker looks for the turn's hint: a line that says so, and every
    :data:`HINT_POLL_S` a look whether it is found; then the page is drawn again, with the
    hint in its place (and without this fragment, so the polling stops)."""
    found = _pending()
    if found is None or found.done():
        st.rerun()  # the first look may come after the hint is found: it is drawn then
    st.caption(_("Looking for a hint…"))


def _show_hint(hint: Hint | None) -> None:
    if hint is None:
        return
    # TRANSLATORS: {action} e.g. "Discard 7♠ 8♦"; {reason} one sentence on why
    st.info(_("**Hint: {action}.** {reason}", action=md_escape(action_text(hint)),
              reason=md_escape(reason_text(hint))), icon=":material/lightbulb:")

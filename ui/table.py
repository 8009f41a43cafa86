"""The card table of the Play page: a partie against the computer, and the walkthrough.

Everything a learner does is a button or checkbox whose ``on_click``/``on_change`` callback
moves the immutable :class:`~piquet.deal.DealState` kept in ``st.session_state["play_state"]``
(every key starts with ``play_`` or ``wt_``). A callback only applies the learner's own
action, so it is quick; the computer's move (and a hint) is computed afterwards, in a following step
behind ``st.spinner``, followed by ``st.rerun()``.

Keys the tests click: ``play_new_partie``, ``play_deal``, ``play_discard_<CARD>`` (checkboxes),
``play_exchange``, ``play_decl_*`` (checkboxes), ``play_answer_<category>`` (radios),
``play_declare``, ``play_card_<CARD>``, ``play_undo``, ``play_next_deal``, ``play_download``;
in the walkthrough ``wt_scenario``, ``wt_text``, ``wt_load``, ``wt_prev``, ``wt_next``,
``wt_first``, ``wt_last``, ``wt_present``.
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import streamlit as st

from academy.walkthrough import (
    Step,
    Walkthrough,
    decode_record,
    encode_record,
    spoken_under,
    walkthrough,
)
from piquet import Card, DealScore, Partie, cut_for_deal, get_rules, parse_cards
from piquet.cards import DECK, sort_cards
from piquet.combos import CardSet, Point, Sequence as Run, analyse
from piquet.deal import DealState, Phase, PlayerView
from piquet.declare import (
    Calls,
    Declaration,
    declaration_from_spec,
    verdict,
)
from piquet.reckon import Role
from piquet.record import SHEET_KEYS, DealRecord
from piquet.rule_text import agree, blanche_showing, counted, rule_sentence
from piquet.sheet import SHEET_LABELS
from ui.cards import card_label, card_svg, cards_row_html
from ui.dialogue import dialogue_html
from ui.links import page_url
from ui.record_help import (
    parse_record_text,
    record_help,
    record_uploader,
    show_record_problems,
)
from ui.settings import current_rules, follow_rules, four_colour
from ui.style import inject_css
from ui.text import md_escape

try:  # the computer players; a legal random stand-in only while they are missing
    from piquet.players import make_player
except ImportError:  # pragma: no cover - exercised only before piquet.players existed
    make_player = None  # type: ignore[assignment]

ROOT: Final = Path(__file__).resolve().parent.parent
SCENARIOS: Final = ROOT / "content" / "scenarios"
VS: Final = "\ufe0e"
CARD_W: Final = 64
SMALL_W: Final = 40
ANSWERS: Final = ("Good", "Not good", "Equal")
CATEGORY_TITLES: Final = {"point": "Point", "sequences": "Sequence", "sets": "Set"}
STRENGTHS: Final = {"computer:1": "Beginner", "computer:2": "Club player",
                    "computer": "Expert"}
TABLE_CSS: Final = """
.st-key-play_hand [data-testid="stColumn"]{min-width:0}
.st-key-play_hand button{padding:.1rem .2rem;min-height:2rem}
.st-key-play_hand [data-testid="stCheckbox"] label p{font-size:.8rem}
.pq-table-label{font-variant:small-caps;letter-spacing:.04em;font-weight:700;opacity:.8;
  margin:.2rem 0}
.pq-trick{display:flex;gap:1.5rem;align-items:flex-end;flex-wrap:wrap}
.pq-trick figure{margin:0;text-align:center}
.pq-trick figcaption{font-size:.85rem;opacity:.8}
.pq-tally{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.3rem 0 .8rem 0}
.pq-tally th,.pq-tally td{padding:.12rem .7rem;border-bottom:1px solid rgba(128,128,128,.25);
  text-align:right}
.pq-tally th:first-child,.pq-tally td:first-child{text-align:left}
.pq-tally tr.pq-total td{font-weight:700;border-top:2px solid rgba(128,128,128,.5)}
.pq-announce{font-size:1.25rem;font-weight:700;padding:.5rem .9rem;border-radius:.5rem;
  background:#fff4d6;border:2px solid #f2b705;color:#5b4300;margin:.4rem 0}
.st-key-play_hand svg.pq-card{max-width:100%;height:auto}
@media (max-width:640px){
  .st-key-play_hand [data-testid="stHorizontalBlock"]{flex-wrap:wrap;gap:.5rem .4rem}
  .st-key-play_hand [data-testid="stColumn"]{flex:0 0 calc((100% - 2rem) / 6) !important;
    width:calc((100% - 2rem) / 6) !important}
  .st-key-wt_hands .pq-overlap{flex-wrap:nowrap !important;column-gap:0 !important}
  .st-key-wt_hands .pq-overlap svg.pq-card{width:54px;height:auto}
  .st-key-wt_hands .pq-overlap svg.pq-card:not(:first-child){margin-left:-28px !important}
  .st-key-wt_nav [data-testid="stHorizontalBlock"]{flex-wrap:nowrap;gap:.4rem}
  .st-key-wt_nav [data-testid="stColumn"]{min-width:0;width:auto !important;flex:1 1 0 !important}
  .st-key-wt_nav [data-testid="stColumn"]:has(.st-key-wt_first),
  .st-key-wt_nav [data-testid="stColumn"]:has(.st-key-wt_last){display:none}
  .st-key-wt_nav [data-testid="stColumn"]:has([data-testid="stProgress"]){flex:1.4 1 0 !important}
}
"""

PRESENT_CSS: Final = """
:root{--pq-present-card:21vh}
[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl'],
[data-testid='stHeader'],[data-testid='stToolbar']{display:none !important}
[data-testid='stMainBlockContainer']{padding-top:1.2rem;max-width:100%}
.pq-present-caption{font-size:2rem;line-height:1.4}
.pq-present-title{font-size:2.4rem;font-weight:700;margin:0 0 .4rem 0}
.st-key-wt_prev button,.st-key-wt_next button{font-size:1.6rem;min-height:3.6rem;
  padding:.6rem 2.4rem}
.st-key-wt_prev button p,.st-key-wt_next button p{font-size:1.6rem}
.pq-present-step{text-align:center;font-size:1.8rem;padding-top:.8rem}
.pq-outlined{font-size:1.5rem;opacity:.85}
.pq-tally{font-size:1.6rem}
.pq-announce{font-size:1.8rem}
.pq-table-label{font-size:1.4rem}
.st-key-pq_hands .pq-cards,.st-key-pq_trick .pq-cards{zoom:1 !important}
.st-key-pq_hands .pq-cards svg.pq-card,.st-key-pq_trick .pq-cards svg.pq-card{
  height:var(--pq-present-card);width:auto}
.st-key-pq_hands .pq-overlap svg.pq-card:not(:first-child){
  margin-left:calc(var(--pq-present-card) / -1.4 * .6) !important}
"""
"""Presentation mode (``?present=1``) for a 1920×1080 projector: each card of the hands and
the trick is ``--pq-present-card`` high (21% of the screen's height), the text large."""

# --------------------------------------------------------------------------- the opponent


@dataclass(frozen=True)
class FallbackHint:
    """The shape of :class:`piquet.players.Hint`, for the stand-in player."""

    kind: str
    action: str
    reason: str
    cards: tuple[Card, ...] = ()
    declaration: dict[str, Any] | None = None


class FallbackPlayer:
    """A legal random player with the computer player's interface (used only when
    ``piquet.players`` cannot be imported)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        n = max(view.exchange_range.start, min(3, view.exchange_range.stop - 1))
        return tuple(sorted(view.hand, key=lambda c: int(c.rank))[:n])

    def choose_declaration(self, view: PlayerView) -> dict[str, Any] | None:
        return None

    def choose_card(self, view: PlayerView) -> Card:
        return self.rng.choice(view.legal)

    def hint(self, view: PlayerView) -> FallbackHint:
        if view.phase in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            disc = self.choose_discard(view)
            return FallbackHint("discard", "Discard " + " ".join(map(str, disc)),
                                "Your lowest cards are the least likely to score.", disc)
        if view.phase in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
            return FallbackHint("declare", "Declare in full",
                                "Declaring everything scores everything you can.")
        card = max(view.legal, key=lambda c: int(c.rank))
        return FallbackHint("play", f"Play {card}", "Your highest legal card.", (card,))


def new_player(name: str, seed: int | None) -> Any:
    """The computer player ``name`` (the stand-in while ``piquet.players`` is missing)."""
    if make_player is None:  # pragma: no cover
        return FallbackPlayer(seed)
    return make_player(name, seed)


# --------------------------------------------------------------------------- small helpers


_CARD_TOKEN: Final = re.compile(r"\b(10|[AKQJT987])([SHDC])\b")


def _card_words(text: str) -> str:
    """Card codes in a sentence shown with suit symbols: "Play 7S" -> "Play 7♠︎"."""
    def one(m: re.Match[str]) -> str:
        try:
            return parse_cards(m.group(0))[0].pretty + VS
        except ValueError:
            return m.group(0)
    return _CARD_TOKEN.sub(one, text)


def _ss() -> Any:
    return st.session_state


def _other(role: Role) -> Role:
    return "younger" if role == "elder" else "elder"


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty + VS for c in cards)


# --- every message with a count, as a function of the count (tests say each with 0, 1, 2, 5)


def hand_label(n: int, notes: Sequence[str] = ()) -> str:
    """ "Your hand (1 card) — the cards you drew are outlined" """
    return f"Your hand ({counted(n, 'card')})" + (" — " + "; ".join(notes) if notes else "")


def discard_label(card: Card) -> str:
    """The discard checkbox's name: "Discard the queen of spades"."""
    return f"Discard the {card.name.lower()}"


def computer_hand_label(n: int) -> str:
    return f"The computer's hand ({counted(n, 'card')})"


def talon_label(n: int) -> str:
    return f"The talon ({counted(n, 'card')})"


def backs_label(n: int) -> str:
    """What a screen reader says for a row of ``n`` face-down cards."""
    return counted(n, "face-down card")


def exchange_button_label(n: int, lo: int) -> str:
    return "Keep my cards" if n == 0 and lo == 0 else f"Exchange {counted(n, 'card')}"


def tick_text(lo: int, hi: int, n: int) -> str:
    """ "Tick 1 to 5 cards (2 ticked)." """
    want = counted(lo, "card") if lo == hi else f"{lo} to {hi} cards"
    return f"Tick {want} ({n} ticked)."


def computer_exchanged(role: Role, n: int) -> str:
    return f"The computer ({role.capitalize()}) exchanged {counted(n, 'card')}."


def left_cards_label(n: int) -> str:
    return (f"The {agree(n, 'card', 'cards')} you left in the talon ({n})")


def tricks_caption(you: int, computer: int) -> str:
    return f"Tricks: you {you}, the computer {computer}."


def tricks_won_label(role: Role, won: int, dealer: bool = False) -> str:
    """A hand's label in the walkthrough: "Elder — 1 trick won"."""
    return (role.capitalize() + (" (dealer)" if dealer else "")
            + f" — {counted(won, 'trick')} won")


def walk_talon_label(n: int) -> str:
    return f"Talon ({counted(n, 'card')}, top first)"


def step_missing(k: int, n: int) -> str:
    return (f"Step {k} does not exist: this deal has {counted(n, 'step')}. "
            f"Showing step {n}.")


COUNTED_MESSAGES: Final[dict[str, Callable[[int], str]]] = {
    "hand_label": lambda n: hand_label(n),
    "computer_hand_label": computer_hand_label,
    "talon_label": talon_label,
    "backs_label": backs_label,
    "exchange_button_label": lambda n: exchange_button_label(n, 1),
    "tick_text (lo)": lambda n: tick_text(n, 5, 0),
    "tick_text (lo = hi)": lambda n: tick_text(n, n, 0),
    "tick_text (ticked)": lambda n: tick_text(1, 5, n),
    "computer_exchanged": lambda n: computer_exchanged("elder", n),
    "left_cards_label": left_cards_label,
    "tricks_caption": lambda n: tricks_caption(n, 12 - n),
    "tricks_won_label": lambda n: tricks_won_label("younger", n, True),
    "walk_talon_label": walk_talon_label,
    "step_missing": lambda n: step_missing(n + 1, n),
}
"""Each message of this module that says a count, as a function of the count (for tests)."""


def _html_cards(cards: Sequence[Card], *, width: float = CARD_W,
                highlight: Collection[Card] = frozenset(), dim: Collection[Card] = frozenset(),
                caption: str | None = None, overlap: bool = False) -> None:
    if not cards:
        return
    st.markdown(cards_row_html(cards, width=width, highlight=highlight, dim=dim,
                               four_colour=four_colour(), caption=caption, overlap=overlap),
                unsafe_allow_html=True)


def _backs(n: int, width: float = SMALL_W) -> None:
    if n <= 0:
        return
    backs = "".join(card_svg(DECK[0], width=width, face_down=True) for _ in range(n))
    st.markdown(f'<div class="pq-cards" role="group" aria-label="{html.escape(backs_label(n))}">'
                f"{backs}</div>", unsafe_allow_html=True)


def _label(text: str) -> None:
    st.markdown(f'<div class="pq-table-label">{html.escape(text)}</div>',
                unsafe_allow_html=True)


def tally_html(sheet: dict[str, dict[str, int]], columns: Sequence[tuple[str, str]],
               ) -> str:
    """A score sheet by category: ``columns`` are (role, heading) pairs."""
    head = "".join(f"<th>{html.escape(h)}</th>" for _, h in columns)
    rows = [f"<tr><th></th>{head}</tr>"]
    for key in (*SHEET_KEYS, "total"):
        values = [sheet[r][key] for r, _ in columns]
        if key != "total" and not any(values):
            continue
        cls = ' class="pq-total"' if key == "total" else ""
        cells = "".join(f"<td>{v}</td>" for v in values)
        rows.append(f"<tr{cls}><td>{SHEET_LABELS[key]}</td>{cells}</tr>")
    return f'<table class="pq-tally">{"".join(rows)}</table>'


def _css(present: bool = False) -> None:
    inject_css(big=present)
    st.html(f"<style>{TABLE_CSS}{PRESENT_CSS if present else ''}</style>")


# =========================================================================== play

K_PARTIE: Final = "play_partie"
K_DEAL: Final = "play_state"
K_UNDO: Final = "play_undo_stack"
K_CUT: Final = "play_cut"
K_SEED: Final = "play_seed"
K_BATCH: Final = "play_batch"
K_RECORDS: Final = "play_records"
K_FEEDBACK: Final = "play_feedback"
K_NOTES: Final = "play_notes"
K_HINT: Final = "play_hint_cache"
K_T0: Final = "play_t0"
K_MS: Final = "play_click_ms"
K_ANNOUNCED: Final = "play_announced"
K_STRENGTH: Final = "play_strength"
K_ERROR: Final = "play_error"


@dataclass
class Seat:
    """Who sits where in the current deal."""

    learner: Role
    computer: Role
    names: dict[str, str] = field(default_factory=dict)


def _seat(partie: Partie) -> Seat:
    """The learner is A. The dealer is Younger, so the learner is Younger when he deals."""
    learner: Role = "younger" if partie.next_dealer == "A" else "elder"
    computer = _other(learner)
    return Seat(learner, computer, {learner: "You", computer: "Computer"})


def _start_clock() -> None:
    _ss()[K_T0] = time.perf_counter()


def _note(text: str) -> None:
    _ss().setdefault(K_NOTES, []).append(text)


def _push_undo(deal: DealState) -> None:
    _ss().setdefault(K_UNDO, []).append(deal)


def _clear_keys(prefix: str) -> None:
    for k in [k for k in _ss() if isinstance(k, str) and k.startswith(prefix)]:
        del _ss()[k]


# --- callbacks: the learner's own actions (quick) ---------------------------------------


def _on_new_partie() -> None:
    _start_clock()
    ss = _ss()
    rules = current_rules()
    seed = random.SystemRandom().randrange(1, 10**9)
    rng = random.Random(seed)
    cuts, higher = cut_for_deal(rng, rules)
    ss[K_SEED] = seed
    ss["play_opponent"] = ss.get(K_STRENGTH) or "computer"
    ss[K_BATCH] = rng.choice((2, 3))
    ss[K_CUT] = {"cuts": cuts, "higher": higher, "rules": rules.name}
    ss[K_PARTIE] = None
    ss[K_DEAL] = None
    ss[K_RECORDS] = []
    ss[K_UNDO] = []
    ss[K_FEEDBACK] = []
    ss[K_NOTES] = []
    ss[K_HINT] = {}
    ss[K_ANNOUNCED] = set()
    if higher == "B" or not rules.higher_cut_chooses:
        # Britannica: the higher cut deals. Cavendish: the higher cut chooses; the computer,
        # as Cavendish advises, chooses to deal.
        _choose_first_dealer(higher)


def _choose_first_dealer(dealer: str) -> None:
    ss = _ss()
    cut = ss[K_CUT]
    ss[K_PARTIE] = Partie(dealer, rules_name=cut["rules"], cuts=tuple(cut["cuts"]))  # type: ignore[arg-type]


def _on_choose(dealer: str) -> None:
    _start_clock()
    _choose_first_dealer(dealer)


def _on_deal() -> None:
    _start_clock()
    ss = _ss()
    partie: Partie = ss[K_PARTIE]
    n = len(partie.scores)
    ss[K_DEAL] = DealState.deal(ss[K_SEED] * 10 + n, rules=partie.rules,
                                batch=ss.get(K_BATCH, 3))
    ss[K_UNDO] = []
    ss[K_FEEDBACK] = []
    ss[K_NOTES] = []
    ss[K_HINT] = {}
    ss[K_ANNOUNCED] = set()
    ss[K_ERROR] = None
    _clear_keys("play_discard_")
    _clear_keys("play_decl_")
    _clear_keys("play_answer_")


def _apply(action: Callable[[DealState], DealState]) -> None:
    """Apply a learner's action, keeping the state before it for undo."""
    _start_clock()
    ss = _ss()
    deal: DealState = ss[K_DEAL]
    try:
        new = action(deal)
    except ValueError as e:
        ss[K_ERROR] = str(e)
        return
    ss[K_ERROR] = None
    _push_undo(deal)
    ss[K_DEAL] = new
    ss[K_NOTES] = []


def _selected_discards(hand: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(c for c in hand if _ss().get(f"play_discard_{c}"))


def _on_exchange(role: Role) -> None:
    deal: DealState = _ss()[K_DEAL]
    chosen = _selected_discards(deal.hand(role))
    _apply(lambda d: d.discard(role, chosen))
    _clear_keys("play_discard_")


def _on_take_hint(cards: tuple[Card, ...]) -> None:
    _clear_keys("play_discard_")
    for c in cards:
        _ss()[f"play_discard_{c}"] = True


def _declarable(hand: Sequence[Card]) -> list[tuple[str, str, Point | Run | CardSet]]:
    """(widget key, label, combination) for each combination a hand may declare."""
    combos = analyse(hand)
    out: list[tuple[str, str, Point | Run | CardSet]] = []
    if combos.point:
        p = combos.point
        out.append(("play_decl_point", f"Point: {p.length} cards making {p.pips} "
                    f"({_pretty(p.cards)}) — {p.score}", p))
    for i, r in enumerate(combos.sequences):
        out.append((f"play_decl_seq_{i}", f"{r.name} ({_pretty(r.cards)}) — {r.score}", r))
    for i, s in enumerate(combos.sets):
        out.append((f"play_decl_set_{i}", f"{s.call} ({_pretty(s.cards)}) — {s.score}", s))
    return out


def learner_spec(hand: Sequence[Card]) -> dict[str, Any] | None:
    """The declaration spec built from the learner's ticks (None: everything, in full)."""
    items = _declarable(hand)
    if all(_ss().get(k, True) for k, _, _ in items):
        return None
    spec: dict[str, Any] = {"point": [], "sequences": [], "sets": []}
    for k, _, combo in items:
        if not _ss().get(k, True):
            continue
        cards = [str(c) for c in combo.cards]
        if isinstance(combo, Point):
            spec["point"] = cards
        elif isinstance(combo, Run):
            spec["sequences"].append(cards)
        else:
            spec["sets"].append(cards)
    return spec


def _on_declare(role: Role) -> None:
    _start_clock()
    ss = _ss()
    deal: DealState = ss[K_DEAL]
    hand = deal.hand(role)
    spec = learner_spec(hand)
    feedback: list[dict[str, Any]] = []
    if role == "younger":
        try:
            mine = declaration_from_spec(hand, spec, who="Younger")
        except ValueError as e:
            ss[K_ERROR] = str(e)
            return
        elder_decl = deal.declaration("elder", deal.specs[0])
        for cat in ("point", "sequences", "sets"):
            v = verdict(cat, elder_decl, mine)
            if not v.answer:
                continue
            given = ss.get(f"play_answer_{cat}")
            feedback.append({"category": cat, "given": given, "truth": v.answer,
                             "why": v.explain()})
    _apply(lambda d: d.declare(role, spec))
    if ss.get(K_ERROR) is None:
        ss[K_FEEDBACK] = feedback


def _on_play(role: Role, card: str) -> None:
    _apply(lambda d: d.play(role, card))


def _on_undo() -> None:
    _start_clock()
    ss = _ss()
    stack: list[DealState] = ss.get(K_UNDO) or []
    if not stack:
        return
    ss[K_DEAL] = stack.pop()
    ss[K_NOTES] = ["Your last action was undone."]
    ss[K_ERROR] = None
    if not ss[K_DEAL].declared[1]:
        ss[K_FEEDBACK] = []
    ss[K_ANNOUNCED] = set()


def _on_next_deal(seat_learner: Role) -> None:
    _start_clock()
    ss = _ss()
    deal: DealState = ss[K_DEAL]
    partie: Partie = ss[K_PARTIE]
    sheet = deal.score().as_dict()
    you = sheet[seat_learner]["total"]
    comp = sheet[_other(seat_learner)]["total"]
    ss[K_PARTIE] = partie.add(you, comp)
    ss.setdefault(K_RECORDS, []).append({"record": deal.record(), "you": seat_learner,
                                         "scores": (you, comp)})
    ss[K_DEAL] = None
    ss[K_UNDO] = []


def _on_replay_deal() -> None:
    deal: DealState = _ss()[K_DEAL]
    _load_into_walkthrough({"title": "Your last deal", "record": deal.record()})
    _ss()["play_mode"] = "teach"


# --- the computer's step (after the page is drawn) -----------------------------------


def _opponent(seat: Seat) -> Any:
    ss = _ss()
    name = ss.get("play_opponent") or "computer"
    key = ("play_player", name, ss.get(K_SEED), len(ss[K_PARTIE].scores))
    player = ss.get("play_player_obj")
    if ss.get("play_player_key") != key or player is None:
        player = new_player(name, hash(key) & 0xFFFF)
        ss["play_player_obj"] = player
        ss["play_player_key"] = key
    return player


def _computer_move(deal: DealState, role: Role, player: Any) -> DealState:
    view = deal.view(role)
    ph = deal.phase
    if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
        try:
            new = deal.discard(role, parse_cards(player.choose_discard(view)))
        except ValueError:
            new = deal.discard(role, FallbackPlayer(0).choose_discard(view))
        n = len(new.elder_discard or ()) if role == "elder" else len(new.younger_discard or ())
        _note(computer_exchanged(role, n))
        return new
    if ph in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
        try:
            return deal.declare(role, player.choose_declaration(view))
        except ValueError:
            return deal.declare(role, None)
    try:
        return deal.play(role, player.choose_card(view))
    except ValueError:
        return deal.play(role, view.legal[0])


def _hint_key(deal: DealState) -> tuple[int, str]:
    return (len(deal.history), repr(deal.history[-1]) if deal.history else "")


def _advance(deal: DealState | None, seat: Seat | None, slot: Any) -> None:
    """The step after the learner's click: the computer moves, a forced card is played, or
    a hint is found; each behind a spinner, then the page is drawn again."""
    ss = _ss()
    if deal is None or seat is None or deal.phase is Phase.DONE:
        return
    if deal.to_move == seat.computer:
        with slot, st.spinner("The computer is thinking…"):
            new = _computer_move(deal, seat.computer, _opponent(seat))
        ss[K_DEAL] = new
        st.rerun()
    if (deal.phase is Phase.PLAY and ss.get("play_autoplay", True)
            and len(deal.legal_plays()) == 1):
        card = deal.legal_plays()[0]
        ss[K_DEAL] = deal.play(seat.learner, card)
        _note(f"Forced: you had only one card you could play, {card.pretty}{VS}.")
        st.rerun()
    if ss.get("play_hints", True):
        cache: dict[Any, Any] = ss.setdefault(K_HINT, {})
        key = _hint_key(deal)
        if key not in cache:
            with slot, st.spinner("Looking for a hint…"):
                helper = new_player("computer:2", 7)
                try:
                    cache[key] = helper.hint(deal.view(seat.learner))
                except Exception:  # a hint is a help, never a failure of the page
                    cache[key] = None
            st.rerun()


def _hint(deal: DealState) -> Any:
    if not _ss().get("play_hints", True):
        return None
    return (_ss().get(K_HINT) or {}).get(_hint_key(deal))


def _show_hint(hint: Any) -> None:
    if hint is None:
        return
    st.info(f"**Hint: {md_escape(_card_words(str(hint.action)))}.** "
            f"{md_escape(_card_words(str(hint.reason)))}",
            icon=":material/lightbulb:")


# --- drawing the deal -----------------------------------------------------------------


def _announcements(score: DealScore | None) -> None:
    """Repique, pique and capot, announced when they happen (and kept on the page)."""
    if score is None:
        return
    for ev in score.reckoning.events:
        if ev.category not in ("repique", "pique", "capot"):
            continue
        who = "You" if ev.player == _ss().get("play_learner") else "The computer"
        text = {"repique": f"Repique! {who} reached 30 on combinations alone before the "
                           "other scored anything: 60 more.",
                "pique": f"Pique! {who} reached 30 in combinations and play before the other "
                         "scored anything: 30 more.",
                "capot": f"Capot! {who} won all twelve tricks: 40."}[ev.category]
        st.markdown(f'<div class="pq-announce">{html.escape(text)}</div>',
                    unsafe_allow_html=True)
        announced: set[str] = _ss().setdefault(K_ANNOUNCED, set())
        if ev.category not in announced:
            announced.add(ev.category)
            st.toast(text, icon=":material/celebration:")


def _hand_with_controls(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    """The learner's hand: one card per column, with a checkbox (exchange) or a button
    (play) under it."""
    hand = sort_cards(view.hand)
    ph = deal.phase
    my_exchange = ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE) and \
        deal.to_move == seat.learner
    my_play = ph is Phase.PLAY and deal.to_move == seat.learner
    legal = set(view.legal) if my_play else set()
    drawn = set(deal.drawn(seat.learner)) if not deal.declared[1] else set()
    hinted = set(getattr(hint, "cards", ()) or ()) if hint is not None else set()
    selected = set(_selected_discards(hand)) if my_exchange else set()
    if not hand:
        return
    _label(hand_label(len(hand), _hand_notes(hand, drawn, selected, hinted & legal,
                                             legal if my_play else None)))
    with st.container(key="play_hand"):
        cols = st.columns(12, gap="small")
        for col, card in zip(cols, hand, strict=False):
            with col:
                outline = card in drawn or card in selected or (card in hinted and my_play)
                dim = (my_play and card not in legal) or card in selected
                st.markdown(card_svg(card, width=CARD_W, highlight=outline, dim=dim,
                                     four_colour=four_colour()), unsafe_allow_html=True)
                if my_exchange:
                    # the card is drawn just above: the label is for screen readers
                    st.checkbox(discard_label(card), key=f"play_discard_{card}",
                                label_visibility="collapsed")
                elif my_play:
                    st.button(card_label(card, four_colour()) if card in legal
                              else card.pretty + VS, key=f"play_card_{card}",
                              disabled=card not in legal, on_click=_on_play,
                              args=(seat.learner, str(card)), width="stretch",
                              help=f"Play the {card.name.lower()}" if card in legal else
                              "You must follow suit")


def _hand_notes(hand: Sequence[Card], drawn: Collection[Card], selected: Collection[Card],
                hinted: Collection[Card], legal: Collection[Card] | None) -> list[str]:
    """What the outlines and dimming on the learner's hand mean (only what is shown)."""
    notes = []
    n = sum(c in drawn for c in hand)
    if n:
        notes.append(f"the {agree(n, 'card', 'cards')} you drew {agree(n, 'is', 'are')} "
                     "outlined")
    n = sum(c in selected for c in hand)
    if n:
        notes.append(f"the {agree(n, 'card', 'cards')} you ticked to discard "
                     f"{agree(n, 'is', 'are')} outlined and dimmed")
    if legal is not None:
        n = sum(c in hinted for c in hand)
        if n:
            notes.append(f"the hinted {agree(n, 'card is', 'cards are')} outlined")
        n = sum(c not in legal for c in hand)
        if n:
            notes.append(f"the {agree(n, 'card', 'cards')} you may not play "
                         f"{agree(n, 'is', 'are')} dimmed")
    return notes


def _exchange_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    role = seat.learner
    if deal.to_move != role:
        st.markdown(f"The computer is **{seat.computer.capitalize()}** and exchanges now.")
        return
    rng = view.exchange_range
    lo, hi = rng.start, rng.stop - 1
    if role == "elder":
        st.markdown(f"**Your exchange.** You are Elder: tick **{lo} to {hi}** cards to "
                    "discard; you draw as many from the top of the talon.")
    else:
        st.markdown(f"**Your exchange.** You are Younger: tick **{lo} to {hi}** "
                    "cards to discard" + (" — or none, to keep your hand" if lo == 0 else "")
                    + "; you draw as many from what is left of the talon.")
    n = len(_selected_discards(view.hand))
    ok = lo <= n <= hi
    label = exchange_button_label(n, lo)
    c1, c2 = st.columns([1, 3])
    c1.button(label, key="play_exchange", type="primary", disabled=not ok,
              on_click=_on_exchange, args=(role,))
    hinted = tuple(getattr(hint, "cards", ()) or ()) if hint is not None else ()
    if hint is not None and getattr(hint, "kind", "") == "discard":
        c2.button("Tick the hinted cards", key="play_take_hint", on_click=_on_take_hint,
                  args=(hinted,), disabled=not hinted)
        _show_hint(hint)
    if not ok:
        st.caption(tick_text(lo, hi, n))


def _declaration_widgets(hand: Sequence[Card]) -> None:
    items = _declarable(hand)
    if not items:
        st.caption("You hold no point, sequence or set to declare… every hand has a point, "
                   "so this cannot happen.")
    st.caption("Untick a combination to sink it (declare less, to hide your hand). "
               "What you sink cannot score.")
    for k, label, _ in items:
        st.checkbox(label, value=True, key=k)


def _declare_panel(deal: DealState, seat: Seat, view: PlayerView, hint: Any) -> None:
    role = seat.learner
    if deal.to_move != role:
        st.markdown("The computer is declaring…")
        return
    hand = view.hand
    if hint is not None and getattr(hint, "kind", "") == "declare":
        _show_hint(hint)
    if role == "elder":
        st.markdown("**Your declarations.** You are Elder: you call first — your point (how "
                    "many cards), your best sequence, your best set. The computer answers.")
        _declaration_widgets(hand)
        try:
            mine = declaration_from_spec(hand, learner_spec(hand), who="Elder")
            calls = Calls.of(mine).lines(None)
            st.markdown(dialogue_html(calls, seat.names), unsafe_allow_html=True)
        except ValueError as e:
            st.error(md_escape(str(e)))
        st.button("Call", key="play_declare", type="primary", on_click=_on_declare,
                  args=(role,))
        return
    st.markdown("**Your declarations.** You are Younger: the computer (Elder) calls; answer "
                "each call — **Good** (his is better), **Not good** (yours is better) or "
                "**Equal** — comparing it with what you declare.")
    _declaration_widgets(hand)
    elder_calls = view.opponent_calls
    if elder_calls is None:  # cannot happen: Younger declares after Elder
        return
    try:
        mine_d: Declaration | None = declaration_from_spec(hand, learner_spec(hand))
    except ValueError:
        mine_d = None
    calls = elder_calls.lines(mine_d.point.length if mine_d and mine_d.point else None)
    for cat in ("point", "sequences", "sets"):
        lines = [ln for ln in calls if ln.category == cat]
        st.markdown(dialogue_html(lines, seat.names), unsafe_allow_html=True)
        if lines and not lines[0].text.startswith("No "):
            st.radio(f"Your answer ({CATEGORY_TITLES[cat].lower()})", ANSWERS, index=None,
                     horizontal=True, key=f"play_answer_{cat}")
    st.button("Answer", key="play_declare", type="primary", on_click=_on_declare,
              args=(role,))


def _dialogue_panel(deal: DealState, seat: Seat, score: DealScore) -> None:
    """The declarations as they were spoken, each verdict with its reason, and the learner's
    answers checked."""
    st.markdown(dialogue_html(spoken_under(score.declarations.dialogue, deal.rules),
                              seat.names), unsafe_allow_html=True)
    for fb in _ss().get(K_FEEDBACK) or []:
        title = CATEGORY_TITLES[fb["category"]]
        if fb["given"] == fb["truth"]:
            st.success(f"{title}: you answered “{fb['given']}” — right. {fb['why']}")
        elif fb["given"] is None:
            st.warning(f"{title}: you did not answer; the answer is “{fb['truth']}”. "
                       f"{fb['why']}")
        else:
            st.error(f"{title}: you answered “{fb['given']}”, but the answer is "
                     f"“{fb['truth']}”. {fb['why']}")
    for v in score.declarations.verdicts:
        st.caption(f"{CATEGORY_TITLES[v.category]}: {v.explain()}")


def _trick_area(deal: DealState, seat: Seat, score: DealScore | None) -> None:
    figs = []
    if deal.lead is not None:
        who = seat.names[deal.leader]
        figs.append((deal.lead, f"{who} led"))
    if figs:
        _label("The trick")
        inner = "".join(
            f"<figure>{card_svg(c, width=CARD_W, four_colour=four_colour())}"
            f"<figcaption>{html.escape(cap)}</figcaption></figure>" for c, cap in figs)
        st.markdown(f'<div class="pq-trick">{inner}</div>', unsafe_allow_html=True)
    if score is not None and score.play.tricks:
        t = score.play.tricks[-1]
        winner = "you" if t.winner == seat.learner else "the computer"
        _label(f"Trick {t.number} — won by {winner}")
        _html_cards((t.led, t.second), width=SMALL_W + 8,
                    highlight={t.led if t.winner == t.leader else t.second})
        st.caption(_card_words(_named(t.explain(), seat)) + " The winning card is outlined.")


def _tally(score: DealScore | None, seat: Seat) -> None:
    if score is None:
        return
    sheet = score.as_dict()
    _label("This deal, by category")
    st.markdown(tally_html(sheet, [(seat.learner, "You"), (seat.computer, "Computer")]),
                unsafe_allow_html=True)
    won = (score.play.tricks_won(seat.learner), score.play.tricks_won(seat.computer))
    st.caption(tricks_caption(won[0], won[1]))


def _deal_summary(deal: DealState, seat: Seat, score: DealScore) -> None:
    sheet = score.as_dict()
    you, comp = sheet[seat.learner]["total"], sheet[seat.computer]["total"]
    st.subheader(f"Deal over: you {you}, the computer {comp}")
    st.markdown(md_escape(_named(score.reckoning.explain_bonus(), seat)))
    c1, c2, c3 = st.columns(3)
    c1.download_button("Download this deal (JSON)", json.dumps(deal.record(), indent=1),
                       file_name=f"piquet-deal-{deal.seed}.json", mime="application/json",
                       key="play_download", icon=":material/download:")
    c2.button("Replay it step by step", key="play_replay", on_click=_on_replay_deal,
              icon=":material/slideshow:")
    partie: Partie = _ss()[K_PARTIE]
    last = partie.add(sheet[seat.learner]["total"], sheet[seat.computer]["total"]).finished
    c3.button("Next deal" if not last else "Finish the partie", key="play_next_deal",
              type="primary", on_click=_on_next_deal, args=(seat.learner,),
              icon=":material/arrow_forward:")


def _partie_sheet(partie: Partie) -> None:
    records = _ss().get(K_RECORDS) or []
    rows = ['<tr><th>Deal</th><th>You were</th><th>You</th><th>Computer</th>'
            '<th>Your total</th><th>Computer total</th></tr>']
    a = b = 0
    for i, (x, y) in enumerate(partie.scores, 1):
        a += x
        b += y
        role = records[i - 1]["you"].capitalize() if i <= len(records) else ""
        rows.append(f"<tr><td>{i}</td><td>{role}</td><td>{x}</td><td>{y}</td>"
                    f"<td>{a}</td><td>{b}</td></tr>")
    st.markdown(f'<table class="pq-tally">{"".join(rows)}</table>', unsafe_allow_html=True)


def _cut_panel() -> None:
    cut = _ss()[K_CUT]
    rules = get_rules(cut["rules"])
    cuts = cut["cuts"]
    st.subheader("The cut")
    for n, c in enumerate(cuts, 1):
        c1, c2 = st.columns(2)
        with c1:
            _html_cards((c.a,), width=SMALL_W + 8, caption="You cut" + (
                f" (cut {n})" if len(cuts) > 1 else ""))
        with c2:
            _html_cards((c.b,), width=SMALL_W + 8, caption="The computer cut")
    if len(cuts) > 1:
        st.caption("Equal ranks cut again.")
    higher = cut["higher"]
    who = "You" if higher == "A" else "The computer"
    if rules.higher_cut_chooses:
        st.markdown(f"{who} cut higher. {rule_sentence(rules, 'higher_cut_chooses')} "
                    "Cavendish advises the higher cut to deal, since the first dealer is "
                    "Elder in the sixth deal.")
        if higher == "A" and _ss().get(K_PARTIE) is None:
            c1, c2 = st.columns(2)
            c1.button("I deal first", key="play_choose_deal", on_click=_on_choose,
                      args=("A",))
            c2.button("The computer deals first", key="play_choose_elder",
                      on_click=_on_choose, args=("B",))
    else:
        st.markdown(f"{who} cut higher, so {'you deal' if higher == 'A' else 'it deals'} "
                    f"first. {rule_sentence(rules, 'higher_cut_chooses')}")


def _start_panel() -> None:
    st.markdown("Play a **partie** of six deals against the computer. You alternate as "
                "Elder and Younger. Every score is the engine's, under the rules chosen in "
                "the sidebar; the partie keeps the rules it started with.")
    st.segmented_control("Computer", list(STRENGTHS), key=K_STRENGTH, default="computer",
                         format_func=lambda k: STRENGTHS[k], required=True,
                         persist_state="session")
    st.button("Start a partie", key="play_new_partie", type="primary",
              on_click=_on_new_partie, icon=":material/playing_cards:")


def _deal_header(partie: Partie, seat: Seat) -> None:
    n = len(partie.scores) + 1
    dealer = "the computer dealt" if seat.learner == "elder" else "you dealt"
    ta, tb = partie.totals
    st.markdown(f"**Deal {n} of {partie.deals_to_play}** · you are "
                f"**{seat.learner.capitalize()}** ({dealer}) · {partie.rules.title} · "
                f"partie so far: you {ta}, the computer {tb}")


def _controls(deal: DealState) -> None:
    c1, c2, c3 = st.columns([1, 1, 1])
    c1.toggle("Hints", key="play_hints", value=True, persist_state="session",
              help="What to discard, what to declare, which card to play, with a reason.")
    c2.toggle("Auto-play forced cards", key="play_autoplay", value=True,
              persist_state="session",
              help="When you have only one card you may play, play it for you.")
    stack = _ss().get(K_UNDO) or []
    c3.button("Undo my last action", key="play_undo", on_click=_on_undo,
              disabled=not stack,
              icon=":material/undo:")


def render_play() -> None:
    """The Play tab: the cut, then each deal of the partie, then the settlement."""
    ss = _ss()
    slot = st.empty()
    t0 = ss.pop(K_T0, None)
    partie: Partie | None = ss.get(K_PARTIE)
    deal: DealState | None = ss.get(K_DEAL)
    seat: Seat | None = None

    if ss.get(K_CUT) is None:
        _start_panel()
    elif partie is None:
        _cut_panel()
    elif deal is None:
        if partie.finished:
            _settlement(partie)
        else:
            seat = _seat(partie)
            if not partie.scores:
                _cut_panel()
            _deal_header(partie, seat)
            who = "You deal" if seat.learner == "younger" else "The computer deals"
            batch = {2: "twos", 3: "threes"}.get(ss.get(K_BATCH, 3), "threes")
            st.markdown(f"{who}: twelve cards each, in {batch}, Elder first; the other eight "
                        "to the talon.")
            st.button("Deal the cards", key="play_deal", type="primary", on_click=_on_deal,
                      icon=":material/playing_cards:")
        seat = None
    else:
        seat = _seat(partie)
        ss["play_learner"] = seat.learner
        _render_deal(partie, deal, seat)

    if t0 is not None:
        ms = (time.perf_counter() - t0) * 1000
        ss[K_MS] = round(ms, 1)
        ss.setdefault("play_click_log", []).append(round(ms, 1))
    _advance(ss.get(K_DEAL) if seat else None, seat, slot)


def _render_deal(partie: Partie, deal: DealState, seat: Seat) -> None:
    view = deal.view(seat.learner)
    score = deal.score() if deal.declared[1] else None
    hint = _hint(deal) if deal.to_move == seat.learner else None
    ph = deal.phase
    _deal_header(partie, seat)
    _controls(deal)
    if _ss().get(K_ERROR):
        st.error(md_escape(_ss()[K_ERROR]))
    for text in _ss().get(K_NOTES) or []:
        st.caption(text)
    mine, theirs = (deal.blanche if seat.learner == "elder" else deal.blanche[::-1])
    if mine:
        st.success("Carte blanche! Your twelve cards as dealt hold no king, queen or jack: "
                   "10 points, reckoned before everything else. "
                   + blanche_showing(deal.rules, seat.learner))
    if theirs:
        shown = view.opponent_blanche
        st.warning("The computer announces carte blanche: 10 points, reckoned first. "
                   + blanche_showing(deal.rules, seat.computer)
                   + (f" It shows its cards: {_pretty(sort_cards(shown))}." if shown else ""))
    _announcements(score)
    if ph is Phase.DONE and score is not None:
        _deal_summary(deal, seat, score)

    left, right = st.columns([3, 2], gap="large")
    with left:
        opp_n = len(deal.hand(seat.computer))
        if opp_n:
            _label(computer_hand_label(opp_n))
            _backs(opp_n, width=30)
        if view.opponent_shown and ph is not Phase.DONE:
            _html_cards(sort_cards(view.opponent_shown), width=34,
                        caption="Cards the computer has shown in declaring")
        if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
            talon_n = len(deal.talon) - len(deal.elder_discard or ())
            _label(talon_label(talon_n))
            _backs(talon_n, width=30)
        _trick_area(deal, seat, score)
        left_cards = _left_cards(deal, seat)
        if left_cards:
            with st.expander(left_cards_label(len(left_cards))):
                st.caption("As Elder you may look at the cards of your five you did not take.")
                _html_cards(left_cards, width=SMALL_W)
    with right:
        _tally(score, seat)
        mine_disc = view.discard
        if mine_disc:
            _html_cards(sort_cards(mine_disc), width=30, caption="Your discards")
    if ph is Phase.PLAY and deal.to_move == seat.learner:
        if hint is not None and getattr(hint, "kind", "") == "play":
            _show_hint(hint)
        st.markdown("**Your turn:** click a card to "
                    + ("lead." if deal.lead is None else "play to the trick."))
    _hand_with_controls(deal, seat, view, hint)
    if ph in (Phase.ELDER_EXCHANGE, Phase.YOUNGER_EXCHANGE):
        _exchange_panel(deal, seat, view, hint)
    elif ph in (Phase.ELDER_DECLARES, Phase.YOUNGER_DECLARES):
        _declare_panel(deal, seat, view, hint)
    if score is not None:
        with st.expander("The declarations, as they were spoken", expanded=not deal.tricks,
                         icon=":material/record_voice_over:"):
            _dialogue_panel(deal, seat, score)


def _named(text: str, seat: Seat) -> str:
    """An engine sentence with "Elder"/"Younger" told apart: "Elder (you)"."""
    for role in ("elder", "younger"):
        word = role.capitalize()
        who = "you" if role == seat.learner else "the computer"
        text = text.replace(word, f"{word} ({who})", 1)
    return text


def _left_cards(deal: DealState, seat: Seat) -> tuple[Card, ...]:
    if seat.learner != "elder" or deal.elder_discard is None or deal.declared[1]:
        return ()
    return deal.talon[len(deal.elder_discard):5]


def _settlement(partie: Partie) -> None:
    s = partie.settlement
    st.subheader("The partie is over")
    _partie_sheet(partie)
    if s is None:
        return
    ta = partie.totals[0]
    if s.winner is None:
        st.info(f"You and the computer both have {ta}: the partie is drawn and nobody scores.")
    else:
        text = s.explain().replace("A has", "You have").replace("B has", "The computer has")
        text = text.replace("A scores", "You score").replace("B scores", "The computer scores")
        who = "You win" if s.winner == "A" else "The computer wins"
        (st.success if s.winner == "A" else st.warning)(f"**{who} {s.points}.** {text}")
    if len(partie.scores) == 8:
        st.caption("The totals were equal after six deals, so two more deals were played.")
    a = ",".join(str(x) for x, _ in partie.scores)
    b = ",".join(str(y) for _, y in partie.scores)
    st.page_link("app_pages/scoresheet.py", label="Open this partie on the score sheet",
                 icon=":material/table:", query_params={"a": a, "b": b})
    st.button("Play another partie", key="play_new_partie", type="primary",
              on_click=_on_new_partie)


# =========================================================================== walkthrough

LOADED: Final = "__loaded__"
"""The scenario picker's entry for a loaded deal (your last deal, a pasted or uploaded
record, a ``?record=`` link)."""
WT_LINK_TEXT: Final = ("The link holds the whole deal record, so it shows this deal to anyone "
                       "who opens it, without the file.")


@st.cache_data(show_spinner=False)
def scenario_library() -> dict[str, dict[str, Any]]:
    """Every scenario file under content/scenarios/, by name."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(SCENARIOS.glob("*.json")):
        out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return out


@st.cache_data(show_spinner=False)
def _library_records() -> dict[str, str]:
    """``{canonical record JSON: scenario name}`` for every library scenario."""
    out: dict[str, str] = {}
    for name, data in scenario_library().items():
        try:
            rec = DealRecord.from_json(data.get("record", data))
        except (ValueError, TypeError):
            continue
        out[json.dumps(rec.to_json(), sort_keys=True)] = name
    return out


@st.cache_data(show_spinner=False, max_entries=64)
def _walk(text: str, name: str) -> Walkthrough:
    return walkthrough(json.loads(text), name)


def _load_into_walkthrough(data: Any, title: str = "A loaded deal") -> bool:
    """Show a record (or a scenario) in the walkthrough: a library scenario's own record
    opens that scenario; any other deal becomes the picker's "loaded" entry."""
    ss = _ss()
    if isinstance(data, dict) and "record" not in data:  # a bare record: give it a title
        data = {"title": title, "record": data}
    try:
        w = walkthrough(data, "")
    except (ValueError, TypeError) as e:
        ss["wt_error"] = str(e)
        return False
    ss["wt_error"] = None
    ss["wt_step"] = 1
    name = _library_records().get(json.dumps(w.score.record.to_json(), sort_keys=True))
    if name is not None:
        ss["wt_scenario"] = name
        ss["wt_source"] = "library"
        return True
    ss["wt_loaded"] = json.dumps(data)
    ss["wt_loaded_title"] = w.scenario.title
    ss["wt_source"] = "loaded"
    ss["wt_scenario"] = LOADED
    return True


def _on_load_text() -> None:
    """Load the record in the text box (pasted, uploaded or the example): its problems, in
    plain words, stay beside the box."""
    ss = _ss()
    record, problems = parse_record_text(ss.get("wt_text") or "")
    ss["wt_problems"] = problems
    if record is None:
        return
    if "rules" not in record:  # a record that names no preset: the sidebar's
        record = {**record, "rules": current_rules().name}
    if not _load_into_walkthrough(record, "A loaded deal"):
        ss["wt_problems"] = [md_escape(str(ss.get("wt_error")))]
        ss["wt_error"] = None


def _on_pick_scenario() -> None:
    ss = _ss()
    ss["wt_source"] = "loaded" if ss.get("wt_scenario") == LOADED else "library"
    ss["wt_step"] = 1


def _go(step: int) -> None:
    _ss()["wt_step"] = step


def _on_present() -> None:
    if _ss().get("wt_present"):
        st.query_params["present"] = "1"
    else:
        st.query_params.pop("present", None)


def _init_from_params(library: dict[str, dict[str, Any]]) -> None:
    """Read ``?scenario=NAME`` or ``?record=…``, ``&step=N&present=1`` once; say what cannot
    be used and show a scenario instead."""
    ss = _ss()
    if ss.get("wt_params_read"):
        return
    ss["wt_params_read"] = True
    first = next(iter(library))
    first_title = library[first].get("title", first)
    raw_record = st.query_params.get("record")
    name = st.query_params.get("scenario")
    if raw_record is not None:
        try:
            data = decode_record(raw_record)
        except ValueError as e:
            ss["wt_warning"] = (f"The deal in this link cannot be shown: {e}. Showing the "
                                f"scenario “{first_title}” instead.")
        else:
            if not _load_into_walkthrough({"title": "A deal from a link", "record": data}):
                ss["wt_warning"] = (f"The deal in this link cannot be shown: "
                                    f"{ss.get('wt_error')}. Showing the scenario "
                                    f"“{first_title}” instead.")
                ss["wt_error"] = None
        if ss.get("wt_warning"):
            ss["wt_scenario"] = first
            ss["wt_source"] = "library"
    elif name is not None:
        if name in library:
            ss["wt_scenario"] = name
            ss["wt_source"] = "library"
        else:
            ss["wt_warning"] = (f"There is no scenario called “{name[:40]}”; showing "
                                f"“{first_title}” instead.")
    raw = st.query_params.get("step")
    if raw is not None:
        if raw.isdigit() and int(raw) >= 1:
            ss["wt_step"] = int(raw)
        else:
            ss["wt_warning_step"] = f"Step “{raw[:20]}” is not a step number; starting at 1."
    if st.query_params.get("present") == "1":
        ss["wt_present"] = True


def _current_walkthrough(library: dict[str, dict[str, Any]]) -> Walkthrough | None:
    ss = _ss()
    if ss.get("wt_source") == "loaded" and ss.get("wt_loaded"):
        try:
            return _walk(ss["wt_loaded"], "")
        except (ValueError, TypeError) as e:
            st.error(md_escape(str(e)))
            ss["wt_source"] = "library"
    name = ss.get("wt_scenario")
    if name not in library:
        name = next(iter(library))
        ss["wt_scenario"] = name
    try:
        return _walk(json.dumps(library[name]), name)
    except (ValueError, TypeError) as e:
        st.error(f"The scenario {md_escape(repr(name))} cannot be shown: {md_escape(str(e))}")
        return None


def _scenario_picker(library: dict[str, dict[str, Any]]) -> None:
    """The scenarios, and the loaded deal (first) when there is one: the picker always names
    the deal on the page."""
    ss = _ss()
    options = ([LOADED] if ss.get("wt_loaded") else []) + list(library)
    if ss.get("wt_source") == "loaded" and ss.get("wt_loaded"):
        ss["wt_scenario"] = LOADED
    elif ss.get("wt_scenario") not in library:
        ss["wt_scenario"] = next(iter(library))

    loaded = f"{ss.get('wt_loaded_title') or 'A loaded deal'} (loaded)"
    titles = {n: str(data.get("title", n)) for n, data in library.items()}

    def title(n: str) -> str:  # AppTest calls it outside the run: no session state here
        return loaded if n == LOADED else titles.get(n, n)

    st.selectbox("Scenario", options, key="wt_scenario", format_func=title,
                 on_change=_on_pick_scenario, persist_state="session")


def walk_params(w: Walkthrough, step_no: int, present: bool = False) -> dict[str, str]:
    """The query parameters of a link to this step: a library scenario by name, any other
    deal as its record (``?record=`` :func:`~academy.walkthrough.encode_record`)."""
    ss = _ss()
    if ss.get("wt_source") == "loaded":
        params = {"record": encode_record(w.score.record)}
    else:
        params = {"scenario": str(ss.get("wt_scenario"))}
    params["step"] = str(step_no)
    if present:
        params["present"] = "1"
    return params


def _write_params(params: dict[str, str]) -> None:
    for k in ("scenario", "record"):
        if k not in params:
            st.query_params.pop(k, None)
    for k, v in params.items():
        if st.query_params.get(k) != v:
            st.query_params[k] = v


def render_walkthrough() -> None:
    """Replay and teach: a scenario (or a loaded record) step by step."""
    ss = _ss()
    library = scenario_library()
    if not library:
        st.warning("No scenarios found under content/scenarios/.")
        return
    present = bool(ss.get("wt_present"))
    if present:
        _css(present=True)
    for key in ("wt_warning", "wt_warning_step"):
        msg = ss.pop(key, None)
        if msg:
            ss[f"{key}_shown"] = msg
        msg = ss.get(f"{key}_shown")
        if msg:
            st.warning(md_escape(msg))

    if not present:
        c1, c2 = st.columns([3, 2])
        with c1:
            _scenario_picker(library)
        with c2:
            st.toggle("Load a deal record", key="wt_show_load",
                      help="Paste or upload a deal record (JSON) to replay it step by step.")
        if ss.get("wt_show_load"):
            _record_box()
        _present_toggle()
    w = _current_walkthrough(library)
    if w is None:
        return
    shown = (ss.get("wt_source"), ss.get("wt_scenario"), hash(str(ss.get("wt_loaded"))))
    if ss.get("wt_rules_followed") != shown:  # a deal newly shown: the sidebar shows its preset
        ss["wt_rules_followed"] = shown
        follow_rules(w.score.record.rules.name)
    n = len(w.steps)
    step_no = int(ss.get("wt_step") or 1)
    if step_no > n:
        st.warning(step_missing(step_no, n))
        step_no = n
    ss["wt_step"] = step_no
    step = w.step(step_no)
    params = walk_params(w, step_no)
    _write_params({**params, **({"present": "1"} if present else {})})
    _render_step(w, step, present, params)


def _record_box() -> None:
    """Where the walkthrough accepts a record: the text box, the format and an example
    (:mod:`ui.record_help`), an upload, and the record's problems in plain words."""
    ss = _ss()
    with st.container(border=True, key="wt_record_box"):
        st.text_area("Paste a deal record (JSON)", key="wt_text", height=140,
                     placeholder='{"elder": [...], "younger": [...], "talon": [...], ...}')
        record_help("wt_help", "wt_text", on_load=_on_load_text,
                    no_rules_means="the preset chosen in the sidebar")
        record_uploader("wt_file", "wt_text", on_load=_on_load_text)
        st.button("Load", key="wt_load", on_click=_on_load_text, type="primary",
                  icon=":material/slideshow:")
        show_record_problems(ss.get("wt_problems") or [])


def _nav(n: int, k: int, present: bool) -> None:
    if present:
        c1, c2, c3 = st.columns([1, 2, 1])
        c1.button("◀ Back", key="wt_prev", on_click=_go, args=(k - 1,), disabled=k <= 1,
                  shortcut="Left", width="stretch")
        c2.markdown(f"<div class='pq-present-step'>Step {k} of {n}</div>",
                    unsafe_allow_html=True)
        c3.button("Next ▶", key="wt_next", on_click=_go, args=(k + 1,), disabled=k >= n,
                  shortcut="Right", type="primary", width="stretch")
        return
    with st.container(key="wt_nav"):
        _nav_row(n, k)


def _nav_row(n: int, k: int) -> None:
    c1, c2, c3, c4, c5 = st.columns([1, 1, 3, 1, 1])
    c1.button("First", key="wt_first", on_click=_go, args=(1,), disabled=k <= 1,
              icon=":material/first_page:", width="stretch")
    c2.button("Back", key="wt_prev", on_click=_go, args=(k - 1,), disabled=k <= 1,
              icon=":material/chevron_left:", shortcut="Left", width="stretch")
    c3.progress(k / n, text=f"Step {k} of {n}")
    c4.button("Next", key="wt_next", on_click=_go, args=(k + 1,), disabled=k >= n,
              icon=":material/chevron_right:", shortcut="Right", type="primary",
              width="stretch")
    c5.button("Last", key="wt_last", on_click=_go, args=(n,), disabled=k >= n,
              icon=":material/last_page:", width="stretch")


def _present_toggle() -> None:
    st.toggle("Presentation mode", key="wt_present", on_change=_on_present,
              help="For a projector: big cards and text, no sidebar, one step per click or "
                   "per arrow key (← →).")


def _share(params: dict[str, str], loaded: bool) -> None:
    link = page_url("/play", params)
    with st.expander("Link to this step", icon=":material/link:"):
        st.code(link, language=None, wrap_lines=True)
        st.caption(WT_LINK_TEXT if loaded else
                   "The link opens this scenario at this step.")


def _render_step(w: Walkthrough, step: Step, present: bool,
                 params: dict[str, str] | None = None) -> None:
    sc = w.scenario
    rules = w.score.record.rules
    n = len(w.steps)
    if present:
        st.markdown(f'<div class="pq-present-title">{html.escape(sc.title)}</div>',
                    unsafe_allow_html=True)
    else:
        st.subheader(md_escape(sc.title))
        if sc.lesson:
            st.markdown(f"**Lesson:** {md_escape(sc.lesson)}")
        if rules.name != current_rules().name:
            st.caption(f"This deal is scored under its own rules: {rules.title}.")
    _nav(n, step.number, present)
    hands = {"elder": step.elder_hand, "younger": step.younger_hand}
    trick_cards = frozenset(step.trick or ())
    shown = frozenset(step.elder_hand) | frozenset(step.younger_hand) | trick_cards
    outlined = step.highlight_note if step.highlight & shown else ""
    box = st.container(key="pq_big" if present else "wt_box")
    with box:
        title = f"{step.number}. {step.title}"
        if step.announcement:
            st.markdown(f'<div class="pq-announce">{html.escape(step.announcement)}</div>',
                        unsafe_allow_html=True)
        if present:
            st.markdown(f'<div class="pq-present-caption"><b>{html.escape(title)}</b><br>'
                        f"{html.escape(step.caption)}"
                        + (f"<br><i>{html.escape(step.note)}</i>" if step.note else "")
                        + (f'<br><span class="pq-outlined">Outlined: {html.escape(outlined)}.'
                           "</span>" if outlined else "")
                        + "</div>", unsafe_allow_html=True)
        else:
            st.markdown(f"#### {md_escape(title)}")
            st.info(md_escape(step.caption))
            if step.note:
                st.markdown(f":material/lightbulb: {md_escape(step.note)}")
            if outlined:
                st.caption(f"Outlined: {outlined}.")
        left, right = st.columns([3, 2], gap="large")
        width = CARD_W
        with left, st.container(key="pq_hands" if present else "wt_hands"):
            for role in ("elder", "younger"):
                hand = hands[role]
                if step.kind in ("trick", "result"):
                    won = step.tricks_won[0 if role == "elder" else 1]
                    lbl = tricks_won_label(role, won, role == "younger")
                else:
                    lbl = role.capitalize() + (" (dealer)" if role == "younger" else "")
                _label(lbl)
                if hand:
                    _html_cards(hand, width=width, overlap=True,
                                highlight=step.highlight & frozenset(hand))
                else:
                    st.caption("No cards left.")
        trick_col = right if present else left
        if step.trick is not None:
            with trick_col, st.container(key="pq_trick" if present else "wt_trick"):
                led, second = step.trick
                leader = (step.trick_leader or "").capitalize()
                _label(f"Trick {step.trick_number}: {leader} leads".strip())
                _html_cards((led, second), width=width, highlight=step.highlight & trick_cards)
        with left:
            if step.talon and step.kind in ("deal", "blanche", "exchange"):
                _label(walk_talon_label(len(step.talon)))
                _html_cards(step.talon, width=SMALL_W, dim=step.talon)
            if step.kind in ("exchange", "dialogue") and (step.elder_discard
                                                           or step.younger_discard):
                d1, d2 = st.columns(2)
                with d1:
                    _html_cards(step.elder_discard, width=SMALL_W, caption="Elder's discards")
                with d2:
                    _html_cards(step.younger_discard, width=SMALL_W,
                                caption="Younger's discards")
        with right:
            _label("Running tally")
            st.markdown(tally_html(step.tally, [("elder", "Elder"), ("younger", "Younger")]),
                        unsafe_allow_html=True)
            if step.dialogue:
                lines = step.dialogue[-4:] if present else step.dialogue
                _label("The dialogue so far" if len(lines) == len(step.dialogue)
                       else "The dialogue (the last lines)")
                st.markdown(dialogue_html(lines), unsafe_allow_html=True)
    if step.number == n and not present:
        if sc.summary:
            st.success(md_escape(sc.summary))
        st.download_button("Download this deal record (JSON)",
                           json.dumps(w.score.record.to_json(), indent=1),
                           file_name=f"{sc.name or 'deal'}.json", mime="application/json",
                           key="wt_download", icon=":material/download:")
    if not present and sc.summary and step.number != n:
        with st.expander("What this deal shows"):
            st.markdown(md_escape(sc.summary))
    if not present and params is not None:
        _share(params, "record" in params)
    if present:
        _present_toggle()


# =========================================================================== the page


def render_page() -> None:
    """The Play page: a partie against the computer, or replay and teach."""
    _css()
    ss = _ss()
    if "play_mode" not in ss:
        qp = st.query_params
        ss["play_mode"] = "teach" if any(k in qp for k in ("scenario", "record", "step",
                                                              "present")) else "play"
    if ss.get("play_mode") == "teach":
        _init_from_params(scenario_library())
    if not ss.get("wt_present") or ss.get("play_mode") != "teach":
        st.title("Play")
        st.segmented_control("Mode", ["play", "teach"], key="play_mode", required=True,
                             format_func=lambda m: {"play": "Play against the computer",
                                                    "teach": "Replay and teach"}[m],
                             label_visibility="collapsed", persist_state="session")
    if ss.get("play_mode") == "teach":
        render_walkthrough()
    else:
        for k in ("scenario", "record", "step", "present"):
            st.query_params.pop(k, None)
        render_play()


__all__ = ["COUNTED_MESSAGES", "LOADED", "FallbackPlayer", "dialogue_html", "learner_spec",
           "new_player", "render_page", "render_play", "render_walkthrough", "scenario_library",
           "tally_html", "walk_params"]

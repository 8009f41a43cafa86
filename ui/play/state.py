"""Session state of the Play page, and the callbacks that move it.

Everything a learner does is a button or checkbox whose ``on_click``/``on_change`` callback
moves the immutable :class:`~piquet.deal.DealState` kept in ``st.session_state["play_state"]``
(every key starts with ``play_`` or ``wt_``). A callback only applies the learner's own
action, so it is quick; the computer's move (and a hint) is computed afterwards
(:mod:`ui.play.computer`). The walkthrough's keys (``wt_*``) and callbacks are here too, with
the scenario library it reads and the ``?scenario=``/``?record=``/``?step=``/``?present=``
parameters it starts from."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import streamlit as st

from academy.review import Decision, state_before
from academy.walkthrough import (
    decode_record,
    walkthrough,
)
from piquet import Card, Partie, cut_for_deal
from piquet.combos import CardSet, Point, Sequence as Run, analyse
from piquet.deal import DealState, Phase
from piquet.declare import (
    Answer,
    Verdict,
    declaration_from_spec,
    verdict,
)
from piquet.reckon import PIQUE, Role, find_bonuses
from piquet.record import DealRecord
from ui.play.words import card_text, cards_text, computer_exchanged
from ui.record_help import (
    forget_upload_problems,
    parse_record_text,
)
from ui.settings import current_rules
from ui.text import md_escape, md_quote
from words import _, ngettext
from words.declarations import combination_name
from words.errors import error_text

ROOT: Final = Path(__file__).resolve().parent.parent.parent
SCENARIOS: Final = ROOT / "content" / "scenarios"


STRENGTHS: Final = ("computer:1", "computer:2", "computer")
"""The computer players the learner may play against, weakest first."""


def strength_label(name: str) -> str:
    """The name of a computer strength on the page: Beginner, Club player, Expert."""
    return {"computer:1": _("Beginner"), "computer:2": _("Club player"),
            "computer": _("Expert")}[name]


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
"""The error (the exception) the learner's last action raised; said at draw time."""
K_COMPUTER_ERROR: Final = "play_computer_error"
"""(the deal state, the error its computer's move raised): shown, and not tried again."""


LOADED: Final = "__loaded__"
"""The scenario picker's entry for a loaded deal (your last deal, a pasted or uploaded
record, a ``?record=`` link)."""


def _ss() -> Any:
    return st.session_state


def _other(role: Role) -> Role:
    return "younger" if role == "elder" else "elder"


@dataclass
class Seat:
    """Who sits where in the current deal (``names``: the speakers' names on the page)."""

    learner: Role
    computer: Role
    names: dict[str, str] = field(default_factory=dict)


def deal_totals(deal: DealState, learner: Role) -> tuple[int, int]:
    """(the learner's total, the computer's) of a deal scored so far: its declarations once
    both have declared, the tricks completed and the lead of the trick under way (the point
    a lead scores counts the moment the card is led, as the leader says it)."""
    if not deal.declared[1]:
        return (0, 0)
    sheet = sheet_now(deal)
    return sheet[learner]["total"], sheet[_other(learner)]["total"]


def sheet_now(deal: DealState) -> dict[str, dict[str, int]]:
    """The deal's score sheet by category as it stands: :meth:`DealState.score`'s, with the
    point for the card led to the trick under way (and a pique it brings) counted at once."""
    score = deal.score()
    sheet = score.as_dict()
    if deal.lead is None or deal.leader is None:
        return sheet
    leader = deal.leader
    sheet[leader]["play"] += 1
    sheet[leader]["total"] += 1
    if score.bonus.pique < 0 and score.bonus.repique < 0:
        entries = [(who, pts) for _cat, who, pts in score.declarations.entries]
        scorers = [*score.play.scorers, 0 if leader == "elder" else 1]
        if find_bonuses(entries, scorers).pique == 0:
            sheet["elder"]["pique"] += PIQUE
            sheet["elder"]["total"] += PIQUE
    return sheet


def partie_so_far(partie: Partie, deal: DealState | None, learner: Role) -> Partie:
    """The partie with the deal on the table counted once it is over: its totals change the
    moment the deal ends, not when the learner asks for the next one."""
    if deal is None or deal.phase is not Phase.DONE or partie.finished:
        return partie
    return partie.add(*deal_totals(deal, learner))


def _seat(partie: Partie) -> Seat:
    """The learner is A. The dealer is Younger, so the learner is Younger when he deals."""
    learner: Role = "younger" if partie.next_dealer == "A" else "elder"
    computer = _other(learner)
    return Seat(learner, computer, {learner: _("You"), computer: _("Computer")})


@dataclass(frozen=True)
class Note:
    """A line said under the deal's header, as facts: ``kind`` is ``"exchanged"`` (the
    computer, as ``role``, exchanged ``count`` cards), ``"forced"`` (``card`` was the
    learner's only legal card and was played) or ``"undone"``."""

    kind: str
    role: Role = "elder"
    count: int = 0
    card: Card | None = None


def note_text(note: Note) -> str:
    """A note in words."""
    if note.kind == "exchanged":
        return computer_exchanged(note.role, note.count)
    if note.kind == "forced" and note.card is not None:
        return _("Forced: you had only one card you could play, {card}.",
                 card=card_text(note.card))
    return _("Your last action was undone.")


@dataclass(frozen=True)
class Feedback:
    """Younger's answer to one of Elder's calls, checked: ``given`` (None: not answered),
    the right answer and the verdict that says why."""

    category: str
    given: Answer | None
    truth: Answer
    verdict: Verdict


def _start_clock() -> None:
    _ss()[K_T0] = time.perf_counter()


def _note(note: Note) -> None:
    _ss().setdefault(K_NOTES, []).append(note)


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
    _fresh_deal(ss)
    if higher == "B" or not rules.higher_cut_chooses:
        # Britannica: the higher cut deals. Cavendish: the higher cut chooses; the computer,
        # as Cavendish advises, chooses to deal.
        _choose_first_dealer(higher)


def _fresh_deal(ss: Any) -> None:
    """A new deal's empty undo list, feedback, notes, hint and announcements, and no error."""
    ss[K_UNDO] = []
    ss[K_FEEDBACK] = []
    ss[K_NOTES] = []
    ss[K_HINT] = {}
    ss[K_ANNOUNCED] = set()
    ss[K_COMPUTER_ERROR] = None


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
    _fresh_deal(ss)
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
        ss[K_ERROR] = e
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
        # TRANSLATORS: a checkbox: the point, its cards and what it scores
        out.append(("play_decl_point", ngettext(
            "Point: {n} card making {pips} ({cards}) — {score}",
            "Point: {n} cards making {pips} ({cards}) — {score}", p.length, pips=p.pips,
            cards=cards_text(p.cards), score=p.score), p))
    for i, r in enumerate(combos.sequences):
        out.append((f"play_decl_seq_{i}", _combination_label(r), r))
    for i, s in enumerate(combos.sets):
        out.append((f"play_decl_set_{i}", _combination_label(s), s))
    return out


def _combination_label(c: Run | CardSet) -> str:
    # TRANSLATORS: a checkbox: a sequence or a set ("Quart major"), its cards, its score
    return _("{name} ({cards}) — {score}", name=combination_name(c), cards=cards_text(c.cards),
             score=c.score)


def learner_spec(hand: Sequence[Card]) -> dict[str, Any] | None:
    """The declaration spec built from the learner's ticks (None: everything, in full)."""
    items = _declarable(hand)
    if all(_ss().get(item[0], True) for item in items):
        return None
    spec: dict[str, Any] = {"point": [], "sequences": [], "sets": []}
    for k, _label, combo in items:
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
    feedback: list[Feedback] = []
    if role == "younger":
        try:
            mine = declaration_from_spec(hand, spec, who="Younger")
        except ValueError as e:
            ss[K_ERROR] = e
            return
        elder_decl = deal.declaration("elder", deal.specs[0])
        for cat in ("point", "sequences", "sets"):
            v = verdict(cat, elder_decl, mine)
            if v.reply is None:
                continue
            given = ss.get(f"play_answer_{cat}")
            feedback.append(Feedback(cat, given if isinstance(given, Answer) else None,
                                     v.reply, v))
    _apply(lambda d: d.declare(role, spec))
    if ss.get(K_ERROR) is None:
        ss[K_FEEDBACK] = feedback


def _on_play(role: Role, card: str) -> None:
    deal: DealState = _ss()[K_DEAL]
    played = {str(c) for t in deal.tricks for c in t} | (
        {str(deal.lead)} if deal.lead is not None else set())
    if card in played:
        return  # a second click on a card already played, before the page redrew: nothing
    _apply(lambda d: d.play(role, card))


def _on_undo() -> None:
    _start_clock()
    ss = _ss()
    stack: list[DealState] = ss.get(K_UNDO) or []
    if not stack:
        return
    ss[K_DEAL] = stack.pop()
    ss[K_NOTES] = [Note("undone")]
    ss[K_ERROR] = None
    if not ss[K_DEAL].declared[1]:
        ss[K_FEEDBACK] = []
    ss[K_ANNOUNCED] = set()
    ss[K_COMPUTER_ERROR] = None


def _on_try_again(record: dict[str, Any], decision: Decision) -> None:
    """The deal played again from ``decision`` (from the review), against the computer."""
    _start_clock()
    ss = _ss()
    state = state_before(record, decision)
    ss[K_DEAL] = state
    ss[K_UNDO] = []
    ss[K_NOTES] = []
    ss[K_ERROR] = None
    if not state.declared[1]:
        ss[K_FEEDBACK] = []
    ss[K_ANNOUNCED] = set()
    ss[K_COMPUTER_ERROR] = None


def _on_next_deal(seat_learner: Role) -> None:
    _start_clock()
    ss = _ss()
    deal: DealState = ss[K_DEAL]
    partie: Partie = ss[K_PARTIE]
    you, comp = deal_totals(deal, seat_learner)
    ss[K_PARTIE] = partie.add(you, comp)
    ss.setdefault(K_RECORDS, []).append({"record": deal.record(), "you": seat_learner,
                                         "scores": (you, comp)})
    ss[K_DEAL] = None
    ss[K_UNDO] = []


def _on_replay_deal() -> None:
    deal: DealState = _ss()[K_DEAL]
    _load_into_walkthrough({"title": _("Your last deal"), "record": deal.record()})
    _ss()["play_mode"] = "teach"


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


def _load_into_walkthrough(data: Any, title: str | None = None) -> bool:
    """Show a record (or a scenario) in the walkthrough: a library scenario's own record
    opens that scenario; any other deal becomes the picker's "loaded" entry."""
    ss = _ss()
    if isinstance(data, dict) and "record" not in data:  # a bare record: give it a title
        data = {"title": title or _("A loaded deal"), "record": data}
    try:
        w = walkthrough(data, "")
    except (ValueError, TypeError) as e:
        ss["wt_error"] = error_text(e)
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
    forget_upload_problems("wt_text")  # the record before's problems go with it
    record, problems = parse_record_text(ss.get("wt_text") or "")
    ss["wt_problems"] = problems
    if record is None:
        return
    if "rules" not in record:  # a record that names no preset: the sidebar's
        record = {**record, "rules": current_rules().name}
    if not _load_into_walkthrough(record, _("A loaded deal")):
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
            ss["wt_warning"] = _link_warning(error_text(e), first_title)
        else:
            if not _load_into_walkthrough({"title": _("A deal from a link"), "record": data}):
                ss["wt_warning"] = _link_warning(str(ss.get("wt_error")), first_title)
                ss["wt_error"] = None
        if ss.get("wt_warning"):
            ss["wt_scenario"] = first
            ss["wt_source"] = "library"
    elif name is not None:
        if name in library:
            ss["wt_scenario"] = name
            ss["wt_source"] = "library"
        else:
            ss["wt_warning"] = _("There is no scenario called “{name}”; showing “{title}” "
                                 "instead.", name=md_quote(name, 40), title=first_title)
    raw = st.query_params.get("step")
    if raw is not None:
        if raw.isdigit() and int(raw) >= 1:
            ss["wt_step"] = int(raw)
        else:
            ss["wt_warning_step"] = _("Step “{step}” is not a step number; starting at 1.",
                                      step=raw[:20])
    if st.query_params.get("present") == "1":
        ss["wt_present"] = True


def _link_warning(why: str, title: str) -> str:
    # TRANSLATORS: {why} says what is wrong with the link's record; {title} a scenario's
    return _("The deal in this link cannot be shown: {why}. Showing the scenario “{title}” "
             "instead.", why=why, title=title)

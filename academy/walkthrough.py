"""A deal record as a walkthrough: the steps of a deal, each with what to show and why.

Pure Python (no UI, no I/O). From a deal record, :func:`build_steps` makes one :class:`Step`
for the deal, carte blanche (when held), each exchange, each line of the declaring dialogue,
each trick and the result. Every step carries the state to draw (both hands, the talon, the
trick, the running tally by category), the line spoken (a dialogue step) and a title and
caption in the current language, said by :mod:`words.walkthrough` and the text layer's
sentences for the verdicts, tricks and bonuses. What a step says is decided from facts (the
line's :class:`~piquet.declare.LineKind`, the verdicts, the roles), never from wording. A
scenario (:func:`parse_scenario`) adds a title, a lesson, a summary and its own captions.

>>> import json, pathlib
>>> rec = {"rules": "cavendish",
...        "elder": "AS AH AD AC KS KH KD KC QS QH QD 7C".split(),
...        "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
...        "talon": "QC 8S 7S 8H 7H 8D 7D 8C".split(),
...        "elder_discard": ["7C"], "younger_discard": ["9S"], "tricks": []}
>>> steps = build_steps(rec)
>>> [s.kind for s in steps[:4]]
['deal', 'exchange', 'exchange', 'dialogue']
>>> steps[-1].tally["elder"]["repique"], steps[-1].tally["elder"]["total"]
(60, 117)
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

import words.walkthrough as ww
from academy.rule_text import RuleFlag, blanche_showing, blanche_shown, rule_sentence
from piquet.cards import Card, format_cards, sort_cards
from piquet.combos import CardSet, Point, Sequence as Run, pretty
from piquet.declare import (
    Declaration,
    DialogueLine,
    LineKind,
    Verdict,
    full_declaration,
)
from piquet.reckon import Role, ScoreEvent
from piquet.record import SHEET_KEYS, DealRecord, DealScore, RecordError, score_record
from piquet.rules import Rules
from words import _
from words.declarations import answer_text, line_text, verdict_text
from words.names import preset_name
from words.play import trick_text
from words.reckoning import bonus_text
from words.walkthrough import Category

StepKind = Literal["deal", "blanche", "exchange", "dialogue", "trick", "result"]
Tally = dict[str, dict[str, int]]
"""``{"elder": {category: points, ..., "total": n}, "younger": {...}}`` (the sheet's keys)."""

_PLAY_KINDS: Final = ("lead", "capture", "last")
_BONUS_KINDS: Final = ("repique", "pique")
_CATEGORIES: Final[dict[str, Category]] = {"point": "point", "sequences": "sequences",
                                           "sets": "sets"}


@dataclass(frozen=True)
class Step:
    """One step of a walkthrough: what happened, the state to show, and why.

    ``number`` is 1-based (``?step=N`` in the app). ``elder_hand`` and ``younger_hand`` are the
    cards held at this moment (sorted for display), ``talon`` the cards still in it (top
    first). ``trick`` is the trick this step played (leader's card first). ``events`` are the
    scores reckoned at this step; ``tally`` the running sheet after them. ``note`` is the
    scenario's own caption for the step, if it has one. ``highlight`` are the cards to mark
    in the hands shown and ``highlight_note`` says what they are ("the cards Elder drew").
    ``rules_cited`` names the :class:`~piquet.rules.Rules` flags whose rule the caption
    states (in the words of :mod:`academy.rule_text`). ``line`` is the dialogue line the step
    speaks (a dialogue or carte blanche step). ``title``, ``caption``, ``announcement`` and
    ``highlight_note`` are in the language current when the steps were built.
    """

    number: int
    kind: StepKind
    title: str
    caption: str
    elder_hand: tuple[Card, ...]
    younger_hand: tuple[Card, ...]
    talon: tuple[Card, ...]
    elder_discard: tuple[Card, ...] = ()
    younger_discard: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    trick: tuple[Card, Card] | None = None
    trick_number: int = 0
    trick_leader: Role | None = None
    trick_winner: Role | None = None
    tricks_won: tuple[int, int] = (0, 0)
    speaker: Role | None = None
    line: DialogueLine | None = None
    dialogue: tuple[DialogueLine, ...] = ()
    events: tuple[ScoreEvent, ...] = ()
    tally: Tally = field(default_factory=dict)
    announcement: str = ""
    highlight: frozenset[Card] = frozenset()
    note: str = ""
    highlight_note: str = ""
    rules_cited: tuple[RuleFlag, ...] = ()

    @property
    def full_caption(self) -> str:
        """The caption, followed by the scenario's note when there is one."""
        return f"{self.caption}\n\n{self.note}" if self.note else self.caption


@dataclass(frozen=True)
class Scenario:
    """A deal record with its teaching text. ``captions`` maps a step number to a note that
    extends that step's caption, or (``{"text": ..., "replace": true}``) replaces it."""

    name: str
    title: str
    lesson: str
    summary: str
    record: Mapping[str, Any]
    captions: Mapping[int, tuple[str, bool]]


@dataclass(frozen=True)
class Walkthrough:
    """A scenario (or a bare record) scored and cut into steps."""

    scenario: Scenario
    score: DealScore
    steps: tuple[Step, ...]

    def step(self, number: int) -> Step:
        """Step ``number`` (1-based), clamped to the first and last steps."""
        return self.steps[min(max(number, 1), len(self.steps)) - 1]


# --------------------------------------------------------------------------- scenarios


def parse_scenario(data: object, name: str = "") -> Scenario:
    """Read a scenario: a deal record alone, or ``{"title", "lesson", "summary", "captions",
    "record"}``. Raises :class:`~piquet.record.RecordError` (a ``ValueError``) naming the
    problem; the record itself is checked by :func:`~piquet.record.score_record`.

    >>> parse_scenario({"record": {}, "captions": {"x": "?"}})
    Traceback (most recent call last):
    ...
    piquet.record.RecordError: scenario_caption_key: 'x'
    """
    if not isinstance(data, Mapping):
        raise RecordError(code="scenario_not_object", values=(type(data).__name__,))
    if "record" in data:
        record = data["record"]
        meta: Mapping[str, Any] = data
    else:
        record, meta = data, {}
    if not isinstance(record, Mapping):
        raise RecordError(code="scenario_record_not_object", values=(type(record).__name__,))
    texts: dict[str, str] = {}
    for key in ("title", "lesson", "summary"):
        value = meta.get(key, "")
        if not isinstance(value, str):
            raise RecordError(code="scenario_not_text", values=(key, type(value).__name__))
        texts[key] = value
    raw = meta.get("captions") or {}
    if not isinstance(raw, Mapping):
        raise RecordError(code="scenario_captions_not_object", values=(type(raw).__name__,))
    captions: dict[int, tuple[str, bool]] = {}
    for key, value in raw.items():
        try:
            n = int(key)
        except (TypeError, ValueError):
            raise RecordError(code="scenario_caption_key", values=(key,)) from None
        if isinstance(value, str):
            captions[n] = (value, False)
        elif isinstance(value, Mapping) and isinstance(value.get("text"), str):
            captions[n] = (value["text"], bool(value.get("replace", False)))
        else:
            raise RecordError(code="scenario_caption_value", values=(key,))
    title = texts["title"] or (name.replace("-", " ").capitalize() if name
                               else ww.default_title())
    return Scenario(name, title, texts["lesson"], texts["summary"], record, captions)


def walkthrough(data: object, name: str = "") -> Walkthrough:
    """Parse a scenario (or a bare record), score it and build its steps (their words in the
    current language: a cache of walkthroughs keys on :func:`words.language` too)."""
    scenario = parse_scenario(data, name)
    score = score_record(scenario.record)
    steps = build_steps(score, scenario.captions)
    return Walkthrough(scenario, score, steps)


# --------------------------------------------------------------------------- steps


def _tally(events: tuple[ScoreEvent, ...]) -> Tally:
    out: Tally = {}
    for role in ("elder", "younger"):
        row = dict.fromkeys(SHEET_KEYS, 0)
        for ev in events:
            if ev.player == role:
                key = "play" if ev.category in _PLAY_KINDS else ev.category
                row[key] += ev.points
        row["total"] = sum(row.values())
        out[role] = row
    return out


_cards = pretty


def _best(decl: Declaration, category: Category) -> Point | Run | CardSet | None:
    if category == "point":
        return decl.point
    if category == "sequences":
        return decl.best_sequence
    return decl.best_set


def _sunk(role: Role, full: Declaration, declared: Declaration, category: Category) -> str:
    """A sentence when ``role`` declared less than he holds in ``category`` (else '')."""
    if category == "point":
        held: tuple[Point | Run | CardSet, ...] = (full.point,) if full.point else ()
        said: tuple[Point | Run | CardSet, ...] = (declared.point,) if declared.point else ()
    elif category == "sequences":
        held, said = full.sequences, declared.sequences
    else:
        held, said = full.sets, declared.sets
    if set(held) == set(said):
        return ""
    return ww.sunk_text(role, held, said)


def _score_cards(verdicts: tuple[Verdict, ...], role: Role) -> frozenset[Card]:
    out: set[Card] = set()
    for v in verdicts:
        if v.winner == role:
            for c in v.scored:
                out.update(c.cards)
    return frozenset(out)


def _announce(events: tuple[ScoreEvent, ...]) -> str:
    return ww.sentences(*(ww.announcement_text(ev.category, ev.player) for ev in events))


def _with_bonus(events: tuple[ScoreEvent, ...], k: int) -> int:
    """Extend a prefix length past bonus events that follow it at once."""
    while k < len(events) and events[k].category in _BONUS_KINDS:
        k += 1
    return k


def spoken_under(dialogue: Sequence[DialogueLine], rules: Rules) -> tuple[DialogueLine, ...]:
    """The engine's dialogue with each carte blanche announcement as made under ``rules``
    (when the cards are shown differs between the presets): the line names
    :func:`~academy.rule_text.blanche_shown`, and :func:`words.declarations.line_text` says
    it."""
    return tuple(replace(ln, combination=blanche_shown(rules, ln.speaker))
                 if ln.kind is LineKind.BLANCHE else ln for ln in dialogue)


# --------------------------------------------------------------------------- counted messages
# Every sentence with a count is a function of the count, so that a test can say each one
# with 0, 1, 2 and 5 (see COUNTED_MESSAGES); they are said by words.walkthrough.

COUNTED_MESSAGES: Final = ww.COUNTED_MESSAGES
"""Each message of the walkthrough that says a count, as a function of the count (for tests)."""


def build_steps(
    record: Mapping[str, Any] | DealRecord | DealScore,
    captions: Mapping[int, tuple[str, bool]] | Mapping[int, str] | None = None,
) -> tuple[Step, ...]:
    """The steps of a deal record (scored on the way; a bad record raises ``ValueError``),
    their titles and captions in the current language (:mod:`words.walkthrough`).

    ``captions`` maps step numbers (1-based) to a scenario's note: plain text extends the
    step's caption; ``(text, True)`` replaces it.
    """
    score = record if isinstance(record, DealScore) else score_record(record)
    rec = score.record
    rules = rec.rules
    events = score.reckoning.events
    decl = score.declarations
    verdicts = decl.verdicts
    e_decl, y_decl = decl.declarations
    e_full, y_full = (full_declaration(c) for c in decl.combinations)
    dialogue = decl.dialogue
    steps: list[Step] = []
    shown = 0  # events reckoned so far

    def add(kind: StepKind, title: str, caption: str, upto: int, **kw: Any) -> None:
        nonlocal shown
        upto = _with_bonus(events, upto) if upto > shown else shown
        new = events[shown:upto]
        shown = upto
        steps.append(Step(len(steps) + 1, kind, title, caption, events=new,
                          tally=_tally(events[:upto]), announcement=_announce(new), **kw))

    def upto_category(*cats: str) -> int:
        idx = [i for i, ev in enumerate(events) if ev.category in cats]
        return max(idx) + 1 if idx else shown

    # 1. the deal
    talon = rec.talon
    dealt = {"elder_hand": sort_cards(rec.elder), "younger_hand": sort_cards(rec.younger),
             "talon": talon}
    add("deal", _("The deal"),
        ww.sentences(ww.deal_caption(preset_name(rules.name)),
                     rule_sentence(rules, "last_trick_point")),
        0, rules_cited=("last_trick_point",), **dealt)

    # 2. carte blanche (the engine's dialogue line says when it is shown under these rules)
    dialogue = spoken_under(dialogue, rules)
    blanche_lines = tuple(ln for ln in dialogue if ln.kind is LineKind.BLANCHE)
    if blanche_lines:
        holder: Role = "elder" if rec.blanche[0] else "younger"
        hand = rec.elder if rec.blanche[0] else rec.younger
        add("blanche", _("Carte blanche"),
            ww.blanche_caption(holder, _cards(sort_cards(hand)), blanche_showing(rules, holder)),
            upto_category("blanche"), speaker=holder, line=blanche_lines[0],
            dialogue=blanche_lines, highlight=frozenset(hand),
            highlight_note=ww.blanche_note(holder),
            rules_cited=("blanche_shown_after_opponent_discards",), **dealt)

    # 3. the exchange
    ne, ny = len(rec.elder_discard), len(rec.younger_discard)
    left = rec.elder_left
    caption = ww.exchange_caption("elder", ne, _cards(rec.elder_discard),
                                  _cards(rec.elder_drawn))
    if left:
        caption = ww.sentences(caption, ww.elder_leaves_text(len(left), _cards(left)))
    after_e = {"elder_hand": sort_cards(rec.elder_after), "younger_hand": sort_cards(rec.younger),
               "talon": talon[ne:]}
    add("exchange", ww.exchange_title("elder"), caption, shown, elder_discard=rec.elder_discard,
        drawn=rec.elder_drawn, highlight=frozenset(rec.elder_drawn),
        highlight_note=ww.drawn_note("elder"), **after_e)
    rest = rec.talon_left
    cited: list[RuleFlag] = []
    if ny:
        caption = ww.exchange_caption("younger", ny, _cards(rec.younger_discard),
                                      _cards(rec.younger_drawn), leftovers_first=bool(left))
    else:
        caption = ww.sentences(ww.keeps_his_cards_text(),
                               rule_sentence(rules, "younger_must_exchange"))
        cited.append("younger_must_exchange")
    if rest:
        caption = ww.sentences(
            caption, ww.talon_rest_text(len(rest), _cards(rest)),
            rule_sentence(rules, "younger_may_look_at_leftovers"),
            "" if rules.younger_may_look_at_leftovers
            else ww.leftovers_done_text(len(rest), rec.younger_shows_leftovers))
        cited.append("younger_may_look_at_leftovers")
    after = {"elder_hand": sort_cards(rec.elder_after),
             "younger_hand": sort_cards(rec.younger_after), "talon": rest,
             "elder_discard": rec.elder_discard}
    add("exchange", ww.exchange_title("younger"), caption, shown,
        younger_discard=rec.younger_discard, drawn=rec.younger_drawn,
        highlight=frozenset(rec.younger_drawn),
        highlight_note=ww.drawn_note("younger") if ny else "", rules_cited=tuple(cited),
        **after)
    after["younger_discard"] = rec.younger_discard

    # 4. the declarations, line by line
    by_cat = {v.category: v for v in verdicts}
    spoken: list[DialogueLine] = list(blanche_lines)
    lines = [ln for ln in dialogue if ln.kind is not LineKind.BLANCHE]
    for i, ln in enumerate(lines):
        spoken.append(ln)
        cat = ln.category
        last_of_cat = all(other.category != cat for other in lines[i + 1:])
        upto = upto_category(cat) if cat in by_cat and last_of_cat else shown
        hl: frozenset[Card] = frozenset()
        hn = ""
        if ln.kind is not LineKind.SCORE and cat in _CATEGORIES:
            category: Category = _CATEGORIES[cat]
            v = by_cat[category]
            if ln.kind is LineKind.NOTHING:
                why = ww.sentences(_sunk("elder", e_full, e_decl, category),
                                   ww.declares_nothing_text(category), verdict_text(v))
            elif ln.kind is LineKind.GIVE_PIPS:
                ep = e_decl.point
                why = ww.give_pips_caption(ep.pips, _cards(ep.cards)) if ep else ""
                hl = frozenset(ep.cards) if ep else hl
                hn = ww.point_note("elder")
            elif ln.kind is LineKind.ASK_PIPS:
                yp = y_decl.point
                why = ww.ask_pips_caption(_cards(yp.cards) if yp else "")
                hl = frozenset(yp.cards) if yp else hl
                hn = ww.point_note("younger")
            elif ln.kind is LineKind.ANSWER:
                answer = answer_text(v.reply) or line_text(ln)
                why = ww.sentences(ww.answer_caption(answer), verdict_text(v),
                                   _sunk("younger", y_full, y_decl, category))
                best_y = _best(y_decl, category)
                best_e = _best(e_decl, category)
                hl = frozenset((*(best_e.cards if best_e else ()),
                                *(best_y.cards if best_y else ())))
                hn = ww.compared_note(category)
            else:  # Elder calls his point, best sequence or best set
                best = _best(e_decl, category)
                why = ww.sentences(ww.call_caption(category, best) if best
                                   else ww.declares_nothing_text(category),
                                   _sunk("elder", e_full, e_decl, category))
                hl = frozenset(best.cards) if best else hl
                hn = ww.called_note(category)
        else:  # the scoring lines
            why = ww.scoring_caption(ln.speaker)
            hl = _score_cards(verdicts, ln.speaker)
            hn = ww.scoring_note(ln.speaker)
            upto = upto_category("blanche", "point", "sequences", "sets")
        add("dialogue", ww.line_title(ln.speaker, line_text(ln)), why, upto,
            speaker=ln.speaker, line=ln, dialogue=tuple(spoken), highlight=hl,
            highlight_note=hn if hl else "", **after)

    # 5. the tricks
    held = {"elder": set(rec.elder_after), "younger": set(rec.younger_after)}
    won = [0, 0]
    tricks = score.play.tricks
    for t in tricks:
        held[t.leader].discard(t.led)
        held["younger" if t.leader == "elder" else "elder"].discard(t.second)
        won[0 if t.winner == "elder" else 1] += 1
        upto = max(i for i, ev in enumerate(events) if ev.trick == t.number) + 1
        cap = trick_text(t)
        cited_t: tuple[RuleFlag, ...] = ()
        if t.number == 12:
            cap = ww.sentences(cap, ww.last_trick_text(),
                               rule_sentence(rules, "last_trick_point"))
            cited_t = ("last_trick_point",)
        won_by = t.led if t.winner == t.leader else t.second
        after_t = {**after, "elder_hand": sort_cards(held["elder"]),
                   "younger_hand": sort_cards(held["younger"])}
        add("trick", ww.trick_title(t.number), cap, upto, trick=(t.led, t.second),
            trick_number=t.number, trick_leader=t.leader, trick_winner=t.winner,
            tricks_won=(won[0], won[1]), highlight=frozenset((won_by,)),
            highlight_note=ww.winning_card_note(), rules_cited=cited_t, **after_t)

    # 6. the result
    if score.complete:
        e_won, y_won = won
        if score.play.capot[0] or score.play.capot[1]:
            end = ww.capot_text("elder" if score.play.capot[0] else "younger")
        elif e_won == y_won:
            end = ww.tricks_shared_text()
        else:
            end = ww.tricks_won_text("elder" if e_won > y_won else "younger", max(won),
                                     min(won))
        final = score.as_dict()
        cap = ww.sentences(end, bonus_text(score.reckoning),
                           ww.final_score_text(final["elder"]["total"],
                                               final["younger"]["total"]))
    else:
        cap = ww.sentences(ww.tricks_stop_text(len(tricks)), bonus_text(score.reckoning))
    last_hands = {**after, "elder_hand": sort_cards(held["elder"]),
                  "younger_hand": sort_cards(held["younger"])}
    add("result", _("The result"), cap, len(events), tricks_won=(won[0], won[1]), **last_hands)

    if captions:
        out = []
        for s in steps:
            raw = captions.get(s.number)
            if raw is None:
                out.append(s)
                continue
            text, repl = (raw, False) if isinstance(raw, str) else raw
            out.append(replace(s, caption=text, note="") if repl else replace(s, note=text))
        steps = out
    return tuple(steps)


# --------------------------------------------------------------------------- a record in a link

LINK_MAX_CHARS: Final = 6000
"""The longest ``?record=`` value read (a whole deal encodes in about 400 characters)."""
_LINK_MAX_JSON: Final = 20_000


def encode_record(record: Mapping[str, Any] | DealRecord) -> str:
    """A deal record as a compact ``?record=`` value: its JSON without spaces, compressed
    with zlib, in URL-safe base64 without padding. :func:`decode_record` reads it back.

    >>> rec = {"elder": "AS AH AD AC KS KH KD KC QS QH QD 7C".split(),
    ...        "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
    ...        "talon": "QC 8S 7S 8H 7H 8D 7D 8C".split(), "elder_discard": ["7C"]}
    >>> decode_record(encode_record(rec))["elder_discard"]
    ['7C']
    """
    data = record.to_json() if isinstance(record, DealRecord) else dict(record)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("ascii"), 9))
    return packed.decode("ascii").rstrip("=")


def decode_record(value: str) -> dict[str, Any]:
    """The record in a ``?record=`` value (zlib-compressed or plain JSON, in URL-safe
    base64). Raises :class:`~piquet.record.RecordError` with a code when it is not one;
    the record itself is checked when it is scored.

    >>> decode_record("not a record!")
    Traceback (most recent call last):
    ...
    piquet.record.RecordError: link_unreadable
    """
    unreadable = RecordError(code="link_unreadable")
    value = value.strip()
    if not value:
        raise RecordError(code="link_empty")
    if len(value) > LINK_MAX_CHARS:
        raise RecordError(code="link_too_long",
                          values=(len(value), LINK_MAX_CHARS))
    if not all(c.isascii() and (c.isalnum() or c in "-_=") for c in value):
        raise unreadable
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except ValueError:
        raise unreadable from None
    try:
        inflater = zlib.decompressobj()
        raw_json = inflater.decompress(raw, _LINK_MAX_JSON)
        if inflater.unconsumed_tail:
            raise RecordError(code="link_too_long", values=(len(value), LINK_MAX_CHARS))
        if not inflater.eof:  # the compressed stream stops before its end: cut short
            raise unreadable
    except zlib.error:
        raw_json = raw  # plain JSON in base64
    try:
        data = json.loads(raw_json.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting: a crafted link
        raise unreadable from None
    if not isinstance(data, dict):
        raise RecordError(code="link_not_a_record", values=(type(data).__name__,))
    return data


def describe_record(record: Mapping[str, Any] | DealRecord) -> str:
    """One line naming a record's hands (for a caption or a download name).

    >>> describe_record({"elder": "AS AH AD AC KS KH KD KC QS QH QD 7C".split(),
    ...     "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
    ...     "talon": "QC 8S 7S 8H 7H 8D 7D 8C".split(), "elder_discard": ["7C"]})
    'Elder AS KS QS AH KH QH AD KD QD AC KC 7C; Younger JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C'
    """
    rec = DealRecord.from_json(record)
    return ww.record_line(format_cards(sort_cards(rec.elder)),
                          format_cards(sort_cards(rec.younger)))


__all__ = ["COUNTED_MESSAGES", "Scenario", "Step", "StepKind", "Tally", "Walkthrough",
           "build_steps", "decode_record", "describe_record",
           "encode_record", "parse_scenario", "spoken_under", "walkthrough"]

"""Deal record problems in words: each :class:`~piquet.record.RecordProblem` said from its
``code``, ``path``, ``value``, ``step`` and ``facts`` (never from its English ``message``,
which is for developers and the command line).

>>> from piquet import record_problems
>>> from words import use_language
>>> p = record_problems({"elder": [], "younger": [], "talon": [], "elder_discard": 5})[-1]
>>> problem_text(p)
"Elder's discard must be a list of cards, not a number"
>>> problem_sentence(p)
"Elder's discard must be a list of cards, not a number."
>>> with use_language("qps"):
...     problem_text(p)
"⟦⟦Elder's discard⟧ must be a list of cards, not ⟦a number⟧⟧"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from piquet.cards import Card
from piquet.record import Path, RecordError, RecordProblem, Step, StepKind
from words import _, ngettext
from words.engine_errors import (
    declared_count_text,
    engine_error_text,
    kind_text,
    named_twice_text,
    not_a_card_text,
    part_name,
    quoted,
    revoke_text,
    shown_value,
    unknown_category_text,
)
from words.names import role_name

__all__ = [
    "problem_sentence",
    "problem_text",
    "record_error_text",
    "step_text",
]

_HANDS: Final = ("elder", "younger", "talon")
_DISCARDS: Final = {"elder_discard": "elder", "younger_discard": "younger"}


def step_text(step: Step) -> str:
    """The step of the replay: the deal, the exchange, Elder's declaration, trick 4."""
    if step.kind is StepKind.DEAL:
        return _("the deal")
    if step.kind is StepKind.EXCHANGE:
        return _("the exchange")
    if step.kind is StepKind.DECLARATION:
        return _("Elder's declaration") if step.role == "elder" else _("Younger's declaration")
    return _("trick {n}", n=step.trick)


def _possessive(role: object, elder: str, younger: str) -> str:
    return elder if role == "elder" else younger


def _what(path: Path) -> str:
    """The list of cards (or the part of the record) ``path`` is in, as a sentence names it."""
    head = path[0] if path else ""
    if head == "elder":
        return _("Elder's hand")
    if head == "younger":
        return _("Younger's hand")
    if head == "talon":
        return _("the talon")
    if head in _DISCARDS:
        return _possessive(_DISCARDS[str(head)], _("Elder's discard"), _("Younger's discard"))
    if head == "tricks" and len(path) > 1:
        return _("trick {n}", n=int(path[1]) + 1)
    if head == "declarations" and len(path) > 1:
        part = str(path[2]) if len(path) > 2 else "declaration"
        if part in ("sequences", "sets") and len(path) > 3:
            part = part[:-1]
        return part_name(path[1], part)
    return _("the record")


def _cards(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def _missing(key: str) -> str:
    if key == "elder":
        return _("the record has no 'elder' (Elder's twelve cards as dealt)")
    if key == "younger":
        return _("the record has no 'younger' (Younger's twelve cards as dealt)")
    if key == "talon":
        return _("the record has no 'talon' (the talon's 8 cards, top first)")
    return _("the record has no 'elder_discard' (the cards Elder discards)")


def _wrong_type(p: RecordProblem) -> str:
    path, kind = p.path, kind_text(p.value)
    head = path[0] if path else ""
    if head == "declarations" and len(path) == 1:
        return _("'declarations' must be an object with 'elder' and 'younger', not {kind}",
                 kind=kind)
    if head == "declarations" and len(path) == 2:
        return _("{what} must be an object with point, sequences and sets, not {kind}",
                 what=_what(path), kind=kind)
    if head == "declarations" and len(path) == 3 and path[2] != "point":
        return _("{what} must be a list of lists of cards, not {kind}", what=_what(path),
                 kind=kind)
    if head == "younger_shows_leftovers":
        return _("'younger_shows_leftovers' must be true or false, not {kind}", kind=kind)
    if head == "tricks" and len(path) == 1:
        return _("'tricks' must be a list of [card led, card played second], not {kind}",
                 kind=kind)
    if head == "tricks":
        return _("trick {n} must be a list of cards, not {kind} (a trick is [card led, card "
                 "played second])", n=int(path[1]) + 1, kind=kind)
    return _("{what} must be a list of cards, not {kind}", what=_what(path), kind=kind)


def _declared(path: Path, n: int, value: object) -> str:
    """A declared point, sequence or set with the wrong count of cards."""
    role, part = path[1], path[2]
    if part == "point":
        return (ngettext("Elder's declared point has {n} card; a suit has eight",
                         "Elder's declared point has {n} cards; a suit has eight", n)
                if role == "elder" else
                ngettext("Younger's declared point has {n} card; a suit has eight",
                         "Younger's declared point has {n} cards; a suit has eight", n))
    cards = value if isinstance(value, list | tuple) else str(value).split()
    return declared_count_text(role, str(part)[:-1], cards)


def _card_count(p: RecordProblem) -> str:
    path, n = p.path, int(str(p.facts.get("count", 0)))
    sizes = p.facts.get("sizes")
    head = path[0] if path else ""
    if head in _HANDS:
        size = sizes.start if isinstance(sizes, range) else 12
        return ngettext("{what} has {n} card; it must have {size}",
                        "{what} has {n} cards; it must have {size}", n, what=_what(path),
                        size=size)
    if head in _DISCARDS:
        lo, hi = (sizes.start, sizes.stop - 1) if isinstance(sizes, range) else (0, 8)
        return ngettext("{who} discards {n} card; {who} may exchange {lo} to {hi}",
                        "{who} discards {n} cards; {who} may exchange {lo} to {hi}", n,
                        who=role_name(_DISCARDS[str(head)]), lo=lo, hi=hi)
    if head == "tricks" and len(path) == 1:
        return ngettext("the record has {n} trick; a deal has 12",
                        "the record has {n} tricks; a deal has 12", n)
    if head == "tricks":
        return ngettext("trick {trick} has {n} card; a trick has 2 (the card led, then the "
                        "card played second)",
                        "trick {trick} has {n} cards; a trick has 2 (the card led, then the "
                        "card played second)", n, trick=int(path[1]) + 1)
    return _declared(path, n, p.value)


def _card_twice(p: RecordProblem) -> str:
    path, card = p.path, p.facts.get("card", p.value)
    head = path[0] if path else ""
    if head in _DISCARDS:
        return _("{who} discards {card} twice", who=role_name(_DISCARDS[str(head)]), card=card)
    if head == "declarations":
        part = str(path[2])
        return named_twice_text(path[1], card, part if part == "point" else part[:-1])
    return _("{what} holds {card} twice", what=_what(path), card=card)


def _unknown_key(p: RecordProblem) -> str:
    key = quoted(str(p.value))
    if len(p.path) == 2:
        return _("'declarations' has an unknown player {key} (use 'elder' and 'younger')",
                 key=key)
    return unknown_category_text(p.path[1], p.value)


def _why_not_held(facts: Mapping[str, object]) -> str:
    where = facts.get("where")
    if where == "played":
        return _("it was played in trick {n}", n=facts.get("played_in"))
    if where == "held":
        return _("{who} holds it", who=role_name(str(facts.get("holder"))))
    if where == "discarded":
        return _("he discarded it")
    return _("it stayed in the talon")


def _not_held(p: RecordProblem, step: Step) -> str:
    f = p.facts
    who, card, why, n = role_name(str(f.get("role"))), f.get("card"), _why_not_held(f), step.trick
    led = f.get("led")
    if isinstance(led, Card):
        return _("trick {trick}: {who} plays {card} to {led} but does not hold it ({why})",
                 trick=n, who=who, card=card, led=led, why=why)
    if not f.get("swapped"):
        return _("trick {trick}: {who} leads {card} but does not hold it ({why})", trick=n,
                 who=who, card=card, why=why)
    if n > 1:
        return _("trick {trick}: {who} leads {card} but does not hold it ({why}); a trick is "
                 "written [card led, card played second], and {who} leads trick {trick} (he "
                 "won trick {previous})", trick=n, who=who, card=card, why=why, previous=n - 1)
    return _("trick {trick}: {who} leads {card} but does not hold it ({why}); a trick is "
             "written [card led, card played second], and {who} leads trick {trick} (Elder "
             "leads first)", trick=n, who=who, card=card, why=why)


def _discard_count(f: Mapping[str, object]) -> str:
    n, sizes = int(str(f.get("count", 0))), f.get("sizes")
    lo, hi = (sizes.start, sizes.stop - 1) if isinstance(sizes, range) else (0, 8)
    if n < lo:
        # TRANSLATORS: {preset} is a rule book's name, "Cavendish (1882)" (it has its own
        # parentheses: the sentence puts it in none)
        return ngettext("Younger discards {n} card, but may exchange {lo} to {hi}: under "
                        "{preset} he must exchange at least {lo}",
                        "Younger discards {n} cards, but may exchange {lo} to {hi}: under "
                        "{preset} he must exchange at least {lo}", n, lo=lo, hi=hi,
                        preset=f.get("rules"))
    return ngettext("Younger discards {n} card; Younger may exchange {lo} to {hi} (Elder took "
                    "{took}, which leaves {hi} in the talon)",
                    "Younger discards {n} cards; Younger may exchange {lo} to {hi} (Elder took "
                    "{took}, which leaves {hi} in the talon)", n, lo=lo, hi=hi,
                    took=f.get("elder_took"))


def _replay_text(p: RecordProblem, step: Step) -> str:
    f = p.facts
    if p.code == "card_in_two_places":
        if f.get("also") == "talon":
            return _("{card} is both in a hand and in the talon", card=f.get("card"))
        return _("{card} is in both hands", card=f.get("card"))
    if p.code == "discard_not_held":
        return _("{who} discards {card} but does not hold it",
                 who=role_name(str(f.get("role"))), card=f.get("card"))
    if p.code == "discard_count":
        return _discard_count(f)
    if p.code == "leftovers_face_up":
        return _("under {preset} Younger does not turn his leftovers face up (he may look at "
                 "them himself)", preset=f.get("rules"))
    if p.code == "bad_declaration":
        error = f.get("error")
        return engine_error_text(error) if isinstance(error, Exception) else _generic(p)
    if p.code == "card_not_held":
        return _not_held(p, step)
    if p.code == "revoke" and isinstance(f.get("led"), Card):
        led = f["led"]
        assert isinstance(led, Card)
        # TRANSLATORS: {problem} is what went wrong in that trick.
        return _("trick {trick}: {problem}", trick=step.trick,
                 problem=revoke_text(role_name(str(f.get("role"))), f.get("card"), led))
    return _generic(p)


def _generic(p: RecordProblem) -> str:
    """A problem whose code the text layer does not know yet: where it is, and its value."""
    return _("{what} has a value that is not allowed: {value}", what=_what(p.path),
             value=shown_value(p.value))


def problem_text(p: RecordProblem) -> str:
    """The problem in the current language, as a clause ("trick 4: Younger plays 10S to KD
    but holds a diamond: he must follow suit"); plain text, to escape for Markdown."""
    if p.step is not None:
        return _replay_text(p, p.step)
    if p.code == "not_an_object":
        return _("a deal record must be an object, not {kind}", kind=kind_text(p.value))
    if p.code == "missing_key":
        return _missing(str(p.path[0]))
    if p.code == "wrong_type":
        return _wrong_type(p)
    if p.code == "not_a_card":
        # TRANSLATORS: {what} is the list the token is in ("Elder's hand", "trick 3").
        return _("{what}: {problem}", what=_what(p.path), problem=not_a_card_text(p.value))
    if p.code == "card_count":
        return _card_count(p)
    if p.code == "card_twice":
        return _card_twice(p)
    if p.code == "unknown_key":
        return _unknown_key(p)
    if p.code == "unknown_preset":
        return _("{preset} is not a rules preset (choose britannica or cavendish)",
                 preset=shown_value(p.value))
    return _generic(p)


def problem_sentence(p: RecordProblem) -> str:
    """The problem as a sentence on its own: capital first letter, full stop."""
    text = problem_text(p)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else _("{problem}.", problem=text)


_SAMPLES: Final[dict[str, object]] = {
    "NoneType": None, "bool": True, "int": 0, "float": 0.0, "str": "", "dict": {},
    "list": [], "tuple": ()}


def _type_kind(name: object) -> str:
    """A Python type's name (as the walkthrough's errors carry it) as JSON's kind."""
    return kind_text(_SAMPLES[str(name)]) if str(name) in _SAMPLES else str(name)


def _scenario_text(e: RecordError) -> str | None:
    """A scenario file or a link's record that cannot be read (``academy.walkthrough``)."""
    code, v = e.code, e.values
    if code == "scenario_not_object" and v:
        return _("a scenario must be an object, not {kind}", kind=_type_kind(v[0]))
    if code == "scenario_record_not_object" and v:
        return _("'record' must be an object, not {kind}", kind=_type_kind(v[0]))
    if code == "scenario_not_text" and len(v) == 2:
        return _("{key} must be text, not {kind}", key=quoted(str(v[0])), kind=_type_kind(v[1]))
    if code == "scenario_captions_not_object":
        return _("'captions' must be an object mapping step numbers to text")
    if code == "scenario_caption_key" and v:
        return _("caption key {key} is not a step number", key=shown_value(v[0]))
    if code == "scenario_caption_value" and v:
        return _("caption {key}: expected text or {{'text': ..., 'replace': ...}}", key=v[0])
    if code == "link_unreadable":
        return _("the link's record is not readable: it is cut short or mistyped")
    if code == "link_empty":
        return _("the link's record is empty")
    if code == "link_too_long" and len(v) == 2 and int(str(v[0])) > int(str(v[1])):
        return _("the link's record is too long ({n} characters; a deal needs far fewer than "
                 "{most})", n=v[0], most=v[1])
    if code == "link_too_long":
        return _("the link's record is too long to be a deal")
    if code == "link_not_a_record":
        return _("the link's record is not a deal record (it must be an object with the "
                 "hands, the talon and the exchange)")
    return None


def record_error_text(e: RecordError) -> str:
    """A :class:`~piquet.record.RecordError` in words: its first problem, a scenario's or a
    link's problem, or (an error raised with another code) a sentence naming its value."""
    if e.problems:
        return problem_text(e.problems[0])
    text = _scenario_text(e)
    if text is not None:
        return text
    if e.values:
        return _("this deal record cannot be read: {value}", value=shown_value(e.values[0]))
    return _("this deal record cannot be read")  # no problem, no value: never the bare facts

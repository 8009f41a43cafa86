"""The lessons' own words checked against the rules.

- Every pip total the lessons write ("five cards making 49", "`AS KS QS 10S 8S` =
  11+10+10+10+8 = 49", "Five." … "Forty-nine.", "his diamonds make 48") is checked against
  the cards it describes, or at least against the range its length allows. Pip values are
  the rules' (A = 11, K Q J = 10, 10 9 8 7 face value), written out here, not the engine's.
- Worked examples whose numbers a newcomer met (lesson 2's leftover, lesson 7's claims)
  are recomputed by the engine.
- Every quiz kind is taught by a lesson: a new kind without a lesson fails.
- Every link from a lesson to the app's pages names a page and a scenario that exist.
- No lesson speaks of "the seed" or machine translations: sources are named as readers
  know them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from academy.quiz import KINDS
from piquet import analyse, parse_cards
from piquet.deal import DealState
from piquet.rules import get_rules
from ui.content import lessons

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIR = ROOT / "content" / "en" / "lessons"
SCENARIOS = ROOT / "content" / "scenarios"
PAGES = ROOT / "app_pages"

# ----------------------------------------------------------------------------- pips

PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "T": 10, "9": 9, "8": 8, "7": 7}
"""RULES.md section 5: ace 11, king, queen and jack 10, the others at face value."""
ONE_SUIT = sorted((11, 10, 10, 10, 10, 9, 8, 7))  # the eight cards of a suit


def pip_range(n: int) -> range:
    """The pip totals ``n`` cards of one suit can make (min to max, inclusive)."""
    return range(sum(ONE_SUIT[:n]), sum(ONE_SUIT[-n:]) + 1) if 1 <= n <= 8 else range(0)


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80}


def number(word: str) -> int | None:
    """``49``, ``five``, ``Forty-nine`` -> the number (None if it is not one)."""
    w = word.strip().lower().strip("*")
    if w.isdigit():
        return int(w)
    if w in _UNITS:
        return _UNITS.index(w)
    tens, _, unit = w.partition("-")
    if tens in _TENS and (not unit or unit in _UNITS[1:10]):
        return _TENS[tens] + (_UNITS.index(unit) if unit else 0)
    return None


_CARD = re.compile(r"^(A|K|Q|J|10|T|9|8|7)([SHDC])$")
SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def cards_of(text: str) -> list[tuple[str, str]] | None:
    """``"AS KS 10S"`` -> [("A", "S"), ...]; None unless every token is a card."""
    out = []
    for token in text.split():
        m = _CARD.match(token)
        if not m:
            return None
        out.append((m.group(1), m.group(2)))
    return out or None


# ----------------------------------------------------------------------------- claims

_NUM = r"(?:\d+|[A-Za-z]+(?:-[a-z]+)?)"
_COUNT_CLAIM = re.compile(
    rf"\b(?P<n>{_NUM}) (?P<what>cards?|spades|hearts|diamonds|clubs)"
    r"(?: of (?:one|a) suit)? (?:that |which )?(?:making|make|makes|made) "
    r"(?:(?P<expr>\d+(?:\s*\+\s*\d+)+)\s*=\s*)?\**(?P<p>" + _NUM + r")\b")
_LIST_CLAIM = re.compile(
    r"`(?P<cards>[^`]+)`\s*(?:"
    r"=\s*(?P<expr>\d+(?:\s*\+\s*\d+)+)\s*=\s*\**(?P<p>\d+)"
    r"|[(,]\s*(?P<p2>\d+)\s*\)"
    r"|,? making \**(?P<p3>\d+))")
_SUIT_CLAIM = re.compile(
    r"\b(?P<suit>spades|hearts|diamonds|clubs) (?:make|makes|making) \**(?P<p>\d+)\b")
_DIALOGUE = re.compile(
    r"\"(?P<n>Three|Four|Five|Six|Seven|Eight)\.?\"(?P<between>[^\n]*?)"
    r"\"(?P<p>(?:Twenty|Thirty|Forty|Fifty|Sixty|Seventy)(?:-[a-z]+)?)\.?\"")
_HAND = re.compile(r"`((?:(?:A|K|Q|J|10|9|8|7)[SHDC] ?){12})`")


@dataclass(frozen=True)
class Claim:
    where: str
    text: str
    problem: str | None


def _sections(text: str) -> list[str]:
    """The text cut at its ``##`` headings (a hand named in a section explains its claims)."""
    return re.split(r"\n(?=## )", text)


def pip_claims(text: str, where: str = "") -> list[Claim]:
    """Every pip total written in ``text``, each with its problem (None if right)."""
    claims: list[Claim] = []
    for section in _sections(text):
        claims += _count_claims(section, where)
        claims += _list_claims(section, where)
        claims += _suit_claims(section, where)
        claims += _dialogue_claims(section, where)
    return claims


def _count_claims(text: str, where: str) -> list[Claim]:
    out = []
    for m in _COUNT_CLAIM.finditer(text):
        n, p = number(m.group("n")), number(m.group("p"))
        if n is None or p is None:
            continue
        problem = None
        allowed = pip_range(n)
        if p not in allowed:
            problem = (f"{n} cards of one suit make {allowed.start} to {allowed.stop - 1}, "
                       f"never {p}")
        elif m.group("expr"):
            terms = [int(t) for t in m.group("expr").split("+")]
            if sum(terms) != p or len(terms) != n:
                problem = f"{m.group('expr')} is {len(terms)} cards making {sum(terms)}"
        out.append(Claim(where, m.group(0), problem))
    return out


def _list_claims(text: str, where: str) -> list[Claim]:
    out = []
    for m in _LIST_CLAIM.finditer(text):
        cards = cards_of(m.group("cards"))
        if cards is None:
            continue
        p = int(m.group("p") or m.group("p2") or m.group("p3"))
        suits = {s for _, s in cards}
        pips = [PIPS[r] for r, _ in cards]
        problem = None
        if len(suits) != 1:
            if not m.group("expr"):
                continue  # "(`AS AH AD`, 3)" is not a pip total
            problem = "a pip total of cards of more than one suit"
        elif sum(pips) != p:
            problem = f"these cards make {sum(pips)}, not {p}"
        elif m.group("expr") and [int(t) for t in m.group("expr").split("+")] != pips:
            problem = f"the cards' pips are {'+'.join(map(str, pips))}"
        out.append(Claim(where, m.group(0), problem))
    return out


def _suit_claims(text: str, where: str) -> list[Claim]:
    """"his diamonds make 48": right for a hand named in the same section, or at least
    reachable by some length."""
    out = []
    hands = [cards_of(h) or [] for h in _HAND.findall(text)]
    for m in _SUIT_CLAIM.finditer(text):
        suit, p = SUIT_WORDS[m.group("suit")], int(m.group("p"))
        totals = {sum(PIPS[r] for r, s in h if s == suit) for h in hands}
        problem = None
        if hands and p not in totals:
            problem = f"no hand of the section has {m.group('suit')} making {p} ({totals})"
        elif not any(p in pip_range(n) for n in range(1, 9)):
            problem = f"no number of cards of one suit makes {p}"
        out.append(Claim(where, m.group(0), problem))
    return out


def _dialogue_claims(text: str, where: str) -> list[Claim]:
    """Elder: "Five." … Elder: "Forty-nine." on one line."""
    out = []
    for m in _DIALOGUE.finditer(text):
        n, p = number(m.group("n")), number(m.group("p"))
        assert n is not None and p is not None
        allowed = pip_range(n)
        problem = None if p in allowed else (
            f"{n} cards make {allowed.start} to {allowed.stop - 1}, never {p}")
        out.append(Claim(where, m.group(0), problem))
    return out


def _all_claims() -> list[Claim]:
    claims = []
    for path in sorted(LESSON_DIR.glob("*.md")):
        claims += pip_claims(path.read_text(encoding="utf-8"), path.name)
    return claims


# ----------------------------------------------------------------------------- tests


def test_pip_ranges_follow_the_rules() -> None:
    assert pip_range(3) == range(24, 32)
    assert pip_range(5) == range(44, 52)
    assert pip_range(6) == range(54, 61)
    assert pip_range(8) == range(75, 76)
    # a longer suit always makes more than a shorter one (lesson 4 says so)
    assert all(pip_range(n + 1).start > pip_range(n).stop - 1 for n in range(1, 8))


def test_every_pip_total_in_the_lessons_is_possible_and_right() -> None:
    claims = _all_claims()
    bad = [f"{c.where}: “{c.text}”: {c.problem}" for c in claims if c.problem]
    assert not bad, "\n".join(bad)


def test_the_pip_checker_finds_the_lessons_claims() -> None:
    """Not vacuous: the claims a reader meets are all found."""
    found = {(c.where, c.text) for c in _all_claims()}
    texts = " | ".join(t for _, t in found)
    for expected in ("five cards making 49", "11+10+10+10+8 = **49", "\"Forty-nine.\"",
                     "diamonds make 48", "= **54", "(38)"):
        assert expected in texts, (expected, texts)
    assert len(found) >= 12
    assert {w for w, _ in found} >= {"02-exchange.md", "04-point.md",
                                     "07-dialogue-and-sinking.md"}


@pytest.mark.parametrize(("text", "problem"), [
    # the sentence of lesson 4 a newcomer found: neither total can be made
    ("Elder holds six clubs making 45; Younger holds five spades making 54.", "never 45"),
    ("Elder holds six clubs making 45; Younger holds five spades making 54.", "never 54"),
    ("spades: `AS KS QS 10S 8S` = 11+10+10+10+8 = **48**", "make 49, not 48"),
    ("hearts `AH KH QH JH 8H` (50)", "make 49, not 50"),
    ("Elder: \"Five.\" Younger: \"What do they make?\" Elder: \"Fifty-two.\"", "never 52"),
    ("five cards that make 11+10+10+10+10 = 50", "5 cards making 51"),
    ("Elder `AS JS 9S 8S AH KH QH JH 8H JC 9C KD`. Younger (his diamonds make 47)",
     "no hand"),
])
def test_the_pip_checker_fails_on_wrong_totals(text: str, problem: str) -> None:
    problems = [c.problem or "" for c in pip_claims(text)]
    assert any(problem in p for p in problems), problems


def test_the_old_lesson_four_fails() -> None:
    """The text before issue 9, as it was: the check would have caught it."""
    old = ("{\"q\": \"Elder holds six clubs making 45; Younger holds five spades making 54. "
           "Who wins the point?\"}")
    assert len([c for c in pip_claims(old) if c.problem]) == 2


# ----------------------------------------------------------------------------- examples


def _lesson(slug: str) -> str:
    lesson = next(x for x in lessons() if x.slug == slug)
    raw = next(p for p in LESSON_DIR.glob("*.md") if f"slug: {slug}\n" in p.read_text())
    assert lesson.title in raw.read_text()
    return raw.read_text(encoding="utf-8")


def test_lesson_two_elder_leaves_one_and_younger_draws_it_first() -> None:
    text = _lesson("exchange")
    rules = get_rules("britannica")
    d = DealState(rules, parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"),
                  parse_cards("10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D"),
                  parse_cards("9S 8S KH 9C KD QS AC 7D"))
    after = d.discard("elder", parse_cards("8C 7C 9D 8D"))
    assert [str(c) for c in after.drawn("elder")] == ["9S", "8S", "KH", "9C"]
    assert "`9S 8S KH 9C`" in text and "`KD`" in text
    assert after.exchange_range("younger") == range(0, 5)
    assert "**up to four**" in text
    done = after.discard("younger", parse_cards("7S 9H 7H KC"))
    assert [str(c) for c in done.drawn("younger")] == ["KD", "QS", "AC", "7D"]
    shown = "10S QS 10H AC QC 10C AD KD QD JD 10D 7D"  # as the lesson writes it
    assert f"`{shown}`" in text
    assert set(done.hand("younger")) == set(parse_cards(shown))
    assert get_rules("cavendish").younger_must_exchange  # "allowed under britannica only"
    assert "they never go back to Elder" in text


def test_lesson_seven_claims_for_muggins_add_up() -> None:
    text = _lesson("dialogue")
    combos = analyse(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"))
    assert combos.point is not None
    point = combos.point.length
    seq = sum(s.score for s in combos.sequences)
    sets = sum(s.score for s in combos.sets)
    assert f"point {point}, sequences {seq} (the quart major) and sets {sets}" in text
    assert f"{point} + {seq} + {sets} = **{point + seq + sets}**" in text


def test_lesson_six_one_card_in_three_combinations() -> None:
    text = _lesson("sets")
    assert "one card can count in the point, in a sequence and in a set at once" in text
    combos = analyse(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"))
    jh = parse_cards("JH")[0]
    assert combos.point is not None and jh in combos.point.cards
    assert any(jh in s.cards for s in combos.sequences)
    assert any(jh in s.cards for s in combos.sets)


def test_lesson_eight_missed_pique_arithmetic() -> None:
    text = _lesson("reckoning")
    assert "point 5, a quint 15 and two trios 6" in text and 5 + 15 + 6 == 26
    assert "Elder has 26 from combinations" in text
    assert "27, 28" in text and "29, but Younger captures it" in text


# ----------------------------------------------------------------------------- quiz kinds

KIND_LESSONS: dict[str, tuple[str, tuple[str, ...]]] = {
    # quiz kind: (the lesson that teaches it, words the lesson must say)
    "point": ("point", ("your point is the suit", "pip value", "1 point per card")),
    "best_sequence": ("sequence", ("each player's best sequence is compared",
                                   "the longer sequence wins", "higher top card")),
    "sequence_score": ("sequence", ("quint", "15", "every other sequence he holds")),
    "sets": ("sets", ("nines, eights and sevens never", "trio", "quatorze")),
    "blanche": ("blanche", ("no king, no queen and no jack", "worth 10 points")),
    "answer": ("dialogue", ("younger replies \"good\"", "\"not good\"", "\"equal\"")),
    "category": ("point", ("in each category only one player scores",)),
    "comparison": ("dialogue", ("the order of the dialogue", "point.", "sequence.",
                                "sets.")),
    "repique": ("reckoning", ("repique", "30 from steps 1 to 4 alone", "+60")),
    "pique": ("reckoning", ("pique", "reaching 30 with steps 1 to 5", "+30")),
    "legal_play": ("play", ("must follow suit",)),
    "trick": ("play", ("the higher card of the suit led wins",)),
    "settlement": ("partie", ("rubiconed", "100 + (winner − loser)")),
    "muggins": ("dialogue", ("muggins", "claim", "every sequence and every set",
                             "lost")),
}


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).lower()


def test_every_quiz_kind_has_a_lesson() -> None:
    missing = set(KINDS) - set(KIND_LESSONS)
    assert not missing, f"quiz kinds no lesson teaches: {sorted(missing)}"
    assert not set(KIND_LESSONS) - set(KINDS), "lessons mapped to kinds the quiz lacks"


@pytest.mark.parametrize("kind", KINDS)
def test_the_lesson_teaches_the_kind(kind: str) -> None:
    slug, words = KIND_LESSONS[kind]
    lesson = next((x for x in lessons() if x.slug == slug), None)
    assert lesson is not None, f"no lesson {slug!r} for quiz kind {kind!r}"
    text = _plain(f"{lesson.before}\n{lesson.after}")
    for w in words:
        assert w in text, f"lesson {lesson.number} ({slug}) does not say {w!r} ({kind})"


# ----------------------------------------------------------------------------- links, words

_LINK = re.compile(r"\]\((?P<url>/[^)\s]*)\)")


def test_links_to_the_app_name_pages_and_scenarios_that_exist() -> None:
    links = []
    for path in sorted(LESSON_DIR.glob("*.md")):
        for m in _LINK.finditer(path.read_text(encoding="utf-8")):
            url = m.group("url")
            page, _, query = url[1:].partition("?")
            assert (PAGES / f"{page}.py").exists(), (path.name, url)
            for key, _, value in (kv.partition("=") for kv in query.split("&") if kv):
                if key == "scenario":
                    assert (SCENARIOS / f"{value}.json").exists(), (path.name, url)
                    json.loads((SCENARIOS / f"{value}.json").read_text())
            links.append(url)
    assert "/play?scenario=pique-by-losing-lead" in links


@pytest.mark.parametrize("word", ["seed", "translation", "specification", "turkish",
                                  "vietnamese"])
def test_no_lesson_speaks_of_the_projects_own_sources(word: str) -> None:
    for path in sorted(LESSON_DIR.glob("*.md")):
        assert word not in path.read_text(encoding="utf-8").lower(), path.name


@pytest.mark.parametrize("preset", ["britannica", "cavendish"])
@pytest.mark.parametrize("holder", ["elder", "younger"])
def test_lesson_three_says_the_engines_blanche_rule(preset: str, holder: str) -> None:
    """The lesson and the walkthrough say when carte blanche is shown in the same words."""
    from academy.rule_text import blanche_showing

    sentence = blanche_showing(get_rules(preset), holder)  # "Elder shows it at once."
    words = sentence.split(" ", 1)[1].rstrip(".").lower()
    table = next(line for line in _lesson("blanche").splitlines()
                 if line.startswith(f"| **{holder.capitalize()}** |"))
    cell = table.split("|")[2 if preset == "britannica" else 3]
    assert words in _plain(cell), (words, cell)


def test_the_reckoning_widgets_examples_are_numbered_in_order() -> None:
    """Lesson 8's worked examples are numbered 1, 2, 3... in the order the chooser lists
    them, none left without a number (issue 33: 1-4, an unnumbered one, then 7)."""

    from ui.lessons.widgets import reckoning

    titles = [reckoning._title(name) for name in reckoning._EXAMPLES]
    numbered = [t for t in titles if t.startswith("Example")]
    numbers = [int(m.group(1)) for t in numbered if (m := re.match(r"Example (\d+):", t))]
    assert len(numbers) == len(numbered), numbered
    assert numbers == list(range(1, len(numbers) + 1)), numbered

"""Turkish grammar the text layer needs: a suffix after a name or a number follows vowel
harmony (the word's last vowel *as it is said*: "5'te", "2'de", "pique'i", "quatorze'u") and
the apostrophe rule (after a proper name, a number, a piquet term kept in French; none after a
common noun: "kupa papazını"); the question particle is a word of its own that harmonizes too
("Carte blanche mı?").

A Turkish translation writes a suffix right after a placeholder, in any harmony
(``"{who}'in puanı"``, ``"{n}'de"``, ``"{what} mi?"``); :func:`fill` (called by
:func:`words._` for Turkish) harmonizes it with the value put in.

>>> attach("Birinci", "in"), attach("İkinci", "nin"), attach("5", "de"), attach("2", "te")
("Birinci'nin", "İkinci'nin", "5'te", "2'de")
>>> attach("İlan Laboratuvarı", "ı", compound=True), attach("kupa papazı", "ı", compound=True)
("İlan Laboratuvarı'nı", 'kupa papazını')
>>> question("Carte blanche"), question("quatorze"), question("3")
('mı', 'mu', 'mü')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

__all__ = ["attach", "fill", "harmonize", "last_vowel", "question", "said_as"]

VOWELS: Final = "aıoueiöü"
BACK: Final = "aıou"
VOICELESS: Final = "çfhkpsşt"
_LOWER: Final = str.maketrans({"I": "ı", "İ": "i"})

#: How a word not spelt as Turkish is said (its end decides the suffix): piquet's French
#: terms, the rule books' names.
SAID: Final[dict[str, str]] = {
    "pique": "pik", "repique": "repik", "quatorze": "katorz", "blanche": "blanş",
    "capot": "kapot", "tierce": "tiyers", "quart": "kart", "quint": "kent",
    "sixième": "siziyem", "septième": "setiyem", "huitième": "üitiyem", "rubicon": "rubikon",
    "piquet": "pike", "point": "poyint", "cavendish": "kavendiş", "britannica": "britanika",
    "hoyle": "hoyl", "talon": "talon", "partie": "parti", "mac": "mek",
}
#: A letter said alone ("B'nin", "C'ye"): its name.
LETTERS: Final[dict[str, str]] = dict(zip(
    "abcçdefgğhıijklmnoöprsştuüvyzqwx",
    ("a", "be", "ce", "çe", "de", "e", "fe", "ge", "yumuşakge", "he", "ı", "i", "je", "ke", "le",
     "me", "ne", "o", "ö", "pe", "re", "se", "şe", "te", "u", "ü", "ve", "ye", "ze", "ku",
     "dubılve", "iks"), strict=True))
#: Piquet's own terms, kept in French: a suffix after them takes an apostrophe.
KEPT: Final = frozenset({"pique", "repique", "quatorze", "blanche", "capot", "tierce", "quart",
                         "quint", "sixième", "septième", "huitième", "rubicon", "piquet",
                         "point"})
_UNITS: Final = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS: Final = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen",
                "doksan")
_NUMBER: Final = re.compile(r"[%]?\d[\d.,]*%?$")
_WORD: Final = re.compile(r"[^\W\d_]+$")


def _lower(text: str) -> str:
    return text.translate(_LOWER).lower()


def _number_said(digits: str) -> str:
    """The last word of a number as said: "1.792" → "iki", "20" → "yirmi", "1.000" → "bin"."""
    whole, _sep, decimals = digits.strip("%").partition(",")
    if decimals.strip("0"):
        return _number_said(decimals.rstrip("0"))
    n = int(whole.replace(".", "") or "0")
    if n == 0:
        return "sıfır"
    for size, word in ((10**9, "milyar"), (10**6, "milyon"), (1000, "bin"), (100, "yüz")):
        if n % size == 0:
            return word
    if n % 10:
        return _UNITS[n % 10]
    return _TENS[(n % 100) // 10]


def said_as(word: str) -> str:
    """How the end of ``word`` (a name, a number, a phrase) is said, in lower case."""
    text = word.strip().rstrip(".!?:;,)»”\"'*_")
    if not text:
        return ""
    last = text.split()[-1]
    if _NUMBER.match(last):
        return _number_said(last)
    low = _lower(last)
    m = _WORD.search(low)
    low = m.group(0) if m else low
    if len(low) == 1 and last[-1:].isupper():
        return LETTERS.get(low, low)
    return SAID.get(low, low)


def last_vowel(word: str) -> str:
    """The last vowel of ``word`` as said ("" when it has none)."""
    for ch in reversed(said_as(word)):
        if ch in VOWELS:
            return ch
    return "e"


def _two(prev: str) -> str:
    return "a" if prev in BACK else "e"


def _four(prev: str) -> str:
    return {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[prev]


_POSSESSIVE: Final = re.compile(r"s[ıiuü](?!z)(?!n(?:[ıiuü]z)?$)")


def harmonize(word: str, suffix: str, *, compound: bool = False) -> str:
    """``suffix`` (written in any harmony) as it goes after ``word``: its vowels follow the
    word's last vowel, its first d/t the word's last sound, and its buffer letter (y, n)
    is there after a vowel and not after a consonant. ``compound``: the word ends in the
    possessive of a compound ("Laboratuvarı", "papazı"), which takes n before a case.

    >>> harmonize("Birinci", "ın"), harmonize("3", "da"), harmonize("quatorze", "ler")
    ('nin', 'te', 'lar')
    >>> harmonize("papaz", "sı"), harmonize("vale", "sı"), harmonize("onlu", "sından")
    ('ı', 'si', 'sundan')
    """
    said = said_as(word)
    if not suffix or not said:
        return suffix
    ends_vowel = said[-1] in VOWELS
    body = _lower(suffix)
    # the possessive -(s)I ("kupa papazı", "kupa valesi"): its s is a buffer too; not the s of
    # -sIz ("without") nor of the copula -sIn(Iz) ("you are")
    possessive = _POSSESSIVE.match(body) is not None
    if possessive or (body[0] in "yn" and len(body) > 1 and body[1] in VOWELS):
        body = body[1:]  # the buffer is put back below if the word needs one
    if possessive and ends_vowel:
        body = "s" + body
    elif compound and ends_vowel and body[0] in "dt":
        body = "n" + body  # a compound's locative, ablative: "kupa kızından", "Laboratuvarı'nda"
    elif body[0] in VOWELS and ends_vowel:
        genitive = re.match(r"[ıiuü]n(?![aeıioöuü])", body) is not None
        body = ("n" if genitive or compound else "y") + body
    out: list[str] = []
    prev = last_vowel(word)
    for i, ch in enumerate(body):
        if ch in "ae":
            ch = _two(prev)
        elif ch in "ıiuü" and body[i - 1:i + 1] == "ki" and i >= 3 and body[i - 3] in "dt":
            ch = "i"  # "-ki" after a locative never changes: "100'dekiler", "A'dakiler"
        elif ch in "ıiuü":
            ch = _four(prev)
        elif i == 0 and ch in "dt":
            ch = "t" if said[-1] in VOICELESS else "d"
        elif i == 0 and ch in "cç":
            ch = "ç" if said[-1] in VOICELESS else "c"
        if ch in VOWELS:
            prev = ch
        out.append(ch)
    return "".join(out)


def _proper(word: str) -> bool:
    """Whether a suffix after ``word`` takes an apostrophe: a number, a name (capitalised
    last word), a piquet term kept in French; not a common noun ("kupa papazı")."""
    text = word.strip().rstrip(".!?:;,)»”\"*_")
    if not text:
        return False
    last = text.split()[-1]
    if _NUMBER.match(last) or last[0].isdigit():
        return True
    low = _lower(last)
    return last[0].isupper() or low in KEPT


def attach(word: str, suffix: str, *, compound: bool = False) -> str:
    """``word`` with ``suffix`` harmonized, after an apostrophe if the word wants one."""
    joined = harmonize(word, suffix, compound=compound)
    return f"{word}'{joined}" if _proper(word) else f"{word}{joined}"


def question(word: str) -> str:
    """The question particle after ``word``: mı, mi, mu or mü."""
    return "m" + _four(last_vowel(word))


_AFTER: Final = re.compile(r"\{(\w+)\}(?:'([a-zçğıöşüA-ZÇĞİÖŞÜ]+)| (m[ıiuü])(?=\W|$))")


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` (a Turkish translation) filled with ``values``, each suffix or question
    particle written right after a placeholder harmonized with the value put in.

    >>> fill("{who}'ın sırası. {n}'da 1. {what} mu?", {"who": "İkinci", "n": 3,
    ...      "what": "Carte blanche"})
    "İkinci'nin sırası. 3'te 1. Carte blanche mı?"
    """
    def one(m: re.Match[str]) -> str:
        name, suffix, particle = m.group(1), m.group(2), m.group(3)
        if name not in values:
            return m.group(0)
        value = str(values[name])
        if particle:
            return "{" + name + "} " + question(value)
        proper = _proper(value)
        # a card, "kupa papazı": a compound whose possessive takes n before a case
        compound = not proper and len(value.split()) > 1 and value[-1:] in "ıiuü"
        joined = harmonize(value, suffix, compound=compound)
        braced = "{" + name + "}"
        return f"{braced}'{joined}" if proper else f"{braced}{joined}"

    return _AFTER.sub(one, template).format(**values)

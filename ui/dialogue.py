"""The declaring dialogue as styled speech lines (every text escaped)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Final

from piquet import Answer, DialogueLine, LineKind
from words import DEFAULT, PSEUDO, language
from words.declarations import line_text
from words.names import role_name

_CHIPS: Final = {Answer.GOOD: "pq-good", Answer.NOT_GOOD: "pq-notgood",
                 Answer.EQUAL: "pq-equal"}


def lang_attribute() -> str:
    """``lang="tr"``: the current language, for HTML we write whose CSS changes the case of
    its words (the speakers' small capitals): a browser capitalises by the element's
    language, and the page's own is English (Turkish "Birinci" must become BİRİNCİ, not
    BIRINCI).

    >>> lang_attribute()
    'lang="en"'
    """
    lang = language()
    return f'lang="{html.escape(DEFAULT if lang == PSEUDO else lang)}"'


def _speaker(role: str) -> str:
    """A speaker as the page names him, in the current language (a role the text layer does
    not know, as given)."""
    try:
        return role_name(role)
    except KeyError:
        return role


def answer_chip(line: DialogueLine) -> str | None:
    """The chip class of Younger's answer (``pq-good``...), ``None`` for any other line.

    >>> answer_chip(DialogueLine("younger", LineKind.ANSWER, combination=Answer.NOT_GOOD))
    'pq-notgood'
    >>> answer_chip(DialogueLine("elder", LineKind.ASK_PIPS)) is None
    True
    """
    if line.kind is not LineKind.ANSWER or not isinstance(line.combination, Answer):
        return None
    return _CHIPS[line.combination]


def speech_html(speaker: str, who: str, text: str, chip: str | None = None) -> str:
    """One spoken line: ``who`` (the speaker's name) says ``text``; ``chip`` styles it as an
    answer. Everything is escaped."""
    shown = html.escape(text)
    if chip:
        shown = f'<span class="{html.escape(chip)}">{shown}</span>'
    return (f'<div class="pq-{html.escape(speaker)}"><span class="pq-speaker">'
            f"{html.escape(who)}</span> {shown}</div>")


def dialogue_html(lines: Iterable[DialogueLine | tuple[str, str]],
                  names: Mapping[str, str] | None = None) -> str:
    """One line of HTML: each spoken line with its speaker; Younger's answers as chips.
    ``lines`` are :class:`DialogueLine` objects or ``(speaker, text)`` pairs."""
    out = [f'<div class="pq-dialogue" {lang_attribute()}>']
    for line in lines:
        speaker: str
        if isinstance(line, DialogueLine):
            speaker, text, chip = line.speaker, line_text(line), answer_chip(line)
        else:
            (speaker, text), chip = line, None
        who = names[speaker] if names and speaker in names else _speaker(speaker)
        out.append(speech_html(speaker, who, text, chip))
    out.append("</div>")
    return "".join(out)

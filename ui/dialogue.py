"""The declaring dialogue as styled speech lines (every text escaped)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Final

from piquet import DialogueLine
from words import _

_CHIPS: Final = {"Good.": "pq-good", "Not good.": "pq-notgood", "Equal.": "pq-equal"}


def _speaker(role: str) -> str:
    """A speaker as the page names him, in the current language (a role the text layer does
    not know, capitalised)."""
    if role == "elder":
        return _("Elder")
    if role == "younger":
        return _("Younger")
    return role.capitalize()


def dialogue_html(lines: Iterable[DialogueLine | tuple[str, str]],
                  names: Mapping[str, str] | None = None) -> str:
    """One line of HTML: each spoken line with its speaker; Younger's answers as chips.
    ``lines`` are :class:`DialogueLine` objects or ``(speaker, text)`` pairs."""
    out = ['<div class="pq-dialogue">']
    for line in lines:
        speaker, text = ((line.speaker, line.text) if isinstance(line, DialogueLine)
                         else line)
        shown = html.escape(text)
        chip = _CHIPS.get(text)
        if chip and speaker == "younger":
            shown = f'<span class="{chip}">{shown}</span>'
        who = names[speaker] if names and speaker in names else _speaker(speaker)
        out.append(f'<div class="pq-{html.escape(speaker)}"><span class="pq-speaker">'
                   f"{html.escape(who)}</span> {shown}</div>")
    out.append("</div>")
    return "".join(out)

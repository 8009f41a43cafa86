"""Help beside every place that accepts a deal record: the format in plain words, an example
to load or download, an upload button, and plain-word messages for a record that is wrong.

A page owns its text area; these helpers write into it (through ``st.session_state``) and
read what it holds::

    import streamlit as st
    from ui.record_help import (parse_record_text, record_help, record_uploader,
                                  show_record_problems)

    def _load() -> None:                      # the page's own "load" callback
        record, problems = parse_record_text(st.session_state["lab_record_text"])
        ...                                   # keep the record, or the problems

    st.text_area("Deal record (JSON)", key="lab_record_text")
    record_help("lab_help", "lab_record_text", on_load=_load,
                no_rules_means="the preset chosen in the sidebar")
    record_uploader("lab_upload", "lab_record_text", on_load=_load)
    st.button("Load record", on_click=_load)
    show_record_problems(problems)            # one error box; Markdown-safe already

The API:

- ``record_help(key, target_text_key, *, on_load=None, example=None, no_rules_means=...)``
  draws an expander "The deal record format" (the keys, card notation, talon order, what the
  tricks' pairs mean, declarations and sinking, the optional keys, in plain words, with a
  download of the JSON Schema), then a "Load an example" button (its ``on_click`` writes the
  example record's JSON into ``st.session_state[target_text_key]``, then calls ``on_load``)
  and a download button of the example (``example-deal.json``). Widget keys:
  ``{key}_example``, ``{key}_download``, ``{key}_schema``.
- ``record_uploader(key, target_text_key, *, on_load=None, label=...)`` draws the app's
  file button for ``.json`` (:mod:`ui.components.json_file`, widget key ``key``). A chosen
  file's text goes into the text area (then ``on_load`` runs), so the page loads it as if
  pasted; a file that is not JSON, or too big, is named as such under the button and leaves
  the text area alone, until a record is loaded into that text area
  (``forget_upload_problems(target_text_key)``, which the page's own load callback calls;
  "Load an example" does too).
- ``parse_record_text(text, *, name=None) -> (record | None, messages)``: the record (a
  ``dict``; a scenario file's ``"record"`` is taken out of it) when it is a valid deal, else
  ``None`` and the problems in plain words: text that is not JSON says so ("This is not a
  deal record: it is not JSON (the text must start with {)"); a record of the wrong shape
  lists every problem of its shape at once; a well-formed record names the first rule it
  breaks while being replayed ("Trick 4: Younger plays 10S to KD but holds a diamond: he
  must follow suit."). Messages are Markdown-safe (escaped with :func:`ui.text.md_escape`).
- ``parse_record_bytes(data, *, name)``: the same for an uploaded file's bytes.
- ``show_record_problems(messages)`` shows them in one ``st.error`` box (one message alone,
  or "This record has 3 problems:" and a list); ``problems_markdown(messages)`` is its text.
- ``example_record()`` (a fresh copy), ``record_json(record)`` (a record as readable JSON,
  one trick a line), ``FORMAT_MARKDOWN`` (the plain-word description, in the current
  language: ``format_markdown()``) and
  ``SCHEMA_PATH`` (``piquet/record.schema.json``).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import streamlit as st

from piquet.record import record_problems
from ui.components.json_file import LIMIT, ChosenFile, json_file, size_words
from ui.text import md_escape
from words import _, ngettext
from words.record import problem_sentence

SCHEMA_PATH: Final = Path(__file__).resolve().parent.parent / "piquet" / "record.schema.json"

EXAMPLE_RECORD: Final[dict[str, Any]] = {
    "rules": "britannica",
    "elder": ["AD", "KD", "QD", "9D", "8D", "AH", "AC", "10C", "9C", "8S", "7S", "8C"],
    "younger": ["AS", "KS", "QS", "JS", "KH", "QH", "JH", "KC", "QC", "JC", "7H", "7C"],
    "talon": ["7D", "10H", "10S", "JD", "9S", "9H", "8H", "10D"],
    "elder_discard": ["8S", "7S", "8C"],
    "younger_discard": ["7H", "7C"],
    "declarations": {"elder": {"point": ["AD", "KD", "QD", "9D", "8D"]}},
    "tricks": [["AD", "JD"], ["KD", "9S"], ["QD", "JH"], ["AC", "JC"], ["AH", "QH"],
               ["7D", "JS"], ["8D", "QS"], ["9C", "QC"], ["AS", "10S"], ["KS", "9D"],
               ["KH", "10H"], ["KC", "10C"]],
}
"""A whole deal under britannica in which Elder sinks the seven of his six diamonds (the
library's "Sinking changes a verdict")."""

EXAMPLE_FILE_NAME: Final = "example-deal.json"

def format_markdown(no_rules_means: str = "britannica") -> str:
    """The record format in plain words (Markdown), in the current language."""
    return _("""\
A **deal record** holds one deal, from the deal to the tricks played, as JSON: an object
between `{{` and `}}`, its keys and card names in double quotes. Cards are written rank then
suit: ranks `A K Q J 10 9 8 7`, suits `S` spades, `H` hearts, `D` diamonds, `C` clubs — so
`"AS"`, `"10H"`, `"7C"` (lower case, `T` for ten and the symbols ♠ ♥ ♦ ♣ are read too).

| Key | What it holds |
|---|---|
| `"elder"` | Elder's 12 cards **as dealt**, before the exchange (Elder is the non-dealer). |
| `"younger"` | Younger's 12 cards as dealt (Younger deals). |
| `"talon"` | The other 8 cards, **top card first**. Elder draws from the top as many as he \
discards; Younger draws the next ones (the cards Elder left come first). |
| `"elder_discard"` | The 1 to 5 cards Elder discards. |
| `"younger_discard"` | The cards Younger discards (optional; none if left out). He may take \
all that Elder left; under cavendish at least one. |
| `"tricks"` | The tricks played, in order (optional; 0 to 12). Each trick is a pair \
`["card led", "card played second"]`: **the leader's card first**, whoever wins. Elder leads \
to the first trick; the winner of a trick leads to the next. |
| `"rules"` | Optional: `"britannica"` or `"cavendish"`, the preset it is scored under \
(left out: {no_rules_means}). |
| `"declarations"` | Optional: what each player declares, when he **sinks** (declares less \
than he holds). Left out: both declare in full. |
| `"younger_shows_leftovers"` | Optional, britannica only: `true` when Younger turned the cards \
he left face up for both to see. It changes what is seen, never the score. |

**Declarations.** `"declarations": {{"elder": {{...}}, "younger": {{...}}}}`, each player's as
`{{"point": [cards], "sequences": [[cards], ...], "sets": [[cards], ...]}}`, from his hand after
the exchange. A category left out is declared in full; an empty list `[]` declares none of it.
The point is any cards of one suit he holds; a sequence a run of at least three consecutive
cards of one suit (part of a longer run is allowed); a set three or four of a rank, tens or
higher. Example: `{{"elder": {{"point": ["AD", "KD", "QD", "9D", "8D"]}}}}` — Elder calls five
diamonds, sinking the sixth.

**Carte blanche** needs no key: it is judged on the hands as dealt (twelve cards without a
king, queen or jack). Other keys (a title, notes) are ignored, and a scenario file with its
record under `"record"` is read too.
""", no_rules_means=no_rules_means)


def __getattr__(name: str) -> str:
    """``FORMAT_MARKDOWN``: :func:`format_markdown` in the current language, read at each
    use (a constant built at import would stay in the language of the first import)."""
    if name == "FORMAT_MARKDOWN":
        return format_markdown()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def example_record() -> dict[str, Any]:
    """A fresh copy of the example record (a whole deal; safe to change)."""
    return copy.deepcopy(EXAMPLE_RECORD)


def record_json(record: dict[str, Any]) -> str:
    """A record as readable JSON: one key a line, one trick a line."""
    lines = []
    for k, v in record.items():
        if k == "tricks" and isinstance(v, list) and v:
            inner = ",\n".join("    " + json.dumps(t, ensure_ascii=False) for t in v)
            lines.append(f'  {json.dumps(k)}: [\n{inner}\n  ]')
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --- reading a record ---------------------------------------------------------------------

_JSON_ERRORS: Final = (  # the start of Python's json message → what it means, in plain words
    "Expecting property name enclosed in double quotes",
    "Expecting ',' delimiter",
    "Expecting ':' delimiter",
    "Unterminated string",
    "Invalid control character",
    "Invalid \\escape",
    "Extra data",
    "Expecting value",
)


def _json_error(msg: str) -> str:
    """Python's json error message ``msg`` in plain words."""
    plain = (
        _("a key must be written in double quotes, and no comma may stand before a closing }}"),
        _("a comma is missing between two items"),
        _("a colon is missing after a key"),
        _("a text is not closed by a double quote"),
        _("a line break or tab stands inside a text"),
        _("a backslash stands where JSON does not allow one"),
        _("more text follows the record's closing }}"),
        _("a value is missing or not JSON (texts and card names need double quotes, and no "
          "comma may stand before a closing ] or }})"),
    )
    return next((why for start, why in zip(_JSON_ERRORS, plain, strict=True)
                 if msg.startswith(start)), _("the JSON is broken"))


def _not_json(text: str, name: str | None, err: json.JSONDecodeError) -> str:
    if not text.startswith("{"):
        return md_escape(
            _("This is not a deal record: {name} is not JSON (a file must start with {{).",
              name=name) if name else
            _("This is not a deal record: it is not JSON (the text must start with {{)."))
    why = _json_error(err.msg)
    if name:
        return md_escape(_("This is not a deal record: {name} is not valid JSON — on line "
                           "{line}, character {column}, {why}.", name=name, line=err.lineno,
                           column=err.colno, why=why))
    return md_escape(_("This is not a deal record: it is not valid JSON — on line {line}, "
                       "character {column}, {why}.", line=err.lineno, column=err.colno, why=why))


def parse_record_text(text: str, *, name: str | None = None
                      ) -> tuple[dict[str, Any] | None, list[str]]:
    """Read a pasted (or uploaded) deal record. Returns ``(record, [])`` for a valid deal (a
    scenario's ``"record"`` taken out of it), else ``(None, messages)``: plain words,
    Markdown-safe, every problem of the record's shape at once, or else the first rule it
    breaks while being replayed. ``name`` (a file name) is used in the messages.
    """
    text = (text or "").lstrip("\ufeff").strip()
    if not text:
        return None, [md_escape(
            _("There is no deal record to read: {name} is empty.", name=name) if name
            else _("There is no deal record to read: the text is empty."))]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, [_not_json(text, name, e)]
    except RecursionError:
        return None, [md_escape(_("This is not a deal record: it is nested too deeply."))]
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]
    problems = record_problems(data)
    if not problems:
        assert isinstance(data, dict)
        return data, []
    return None, [md_escape(problem_sentence(p)) for p in problems]


def problems_markdown(messages: list[str]) -> str:
    """The messages of :func:`parse_record_text` as one Markdown block: the message alone, or
    "This record has 3 problems:" and a list."""
    if len(messages) == 1:
        return messages[0]
    return ngettext("This record has {n} problem:", "This record has {n} problems:",
                    len(messages)) + "\n\n" + "\n".join(f"- {m}" for m in messages)


def show_record_problems(messages: list[str]) -> None:
    """Show the messages of :func:`parse_record_text` in one error box (nothing if none)."""
    if messages:
        st.error(problems_markdown(messages), icon=":material/error:")


def parse_record_bytes(data: bytes, *, name: str) -> tuple[dict[str, Any] | None, list[str]]:
    """:func:`parse_record_text` for a file's bytes (UTF-8, with or without a BOM)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, [_not_text(name)]
    return parse_record_text(text, name=name)


def _not_text(name: str) -> str:
    return md_escape(_("This is not a deal record: {name} is not JSON (it is not text at "
                       "all).", name=name))


# --- widgets ------------------------------------------------------------------------------


def _upload_problems_key(target_text_key: str) -> str:
    """Where the last upload's problems into ``target_text_key``'s text area are kept."""
    return f"{target_text_key}_upload_problems"


def forget_upload_problems(target_text_key: str) -> None:
    """Forget a failed upload's problems: a page calls it when it loads a record into
    ``target_text_key``'s text area (pasted, the example, another file), so that an error
    about the record before does not stay beside the one now loaded."""
    st.session_state[_upload_problems_key(target_text_key)] = []


def _load_example(target_text_key: str, text: str, on_load: Callable[[], None] | None) -> None:
    forget_upload_problems(target_text_key)
    st.session_state[target_text_key] = text
    if on_load is not None:
        on_load()


def record_help(key: str, target_text_key: str, *, on_load: Callable[[], None] | None = None,
                example: dict[str, Any] | None = None,
                no_rules_means: str = "britannica") -> None:
    """The record format (an expander), "Load an example" (writes the example's JSON into
    ``st.session_state[target_text_key]``, then calls ``on_load``) and a download of the
    example. ``example`` replaces the built-in one; ``no_rules_means`` says which preset
    scores a record that names none, on this page."""
    text = record_json(example if example is not None else EXAMPLE_RECORD)
    with st.expander(_("The deal record format"), icon=":material/help:"):
        st.markdown(format_markdown(no_rules_means))
        st.download_button(_("Download the JSON Schema"), data=SCHEMA_PATH.read_bytes(),
                           file_name="record.schema.json", mime="application/schema+json",
                           key=f"{key}_schema", on_click="ignore",
                           icon=":material/data_object:")
        st.caption(_("The schema describes every key for tools that check JSON; the app "
                     "checks the rules of the deal too."))
    with st.container(horizontal=True, key=f"{key}_buttons"):
        st.button(_("Load an example"), key=f"{key}_example", on_click=_load_example,
                  args=(target_text_key, text, on_load), icon=":material/playing_cards:",
                  help=_("Puts a whole example deal into the record box."))
        st.download_button(_("Download the example"), data=text.encode("utf-8"),
                           file_name=EXAMPLE_FILE_NAME, mime="application/json",
                           key=f"{key}_download", on_click="ignore",
                           icon=":material/download:")


def _received(target_text_key: str, on_load: Callable[[], None] | None,
              chosen: ChosenFile) -> None:
    """A file chosen with :func:`record_uploader`: its text into the text area (then
    ``on_load``), or, when it is not JSON or too big, its problem kept to show."""
    forget_upload_problems(target_text_key)
    problems: list[str] = []
    if chosen.problem == "too_big":
        problems = [md_escape(_("This file is too big for a deal record: {name} has {size}, "
                                "at most {limit} is read.", name=chosen.name,
                                size=size_words(chosen.size), limit=size_words(LIMIT)))]
    elif chosen.text is None:
        problems = [_not_text(chosen.name)]
    else:
        try:
            json.loads(chosen.text.lstrip("\ufeff"))
        except (json.JSONDecodeError, RecursionError):
            problems = parse_record_text(chosen.text, name=chosen.name)[1]
    if problems or chosen.text is None:
        st.session_state[_upload_problems_key(target_text_key)] = problems
        return
    st.session_state[target_text_key] = chosen.text.lstrip("\ufeff")
    if on_load is not None:
        on_load()


def record_uploader(key: str, target_text_key: str, *,
                    on_load: Callable[[], None] | None = None,
                    label: str | None = None) -> None:
    """The app's file button for a ``.json`` record (:func:`ui.components.json_file.json_file`:
    its words the page's, at most :data:`ui.components.json_file.LIMIT` bytes). A JSON
    file's text goes into ``st.session_state[target_text_key]`` (then ``on_load`` runs, so
    the page loads it as if pasted and shows its problems, if any, as it does for pasted
    text); a file that is not JSON, or too big, is named as such, here, and the text area is
    left alone. ``label`` defaults to "…or upload a deal record (.json)"."""
    json_file(key, label=label or _("…or upload a deal record (.json)"),
              on_file=functools.partial(_received, target_text_key, on_load))
    show_record_problems(st.session_state.get(_upload_problems_key(target_text_key)) or [])

"""The one text layer: every user-visible message goes through :func:`_`, :func:`ngettext` or
:func:`pgettext`, which look it up in the gettext catalog of the current language and fill its
named placeholders.

>>> _("Type or pick {size} cards for {label}.", size=12, label="Elder")
'Type or pick 12 cards for Elder.'
>>> [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)]
['0 cards', '1 card', '2 cards']
>>> with use_language("qps"):
...     _("Clear")
'⟦Clear⟧'

The API:

- ``_(message, **values)``: the message translated, then ``str.format``-ed with ``values``
  (named placeholders only: ``{who}``, never ``{}``). A literal brace is doubled (``{{``), in
  every message, whether or not it has placeholders.
- ``ngettext(singular, plural, n, **values)``: the form the language's plural rule chooses for
  ``n``; ``n`` is a placeholder too (``"{n} cards"``).
- ``pgettext(context, message, **values)``: the same message in a given context, for a word
  that a language translates two ways (``pgettext("trick", "Lead")``).
- ``language()``: the current language: :func:`use_language`'s when set, else the session's
  (``st.session_state["lang"]`` under Streamlit, read by the source the app registers with
  :func:`set_language_source`), else ``"en"``; a language without a catalog is English.
- ``use_language(lang)``: a context manager that sets the language for the code inside it
  (tests, scripts).
- ``LANGUAGES``: the languages with a catalog under ``locales/``; ``PSEUDO`` (``"qps"``) is a
  pseudo-locale that has no catalog: it wraps every message as ``⟦…⟧`` (after filling it), so
  a page rendered under it shows any English left outside the catalogs unwrapped.

How to add a message: write it whole, in English, inside ``_()`` (or ``ngettext`` when it
counts something), with named placeholders for what varies: ``_("{who} holds {card} twice",
who=..., card=...)`` — never an f-string, never a sentence glued from fragments or with
``'s' if n != 1``. Then run ``make catalogs`` (``scripts/catalogs.py``): it extracts the
messages into ``locales/messages.pot``, updates every ``locales/<lang>/LC_MESSAGES/messages.po``
(the English one gets msgstr = msgid), and compiles the ``.mo`` files, which are committed.
``tests/test_i18n.py`` fails when the catalogs lag behind the code. A comment ``# TRANSLATORS:``
on the line before a message reaches the translators.

How to add a language: ``.venv/bin/pybabel init -i locales/messages.pot -d locales -l vi``
creates ``locales/vi/LC_MESSAGES/messages.po`` (with the language's plural rule); translate
every msgstr, run ``make catalogs``, and the language is in ``LANGUAGES``.

Which languages the app offers (the frame's picker, ``?lang=``): :func:`complete_languages`,
English and every language whose catalog has no untranslated message and whose content is
present (:data:`REQUIRED_CONTENT` under ``content/<lang>/``; :func:`missing_messages`,
:func:`missing_content` say what lacks). ``PIQUET_PREVIEW_LANGUAGES=vi,tr`` offers
incomplete ones too (translators previewing their work; English shows where a text lacks).
:func:`language_name` names a language in itself; :func:`format_number` writes a number as
the language does (Babel: ``1,234`` / ``1.234``; ``+1.5`` / ``+1,5``).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gettext
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALEDIR",
    "PREVIEW_ENV",
    "PSEUDO",
    "REQUIRED_CONTENT",
    "SESSION_KEY",
    "_",
    "babel_locale",
    "complete_languages",
    "format_day",
    "format_number",
    "format_percent",
    "language",
    "language_name",
    "missing_content",
    "missing_messages",
    "ngettext",
    "offered_languages",
    "pgettext",
    "set_language_source",
    "translations",
    "use_language",
]

LOCALEDIR: Final = Path(__file__).resolve().parent.parent / "locales"
CONTENT_DIR: Final = LOCALEDIR.parent / "content"
DOMAIN: Final = "messages"
DEFAULT: Final = "en"
PSEUDO: Final = "qps"
SESSION_KEY: Final = "lang"
LANGUAGES: Final[tuple[str, ...]] = tuple(sorted(
    p.parent.parent.name for p in LOCALEDIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))

_override: ContextVar[str | None] = ContextVar("piquet_language", default=None)
_source: Callable[[], str | None] | None = None


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Render the messages of the code inside in ``lang`` (tests, scripts)."""
    token = _override.set(lang)
    try:
        yield
    finally:
        _override.reset(token)


def set_language_source(source: Callable[[], str | None] | None) -> None:
    """Where :func:`language` reads the user's language when no :func:`use_language` is set:
    the app registers a reader of its session (``ui.session_language``); ``None`` unsets it.
    The text layer itself never imports Streamlit."""
    global _source
    _source = source


def _session_language() -> str | None:
    if _source is None:
        return None
    try:
        value = _source()
    except Exception:  # pragma: no cover - a session that cannot be read: the default
        return None
    return value if isinstance(value, str) else None


def language() -> str:
    """The current language: a known language or the pseudo-locale, else ``"en"``."""
    lang = _override.get() or _session_language() or DEFAULT
    return lang if lang in LANGUAGES or lang == PSEUDO else DEFAULT


def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (loaded once); English's when ``lang`` has none (the
    messages as written when even that is missing)."""
    return _load(lang if lang in LANGUAGES else DEFAULT)


@cache
def _load(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=LOCALEDIR, languages=[lang], fallback=True)


def _fill(template: str, fallback: str, values: dict[str, object], lang: str = DEFAULT) -> str:
    """``template`` with its placeholders filled; the English ``fallback`` when a translation's
    placeholders do not match the values. Turkish: a suffix or question particle right after
    a placeholder follows the value's vowel harmony and the apostrophe rule
    (:func:`words.turkish.fill`)."""
    try:
        if lang == "tr" and values:
            from words.turkish import fill

            return fill(template, values)
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return fallback.format(**values)


def _render(translated: str, english: str, values: dict[str, object], lang: str) -> str:
    text = _fill(translated, english, values, lang)
    return f"⟦{text}⟧" if lang == PSEUDO else text


def _(message: str, /, **values: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``."""
    lang = language()
    return _render(translations(lang).gettext(message), message, values, lang)


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of the message for ``n`` in the current language; ``{n}`` is filled too.

    >>> ngettext("{who} has {n} card", "{who} has {n} cards", 1, who="Elder")
    'Elder has 1 card'
    """
    lang = language()
    english = singular if n == 1 else plural
    return _render(translations(lang).ngettext(singular, plural, n), english,
                   {"n": n, **values}, lang)


def pgettext(context: str, message: str, /, **values: object) -> str:
    """``message`` as meant in ``context``, in the current language."""
    lang = language()
    return _render(translations(lang).pgettext(context, message), message, values, lang)


# --------------------------------------------------------------------------- offered languages

#: Each language named in itself (the picker shows these, whatever the current language).
LANGUAGE_NAMES: Final[dict[str, str]] = {"en": "English", "vi": "Tiếng Việt", "tr": "Türkçe"}
#: What ``content/<lang>/`` must hold for the language to be offered (a folder: every file
#: English has in it).
REQUIRED_CONTENT: Final = ("stages", "home.md", "about.md", "glossary.json")
#: Languages offered even when incomplete (comma-separated), for previews.
PREVIEW_ENV: Final = "PIQUET_PREVIEW_LANGUAGES"


def language_name(lang: str) -> str:
    """``lang`` named in itself: ``"vi"`` → ``"Tiếng Việt"``.

    >>> language_name("tr"), language_name("xx")
    ('Türkçe', 'xx')
    >>> with use_language(PSEUDO):  # text of the text layer, like every message
    ...     language_name("vi")
    '⟦Tiếng Việt⟧'
    """
    name = LANGUAGE_NAMES.get(lang, lang)
    return f"⟦{name}⟧" if language() == PSEUDO else name


@cache
def missing_messages(lang: str) -> tuple[str, ...]:
    """The msgids (a plural's singular) of ``lang``'s catalog without a translation (empty,
    fuzzy, or short of the language's plural forms); every English message when the
    language has no catalog."""
    from babel.messages.pofile import read_po

    po = LOCALEDIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    english = LOCALEDIR / DEFAULT / "LC_MESSAGES" / f"{DOMAIN}.po"
    path = po if po.exists() else english
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang if po.exists() else DEFAULT)
    missing: list[str] = []
    for m in catalog:
        if not m.id:
            continue
        first = str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
        if not po.exists():
            missing.append(first)
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = catalog.num_plurals if m.pluralizable else 1
        if m.fuzzy or len(strings) != wanted or not all(strings):
            missing.append(first)
    return tuple(missing)


def missing_content(lang: str) -> tuple[str, ...]:
    """The files of :data:`REQUIRED_CONTENT` that ``content/<lang>/`` lacks (paths relative
    to ``content/<lang>/``)."""
    if lang == DEFAULT:
        return ()
    out = []
    for name in REQUIRED_CONTENT:
        theirs, ours = CONTENT_DIR / lang / name, CONTENT_DIR / DEFAULT / name
        if ours.is_dir():
            out += [f"{name}/{p.name}" for p in sorted(ours.iterdir())
                    if p.is_file() and not (theirs / p.name).is_file()]
        elif not theirs.is_file():
            out.append(name)
    return tuple(out)


@cache
def complete_languages() -> tuple[str, ...]:
    """English and every language with its whole catalog translated and its content present
    (computed once a process)."""
    return tuple(lang for lang in LANGUAGES if lang == DEFAULT
                 or not (missing_messages(lang) or missing_content(lang)))


def offered_languages() -> tuple[str, ...]:
    """The languages a learner can choose: :func:`complete_languages`, plus those named in
    ``$PIQUET_PREVIEW_LANGUAGES`` that have a catalog; in :data:`LANGUAGE_NAMES`' order
    (English first)."""
    preview = {p.strip() for p in os.environ.get(PREVIEW_ENV, "").split(",")}
    chosen = set(complete_languages()) | (preview & set(LANGUAGES)) | {DEFAULT}
    order = list(LANGUAGE_NAMES)
    return tuple(sorted(chosen, key=lambda x: (order.index(x) if x in order else len(order), x)))


# --------------------------------------------------------------------------- numbers


def babel_locale(lang: str | None = None) -> str:
    """The Babel locale of ``lang`` (default: the current language); English for the
    pseudo-locale."""
    lang = language() if lang is None else lang
    return lang if lang in LANGUAGES else DEFAULT


def format_number(x: float, *, decimals: int | None = None, signed: bool = False) -> str:
    """``x`` as the current language writes numbers: grouped thousands, its decimal sign;
    ``decimals`` fixed digits after it; ``signed``: "+" before a positive number.

    >>> format_number(12345), format_number(2.5, decimals=1, signed=True)
    ('12,345', '+2.5')
    >>> with use_language("tr"):
    ...     format_number(12345), format_number(-0.25, decimals=1, signed=True)
    ('12.345', '-0,2')
    """
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    if signed:
        pattern = f"+{pattern};-{pattern}"
    if decimals is not None:
        x = round(x, decimals)
    text = format_decimal(x, format=pattern, locale=babel_locale())
    return str(text)


def format_percent(fraction: float, *, decimals: int = 0) -> str:
    """``fraction`` (0.125 for 12.5%) as the current language writes a percentage, through
    Babel's percent format for its locale (the sign after the number in English and
    Vietnamese, before it in Turkish) with ``decimals`` fixed digits.

    >>> format_percent(0.125, decimals=1), format_percent(0.5)
    ('12.5%', '50%')
    >>> with use_language("tr"):
    ...     format_percent(0.333, decimals=1)
    '%33,3'
    >>> with use_language("vi"):
    ...     format_percent(0.00056, decimals=3)
    '0,056%'
    """
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = babel_locale()
    pattern = str(Locale.parse(locale).percent_formats[None].pattern)
    if decimals:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * decimals, 1)
    return str(babel_percent(round(fraction, decimals + 2), format=pattern, locale=locale))


def format_day(moment: _dt.datetime) -> str:
    """The day of ``moment`` as the current language writes a date.

    >>> from datetime import datetime
    >>> format_day(datetime(2026, 12, 6, 9, 30))
    'Dec 6, 2026'
    >>> with use_language("vi"):
    ...     format_day(datetime(2026, 12, 6))
    '6 thg 12, 2026'
    """
    from babel.dates import format_date

    return str(format_date(moment.date(), format="medium", locale=babel_locale()))

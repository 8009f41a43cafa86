"""Settings every page honours, drawn once in the frame: the language, the rules preset and
the deck colours.

The language (:func:`choose_language`, first in the frame: every text after it is in that
language) is kept in the URL as ``?lang=vi`` (English leaves the URL clean). Precedence: the
URL, then the learner's stored setting, then the browser's language (``st.context.locale``,
"vi-VN" → vi), then English. Only the languages :func:`words.offered_languages` offers (a
complete catalog and content) are chosen; ``?lang=`` naming another shows English with a
notice (:func:`language_notices`). The picker (:func:`language_picker`) shows each language
in itself and is drawn only when there is a choice.

Both are kept in the URL so that a link reproduces what its sender saw: ``?rules=cavendish``
(the preset's id; ``britannica`` is the default and leaves the URL clean) and
``?four_colour=1``. The selector shows each preset by its name for readers ("Britannica
(Parlett)"), so it is not bound with ``bind="query-params"`` (which in Streamlit 1.67 would put
the formatted label in the URL): the frame keeps the parameters itself.

Precedence: the URL first, then the learner's stored setting (:func:`ui.storage.stored_settings`,
read once a session for each learner), then the defaults. A change of the widget is saved
(:func:`ui.storage.save_settings`), so the preset and the deck survive a reload without URL
parameters; a link's value applies without being saved.

- A link's value wins on the run it arrives (a new session, or the browser's back button).
- A page switch drops plain query parameters: the frame writes them back from the session.
- A change of the widget writes the URL in its ``on_change`` callback, before the run.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from piquet import PRESETS, Rules, get_rules
from piquet.rules import DEFAULT_RULES
from ui import storage
from ui.components.address import frozen
from ui.language import forget_session_language
from ui.links import FOUR_COLOUR_PARAM, LANG_PARAM, RULES_PARAM
from ui.text import md_quote
from words import (
    DEFAULT,
    LANGUAGE_NAMES,
    LANGUAGES,
    PSEUDO,
    SESSION_KEY,
    _,
    language_name,
    offered_languages,
)
from words.names import preset_name

RULES_KEY: Final = RULES_PARAM  # the selector's key is the parameter's name
FOUR_COLOUR_KEY: Final = "four_colour"
PRESET_NAMES: Final = tuple(PRESETS)
DEFAULT_PRESET: Final = DEFAULT_RULES.name
_ON: Final = ("1", "true", "yes", "on")
_OFF: Final = ("0", "false", "no", "off", "")
_NOTICE: Final = "_settings_notices"
_STORED_FOR: Final = "_settings_stored_for"  # the learner key whose stored settings apply
LANG_PICKER_KEY: Final = "_language_picker"
_LANG_NOTICE: Final = "_language_notices"
_LANG_STORED_FOR: Final = "_language_stored_for"


def preset_label(name: str) -> str:
    """A preset as readers know it, in the current language (:func:`words.names.preset_name`,
    the one label table of the presets).

    >>> preset_label("britannica"), preset_label("cavendish"), preset_label("nope")
    ('Britannica article', 'Cavendish (1882)', 'nope')
    """
    return preset_name(name)


def _shown(raw: object) -> str:
    return md_quote(raw, 30)  # a link's value in a notice: shown, never read as Markdown


def _set_param(name: str, value: str | None) -> None:
    """``?name=value``, or no parameter for ``None``; written only when it changes, and not
    while the address holds a secret link's key (the next run writes it)."""
    if frozen():
        return
    if value is None:
        if name in st.query_params:
            del st.query_params[name]
    elif st.query_params.get(name) != value:
        st.query_params[name] = value


def _rules_param(name: str) -> str | None:
    return None if name == DEFAULT_PRESET else name


def _colour_param(on: bool) -> str | None:
    return "1" if on else None


def _on_rules() -> None:
    name = st.session_state.get(RULES_KEY)
    if name not in PRESETS:  # pragma: no cover - required=True keeps a value
        name = DEFAULT_PRESET
        st.session_state[RULES_KEY] = name
    _set_param(RULES_KEY, _rules_param(str(name)))
    storage.save_settings(preset=str(name))


def _on_four_colour() -> None:
    on = bool(st.session_state.get(FOUR_COLOUR_KEY))
    _set_param(FOUR_COLOUR_PARAM, _colour_param(on))
    storage.save_settings(four_colour=on)


def apply_stored_settings() -> None:
    """The learner's stored settings into the session, once a session for each learner (a
    resume link brings another learner's); the URL, read after, still wins."""
    ss = st.session_state
    key = storage.learner()
    if key is None or ss.get(_STORED_FOR) == key:
        return
    ss[_STORED_FOR] = key
    stored = storage.stored_settings()
    if stored is None:
        return
    if stored.preset in PRESETS:
        ss[RULES_KEY] = stored.preset
    if stored.four_colour is not None:
        ss[FOUR_COLOUR_KEY] = bool(stored.four_colour)


# --------------------------------------------------------------------------- the language


def language_from_locale(locale: object) -> str | None:
    """The offered language a browser's locale asks for ("vi-VN" → ``"vi"``), else None.

    >>> language_from_locale("en-GB"), language_from_locale(None), language_from_locale("de")
    ('en', None, None)
    """
    if not isinstance(locale, str) or not locale:
        return None
    code = locale.replace("_", "-").split("-")[0].strip().lower()
    return code if code in offered_languages() else None


def _browser_locale() -> str | None:
    try:
        locale = st.context.locale
    except Exception:  # pragma: no cover - outside a session, or an old client
        return None
    return locale if isinstance(locale, str) else None


def _set_language(lang: str) -> None:
    st.session_state[SESSION_KEY] = lang
    forget_session_language()


def _lang_param(lang: str) -> str | None:
    return None if lang in (DEFAULT, PSEUDO) else lang


def choose_language() -> str:
    """This run's language into ``st.session_state["lang"]`` (see the module's docstring);
    call it in the frame before any text, after the learner is known. Returns it."""
    ss = st.session_state
    offered = offered_languages()
    notices: list[str] = []
    key = storage.learner()
    if key is not None and ss.get(_LANG_STORED_FOR) != key:
        ss[_LANG_STORED_FOR] = key
        stored = storage.stored_settings()
        if stored is not None and stored.language in offered:
            _set_language(str(stored.language))
    raw = st.query_params.get(LANG_PARAM)
    if raw is not None:
        code = raw.strip().lower()
        if code in offered or code == PSEUDO:
            _set_language(code)
        else:
            _set_language(DEFAULT)
            if code in LANGUAGES or code in LANGUAGE_NAMES:
                notices.append(_("{language} is not available yet: the translation is not "
                                 "finished. The app is shown in English.",
                                 language=language_name(code)))
            else:
                notices.append(_("Unknown language “{value}” in the link; the app is shown in "
                                 "English.", value=_shown(raw)))
    current = ss.get(SESSION_KEY)
    if current not in offered and current != PSEUDO:  # none yet, or one no longer offered
        chosen = language_from_locale(_browser_locale()) if raw is None else None
        _set_language(chosen or DEFAULT)
    lang = str(ss[SESSION_KEY])
    _set_param(LANG_PARAM, _lang_param(lang))
    ss[_LANG_NOTICE] = notices
    return lang


def _on_language() -> None:
    lang = st.session_state.get(LANG_PICKER_KEY)
    if lang not in offered_languages():  # pragma: no cover - the options are the offered
        return
    _set_language(str(lang))
    _set_param(LANG_PARAM, _lang_param(str(lang)))
    storage.save_settings(language=str(lang))


def language_picker() -> None:
    """The sidebar's language picker (each language named in itself), with the notices of
    :func:`choose_language`; drawn only when more than one language is offered."""
    for note in st.session_state.pop(_LANG_NOTICE, []):
        st.info(note, icon=":material/translate:")
    offered = offered_languages()
    current = st.session_state.get(SESSION_KEY)
    if len(offered) < 2 or current == PSEUDO:  # the pseudo-locale is not a language to pick
        return
    st.session_state[LANG_PICKER_KEY] = current if current in offered else DEFAULT
    # Each language in itself, whatever the current one (a function of the code alone, so
    # that a rerun's formatting never differs from the options drawn).
    st.selectbox(_("Language"), offered, key=LANG_PICKER_KEY, format_func=_own_name,
                 on_change=_on_language)


def _own_name(lang: str) -> str:
    return LANGUAGE_NAMES.get(lang, lang)


# --------------------------------------------------------------------------- rules and deck


def sync_settings_from_url() -> None:
    """Read ``?rules=`` and ``?four_colour=`` into the session (before the widgets are drawn);
    an unusable value is named and dropped. Then write the session's values back to the URL.
    The learner's stored settings come first (:func:`apply_stored_settings`): the URL wins."""
    apply_stored_settings()
    ss = st.session_state
    notices: list[str] = []
    raw = st.query_params.get(RULES_KEY)
    if raw is not None:
        if raw in PRESETS:
            ss[RULES_KEY] = raw
        else:
            notices.append(_("Unknown rules preset “{value}” in the link; using {preset}.",
                             value=_shown(raw),
                             preset=preset_label(str(ss.get(RULES_KEY) or DEFAULT_PRESET))))
    if ss.get(RULES_KEY) not in PRESETS:
        ss[RULES_KEY] = DEFAULT_PRESET
    raw_fc = st.query_params.get(FOUR_COLOUR_PARAM)
    if raw_fc is not None:
        text = raw_fc.strip().lower()
        if text in _ON:
            ss[FOUR_COLOUR_KEY] = True
        elif text in _OFF:
            ss[FOUR_COLOUR_KEY] = False
        else:
            notices.append(_("“{value}” is not a four-colour setting (use four_colour=1 or "
                             "0); the deck keeps its colours.", value=_shown(raw_fc)))
    ss[FOUR_COLOUR_KEY] = bool(ss.get(FOUR_COLOUR_KEY, False))
    _set_param(RULES_KEY, _rules_param(str(ss[RULES_KEY])))
    _set_param(FOUR_COLOUR_PARAM, _colour_param(bool(ss[FOUR_COLOUR_KEY])))
    ss[_NOTICE] = notices


_PENDING_RULES = "_pending_rules"


def follow_rules(name: str) -> None:
    """A page now shows a deal under its own preset ``name``: the sidebar switches to it (the
    selector is already drawn in this run, so the switch takes a rerun, made at once)."""
    if name == current_rules().name or name not in PRESETS:
        return
    st.session_state[_PENDING_RULES] = name
    st.rerun()


def rules_selector() -> None:
    """The sidebar's settings: the preset selector and the four-colour deck, kept in the URL."""
    sync_settings_from_url()
    pending = st.session_state.pop(_PENDING_RULES, None)
    if pending:
        set_rules(str(pending))
    st.segmented_control(
        _("Rules"), PRESET_NAMES, key=RULES_KEY, required=True, format_func=preset_label,
        on_change=_on_rules,
        help=_("Britannica article: the Encyclopaedia Britannica article on piquet by David "
             "Parlett (not his own fuller rules page, which differs), the default. "
             "Cavendish (1882): the club laws in Cavendish's Laws of Piquet, with "
             "+1 for the last trick and Younger bound to take at least one card."),
    )
    for note in st.session_state.pop(_NOTICE, []):
        st.warning(note)
    # TRANSLATORS: the setting that gives each suit its own colour (colour-blind players
    # tell the suits apart by colour as well as by shape)
    st.toggle(_("Four-colour deck, for colour-blind players"), key=FOUR_COLOUR_KEY,
              on_change=_on_four_colour,
              help=_("Spades black, hearts red, diamonds blue, clubs green."))


def set_rules(name: str) -> None:
    """Choose a preset from code (in a callback, or before the frame runs): the session and
    the URL together, or the link's old value would win on the next run."""
    if name not in PRESETS:
        raise ValueError(f"{name!r} is not a rules preset")
    st.session_state[RULES_KEY] = name
    _set_param(RULES_KEY, _rules_param(name))


def current_rules() -> Rules:
    """The preset chosen in the frame (britannica until chosen)."""
    name = st.session_state.get(RULES_KEY) or DEFAULT_PRESET
    try:
        return get_rules(str(name))
    except ValueError:
        return get_rules(DEFAULT_PRESET)


def four_colour() -> bool:
    return bool(st.session_state.get(FOUR_COLOUR_KEY, False))

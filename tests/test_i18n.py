"""The text layer (words/__init__.py) and its gettext catalogs (locales/, scripts/catalogs.py)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

from words import LANGUAGES, PSEUDO, _, language, ngettext, pgettext, use_language

ROOT = Path(__file__).resolve().parent.parent
EN_PO = ROOT / "locales" / "en" / "LC_MESSAGES" / "messages.po"


def _catalogs_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


catalogs = _catalogs_script()


def _ids(catalog: Iterable[Message]) -> set[object]:
    """The msgids of a catalog (a plural's pair; with its context, if any)."""
    return {(m.context, m.id) if m.context else m.id for m in catalog if m.id}


def test_english_is_a_language() -> None:
    assert "en" in LANGUAGES


def test_english_catalog_is_complete() -> None:
    with EN_PO.open("rb") as f:
        catalog = read_po(f, locale="en")
    assert catalog.num_plurals == 2
    missing = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings) or len(strings) != (2 if m.pluralizable else 1):
            missing.append(m.id)
    assert not missing, f"messages without an English text: {missing}"


def test_catalogs_are_up_to_date_with_the_code() -> None:
    """A message added, changed or removed in the code without `make catalogs` fails here:
    the sources are extracted afresh and compared with the English catalog."""
    with EN_PO.open("rb") as f:
        catalog = read_po(f, locale="en")
    fresh = _ids(catalogs.extract())
    have = _ids(catalog)
    assert fresh == have, (
        f"run `make catalogs`: new in the code {sorted(map(str, fresh - have))}, "
        f"gone from the code {sorted(map(str, have - fresh))}")


def test_compiled_files_match_the_po() -> None:
    """The committed .pot, .po and .mo are what `make catalogs` writes (dates aside)."""
    assert catalogs.main(["--check"]) == 0, "run `make catalogs`"


def test_extraction_sees_a_new_message(tmp_path: Path) -> None:
    """The up-to-date check really looks at the code: a new `_()` in a copy is found."""
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "page.py").write_text(
        "from words import _, ngettext\n"
        "x = _('A brand new message for {who}', who='Elder')\n"
        "y = ngettext('{n} new card', '{n} new cards', 2)\n", encoding="utf-8")
    found = _ids(catalogs.extract(tmp_path))
    assert "A brand new message for {who}" in found
    assert ("{n} new card", "{n} new cards") in found


@pytest.mark.parametrize(("n", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"),
                                         (5, "5 cards")])
def test_plural_forms(n: int, text: str) -> None:
    assert ngettext("{n} card", "{n} cards", n) == text


def test_placeholders_are_filled() -> None:
    assert _("{who} holds {card} twice", who="Elder", card="AS") == "Elder holds AS twice"
    assert ngettext("{who} has {n} card", "{who} has {n} cards", 11, who="Younger") == (
        "Younger has 11 cards")
    assert pgettext("trick", "{who} leads", who="Elder") == "Elder leads"
    assert _("a brace {{ stays") == "a brace { stays"


def test_pseudo_locale_wraps_every_message() -> None:
    with use_language(PSEUDO):
        assert language() == PSEUDO
        assert _("Clear") == "⟦Clear⟧"
        assert _("Elder holds {card} twice", card="AS") == "⟦Elder holds AS twice⟧"
        assert ngettext("{n} card", "{n} cards", 1) == "⟦1 card⟧"
        assert pgettext("trick", "Lead") == "⟦Lead⟧"
    assert _("Clear") == "Clear"


def test_unknown_language_is_english() -> None:
    with use_language("xx"):
        assert language() == "en"
        assert _("Clear") == "Clear"
        assert ngettext("{n} card", "{n} cards", 2) == "2 cards"


def test_outside_streamlit_the_language_is_english() -> None:
    assert language() == "en"


def _lang_app() -> None:
    import streamlit as st

    import ui  # noqa: F401  (registers the session as the text layer's source of language)
    from words import _, language

    st.session_state["lang"] = st.query_params.get("lang", "en")
    st.markdown(language())
    st.markdown(_("Type or pick {size} cards for {label}.", size=12, label="Elder"))


@pytest.mark.parametrize(("lang", "shown"), [
    ("en", ["en", "Type or pick 12 cards for Elder."]),
    ("qps", ["qps", "⟦Type or pick 12 cards for Elder.⟧"]),
    ("zz", ["en", "Type or pick 12 cards for Elder."]),
])
def test_language_comes_from_the_session(lang: str, shown: list[str]) -> None:
    at = AppTest.from_function(_lang_app)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    assert [m.value for m in at.markdown] == shown


CONVERTED = ("words", "ui.hand_builder", "ui.settings", "ui.record_help", "ui.lab.sinking",
             "ui.lab.state", "ui.lab.views")


@pytest.mark.parametrize("name", CONVERTED)
def test_doctests_of_the_converted_modules(name: str) -> None:
    import doctest
    import importlib

    importlib.import_module(name)
    result = doctest.testmod(sys.modules[name])
    assert result.failed == 0


def _wrapped(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def test_hand_builder_speaks_only_through_the_catalog() -> None:
    """Under the pseudo-locale every text the hand builder draws is a catalog message."""
    at = AppTest.from_file(str(ROOT / "tests" / "apps" / "hand_builder_app.py"))
    at.session_state["lang"] = PSEUDO
    at.session_state["test_set_hand"] = ""
    at.session_state["test_taken"] = "KH"
    at.run()
    assert not at.exception
    box = at.text_input[0]
    assert _wrapped(box.label) and _wrapped(str(box.placeholder)) and _wrapped(str(box.help))
    assert all(_wrapped(b.label) for b in at.button)
    assert [c.value for c in at.caption] == ["⟦Type or pick 12 cards for Elder.⟧"]
    box.set_value("AS AS QQ KH").run()
    problems = at.error[0].value.split("  \n")
    assert len(problems) == 3 and all(_wrapped(p) for p in problems), problems


def test_record_help_speaks_only_through_the_catalog() -> None:
    at = AppTest.from_file(str(ROOT / "tests" / "apps" / "record_help_app.py"))
    at.session_state["lang"] = PSEUDO
    at.run()
    assert not at.exception
    assert all(_wrapped(e.label) for e in at.expander)
    assert all(_wrapped(m.value) for m in at.markdown)
    assert all(_wrapped(c.value) for c in at.caption)
    assert all(_wrapped(b.label) for b in at.button if b.key != "load")
    at.text_area[0].set_value("[1, 2").run()
    at.button(key="load").click().run()
    assert [e.value for e in at.error] == [
        "⟦This is not a deal record\\: it is not JSON \\(the text must start with \\{\\)\\.⟧"]


def test_the_compiled_english_catalog_is_loaded() -> None:
    """English comes from its .mo (not gettext's fallback), so a broken .mo shows here."""
    import gettext

    from words import translations

    en = translations("en")
    assert type(en) is gettext.GNUTranslations
    assert en.info()["language"] == "en"
    assert en.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert translations("xx") is en


def test_no_module_of_the_text_layer_rebinds_underscore() -> None:
    """A module that imports ``_`` from words never assigns ``_`` (``x, _ = ...``), which
    would silently replace the translation function in that scope."""
    import ast

    offenders = []
    files = [ROOT / "app.py", *(p for d in ("ui", "app_pages", "academy")
                                for p in (ROOT / d).rglob("*.py"))]
    for path in files:
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(isinstance(n, ast.ImportFrom) and n.module == "words"
                         and any(a.name == "_" and a.asname is None for a in n.names)
                         for n in ast.walk(tree))
        if imports_it:
            offenders += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                          if isinstance(n, ast.Name) and n.id == "_"
                          and isinstance(n.ctx, ast.Store)]
    assert not offenders, offenders


# --------------------------------------------------------------------------- complete languages

COMPLETE_FILE = ROOT / "locales" / "complete.txt"


def _claimed_complete() -> list[str]:
    lines = COMPLETE_FILE.read_text(encoding="utf-8").splitlines()
    return [x.strip() for x in lines if x.strip() and not x.startswith("#")]


def test_the_languages_claimed_complete_have_catalogs() -> None:
    assert set(_claimed_complete()) <= set(LANGUAGES) - {"en"}


@pytest.mark.parametrize("lang", sorted(set(_claimed_complete()) | (
    set(__import__("words").complete_languages()) - {"en"})))
def test_a_complete_language_has_every_message_and_file(lang: str) -> None:
    """A language claimed complete (locales/complete.txt) or offered as complete: no message
    of its catalog untranslated, no content file missing. A missing translation fails CI."""
    from words import missing_content, missing_messages

    missing_messages.cache_clear()
    assert not missing_messages(lang), (
        f"{lang}: {len(missing_messages(lang))} messages untranslated, e.g. "
        f"{list(missing_messages(lang))[:5]}")
    assert not missing_content(lang), f"{lang}: content missing {missing_content(lang)}"


def test_report_what_each_language_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    """A report, not a check (it passes): for every language, how many messages are not yet
    translated and which content files are missing (``-s`` or ``-rP`` to see it)."""
    from words import missing_content, missing_messages

    lines = []
    with EN_PO.open("rb") as f:
        total = sum(1 for m in read_po(f, locale="en") if m.id)
    for lang in LANGUAGES:
        if lang == "en":
            continue
        lines.append(f"{lang}: {len(missing_messages(lang))} of {total} messages untranslated; "
                     f"content missing: {', '.join(missing_content(lang)) or 'none'}")
    print("\n".join(lines))
    assert all(lang in " ".join(lines) for lang in LANGUAGES if lang != "en")


def test_missing_messages_sees_an_untranslated_message(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import words

    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: xx\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        'msgid "Clear"\nmsgstr "Xoá"\n\nmsgid "Deal at random"\nmsgstr ""\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} lá"\n', encoding="utf-8")
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(words, "LOCALEDIR", tmp_path)
    words.missing_messages.cache_clear()
    try:
        assert words.missing_messages("xx") == ("Deal at random",)
    finally:
        words.missing_messages.cache_clear()

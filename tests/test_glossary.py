"""The glossaries (content/<lang>/glossary.json, docs/glossary-format.md) and the Glossary page.

For each language with a glossary: no message of its catalog and no content file uses a wrong
rendering the glossary lists, and every message whose English names a term (a whole-word
match of the term's ``english`` forms in the msgid) has the chosen rendering (one of its
``accept`` texts; a stem matches Turkish inflected forms) in its translation. Strict for the
languages the app offers (words.complete_languages() or locales/complete.txt), a report for
the others (``-rP`` prints it).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from apptest import APP, TIMEOUT
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest
from test_pseudo_locale import visible

from ui.content import CONTENT
from ui.glossary import Glossary, GlossaryError, Term, load_glossary, parse_glossary
from words import LANGUAGES, PREVIEW_ENV, PSEUDO, complete_languages, use_language
from words.cards import lower_text

ROOT = Path(__file__).resolve().parent.parent
WITH_GLOSSARY = sorted(p.parent.name for p in CONTENT.glob("*/glossary.json"))
TRANSLATED = [lang for lang in WITH_GLOSSARY if lang != "en"]
CLAIMED = {x.strip() for x in (ROOT / "locales" / "complete.txt").read_text(
    encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")}
STRICT = set(complete_languages()) | CLAIMED
# The languages whose glossary is checked strictly for the chosen rendering wherever the
# English names a term (every offered language; a new one joins once its lists are tuned).
CONSISTENT: frozenset[str] = frozenset({"vi", "tr"})


def _lower(text: str, lang: str) -> str:
    with use_language(lang):
        return lower_text(text)


def _forms(value: object) -> tuple[str, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(str(v) for v in value if v)
    return (str(value),) if value else ()


Message = tuple[str, tuple[str, ...], tuple[str, ...], str]


@cache
def _catalog(lang: str) -> tuple[Message, ...]:
    """(msgid's singular, the English forms, the translated forms, the context or "") of every
    translated message of ``lang``."""
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        strings = _forms(m.string)
        if m.id and strings and not m.fuzzy:
            ids = _forms(m.id)
            out.append((ids[0], ids, strings, m.context or ""))
    return tuple(out)


def _wrong_pattern(text: str, lang: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(_lower(text, lang)))


# Not the concept: placeholders ({suit}), code quoted in a message ('elder', `talon`, the
# JSON keys of a deal record).
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|'[a-z_]+'|`[^`]*`")


def _without(text: str, phrases: list[str]) -> str:
    for phrase in phrases:
        text = text.replace(phrase, " ")
    return text


def _words(forms: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.I)


def _longer(term: Term, glossary: Glossary) -> tuple[str, ...]:
    """The other terms' English forms that contain one of ``term``'s words: "the cards" (the
    bonus for most tricks) is not a mention of "card", "follow suit" not one of "suit"."""
    mine = _words(term.english)
    return tuple(e for t in glossary.terms if t.id != term.id for e in t.english
                 if mine.search(e) and e.lower() not in {w.lower() for w in term.english})


def _names_term(english: str, term: Term, longer: tuple[str, ...] = ()) -> bool:
    """Whether the English message names the term (placeholders and quoted code aside, and
    the ``longer`` terms that contain its word)."""
    bare = _PLACEHOLDER.sub(" ", english)
    if longer:
        bare = _words(longer).sub(" ", bare)
    return _words(term.english).search(bare) is not None


def violations(lang: str) -> list[str]:
    """Every use of a wrong rendering, and every message naming a term without its chosen
    rendering, in ``lang``'s catalog and content."""
    glossary = load_glossary(lang)
    out: list[str] = []
    wrong = [(t.id, w.text, _wrong_pattern(w.text, lang), [_lower(a, lang) for a in w.allow],
              w.contexts) for t in glossary.terms for w in t.wrong]
    longer = {t.id: _longer(t, glossary) for t in glossary.terms}
    for key, ids, strings, context in _catalog(lang):
        low = [_lower(s, lang) for s in strings]
        plain = [s.lower() for s in strings]  # kept foreign terms: "PIQUE" is "pique" in tr
        where = f"{context}: {key[:70]!r}" if context else repr(key[:70])
        for term_id, text, pattern, allow, contexts in wrong:
            if contexts and context not in contexts:
                continue
            if any(pattern.search(_without(s, allow)) for s in low):
                out.append(f"wrong rendering “{text}” ({term_id}) in {where}")
        for t in glossary.terms:
            if t.contexts and context not in t.contexts:
                continue
            if key.strip() in t.ignore or not any(_names_term(e, t, longer[t.id]) for e in ids):
                continue
            accept = [_lower(a, lang) for a in t.accept] + [a.lower() for a in t.accept]
            if not all(any(a in s or a in p for a in accept) for s, p in zip(low, plain,
                                                                            strict=True)):
                out.append(f"“{t.term}” ({t.id}) missing from the translation of {key[:70]!r}: "
                           f"{strings[0][:70]!r}")
    for path in sorted((CONTENT / lang).rglob("*")):
        rel = path.relative_to(CONTENT / lang)
        if not path.is_file() or rel.parts[0].startswith("_") or path.name == "glossary.json":
            continue
        body = _lower(path.read_text(encoding="utf-8"), lang)
        for term_id, text, pattern, allow, contexts in wrong:
            if not contexts and pattern.search(_without(body, allow)):
                out.append(f"wrong rendering “{text}” ({term_id}) in content/{lang}/{rel}")
    return out


# --------------------------------------------------------------------------- the files


@pytest.mark.parametrize("lang", WITH_GLOSSARY)
def test_a_glossary_follows_the_format(lang: str) -> None:
    glossary = load_glossary(lang)
    assert glossary.language == lang
    english = {t.id for t in load_glossary("en").terms}
    ids = {t.id for t in glossary.terms}
    if lang in STRICT:
        assert ids == english, (sorted(english - ids), sorted(ids - english))
    else:
        assert ids, lang


def test_the_english_glossary_names_piquets_terms() -> None:
    glossary = load_glossary("en")
    ids = {t.id for t in glossary.terms}
    assert {"deal", "trick", "suit", "point", "repique", "elder", "younger"} <= ids
    assert all(not t.wrong for t in glossary.terms)
    assert glossary.term("point").kept and not glossary.term("deal").kept


@pytest.mark.parametrize(("data", "problem"), [
    ([], "one JSON object"),
    ({"language": "xx", "title": "T", "intro": "I", "terms": []}, "non-empty list"),
    ({"language": "xx", "title": "T", "intro": "I",
      "terms": [{"id": "a", "term": "a", "english": ["a"], "meaning": "m", "wrong": [1]}]},
     "“wrong” must be"),
    ({"language": "xx", "title": "T", "intro": "I",
      "terms": [{"id": "a", "term": "a", "english": ["a"], "meaning": "m"},
                {"id": "a", "term": "b", "english": ["b"], "meaning": "m"}]}, "used twice"),
    ({"language": "xx", "title": "T", "intro": "I",
      "terms": [{"id": "a", "term": "", "english": ["a"], "meaning": "m"}]}, "“term”"),
])
def test_a_broken_glossary_is_named(data: object, problem: str) -> None:
    with pytest.raises(GlossaryError, match=problem):
        parse_glossary(data)


def test_wrong_renderings_may_be_texts_or_objects() -> None:
    g: Glossary = parse_glossary({"language": "xx", "title": "T", "intro": "I", "terms": [
        {"id": "a", "term": "a", "english": ["a"], "meaning": "m",
         "wrong": ["x", {"text": "y", "means": "why"}]}]})
    assert [(w.text, w.means) for w in g.terms[0].wrong] == [("x", ""), ("y", "why")]


# --------------------------------------------------------------------------- consistency


@pytest.mark.parametrize("lang", TRANSLATED)
def test_report_the_glossarys_renderings(lang: str) -> None:
    """A report (passes): what :func:`violations` finds, for every language."""
    found = violations(lang)
    print(f"{lang}: {len(found)} glossary violations")
    print("\n".join(found))


@pytest.mark.parametrize("lang", sorted(STRICT & set(TRANSLATED)))
def test_no_wrong_rendering_in_a_language_offered(lang: str) -> None:
    found = [v for v in violations(lang) if v.startswith("wrong rendering")]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", sorted(CONSISTENT & set(TRANSLATED)))
def test_each_term_is_rendered_the_same_way(lang: str) -> None:
    """Strict for the languages in :data:`CONSISTENT` (the chosen rendering wherever the
    English names the term); the report lists the rest."""
    found = violations(lang)
    assert not found, "\n".join(found)


def _found(monkeypatch: pytest.MonkeyPatch, lang: str, messages: list[tuple[str, str]],
           glossary: Glossary | None = None, context: str = "") -> list[str]:
    """What :func:`violations` finds in a catalog of these (msgid, translation) pairs (with
    ``context``), under ``glossary`` (else the language's own); content files aside."""
    import test_glossary as me

    if glossary is not None:
        monkeypatch.setattr(me, "load_glossary", lambda _lang: glossary)
    monkeypatch.setattr(me, "_catalog", lambda _lang: tuple(
        (key, (key,), (text,), context) for key, text in messages))
    return [v for v in me.violations(lang) if "content/" not in v]


def test_the_check_finds_a_wrong_rendering(monkeypatch: pytest.MonkeyPatch) -> None:
    g = parse_glossary({"language": "vi", "title": "T", "intro": "I", "terms": [
        {"id": "deal", "term": "ván", "english": ["deal", "deals"], "meaning": "m",
         "ignore": ["Deal at random"],
         "wrong": [{"text": "giao dịch", "means": "trade", "allow": ["giao dịch viên"]}]}]})
    found = _found(monkeypatch, "vi", [
        ("The deal is over", "Ván đã xong"), ("A new deal", "Một giao dịch mới"),
        ("Deal at random", "Chia ngẫu nhiên"), ("Dealer", "Người chia bài"),
        ("The deal's clerk", "Giao dịch viên của ván")], g)
    assert found == ["wrong rendering “giao dịch” (deal) in 'A new deal'",
                     "“ván” (deal) missing from the translation of 'A new deal': "
                     "'Một giao dịch mới'"]


def test_turkish_stems_match_inflected_forms() -> None:
    t = parse_glossary({"language": "tr", "title": "T", "intro": "I", "terms": [
        {"id": "deal", "term": "dağıtım", "english": ["deal"], "meaning": "m"}]}).terms[0]
    assert _names_term("The deal is over", t) and not _names_term("The dealer", t)
    assert t.accept[0] in _lower("Dağıtımın sonu", "tr")


def test_a_longer_term_is_not_a_mention_of_the_word_inside_it() -> None:
    g = parse_glossary({"language": "xx", "title": "T", "intro": "I", "terms": [
        {"id": "card", "term": "c", "english": ["card", "cards"], "meaning": "m"},
        {"id": "the-cards", "term": "tc", "english": ["the cards"], "meaning": "m"}]})
    card, bonus = g.terms
    assert _longer(card, g) == ("the cards",) and _longer(bonus, g) == ()
    assert not _names_term("Elder wins the cards, 10.", card, _longer(card, g))
    assert _names_term("Elder wins the cards with two cards left", card, _longer(card, g))
    assert _names_term("Elder wins the cards, 10.", bonus, _longer(bonus, g))
    assert _lower("İKİ KIZ", "tr") == "iki kız"


# --------------------------------------------------------------------------- the page


def _page(lang: str) -> AppTest:
    """The Glossary page in ``lang`` (offered for the test even if incomplete)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    at.switch_page("app_pages/glossary.py").run()
    assert not at.exception, at.exception
    return at


def test_the_english_page_shows_every_term() -> None:
    at = _page("en")
    glossary = load_glossary("en")
    assert [s.value for s in at.title] == ["Glossary"]
    shown = [s.value for s in at.subheader]
    assert len(shown) == len(glossary.terms)
    assert "carte blanche" in shown and "trick" in shown


@pytest.mark.parametrize("lang", [lang for lang in TRANSLATED if lang in LANGUAGES])
def test_a_languages_page_shows_its_terms_with_examples_and_no_wrong_rendering(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """For learners: each term, its meaning and an example; the renderings a translation must
    not use are for translators (docs/translating.md), not on the page."""
    monkeypatch.setenv(PREVIEW_ENV, lang)
    at = _page(lang)
    assert at.session_state["lang"] == lang
    glossary = load_glossary(lang)
    assert len(at.subheader) == len(glossary.terms)
    texts = "\n".join(s for _w, s in visible(at)).replace("\\", "")
    assert all(t.example and t.example in texts for t in glossary.terms)
    for t in glossary.terms:
        for w in t.wrong:
            assert f"“{w.text}”" not in texts, (t.id, w.text)


@pytest.mark.parametrize(("lang", "query", "ids"), [
    ("en", "rubicon", {"rubicon"}),
    ("vi", "nọc", {"talon", "exchange", "to-deal"}),
    ("tr", "İKİNCİ", None),  # Turkish capitals: İ is i
    ("tr", "löve", None),
])
def test_the_search_box_finds_terms_in_the_pages_language(
        lang: str, query: str, ids: set[str] | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PREVIEW_ENV, lang)
    at = _page(lang)
    at.text_input(key="glossary_search").input(query).run()
    assert not at.exception, at.exception
    shown = [s.value.replace("\\", "") for s in at.subheader]
    glossary = load_glossary(lang)
    with use_language(lang):
        low = _lower(query, lang)
    expected = [t.term for t in glossary.terms if low in _lower(
        " ".join((t.term, *t.english, t.meaning, t.example, load_glossary("en").term(t.id).term)),
        lang)]
    assert shown == expected and 0 < len(shown) < len(glossary.terms), (query, shown)
    if ids is not None:
        assert ids <= {t.id for t in glossary.terms if t.term in shown}


def test_a_search_that_finds_nothing_says_so() -> None:
    at = _page("en")
    at.text_input(key="glossary_search").input("zzqx").run()
    assert not at.subheader and "zzqx" in at.info[0].value


def test_the_translators_doc_is_generated_from_the_glossaries() -> None:
    """docs/translating.md carries every wrong rendering, written by scripts/glossary_doc.py."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("glossary_doc",
                                                  ROOT / "scripts" / "glossary_doc.py")
    assert spec is not None and spec.loader is not None
    doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc)
    text = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    assert doc.main(["--check"]) == 0, "run scripts/glossary_doc.py"
    for lang in TRANSLATED:
        for t in load_glossary(lang).terms:
            assert all(f"“{w.text}”" in text for w in t.wrong), (lang, t.id)
    assert doc.updated(text.replace("“trợ lý đổi bài”", "“x”")) == text


def test_the_page_speaks_only_through_the_catalog_and_the_glossary() -> None:
    """Under the pseudo-locale every text is a catalog message or the glossary's own text
    (content, translated per file)."""
    at = _page(PSEUDO)
    glossary = load_glossary("en")
    own = {glossary.title, glossary.intro, *(t.term for t in glossary.terms),
           *(t.meaning for t in glossary.terms), *(t.example for t in glossary.terms)}
    for kind in ("subheader", "title"):
        assert all(e.value.replace("\\", "") in own for e in getattr(at, kind))
    from test_pseudo_locale import leftover_words

    left = [(w, s[:80]) for w, s in visible(at)
            if s.replace("\\", "") not in own and leftover_words(s)]
    assert not left, left


def test_a_wrong_rendering_scoped_by_context_is_wrong_there_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tr "değer" is the pips, wrong for a score ("score" context) but right elsewhere; vi
    "Được" is the reply "Good", checked only where the message is the reply."""
    g = parse_glossary({"language": "tr", "title": "T", "intro": "I", "terms": [
        {"id": "score", "term": "puan", "english": ["score"], "meaning": "m",
         "wrong": [{"text": "değer", "means": "pips", "contexts": ["score"]}]},
        {"id": "good", "term": "İyi", "english": ["Good"], "meaning": "m",
         "contexts": ["reply"]}]})
    assert _found(monkeypatch, "tr", [("worth {score}", "değeri {score}"), ("Good", "Güzel")],
                  g, "score") == ["wrong rendering “değer” (score) in score: 'worth {score}'"]
    assert _found(monkeypatch, "tr", [("{n} cards making {pips}", "değeri {pips}"),
                                      ("Good luck", "Bol şans")], g) == []
    assert _found(monkeypatch, "tr", [("Good", "Güzel")], g, "reply") == [
        "“İyi” (good) missing from the translation of 'Good': 'Güzel'"]


@pytest.mark.parametrize(("lang", "msgctxt", "msgid", "wrong"), [
    ("tr", "the play", "Play", "Oyna"),
    ("tr", "score", "{category}: **{combination}**, worth {score}{declared}", "değeri {score}"),
    ("vi", "reply", "Good", "Tốt"),
])
def test_the_languages_glossary_bans_the_readers_findings_in_their_context(
        lang: str, msgctxt: str, msgid: str, wrong: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The readers' findings, put back into a message of their context, are found. (Not
    ``context``: pytest-playwright has a fixture of that name, and its browser parameter
    would pull the browser tests in beside this one.)"""
    found = _found(monkeypatch, lang, [(msgid, wrong)], context=msgctxt)
    assert any(v.startswith("wrong rendering") for v in found), (lang, wrong)


@pytest.mark.parametrize(("lang", "text"), [
    ("tr", "Kaybeden rubicon'a düştü mü?"), ("tr", "Bilgisayar rubicon oldu."),
    ("tr", "Birinci iki löve kazanıyor."), ("tr", "Her üçlü ve trio"),
    ("vi", "Lựa chọn của trình tư vấn"), ("vi", "các con số của trợ lý đổi bài"),
    ("vi", "sau khi đã nói lá dẫn đầu tiên"), ("vi", "sau khi đã báo lá dẫn đầu tiên"),
    ("vi", "anh ta phải theo chất"), ("vi", "1 phần 8"),
])
def test_the_languages_glossary_bans_the_readers_findings(
        lang: str, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _found(monkeypatch, lang, [("x", text)])
    assert any(v.startswith("wrong rendering") for v in found), (lang, text)

"""Write the translators' part of the glossaries into docs/translating.md (one source: the
glossary files, ``content/<lang>/glossary.json``).

The Glossary page is for learners (a term, its meaning, an example). What a translator needs
besides — the chosen rendering, what a translation must contain, why it was chosen, and the
renderings never to use (with the message contexts where they are wrong) — is written here,
between the markers ``<!-- glossary:begin -->`` and ``<!-- glossary:end -->``.

Usage: ``python scripts/glossary_doc.py`` rewrites the section; ``--check`` changes nothing and
exits 1 when the document lags behind the glossaries (``tests/test_glossary.py`` runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui.content import CONTENT  # noqa: E402
from ui.glossary import Term, Wrong, load_glossary  # noqa: E402

DOC = ROOT / "docs" / "translating.md"
BEGIN = "<!-- glossary:begin -->"
END = "<!-- glossary:end -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _wrong(w: Wrong) -> str:
    out = f"“{w.text}”"
    if w.means:
        out += f": {w.means}"
    if w.allow:
        out += " (right inside " + ", ".join(f"“{a}”" for a in w.allow) + ")"
    if w.contexts:
        out += " — wrong in the context " + ", ".join(f"`{c}`" for c in w.contexts)
    return out


def _row(t: Term, english: Term) -> str:
    scope = ", ".join(f"`{c}`" for c in t.contexts) or "every message"
    accept = ", ".join(f"“{a}”" for a in t.accept)
    wrong = "<br>".join(_wrong(w) for w in t.wrong) or "—"
    return (f"| `{t.id}` | {_cell(english.term)} | {_cell(t.term)} | {_cell(accept)} | "
            f"{scope} | {_cell(wrong)} | {_cell(t.why) or '—'} |")


def section() -> str:
    """The generated section (markers included)."""
    english = {t.id: t for t in load_glossary("en").terms}
    langs = sorted(p.parent.name for p in CONTENT.glob("*/glossary.json") if p.parent.name != "en")
    lines = [BEGIN, "", "## The glossaries for translators", "",
             "Written by `scripts/glossary_doc.py` from `content/<lang>/glossary.json` (do not "
             "edit by hand; `tests/test_glossary.py` fails when this lags). For each term: the "
             "chosen rendering, what a translation must contain where the English names the "
             "term (*must contain*), where it is checked (*checked in*: every message, or only "
             "the messages of a `pgettext` context), and the renderings never to use.", ""]
    for lang in langs:
        g = load_glossary(lang)
        lines += [f"### {lang}: {g.title}", "",
                  "| id | English | rendering | must contain | checked in | never | why |",
                  "|---|---|---|---|---|---|---|"]
        lines += [_row(t, english[t.id]) for t in g.terms if t.id in english]
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def updated(text: str) -> str:
    """``text`` (the document) with its generated section replaced (appended if absent)."""
    new = section()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        return head + new + rest.split(END, 1)[1]
    return text.rstrip("\n") + "\n\n" + new + "\n"


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    new = updated(text)
    if "--check" in argv:
        if new != text:
            print(f"{DOC.relative_to(ROOT)} lags behind the glossaries: run "
                  "scripts/glossary_doc.py")
            return 1
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"wrote: {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

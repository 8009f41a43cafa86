"""Merge translations kept as JSON into a language's catalog (``locales/<lang>/.../messages.po``).

Usage: ``python scripts/merge_translations.py LANG FILE.json [FILE.json ...]``, then
``make catalogs``. Each file maps a message's key (its msgid; ``context + "\\x04" + msgid``
for a message with a context; the singular for a plural message) to its translation: a text,
or for a plural message the list of the language's plural forms. Keys the catalog does not
have are reported and skipped; a translation whose ``{placeholders}`` differ from the
English is reported and skipped (the message stays untranslated).
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)[^{}]*\}(?!\})")


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def main(argv: list[str]) -> int:
    lang, files = argv[0], argv[1:]
    po = ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    by_key = {}
    for m in catalog:
        if not m.id:
            continue
        first = m.id[0] if isinstance(m.id, tuple) else m.id
        by_key[(m.context + "\x04" if m.context else "") + first] = m
    merged = skipped = 0
    for name in files:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
        for key, value in data.items():
            m = by_key.get(key)
            if m is None:
                print(f"{name}: not in the catalog: {key[:60]!r}", file=sys.stderr)
                skipped += 1
                continue
            english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
            forms = value if isinstance(value, list) else [value]
            if isinstance(m.id, tuple):
                n = catalog.num_plurals
                forms = (forms + forms[-1:] * n)[:n]
                wanted = _names(m.id[1]) | _names(m.id[0])
                ok = all(_names(f) <= wanted | {"n"} for f in forms)
            else:
                ok = _names(forms[0]) == _names(english)
            if not ok or not all(isinstance(f, str) and f for f in forms):
                print(f"{name}: placeholders differ, skipped: {key[:60]!r}", file=sys.stderr)
                skipped += 1
                continue
            m.string = tuple(forms) if isinstance(m.id, tuple) else forms[0]
            m.flags.discard("fuzzy")
            merged += 1
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=True, include_lineno=False)
    po.write_bytes(buf.getvalue())
    missing = sum(1 for m in catalog if m.id and not (
        all(m.string) if isinstance(m.string, tuple) else m.string))
    print(f"{lang}: {merged} merged, {skipped} skipped, {missing} still untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

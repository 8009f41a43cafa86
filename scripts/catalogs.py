"""Build the text layer's gettext catalogs with Babel (``make catalogs``).

1. extract every ``_()``, ``ngettext()``, ``pgettext()`` message of the app's Python files
   (``babel.cfg``) into ``locales/messages.pot``;
2. update every ``locales/<lang>/LC_MESSAGES/messages.po`` from it (creating the English one);
   in the English catalog every msgstr is the msgid (both plural forms);
3. compile each ``.po`` into its ``.mo`` (committed: a clean clone runs without building).

``--check`` changes nothing and exits 1 when the catalogs lag behind the code.
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
ENGLISH = "en"
KEYWORDS = {k: DEFAULT_KEYWORDS[k] for k in ("_", "ngettext", "pgettext")}
COMMENT_TAGS = ("TRANSLATORS:",)
WIDTH = 100


def extract(root: Path = ROOT) -> Catalog:
    """The messages of the sources under ``root`` (a catalog without translations)."""
    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="Piquet Academy", charset="utf-8", fuzzy=False)
    # Folders starting with "." or "_" (.venv, __pycache__) are skipped; babel.cfg picks files.
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, sort_output=True, include_lineno=False,
             omit_header=False)
    return buf.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _read_po(path: Path, locale: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def updated(template: Catalog, lang: str) -> Catalog:
    """The ``lang`` catalog brought up to date with ``template`` (new messages added, gone ones
    dropped); English's msgstr are its msgids."""
    po = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    if po.exists():
        catalog = _read_po(po, lang)
    else:
        catalog = Catalog(locale=lang, project="Piquet Academy", charset="utf-8", fuzzy=False)
    # update() adds the template's own Message objects: give it a copy to keep the .pot empty.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    if lang == ENGLISH:
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")
    catalog.fuzzy = False
    return catalog


def languages() -> list[str]:
    found = {p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/messages.po")}
    return sorted(found | {ENGLISH})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a catalog is out of date")
    args = parser.parse_args(argv)
    template = extract()
    outputs: dict[Path, bytes] = {}
    for lang in languages():
        catalog = updated(template, lang)
        folder = LOCALES / lang / "LC_MESSAGES"
        outputs[folder / "messages.po"] = _po_bytes(catalog)
        outputs[folder / "messages.mo"] = _mo_bytes(catalog)
    outputs[POT] = _po_bytes(template)
    stale = []
    for path, data in outputs.items():
        old = path.read_bytes() if path.exists() else None
        if old is not None and _same(path, old, data):
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


def _same(path: Path, old: bytes, new: bytes) -> bool:
    """Equal but for the dates in the header (a catalog's creation and revision)."""
    if path.suffix == ".mo":
        return _mo_messages(old) == _mo_messages(new)
    return _undated(old) == _undated(new)


_DATES = (b"POT-Creation-Date:", b"PO-Revision-Date:")


def _undated(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines() if not line.lstrip(b'"').startswith(_DATES)]


def _mo_messages(data: bytes) -> dict[object, object]:
    """A compiled catalog's messages, its header without the dates."""
    catalog = read_mo(io.BytesIO(data))
    out: dict[object, object] = {repr((m.context, m.id)): repr(m.string) for m in catalog if m.id}
    out["header"] = _undated("\n".join(f"{k}: {v}" for k, v in catalog.mime_headers).encode())
    return out


if __name__ == "__main__":
    sys.exit(main())

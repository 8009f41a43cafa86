"""Shared helpers for the AppTest page tests."""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "app.py")
TIMEOUT = 90


def open_page(page: str, *, panels: Sequence[str] = (), **params: str) -> AppTest:
    """The app, switched to ``app_pages/<page>.py``, with query parameters, run once; with the
    expanders ``panels`` open from that run on (see :func:`open_panels`)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    assert not at.exception, at.exception
    at.switch_page(f"app_pages/{page}.py")
    for k, v in params.items():
        at.query_params[k] = v
    for key in panels:
        at.session_state[key] = True
    at.run()
    assert not at.exception, at.exception
    return at


def open_tab(at: AppTest) -> int:
    """The index of the tab open in the page's (first) ``st.tabs``."""
    def walk(node: Any) -> int | None:
        for child in getattr(node, "children", {}).values():
            proto = getattr(child, "proto", None)
            if getattr(child, "type", None) != "tab" and proto is not None \
                    and hasattr(proto, "tab_container") and proto.HasField("tab_container"):
                return int(proto.tab_container.default_tab_index)
            found = walk(child)
            if found is not None:
                return found
        return None

    index = walk(at._tree)
    assert index is not None, "no tabs on the page"
    return index


LAB_PANELS = ("lab_sinking", "lab_record_open")
"""The Lab's expanders whose widgets are drawn only while they are open."""


def open_panels(at: AppTest, *keys: str, run: bool = True) -> AppTest:
    """Open the expanders ``keys`` (drawn only while open: ``on_change="rerun"``), as a click
    on each would, and run the page."""
    for key in keys:
        at.session_state[key] = True
    if run:
        at.run()
        assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """Every markdown, caption, alert and table-ish text on the page, joined."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title",
                 "header", "subheader"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


class _TableParser(HTMLParser):
    """The cells of the ``ui.tables`` tables in an HTML fragment, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, Any]]]] = []
        self._cell: list[str] | None = None
        self._tag = ""
        self._num = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell, self._tag = [], tag
            self._num = "pq-num" in (dict(attrs).get("class") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables:
            text = "".join(self._cell)
            value: Any = text
            if self._num:  # a number: back as the int or float it was
                value = float(text) if any(c in text for c in ".eE") else int(text)
            self.tables[-1][-1].append((self._tag, value))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def html_tables(at: AppTest) -> list[Any]:
    """The tables ``ui.tables`` drew (Markdown elements), in page order, as pandas
    DataFrames (numbers as numbers, other cells as text; a first column of row headings
    becomes the index), the way ``at.table[i].value`` reads an ``st.table``."""
    import pandas as pd

    out = []
    for m in at.markdown:
        body = str(m.value)
        if 'class="pq-table"' not in body:
            continue
        parser = _TableParser()
        parser.feed(body)
        for rows in parser.tables:
            head, *body_rows = rows
            indexed = bool(body_rows) and all(r and r[0][0] == "th" for r in body_rows)
            columns = [text for _, text in head[1:]] if indexed else [t for _, t in head]
            data = [[text for _, text in (r[1:] if indexed else r)] for r in body_rows]
            index = [r[0][1] for r in body_rows] if indexed else None
            out.append(pd.DataFrame(data, columns=columns, index=index))
    return out


def scroll_keys(at: AppTest, scope: str) -> set[str]:
    """The keys of the page's scroll elements of ``scope`` (:mod:`ui.scroll`)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        key = str(getattr(node, "key", None) or "")
        if key.startswith(f"pq_scroll_{scope}_"):
            found.add(key)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def page_anchors(at: AppTest) -> dict[str, str]:
    """The links to another page with parameters (``ui.links.page_link``): label → address,
    as the page draws them (plain links, so that the browser shows the page's address)."""
    import html as _html
    import re as _re

    out: dict[str, str] = {}
    for m in at.markdown:
        for href, label in _re.findall(
                r'<a class="pq-page-link" href="([^"]*)"[^>]*>(.*?)</a>', str(m.value)):
            label = _re.sub(r"^<span [^>]*>\w+</span> ", "", label)  # the icon
            out[_re.sub(r"\\(.)", r"\1", _html.unescape(label))] = _html.unescape(href)
    return out


def scrubbed(at: AppTest) -> list[str]:
    """The parameters the last run's address element (ui/components/address.py) takes out of
    the browser's current history entry; [] when it was not drawn."""
    from ui.components.address import WIDGET
    from ui.components.payload import unpack

    sent = [unpack(e.proto) for e in at.get("bidi_component") if WIDGET in e.proto.id]
    return [str(name) for data in sent for name in data["drop"]]


def scrub(at: AppTest, *names: str) -> AppTest:
    """What the browser does with the address element: the entry loses ``names`` (checked
    to be what the element was told) and the element asks for a rerun — in which the
    frontend still sends the address it loaded with (its remembered query string)."""
    assert sorted(names) == scrubbed(at), scrubbed(at)
    at.run()
    assert not at.exception, at.exception
    assert not scrubbed(at), "the address element was drawn again"
    return at

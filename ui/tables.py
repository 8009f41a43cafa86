"""Small tables as one line of HTML in the look of ``st.table``, without pandas.

``st.table`` turns whatever it is given into a pandas DataFrame: the first one imports
numpy, pandas and pyarrow into the server (some 70 MB, and a bigger heap for every
post-run garbage collection) for a table of a dozen numbers. :func:`show_table` draws the
same table through ``st.markdown``: a bordered box with rounded corners, 14 px text, the
headings greyed, numbers on the right, a row per line, scrolling sideways when too wide
(the sizes and colours measured on ``st.table`` in Streamlit 1.67's light theme). Every
cell is plain text, HTML-escaped; the headings are ``<th scope="col">`` / ``<th
scope="row">`` for screen readers.

>>> html = table_html({"Elder": {"Point": 5, "Total": 9}, "Younger": {"Point": 0}})
>>> '<th scope="row"><div>Total</div></th><td class="pq-num"><div>9</div></td><td></td>' in html
True
>>> "\\n" in html
False
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Final

import streamlit as st

__all__ = ["TABLE_CSS", "Notation", "rows_table_html", "show_rows_table", "show_table",
           "table_html"]

_BORDER: Final = "rgb(232,229,226)"
TABLE_CSS: Final = (
    ".pq-table{border:1px solid " + _BORDER + ";border-radius:8px;overflow:auto;"
    "max-width:100%;margin:0 0 1rem 0}"
    ".pq-table table{width:100%;border-collapse:separate;border-spacing:0;margin:0;"
    "font-size:14px;line-height:21px;color:inherit;border:none}"
    ".pq-table th,.pq-table td{padding:4px 6px 4px 8px;border:none;border-bottom:1px solid "
    + _BORDER + ";border-right:1px solid " + _BORDER + ";white-space:nowrap;"
    "vertical-align:middle;text-align:start;background:none}"
    ".pq-table td{padding:4px 6px}"
    ".pq-table th{font-weight:400;color:color-mix(in srgb,currentColor 70%,transparent)}"
    ".pq-table td.pq-num{text-align:right}"
    # each cell's text in a box at most 400 px wide that wraps, as st.table's cells are
    ".pq-table td>div,.pq-table th>div{display:inline-block;max-width:400px;"
    "white-space:normal;vertical-align:top;overflow:auto hidden}"
    ".pq-table tr>:last-child{border-right:none}"
    ".pq-table tbody tr:last-child>*{border-bottom:none}"
)
"""The tables' stylesheet: sent with each table (a ``<style>`` in the same Markdown block)."""

Cell = object
"""A cell: a number (on the right), ``None`` (empty), :class:`Notation`, or anything else,
shown as its text."""


class Notation(str):
    """A cell's text that is code, not language (``?rules=cavendish``): marked
    ``translate="no"`` for translators' tools, and for the tests that look for English."""

    __slots__ = ()


def _text(value: object) -> str:
    text = html.escape(str(value))
    return f'<span translate="no">{text}</span>' if isinstance(value, Notation) else text


def _cell(value: Cell, style: str = "") -> str:
    css = f' style="{html.escape(style)}"' if style else ""
    if value is None:
        return f"<td{css}></td>"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<td class="pq-num"{css}><div>{value}</div></td>'
    return f"<td{css}><div>{_text(value)}</div></td>"


def _wrap(head: Sequence[str], body: Sequence[str], label: str | None) -> str:
    aria = f' aria-label="{html.escape(label)}"' if label else ""
    out = (f'<style>{TABLE_CSS}</style><div class="pq-table"><table{aria}><thead><tr>'
           + "".join(head) + "</tr></thead><tbody>" + "".join(body) + "</tbody></table></div>")
    return out.replace("\r", " ").replace("\n", " ")


def table_html(columns: Mapping[str, Mapping[str, Cell]], *, label: str | None = None) -> str:
    """A table of ``{column: {row: value}}`` (what ``st.table`` makes of a dict of dicts):
    the rows in the order they first appear, their names in the first column."""
    rows: dict[str, None] = {}
    for col in columns.values():
        rows.update(dict.fromkeys(col))
    head = ['<th scope="col"></th>'] + [f'<th scope="col"><div>{html.escape(c)}</div></th>'
                                        for c in columns]
    body = ["<tr>" + f'<th scope="row"><div>{html.escape(r)}</div></th>'
            + "".join(_cell(columns[c].get(r)) for c in columns) + "</tr>" for r in rows]
    return _wrap(head, body, label)


def rows_table_html(rows: Sequence[Mapping[str, Cell]], *, label: str | None = None,
                    row_styles: Sequence[str] = ()) -> str:
    """A table of records (``st.table(rows, hide_index=True)``): the columns in the order
    they first appear. ``row_styles``: CSS for each row's cells, by row (``""``: none), as a
    pandas Styler would set them (``font-weight:700``)."""
    cols: dict[str, None] = {}
    for row in rows:
        cols.update(dict.fromkeys(row))
    head = [f'<th scope="col"><div>{html.escape(c)}</div></th>' for c in cols]
    body = []
    for i, row in enumerate(rows):
        style = row_styles[i] if i < len(row_styles) else ""
        cells = "".join(_cell(row.get(c), style) for c in cols)
        body.append(f"<tr>{cells}</tr>")
    return _wrap(head, body, label)


def show_table(columns: Mapping[str, Mapping[str, Cell]], *, label: str | None = None) -> None:
    """Draw :func:`table_html` (``st.table`` of a dict of dicts, without pandas)."""
    st.markdown(table_html(columns, label=label), unsafe_allow_html=True)


def show_rows_table(rows: Sequence[Mapping[str, Cell]], *, label: str | None = None,
                    row_styles: Sequence[str] = ()) -> None:
    """Draw :func:`rows_table_html` (``st.table(rows, hide_index=True)``, without pandas)."""
    st.markdown(rows_table_html(rows, label=label, row_styles=row_styles),
                unsafe_allow_html=True)

"""The data a Components v2 element is sent, as JSON bytes.

Streamlit looks for dataframes in a ``dict`` given as a component's ``data`` (to send them
as Arrow), and that check imports numpy, pandas and pyarrow: some 70 MB of the server's
memory, and a bigger heap for every post-run garbage collection, on every page, for a
payload of plain JSON. Bytes are forwarded as they are; the component's JavaScript reads
them back with :data:`JS_READ`.

>>> pack({"b": [1, "é"], "a": None})
b'{"b":[1,"\\\\u00e9"],"a":null}'
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["JS_READ", "pack", "unpack"]

JS_READ: Final = """
function pqData(data) {
  // ui/components/payload.py: the data comes as the bytes of a JSON text
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) {
    return JSON.parse(new TextDecoder().decode(data));
  }
  return data;
}
"""
"""A JavaScript function ``pqData(data)``: the object :func:`pack` made."""


def pack(data: Any) -> bytes:
    """``data`` (JSON types only) as the bytes of a compact JSON text (ASCII)."""
    return json.dumps(data, separators=(",", ":")).encode("ascii")


def unpack(proto: Any) -> Any:
    """The data a ``bidi_component`` element's proto carries (for tests and tools): packed
    bytes, or the JSON Streamlit makes of a dict."""
    kind = proto.WhichOneof("data")
    if kind == "bytes":
        return json.loads(proto.bytes.decode("utf-8"))
    if kind == "mixed":
        return json.loads(proto.mixed.json)
    return json.loads(proto.json) if proto.json else None

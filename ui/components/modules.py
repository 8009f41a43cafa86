"""A component's script as a static module, fetched once a page load.

A Components v2 element carries its ``js`` in every delta Streamlit sends: a page rerun sends
each component's script again. A component whose script lives in ``static/`` (served at
``/app/static/``) sends instead a loader of a few hundred bytes (:func:`module_loader`) that
imports the module from :func:`module_address` — an address naming the module's content, so
the browser keeps one version and never a stale one — and calls its default export with the
component's arguments and its data, already read (:data:`ui.components.payload.JS_READ`).

The module's contract: ``export default function (component, data)``, returning what a
component's script returns (a clean-up function or nothing).
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Final

from ui.cards import static_root
from ui.components.payload import JS_READ

__all__ = ["STATIC", "module_address", "module_loader"]

STATIC: Final = Path(__file__).resolve().parent.parent.parent / "static"
"""The app's static folder (``server.enableStaticServing``): ``/app/static/`` in the browser."""


@functools.cache
def module_address(script: Path) -> str:
    """Where the browser fetches ``script`` (a file in :data:`STATIC`):
    ``/app/static/<name>?v=<the first 12 hex digits of its SHA-256>``."""
    digest = hashlib.sha256(script.read_bytes()).hexdigest()[:12]
    return f"{static_root()}{script.name}?v={digest}"


@functools.cache
def module_loader(script: Path) -> str:
    """A component's own script that imports ``script``'s module (once a page load: it keeps
    it) and calls it; once imported, the module is called at once, as an inline script would
    be."""
    return JS_READ + f"""
const PQ_MODULE = new URL({json.dumps(module_address(script))}, window.location.href).href;
let pqModule = null; // the module, once imported: every later call is as direct as before
export default function (component) {{
  const data = pqData(component.data);
  if (pqModule) {{
    return pqModule.default(component, data);
  }}
  return import(PQ_MODULE).then((module) => {{
    pqModule = module;
    return module.default(component, data);
  }});
}}
"""

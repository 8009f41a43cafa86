"""A client of Streamlit's own websocket protocol, for benchmarks: sessions opened the way the
browser opens them, reruns timed and counted, widgets set and clicked, and no browser.

    async with Session("http://127.0.0.1:8501", path="/lab", query="elder=...") as s:
        print(s.first.ms)                       # the page's first load (the connect's rerun)
        run = await s.rerun()                   # what the browser's "Rerun" sends
        run.ms, run.bytes, run.elements, run.cache_hits, run.fragment
        wid = s.find(kind="button", label="Check")          # or key="quiz_check"
        await s.click(wid)                      # a trigger, sent once then dropped
        await s.set(s.find(kind="text_input", key="lab_elder_text"), "AS KS")

    python bench/wsclient.py [--selftest]       # its own server on a toy script, 3 sessions
    python bench/wsclient.py --url http://127.0.0.1:8501 --path /lab --query "elder=..."
                                                # one session: the figures and the widgets

What the browser does, and so this client (Streamlit 1.67, its Starlette server; read from
``streamlit/web/server/starlette/starlette_websocket.py``, ``streamlit/runtime`` and the
bundled frontend):

- HTTP first: the page, then ``/_stcore/health`` (which sets the ``_streamlit_xsrf`` cookie)
  and ``/_stcore/host-config``. The websocket ``/_stcore/stream`` offers the subprotocols
  ``["streamlit", <the xsrf cookie or "PLACEHOLDER_AUTH_TOKEN">]`` (a third, the last session
  id, only on a reconnect), with the page's Origin and cookies. The server checks the token
  only to read an auth cookie; a session opens without it.
- The server runs nothing on connect: the client's first ``rerun_script`` BackMsg starts the
  page. Its ``ClientState`` holds the query string (no ``?``), ``page_name`` = the url path
  ("lab") with an empty ``page_script_hash`` on the first run, then the hash the server sent
  in ``new_session`` with an empty page name; every widget state the page holds; the
  hashes of the cached messages; ``context_info`` (timezone, offset, locale, url, embedded,
  colour scheme).
- A run's messages: ``new_session`` (one per script run, with its run id), deltas (each at
  ``metadata.delta_path``), ``page_info_changed`` (the app changed ``st.query_params``: the
  next rerun sends the new query), ``script_finished``, then ``session_status_changed``
  (not running). ``FINISHED_EARLY_FOR_RERUN`` is not the end: ``st.rerun()`` or a callback's
  rerun follows in the same chain.
- The message cache has no acknowledgement: a ``new_element`` delta of 10 kB or more
  (``global.minCachedMessageSize``) comes with ``metadata.cacheable`` and its ``hash``; the
  client keeps it and lists its hash in ``cached_message_hashes`` of every later rerun; the
  server then sends a ``ref_hash`` message (the reference plus the metadata, delta path
  included) instead of the element. An entry not used for more than
  ``max_cached_message_age`` finished runs (2, from ``new_session.config``) is dropped, as
  the browser does; a reference to a dropped hash would be a protocol error.
- Widgets: the browser holds a value for every widget on the page (its default, or the value
  the server pushed with ``set_value``) and sends all of them with every rerun; a button's
  trigger is sent once and then dropped; a widget inside ``st.fragment`` reruns only that
  fragment (``fragment_id``); a value in a form waits for the form's submit button; after
  a finished run, elements the run did not redraw and the state of widgets no longer on the
  page are dropped.
- ``st.fragment(run_every=...)``: the run sends ``auto_rerun`` (the fragment id and its
  interval); the browser then sends that fragment's ``rerun_script`` on a timer
  (``is_auto_rerun``) until ``stop_auto_rerun`` or the next full run, whose ``new_session``
  clears the timers (its own ``auto_rerun`` sets them again). Here ``auto_reruns`` holds
  them and ``rerun(fragment_id, auto=True)`` is the timer's rerun; the caller keeps the clock
  (a session has one rerun at a time).

Byte counts are the ForwardMsg payloads (``bytes``) and what came off the socket, frames
and compression included (``wire_bytes``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

__all__ = [
    "MessageCache",
    "ProtocolError",
    "Run",
    "Server",
    "Session",
    "Widget",
    "free_port",
    "percentile",
    "streamlit_server",
]

PLACEHOLDER_TOKEN = "PLACEHOLDER_AUTH_TOKEN"  # what the frontend sends without an xsrf cookie
XSRF_COOKIE = "_streamlit_xsrf"
_INTERNAL_KEY = "$$STREAMLIT_INTERNAL_KEY"  # a components v2 trigger id: f"{_}_{id}__events"
_FINAL = {
    ForwardMsg.FINISHED_SUCCESSFULLY: "finished",
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR: "compile-error",
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY: "fragment-finished",
}
# Element kinds that hold a widget value (the element proto has an ``id``).
WIDGET_KINDS = frozenset({
    "button", "download_button", "checkbox", "text_input", "text_area", "radio", "selectbox",
    "number_input", "multiselect", "slider", "button_group", "color_picker", "date_input",
    "time_input", "date_time_input", "bidi_component", "chat_input", "file_uploader",
    "camera_input", "audio_input", "feedback", "menu_button", "pagination", "data_editor",
})
_TRIGGERS = frozenset({"button", "download_button"})


class ProtocolError(RuntimeError):
    """The server said something a browser could not follow (or the socket closed)."""


# ----------------------------------------------------------------------------- the cache


@dataclass(slots=True)
class _Entry:
    raw: bytes
    run_count: int
    fragment_id: str


class MessageCache:
    """The browser's ForwardMsg cache (the frontend's ``ForwardMessageCache``)."""

    def __init__(self) -> None:
        self.entries: dict[str, _Entry] = {}
        self.run_count = 0

    def hashes(self) -> list[str]:
        return list(self.entries)

    def keep(self, msg: ForwardMsg, raw: bytes) -> None:
        """Keep a cacheable message (its encoded bytes, metadata included)."""
        if not msg.metadata.cacheable or not msg.hash:
            return
        entry = self.entries.get(msg.hash)
        if entry is None:
            self.entries[msg.hash] = _Entry(raw, self.run_count, msg.delta.fragment_id)
        else:
            entry.run_count = self.run_count

    def resolve(self, ref: ForwardMsg) -> ForwardMsg:
        """The message a ``ref_hash`` refers to, with the reference's own metadata."""
        entry = self.entries.get(ref.ref_hash)
        if entry is None:
            raise ProtocolError(f"cached ForwardMsg miss: {ref.ref_hash}")
        entry.run_count = self.run_count
        msg = ForwardMsg()
        msg.ParseFromString(entry.raw)
        msg.metadata.CopyFrom(ref.metadata)
        return msg

    def run_finished(self, max_age: int, fragment_ids: Sequence[str]) -> None:
        """Age the entries after a finished run; a fragment run ages only its own."""
        self.run_count += 1
        for key, entry in list(self.entries.items()):
            if fragment_ids and entry.fragment_id not in fragment_ids:
                continue
            if self.run_count - entry.run_count > max_age:
                del self.entries[key]


# ----------------------------------------------------------------------------- runs, widgets


@dataclass
class Run:
    """One rerun, from the BackMsg sent to the last ``script_finished`` of its chain."""

    ms: float = 0.0  # round trip to the final script_finished
    done_at: float = 0.0  # time.perf_counter() at that script_finished
    tag: str = ""  # the caller's label (bench_topology: the replica its session is on)
    first_delta_ms: float | None = None
    bytes: int = 0  # ForwardMsg payloads received
    wire_bytes: int = 0  # off the socket: frame headers (and compression) included
    sent_bytes: int = 0  # the rerun BackMsg
    messages: int = 0
    elements: int = 0  # deltas (new elements, blocks, transients), cached ones included
    cache_hits: int = 0  # ref_hash messages resolved from the cache
    script_runs: int = 0  # new_session messages: more than one after st.rerun()
    status: str = ""
    fragment: bool = False  # a fragment rerun (fragment_id sent)
    fragment_ids: tuple[str, ...] = ()
    page_not_found: bool = False
    exceptions: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Widget:
    """A widget on the page, as the last runs drew it."""

    id: str
    kind: str  # the Element oneof: button, checkbox, text_input, radio, selectbox, ...
    style: str  # "toggle", "pills", "segmented_control", "select_slider", or ""
    label: str
    key: str | None  # the user's key, when the id carries one
    form_id: str
    fragment_id: str
    path: tuple[int, ...]
    proto: Any  # the element's own message (Button, TextInput, ...)

    def matches(self, kind: str | None, label: str | None, key: str | None) -> bool:
        return ((kind is None or kind in (self.kind, self.style))
                and (label is None or self.label == label)
                and (key is None or self.key == key))


def _style(kind: str, proto: Any) -> str:
    if kind == "checkbox" and proto.type == proto.TOGGLE:
        return "toggle"
    if kind == "button_group":
        return "pills" if proto.style == proto.PILLS else "segmented_control"
    if kind == "slider" and proto.type == proto.SELECT_SLIDER:
        return "select_slider"
    return ""


def _user_key(element_id: str) -> str | None:
    """The user key at the end of an element id ("$$ID-<hash>-<key>"), as Streamlit reads it."""
    if not element_id.startswith("$$ID"):
        return None
    key = element_id.split("-", maxsplit=2)[-1]
    return None if key == "None" else key


def _label(kind: str, proto: Any) -> str:
    if kind == "bidi_component":
        return str(proto.component_name)
    return str(getattr(proto, "label", ""))


def _options(w: Widget) -> list[str]:
    if w.kind == "button_group":
        return [o.content for o in w.proto.options]
    return list(getattr(w.proto, "options", []))


def _option(w: Widget, value: Any) -> str:
    """An option by its label, or by its index into the options."""
    options = _options(w)
    if isinstance(value, int) and not isinstance(value, bool):
        return options[value]
    text = str(value)
    if options and text not in options and not getattr(w.proto, "accept_new_options", False):
        raise ValueError(f"{text!r} is not an option of {w.label!r}: {options}")
    return text


def encode(w: Widget, value: Any) -> WidgetState:
    """The WidgetState the browser sends for this widget holding ``value``."""
    ws = WidgetState(id=w.id)
    if value is None:
        return ws  # an empty widget (a text_input or selectbox cleared): no value field
    kind = w.kind
    if kind in _TRIGGERS:
        ws.trigger_value = bool(value)
    elif kind == "checkbox":
        ws.bool_value = bool(value)
    elif kind == "number_input":
        if w.proto.data_type == w.proto.INT:
            ws.int_value = int(value)
        else:
            ws.double_value = float(value)
    elif kind in ("radio", "selectbox"):
        ws.string_value = _option(w, value)
    elif kind in ("multiselect", "button_group"):
        values = [value] if isinstance(value, (str, int)) else list(value)
        ws.string_array_value.data.extend(_option(w, v) for v in values)
    elif kind == "slider":
        values = list(value) if isinstance(value, (list, tuple)) else [value]
        if w.style == "select_slider":
            ws.string_array_value.data.extend(_option(w, v) for v in values)
        else:
            ws.double_array_value.data.extend(float(v) for v in values)
    elif kind == "bidi_component":
        ws.json_value = json.dumps(value)
    elif isinstance(value, str):
        ws.string_value = value  # text_input, text_area, color_picker, dates as strings
    else:
        raise TypeError(f"cannot set a {kind} to {value!r}")
    return ws


def mount_value(w: Widget) -> tuple[bool, Any]:
    """(known, value) the browser's widget reports when drawn: what the server pushed with
    ``set_value``, else the default. Buttons and components report nothing until used."""
    p, kind = w.proto, w.kind
    pushed = bool(getattr(p, "set_value", False))
    if kind == "checkbox":
        return True, p.value if pushed else p.default
    if kind in ("text_input", "text_area", "number_input"):
        if pushed and p.HasField("value"):
            return True, p.value
        return True, p.default if p.HasField("default") else None
    if kind in ("radio", "selectbox"):
        if pushed:
            return True, p.raw_value if p.HasField("raw_value") else None
        return True, p.options[p.default] if p.HasField("default") and p.options else None
    if kind in ("multiselect", "button_group"):
        if pushed:
            return True, list(p.raw_values)
        options = _options(w)
        return True, [options[i] for i in p.default if i < len(options)]
    if kind == "slider":
        if w.style == "select_slider":
            chosen = list(p.raw_value) if pushed else [p.options[int(i)] for i in p.default]
            return True, chosen
        return True, list(p.value) if pushed else list(p.default)
    return False, None


# ----------------------------------------------------------------------------- the session


@dataclass(slots=True)
class _Node:
    kind: str  # "new_element", "add_block", "new_transient"
    element: Element | None
    fragment_id: str
    script_run_id: str


class _Pending:
    def __init__(self, fragment_id: str) -> None:
        self.run = Run(fragment=bool(fragment_id))
        self.t0 = time.perf_counter()
        self.finished = asyncio.Event()  # the final script_finished
        self.settled = asyncio.Event()  # then session_status_changed: not running
        self.error: BaseException | None = None


class Session:
    """One browser tab on a Streamlit server (see the module's docstring)."""

    def __init__(
        self,
        url: str,
        path: str = "/",
        query: str = "",
        *,
        cookies: Mapping[str, str] | None = None,
        locale: str = "en-US",
        timezone: str = "UTC",
        timezone_offset: int = 0,  # minutes, as JavaScript's getTimezoneOffset()
        color_scheme: str = "light",
        timeout: float = 60.0,
        load: bool = True,
        http_prelude: bool = True,
    ) -> None:
        self.base = url.rstrip("/")
        self.path = "/" + path.strip("/")
        self.query = query.lstrip("?")
        self.cookies = dict(cookies or {})
        self.locale, self.timezone, self.timezone_offset = locale, timezone, timezone_offset
        self.color_scheme = color_scheme
        self.timeout = timeout
        self.load, self.http_prelude = load, http_prelude
        self.cache = MessageCache()
        self.page_script_hash = ""
        self.main_script_hash = ""
        self.script_run_id = ""
        self.max_cached_message_age = 2
        self.script_is_running = False
        self.pages: list[tuple[str, str]] = []  # (url_pathname, page_script_hash)
        self.auto_reruns: dict[str, float] = {}  # fragment id -> interval (s), run_every
        self.states: dict[str, WidgetState] = {}  # what the browser would send
        self.form_states: dict[str, dict[str, WidgetState]] = {}
        self.runs: list[Run] = []
        self.first: Run | None = None
        self.http_bytes = 0
        self.idle_bytes = 0  # messages outside any run (heartbeats, late status)
        self._tree: dict[tuple[int, ...], _Node] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: _Pending | None = None
        self._got_new_session = False
        self._wire = 0
        self._closed: BaseException | None = None
        self.lock = asyncio.Lock()  # a session has one rerun at a time (:meth:`act`)
        self.errors: list[str] = []  # the exceptions of the runs made through act()
        self.polls = 0  # the fragment timers' reruns made by poll()

    # -- opening and closing

    @property
    def page_url(self) -> str:
        return self.base + self.path + (f"?{self.query}" if self.query else "")

    async def __aenter__(self) -> Session:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> Run | None:
        """HTTP as the browser does, the websocket, then (``load``) the first rerun."""
        if self.http_prelude:
            await asyncio.to_thread(self._http_get_all)
        parts = urlsplit(self.base)
        scheme = "wss" if parts.scheme == "https" else "ws"
        ws_url = f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}/_stcore/stream"
        token = self.cookies.get(XSRF_COOKIE) or PLACEHOLDER_TOKEN
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self._ws = await connect(
            ws_url,
            subprotocols=["streamlit", token],  # type: ignore[list-item]
            origin=f"{parts.scheme}://{parts.netloc}",  # type: ignore[arg-type]
            additional_headers=headers,
            max_size=None,  # the server allows 200 MB messages (server.maxMessageSize)
            ping_interval=None,  # a browser answers the server's pings and sends none
            open_timeout=self.timeout,
        )
        if self._ws.subprotocol != "streamlit":
            raise ProtocolError(f"server chose subprotocol {self._ws.subprotocol!r}")
        self._count_wire(self._ws)
        self._reader = asyncio.create_task(self._read(), name="wsclient-read")
        if self.load:
            self.first = await self.rerun()
        return self.first

    def _http_get_all(self) -> None:
        for url in (self.page_url, f"{self.base}/_stcore/health",
                    f"{self.base}/_stcore/host-config"):
            cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                self.http_bytes += len(r.read())
                for header in r.headers.get_all("Set-Cookie") or []:
                    name, _, rest = header.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0].strip().strip('"')

    def _count_wire(self, ws: ClientConnection) -> None:
        received = ws.data_received

        def counting(data: bytes) -> None:
            self._wire += len(data)
            received(data)

        ws.data_received = counting  # type: ignore[method-assign]

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with suppress(asyncio.CancelledError, ConnectionClosed, ProtocolError):
                await self._reader

    # -- reruns

    async def rerun(self, fragment_id: str = "", *, auto: bool = False) -> Run:
        """Send ``rerun_script`` with the widget states held and wait for the run's end
        (``auto``: a ``run_every`` fragment's timer, see :attr:`auto_reruns`)."""
        if self._ws is None:
            raise ProtocolError("not open")
        if self._pending is not None:
            raise ProtocolError("a rerun is already under way")
        if self._closed is not None:
            raise ProtocolError(f"connection closed: {self._closed}")
        data = BackMsg(rerun_script=self._client_state(fragment_id, auto)).SerializeToString()
        pending = self._pending = _Pending(fragment_id)
        pending.run.sent_bytes = len(data)
        wire0 = self._wire
        self._got_new_session = False
        await self._ws.send(data)
        # The browser drops the triggers it sent (buttons fire once).
        for wid in [k for k, v in self.states.items()
                    if v.WhichOneof("value") in ("trigger_value", "json_trigger_value")]:
            del self.states[wid]
        try:
            await asyncio.wait_for(pending.finished.wait(), self.timeout)
            with suppress(TimeoutError):
                await asyncio.wait_for(pending.settled.wait(), 2.0)
        except TimeoutError:
            raise TimeoutError(f"no script_finished within {self.timeout} s") from None
        finally:
            self._pending = None
        if pending.error is not None:
            raise pending.error
        run = pending.run
        run.wire_bytes = self._wire - wire0
        self.runs.append(run)
        return run

    def _client_state(self, fragment_id: str, auto: bool = False) -> ClientState:
        cs = ClientState(
            query_string=self.query,
            page_script_hash=self.page_script_hash,
            page_name="" if self.page_script_hash else self.path.strip("/"),
            fragment_id=fragment_id,
            is_auto_rerun=auto,
            cached_message_hashes=self.cache.hashes(),
        )
        cs.widget_states.widgets.extend(self.states.values())
        ctx = cs.context_info
        ctx.timezone = self.timezone
        ctx.timezone_offset = self.timezone_offset
        ctx.locale = self.locale
        ctx.url = self.page_url
        ctx.is_embedded = False
        ctx.color_scheme = self.color_scheme
        return cs

    # -- the browser's timers

    async def act(self, step: Any) -> Any:
        """``step()`` (a coroutine: a rerun, a set, a click) when no other run of this
        session is going (the user's and the fragments' timers take turns); a run's
        exceptions go to :attr:`errors`."""
        async with self.lock:
            run = await step()
        if run is not None and run.exceptions:
            self.errors += [str(e) for e in run.exceptions]
        return run

    async def poll(self, stop: asyncio.Event) -> None:
        """The browser's fragment timers: each due fragment rerun, on time, until ``stop``
        is set or the websocket is gone (its server killed: a browser would reconnect,
        which is a new session here)."""
        due: dict[str, float] = {}
        while not stop.is_set() and self._closed is None:
            now = time.monotonic()
            for fid, every in list(self.auto_reruns.items()):
                if due.setdefault(fid, now + every) <= now:
                    due[fid] = now + every
                    try:
                        await self.act(lambda f=fid: self.rerun(f, auto=True))
                    except (ConnectionClosed, ProtocolError):
                        if self._closed is None:
                            raise
                        return
                    self.polls += 1
            await asyncio.sleep(0.05)

    # -- reading

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for raw in self._ws:
                if isinstance(raw, str):
                    raise ProtocolError("a text frame: Streamlit sends binary protobufs")
                self._on_message(raw)
            raise ProtocolError("the server closed the websocket")
        except (ConnectionClosed, ProtocolError) as exc:
            self._fail(exc)
        except Exception as exc:  # a bug here must not hang a waiting rerun
            self._fail(exc)
            raise

    def _fail(self, exc: BaseException) -> None:
        self._closed = exc
        if self._pending is not None:
            self._pending.error = exc if isinstance(exc, ProtocolError) else ProtocolError(
                f"connection closed during a run: {exc!r}")
            self._pending.finished.set()
            self._pending.settled.set()

    def _on_message(self, raw: bytes) -> None:
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        p = self._pending
        run = p.run if p is not None else None
        if run is not None:
            run.bytes += len(raw)
            run.messages += 1
        else:
            self.idle_bytes += len(raw)
        if msg.WhichOneof("type") == "ref_hash":
            msg = self.cache.resolve(msg)
            if run is not None:
                run.cache_hits += 1
        else:
            self.cache.keep(msg, raw)
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            ns = msg.new_session
            self._got_new_session = True
            self.page_script_hash = ns.page_script_hash
            self.main_script_hash = ns.main_script_hash
            self.script_run_id = msg.metadata.run.script_run_id
            if ns.config.max_cached_message_age:
                self.max_cached_message_age = ns.config.max_cached_message_age
            if ns.app_pages:
                self.pages = [(pg.url_pathname, pg.page_script_hash) for pg in ns.app_pages]
            if not msg.metadata.run.fragment_ids:
                self.auto_reruns.clear()  # a full run: its fragments set their timers again
            if run is not None:
                run.script_runs += 1
        elif kind == "delta":
            self._on_delta(msg, run)
        elif kind == "navigation":
            if msg.navigation.page_script_hash:
                self.page_script_hash = msg.navigation.page_script_hash
            self.pages = [(pg.url_pathname, pg.page_script_hash)
                          for pg in msg.navigation.app_pages]
        elif kind == "auto_rerun":
            self.auto_reruns[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            for fid in msg.stop_auto_rerun.fragment_ids:
                self.auto_reruns.pop(fid, None)
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "page_not_found" and run is not None:
            run.page_not_found = True
        elif kind == "session_event" and run is not None:
            if msg.session_event.HasField("script_compilation_exception"):
                run.exceptions.append(msg.session_event.script_compilation_exception.message)
        elif kind == "session_status_changed":
            self.script_is_running = msg.session_status_changed.script_is_running
            if p is not None and p.finished.is_set() and not self.script_is_running:
                p.settled.set()
        elif kind == "script_finished":
            self._on_finished(msg, p)

    def _on_delta(self, msg: ForwardMsg, run: Run | None) -> None:
        delta = msg.delta
        dkind = delta.WhichOneof("type") or ""
        element = delta.new_element if dkind == "new_element" else None
        path = tuple(msg.metadata.delta_path)
        self._tree[path] = _Node(dkind, element, delta.fragment_id, self.script_run_id)
        if run is not None:
            run.elements += 1
            if run.first_delta_ms is None:
                run.first_delta_ms = (time.perf_counter() - self._pending_t0()) * 1000
        if element is None:
            return
        ekind = element.WhichOneof("type") or ""
        if ekind == "exception" and run is not None:
            run.exceptions.append(f"{element.exception.type}: {element.exception.message}")
        if ekind in WIDGET_KINDS:
            w = self._widget(path, self._tree[path])
            if w is None:
                return
            known, value = mount_value(w)
            pushed = bool(getattr(w.proto, "set_value", False))
            if known and (pushed or w.id not in self.states) and value is not None:
                self.states[w.id] = encode(w, value)

    def _pending_t0(self) -> float:
        return self._pending.t0 if self._pending is not None else time.perf_counter()

    def _on_finished(self, msg: ForwardMsg, p: _Pending | None) -> None:
        status = msg.script_finished
        if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            return  # st.rerun() or a callback's rerun: the chain goes on
        fragment_ids = tuple(msg.metadata.run.fragment_ids)
        run_id = msg.metadata.run.script_run_id
        if status in (ForwardMsg.FINISHED_SUCCESSFULLY,
                      ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY) and (
                fragment_ids or run_id == self.script_run_id):
            self._clear_stale(run_id, fragment_ids)
        if self._got_new_session and msg.metadata.HasField("run"):
            self.cache.run_finished(self.max_cached_message_age, fragment_ids)
        if p is None:
            return
        p.run.done_at = time.perf_counter()
        p.run.ms = (p.run.done_at - p.t0) * 1000
        p.run.status = _FINAL.get(status, str(status))
        p.run.fragment_ids = fragment_ids
        p.finished.set()
        if not self.script_is_running:
            p.settled.set()

    def _clear_stale(self, run_id: str, fragment_ids: Sequence[str]) -> None:
        """Drop what the run did not redraw (the frontend's clearStaleNodes), then the
        state of widgets no longer drawn (removeInactiveWidgetState)."""
        def stale(node: _Node) -> bool:
            if node.script_run_id == run_id:
                return False
            return not fragment_ids or node.fragment_id in fragment_ids
        self._tree = {k: n for k, n in self._tree.items() if not stale(n)}
        active = {w.id for w in self.widgets()}
        for wid in [k for k in self.states if k not in active]:
            del self.states[wid]

    # -- the page

    def _widget(self, path: tuple[int, ...], node: _Node) -> Widget | None:
        element = node.element
        if element is None:
            return None
        kind = element.WhichOneof("type") or ""
        if kind not in WIDGET_KINDS:
            return None
        proto = getattr(element, kind)
        wid = str(getattr(proto, "id", ""))
        if not wid:
            return None
        return Widget(id=wid, kind=kind, style=_style(kind, proto), label=_label(kind, proto),
                      key=_user_key(wid), form_id=str(getattr(proto, "form_id", "")),
                      fragment_id=node.fragment_id, path=path, proto=proto)

    def elements(self) -> list[tuple[tuple[int, ...], Element]]:
        """The page's elements in document order (main, sidebar, event, bottom)."""
        return [(path, n.element) for path, n in sorted(self._tree.items())
                if n.element is not None]

    def widgets(self, kind: str | None = None, label: str | None = None,
                key: str | None = None) -> list[Widget]:
        out = [self._widget(path, n) for path, n in sorted(self._tree.items())]
        return [w for w in out if w is not None and w.matches(kind, label, key)]

    def find(self, kind: str | None = None, label: str | None = None,
             key: str | None = None) -> str:
        """The id of the first widget (document order) of that kind, label and/or key."""
        found = self.widgets(kind, label, key)
        if not found:
            raise LookupError(f"no widget kind={kind!r} label={label!r} key={key!r}")
        return found[0].id

    def widget(self, wid: str) -> Widget:
        for w in self.widgets():
            if w.id == wid:
                return w
        raise LookupError(f"no widget {wid!r} on the page")

    def texts(self) -> list[str]:
        """Every markdown, heading, text, alert and exception body, in document order."""
        out = []
        for _, el in self.elements():
            kind = el.WhichOneof("type")
            if kind in ("markdown", "heading", "text", "alert"):
                out.append(getattr(el, kind).body)
            elif kind == "exception":
                out.append(el.exception.message)
        return out

    # -- interaction

    async def click(self, wid: str) -> Run:
        """A button's click (its trigger, once; a form's submit sends the form), or a
        checkbox / toggle flipped."""
        w = self.widget(wid)
        if w.kind == "checkbox":
            current = self.states.get(wid)
            run = await self.set(wid, not (current is not None and current.bool_value))
            assert run is not None
            return run
        if w.kind not in _TRIGGERS:
            raise TypeError(f"cannot click a {w.kind}: use set()")
        if w.form_id and getattr(w.proto, "is_form_submitter", False):
            self.states.update(self.form_states.pop(w.form_id, {}))
        self.states[wid] = encode(w, True)
        return await self.rerun(w.fragment_id)

    async def set(self, wid: str, value: Any) -> Run | None:
        """Give a widget a value as a user would, and rerun (its fragment alone when it is
        in one). In a form the value waits for the submit button: None. A Components v2
        element takes a dict, merged into its state (``setStateValue`` for each key)."""
        w = self.widget(wid)
        if w.kind in _TRIGGERS:
            return await self.click(wid)
        if w.kind == "bidi_component" and isinstance(value, Mapping):
            # setStateValue(key, value) in the component's JS: merged into its state
            held = self.states.get(wid)
            value = {**(json.loads(held.json_value) if held is not None else {}), **value}
        state = encode(w, value)
        if w.form_id:
            self.form_states.setdefault(w.form_id, {})[wid] = state
            return None
        self.states[wid] = state
        return await self.rerun(w.fragment_id)

    @property
    def fragment_runs(self) -> list[Run]:
        return [r for r in self.runs if r.fragment]

    @property
    def full_runs(self) -> list[Run]:
        return [r for r in self.runs if not r.fragment]

    async def trigger(self, wid: str, event: str, value: Any = None) -> Run:
        """A Custom Components v2 event (``setTriggerValue(event, value)`` in its JS)."""
        w = self.widget(wid)
        tid = f"{_INTERNAL_KEY}_{wid}__events"
        self.states[tid] = WidgetState(
            id=tid, json_trigger_value=json.dumps([{"event": event, "value": value}]))
        return await self.rerun(w.fragment_id)


# ----------------------------------------------------------------------------- a server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _proc_status_kb(pid: int, field_name: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


@dataclass
class Server:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path
    sampled_peak_kb: int = 0

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss_kb(self) -> int:
        """The server's resident memory now (psutil if installed, else /proc)."""
        try:
            import psutil  # type: ignore[import-untyped]
        except ImportError:
            kb = _proc_status_kb(self.pid, "VmRSS") or 0
        else:
            kb = int(psutil.Process(self.pid).memory_info().rss // 1024)
        self.sampled_peak_kb = max(self.sampled_peak_kb, kb)
        return kb

    def peak_kb(self) -> int:
        """The server's peak resident memory: VmHWM, else the highest rss_kb() seen."""
        return _proc_status_kb(self.pid, "VmHWM") or max(self.sampled_peak_kb, self.rss_kb())

    def cpu_s(self) -> float:
        """The server's CPU time so far (user + system), seconds: a figure a loaded machine
        changes less than wall-clock times."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            try:
                import psutil
            except ImportError:
                return float("nan")
            t = psutil.Process(self.pid).cpu_times()
            return float(t.user + t.system)

    def log_tail(self, n: int = 30) -> str:
        with suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        return ""


@contextmanager
def streamlit_server(script: str | Path, *, cwd: str | Path | None = None,
                     env: Mapping[str, str] | None = None,
                     options: Sequence[str] = (), start_timeout: float = 60.0,
                     ) -> Iterator[Server]:
    """``streamlit run script`` on a free localhost port, until the block ends."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="wsclient-server-", suffix=".log")[1])
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true",
             f"--server.port={port}", "--server.address=127.0.0.1",
             "--browser.gatherUsageStats=false", "--server.fileWatcherType=none", *options],
            # no proxy in front: nobody's X-Forwarded-For is applied (docs/security.md)
            cwd=cwd, env={**os.environ, "FORWARDED_ALLOW_IPS": "", **(env or {})},
            stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", proc, log)
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"streamlit exited ({proc.returncode}):\n{server.log_tail()}")
            try:
                with urllib.request.urlopen(f"{server.url}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not start:\n{server.log_tail()}")
            time.sleep(0.2)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        with suppress(OSError):
            log.unlink()


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), linear between the nearest ranks."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


# ----------------------------------------------------------------------------- self-test

SELFTEST_SCRIPT = '''\
import streamlit as st

st.title("Toy")
st.write("A toy page for the websocket client.")
st.session_state.setdefault("clicks", 0)
if st.button("Check"):
    st.session_state.clicks += 1
name = st.text_input("Name")
st.write(f"clicks={st.session_state.clicks} name={name}")
suit = st.radio("Suit", ["spades", "hearts"], horizontal=True)
level = st.selectbox("Level", ["easy", "hard"])
tricks = st.number_input("Tricks", min_value=0, max_value=12, value=0)
blanche = st.checkbox("Blanche")
st.write(f"suit={suit} level={level} tricks={tricks} blanche={blanche}")


@st.fragment
def part():
    st.session_state.setdefault("fragment_clicks", 0)
    if st.button("Fragment"):
        st.session_state.fragment_clicks += 1
    st.write(f"fragment clicks={st.session_state.fragment_clicks}")


part()
st.markdown("x" * 12_000)  # above global.minCachedMessageSize: sent once, then by reference
'''


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise AssertionError(what)


async def selftest_session(url: str, n: int) -> list[tuple[str, Run]]:
    """One session on the self-test script: load, click, type, a radio, a selectbox, a number
    and a checkbox, a fragment's click, a plain rerun; each checked against what the page
    then shows. The runs, named ("four widgets" is the last of those four)."""
    async with Session(url, query=f"pupil={n}") as s:
        assert s.first is not None
        runs = [("first load", s.first)]
        _check(s.first.status == "finished" and not s.first.exceptions, f"load: {s.first}")
        _check("clicks=0 name=" in s.texts(), f"load texts: {s.texts()[:4]}")
        run = await s.click(s.find(kind="button", label="Check"))
        runs.append(("click", run))
        _check("clicks=1 name=" in s.texts(), f"after the click: {s.texts()[:4]}")
        typed = await s.set(s.find(kind="text_input", label="Name"), f"pupil {n}")
        assert typed is not None
        runs.append(("type", typed))
        _check(f"clicks=1 name=pupil {n}" in s.texts(), f"after typing: {s.texts()[:4]}")
        _check("suit=spades level=easy tricks=0 blanche=False" in s.texts(), "the defaults")
        await s.set(s.find(kind="radio", label="Suit"), "hearts")
        await s.set(s.find(kind="selectbox", label="Level"), 1)  # by index
        await s.set(s.find(kind="number_input", label="Tricks"), n + 5)
        run = await s.click(s.find(kind="checkbox", label="Blanche"))
        runs.append(("four widgets", run))
        _check(f"suit=hearts level=hard tricks={n + 5} blanche=True" in s.texts(),
               f"after radio, selectbox, number and checkbox: {s.texts()}")
        run = await s.click(s.find(kind="button", label="Fragment"))
        runs.append(("fragment click", run))
        _check(run.fragment and run.status == "fragment-finished", f"fragment run: {run}")
        _check("fragment clicks=1" in s.texts(), f"after the fragment click: {s.texts()}")
        _check(f"clicks=1 name=pupil {n}" in s.texts(), "the fragment run kept the page")
        run = await s.rerun()
        runs.append(("rerun", run))
        _check(f"clicks=1 name=pupil {n}" in s.texts(), "a rerun kept the widgets' values")
        _check(f"suit=hearts level=hard tricks={n + 5} blanche=True" in s.texts(),
               "a rerun kept the four widgets")
        _check("fragment clicks=1" in s.texts(), "a rerun kept the fragment's state")
        _check(run.cache_hits >= 1 and run.bytes < s.first.bytes,
               f"the big element came by reference: {run}")
        return runs


async def selftest_async(url: str, sessions: int = 3) -> list[list[tuple[str, Run]]]:
    return list(await asyncio.gather(*(selftest_session(url, i) for i in range(sessions))))


def _print_runs(all_runs: Sequence[Sequence[tuple[str, Run]]]) -> None:
    print(f"{'session':<8} {'what':<15} {'ms':>7} {'bytes':>7} {'wire':>7} {'elements':>8} "
          f"{'cached':>6}  status")
    for i, runs in enumerate(all_runs):
        for name, r in runs:
            print(f"{i:<8} {name:<15} {r.ms:7.1f} {r.bytes:7d} {r.wire_bytes:7d} "
                  f"{r.elements:8d} {r.cache_hits:6d}  {r.status}")


def selftest(sessions: int = 3) -> None:
    with tempfile.TemporaryDirectory(prefix="wsclient-selftest-") as tmp:
        script = Path(tmp) / "toy.py"
        script.write_text(SELFTEST_SCRIPT)
        with streamlit_server(script, cwd=tmp) as server:
            all_runs = asyncio.run(selftest_async(server.url, sessions))
            _print_runs(all_runs)
            print(f"server peak RSS {server.peak_kb() / 1024:.0f} MB; "
                  f"selftest: {sessions} sessions OK")


async def _probe(url: str, path: str, query: str) -> None:
    async with Session(url, path=path, query=query) as s:
        assert s.first is not None
        again = await s.rerun()
        for name, r in (("first load", s.first), ("rerun", again)):
            print(f"{name:<10} {r.ms:7.1f} ms  {r.bytes} B ({r.wire_bytes} on the wire)  "
                  f"{r.elements} elements  {r.cache_hits} by reference  {r.status}")
            for e in r.exceptions:
                print("   exception:", e)
        for w in s.widgets():
            print(f"  {w.kind + (f'/{w.style}' if w.style else ''):<26} key={w.key!s:<28} "
                  f"{w.label[:40]!r}{'  (fragment)' if w.fragment_id else ''}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--selftest", action="store_true", help="the default without --url")
    ap.add_argument("--sessions", type=int, default=3)
    ap.add_argument("--url", help="probe a running server instead")
    ap.add_argument("--path", default="/")
    ap.add_argument("--query", default="")
    args = ap.parse_args()
    if args.url and not args.selftest:
        asyncio.run(_probe(args.url, args.path, args.query))
    else:
        selftest(args.sessions)


if __name__ == "__main__":
    main()

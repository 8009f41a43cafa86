"""ui/sockets.py: Nagle's algorithm off on the server's connections. Streamlit 1.67's own
listening socket leaves it on for what it accepts (the cause); :func:`set_no_delay` turns it off
on the listener, on what it accepted before and on what it accepts after, and leaves every other
descriptor open and as it was."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest
from streamlit.web.server.starlette.starlette_server import _bind_socket

from ui import sockets

pytestmark = pytest.mark.skipif(not sockets._descriptors(), reason="no /proc/self/fd here")


def _nodelay(s: socket.socket) -> bool:
    return bool(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


@contextmanager
def _accepted(listener: socket.socket, stack: ExitStack) -> Iterator[socket.socket]:
    client = stack.enter_context(socket.create_connection(listener.getsockname()[:2]))
    listener.setblocking(True)
    conn, _ = listener.accept()
    listener.setblocking(False)
    stack.enter_context(conn)
    yield conn
    conn.sendall(b"ping")
    assert client.recv(4) == b"ping"  # still open, still working


def test_streamlits_listener_leaves_nagle_on_for_what_it_accepts() -> None:
    """The cause: Streamlit's socket has protocol 0, which asyncio's transports skip (if a
    Streamlit release fixes it, this fails: then ui/sockets.py can go)."""
    with ExitStack() as stack:
        listener = stack.enter_context(_bind_socket("127.0.0.1", 0, 8))
        assert listener.proto == 0
        with _accepted(listener, stack) as conn:
            assert conn.proto == 0 and not _nodelay(conn)


def test_set_no_delay_reaches_the_listener_and_every_connection() -> None:
    with ExitStack() as stack:
        listener = stack.enter_context(_bind_socket("127.0.0.1", 0, 8))
        before = stack.enter_context(_accepted(listener, stack))
        udp = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
        left, right = socket.socketpair()
        stack.enter_context(left)
        stack.enter_context(right)
        assert sockets.set_no_delay() >= 3  # the listener, the connection, its client
        assert _nodelay(listener) and _nodelay(before)
        with _accepted(listener, stack) as after:  # accepted later: inherits it
            assert _nodelay(after)
        udp.sendto(b"x", ("127.0.0.1", 9))  # the other sockets: untouched, open
        left.sendall(b"pong")
        assert right.recv(4) == b"pong"


def test_no_delay_does_its_work_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(sockets, "_done", False)
    monkeypatch.setattr(sockets, "set_no_delay", lambda: calls.append(1) or 7)
    assert sockets.no_delay() == 7
    assert sockets.no_delay() == 0 and calls == [1]

"""Nagle's algorithm off on the server's connections: the server sends each answer at once.

Streamlit 1.67 serves its pages through uvicorn on a listening socket it makes itself
(``streamlit/web/server/starlette/starlette_server.py: _bind_socket``, ``socket.socket(
family=...)``): its protocol number is 0, and asyncio's transports switch Nagle's algorithm off
only on a socket whose protocol is ``IPPROTO_TCP`` (``asyncio.base_events._set_nodelay``;
uvicorn had the same bug where it binds the socket itself, its issue 3149). So it stays on for
every connection Streamlit accepts. A run sends a burst of small websocket frames, and with
Nagle on, every frame after the first waits for the browser to acknowledge the first one. The
browser delays that acknowledgement: 40 ms on Linux, up to 200 ms on Windows. Measured on the
development machine, one session rerunning a two-element page took 44 ms a round trip, 6 ms
with Nagle off (``bench/bench_wsload.py``'s docstring). Chromium on the same machine
acknowledges at once and showed no difference; on a real network each burst would wait a
round trip.

:func:`no_delay`, called by the router at the start of every run, does its work once a
process: it sets ``TCP_NODELAY`` on every TCP socket the process holds. That covers the
listening socket, whose setting the connections it accepts later inherit (on Linux and the
BSDs), and the connections already open. It finds the process's descriptors in
``/proc/self/fd``; on a system without one it does nothing. It works on a duplicate of each
descriptor, so it never closes one of the process's own."""

from __future__ import annotations

import os
import socket
import stat
import threading

__all__ = ["no_delay", "set_no_delay"]

_lock = threading.Lock()
_done = False


def no_delay() -> int:
    """Nagle's algorithm off on every TCP socket of the process, the first time a process
    asks (:func:`set_no_delay`); how many sockets it set (0 on every later call)."""
    global _done
    if _done:  # every run but the first: no lock to take
        return 0
    with _lock:
        if _done:
            return 0
        _done = True
    return set_no_delay()


def _descriptors() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc/self/fd")]
    except (OSError, ValueError):
        return []


def set_no_delay() -> int:
    """Set ``TCP_NODELAY`` on every TCP socket (IPv4 or IPv6, a stream) of the process;
    return how many it set. Other descriptors, and other sockets, are left as they are."""
    count = 0
    for fd in _descriptors():
        try:
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                continue
            dup = os.dup(fd)
        except OSError:  # closed meanwhile (another thread), or not ours to read
            continue
        try:
            sock = socket.socket(fileno=dup)
        except OSError:
            os.close(dup)
            continue
        with sock:  # closes the duplicate only
            if sock.family in (socket.AF_INET, socket.AF_INET6) \
                    and sock.type == socket.SOCK_STREAM:
                try:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    count += 1
                except OSError:
                    pass
    return count

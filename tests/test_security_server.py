"""Issue 34, item 12, on the real server ``streamlit run app.py`` starts (the command of
``make run``, the Dockerfile, scripts/topology.sh and the browser tests): app.py's ``st.App``
puts the security headers on every HTTP answer, the app still runs, and Nagle's algorithm is
still off on the server's listening socket once a session has run (ui/sockets.py, which
works on the process's own descriptors: read here through ``pidfd_getfd``)."""

from __future__ import annotations

import asyncio
import ctypes
import importlib.util
import os
import socket
import sys
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest

from ui.headers import HEADERS

ROOT = Path(__file__).resolve().parent.parent
_PIDFD_GETFD = 438  # the same number on every Linux architecture


def _wsclient() -> ModuleType:
    if "wsclient" in sys.modules:
        return sys.modules["wsclient"]
    spec = importlib.util.spec_from_file_location("wsclient", ROOT / "bench" / "wsclient.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["wsclient"] = module
    spec.loader.exec_module(module)
    return module


def _listeners_nodelay(pid: int) -> list[bool]:
    """TCP_NODELAY of each listening TCP socket of process ``pid``."""
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    found = []
    try:
        for name in os.listdir(f"/proc/{pid}/fd"):
            if not os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:"):
                continue
            fd = libc.syscall(_PIDFD_GETFD, pidfd, int(name), 0)
            if fd < 0:
                pytest.skip(f"pidfd_getfd refused: errno {ctypes.get_errno()}")
            with socket.socket(fileno=fd) as sock:
                if sock.family not in (socket.AF_INET, socket.AF_INET6) \
                        or sock.type != socket.SOCK_STREAM \
                        or not sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN):
                    continue
                found.append(bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))
    finally:
        os.close(pidfd)
    return found


@pytest.mark.skipif(not hasattr(os, "pidfd_open") or not Path("/proc/self/fd").exists(),
                    reason="Linux only")
def test_the_one_process_server_sends_the_headers_and_keeps_nagle_off() -> None:
    ws = _wsclient()
    with ws.streamlit_server("app.py", cwd=ROOT, env={"PYTHONUNBUFFERED": "1"}) as server:
        for path, status in (("/", 200), ("/lab", 200), ("/_stcore/health", 200),
                             ("/app/static/cards-2.svg", 200), ("/app/static/nowhere.svg", 404)):
            try:
                answer = urllib.request.urlopen(server.url + path, timeout=10)
            except urllib.error.HTTPError as error:  # a 404 carries them too
                answer = error
            assert answer.status == status, path
            for name, value in HEADERS:
                assert answer.headers.get(name) == value, (path, name, dict(answer.headers))

        async def one_run() -> list[str]:
            async with ws.Session(server.url, "/lab") as session:
                return list(session.first.exceptions) if session.first else ["no run"]

        assert asyncio.run(one_run()) == []
        listeners = _listeners_nodelay(server.proc.pid)
        assert listeners and all(listeners), (listeners, server.log_tail())

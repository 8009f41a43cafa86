"""The security headers of every HTTP answer the app's own server gives (the one-process
setup; behind the project's proxy, deploy/haproxy.cfg sets the same): an ASGI middleware for
``st.App(..., middleware=[...])`` (app.py).

- ``Content-Security-Policy: frame-ancestors 'self'``: no other site shows the app in a frame
  (clickjacking). No more than that: a stricter policy breaks Streamlit's inline styles and
  its ``blob:`` module scripts.
- ``X-Content-Type-Options: nosniff``: a file is never run as another type than it says.
- ``Referrer-Policy: no-referrer``: an address with a secret in it (a teacher's link, a resume
  link) is never sent to another site.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

__all__ = ["HEADERS", "SecurityHeaders"]

HEADERS: Final[tuple[tuple[str, str], ...]] = (
    ("Content-Security-Policy", "frame-ancestors 'self'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)

_Scope = MutableMapping[str, Any]
_Message = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[_Message]]
_Send = Callable[[_Message], Awaitable[None]]
_RAW: Final = tuple((name.lower().encode("latin-1"), value.encode("latin-1"))
                    for name, value in HEADERS)


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` on every HTTP answer (replacing any of the same name);
    websockets and the lifespan pass untouched."""

    def __init__(self, app: Callable[[_Scope, _Receive, _Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: _Message) -> None:
            if message.get("type") == "http.response.start":
                names = {name for name, _value in _RAW}
                kept = [(n, v) for n, v in message.get("headers", []) if n.lower() not in names]
                message["headers"] = [*kept, *_RAW]
            await send(message)

        await self.app(scope, receive, with_headers)

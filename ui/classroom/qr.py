"""The pupils' link as a QR code (segno), to show on the projector: a PNG for the page and
an SVG to download. The teacher's link is never drawn as a code."""

from __future__ import annotations

import io
from typing import Final

import segno

__all__ = ["qr_png", "qr_svg"]

#: Medium error correction: a projector's glare or a phone at an angle still reads it.
ERROR: Final = "m"


def _code(link: str) -> segno.QRCode:
    return segno.make(link, error=ERROR, micro=False)


def qr_png(link: str, *, scale: int = 10, border: int = 2) -> bytes:
    """The QR code of ``link`` as PNG bytes (black on white, ``scale`` pixels a module).

    >>> qr_png("https://example.org/class?join=K7QM2P").startswith(b"\\x89PNG")
    True
    """
    out = io.BytesIO()
    _code(link).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()


def qr_svg(link: str, *, scale: int = 10, border: int = 2) -> str:
    """The QR code of ``link`` as an SVG document (for a download).

    >>> qr_svg("https://example.org/class?join=K7QM2P").startswith("<svg")
    True
    """
    out = io.BytesIO()
    _code(link).save(out, kind="svg", scale=scale, border=border, xmldecl=False)
    return out.getvalue().decode("utf-8")

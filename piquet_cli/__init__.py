"""Piquet Academy's command line, an application on the engine like the pages:
``python -m piquet_cli score FILE.json`` and ``python -m piquet_cli tournament …``
(:func:`piquet_cli.main.main`)."""

from piquet_cli.main import main

__all__ = ["main"]

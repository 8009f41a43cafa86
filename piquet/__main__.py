"""``python -m piquet score FILE.json`` and ``python -m piquet tournament``: the command line.
It is an application on the engine, like the pages, and lives in the text layer
(``words/cli.py``), which turns the engine's facts into sentences."""

import sys

from words.cli import main

if __name__ == "__main__":
    sys.exit(main())

"""``python -m piquet_cli``: see :mod:`piquet_cli.main`."""

import sys

from piquet_cli.main import main

if __name__ == "__main__":
    sys.exit(main())

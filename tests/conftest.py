"""The whole test session keeps the learners' progress in a throw-away folder: no test (nor
the browser tests' server, which inherits the environment) writes to the repository's
``data/``. A test that needs a database of its own sets ``PIQUET_DATA_DIR`` itself."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

# The progress store's fixtures (SQLite and a real PostgreSQL, tests/store_fixtures.py), for
# every test module that asks for them.
pytest_plugins = ["store_fixtures"]

_DATA = tempfile.mkdtemp(prefix="piquet-test-data-")
os.environ.setdefault("PIQUET_DATA_DIR", _DATA)


@pytest.fixture(scope="session", autouse=True)
def _throw_away_data() -> Iterator[None]:
    yield
    shutil.rmtree(_DATA, ignore_errors=True)

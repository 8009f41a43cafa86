"""The whole test session keeps the learners' progress in a throw-away folder: no test (nor
the browser tests' server, which inherits the environment) writes to the repository's
``data/``. A test that needs a database of its own sets ``PIQUET_DATA_DIR`` itself."""

from __future__ import annotations

import contextlib
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
# The database deadline (store/deadline.py, 1 s for users) is 10 s in tests: a loaded test
# machine may take a second over a write; tests/test_hung_database.py sets 1 s back.
os.environ.setdefault("PIQUET_DB_DEADLINE_S", "10")
# A failing AppTest run names its error (.streamlit/config.toml hides it from users: "none").
os.environ.setdefault("STREAMLIT_CLIENT_SHOW_ERROR_DETAILS", "full")


@pytest.fixture(scope="session", autouse=True)
def _throw_away_data() -> Iterator[None]:
    yield
    shutil.rmtree(_DATA, ignore_errors=True)


@contextlib.contextmanager
def _raising() -> Iterator[None]:
    yield


@pytest.fixture(autouse=True)
def _page_errors_raise(request: pytest.FixtureRequest,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """In AppTest, a page's error stays an error (``at.exception``), not the sentence the
    router's ``ui.failure.contained`` shows users — except in a test marked
    ``page_errors_said``, which tests that sentence."""
    if request.node.get_closest_marker("page_errors_said") is None:
        import ui.failure

        monkeypatch.setattr(ui.failure, "contained", _raising)

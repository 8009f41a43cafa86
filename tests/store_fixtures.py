"""Fixtures of the store's tests: the same test functions against SQLite and a real PostgreSQL.

Every test module has them (``tests/conftest.py`` loads this plugin):

    postgres_server  session-scoped throw-away PostgreSQL cluster (``scripts/postgres.sh``):
                     its admin URL; stopped and removed at teardown
    db_url           parametrized ``sqlite`` / ``postgresql``: a fresh empty database per test
                     (an SQLite file in tmp_path, or a new database in the session cluster)
    engine           a prepared SQLAlchemy engine on ``db_url`` (logging no parameters)
    clock            a :class:`store.FakeClock`
    store            a :class:`store.Store` on a migrated ``engine`` with ``clock``
    pg_cluster       a cluster of the test's own that can be halted and started again
                     (the outage tests): ``.url``, ``.halt()``, ``.start()``, and frozen
                     and thawed (a database that hangs): ``.freeze()``, ``.thaw()``
    storage_app      ``storage_app(url, learner_id)``: an AppTest of tests/apps/storage_app.py
                     (ui/storage.py as a page uses it) on the database at ``url``

Without PostgreSQL installed the ``postgresql`` variants are skipped, and fail when
``CI=true`` (``make test`` runs ``bash scripts/postgres.sh install`` first).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from store import FakeClock, Store, make_engine, migrate

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "postgres.sh"
NOT_INSTALLED = 2


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=180, check=False
    )


def _no_postgres(reason: str) -> None:
    if _in_ci():
        pytest.fail(f"PostgreSQL is required under CI=true: {reason}")
    pytest.skip(f"PostgreSQL not available: {reason}")


class Cluster:
    """A throw-away cluster in a temporary directory, driven by scripts/postgres.sh."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="piquet-pg-"))
        self.url = ""

    def start(self) -> str:
        result = _script("start", str(self.dir))
        if result.returncode == NOT_INSTALLED:
            shutil.rmtree(self.dir, ignore_errors=True)
            _no_postgres(result.stderr.strip())
        if result.returncode != 0:
            raise RuntimeError(f"postgres.sh start failed: {result.stderr}")
        self.url = result.stdout.strip().splitlines()[-1]
        return self.url

    def halt(self) -> None:
        """Stop the server (a real outage), keeping its data."""
        result = _script("halt", str(self.dir))
        assert result.returncode == 0, result.stderr

    def freeze(self) -> None:
        """SIGSTOP the server and its processes: a database that hangs (it answers nothing,
        refuses nothing; the kernel still accepts and acknowledges)."""
        result = _script("freeze", str(self.dir))
        assert result.returncode == 0, result.stderr

    def thaw(self) -> None:
        """SIGCONT them: the server carries on with what it was doing."""
        result = _script("thaw", str(self.dir))
        assert result.returncode == 0, result.stderr

    def remove(self) -> None:
        _script("thaw", str(self.dir))  # a frozen server would not stop
        _script("stop", str(self.dir))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    cluster = Cluster()
    try:
        yield cluster.start()
    finally:
        cluster.remove()


@pytest.fixture()
def pg_cluster() -> Iterator[Cluster]:
    cluster = Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'progress.db'}"
        return
    admin_url = request.getfixturevalue("postgres_server")
    name = f"t_{secrets.token_hex(6)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture()
def engine(db_url: str) -> Iterator[Engine]:
    eng = make_engine(db_url)
    try:
        yield eng
    finally:
        eng.dispose()


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture()
def store(engine: Engine, clock: FakeClock) -> Store:
    migrate(engine, clock=clock)
    return Store(engine, clock=clock)


@pytest.fixture()
def storage_app(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], Any]:
    from streamlit.testing.v1 import AppTest

    def make(url: str, learner_id: str) -> AppTest:
        monkeypatch.setenv("PIQUET_DATABASE_URL", url)
        at = AppTest.from_file(str(ROOT / "tests" / "apps" / "storage_app.py"),
                               default_timeout=60)
        at.session_state["learner_id"] = learner_id
        return at

    return make

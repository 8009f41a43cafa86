"""Several replicas behind a sticky proxy (scripts/topology.sh, deploy/haproxy.cfg), and the
deployment files kept in step with them (Dockerfile, compose.yaml).

Live, on one machine: ``topology.sh start 2`` (Debian's haproxy, two Streamlit replicas of
app.py, a throw-away PostgreSQL), then browser tabs through the proxy with
bench/wsclient.py (Streamlit's own websocket protocol, no browser):

- every tab stays on the replica that first answered it (the ``X-Piquet-Replica`` header of
  its HTTP requests and of its websocket's upgrade, the ``PQREPLICA`` cookie) across reruns
  and a websocket reconnect — a reconnect that offers the tab's Streamlit session id, as the
  browser's does, gets that very session back, which only its own replica holds;
- a pupil mid-round in a class (made with ``store.classes.ClassStore`` on the cluster's
  database; the pupil joins and answers through the Class page) whose replica is killed
  (``kill -9``) reconnects with the same cookies (the learner's ``pq_learner`` among them),
  lands on the other replica, is back at the same question, answers it, and every answer is
  in ``class_answers`` exactly once;
- PostgreSQL stopped with SIGSTOP (``topology.sh freeze``, a database that hangs): a class
  Check, a quiz Check, a new visitor's Home and the Lab on each replica answer within 2 s with
  the notice that nothing is saved yet; after SIGCONT (``thaw``) each answer is stored once;
- the proxy's log names the paths it served, never a query string (the join code, a
  teacher's key), a cookie or a learner id; no replica has the cookie secret on its command
  line.

Skipped without haproxy or PostgreSQL; under ``CI=true`` they must be there (``make test``
runs ``bash scripts/topology.sh install``). The topology is stopped at teardown, whatever
happened.
"""

from __future__ import annotations

import asyncio
import contextvars
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from sqlalchemy import func, select
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from academy.quiz import Question, generate_question
from store import learner_key, make_engine, migrate
from store.class_values import ClassWork, QuizWork
from store.classes import ClassStore
from store.ids import new_learner_id
from store.schema import class_answers, items

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "topology.sh"
CONFIG = ROOT / "deploy" / "haproxy.cfg"
ENTRYPOINT = ROOT / "deploy" / "entrypoint.sh"
REPLICAS = ("r1", "r2")
TIMEOUT_S = 120.0  # a page run on a loaded 2-core machine is slow, not broken
SEED, LEVEL, RULES, LENGTH = "topology", "beginner", "britannica", 5


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _haproxy() -> str | None:
    return shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


def _need(what: str, found: bool) -> None:
    if found:
        return
    if _in_ci():
        pytest.fail(f"{what} is required under CI=true (bash scripts/topology.sh install)")
    pytest.skip(f"{what} not installed (bash scripts/topology.sh install)")


# ----------------------------------------------------------------------------- the client


def _load_wsclient() -> ModuleType:
    """bench/wsclient.py as a module of this test's own (its ``connect`` is wrapped below)."""
    name = "topology_wsclient"
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "wsclient.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ws = _load_wsclient()
_OFFER: contextvars.ContextVar[str] = contextvars.ContextVar("offer", default="")
_connect = ws.connect


def _connect_offering(uri: str, *, subprotocols: list[str], **kwargs: Any) -> Any:
    """The browser's reconnect: a third subprotocol entry, the last session id (see
    streamlit/web/server/starlette/starlette_websocket.py, ``_parse_subprotocols``)."""
    offer = _OFFER.get()
    return _connect(uri, subprotocols=[*subprotocols, offer] if offer else subprotocols,
                    **kwargs)


ws.connect = _connect_offering  # type: ignore[attr-defined]


class Tab(ws.Session):  # type: ignore[misc,name-defined]
    """A browser tab through the proxy: it knows its Streamlit session id and which replica
    its websocket reached; :meth:`again` is the browser's reconnect (the same cookies, the
    same page, the session id offered)."""

    def __init__(self, *args: Any, offer: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("timeout", TIMEOUT_S)
        super().__init__(*args, **kwargs)
        self.offer = offer
        self.session_id = ""

    async def open(self) -> Any:
        token = _OFFER.set(self.offer)
        try:
            return await super().open()
        finally:
            _OFFER.reset(token)

    def _on_message(self, raw: bytes) -> None:
        super()._on_message(raw)
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        if msg.WhichOneof("type") == "new_session":
            self.session_id = msg.new_session.initialize.session_id

    @property
    def replica(self) -> str:
        """The replica that accepted this tab's websocket (its upgrade's header)."""
        assert self._ws is not None
        return str(self._ws.response.headers.get("X-Piquet-Replica", ""))

    def again(self) -> Tab:
        return Tab(self.base, self.path, self.query, cookies=self.cookies,
                   offer=self.session_id)

    def http_replica(self, path: str = "/_stcore/health") -> str:
        """The replica that answers an HTTP request of this tab (its cookies)."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        req = urllib.request.Request(self.base + path, headers={"Cookie": cookie})
        with urllib.request.urlopen(req, timeout=TIMEOUT_S) as r:
            r.read()
            return str(r.headers.get("X-Piquet-Replica", ""))


def _ok(run: Any, what: str) -> Any:
    assert run is not None, what
    assert not run.exceptions, f"{what}: {run.exceptions}"
    assert not run.page_not_found, f"{what}: page not found"
    assert run.status in ("finished", "fragment-finished"), f"{what}: {run.status}"
    return run


def _alerts(tab: Tab, fmt: int) -> list[str]:
    return [el.alert.body for _, el in tab.elements()
            if el.WhichOneof("type") == "alert" and el.alert.format == fmt]


# ----------------------------------------------------------------------------- the topology


@dataclass
class Topology:
    state: Path
    url: str  # the proxy's
    database_url: str
    output: str  # what `start` printed

    def pid(self, replica: str) -> int:
        return int((self.state / f"{replica}.pid").read_text())

    def log(self) -> str:
        return (self.state / "haproxy.log").read_text(errors="replace")


def _script(*args: str, env: dict[str, str], timeout: float = 240
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)


@pytest.fixture(scope="module")
def topology() -> Iterator[Topology]:
    _need("haproxy", _haproxy() is not None)
    _need("PostgreSQL", any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
          or shutil.which("initdb") is not None)
    state = Path(tempfile.mkdtemp(prefix="piquet-topology-test-"))
    env = {**os.environ, "PIQUET_TOPOLOGY_DIR": str(state), "PIQUET_PYTHON": sys.executable}
    env.pop("PIQUET_PROXY_PORT", None)
    env.pop("PIQUET_DB_DEADLINE_S", None)  # the replicas keep the users' deadline (1 s)
    try:
        t0 = time.monotonic()
        done = _script("start", str(len(REPLICAS)), env=env)
        assert done.returncode == 0, f"topology.sh start failed:\n{done.stdout}\n{done.stderr}"
        print(f"topology.sh start {len(REPLICAS)}: {time.monotonic() - t0:.1f} s")
        yield Topology(state, done.stdout.strip().splitlines()[-1],
                       (state / "database_url").read_text().strip(),
                       done.stdout + done.stderr)
    finally:
        stopped = _script("stop", env=env, timeout=120)
        if stopped.returncode != 0:
            print(f"topology.sh stop failed:\n{stopped.stdout}\n{stopped.stderr}")
        shutil.rmtree(state, ignore_errors=True)


# ----------------------------------------------------------------------------- sticky


def test_every_tab_stays_on_its_replica_across_reruns_and_reconnects(
        topology: Topology) -> None:
    async def flow() -> None:
        tabs: list[Tab] = []
        while len(tabs) < 4 and {t.replica for t in tabs} != set(REPLICAS):
            tab = Tab(topology.url, path="/")
            _ok(await tab.open(), "a first load")
            tabs.append(tab)
        assert {t.replica for t in tabs} == set(REPLICAS), "the proxy used one replica only"
        for tab in tabs:
            home = tab.replica
            assert tab.cookies.get("PQREPLICA") == home
            for n in range(2):
                _ok(await tab.rerun(), f"rerun {n + 1} on {home}")
                assert tab.http_replica() == home
                assert tab.http_replica(tab.path) == home
            before = tab.session_id
            assert before
            await tab.close()
            again = tab.again()
            _ok(await again.open(), f"the reconnect to {home}")
            assert again.replica == home, f"a tab of {home} reconnected to {again.replica}"
            assert again.session_id == before, "the reconnect did not get its session back"
            _ok(await again.rerun(), f"a rerun after the reconnect on {home}")
            assert again.http_replica() == home
            await again.close()

    asyncio.run(flow())


# ----------------------------------------------------------------------------- a replica dies


def _answer_widget(tab: Tab, position: int, key: str, page: str = "class") -> Any:
    for w in tab.widgets():
        k = w.key or ""
        if k.startswith(f"{page}_a_") and (k.endswith(f"_{position}_{key}")
                                           or k.endswith(f"_{position}_{key}_hand")):
            return w
    raise AssertionError(f"no answer widget {key!r} for question {position + 1}: "
                         f"{[w.key for w in tab.widgets()]}")


async def _give(tab: Tab, position: int, q: Question, page: str = "class") -> None:
    """Give question ``q`` its right answer as a browser does (a change, a tap)."""
    for f in q.fields:
        value: Any = q.correct[f.key]
        w = _answer_widget(tab, position, f.key, page)
        if f.widget == "cards":
            chosen: list[str] = []
            for seq, card in enumerate(sorted(value), start=1):
                chosen.append(card)
                _ok(await tab.trigger(w.id, "tap", {"card": card, "selected": list(chosen),
                                                    "seq": seq}), "a card's tap")
        elif f.widget == "choice":
            _ok(await tab.set(w.id, f.options.index(value)), "a choice")
        elif f.widget == "multi":
            given = [f.options.index(o) for o in sorted(value)]
            if given:  # nothing chosen is the widget's own state
                _ok(await tab.set(w.id, given), "a multiple choice")
        else:
            _ok(await tab.set(w.id, int(value)), "a number")


async def _answer(tab: Tab, position: int, q: Question) -> None:
    """Give question ``q`` its right answer, then Check: it is taken."""
    await _give(tab, position, q)
    _ok(await tab.click(tab.find(key="class_check")), f"the Check of question {position + 1}")
    shown = _alerts(tab, Alert.SUCCESS)
    refused = _alerts(tab, Alert.ERROR) + _alerts(tab, Alert.WARNING)
    assert shown and tab.widgets(key="class_next"), (
        f"question {position + 1} was not checked right: {refused or tab.texts()[:8]}")


def _rows(database_url: str, class_id: str) -> list[tuple[int, str]]:
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            return [(int(r.position), str(r.outcome)) for r in conn.execute(
                select(class_answers.c.position, class_answers.c.outcome)
                .where(class_answers.c.class_id == class_id)
                .order_by(class_answers.c.position))]
    finally:
        engine.dispose()


# ----------------------------------------------------------------------------- a database hangs

NOT_SAVED = "not being saved"  # the saver's notice (English: the tabs send no language)
AWAY = "the database is away"  # the class's outage message


def _database(topology: Topology, signal_name: str) -> None:
    done = _script(signal_name, env={**os.environ, "PIQUET_TOPOLOGY_DIR": str(topology.state)},
                   timeout=60)
    assert done.returncode == 0, f"topology.sh {signal_name}: {done.stdout}{done.stderr}"


def _said(tab: Tab, words: str) -> bool:
    return any(words in text for fmt in (Alert.WARNING, Alert.ERROR, Alert.INFO)
               for text in _alerts(tab, fmt))


def _items_right(database_url: str, learner: str) -> int:
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(
                select(func.coalesce(func.sum(items.c.times_right), 0))
                .where(items.c.learner == learner_key(learner))) or 0)
    finally:
        engine.dispose()


def test_a_hung_database_slows_no_page_and_loses_no_answer(topology: Topology) -> None:
    """PostgreSQL stopped with SIGSTOP behind the proxy (``topology.sh freeze``): a class
    Check, a quiz Check, a new visitor's Home on each replica and the Lab each answer within
    2 s, the class and the quiz saying that nothing is saved yet; after SIGCONT (``thaw``) the
    same answers are taken, each stored exactly once."""
    seed = "topology-hung"
    engine = make_engine(topology.database_url)
    try:
        migrate(engine)
        made = ClassStore(engine).create(
            "Hung", ClassWork(QuizWork(LEVEL, RULES, LENGTH, seed), ()))
    finally:
        engine.dispose()
    questions = [generate_question(seed, i, LEVEL, RULES) for i in range(2)]
    quiz_seed = "topology-quiz"
    quiz_question = generate_question(quiz_seed, 0, LEVEL, RULES)
    pupil_id, quizzer_id = new_learner_id(), new_learner_id()

    async def flow() -> dict[str, float]:
        pupil = Tab(topology.url, path="/class", query=f"join={made.code}",
                    cookies={"pq_learner": pupil_id})
        _ok(await pupil.open(), "the pupils' link")
        await pupil.set(pupil.find(key="class_name_typed"), "Bo")
        _ok(await pupil.click(pupil.find(key="class_join_as")), "Join")
        await _answer(pupil, 0, questions[0])
        _ok(await pupil.click(pupil.find(key="class_next")), "Next")
        quiz = Tab(topology.url, path="/quiz", query=f"seed={quiz_seed}&level={LEVEL}&n=5",
                   cookies={"pq_learner": quizzer_id})
        _ok(await quiz.open(), "the quiz's link")

        taken: dict[str, float] = {}
        _database(topology, "freeze")
        try:
            await _give(pupil, 1, questions[1])
            start = time.monotonic()
            _ok(await pupil.click(pupil.find(key="class_check")), "a class Check, frozen")
            taken["a class Check"] = time.monotonic() - start
            assert _said(pupil, AWAY), pupil.texts()[:10]

            await _give(quiz, 0, quiz_question, page="quiz")
            start = time.monotonic()
            _ok(await quiz.click(quiz.find(key="quiz_check")), "a quiz Check, frozen")
            taken["a quiz Check"] = time.monotonic() - start
            assert _alerts(quiz, Alert.SUCCESS), "the quiz's verdict waited for the database"
            assert _said(quiz, NOT_SAVED), quiz.texts()[:10]

            visitors: list[Tab] = []
            while len(visitors) < 6 and {v.replica for v in visitors} != set(REPLICAS):
                visitor = Tab(topology.url, path="/")
                start = time.monotonic()
                _ok(await visitor.open(), "a new visitor's Home, frozen")
                taken[f"a new visitor's Home ({visitor.replica}, {len(visitors) + 1})"] = (
                    time.monotonic() - start)
                assert _said(visitor, NOT_SAVED), visitor.texts()[:10]
                visitors.append(visitor)
            assert {v.replica for v in visitors} == set(REPLICAS)
            for visitor in visitors:
                start = time.monotonic()
                await visitor.close()
                lab = Tab(topology.url, path="/lab", cookies=visitor.cookies)
                _ok(await lab.open(), "the Lab, frozen")
                taken[f"the Lab ({lab.replica})"] = time.monotonic() - start
                await lab.close()
        finally:
            _database(topology, "thaw")

        await asyncio.sleep(3.5)  # each replica's circuit lets a call try again after 3 s
        _ok(await pupil.click(pupil.find(key="class_check")), "the same Check, thawed")
        assert pupil.widgets(key="class_next"), pupil.texts()[:10]
        for _ in range(20):
            _ok(await quiz.rerun(), "the quiz, thawed")
            if not _said(quiz, NOT_SAVED):
                break
            await asyncio.sleep(0.5)
        assert not _said(quiz, NOT_SAVED), "the quiz's answer was never saved"
        await pupil.close()
        await quiz.close()
        return taken

    taken = asyncio.run(flow())
    print("frozen:", {k: round(v, 2) for k, v in taken.items()})
    assert max(taken.values()) < 2.0, taken
    assert _rows(topology.database_url, made.class_id) == [(0, "right"), (1, "right")], (
        "each class answer stored exactly once")
    assert _items_right(topology.database_url, quizzer_id) == 1, (
        "the quiz's answer stored exactly once")


def test_a_pupil_whose_replica_dies_resumes_on_the_other_and_answers_once(
        topology: Topology) -> None:
    engine = make_engine(topology.database_url)
    try:
        migrate(engine)  # the replicas migrate on their first page run; this may be first
        made = ClassStore(engine).create(
            "Topology", ClassWork(QuizWork(LEVEL, RULES, LENGTH, SEED), ()))
    finally:
        engine.dispose()
    questions = [generate_question(SEED, i, LEVEL, RULES) for i in range(3)]
    learner = new_learner_id()
    # The teacher's link, as a browser asks for it (the page's HTML): its key must stay out of
    # the proxy's log.
    with urllib.request.urlopen(f"{topology.url}/class?teacher={made.teacher_key}",
                                timeout=TIMEOUT_S) as r:
        r.read()

    async def flow() -> tuple[str, str]:
        pupil = Tab(topology.url, path="/class", query=f"join={made.code}",
                    cookies={"pq_learner": learner})
        _ok(await pupil.open(), "the pupils' link")
        home = pupil.replica
        assert pupil.cookies.get("PQREPLICA") == home
        await pupil.set(pupil.find(key="class_name_typed"), "Ann")
        _ok(await pupil.click(pupil.find(key="class_join_as")), "Join")
        for pos in range(2):
            assert any(t == f"Question {pos + 1}" for t in pupil.texts()), pupil.texts()[:6]
            await _answer(pupil, pos, questions[pos])
            _ok(await pupil.click(pupil.find(key="class_next")), "Next")
        assert any(t == "Question 3" for t in pupil.texts()), pupil.texts()[:6]
        assert pupil.replica == home and pupil.http_replica() == home

        os.kill(topology.pid(home), signal.SIGKILL)
        deadline = time.monotonic() + 10
        while pupil._closed is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert pupil._closed is not None, "the websocket outlived its replica"

        again = pupil.again()  # the browser reconnects: same cookies, same page
        _ok(await again.open(), "the reconnect after the replica died")
        other = again.replica
        assert other in REPLICAS and other != home, f"reconnected to {other!r}"
        assert again.cookies.get("PQREPLICA") == other, "the proxy did not name the new replica"
        assert again.session_id != pupil.session_id  # a new session: the old one died with it
        assert any(t == "Question 3" for t in again.texts()), (
            f"the round did not resume at question 3: {again.texts()[:6]}")
        await _answer(again, 2, questions[2])
        assert again.replica == other and again.http_replica() == other
        await again.close()
        return home, other

    home, other = asyncio.run(flow())
    assert _rows(topology.database_url, made.class_id) == [
        (0, "right"), (1, "right"), (2, "right")], "each answer stored exactly once"

    status = _script("status", env={**os.environ, "PIQUET_TOPOLOGY_DIR": str(topology.state)},
                     timeout=60)
    assert status.returncode == 1, status.stdout + status.stderr  # one part is missing
    assert re.search(rf"{home}\s+not running", status.stdout), status.stdout
    assert re.search(rf"{other}\s+pid \d+", status.stdout), status.stdout

    log = topology.log()
    served = [line for line in log.splitlines() if " GET " in line]
    assert any(line.endswith(" GET /class") for line in served), log[-2000:]
    assert any(line.endswith(" GET /_stcore/stream") for line in served), log[-2000:]
    assert any(f"replicas/{other} " in line for line in served)
    for secret in (made.teacher_key, made.code, learner, "teacher=", "join=", "?"):
        assert secret not in log, f"the proxy's log holds {secret[:8]!r}…"


def test_the_proxy_sends_the_security_headers_once(topology: Topology) -> None:
    """Issue 34, item 12: deploy/haproxy.cfg's headers (and the replica's, which the proxy
    replaces: one of each), on a page and on the proxy's own answer."""
    from ui.headers import HEADERS

    for path in ("/", "/_stcore/health"):
        with urllib.request.urlopen(f"{topology.url}{path}", timeout=TIMEOUT_S) as r:
            for name, value in HEADERS:
                assert r.headers.get_all(name) == [value], (path, name)


def test_the_cookie_secret_is_shared_and_never_on_a_command_line(topology: Topology) -> None:
    secret = (topology.state / "cookie_secret").read_text().strip()
    assert len(secret) >= 32
    assert secret not in topology.output
    assert oct((topology.state / "cookie_secret").stat().st_mode & 0o777) == "0o600"
    alive = 0
    for pidfile in topology.state.glob("r*.pid"):
        proc = Path(f"/proc/{pidfile.read_text().strip()}")
        try:
            cmdline = (proc / "cmdline").read_bytes()
            environ = (proc / "environ").read_bytes()
        except (FileNotFoundError, ProcessLookupError):  # the replica killed above: gone,
            continue                                      # or a zombie not yet reaped
        if not cmdline:
            continue
        alive += 1
        assert secret.encode() not in cmdline
        assert f"STREAMLIT_SERVER_COOKIE_SECRET={secret}".encode() in environ
        assert b"FORWARDED_ALLOW_IPS=127.0.0.1\0" in environ  # the proxy's address alone
    assert alive >= 1


# ----------------------------------------------------------------------------- in step


def _script_options() -> list[str]:
    text = SCRIPT.read_text()
    found = re.search(r"^STREAMLIT_OPTIONS=\(\n(.*?)^\)", text, re.S | re.M)
    assert found, "scripts/topology.sh has no STREAMLIT_OPTIONS=( … )"
    return found.group(1).split()


def _dockerfile() -> dict[str, list[str]]:
    """Dockerfile instructions (continuation lines joined), each to its lines."""
    out: dict[str, list[str]] = {}
    joined = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    for line in joined.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            word, _, rest = line.strip().partition(" ")
            out.setdefault(word.upper(), []).append(rest.strip())
    return out


def test_the_image_runs_what_the_script_runs() -> None:
    docker = _dockerfile()
    cmd = json.loads(docker["CMD"][-1])
    options = _script_options()
    assert cmd[:5] == ["python", "-m", "streamlit", "run", "app.py"]
    assert cmd[5:] == [*options, "--server.address=0.0.0.0", "--server.port=8501"], (
        "the Dockerfile's CMD and scripts/topology.sh's STREAMLIT_OPTIONS differ")
    script = SCRIPT.read_text()
    assert '"$ENTRYPOINT" "$py" -m streamlit run app.py "${STREAMLIT_OPTIONS[@]}"' in script
    assert 'ENTRYPOINT="$ROOT/deploy/entrypoint.sh"' in script
    assert json.loads(docker["ENTRYPOINT"][-1]) == ["/app/deploy/entrypoint.sh"]
    assert docker["WORKDIR"] == ["/app"]
    assert os.access(ENTRYPOINT, os.X_OK), "deploy/entrypoint.sh must be executable"
    assert re.fullmatch(r"python:3\.\d+-slim", docker["FROM"][0])
    assert docker["FROM"][0] == f"python:{sys.version_info.major}.{sys.version_info.minor}-slim"
    assert docker["USER"] and docker["USER"][-1] not in ("root", "0")
    assert any("/_stcore/health" in h for h in docker["HEALTHCHECK"])
    assert "--server.port=8501" in cmd and "/_stcore/health" in docker["HEALTHCHECK"][0]


def parse_yaml(text: str) -> Any:
    """The block YAML compose.yaml is written in: mappings, sequences of scalars, quoted and
    plain scalars, flow sequences, whole-line comments. Anything else (anchors, inline
    comments, multi-line strings) is refused: extend this, or keep compose.yaml plain."""
    lines: list[tuple[int, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if re.search(r"(^|\s)[&*!|>]|\s#", stripped.replace("- ", "", 1)):
            raise ValueError(f"compose.yaml:{n}: not in the plain subset: {stripped!r}")
        lines.append((len(raw) - len(raw.lstrip(" ")), stripped))

    def scalar(s: str) -> Any:
        if s.startswith("["):
            return json.loads(s)
        if s[:1] in "\"'":
            return s[1:-1]
        return None if s in ("", "null", "~") else s

    def block(i: int, indent: int) -> tuple[Any, int]:
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                items.append(scalar(lines[i][1][2:].strip()))
                i += 1
            return items, i
        mapping: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            key, sep, rest = lines[i][1].partition(":")
            if not sep:
                raise ValueError(f"not a mapping entry: {lines[i][1]!r}")
            i += 1
            if rest.strip():
                mapping[scalar(key.strip())] = scalar(rest.strip())
            elif i < len(lines) and lines[i][0] > indent:
                mapping[scalar(key.strip())], i = block(i, lines[i][0])
            else:
                mapping[scalar(key.strip())] = None
        return mapping, i

    value, end = block(0, lines[0][0])
    if end != len(lines):
        raise ValueError(f"compose.yaml: cannot read from {lines[end][1]!r}")
    return value


def test_parse_yaml_reads_the_plain_subset() -> None:
    assert parse_yaml("a:\n  b: \"1\"\n  c:\n    - x\n    - 'y'\n  d: [\"e\", \"f\"]\ng:\n") == {
        "a": {"b": "1", "c": ["x", "y"], "d": ["e", "f"]}, "g": None}
    with pytest.raises(ValueError):
        parse_yaml("a: &x\n  b: 1\n")


def _haproxy_variables() -> tuple[set[str], set[str]]:
    """The ${VARS} deploy/haproxy.cfg reads: (required, optional behind .if defined)."""
    text = "\n".join(line for line in CONFIG.read_text().splitlines()
                     if not line.lstrip().startswith("#"))
    used = set(re.findall(r"\"\$\{(\w+)\}\"", text))
    optional = set(re.findall(r"^\.if defined\((\w+)\)", text, re.M))
    return used - optional, optional


def test_compose_runs_the_same_topology() -> None:
    compose = parse_yaml((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    proxy = services["proxy"]
    assert proxy["image"] == "haproxy:2.6"  # Debian bookworm's haproxy, the one tested here
    assert "./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro" in proxy["volumes"]
    assert 'CONFIG="$ROOT/deploy/haproxy.cfg"' in SCRIPT.read_text()
    replicas = sorted((name for name, s in services.items() if s.get("build") == "."),
                      key=lambda n: int(re.sub(r"\D", "", n)))
    assert len(replicas) >= 2
    required, optional = _haproxy_variables()
    assert required == {"PIQUET_PROXY_BIND", "PIQUET_R1"}
    assert {f"PIQUET_R{k}" for k in range(2, 9)} <= optional
    assert len(replicas) <= 8
    env = proxy["environment"]
    assert set(env) == {"PIQUET_PROXY_BIND"} | {f"PIQUET_R{k}" for k in
                                                range(1, len(replicas) + 1)}
    secrets = set(compose["secrets"])
    entry = ENTRYPOINT.read_text()
    for k, name in enumerate(replicas, start=1):
        s = services[name]
        assert env[f"PIQUET_R{k}"] == f"{name}:8501", "the proxy must reach every replica"
        assert s["image"] == "piquet-academy"
        proxy_ip = proxy["networks"]["app"]["ipv4_address"]
        assert s["environment"] == {"FORWARDED_ALLOW_IPS": proxy_ip, "PIQUET_REPLICA": f"r{k}"}
        assert s["networks"] == ["app"]
        assert set(s["secrets"]) == {"piquet_cookie_secret", "piquet_database_url"}
        assert "command" not in s and "entrypoint" not in s, "the image's own command"
        assert s["depends_on"]["db"]["condition"] == "service_healthy"
    for name in ("piquet_cookie_secret", "piquet_database_url"):
        assert name in secrets and f"/run/secrets/{name}" in entry
    db = services["db"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert db["environment"]["POSTGRES_PASSWORD_FILE"] == "/run/secrets/piquet_db_password"
    assert "pgdata" in compose["volumes"]
    for name, secret in compose["secrets"].items():
        assert secret["file"].startswith("./deploy/secrets/"), name
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert "deploy/secrets" in ignored and ".git" in ignored and ".venv" in ignored


def test_the_proxy_config_is_valid_for_the_script_and_for_compose() -> None:
    haproxy = _haproxy()
    _need("haproxy", haproxy is not None)
    assert haproxy is not None
    text = CONFIG.read_text()
    for needed in ("timeout tunnel", "cookie PQREPLICA insert indirect nocache",
                   "option redispatch", "retries", "uri /_stcore/health",
                   "http-response set-header X-Piquet-Replica %[srv_name]",
                   "http-request set-header X-Forwarded-For %[src]",
                   "http-after-response set-header Content-Security-Policy "
                   "\"frame-ancestors 'self'\"",
                   'http-after-response set-header X-Content-Type-Options "nosniff"',
                   'http-after-response set-header Referrer-Policy "no-referrer"'):
        assert needed in text, needed
    log_format = re.findall(r"^\s*log-format (.*)$", text, re.M)
    assert len(log_format) == 1
    fields = re.findall(r"%\[[^\]]*\]|%\{[^}]*\}\w+|%\w+", log_format[0])
    assert "%[var(txn.path)]" in fields
    # the request line, the URI, the query, captured headers and cookies: never
    for field in fields:
        assert field not in ("%r", "%HU", "%HQ", "%hr", "%hrl", "%hs", "%hsl", "%CC", "%CS"), field
        assert not re.match(r"%\[(url|query|capture|req\.|res\.|cook|hdr|var\(txn\.(?!path\)))",
                            field), field
    assert "http-request set-var(txn.path) path\n" in text
    for k in range(1, 9):
        assert f"server r{k} \"${{PIQUET_R{k}}}\" cookie r{k} check" in text
    for env in ({"PIQUET_PROXY_BIND": "127.0.0.1:1", "PIQUET_R1": "127.0.0.1:2",
                 "PIQUET_R2": "127.0.0.1:3", "PIQUET_STATS_SOCKET": "/tmp/piquet-check.sock"},
                {"PIQUET_PROXY_BIND": ":8080", "PIQUET_R1": "127.0.0.1:8501",
                 "PIQUET_R8": "127.0.0.1:8508"}):
        done = subprocess.run([haproxy, "-c", "-f", str(CONFIG)], env={**os.environ, **env},
                              capture_output=True, text=True, timeout=30, check=False)
        assert done.returncode == 0, done.stdout + done.stderr

"""The teacher's key never reaches a pupil's browser nor the big screen: every byte their
websockets receive during a live round is searched for it (a real ``streamlit run`` server,
Streamlit's own protocol through bench/wsclient.py, no browser).

The teacher's browser opens the class's one-time link and makes a new teacher's link (so a
live, unspent key exists and shows on the teacher's own page: the search is proved able to
find it there), starts a live round and opens a question; the big screen (its token) and a
pupil (the join code) follow it. Neither receives the teacher's keys; the pupil receives
neither the big screen's token."""

from __future__ import annotations

import asyncio
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from store import ClassStore, ClassWork, QuizWork, make_engine, migrate
from store.ids import new_learner_id

ROOT = Path(__file__).resolve().parents[1]


def _wsclient() -> ModuleType:
    if "wsclient" in sys.modules:
        return sys.modules["wsclient"]
    spec = importlib.util.spec_from_file_location("wsclient", ROOT / "bench" / "wsclient.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wsclient"] = module
    spec.loader.exec_module(module)
    return module


ws = _wsclient()


class Recorded(ws.Session):  # type: ignore[misc,name-defined]
    """A tab that keeps every byte its websocket received."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.received = bytearray()

    def _on_message(self, raw: bytes) -> None:
        self.received += raw
        super()._on_message(raw)


def _ok(run: Any, what: str) -> Any:
    assert run is not None, what
    assert not run.exceptions, f"{what}: {run.exceptions}"
    return run


@pytest.mark.slow
def test_the_teachers_key_never_reaches_a_pupil_or_the_big_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    engine = make_engine(url)
    migrate(engine)
    made = ClassStore(engine).create("Live", ClassWork(QuizWork("beginner", "britannica", 3,
                                                                "42"), ()))
    engine.dispose()
    teacher_id, pupil_id = new_learner_id(), new_learner_id()

    async def flow(base: str) -> tuple[Recorded, Recorded, Recorded, str, str]:
        teacher = Recorded(base, "/class", f"teacher={made.teacher_key}",
                           cookies={"pq_learner": teacher_id})
        _ok(await teacher.open(), "the teacher's link")
        _ok(await teacher.click(teacher.find(key="class_save_link")), "Save my teacher link")
        found = re.search(rb"teacher=([A-Za-z0-9_-]{20,})", bytes(teacher.received))
        assert found, teacher.texts()[:20]
        new_key = found.group(1).decode()  # the search finds a key where it is
        _ok(await teacher.click(teacher.find(key="live_start")), "Start a live round")
        found = re.search(rb"screen=([A-Za-z0-9_-]{20,})", bytes(teacher.received))
        assert found, teacher.texts()[:20]
        token = found.group(1).decode()
        screen = Recorded(base, "/class", f"screen={token}")
        _ok(await screen.open(), "the big screen")
        assert any(made.code in t for t in screen.texts()), screen.texts()[:10]
        pupil = Recorded(base, "/class", f"join={made.code}", cookies={"pq_learner": pupil_id})
        _ok(await pupil.open(), "the pupils' link")
        await pupil.set(pupil.find(key="class_name_typed"), "Ann")
        _ok(await pupil.click(pupil.find(key="class_join_as")), "Join")
        _ok(await teacher.click(teacher.find(key="live_next")), "Next")
        for tab in (screen, pupil):
            _ok(await tab.rerun(), "a rerun")
            for fragment in list(tab.auto_reruns):
                _ok(await tab.rerun(fragment, auto=True), "a fragment's poll")
        assert any(t == "Question 1" for t in pupil.texts()), pupil.texts()[:10]
        for tab in (teacher, screen, pupil):
            await tab.close()
        return teacher, screen, pupil, new_key, token

    with ws.streamlit_server("app.py", cwd=ROOT, env={
            "PIQUET_DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}) as server:
        _teacher, screen, pupil, new_key, token = asyncio.run(flow(server.url))
    for tab in (screen, pupil):
        assert len(tab.received) > 1000
        for secret in (made.teacher_key, new_key, teacher_id):
            assert secret.encode() not in tab.received
    assert token.encode() not in pupil.received

"""How long a lesson stage's check takes (target: under 100 ms of server time).

Prints figures, times nothing in the tests. Two measures:

1. the check itself, for every stage of every lesson: making the task from its seed
   (``academy.stages.make_task``), judging an answer by the engine (``check``), and saying
   the hint and the explanation (``academy.stages.says``) — what a Check button costs
   before the page is drawn;
2. the whole server side of a Check on the Lessons page (AppTest: the callback, then the
   page's rerun with its path, the stage, the feedback and the lesson behind it), over an
   SQLite store in a temporary folder, so the saved answer is in the figure.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from academy.stages import STAGES, check, hint, make_task, says  # noqa: E402

ROUNDS = 40


def _check_figures() -> list[float]:
    out = []
    for s in STAGES:
        for seed in range(ROUNDS):
            t0 = time.perf_counter()
            task = make_task(s.id, seed)
            check(task, task.answer)
            check(task, None)
            says.hint_text(task, hint(task))
            says.explanation(task)
            out.append((time.perf_counter() - t0) * 1000)
    return out


def _page_figures(n: int = 12) -> list[float]:
    from streamlit.testing.v1 import AppTest

    from academy.stages import Task
    from ui.stages.views import SHOWN

    folder = tempfile.mkdtemp(prefix="pq-bench-")
    os.environ["PIQUET_DATABASE_URL"] = f"sqlite:///{folder}/progress.db"
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page("app_pages/lessons.py")
    at.query_params["lesson"] = "sets"
    at.run()
    out = []
    for _n in range(n):
        task = at.session_state[SHOWN]
        assert isinstance(task, Task)
        key = f"stages_answer_{task.stage_id.replace('/', '_')}_{task.seed % 1_000_000_007}"
        if task.answer_kind == "choice":
            at.pills(key=key).set_value(task.answer)
        elif task.answer_kind == "number":
            at.number_input(key=key).set_value(task.answer)
        else:  # a card stage: Check with nothing chosen (the notice), the same callback path
            pass
        at.button(key="stages_check").click()
        t0 = time.perf_counter()
        at.run()
        out.append((time.perf_counter() - t0) * 1000)
        if any(b.key == "stages_continue" for b in at.button):
            at.button(key="stages_continue").click().run()
        elif any(b.key == "stages_again" for b in at.button):
            at.button(key="stages_again").click().run()
        elif any(b.key == "stages_skip" for b in at.button):
            at.button(key="stages_skip").click().run()
    return out


def _line(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[int(len(ms) * 0.95) - 1]
    return (f"{name}: median {statistics.median(ms):.2f} ms, 95th percentile {p95:.2f} ms, "
            f"max {ms[-1]:.2f} ms ({len(ms)} checks)")


def main() -> None:
    print(_line("stage check (make the task, judge, hint, explanation)", _check_figures()))
    print(_line("a Check on the Lessons page, callback and rerun (AppTest, SQLite store)",
                _page_figures()))


if __name__ == "__main__":
    main()

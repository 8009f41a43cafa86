"""A class on the Class page, through Streamlit's own websocket protocol (bench/wsclient.py;
no browser): a teacher starts a class with the page's own form, then N pupils open the
pupils' link (``/class?join=CODE``), type a name, Join, and answer a Q-question round — for
each question the widget changes and taps a browser sends (a radio, a number, pills, the
card hand's taps), then Check, then Next — all at once, with a small random think time;
meanwhile the teacher's dashboard (``st.fragment(run_every=3)``) refreshes on its own
timer, as the browser's does.

    python bench/bench_class.py [--pupils 30] [--questions 10] [--think 1.0]
        [--level beginner] [--seed bench] [--database-url URL | --postgres]
        [--server-option=--runner.postScriptGC=false] [--app app.py]

Figures: a pupil's Check (the round trip from the Check's BackMsg to its run's
``script_finished``: record_answer and the page drawn again; target p95 <= 300 ms), the
dashboard's refreshes (each fragment run the teacher's session got; target p95 <= 1 s), the
answers stored per second (rows of ``class_answers`` / the time from the first Check to the
last), the server's peak memory (VmHWM), and the errors: an exception on a page, a Check
refused or not shown as checked, a join refused, a protocol error, a traceback in the
server's log. "No lost answer": every Check a pupil sent is in ``class_answers`` with the
outcome the pupil's answer has (``academy.quiz.check_answer``), in the store's
``dashboard()``, and on the teacher's last dashboard (its Answers count and its grid).

The app runs on a free localhost port (bench/wsclient.py ``streamlit_server``) with a
throw-away SQLite folder (``PIQUET_DATA_DIR``), or on ``--database-url`` (PostgreSQL: a
database of its own is best; the figures count this class's rows only), or on a throw-away
PostgreSQL cluster it starts itself (``--postgres``: scripts/postgres.sh). Each pupil is a
new learner (a new session without cookies). Pupil ``i`` answers question ``p`` right unless
``(i + p) % 3 == 0`` — deterministic; the think times are seeded.

Exit status 1 when an answer is lost (or stored wrong) or an error occurred; targets missed
are printed, not failures. The machine's load average is printed beside the figures, and the
server's CPU time a run (from /proc), which a shared machine changes less than the wall-clock
times. Streamlit's ``runner.postScriptGC`` (default true: a full ``gc.collect(2)`` after
every script run, holding the GIL) was most of a run's CPU time here: a run of this class
took about 105 ms of server CPU time with it and 20 ms without it (2026-12-01, the same peak
memory); compare ``--server-option=--runner.postScriptGC=false``.

The client lowers its own priority once the server runs (``--client-nice``, default 10): its
30 browsers would be on 30 other machines. The pupil's round is an ``st.fragment``, so the
pupils' changes, taps, Checks and Nexts rerun the round alone, not the page's frame.

Figures of 2026-12-01 (19:48-19:50 UTC, the shared 2-core machine at load average 3.9-4.7,
SQLite, 30 pupils x 10 questions, two runs): a Check p50 30-33 ms, p95 95-147 ms (target 300
ms: met); the dashboard's refresh p50 100-156 ms, p95 439-597 ms (target 1 s: met); 9.1
answers stored a second; 13.9 ms of server CPU a run; peak memory 186 MB; 300 sent, 300
stored, 0 errors. With the client at the server's own priority (``--client-nice 0``), the
same minute: a Check p95 997 ms, the refresh's 1.5 s (both missed): on two cores the 30
simulated browsers take the server's turns.

The client runs no JavaScript: the components' own messages (the browser store reporting
the learner id on a first load) are not sent; a card tap is sent as the card hand's script
sends it (``setTriggerValue("tap", {card, selected, seq})``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wsclient import Run, Session, percentile, streamlit_server

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402
from streamlit.proto.Alert_pb2 import Alert  # noqa: E402

from academy.quiz import (  # noqa: E402
    LEVELS,
    ROUND_LENGTHS,
    Question,
    check_answer,
    generate_question,
    wrong_answer,
)
from store import make_engine  # noqa: E402
from store.classes import ClassStore  # noqa: E402
from store.schema import class_answers  # noqa: E402
from ui.settings import PRESET_NAMES  # noqa: E402

CHECK_P95_MS = 300.0
REFRESH_P95_MS = 1000.0
RULES = "britannica"
SYMBOL = {"right": "✓", "wrong": "✗", "skipped": "–"}
TIMEOUT_S = 300.0  # a loaded server is slow, not broken


# ----------------------------------------------------------------------------- the answers


def right_answer(pupil: int, position: int) -> bool:
    """Whether pupil ``pupil`` (0-based) answers question ``position`` right."""
    return (pupil + position) % 3 != 0


def answer_of(q: Question, right: bool) -> tuple[dict[str, Any], str, str]:
    """The values a pupil gives (field key -> value), the outcome the page must store and
    the feedback's headline the pupil must see."""
    values = dict(q.correct) if right else wrong_answer(q)
    as_given = {k: sorted(v) if isinstance(v, frozenset) else v for k, v in values.items()}
    fb = check_answer(q, as_given)
    if not fb.answered or fb.partial or fb.correct != right:
        raise AssertionError(f"question {q.kind}: the {'right' if right else 'wrong'} "
                             f"answer {as_given} checks as {fb.headline!r}")
    return values, "right" if right else "wrong", fb.headline


# ----------------------------------------------------------------------------- what happened


@dataclass
class Figures:
    checks: list[Run] = field(default_factory=list)  # the Check clicks
    other: list[Run] = field(default_factory=list)  # widget changes, taps, Next
    joins: list[Run] = field(default_factory=list)
    loads: list[Run] = field(default_factory=list)  # the pupils' first loads
    refreshes: list[Run] = field(default_factory=list)  # the dashboard's fragment runs
    late_ticks: int = 0  # refreshes due while the previous one still ran
    lost: int = 0  # answers sent and not stored (or stored with another outcome)
    warnings: list[str] = field(default_factory=list)  # the server log's (not errors)
    sent: dict[tuple[str, int], str] = field(default_factory=dict)  # (name, pos) -> outcome
    errors: list[str] = field(default_factory=list)
    first_check: float | None = None
    last_check: float | None = None
    round_s: float = 0.0
    cpu_s: float | None = None
    client_cpu_s: float | None = None
    sessions: list[Session] = field(default_factory=list)  # the pupils' (their cookies)

    def error(self, what: str) -> None:
        self.errors.append(what)

    def runs(self, who: str, run: Run) -> Run:
        for e in run.exceptions:
            self.error(f"{who}: an exception on the page: {e[:300]}")
        if run.page_not_found:
            self.error(f"{who}: page not found")
        return run


def _alerts(s: Session, fmt: int) -> list[str]:
    return [el.alert.body for _, el in s.elements()
            if el.WhichOneof("type") == "alert" and el.alert.format == fmt]


def _codes(s: Session) -> list[str]:
    return [el.code.code_text for _, el in s.elements() if el.WhichOneof("type") == "code"]


def _metric(s: Session, label: str) -> str | None:
    for _, el in s.elements():
        if el.WhichOneof("type") == "metric" and el.metric.label == label:
            return str(el.metric.body)
    return None


def _tables(s: Session) -> list[Any]:
    """The page's dataframes (pandas, from their Arrow bytes)."""
    import pyarrow as pa  # type: ignore[import-untyped]

    out = []
    for _, el in s.elements():
        kind = el.WhichOneof("type")
        if kind in ("dataframe", "table"):
            data = getattr(el, kind).arrow_data.data
            if data:
                out.append(pa.ipc.open_stream(data).read_all().to_pandas())
    return out


def _need(s: Session, key: str, what: str) -> str:
    """The id of the widget ``key``; when the page has none, an error saying what the page
    said instead."""
    found = s.widgets(key=key)
    if found:
        return found[0].id
    said = [a for fmt in (Alert.ERROR, Alert.WARNING, Alert.INFO) for a in _alerts(s, fmt)]
    raise LookupError(f"{what}: no {key!r} on the page; it says {said[:3] or s.texts()[:6]}")


def _answer_widget(s: Session, position: int, key: str, prefix: str = "class_a_") -> Any:
    """The widget of field ``key`` at ``position`` (``class_a_<pupil>_<pos>_<field>``, the
    card hand's component ``..._hand``; the Quiz page's prefix is ``quiz_a_``)."""
    for w in s.widgets():
        k = w.key or ""
        if k.startswith(prefix) and (k.endswith(f"_{position}_{key}")
                                     or k.endswith(f"_{position}_{key}_hand")):
            return w
    raise LookupError(f"no answer widget for {key!r} at question {position + 1}")


# ----------------------------------------------------------------------------- the sessions


async def _think(rng: random.Random, mean: float) -> None:
    if mean > 0:
        await asyncio.sleep(rng.uniform(0, 2 * mean))


async def start_class(url: str, fig: Figures, *, name: str, level: str, length: int,
                      seed: str) -> tuple[Session, str, str]:
    """The teacher opens /class and starts a class with the page's own form: the open
    session (its dashboard live), the pupils' link's query and the teacher's key."""
    t = Session(url, path="/class", timeout=TIMEOUT_S)
    await t.open()
    assert t.first is not None
    fig.runs("teacher", t.first)
    await t.set(t.find(key="class_f_name"), name)
    await t.set(t.find(key="class_f_level"), LEVELS.index(level))
    await t.set(t.find(key="class_f_rules"), PRESET_NAMES.index(RULES))
    await t.set(t.find(key="class_f_length"), ROUND_LENGTHS.index(length))
    await t.set(t.find(key="class_f_seed"), seed)
    fig.runs("teacher: Start", await t.click(t.find(key="class_start_go")))
    links = _codes(t)
    join = next((c for c in links if "join=" in c), None)
    key = next((c for c in links if "teacher=" in c), None)
    if join is None or key is None:
        raise RuntimeError(f"the class did not start: {t.texts()[:8]}")
    found = re.search(r"teacher=([^&\s]+)", key)
    assert found is not None
    fig.runs("teacher: bookmarked", await t.click(t.find(key="class_bookmarked")))
    if not t.auto_reruns:
        raise RuntimeError("the dashboard sent no auto_rerun: is it a run_every fragment?")
    return t, join.split("?", 1)[1], found.group(1)


async def dashboard(t: Session, fig: Figures, stop: asyncio.Event) -> None:
    """The browser's timer: the dashboard fragment's rerun every ``interval`` seconds
    (``is_auto_rerun``), each one timed, until ``stop``; then one more (the final state)."""
    fid, interval = next(iter(t.auto_reruns.items()))
    due = time.perf_counter() + interval
    while True:
        try:
            await asyncio.wait_for(stop.wait(), max(0.0, due - time.perf_counter()))
            break
        except TimeoutError:
            pass
        run = fig.runs("teacher: dashboard", await t.rerun(fid, auto=True))
        if not run.fragment or run.status != "fragment-finished":
            fig.error(f"teacher: a dashboard refresh ended {run.status!r}")
        fig.refreshes.append(run)
        due += interval
        if due < time.perf_counter():
            fig.late_ticks += 1
            due = time.perf_counter()
        if fid not in t.auto_reruns:
            fig.error("teacher: the dashboard stopped refreshing")
            return
    fig.refreshes.append(fig.runs("teacher: last dashboard", await t.rerun(fid, auto=True)))


async def _set_field(s: Session, fig: Figures, who: str, position: int, f: Any,
                     value: Any, rng: random.Random, think: float,
                     prefix: str = "class_a_") -> None:
    """Give one field its value as a browser does (one rerun per change or tap)."""
    w = _answer_widget(s, position, f.key, prefix)
    if f.widget == "cards":
        chosen: list[str] = []
        for seq, card in enumerate(sorted(value), start=1):
            chosen.append(card)
            await _think(rng, think / 4)
            fig.other.append(fig.runs(who, await s.trigger(
                w.id, "tap", {"card": card, "selected": list(chosen), "seq": seq})))
        return
    if f.widget == "choice":
        given: Any = f.options.index(value)
    elif f.widget == "multi":
        given = [f.options.index(o) for o in sorted(value)]
        if not given:
            return  # nothing chosen is the widget's own state
    else:
        given = int(value)
    await _think(rng, think / 2)
    run = await s.set(w.id, given)
    assert run is not None
    fig.other.append(fig.runs(who, run))


async def pupil(url: str, query: str, i: int, questions: Sequence[Question], fig: Figures,
                think: float, seed: str, all_joined: asyncio.Barrier) -> None:
    rng = random.Random(f"{seed}:{i}")
    name = f"Pupil {i + 1:02d}"
    who = name
    try:
        async with Session(url, path="/class", query=query, timeout=TIMEOUT_S) as s:
            assert s.first is not None
            fig.sessions.append(s)
            fig.loads.append(fig.runs(who, s.first))
            await _think(rng, think)
            await s.set(_need(s, "class_name_typed", "the join form"), name)  # no rerun
            run = fig.runs(f"{who}: Join", await s.click(s.find(key="class_join_as")))
            fig.joins.append(run)
            _need(s, "class_check", "Join refused")
            await all_joined.wait()
            for pos, q in enumerate(questions):
                values, outcome, headline = answer_of(q, right_answer(i, pos))
                await _think(rng, think)
                for f in q.fields:
                    await _set_field(s, fig, who, pos, f, values[f.key], rng, think)
                await _think(rng, think / 2)
                check = _need(s, "class_check", f"question {pos + 1}")
                fig.sent[(name, pos)] = outcome
                now = time.perf_counter()
                fig.first_check = now if fig.first_check is None else min(fig.first_check, now)
                run = fig.runs(f"{who}: Check", await s.click(check))
                fig.checks.append(run)
                fig.last_check = time.perf_counter()
                shown = _alerts(s, Alert.SUCCESS if outcome == "right" else Alert.ERROR)
                if headline not in shown or not s.widgets(key="class_next"):
                    said = [a for fmt in (Alert.ERROR, Alert.WARNING, Alert.INFO)
                            for a in _alerts(s, fmt)]
                    fig.error(f"{who}: the Check of question {pos + 1} was refused or not "
                              f"shown as checked ({outcome}: {headline!r}): {said[:3]}")
                    return
                await _think(rng, think / 2)
                fig.other.append(fig.runs(f"{who}: Next", await s.click(
                    s.find(key="class_next"))))
            if not any("Your results" in t for t in s.texts()):
                fig.error(f"{who}: no end screen after the last question")
    except Exception as exc:  # a protocol error, a timeout, a widget not on the page
        fig.error(f"{who}: {type(exc).__name__}: {exc}")
        if not all_joined.broken:
            await all_joined.abort()


async def run_class(url: str, args: argparse.Namespace, server: Any,
                    fig: Figures | None = None) -> tuple[Figures, str, Session]:
    fig = Figures() if fig is None else fig  # a caller's, to read while the class runs
    questions = [generate_question(args.seed, i, args.level, RULES)
                 for i in range(args.questions)]
    t, query, key = await start_class(url, fig, name="Bench class", level=args.level,
                                      length=args.questions, seed=args.seed)
    stop = asyncio.Event()
    board = asyncio.create_task(dashboard(t, fig, stop))
    all_joined = asyncio.Barrier(args.pupils)
    cpu0 = server.cpu_s() if server is not None else None
    t0 = time.perf_counter()
    await asyncio.gather(*(pupil(url, query, i, questions, fig, args.think, args.seed,
                                 all_joined) for i in range(args.pupils)))
    fig.round_s = time.perf_counter() - t0
    if server is not None and cpu0 is not None:
        fig.cpu_s = server.cpu_s() - cpu0
    stop.set()
    try:
        await board
    except Exception as exc:
        fig.error(f"teacher: {type(exc).__name__}: {exc}")
    return fig, key, t


# ----------------------------------------------------------------------------- lost answers


def check_store(url: str, key: str, fig: Figures) -> int:
    """The rows of ``class_answers`` of the class, and each answer sent found there with its
    outcome (the store's dashboard); the lost, wrong or extra ones are errors."""
    engine = make_engine(url)
    try:
        store = ClassStore(engine)
        access = store.teacher(key, client="bench")
        board = store.dashboard(access)
        with engine.connect() as conn:
            rows = int(conn.execute(select(func.count()).select_from(class_answers).where(
                class_answers.c.class_id == access.class_id)).scalar_one())
    except Exception as exc:  # the class gone, the database away: nothing can be checked
        fig.lost = len(fig.sent)
        fig.error(f"the class cannot be read back: {type(exc).__name__}: {exc}")
        return 0
    finally:
        engine.dispose()
    numbers = {p.name: p.number for p in board.pupils}
    for (name, pos), outcome in sorted(fig.sent.items()):
        got = board.cell(numbers[name], pos) if name in numbers else None
        if got != outcome:
            fig.lost += 1
            fig.error(f"lost: {name}'s answer to question {pos + 1} is not stored"
                      if got is None else
                      f"{name}'s answer to question {pos + 1} stored {got}, sent {outcome}")
    if rows != len(fig.sent):
        fig.error(f"class_answers holds {rows} rows of the class; {len(fig.sent)} sent")
    if len(board.answers) != len(fig.sent):
        fig.error(f"the store's dashboard() has {len(board.answers)} answers; "
                  f"{len(fig.sent)} sent")
    return rows


def check_page(t: Session, fig: Figures, pupils: int, questions: int) -> str:
    """The teacher's last dashboard: its Answers count and its grid against what was sent."""
    answers = _metric(t, "Answers")
    if answers != str(len(fig.sent)):
        fig.error(f"the dashboard's last refresh says {answers} answers; {len(fig.sent)} sent")
    grid = next((df for df in _tables(t) if "Pupil" in df.columns and "Q1" in df.columns),
                None)
    if grid is None:
        fig.error("the dashboard's last refresh has no grid")
        return "no grid"
    if len(grid) != pupils:
        fig.error(f"the dashboard's grid has {len(grid)} pupils; {pupils} joined")
    seen = {}
    for _, row in grid.iterrows():
        for pos in range(questions):
            cell = str(row.get(f"Q{pos + 1}", "") or "")
            if cell:
                seen[(str(row["Pupil"]), pos)] = cell
    want = {k: SYMBOL[v] for k, v in fig.sent.items()}
    if seen != want:
        missing = sorted(set(want) - set(seen))[:5]
        differ = sorted(k for k in want if k in seen and seen[k] != want[k])[:5]
        extra = sorted(set(seen) - set(want))[:5]
        fig.error(f"the dashboard's grid differs from what was sent: missing {missing}, "
                  f"different {differ}, extra {extra}")
    return f"{len(grid)} pupils x {questions} questions, {len(seen)} cells"


# ----------------------------------------------------------------------------- the database


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throw-away PostgreSQL cluster (scripts/postgres.sh): its URL."""
    folder = Path(tempfile.mkdtemp(prefix="piquet-bench-pg-"))
    script = ROOT / "scripts" / "postgres.sh"
    done = subprocess.run(["bash", str(script), "start", str(folder)], capture_output=True,
                          text=True, timeout=180, check=False)
    if done.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise SystemExit(f"scripts/postgres.sh start failed: {done.stderr.strip()}")
    try:
        yield done.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["bash", str(script), "stop", str(folder)], capture_output=True,
                       timeout=180, check=False)


def _kind(url: str) -> str:
    return "PostgreSQL" if url.startswith("postgresql") else "SQLite"


# ----------------------------------------------------------------------------- the report


def _ms(runs: Sequence[Run]) -> list[float]:
    return [r.ms for r in runs]


def _line(what: str, runs: Sequence[Run], target: float | None = None) -> str:
    ms = _ms(runs)
    if not ms:
        return f"  {what:<34} {'-':>8}"
    p95 = percentile(ms, 95)
    verdict = "" if target is None else (
        f"  target p95 <= {target:.0f} ms: {'met' if p95 <= target else 'MISSED'}")
    return (f"  {what:<34} {len(ms):6d} {percentile(ms, 50):9.1f} {p95:9.1f} {max(ms):9.1f}"
            f"{verdict}")


def report(fig: Figures, args: argparse.Namespace, db: str, rows: int, page: str,
           peak_kb: int | None, load: tuple[float, float, float]) -> None:
    print(f"--- a class on the Class page ({db}): {args.pupils} pupils x {args.questions} "
          f"questions (level {args.level}, seed {args.seed!r}), think time "
          f"0-{2 * args.think:.1f} s a step"
          + (f"; server {' '.join(args.server_option)}" if args.server_option else ""))
    print(f"  {'':<34} {'runs':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    print(_line("a pupil's Check (round trip)", fig.checks, CHECK_P95_MS))
    print(_line("the dashboard's refresh (fragment)", fig.refreshes, REFRESH_P95_MS))
    print(_line("answer widgets, taps, Next", fig.other))
    print(_line("Join", fig.joins))
    print(_line("a pupil's first load", fig.loads))
    if fig.refreshes:
        print(f"  dashboard: {statistics.mean(r.elements for r in fig.refreshes):.0f} "
              f"elements, {statistics.mean(r.bytes for r in fig.refreshes) / 1024:.1f} kB a "
              f"refresh; {fig.late_ticks} refreshes due while the last still ran")
    answering = (fig.last_check - fig.first_check
                 if fig.first_check is not None and fig.last_check is not None else 0.0)
    rate = rows / answering if answering > 0 else float("nan")
    print(f"  answers stored: {rows} rows in class_answers in {answering:.1f} s (first Check "
          f"to last): {rate:.1f} writes/s; the whole round {fig.round_s:.1f} s")
    if fig.cpu_s is not None:
        reruns = len(fig.checks) + len(fig.other) + len(fig.joins) + len(fig.loads) + len(
            fig.refreshes)
        print(f"  server CPU time {fig.cpu_s:.1f} s for {reruns} runs "
              f"({fig.cpu_s / max(reruns, 1) * 1000:.1f} ms a run)")
    if fig.client_cpu_s is not None:
        print(f"  the client's CPU time {fig.client_cpu_s:.1f} s (niceness "
              f"{args.client_nice}: the server first)")
    print(f"  server peak memory (VmHWM): "
          f"{'-' if peak_kb is None else f'{peak_kb / 1024:.0f} MB'}")
    print(f"  the teacher's last dashboard: {page}")
    print(f"  no lost answer: {'yes' if not fig.lost else f'NO, {fig.lost} lost'} "
          f"({len(fig.sent)} sent, {rows} stored)")
    print(f"  errors: {len(fig.errors)}; warnings in the server's log: {len(fig.warnings)}")
    for w in fig.warnings[:3]:
        print(f"    (warning) {w}")
    for e in fig.errors[:20]:
        print(f"    - {e}")
    print(f"--- load average {' '.join(f'{x:.1f}' for x in load)} ({os.cpu_count()} cores)")


def _log_errors(log: str, fig: Figures) -> None:
    for line in log.splitlines():
        if "Traceback" in line or " ERROR " in line:
            fig.error(f"server log: {line.strip()[:200]}")
        elif " WARNING " in line:
            fig.warnings.append(line.strip()[:200])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--pupils", type=int, default=30)
    ap.add_argument("--questions", type=int, default=10, choices=ROUND_LENGTHS)
    ap.add_argument("--think", type=float, default=1.0,
                    help="a pupil's mean think time before each step, seconds (uniform "
                         "0..2x; a widget change half, a card tap a quarter)")
    ap.add_argument("--level", default="beginner", choices=LEVELS)
    ap.add_argument("--seed", default="bench", help="the class's quiz seed")
    ap.add_argument("--app", default="app.py", help="the script the server runs")
    ap.add_argument("--server-option", action="append", default=[], metavar="--OPT=VALUE",
                    help="passed to `streamlit run`, e.g. --server-option=--runner.postScriptGC"
                         "=false")
    ap.add_argument("--client-nice", type=int, default=10, metavar="N",
                    help="the client's niceness once the server runs (default 10; 0 to "
                         "compete with the server on equal terms): its 30 browsers would "
                         "be on 30 other machines")
    db = ap.add_mutually_exclusive_group()
    db.add_argument("--database-url", help="the app's database (default: a throw-away "
                                           "SQLite folder)")
    db.add_argument("--postgres", action="store_true",
                    help="a throw-away PostgreSQL cluster (scripts/postgres.sh)")
    args = ap.parse_args(argv)

    with (tempfile.TemporaryDirectory(prefix="piquet-bench-class-") as data,
          postgres_cluster() if args.postgres else _given(args.database_url) as given):
        url = given or f"sqlite:///{Path(data) / 'progress.db'}"
        env = {"PIQUET_DATA_DIR": data, "PIQUET_DATABASE_URL": given or "",
               "PIQUET_CLASS_MAX_PUPILS": str(max(60, args.pupils))}
        with streamlit_server(args.app, cwd=ROOT, env=env,
                              options=args.server_option) as server:
            if args.client_nice:
                os.nice(args.client_nice)  # the server, started before, keeps its priority
            client_cpu = time.process_time()
            fig, key, teacher = asyncio.run(_run(server, args))
            fig.client_cpu_s = time.process_time() - client_cpu
            peak = server.peak_kb()
            load = os.getloadavg()
            _log_errors(server.log_tail(10_000), fig)
        rows = check_store(url, key, fig)
        page = check_page(teacher, fig, args.pupils, args.questions)
    report(fig, args, _kind(url), rows, page, peak, load)
    return 1 if fig.errors else 0


async def _run(server: Any, args: argparse.Namespace) -> tuple[Figures, str, Session]:
    fig, key, teacher = await run_class(server.url, args, server)
    await teacher.close()  # its last dashboard stays readable
    return fig, key, teacher


@contextmanager
def _given(url: str | None) -> Iterator[str | None]:
    yield url


if __name__ == "__main__":
    sys.exit(main())

"""The class rate limit on a real server (issue 34, items 2 and 4): a class arriving together
through one address while the review's attacker guesses codes from the same address, and a
script adding invented pupils.

    python bench/bench_ratelimit.py [--pupils 60] [--typos 12] [--attack-s 40]

It starts ``streamlit run app.py`` (bench/wsclient.py) on a fresh SQLite file with a class
in it, and drives it through Streamlit's own websocket protocol, no browser:

- **the class**: ``--pupils`` browsers (each its own learner cookie, as a browser keeps it)
  open ``/class?join=CODE``; ``--typos`` of them first open a mistyped code. Then all press
  Join at the same moment: the figure is the time from that moment until the last is a
  pupil (read from the database).
- **the attacker** (from the start, alongside the class): a script with no browser storage
  (no cookie: every session a new browser) opening ``/class?join=GUESS`` with a new guess
  each time, as fast as the server answers. Its guesses answered "no class has this code"
  (the ones the store counted) per minute are the figure; the rest were answered "wait".
- **the join flood**: a script (new browser each time) joining a second class as fast as it
  can for ``--flood-s`` seconds: how many invented pupils it got in.

Everything comes through the loopback address, which Streamlit gives no address for: the
store counts it as one network ("unknown"), as one school's address.

The outcomes are read from the database (rows and their times), never from the page's text.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import ModuleType

from sqlalchemy import func, select

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store import (  # noqa: E402
    ClassStore,
    ClassWork,
    QuizWork,
    make_engine,
    migrate,
    new_learner_id,
    schema as t,
)
from store.class_values import CODE_ALPHABET, keyed_subject  # noqa: E402

COOKIE = "pq_learner"  # ui.components.browser_store.COOKIE (bench/ imports no ui)
SECRET = "bench-ratelimit-cookie-secret-0123456789"
WORK = ClassWork(QuizWork(level="beginner", rules="classic", length=10, seed="bench"), ())


def _wsclient() -> ModuleType:
    """bench/wsclient.py (bench/ is no package: imported from its folder)."""
    if str(ROOT / "bench") not in sys.path:
        sys.path.insert(0, str(ROOT / "bench"))
    return importlib.import_module("wsclient")


def rate_key(secret: str = SECRET) -> bytes:
    """The server's key of the limit's hashes (ui.classroom.store.rate_key, same sum)."""
    import hashlib
    import hmac
    return hmac.new(secret.encode(), b"piquet-academy/class-rate-limit-key/v1",
                    hashlib.sha256).digest()


@dataclass
class Figures:
    pupils: int = 0
    joined: int = 0
    join_s: float = float("nan")  # from the Join click to the last pupil in
    page_errors: list[str] = field(default_factory=list)
    attack_s: float = 0.0
    attack_tries: int = 0
    attack_counted: list[float] = field(default_factory=list)  # s since it began, sorted
    flood_s: float = 0.0
    flood_tries: int = 0
    flood_joined: int = 0
    flood_misses: list[list[str]] = field(default_factory=list)  # pages with no name box

    def counted_in_last(self, seconds: float) -> int:
        """The attacker's guesses answered "no such class" in its last ``seconds``."""
        return sum(1 for s in self.attack_counted if s > self.attack_s - seconds)

    def lines(self) -> list[str]:
        first = self.attack_counted[0] if self.attack_counted else 0.0
        return [
            f"class: {self.joined}/{self.pupils} pupils joined, the last "
            f"{self.join_s:.1f} s after they pressed Join together",
            f"attacker: {self.attack_tries} guesses in {self.attack_s:.0f} s "
            f"({60 * self.attack_tries / max(self.attack_s, 1e-9):.0f}/min tried); "
            f"answered 'no such class' {len(self.attack_counted)} times (the first at "
            f"{first:.1f} s), the rest 'wait'; in its last 20 s: {self.counted_in_last(20)} "
            f"({3 * self.counted_in_last(20)}/min)",
            f"join flood: {self.flood_joined} invented pupils of {self.flood_tries} tries "
            f"in {self.flood_s:.0f} s ({self.flood_joined / max(self.flood_s, 1e-9):.1f}/s)",
        ]


def _guess(i: int) -> str:
    """A code no class has (the attacker's i-th guess): 'Q' then i in the code's alphabet."""
    digits = []
    for _ in range(5):
        i, r = divmod(i, len(CODE_ALPHABET))
        digits.append(CODE_ALPHABET[r])
    return "Q" + "".join(reversed(digits))


async def _pupil(ws: ModuleType, url: str, code: str, typo: str | None, name: str,
                 go: asyncio.Event, loads: asyncio.Semaphore, ready: list[int],
                 errors: list[str]) -> None:
    cookies = {COOKIE: new_learner_id()}
    async with loads:
        if typo is not None:
            async with ws.Session(url, "/class", f"join={typo}", cookies=cookies) as s:
                errors.extend(s.first.exceptions if s.first else ["no run"])
        s = ws.Session(url, "/class", f"join={code}", cookies=cookies)
        await s.open()
    try:
        errors.extend(s.first.exceptions if s.first else ["no run"])
        await s.set(s.find(kind="text_input", key="class_name_typed"), name)
        ready.append(1)
        await go.wait()
        run = await s.click(s.find(kind="button", key="class_join_as"))
        errors.extend(run.exceptions)
        if s.widgets(key="class_join_as"):  # still the name box: say why
            errors.append(f"{name}: not joined: {[x for x in s.texts() if len(x) < 200]}")
    finally:
        await s.close()


async def _attacker(ws: ModuleType, url: str, stop: asyncio.Event, tried: list[str],
                    workers: int = 4) -> None:
    """The review's attacker: ``workers`` loops, each opening a new session (no cookie:
    a new browser every time) on a new guess, as fast as the server answers."""
    async def worker() -> None:
        while not stop.is_set():
            guess = _guess(len(tried))
            tried.append(guess)
            async with ws.Session(url, "/class", f"join={guess}"):
                pass

    await asyncio.gather(*(worker() for _ in range(workers)))


async def _flood(ws: ModuleType, url: str, code: str, seconds: float,
                 misses: list[list[str]], workers: int = 16) -> int:
    """A script joining invented pupils (a new browser each, ``workers`` at once) for
    ``seconds``: its tries."""
    end, tries = time.monotonic() + seconds, [0]

    async def worker(n: int) -> None:
        while time.monotonic() < end:
            tries[0] += 1
            async with ws.Session(url, "/class", f"join={code}") as s:
                if not s.widgets(kind="text_input", key="class_name_typed"):
                    misses.append([x for x in s.texts() if len(x) < 200][:4])
                    continue  # the page said something else (read from the database)
                await s.set(s.find(kind="text_input", key="class_name_typed"),
                            f"Fake {n}-{tries[0]}")
                await s.click(s.find(kind="button", key="class_join_as"))

    await asyncio.gather(*(worker(n) for n in range(workers)))
    return tries[0]


async def run_async(url: str, db: str, code: str, flood_code: str, *, pupils: int,
                    typos: int, attack_s: float, flood_s: float) -> Figures:
    ws = _wsclient()
    figures = Figures(pupils=pupils)
    engine = make_engine(db)
    stop, go = asyncio.Event(), asyncio.Event()
    tried: list[str] = []
    started, began = time.monotonic(), datetime.now().astimezone()
    attack = asyncio.create_task(_attacker(ws, url, stop, tried))
    loads, ready = asyncio.Semaphore(8), []
    # each typo a code of its own, never a class's
    slips = {i: code[:-1] + CODE_ALPHABET[(CODE_ALPHABET.index(code[-1]) + 1 + i)
                                          % len(CODE_ALPHABET)]
             for i in range(0, pupils, max(1, pupils // typos) if typos else pupils + 1)}
    slips = {i: s for i, s in list(slips.items())[:typos] if s != code}
    tasks = [asyncio.create_task(_pupil(ws, url, code, slips.get(i), f"Pupil {i}", go,
                                        loads, ready, figures.page_errors))
             for i in range(pupils)]
    while len(ready) < pupils and not any(task.done() for task in tasks):
        await asyncio.sleep(0.05)
    pressed = datetime.now().astimezone()
    go.set()
    await asyncio.gather(*tasks)
    with engine.connect() as conn:
        rows = conn.execute(select(t.class_pupils.c.joined_at).join(
            t.classes, t.classes.c.id == t.class_pupils.c.class_id
        ).where(t.classes.c.code == code)).scalars().all()
    figures.joined = len(rows)
    if rows:
        figures.join_s = max((at - pressed).total_seconds() for at in rows)
    rest = attack_s - (time.monotonic() - started)
    if rest > 0:
        await asyncio.sleep(rest)
    stop.set()
    await attack
    figures.attack_s = time.monotonic() - started
    figures.attack_tries = len(tried)
    key = rate_key()
    subjects = {keyed_subject(key, "code", g): g for g in tried}
    with engine.connect() as conn:
        counted = conn.execute(select(t.class_attempts.c.at).where(
            t.class_attempts.c.scope == "code",
            t.class_attempts.c.subject.in_(list(subjects)))).scalars().all()
    figures.attack_counted = sorted((at - began).total_seconds() for at in counted)
    if flood_s > 0:
        flood_start = time.monotonic()
        figures.flood_tries = await _flood(ws, url, flood_code, flood_s, figures.flood_misses)
        figures.flood_s = time.monotonic() - flood_start
        with engine.connect() as conn:
            figures.flood_joined = int(conn.scalar(
                select(func.count()).select_from(t.class_pupils).join(
                    t.classes, t.classes.c.id == t.class_pupils.c.class_id)
                .where(t.classes.c.code == flood_code)) or 0)
    engine.dispose()
    return figures


def run(*, pupils: int = 60, typos: int = 12, attack_s: float = 40.0, flood_s: float = 10.0,
        workdir: Path | None = None) -> Figures:
    """Start the server on a fresh database with two classes, run the scenario, return the
    figures."""
    ws = _wsclient()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        db = f"sqlite:///{Path(tmp) / 'progress.db'}"
        engine = make_engine(db)
        migrate(engine)
        store = ClassStore(engine, key=rate_key())
        code = store.create("Year 9", WORK).code
        flood_code = store.create("Year 10", WORK, max_pupils=1000).code
        engine.dispose()
        env = {"PIQUET_DATABASE_URL": db, "PYTHONUNBUFFERED": "1",
               "STREAMLIT_SERVER_COOKIE_SECRET": SECRET}
        with ws.streamlit_server("app.py", cwd=ROOT, env=env) as server:
            return asyncio.run(run_async(server.url, db, code, flood_code, pupils=pupils,
                                         typos=typos, attack_s=attack_s, flood_s=flood_s))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=60)
    parser.add_argument("--typos", type=int, default=12)
    parser.add_argument("--attack-s", type=float, default=40.0)
    parser.add_argument("--flood-s", type=float, default=10.0)
    args = parser.parse_args()
    figures = run(pupils=args.pupils, typos=args.typos, attack_s=args.attack_s,
                  flood_s=args.flood_s)
    for line in figures.lines():
        print(line)
    if figures.page_errors:
        print("page errors:", *figures.page_errors[:5], sep="\n  ")
    if figures.flood_misses:
        print(f"join flood: {len(figures.flood_misses)} pages without the name box, e.g.",
              figures.flood_misses[0])


if __name__ == "__main__":
    main()

"""A page's first paint in a real browser (Debian chromium, a fresh browser context each
time): for a new learner (no cookie) and for a returning one (the ``pq_learner`` cookie of a
learner with progress kept: settings and a partie in progress).

Two figures a load, from the navigation's start: the browser's first contentful paint
(``performance.getEntriesByType("paint")``) and the moment the page's own heading is drawn
(Home's ``h1``; Streamlit draws its skeleton first, so this is what a learner waits for).

    python bench/bench_first_paint.py [--n 9] [--page /] [--app-dir DIR]

``--app-dir`` measures another checkout (e.g. the tree before this issue, from
``git archive``) with this interpreter. The app runs on a free localhost port with its own
throw-away SQLite file (``PIQUET_DATA_DIR``); nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, TimeoutError as PlaywrightTimeout, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
COOKIE = "pq_learner"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(app_dir: Path) -> Iterator[str]:
    port = _port()
    data = tempfile.mkdtemp(prefix="piquet-bench-")
    env = {**os.environ, "PIQUET_DATA_DIR": data, "FORWARDED_ALLOW_IPS": ""}
    env.pop("PIQUET_DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless=true",
         f"--server.port={port}", "--server.address=127.0.0.1",
         "--browser.gatherUsageStats=false", "--server.fileWatcherType=none"],
        cwd=app_dir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        else:
            raise SystemExit("the app did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def load(browser: Browser, url: str, cookie: str | None) -> tuple[float, float]:
    """(first contentful paint, heading drawn) in ms for one load in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if cookie is not None:
        context.add_cookies([{"name": COOKIE, "value": cookie, "url": url}])
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("h1", timeout=60_000)
        heading = float(page.evaluate("() => performance.now()"))
        fcp = float(page.evaluate(
            "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
            " || 0"))
        return fcp, heading
    finally:
        context.close()


def returning_learner(browser: Browser, url: str) -> str | None:
    """A learner with progress (the four-colour deck on, a partie started); its id."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url + "/")
        try:
            page.wait_for_function("() => document.cookie.includes('pq_learner=')",
                                   timeout=15_000)
        except PlaywrightTimeout:
            return None  # an app before the progress store: no learner to return
        box = page.locator(".st-key-four_colour label").first
        if box.count():
            box.click()
            page.wait_for_timeout(1500)
        page.goto(url + "/play")
        button = page.locator(".st-key-play_new_partie button")
        button.wait_for(timeout=60_000)
        button.click()
        page.wait_for_timeout(1500)
        return next((c["value"] for c in context.cookies() if c["name"] == COOKIE), None)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=9)
    parser.add_argument("--page", default="/")
    parser.add_argument("--app-dir", type=Path, default=ROOT)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} missing: apt-get install -y chromium")
        return
    with server(args.app_dir.resolve()) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            load(browser, url + args.page, None)  # warm the server (imports, caches)
            cookie = returning_learner(browser, url)
            for who, c in (("new learner", None), ("returning learner", cookie)):
                if who == "returning learner" and c is None:
                    print("returning learner: no learner cookie on this app (before the "
                          "progress store); skipped")
                    continue
                runs = [load(browser, url + args.page, c) for _ in range(args.n)]
                fcp = statistics.median(r[0] for r in runs)
                heading = statistics.median(r[1] for r in runs)
                print(f"{who:18s} first contentful paint {fcp:6.0f} ms median · heading "
                      f"drawn {heading:6.0f} ms median (n={args.n}, {args.page})")
        finally:
            browser.close()


if __name__ == "__main__":
    main()

"""A card tap on Play with hints on against hints off, in a real browser (Debian chromium),
in the same run; and another session's clicks on the same server while the hints are found.

One browser session plays partie deals against the Beginner by tapping cards. Before each
tap of a card to play it sets the "Hints" toggle (on and off in turn) and waits until the
page is settled (and, hints on, the hint of the turn is shown: nothing is computed
behind the tap). A tap is timed from the click to the page settled again
(``[data-testid='stApp'][data-test-script-state='notRunning']``, the card gone from the
hand, and the learner's turn again or the deal over): the computer's reply included, and
before the fix the next turn's hint too. With hints on, the time until the next turn's hint
is on the screen is measured as well.

Meanwhile a second browser session (another process) clicks the sidebar's four-colour toggle
on the About page again and again, each click timed to its page settled; its clicks are
counted by the window they fall in: while the first session's tap ran with hints on, or
with hints off.

    python bench/bench_hints.py [--taps 40] [--app-dir DIR]

The app runs on a free localhost port with a throw-away SQLite file; nothing leaves this
machine. Prints p50/p95 of each series and the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_first_paint import ARGS, CHROMIUM, server
from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SETTLED = "[data-testid='stApp'][data-test-script-state='notRunning']"
PLAYABLE = ".st-key-play_trick_hand_hand button.pq-hand-card:not([aria-disabled='true'])"
DISCARDS = ".st-key-play_discards_hand button.pq-hand-card"


def _state(page: Page) -> dict[str, object]:
    """What the page shows now (the card hands are in a shadow root: Playwright's locators
    look inside it)."""
    found: dict[str, object] = page.evaluate(
        """([settled]) => ({
            idle: !!document.querySelector(settled)
                  && !document.querySelector("[data-testid='stSkeleton']"),
            over: !!document.querySelector('.st-key-play_next_deal button'),
            deal: !!document.querySelector('.st-key-play_deal button'),
            declare: !!document.querySelector('.st-key-play_declare button'),
            hint: [...document.querySelectorAll("[data-testid='stAlertContentInfo']")]
                  .some(e => e.innerText.includes('Hint:')),
        })""", [SETTLED])
    found["cards"] = page.locator(PLAYABLE).evaluate_all("els => els.map(e => e.dataset.code)")
    found["discards"] = page.locator(DISCARDS).count()
    return found


def _wait(page: Page, ok: object, timeout: float = 60.0) -> dict[str, object]:
    deadline = time.perf_counter() + timeout
    while True:
        s = _state(page)
        if ok(s):  # type: ignore[operator]
            return s
        if time.perf_counter() > deadline:
            raise SystemExit(f"the page did not settle: {s}")
        page.wait_for_timeout(5)


def _idle(page: Page) -> dict[str, object]:
    page.wait_for_timeout(60)
    return _wait(page, lambda s: s["idle"])


def _press(page: Page, selector: str, **kw: object) -> None:
    """Click the first ``selector`` (a button the page may be redrawing: tried again by the
    loop when it does not take)."""
    with contextlib.suppress(PlaywrightTimeout):
        page.locator(selector).first.click(timeout=5_000, **kw)  # type: ignore[arg-type]


def _hints(page: Page, on: bool) -> None:
    toggle = page.locator(".st-key-play_hints input[type='checkbox']")
    if toggle.is_checked() != on:
        page.locator(".st-key-play_hints label").first.click()
        _idle(page)
    if on:  # the turn's hint on the screen: nothing left to compute behind the tap
        _wait(page, lambda s: s["idle"] and s["hint"])
        page.wait_for_timeout(50)


def player(url: str, taps: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"on": [], "off": [], "hint_shown": [], "windows": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"{url}/play")
        _idle(page)
        page.get_by_role("radio", name="Beginner").click()
        _idle(page)
        page.locator(".st-key-play_new_partie button").first.click()
        _idle(page)
        if page.locator(".st-key-play_choose_deal button").count():
            page.locator(".st-key-play_choose_deal button").first.click()
            _idle(page)
        n = stuck = 0
        while n < taps:
            s = _idle(page)
            if s["deal"]:
                _press(page, ".st-key-play_deal button")
            elif s["over"]:
                _press(page, ".st-key-play_next_deal button")
            elif s["discards"]:
                pressed = page.locator(f"{DISCARDS}[aria-pressed='true']").count()
                if pressed < 3:
                    _press(page, f"{DISCARDS}[aria-pressed='false'] >> nth=-1",
                           position={"x": 10, "y": 20})
                else:
                    _press(page, ".st-key-play_exchange button")
            elif s["declare"]:
                _press(page, ".st-key-play_declare button")
            elif s["cards"]:
                on = n % 2 == 0
                _hints(page, on)
                s = _idle(page)
                cards = list(s["cards"])  # type: ignore[call-overload]
                if not cards:  # the page moved on meanwhile: look again
                    continue
                code = cards[0]
                start = time.time()
                t0 = time.perf_counter()
                page.locator(f"{PLAYABLE}[data-code='{code}']").click(
                    position={"x": 10, "y": 20})
                _wait(page, lambda s, c=code: s["idle"] and c not in s["cards"]  # type: ignore[operator]
                      and (s["cards"] or s["over"]))
                ms = (time.perf_counter() - t0) * 1000
                out["on" if on else "off"].append(ms)
                if on:
                    s = _state(page)
                    if s["cards"]:
                        _wait(page, lambda s: s["hint"], timeout=30)
                        out["hint_shown"].append((time.perf_counter() - t0) * 1000)
                out["windows"].append([start, time.time(), 1.0 if on else 0.0])
                n += 1
            else:
                stuck += 1
                if stuck % 100 == 0:
                    print("waiting:", s, flush=True)
                    page.screenshot(path="/tmp/bench_hints_stuck.png")
                page.wait_for_timeout(50)
                continue
            stuck = 0
        browser.close()
    return out


def clicker(url: str, stop: Path, log: Path) -> None:
    """The other session: the four-colour toggle on About, clicked and timed until ``stop``
    exists; each click as ``[start epoch, ms]`` a line of ``log``."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"{url}/about")
        _idle(page)
        toggle = page.locator(".st-key-four_colour label").first
        with log.open("w") as f:
            while not stop.exists():
                start = time.time()
                t0 = time.perf_counter()
                toggle.click()
                page.wait_for_timeout(15)
                _wait(page, lambda s: s["idle"])
                f.write(json.dumps([start, (time.perf_counter() - t0) * 1000]) + "\n")
                f.flush()
                page.wait_for_timeout(100)
        browser.close()


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def _line(name: str, values: list[float]) -> str:
    return (f"{name:<34} n={len(values):>3}  p50 {statistics.median(values) if values else 0:7.0f}"
            f" ms  p95 {_p(values, 0.95):7.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=40)
    ap.add_argument("--app-dir", type=Path, default=ROOT)
    ap.add_argument("--clicker", nargs=3, metavar=("URL", "STOP", "LOG"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.clicker:
        clicker(a.clicker[0], Path(a.clicker[1]), Path(a.clicker[2]))
        return
    tmp = Path(tempfile.mkdtemp(prefix="piquet-bench-hints-"))
    stop, log = tmp / "stop", tmp / "clicks.jsonl"
    with server(a.app_dir) as url:
        other = subprocess.Popen([sys.executable, __file__, "--clicker", url, str(stop),
                                  str(log)])
        try:
            got = player(url, a.taps)
        finally:
            stop.touch()
            other.wait(timeout=60)
    clicks = [json.loads(x) for x in log.read_text().splitlines() if x.strip()]
    during: dict[float, list[float]] = {1.0: [], 0.0: []}
    for start, ms in clicks:
        for w0, w1, on in got["windows"]:  # type: ignore[misc]
            if w0 <= start <= w1:
                during[on].append(ms)
                break
    print(f"app: {a.app_dir}")
    print(_line("tap, hints on", got["on"]))
    print(_line("tap, hints off", got["off"]))
    print(_line("tap to the next hint shown", got["hint_shown"]))
    print(_line("other session, during hints-on", during[1.0]))
    print(_line("other session, during hints-off", during[0.0]))
    print(_line("other session, any time", [ms for _s, ms in clicks]))
    if got["on"] and got["off"]:
        print(f"hints on / off, p95: {_p(got['on'], .95) / _p(got['off'], .95):.2f}; "
              f"p50: {statistics.median(got['on']) / statistics.median(got['off']):.2f}")
    if during[1.0] and during[0.0]:
        print(f"other session on / off, p95: {_p(during[1.0], .95) / _p(during[0.0], .95):.2f};"
              f" p50: {statistics.median(during[1.0]) / statistics.median(during[0.0]):.2f}")


if __name__ == "__main__":
    main()

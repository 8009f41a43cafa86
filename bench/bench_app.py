"""Server time of a rerun after a click, measured with Streamlit's AppTest (the script run
and its element tree; no browser). Target (issue 3): well under 100 ms.

    python bench/bench_app.py [--n 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from apptest import open_page as page  # noqa: E402  (the page tests' own opener)

ELDER = "AS,JS,9S,8S,AH,KH,QH,JH,8H,JC,9C,KD"
YOUNGER = "10S,QS,10H,KC,QC,10C,AC,AD,QD,JD,10D,7D"


def timed(at: AppTest, click: Callable[[AppTest, int], None], n: int) -> list[float]:
    out = []
    for i in range(n):
        click(at, i)
        t = time.perf_counter()
        at.run()
        out.append((time.perf_counter() - t) * 1000)
        assert not at.exception, at.exception
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    med = statistics.median(ms)
    print(f"{name:<44} median {med:6.1f} ms   max {ms[-1]:6.1f} ms   (n={len(ms)})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20)
    n = ap.parse_args().n
    at = page("lab", elder=ELDER, younger=YOUNGER)

    def toggle_blanche(at: AppTest, i: int) -> None:
        at.toggle(key="lab_blanche_younger").set_value(i % 2 == 0)

    report("Lab: toggle a carte blanche flag", timed(at, toggle_blanche, n))
    at.session_state["lab_sinking"] = True  # the sinking is drawn only while it is open
    at.run()

    quatorze = next(s for s in at.selectbox
                    if s.key and s.key.startswith("lab_sink_younger_") and s.key.endswith("_set0"))
    key, full = quatorze.key, quatorze.value

    def sink(at: AppTest, i: int) -> None:
        at.selectbox(key=key).set_value("" if i % 2 == 0 else full)

    report("Lab: sink / restore Younger's sets", timed(at, sink, n))

    def retype(at: AppTest, i: int) -> None:
        hand = ELDER.split(",")
        at.text_input(key="lab_elder_text").set_value(" ".join(hand[i % 2:] + hand[: i % 2]))

    report("Lab: type a hand", timed(at, retype, n))
    sheet = page("scoresheet", a="40,30,20,0,10,20", b="10,20,30,9,10,10")

    def edit(at: AppTest, i: int) -> None:
        at.text_input(key="sheet_b").set_value(f"10,20,30,9,10,{10 + i % 3}")

    report("Score sheet: edit a deal", timed(sheet, edit, n))
    quiz = page("quiz", seed="7", level="mix")

    def check_then_next(at: AppTest, i: int) -> None:
        # Check, then Next; at a round's end screen, another round
        shown = {b.key for b in at.button}
        wanted = "quiz_check" if i % 2 == 0 else "quiz_next"
        for key in (wanted, "quiz_next", "quiz_skip", "quiz_again", "quiz_new"):
            if key in shown:
                at.button(key=key).click()
                return

    report("Quiz: Check, then Next (question made)", timed(quiz, check_then_next, n))


if __name__ == "__main__":
    main()

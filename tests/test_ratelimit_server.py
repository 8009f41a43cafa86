"""Issue 34, items 2 and 4, on a real server (``streamlit run app.py``), driven through
Streamlit's websocket protocol by bench/bench_ratelimit.py: a class of 60 browsers arriving
through one address with typos, the review's attacker (a script with no browser storage)
guessing codes from the same address, and a script adding invented pupils. Outcomes are
read from the database."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ratelimit",
                                                  ROOT / "bench" / "bench_ratelimit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ratelimit"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_class_joins_while_an_attacker_is_slowed_and_a_join_flood_is_paced(
        tmp_path: Path) -> None:
    figures = _bench().run(pupils=60, typos=12, attack_s=25.0, flood_s=5.0, workdir=tmp_path)
    report = "\n".join(figures.lines())
    assert not figures.page_errors, figures.page_errors[:3]
    assert figures.joined == 60, report
    assert figures.join_s < 10.0, report
    # the attacker: 20 wrong answers free (the pupils' typos take some), then 2, 4, 8, 16 s
    # between two: a few more in the 25 s; the rest of its guesses were answered "wait"
    assert figures.attack_tries > 60, report  # it did try, as fast as the server answers
    assert len(figures.attack_counted) <= 20 + 5, report
    assert figures.counted_in_last(15.0) <= 2, report  # a few a minute at most
    # the join flood: 30 within 4.5 s, never the script's own pace
    assert figures.flood_joined <= 30 * (figures.flood_s // 4.5 + 1), report

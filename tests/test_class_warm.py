"""A teacher's dashboard imports its tables (pandas, pyarrow, the Styler) before the first
answer, in one background thread per process (ui/classroom/dashboard.warm_tables): the first
dashboard with answers no longer holds every session of its replica while it imports them
(issue 14; bench/bench_topology.py). Each check runs in a fresh interpreter, where nothing
has imported pandas yet."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_warm_tables_imports_them_once_in_the_background() -> None:
    out = _fresh(
        "import sys, threading\n"
        "from ui.classroom import dashboard\n"
        "assert 'pandas' not in sys.modules\n"
        "dashboard.warm_tables(); dashboard.warm_tables()\n"
        "warm = [t for t in threading.enumerate() if t.name == 'pq-warm-tables']\n"
        "assert len(warm) <= 1, warm\n"
        "for t in warm: t.join(60)\n"
        "print('pandas' in sys.modules, 'pyarrow' in sys.modules,\n"
        "      'pandas.io.formats.style' in sys.modules)\n")
    assert out == "True True True"


def test_the_teachers_dashboard_warms_the_tables_and_the_landing_page_does_not() -> None:
    code = (
        "import os, sys, tempfile, threading\n"
        "os.environ['PIQUET_DATA_DIR'] = tempfile.mkdtemp()\n"
        "sys.path.insert(0, 'tests')\n"
        "from test_page_class import open_class, start_class\n"
        "from ui.classroom import dashboard\n"
        "at = open_class()\n"
        "landing = dashboard._warm_started or 'pandas' in sys.modules\n"
        "start_class(at)\n"
        "assert not at.exception, at.exception\n"
        "for t in threading.enumerate():\n"
        "    if t.name == 'pq-warm-tables': t.join(60)\n"
        "print(landing, dashboard._warm_started and 'pandas' in sys.modules)\n")
    # the landing page (join box, start form; pupils see it too): nothing imported; the
    # dashboard of the class just started, no answer yet: the import under way
    assert _fresh(code) == "False True"

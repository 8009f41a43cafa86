"""The Class page's start form imports the dashboard's tables (pandas, pyarrow, the Styler)
ahead, in one background thread per process (ui/classroom/dashboard.warm_tables): the first
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


def test_the_start_form_warms_the_tables_and_a_pupils_link_does_not() -> None:
    code = (
        "import os, sys, tempfile, threading\n"
        "os.environ['PIQUET_DATA_DIR'] = tempfile.mkdtemp()\n"
        "sys.path.insert(0, 'tests')\n"
        "from streamlit.testing.v1 import AppTest\n"
        "at = AppTest.from_file('app.py', default_timeout=90); at.run()\n"
        "at.switch_page('app_pages/classroom.py'); at.query_params['join'] = '{join}'\n"
        "at.run(); assert not at.exception, at.exception\n"
        "warm = [t for t in threading.enumerate() if t.name == 'pq-warm-tables']\n"
        "for t in warm: t.join(60)\n"
        "print(len(warm) == 1 or 'pandas' in sys.modules)\n")
    # the landing page: the join box and the start form
    assert _fresh(code.replace("at.query_params['join'] = '{join}'", "pass")) == "True"
    # a pupil's link (here a code that does not exist): no start form, nothing imported
    assert _fresh(code.replace("{join}", "ZZZZZZ")) == "False"

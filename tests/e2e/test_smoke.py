"""Temporary smoke test for the browser chain: streamlit server -> chromium -> playwright.

Replace with real page tests once the app exists; it writes only docs/screenshots/smoke.png.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

APP = Path(__file__).resolve().parents[2] / "app.py"


@pytest.mark.skipif(not APP.exists(), reason="app.py missing")
def test_app_loads_in_chromium(
    page: Page,
    app_server: str,
    wait_for_app: Callable[[], None],
    shot: Callable[[str], Path],
) -> None:
    page.goto(app_server)
    wait_for_app()

    expect(page.locator("[data-testid='stApp']")).to_have_count(1)
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    assert shot("smoke").stat().st_size > 0

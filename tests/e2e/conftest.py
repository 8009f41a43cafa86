"""Real-browser tests: the Streamlit app driven by Debian's chromium through pytest-playwright.

Every test under tests/e2e is marked ``e2e`` automatically and runs after all other tests.
Without /usr/bin/chromium they are skipped locally and fail when ``CI=true``
(``scripts/install-chromium.sh`` installs it; never ``playwright install``).

Fixtures:
    app_server  base URL of ``streamlit run app.py`` on a free localhost port (one per session)
    base_url    the same URL, so ``page.goto("/")`` works
    wait_for_app  ``wait_for_app()`` waits until the current rerun has finished
    shot        ``shot("name")`` saves a full-page screenshot to docs/screenshots/name.png
Plain helper: ``wait_idle(page)``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from cards_drawn import wait_cards_drawn
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app.py"
SCREENSHOTS = ROOT / "docs" / "screenshots"
E2E_DIR = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")

IDLE_TIMEOUT_MS = 30_000
SERVER_START_TIMEOUT_S = 60.0

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


# --------------------------------------------------------------------------- collection


def _is_e2e(item: pytest.Item) -> bool:
    return E2E_DIR in Path(str(item.path)).resolve().parents


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark items under tests/e2e as ``e2e`` as they are collected (before ``-m`` selects)."""
    if _is_e2e(item):
        item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the items under tests/e2e after every other test.

    (Playwright's sync API keeps an event loop alive in the main thread until the session
    ends; running the browser tests last keeps it away from the unit tests, whose servers
    run ``asyncio.run``.) Last of the hooks: pytest's own reordering by parametrized
    fixtures would otherwise pull browser tests beside any test that shares the browser's
    parameter (a parameter named like one of pytest-playwright's fixtures).
    """
    e2e_items: list[pytest.Item] = []
    other_items: list[pytest.Item] = []
    for item in items:
        if _is_e2e(item):
            e2e_items.append(item)
        else:
            other_items.append(item)
    items[:] = other_items + e2e_items


@pytest.fixture(scope="session", autouse=True)
def _require_chromium() -> None:
    """Skip (locally) or fail (CI=true) every browser test when chromium is missing."""
    if CHROMIUM.exists():
        return
    message = (
        f"{CHROMIUM} not found: run `make test` (scripts/install-chromium.sh) or "
        "`apt-get install -y chromium` to run the browser tests"
    )
    if _in_ci():
        pytest.fail(f"CI=true and {message}", pytrace=False)
    pytest.skip(message)


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's chromium instead of a Playwright-downloaded browser."""
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "headless": browser_type_launch_args.get("headless", True),
        "args": args,
    }


# --------------------------------------------------------------------------- app server


def _load_wsclient() -> ModuleType:
    """bench/wsclient.py, whose ``streamlit_server`` starts and stops every server here."""
    module = sys.modules.get("wsclient")
    if module is None:
        spec = importlib.util.spec_from_file_location("wsclient", ROOT / "bench" / "wsclient.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["wsclient"] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def streamlit_app(script: str | Path = "app.py") -> Iterator[str]:
    """``streamlit run script`` (from the repository's root) on a free localhost port until
    the block ends; yield its base URL. A server that does not start fails the test with its
    log."""
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(_load_wsclient().streamlit_server(
                script, cwd=ROOT, env={"PYTHONUNBUFFERED": "1"},
                start_timeout=SERVER_START_TIMEOUT_S))
        except RuntimeError as exc:
            pytest.fail(str(exc), pytrace=False)
        yield server.url


@pytest.fixture(scope="session")
def serve() -> Callable[[str | Path], contextlib.AbstractContextManager[str]]:
    """:func:`streamlit_app` for a test module's own script (``with serve(path) as url``)."""
    return streamlit_app


@pytest.fixture(scope="session")
def app_server() -> Iterator[str]:
    """One app server for the session; yields its base URL."""
    if not APP.exists():
        pytest.skip("app.py missing")
    with streamlit_app() as url:
        yield url


@pytest.fixture
def fresh_server() -> Iterator[str]:
    """A server of its own that no page has been opened on yet (for first-visit tests)."""
    with streamlit_app() as url:
        yield url


@pytest.fixture(scope="session")
def base_url(app_server: str) -> str:
    """Point Playwright's base_url at the app, so ``page.goto("/")`` opens it."""
    return app_server


# --------------------------------------------------------------------------- helpers


def wait_idle(page: Page, timeout: float = IDLE_TIMEOUT_MS) -> None:
    """Wait until Streamlit finished its script run and no skeleton placeholder is visible.

    After a click or a fill, the rerun may not have started yet; assert on the element you
    expect next (``expect(...).to_be_visible()``) rather than relying on this alone.
    """
    page.wait_for_selector(
        "[data-testid='stApp'][data-test-script-state='notRunning']",
        state="attached",
        timeout=timeout,
    )
    expect(page.locator("[data-testid='stSkeleton']:visible")).to_have_count(0, timeout=timeout)


@pytest.fixture
def wait_for_app(page: Page) -> Callable[[], None]:
    """``wait_for_app()`` = ``wait_idle(page)`` for the test's page."""

    def _wait(timeout: float = IDLE_TIMEOUT_MS) -> None:
        wait_idle(page, timeout)

    return _wait


def _scroll_height(page: Page) -> int:
    # Streamlit scrolls inside its own containers, not the document: measure them all.
    height: int = page.evaluate(
        """() => Math.max(
            document.documentElement.scrollHeight,
            ...Array.from(document.querySelectorAll(
                "[data-testid='stMain'], [data-testid='stAppViewContainer'], "
                + "[data-testid='stSidebarContent']"
            )).map(e => e.scrollHeight)
        )"""
    )
    return height


@pytest.fixture
def shot(page: Page) -> Callable[[str], Path]:
    """``shot("name")`` saves a full-page screenshot to docs/screenshots/name.png."""

    def _shot(name: str) -> Path:
        wait_cards_drawn(page)  # never a screenshot of blank cards
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        viewport = page.viewport_size
        height = _scroll_height(page)
        if viewport is not None and height > viewport["height"]:
            # Grow the viewport so the whole app is laid out, then restore it.
            page.set_viewport_size({"width": viewport["width"], "height": height})
            try:
                wait_idle(page)
                page.screenshot(path=str(path), full_page=True)
            finally:
                page.set_viewport_size(viewport)
        else:
            page.screenshot(path=str(path), full_page=True)
        return path

    return _shot

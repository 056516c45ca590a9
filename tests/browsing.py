"""Helpers of the browser tests: Debian's chromium through Playwright, pages, screenshots.

Screenshots are kept in ``.artifacts/browser/`` (or ``$TABLECARDS_ARTIFACTS``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = (
    Path(os.environ.get("TABLECARDS_ARTIFACTS", Path(__file__).parents[1] / ".artifacts"))
    / "browser"
)
#: Chromium as root on a closed network: no sandbox, and none of its background traffic.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> Iterator[Any]:
    """A headless chromium for a module's tests (a generator for a fixture to wrap)."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed: .ci/run installs it (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=FLAGS)
        yield browser
        browser.close()


def shot(page: Any, name: str) -> None:
    """Keep a screenshot of the whole page as a test artefact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_page(browser: Any, url: str, phone: bool = False) -> Any:
    """A page in a new browser context (a person of their own), recording its errors."""
    size = {"width": 375, "height": 740} if phone else {"width": 1100, "height": 800}
    context = browser.new_context(viewport=size)
    page = watched(context.new_page())
    page.goto(url)
    return page


def watched(page: Any) -> Any:
    """``page`` with its script errors and console errors collected in ``page.errors``."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    return page

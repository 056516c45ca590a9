"""Helpers of the browser tests: Debian's chromium through Playwright, and the table page.

Screenshots go to ``$TABLECARDS_ARTIFACTS/browser/`` (by default
``<temporary folder>/tablecards-artifacts/browser/``), never into the checkout; ``.ci/run``
names the folder it uses.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablecards.testing import raw_text_problems as kit_raw_text_problems

ARTIFACTS = (
    Path(
        os.environ.get("TABLECARDS_ARTIFACTS")
        or Path(tempfile.gettempdir(), "tablecards-artifacts")
    )
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
DESKTOP = {"width": 1200, "height": 860}
#: A phone held upright: the narrowest screen the page promises to be readable on.
PHONE = {"width": 390, "height": 844}


def launch() -> Iterator[Any]:
    """A headless chromium for a module's tests (skips without one, fails under ``CI=true``)."""
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


def open_page(browser: Any, url: str, size: dict[str, int] | None = None) -> Any:
    """A new page at ``url`` that records its script errors in ``page.errors``."""
    context = browser.new_context(viewport=size or DESKTOP)
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


def shot(page: Any, name: str) -> Path:
    """Keep a full-page screenshot as a test artefact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def moves(page: Any) -> int:
    """The moves of the last state the page drew (-1 before the first)."""
    value = page.evaluate("document.getElementById('main').dataset.moves ?? '-1'")
    return int(value)


def wait_for(predicate: Any, what: str, timeout: float = 15) -> None:
    """Poll ``predicate`` from Python (the page's CSP forbids string predicates in the page)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def is_over(page: Any) -> bool:
    """Whether the page shows the end of the match."""
    return bool(page.evaluate("!document.getElementById('result')?.hidden"))


# -- what players read ---------------------------------------------------------------------------

#: What the kit's check cannot know to look for: a JavaScript value turned into text.
_SCRIPT_VALUES = re.compile(r"\[object \w+\]|\bInvalid Date\b")


def raw_text_problems(text: str) -> list[str]:
    """What in ``text`` is raw data rather than words: the kit's check, and the page's own."""
    problems = kit_raw_text_problems(text)
    found = _SCRIPT_VALUES.search(text)
    if found is not None:
        problems.append(f"a script value: {found.group(0)!r}")
    return problems


def zone_titles(page: Any) -> list[tuple[str, str]]:
    """Every zone drawn on the page: its engine name and its title as shown."""
    pairs: list[tuple[str, str]] = page.evaluate(
        """() => [...document.querySelectorAll('.zone')].map(
            (z) => [z.dataset.zone, z.querySelector('.ztitle')?.innerText ?? ''])"""
    )
    return pairs


def check_page(page: Any, names: list[str], owners: dict[str, int | None], where: str) -> str:
    """Check what a page shows now: words, not raw data, and no zone of nobody titled as a
    player's. Returns the page's visible text."""
    text: str = page.evaluate("document.body.innerText")
    problems = raw_text_problems(text)
    assert not problems, f"{where}: {problems}\n{text}"
    for zone, title in zone_titles(page):
        if zone in owners and owners[zone] is None:
            words = set(re.findall(r"[\w']+", title.lower()))
            named = [n for n in names if n.lower() in words] + sorted(words & {"you", "your"})
            assert not named, f"{where}: the zone {zone!r} of nobody is titled {title!r}"
    return text

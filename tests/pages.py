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


def click(button: Any) -> bool:
    """Click ``button``; ``False`` when the page redrew it away first (the state moved on:
    the caller reads the new screen again)."""
    from playwright.sync_api import Error

    try:
        button.click(timeout=2000)
    except Error:
        return False
    return True


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


#: Words issue 41 put right, which no page may show again, each with what was wrong. One list
#: for every browser test: :func:`check_page` reads a page's text against it.
WRONG_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ('"a 8" (said "an 8")', re.compile(r"\ba (8|11|18)\b")),
    (
        "a move number told to a person",
        re.compile(r"first came move|\(move \d|showed move \d|at move \d"),
    ),
    ('Python\'s "None"', re.compile(r"\bor None\b")),
    ('"Stop!:"', re.compile(r"Stop!:")),
    ('"empty" said twice', re.compile(r"\bempty\s+empty\b")),
    ("a hyphen for a minus sign", re.compile(r"(?<![\w-])-\d")),
    ("the protocol's words", re.compile(r"hello with a valid token|first message must be")),
    ('"Waiting for you", an order', re.compile(r"Waiting for you\b")),
)

#: What a page shows that its text alone cannot tell: a prompt offering a move no button makes,
#: a colour's badge painted red, a standing with a plus, the time left in the warning red.
_PAGE_WORD_PROBLEMS = r"""() => {
    const problems = [];
    const prompt = document.getElementById('prompt')?.innerText ?? '';
    const labels = [...document.querySelectorAll('#actions button.act .label')]
        .map((label) => label.innerText.trim().toLowerCase());
    if (prompt && !document.querySelector('#actions .chosen')) {
        if (/\bpass\.$/.test(prompt) && !labels.includes('pass'))
            problems.push(`the prompt offers to pass, no button does: ${prompt}`);
        if (/place a new bid/.test(prompt) && !labels.some((l) => l.startsWith('bid ')))
            problems.push(`the prompt offers a new bid, no button does: ${prompt}`);
    }
    for (const badge of document.querySelectorAll('.badge.tone-mark'))
        if (/^plays /.test(badge.innerText)) problems.push(`"${badge.innerText}" painted red`);
    for (const score of document.querySelectorAll('#result .scores strong, #standings li')) {
        const text = score.innerText;
        if (/(^|: )\+\d/.test(text)) problems.push(`a standing with a plus: ${text}`);
    }
    const clock = document.getElementById('clock');
    if (clock && clock.innerText && getComputedStyle(clock).color === 'rgb(164, 22, 26)')
        problems.push(`the time left in the warning red: ${clock.innerText}`);
    return problems;
}"""


def wrong_words(text: str) -> list[str]:
    """The words of :data:`WRONG_WORDS` that ``text`` shows, each with what was wrong."""
    return [
        f"{what}: {found.group(0)!r}"
        for what, pattern in WRONG_WORDS
        if (found := pattern.search(text)) is not None
    ]


#: Every card's rank not wholly in sight: clipped by its own card, or covered by a card drawn
#: over it (a later card in the page, as a fanned hand lays them).
_HIDDEN_RANKS = r"""() => {
    // A new card settles into place scaled up for a moment: it is measured where it stays, as
    // its motion is taken to its end first (waiting for it cost a second a state).
    for (const motion of document.getAnimations()) {
        if (motion.effect?.target?.classList?.contains('card')) motion.finish();
    }
    const cards = [...document.querySelectorAll('.card')].filter((c) => c.getClientRects().length);
    const boxes = cards.map((card) => card.getBoundingClientRect());
    const slack = 0.5;
    const meet = (a, b) => a.left < b.right - slack && a.right > b.left + slack
        && a.top < b.bottom - slack && a.bottom > b.top + slack;
    const problems = [];
    cards.forEach((card, i) => {
        const rank = card.querySelector('.rank');
        if (!rank || !rank.textContent.trim()) return;
        const range = document.createRange();
        range.selectNodeContents(rank);
        const text = range.getBoundingClientRect();
        const box = boxes[i];
        const left = box.left + card.clientLeft;
        const top = box.top + card.clientTop;
        const zone = card.closest('[data-zone]')?.dataset.zone;
        const name = `${card.getAttribute('aria-label')} in ${zone}`;
        if (text.left < left - slack || text.top < top - slack
            || text.right > left + card.clientWidth + slack
            || text.bottom > top + card.clientHeight + slack) {
            problems.push(`${name}: its rank "${rank.textContent}" is clipped by its card`);
        }
        const over = cards.findIndex((other, j) => j > i && meet(boxes[j], text));
        if (over >= 0) {
            const by = cards[over].getAttribute('aria-label') ?? 'a card face down';
            problems.push(`${name}: its rank "${rank.textContent}" is covered by ${by}`);
        }
    });
    return problems;
}"""


def hidden_ranks(page: Any) -> list[str]:
    """Every card on ``page`` whose rank is not wholly in sight, and why (empty: all are)."""
    problems: list[str] = page.evaluate(_HIDDEN_RANKS)
    return problems


def zone_titles(page: Any) -> list[tuple[str, str]]:
    """Every zone drawn on the page: its engine name and its title as shown."""
    pairs: list[tuple[str, str]] = page.evaluate(
        """() => [...document.querySelectorAll('.zone')].map(
            (z) => [z.dataset.zone, z.querySelector('.ztitle')?.innerText ?? ''])"""
    )
    return pairs


def check_page(page: Any, names: list[str], owners: dict[str, int | None], where: str) -> str:
    """Check what a page shows now: words, not raw data nor :data:`WRONG_WORDS`, every card's
    rank wholly in sight, and no zone of nobody titled as a player's. Returns the page's
    visible text."""
    text: str = page.evaluate("document.body.innerText")
    problems = raw_text_problems(text) + wrong_words(text) + page.evaluate(_PAGE_WORD_PROBLEMS)
    assert not problems, f"{where}: {problems}\n{text}"
    hidden = hidden_ranks(page)
    assert not hidden, f"{where}: {hidden}"
    for zone, title in zone_titles(page):
        if zone in owners and owners[zone] is None:
            words = set(re.findall(r"[\w']+", title.lower()))
            named = [n for n in names if n.lower() in words] + sorted(words & {"you", "your"})
            assert not named, f"{where}: the zone {zone!r} of nobody is titled {title!r}"
    return text

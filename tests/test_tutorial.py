"""The tutorial page is the plugin: its files, taken from the page alone, install and pass the kit.

``docs/tutorial.md`` shows every file of the Climb plugin whole, then changes as diffs (the
format is in ``tests/tutorial_page.py``). These tests follow the page as a reader would:

- the files, with the changes applied in page order, are exactly ``examples/tablecards-tutorial``
  (whose own tests run with the rest of the suite), so the example cannot drift from the page;
  after changing the example, ``uv run python tests/tutorial_page.py --sync`` updates the page;
- those files, written to a temporary folder, install into a fresh virtual environment next to
  the engine's freshly built wheel (no workspace, no editable install), the game is found
  through the entry point the page declares, and the conformance kit passes on it;
- the wrong change the page shows fails the kit with the message the page shows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tutorial_page import (
    PAGE,
    ROOT,
    PageError,
    Tutorial,
    apply_diff,
    example_files,
    read_tutorial,
    sync,
)


@pytest.fixture(scope="module")
def tutorial() -> Tutorial:
    return read_tutorial(PAGE.read_text("utf-8"))


def test_the_page_shows_every_part_of_the_plugin(tutorial: Tutorial) -> None:
    # What the issue found missing: each of these is shown, imports included.
    shown = "\n".join(tutorial.files.values())
    for wanted in (
        "def start_turn(",
        "def draw_card(",
        "def end_game(",
        "def scores(",
        "def describe(",
        "def scene(",
        "def build_scene(",
        "def state_of(",
        "def values(",
        "def play(",
        "state.to_act = (seat,)",
        "if state.observed:",
        "[project.entry-points.tablecards]",
        'build-backend = "uv_build"',
    ):
        assert wanted in shown, f"the tutorial never shows {wanted!r}"
    assert "state.sink" not in PAGE.read_text("utf-8")  # one way to ask: State.observed
    for path, text in tutorial.files.items():
        if path.endswith(".py") and text:
            assert "\nimport " in text or "\nfrom " in text, f"{path} is shown without imports"


def test_the_example_plugin_is_exactly_the_page(tutorial: Tutorial) -> None:
    on_disk = example_files()
    assert sorted(on_disk) == sorted(tutorial.files), "the page and the example have other files"
    for path, text in tutorial.files.items():
        assert on_disk[path] == text, (
            f"{path} differs between docs/tutorial.md and the example "
            "(uv run python tests/tutorial_page.py --sync updates the page)"
        )


def test_sync_keeps_an_up_to_date_page_and_repairs_a_stale_listing() -> None:
    text = PAGE.read_text("utf-8")
    assert sync(text, example_files()) == text
    stale = text.replace("TOP_VALUE = 10\n", "TOP_VALUE = 11\n", 1)
    assert stale != text
    assert sync(stale, example_files()) == text


def test_the_wrong_change_peeks_at_hands_and_the_page_shows_a_leak(tutorial: Tutorial) -> None:
    assert tutorial.wrong_path == "src/tablecards_tutorial/_game.py"
    assert "if state.over:" in tutorial.wrong[tutorial.wrong_path]
    assert "shown" not in tutorial.wrong["src/tablecards_tutorial/_state.py"]  # before the fix
    assert tutorial.failure.startswith("[leaks] climb")


def test_a_diff_applies_by_its_lines_both_ways_and_a_stale_one_is_reported() -> None:
    diff = "@@ -2 +2 @@\n-b\n+B\n"
    assert apply_diff("a\nb\nc\n", diff, "x.py") == "a\nB\nc\n"
    assert apply_diff("a\nB\nc\n", diff, "x.py", reverse=True) == "a\nb\nc\n"
    with pytest.raises(PageError, match="does not apply"):
        apply_diff("a\nc\n", diff, "x.py")


# -- the page's plugin, installed from its files next to the engine's wheel -----------------------

KIT = """
import json, sys
import tablecards
from tablecards.testing import ConformanceFailure, check_game
from tablecards_tutorial import Climb

info = tablecards.registry().games["climb"]
out = {"engine": tablecards.__file__, "plugin": sys.modules["tablecards_tutorial"].__file__,
       "distribution": info.distribution}
try:
    report = check_game(Climb(), seeds=int(sys.argv[1]))
except ConformanceFailure as failure:
    out["failure"] = str(failure)
else:
    out["summary"] = report.summary()
print(json.dumps(out))
"""


def _uv() -> str:
    # `uv run` exports its own path as UV; the README's test command runs under it.
    found = os.environ.get("UV") or shutil.which("uv")
    if not found:
        pytest.fail("uv is needed to build and install the tutorial's plugin (pip install uv)")
    return found


def _run(command: list[str], cwd: Path, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    done = subprocess.run(
        command,
        check=False,
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{command[:3]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _write(files: dict[str, str], folder: Path) -> None:
    for path, text in files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")


@pytest.mark.slow
def test_the_pages_plugin_installs_next_to_the_wheel_and_passes_the_kit(
    tutorial: Tutorial, tmp_path: Path
) -> None:
    uv = _uv()
    plugin, wrong, dist, venv = (tmp_path / name for name in ("plugin", "wrong", "dist", "venv"))
    _write(tutorial.files, plugin)
    _write(tutorial.wrong, wrong)
    _run([uv, "build", "--wheel", "--out-dir", str(dist), str(ROOT)], tmp_path)
    (wheel,) = dist.glob("tablecards-*.whl")
    _run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], tmp_path)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    # The plugin is built from the page's files by the backend they name, not installed editable.
    _run([uv, "pip", "install", "--python", str(python), str(wheel), str(plugin)], tmp_path)

    right = json.loads(_run([str(python), "-c", KIT, "10"], tmp_path))
    assert Path(right["engine"]).is_relative_to(venv), "the engine did not come from the wheel"
    assert Path(right["plugin"]).is_relative_to(venv), "the plugin was not installed"
    assert right["distribution"] == "tablecards-tutorial"
    assert "failure" not in right, right.get("failure")
    assert right["summary"].startswith("climb:")

    # The wrong change, imported in place of the installed plugin, fails as the page shows.
    peek = json.loads(
        _run([str(python), "-c", KIT, "200"], tmp_path, PYTHONPATH=str(wrong / "src"))
    )
    assert Path(peek["plugin"]).is_relative_to(wrong)
    assert "failure" in peek, "the kit passed the view that shows hidden hands"
    # The check, the moment and what differed; the replay hint's wording may evolve.
    assert peek["failure"].splitlines()[:2] == tutorial.failure.splitlines()[:2]

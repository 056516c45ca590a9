"""The tutorial page is the plugin: its files, taken from the page alone, install and pass the kit.

``docs/tutorial.md`` shows every file of the Climb plugin whole the first time, under a caption
``**File `path`**``, and later changes as unified diffs under ``**Change to `path`**``; one
``**A wrong change to `path`**`` shows a mistake and the conformance kit's failure (the first
``text`` block after it). These tests follow the page as a reader would:

- the files, with the changes applied in page order, are exactly ``examples/tablecards-tutorial``
  (whose own tests run with the rest of the suite), so the example cannot drift from the page;
- those files, written to a temporary folder, install into a fresh virtual environment next to
  the engine's freshly built wheel (no workspace, no editable install), the game is found
  through the entry point the page declares, and the conformance kit passes on it;
- the wrong change fails the kit with the message the page shows.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "tutorial.md"
EXAMPLE = ROOT / "examples" / "tablecards-tutorial"
# The example is a member of this repository's uv workspace; a reader's project is not, and
# says where tablecards comes from in its own way (the page shows both ways).
WORKSPACE_SOURCE = "\n[tool.uv.sources]\ntablecards = { workspace = true }\n"
# Written by `uv init --lib`, which the page runs, and empty: the page need not show it.
FROM_UV_INIT = {"src/tablecards_tutorial/py.typed": ""}

LISTING = re.compile(
    r"^\*\*(?P<kind>File|Change to|A wrong change to) `(?P<path>[^`]+)`\*\*[^\n]*\n\n"
    r"(?P<fence>`{3,})(?P<lang>\w+)\n(?P<body>.*?)^(?P=fence)$",
    re.MULTILINE | re.DOTALL,
)
TEXT_BLOCK = re.compile(r"^```text\n(.*?)^```$", re.MULTILINE | re.DOTALL)


@attrs.frozen
class Tutorial:
    """What a reader ends with: the files, the files with the wrong change, the failure shown."""

    files: dict[str, str]
    wrong: dict[str, str]
    wrong_path: str
    failure: str


def read_tutorial(text: str) -> Tutorial:
    """Follow the page: write each file, apply each change, keep the wrong change aside."""
    files = dict(FROM_UV_INIT)
    wrong: dict[str, str] | None = None
    wrong_path = failure = ""
    for listing in LISTING.finditer(text):
        kind, path, body = listing["kind"], listing["path"], listing["body"]
        if kind == "File":
            assert path not in files, f"{path} is shown whole twice; show the change as a diff"
            files[path] = body
        elif path not in files:
            raise AssertionError(f"a change to {path} comes before the file is shown")
        elif kind == "Change to":
            files[path] = apply_diff(files[path], body, path)
        else:
            assert wrong is None, "the page shows one wrong change"
            wrong, wrong_path = {**files, path: apply_diff(files[path], body, path)}, path
            shown = TEXT_BLOCK.search(text, listing.end())
            assert shown is not None, "the wrong change is not followed by the kit's failure"
            failure = shown[1]
    assert wrong is not None, "the page shows no wrong change"
    return Tutorial(files, wrong, wrong_path, failure)


def apply_diff(original: str, diff: str, path: str) -> str:
    """Apply a unified diff's hunks by their lines (the ``@@`` line numbers are not needed)."""
    lines = original.splitlines()
    start = 0
    for hunk in re.split(r"^@@.*\n", diff, flags=re.MULTILINE)[1:]:
        old: list[str] = []
        new: list[str] = []
        for line in hunk.splitlines():
            # A blank context line may have lost its leading space in an editor.
            sign, rest = (line[:1], line[1:]) if line else (" ", "")
            if sign in " -":
                old.append(rest)
            if sign in " +":
                new.append(rest)
        at = next(
            (i for i in range(start, len(lines) - len(old) + 1) if lines[i : i + len(old)] == old),
            None,
        )
        assert at is not None, f"a change to {path} does not apply:\n{hunk}"
        lines[at : at + len(old)] = new
        start = at + len(new)
    return "\n".join(lines) + "\n"


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
    on_disk = {
        path.relative_to(EXAMPLE).as_posix(): path.read_text("utf-8")
        for path in EXAMPLE.rglob("*")
        if path.is_file() and not {"__pycache__", ".pytest_cache"} & set(path.parts)
    }
    expected = dict(tutorial.files)
    expected["pyproject.toml"] += WORKSPACE_SOURCE
    assert sorted(on_disk) == sorted(expected), "files differ between the page and the example"
    for path, text in expected.items():
        assert on_disk[path] == text, f"{path} differs between docs/tutorial.md and the example"


def test_the_wrong_change_peeks_at_hands_and_the_page_shows_a_leak(tutorial: Tutorial) -> None:
    assert tutorial.wrong_path == "src/tablecards_tutorial/_game.py"
    assert "if state.over:" in tutorial.wrong[tutorial.wrong_path]
    assert "shown" not in tutorial.wrong["src/tablecards_tutorial/_state.py"]  # before the fix
    assert tutorial.failure.startswith("[leaks] climb")


def test_a_diff_that_does_not_apply_is_reported() -> None:
    with pytest.raises(AssertionError, match="does not apply"):
        apply_diff("a\nb\n", "@@ -1,2 +1,2 @@\n a\n-c\n+d\n", "x.py")
    assert apply_diff("a\nb\nc\n", "@@ -2 +2 @@\n-b\n+B\n", "x.py") == "a\nB\nc\n"


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

"""The documentation and the code check each other.

- Every public name of ``tablecards.__all__`` has an entry in the API reference, and every hook
  spec of ``tablecards.registry._hookspecs`` a section of the hooks page whose heading is its
  signature.
  Hook specs are discovered, not listed: a new hook fails here until it is documented.
- Every ```` ```python ```` block of the docs (and of the game READMEs the docs include, and of
  the core's README for the package index) runs,
  block after block in one namespace per page, as a reader would paste them.
- The Sphinx build prints nothing at all: ``-W`` fails on Sphinx's own warnings, and the test
  also fails on anything else written to the console (Python warnings of the extensions,
  deprecation notices), which ``-W`` does not see. It needs the ``docs`` group, which the plain
  ``uv run pytest`` does not install: there it is skipped (``-ra`` says so), and CI runs it
  with ``TABLECARDS_DOCS_BUILD=required uv run --group docs pytest tests/test_docs.py``, where
  a missing Sphinx fails instead.
"""

from __future__ import annotations

import importlib.util
import inspect
import linecache
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tablecards
from tablecards.registry import _hookspecs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(
    path
    for path in [
        *DOCS.rglob("*.md"),
        *ROOT.glob("plugins/*/README.md"),
        *ROOT.glob("examples/*/README.md"),
        ROOT / "README.pypi.md",
    ]
    if "_build" not in path.parts
)
FENCE = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)
# An entry of the API reference for a name of ``tablecards``: an autodoc directive, or a
# py:data directive (for values) in the module ``tablecards`` itself.
ENTRY = re.compile(
    r"^\.\. auto(?:class|function|exception):: tablecards\.(\w+)$"
    r"|^\.\. py:data:: (\w+)\n   :module: tablecards$",
    re.MULTILINE,
)


def hook_specs() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(function)
        for name, function in vars(_hookspecs).items()
        if name.startswith("tablecards_") and inspect.isfunction(function)
    }


def test_hook_specs_are_discovered() -> None:
    # The discovery above must find the hooks the engine calls, or the next test proves nothing.
    assert {"tablecards_register_games", "tablecards_match_event"} <= set(hook_specs())


def test_every_public_name_is_in_the_api_reference() -> None:
    entries = ENTRY.findall((DOCS / "api.md").read_text("utf-8"))
    documented = {auto or data for auto, data in entries}
    missing = sorted(set(tablecards.__all__) - documented)
    assert not missing, f"public names without an entry in docs/api.md: {missing}"
    unknown = sorted(documented - set(tablecards.__all__))
    assert not unknown, f"docs/api.md documents names that are not public: {unknown}"


def test_every_hook_spec_has_a_section_headed_by_its_signature() -> None:
    text = (DOCS / "hooks.md").read_text("utf-8")
    headings = {
        line.lstrip("#").strip().strip("`") for line in text.splitlines() if line.startswith("#")
    }
    named = {heading.split("(")[0] for heading in headings if heading.startswith("tablecards_")}
    assert named <= set(hook_specs()), (
        f"docs/hooks.md has sections for hooks that are no spec: {named - set(hook_specs())}"
    )
    for name, signature in hook_specs().items():
        wanted = f"{name}({', '.join(signature.parameters)})"
        assert wanted in headings, f"docs/hooks.md has no section headed `{wanted}`"
        assert f".. autofunction:: tablecards.registry._hookspecs.{name}\n" in text, (
            f"docs/hooks.md does not autodoc {name}"
        )


def test_docs_have_executable_examples_that_assert() -> None:
    blocks = [block for page in PAGES for block in FENCE.findall(page.read_text("utf-8"))]
    assert len(blocks) >= 20
    assert sum("assert" in block for block in blocks) >= 15


@pytest.mark.parametrize(
    "page",
    [page for page in PAGES if FENCE.search(page.read_text("utf-8"))],
    ids=lambda page: str(page.relative_to(ROOT)),
)
def test_python_examples_run(page: Path) -> None:
    namespace: dict[str, object] = {"__name__": f"docs_example_{page.stem}"}
    for number, block in enumerate(FENCE.findall(page.read_text("utf-8")), start=1):
        filename = f"{page.relative_to(ROOT)} (python block {number})"
        # Registered with linecache so that a failure's traceback shows the example's lines.
        linecache.cache[filename] = (len(block), None, block.splitlines(True), filename)
        exec(compile(block, filename, "exec"), namespace)


def test_the_docs_build_prints_no_warning_of_any_kind(tmp_path: Path) -> None:
    if importlib.util.find_spec("sphinx") is None:
        if os.environ.get("TABLECARDS_DOCS_BUILD") == "required":
            pytest.fail("TABLECARDS_DOCS_BUILD=required, but Sphinx is not installed")
        pytest.skip("no docs group here: uv run --group docs pytest tests/test_docs.py")
    command = [sys.executable, "-m", "sphinx", "-q", "-n", "-W", "--keep-going"]
    command += ["-b", "html", str(DOCS), str(tmp_path / "html")]
    # PYTHONWARNINGS=default shows every deprecation warning once, even those Python hides.
    env = {**os.environ, "PYTHONWARNINGS": "default"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    printed = (done.stdout + done.stderr).strip()
    assert done.returncode == 0, printed
    assert not printed, f"the docs build printed:\n{printed}"

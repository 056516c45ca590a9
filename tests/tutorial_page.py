"""Read the tutorial page as a reader follows it, and bring its listings up to date.

``docs/tutorial.md`` shows every file of the Climb plugin whole the first time, under a caption
``**File `path`**``, and later changes as unified diffs under ``**Change to `path`**``; one
``**A wrong change to `path`** (do not keep it)`` shows a mistake, followed by the conformance
kit's failure (the first ``text`` block after it). ``tests/test_tutorial.py`` checks that the
page and ``examples/tablecards-tutorial`` agree.

After changing the example plugin, update the page's whole-file listings from it::

    uv run python tests/tutorial_page.py --sync

Each listing becomes the example's file with the page's later changes to it taken back, and each
diff is written afresh with the same changes; a diff that no longer applies must be edited by
hand (the command says which).
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

import attrs

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


class PageError(AssertionError):
    """The page cannot be followed: a change comes first, does not apply, or is missing."""


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
            if path in files:
                raise PageError(f"{path} is shown whole twice; show the change as a diff")
            files[path] = body
        elif path not in files:
            raise PageError(f"a change to {path} comes before the file is shown")
        elif kind == "Change to":
            files[path] = apply_diff(files[path], body, path)
        else:
            if wrong is not None:
                raise PageError("the page shows more than one wrong change")
            wrong, wrong_path = {**files, path: apply_diff(files[path], body, path)}, path
            shown = TEXT_BLOCK.search(text, listing.end())
            if shown is None:
                raise PageError("the wrong change is not followed by the kit's failure")
            failure = shown[1]
    if wrong is None:
        raise PageError("the page shows no wrong change")
    return Tutorial(files, wrong, wrong_path, failure)


def apply_diff(original: str, diff: str, path: str, *, reverse: bool = False) -> str:
    """Apply a unified diff's hunks by their lines (the ``@@`` line numbers are not needed).

    With ``reverse``, take the change back instead.
    """
    lines = original.splitlines()
    start = 0
    for text in re.split(r"^@@.*\n", diff, flags=re.MULTILINE)[1:]:
        old, new = _hunk(text, reverse)
        at = next(
            (i for i in range(start, len(lines) - len(old) + 1) if lines[i : i + len(old)] == old),
            None,
        )
        if at is None:
            raise PageError(f"a change to {path} does not apply:\n{text}")
        lines[at : at + len(old)] = new
        start = at + len(new)
    return "\n".join(lines) + "\n"


def _hunk(text: str, reverse: bool) -> tuple[list[str], list[str]]:
    old: list[str] = []
    new: list[str] = []
    removed, added = ("+", "-") if reverse else ("-", "+")
    for line in text.splitlines():
        # A blank context line may have lost its leading space in an editor.
        sign, rest = (line[:1], line[1:]) if line else (" ", "")
        if sign in (" ", removed):
            old.append(rest)
        if sign in (" ", added):
            new.append(rest)
    return old, new


def example_files() -> dict[str, str]:
    """The example plugin's files as the page shows them (without the workspace's source)."""
    files = {
        path.relative_to(EXAMPLE).as_posix(): path.read_text("utf-8")
        for path in EXAMPLE.rglob("*")
        if path.is_file() and not {"__pycache__", ".pytest_cache"} & set(path.parts)
    }
    project = files.get("pyproject.toml", "")
    if not project.endswith(WORKSPACE_SOURCE):
        raise PageError("the example's pyproject.toml must end with its workspace source")
    files["pyproject.toml"] = project[: -len(WORKSPACE_SOURCE)]
    return files


def sync(text: str, files: dict[str, str]) -> str:
    """The page with each whole-file listing made the example's file minus the later changes.

    The diffs keep their changes; their hunk headers and context are written afresh.
    """
    listings = list(LISTING.finditer(text))
    bodies: dict[int, str] = {}
    for number, listing in enumerate(listings):
        if listing["kind"] != "File":
            continue
        path = listing["path"]
        if path not in files:
            raise PageError(f"the page shows {path}, which the example does not have")
        body = files[path]
        for later in reversed(listings[number + 1 :]):
            if later["path"] == path and later["kind"] == "Change to":
                body = apply_diff(body, later["body"], path, reverse=True)
        bodies[number] = body
    shown: dict[str, str] = {}
    for number, listing in enumerate(listings):
        path = listing["path"]
        if listing["kind"] == "File":
            shown[path] = bodies[number]
            continue
        after = apply_diff(shown[path], listing["body"], path)
        lines = difflib.unified_diff(shown[path].splitlines(), after.splitlines(), lineterm="")
        bodies[number] = "\n".join(list(lines)[2:]) + "\n"
        if listing["kind"] == "Change to":
            shown[path] = after
    out, last = [], 0
    for number, listing in enumerate(listings):
        body = bodies[number]
        fence = "````" if "```" in body else "```"
        out += [text[last : listing.start("fence")], f"{fence}{listing['lang']}\n{body}{fence}"]
        last = listing.end()
    return "".join([*out, text[last:]])


def main(argv: list[str]) -> int:
    """``--sync``: rewrite the page's listings from the example; otherwise check they agree."""
    text = PAGE.read_text("utf-8")
    files = example_files()
    if argv == ["--sync"]:
        text = sync(text, files)
        PAGE.write_text(text, "utf-8")
    shown = read_tutorial(text).files
    differ = sorted(path for path in {*shown, *files} if shown.get(path) != files.get(path))
    for path in differ:
        print(f"differs between the page and the example: {path}", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

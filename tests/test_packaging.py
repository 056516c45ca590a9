"""The workspace and the installed games agree, and every distribution is fit to publish.

A workspace member that is not a dependency of the root is not installed, and its entry points
silently vanish (TOOLING.md); these tests compare the folders with what is installed. The core
sdist holds the core only; a plugin's README, its package description on an index, has no
relative link; a plugin package shows only its public names. (CI also builds every distribution
and validates its metadata with ``twine check --strict``.)
"""

from __future__ import annotations

import importlib
import importlib.metadata as metadata
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import cast

import pytest

import tablecards

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the CI machine runs 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
MEMBERS = sorted([*ROOT.glob("plugins/*/pyproject.toml"), *ROOT.glob("examples/*/pyproject.toml")])


def project(path: Path) -> dict[str, object]:
    data = tomllib.loads(path.read_text("utf-8"))
    result: dict[str, object] = data["project"]
    return result


@pytest.mark.parametrize("path", MEMBERS, ids=lambda p: p.parent.name)
def test_every_plugin_folder_is_installed_and_registers_its_games(path: Path) -> None:
    meta = project(path)
    name = str(meta["name"])
    root = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert name in root["dependency-groups"]["dev"], f"{name} is not in the root dev group"
    assert root["tool"]["uv"]["sources"][name] == {"workspace": True}
    entry_points = meta["entry-points"]["tablecards"]  # type: ignore[index]
    installed = {ep.name for ep in metadata.distribution(name).entry_points}
    assert set(entry_points) <= installed
    for game in entry_points:
        assert game in tablecards.available_games(), f"{name} does not register game {game!r}"
        info = tablecards.registry().games[game]
        assert info.distribution == name
        assert info.version == meta["version"]


def test_every_installed_game_comes_from_a_folder_of_this_repository() -> None:
    declared = set()
    for path in MEMBERS:
        declared |= set(project(path)["entry-points"]["tablecards"])  # type: ignore[index]
    assert set(tablecards.available_games()) == declared
    assert tablecards.registry().failures == []


def package_of(path: Path) -> str:
    return str(project(path)["name"]).replace("-", "_")


@pytest.mark.parametrize("path", [ROOT / "pyproject.toml", *MEMBERS], ids=lambda p: p.parent.name)
def test_a_package_s_version_is_its_distribution_s(path: Path) -> None:
    # docs/releasing.md lists where the versions live; a bump that forgets one fails here.
    package = importlib.import_module(package_of(path))
    assert package.__version__ == project(path)["version"]


@pytest.mark.parametrize("path", MEMBERS, ids=lambda p: p.parent.name)
def test_a_game_s_engine_range_admits_the_engine_up_to_its_next_minor_version(path: Path) -> None:
    # The release scheme (docs/releasing.md): a game of X.Y needs tablecards>=X.Y,<X.(Y+1).
    engine = str(project(ROOT / "pyproject.toml")["version"])
    major, minor = (int(part) for part in engine.split(".")[:2])
    dependencies = cast("list[str]", project(path)["dependencies"])
    (wanted,) = [dep for dep in dependencies if re.match(r"tablecards\b(?!-)", dep)]
    assert wanted == f"tablecards>={major}.{minor},<{major}.{minor + 1}", path


def test_the_changelog_has_a_released_section_for_the_version_and_one_for_what_comes() -> None:
    # Keep a Changelog: "## [Unreleased]" first, then "## [X.Y.Z] - YYYY-MM-DD" per release.
    engine = str(project(ROOT / "pyproject.toml")["version"])
    headings = re.findall(r"^## (.+)$", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert headings[0] == "[Unreleased]"
    released = rf"\[{re.escape(engine)}\] - \d{{4}}-\d{{2}}-\d{{2}}"
    assert re.fullmatch(released, headings[1]), headings


def test_plugins_depend_on_a_bounded_engine_version() -> None:
    for path in MEMBERS:
        dependencies = project(path)["dependencies"]
        assert any(
            str(dep).startswith("tablecards>=") and "<" in str(dep)
            for dep in dependencies  # type: ignore[attr-defined]
        ), path


PLUGINS = sorted(ROOT.glob("plugins/*/pyproject.toml"))
#: What the core sdist may hold besides ``src/tablecards/``: hatch always adds ``PKG-INFO``,
#: ``pyproject.toml`` and ``.gitignore``.
CORE_FILES = {
    "README.pypi.md",
    "LICENSE",
    "CHANGELOG.md",
    "pyproject.toml",
    "PKG-INFO",
    ".gitignore",
}
#: A Markdown link or image, or an HTML ``href``/``src``, whose target is not absolute.
RELATIVE_LINK = re.compile(
    r"\]\((?![a-z][a-z0-9+.-]*:|#)[^)]*\)|(?:href|src)=[\"'](?![a-z][a-z0-9+.-]*:|#)"
)


def test_the_core_sdist_holds_the_core_only(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv, "uv builds the distributions (README: pip install uv)"
    subprocess.run(
        [uv, "build", "--sdist", "--out-dir", str(tmp_path), "--quiet", str(ROOT)],
        check=True,
        capture_output=True,
    )
    (sdist,) = tmp_path.glob("tablecards-*.tar.gz")
    with tarfile.open(sdist) as archive:
        # Each member sits under the "tablecards-<version>/" folder.
        names = [member.name.split("/", 1)[1] for member in archive.getmembers() if member.isfile()]
    strays = sorted(
        name for name in names if name not in CORE_FILES and not name.startswith("src/tablecards/")
    )
    assert not strays, f"the core sdist holds more than the core: {strays}"
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    for wanted in ("src/tablecards/__init__.py", "src/tablecards/py.typed", "LICENSE"):
        assert wanted in names, f"the core sdist lacks {wanted}"


#: Every distribution's ``pyproject.toml``: the core's and each plugin's and example's.
DISTRIBUTIONS = [ROOT / "pyproject.toml", *MEMBERS]
#: What a package index's reader cannot do: they have no clone of this repository.
REPOSITORY_ONLY = ("uv run", ".ci/run", "bench/", "git clone", "uv sync")


def readme_of(path: Path) -> Path:
    return path.parent / str(project(path)["readme"])


@pytest.mark.parametrize("path", DISTRIBUTIONS, ids=lambda p: p.parent.name)
def test_a_readme_reads_well_on_a_package_index(path: Path) -> None:
    # The README is the package's description on an index, where a relative link has no target
    # and the reader has the package, not the repository.
    readme = readme_of(path)
    if path.parent != ROOT:
        assert readme == path.parent / "README.md"
    text = readme.read_text("utf-8")
    assert not RELATIVE_LINK.search(text), RELATIVE_LINK.search(text)
    assert not [words for words in REPOSITORY_ONLY if words in text], readme
    assert f"pip install {project(path)['name']}" in text
    assert "```python" in text, f"{readme} shows no example"


def test_the_core_has_a_readme_of_its_own_for_the_index() -> None:
    # The repository's README.md speaks to a contributor with a clone; the index's reader
    # gets README.pypi.md, which the sdist carries instead.
    assert readme_of(ROOT / "pyproject.toml") == ROOT / "README.pypi.md"
    assert "pip install 'tablecards[cli]'" in (ROOT / "README.pypi.md").read_text("utf-8")


URL_KEYS = {"Homepage", "Documentation", "Source", "Changelog", "Issues"}
PYTHONS = [f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13)]


@pytest.mark.parametrize("path", DISTRIBUTIONS, ids=lambda p: p.parent.name)
def test_every_distribution_declares_its_urls_and_python_versions(path: Path) -> None:
    meta = project(path)
    urls = cast("dict[str, str]", meta["urls"])
    assert set(urls) == URL_KEYS
    assert all(url.startswith("https://") for url in urls.values())
    classifiers = cast("list[str]", meta["classifiers"])
    assert [c for c in classifiers if c.startswith("Programming Language :: Python :: 3.")] == (
        PYTHONS
    )
    assert meta["requires-python"] == ">=3.10"


@pytest.mark.parametrize("path", PLUGINS, ids=lambda p: p.parent.name)
def test_a_plugin_package_shows_only_its_public_names(path: Path) -> None:
    package = importlib.import_module(str(project(path)["name"]).replace("-", "_"))
    public = package.__all__
    assert dir(package) == sorted(public)
    assert not [name for name in public if name.startswith("_") and name != "__version__"]
    for name in public:
        assert hasattr(package, name), f"{package.__name__}.__all__ names a missing {name!r}"


@pytest.mark.parametrize("path", PLUGINS, ids=lambda p: p.parent.name)
def test_a_plugin_distribution_ships_the_license(path: Path) -> None:
    assert project(path)["license-files"] == ["LICENSE"]
    license_text = (path.parent / "LICENSE").read_text("utf-8")
    assert license_text == (ROOT / "LICENSE").read_text("utf-8")


# -- a light core: the engine without the command line ---------------------------------------

#: Run first in a subprocess: imports of the command line's packages fail, as where the
#: extra ``tablecards[cli]`` is not installed.
BLOCK_CLI = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"click", "rich", "pygments"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Block())
"""


def run_without_cli(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK_CLI + code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_the_core_depends_on_pluggy_attrs_and_typing_extensions_only() -> None:
    meta = project(ROOT / "pyproject.toml")
    dependencies = cast("list[str]", meta["dependencies"])
    names = {re.split(r"[<>=!~\[; ]", dep)[0] for dep in dependencies}
    assert names == {"attrs", "pluggy", "typing-extensions"}
    extras = meta["optional-dependencies"]
    assert sorted(extras["cli"]) == ["click>=8.1", "rich>=13"]  # type: ignore[index]
    # `tablecards serve` is a command of the command line.
    assert "tablecards[cli]" in extras["server"]  # type: ignore[index]
    assert meta["scripts"] == {"tablecards": "tablecards.__main__:main"}


@pytest.mark.slow
def test_the_engine_and_its_public_modules_import_without_click_or_rich() -> None:
    # Every public module but the command line, the server (uvicorn imports click itself: the
    # server's extra brings the command line's) and the pytest plugin (pytest imports pygments;
    # it loads where pytest runs). A game is played, bots and all.
    code = """
import importlib, pkgutil, tablecards
skip = ("tablecards.cli", "tablecards.server", "tablecards.testing.pytest_plugin")
names = [
    info.name
    for info in pkgutil.walk_packages(tablecards.__path__, "tablecards.")
    if not any(part.startswith("_") for part in info.name.split("."))
    and not info.name.startswith(skip)
]
for name in names:
    importlib.import_module(name)
for game in tablecards.available_games():
    players = tablecards.load_game(game).min_players
    bots = ["heuristic"] + ["random"] * (players - 1)
    tablecards.simulate(game, players=players, bots=bots, games=1, seed=1, workers=1)
assert tablecards.registry().failures == [], tablecards.registry().failures
loaded = sorted(m for m in sys.modules if m.partition(".")[0] in {"click", "rich", "pygments"})
assert not loaded, loaded
print(" ".join(names))
"""
    done = run_without_cli(code)
    assert done.returncode == 0, done.stderr
    assert {"tablecards.words", "tablecards.testing", "tablecards.rl"} <= set(done.stdout.split())


@pytest.mark.parametrize("command", ["tablecards", "tablecards.__main__"])
def test_the_command_without_click_says_what_to_install(command: str) -> None:
    # The console script calls tablecards.__main__:main; `python -m tablecards` runs the same.
    done = run_without_cli(f"import runpy; runpy.run_module({command!r}, run_name='__main__')")
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr  # one line, no traceback
    assert "pip install 'tablecards[cli]'" in lines[0]


def test_importing_the_command_line_without_click_says_what_to_install() -> None:
    done = run_without_cli("import tablecards.cli")
    assert done.returncode == 1
    assert "pip install 'tablecards[cli]'" in done.stderr

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
CORE_FILES = {"README.md", "LICENSE", "CHANGELOG.md", "pyproject.toml", "PKG-INFO", ".gitignore"}
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


@pytest.mark.parametrize(
    "readme",
    [*ROOT.glob("plugins/*/README.md"), *ROOT.glob("examples/*/README.md")],
    ids=lambda path: path.parent.name,
)
def test_a_plugin_readme_reads_well_on_a_package_index(readme: Path) -> None:
    # The README is the package's description on an index, where a relative link has no target.
    text = readme.read_text("utf-8")
    assert not RELATIVE_LINK.search(text), RELATIVE_LINK.search(text)
    meta = project(readme.parent / "pyproject.toml")
    assert meta["readme"] == "README.md"


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

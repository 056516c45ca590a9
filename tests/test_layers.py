"""The engine's layers: each imports only from the layers above it (HOUSE.md, "Target layout").

The order, from the top: ``core`` (cards, zones, state, actions, events, errors, the Game
contract), ``registry`` (hook specs, discovery of games and bots by name), ``table`` (what a
seat is shown), ``saves``, ``play`` (Match), ``search`` (bots, determinisation, ISMCTS,
simulation), then the adapters (``cli``, ``rl``, ``testing``, ``server``) and the package
itself (``tablecards``, the public names), which may use any layer and each other.
``tablecards.words`` is the public face of the core's words.

Every import counts, at module level or inside a function (a lazy import still calls up);
only imports under ``if TYPE_CHECKING:`` are left out: they name types for annotations and
run nothing.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import tablecards

PACKAGE = Path(tablecards.__file__).parent
LAYERS = ("core", "registry", "table", "saves", "play", "search")
ADAPTERS = ("cli", "rl", "testing", "server")
#: The rank of each layer: a module may import from its own rank or a smaller one.
RANKS = {name: rank for rank, name in enumerate(LAYERS)}
RANKS.update({name: len(LAYERS) for name in ADAPTERS})
#: The package's public face re-exports the layers' names: only the adapters may import it.
FACADE = len(LAYERS)
#: Public modules at the package's top, by the layer they belong to.
TOP_MODULES = {"words": RANKS["core"], "__main__": FACADE}


def rank(module: str) -> int | None:
    """The rank of a module of tablecards (``None``: not tablecards')."""
    parts = module.split(".")
    if parts[0] != "tablecards":
        return None
    if len(parts) == 1:
        return FACADE
    if parts[1] in RANKS:
        return RANKS[parts[1]]
    if parts[1] in TOP_MODULES:
        return TOP_MODULES[parts[1]]
    raise AssertionError(f"{module} is in no layer: add it to one (tests/test_layers.py)")


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.Import | ast.ImportFrom, module: str, package: bool) -> list[str]:
    """The modules an import statement of ``module`` names (submodules resolved)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = module.split(".")
        anchor = parts if package else parts[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    out = []
    for alias in node.names:
        # `from tablecards.core import _game`, `from tablecards import words`: the submodule.
        candidate = f"{base}.{alias.name}"
        parts = candidate.split(".")
        if parts[0] == "tablecards" and _exists(parts[1:]):
            out.append(candidate)
        else:
            out.append(base)
    return out


def _exists(parts: list[str]) -> bool:
    path = PACKAGE.joinpath(*parts)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def runtime_imports(module: str, source: str, package: bool = False) -> list[tuple[int, str]]:
    """``(line, imported module)`` of every import that runs (outside ``if TYPE_CHECKING:``)."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend((node.lineno, name) for name in _imported(node, module, package))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def upward_imports(module: str, source: str, package: bool = False) -> list[str]:
    """Each import of ``module`` from a layer below its own, as ``module:line imports x``."""
    own = rank(module)
    assert own is not None
    return [
        f"{module}:{line} imports {name}"
        for line, name in runtime_imports(module, source, package)
        if (theirs := rank(name)) is not None and theirs > own
    ]


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append((".".join(parts), path))
    return out


def test_every_module_imports_only_from_the_layers_above_it() -> None:
    found = modules()
    assert len(found) > 40, "the scan found too few modules: it is broken"
    wrong = [
        error
        for name, path in found
        for error in upward_imports(name, path.read_text(), path.name == "__init__.py")
    ]
    assert wrong == []


def test_every_layer_is_a_folder_of_the_package() -> None:
    folders = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}
    assert folders == set(LAYERS) | set(ADAPTERS)


def test_the_checker_fails_on_an_upward_import() -> None:
    # Planted: the core reaching into play, at module level and lazily in a function, and the
    # table importing the package's public face.
    planted = (
        "from tablecards.play._match import Match\n"
        "def scene():\n"
        "    from tablecards.search import _determinise\n"
        "    import tablecards.server\n"
    )
    assert upward_imports("tablecards.core._planted", planted) == [
        "tablecards.core._planted:1 imports tablecards.play._match",
        "tablecards.core._planted:3 imports tablecards.search._determinise",
        "tablecards.core._planted:4 imports tablecards.server",
    ]
    assert upward_imports("tablecards.table._planted", "import tablecards\n") == [
        "tablecards.table._planted:1 imports tablecards"
    ]
    assert upward_imports("tablecards.core._planted", "from .. import play\n") == [
        "tablecards.core._planted:1 imports tablecards.play"
    ]


def test_the_checker_allows_imports_down_and_for_type_checkers_only() -> None:
    allowed = (
        "from typing import TYPE_CHECKING\n"
        "from tablecards.core._game import Game\n"
        "if TYPE_CHECKING:\n"
        "    from tablecards.play._match import Match\n"
        "def f():\n"
        "    from tablecards.table import _scene\n"
    )
    assert upward_imports("tablecards.search._planted", allowed) == []
    assert upward_imports("tablecards.server._planted", "import tablecards\n") == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round a loop (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    # Lazy imports included: a loop closed inside a function is still a loop. (A package's
    # __init__ that re-exports its modules is not counted as imported by them.)
    graph = {
        name: {
            imported
            for _, imported in runtime_imports(name, path.read_text(), path.name == "__init__.py")
            if imported.split(".")[0] == "tablecards" and imported != name
        }
        for name, path in modules()
    }
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_lazy_loop() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_adapters_take_public_names_from_the_package() -> None:
    # An adapter may reach into a layer only for what tablecards does not make public (the
    # terminal's renderer, the kit's helpers); a public name comes from `tablecards`.
    wrong = []
    for name, path in modules():
        if name.split(".")[1:2] not in ([adapter] for adapter in ADAPTERS):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            parts = node.module.split(".")
            if parts[0] != "tablecards" or len(parts) < 3 or parts[1] not in LAYERS:
                continue
            module = importlib.import_module(node.module)
            wrong += [
                f"{name}:{node.lineno} imports {alias.name} from {node.module}"
                for alias in node.names
                if alias.name in tablecards.__all__
                and getattr(tablecards, alias.name) is getattr(module, alias.name, None)
            ]
    assert wrong == []


def _store_imports(top_level_only: bool) -> dict[str, set[str]]:
    """Which modules of ``tablecards.server.store`` each of them imports (all imports that
    run, or those at module level only)."""
    store = "tablecards.server.store"
    out: dict[str, set[str]] = {}
    for name, path in modules():
        if name != store and not name.startswith(store + "."):
            continue
        source = path.read_text()
        if top_level_only:  # the statements that run when the module is imported
            body: list[ast.stmt] = [
                node
                for node in ast.parse(source).body
                if isinstance(node, (ast.Import, ast.ImportFrom))
            ]
            source = ast.unparse(ast.Module(body=body, type_ignores=[]))
        found = runtime_imports(name, source, path.name == "__init__.py")
        out[name.removeprefix(store + ".")] = {
            imported.removeprefix(store + ".")
            for _, imported in found
            if imported.startswith(store + ".")
        }
    return out


def test_the_stores_import_their_records_and_never_each_other() -> None:
    # The records and the protocol know no backend; each backend knows the records only; the
    # package's factory knows both, PostgreSQL only inside the function that opens it.
    assert _store_imports(top_level_only=False) == {
        "tablecards.server.store": {"_records", "_sqlite", "_postgres"},
        "_records": set(),
        "_sqlite": {"_records"},
        "_postgres": {"_records"},
    }
    assert _store_imports(top_level_only=True)["tablecards.server.store"] == {
        "_records",
        "_sqlite",
    }


def test_the_server_loads_without_the_postgresql_store() -> None:
    # A server without the extra tablecards[postgres] must import and serve SQLite: nothing
    # it imports may load psycopg. A fresh interpreter, so no other test's imports count.
    code = "import json, sys, tablecards.server\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(json.loads(done.stdout))
    assert "tablecards.server.store._sqlite" in loaded  # the scan sees the stores
    assert "tablecards.server.store._postgres" not in loaded
    assert not {name for name in loaded if name.split(".")[0] == "psycopg"}

"""The server is an embedder like any other: it imports only the public API of tablecards."""

from __future__ import annotations

import ast
from pathlib import Path

import tablecards

SERVER = Path(tablecards.__file__).parent / "server"
#: What the server may import besides the standard library and itself.
#: psycopg is the extra tablecards[postgres], imported only by the PostgreSQL store (see below);
#: markdown_it (markdown-it-py, in the extra, and rich's own parser) reads a game's rules text.
ALLOWED_THIRD_PARTY = {"attrs", "markdown_it", "orjson", "psycopg", "starlette", "uvicorn"}


def imports() -> list[tuple[str, str, list[str]]]:
    found: list[tuple[str, str, list[str]]] = []
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found += [(path.name, alias.name, []) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.append((path.name, node.module, [alias.name for alias in node.names]))
    return found


def test_the_server_imports_only_public_names_of_tablecards() -> None:
    seen = imports()
    assert seen, "no imports found: the scan is broken"
    for where, module, names in seen:
        root = module.split(".")[0]
        if module == "tablecards":
            for name in names:
                assert name in tablecards.__all__, f"{where} imports tablecards.{name}"
        elif root == "tablecards":
            # Its own modules and the public tablecards.words (contract §2) only: never
            # tablecards._something or another subpackage.
            assert module.startswith("tablecards.server") or module == "tablecards.words", (
                f"{where} imports {module}"
            )
        else:
            assert not root.startswith("tablecards_"), f"{where} imports the game {module}"
            assert not root.startswith("_") or root == "__future__", f"{where} imports {module}"


def test_the_scan_would_catch_a_private_import(tmp_path: Path) -> None:
    tree = ast.parse("from tablecards._match import Match\nfrom tablecards import _serial\n")
    modules = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert modules[0].module is not None and not modules[0].module.startswith("tablecards.server")
    assert "_serial" not in tablecards.__all__


def test_the_server_depends_only_on_the_extra_and_the_core() -> None:
    roots = {module.split(".")[0] for _, module, _ in imports()}
    import sys

    third_party = {
        root
        for root in roots
        if root not in sys.stdlib_module_names and root not in {"tablecards", "__future__"}
    }
    assert third_party <= ALLOWED_THIRD_PARTY, third_party


def test_only_the_postgresql_store_imports_psycopg() -> None:
    """A SQLite-only server must start without the extra tablecards[postgres]."""
    where = {path for path, module, _ in imports() if module.split(".")[0] == "psycopg"}
    assert where == {"_postgres.py"}

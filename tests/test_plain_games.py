"""The games' code is plain code people can copy (#36): no module-level caches, no identity keys.

A game keeps nothing between calls: where a scene's part is expensive, it is kept with its zones
by the engine (:func:`tablecards.remember`), and speed lives in the engine. This test reads each
plugin's and example's sources and fails on what hand-made caching looks like: a module-level
dict, list or set that the module changes, a function under a ``functools`` cache, a key made
with ``id(...)``, a zone view's ``.parts`` read directly, an import of the engine's private
modules, or a card's face drawn in a scene module (the game draws it in ``Game.card_face``, once
for the engine to keep). The games not rewritten yet are expected to fail (strictly: the mark
goes when a game is rewritten, or the test says so).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The game packages whose code is not plain yet (#36), by folder under plugins/ or examples/.
NOT_PLAIN_YET: set[str] = set()

_CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
_CONTAINER_CALLS = {"dict", "list", "set", "OrderedDict", "defaultdict", "WeakValueDictionary"}
_MUTATORS = {
    "clear",
    "setdefault",
    "update",
    "pop",
    "popitem",
    "append",
    "add",
    "extend",
    "insert",
    "remove",
    "discard",
}
_CACHES = {"cache", "lru_cache", "cached_property"}


def _name(node: ast.expr) -> str | None:
    """The name a call or decorator ends with: ``lru_cache`` in ``functools.lru_cache(8)``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _module_containers(tree: ast.Module) -> set[str]:
    """The names the module binds at its top level to a dict, list or set."""
    bound: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if isinstance(value, _CONTAINERS) or (
            isinstance(value, ast.Call) and _name(value) in _CONTAINER_CALLS
        ):
            bound |= {target.id for target in targets if isinstance(target, ast.Name)}
    return bound


#: The keys of a card's face (a ``SceneFace``): a scene that writes them draws faces itself.
_FACE_KEYS = {"rank", "label"}


def _keys(node: ast.Dict) -> set[str]:
    """The string keys a dict display writes."""
    return {
        key.value
        for key in node.keys
        if isinstance(key, ast.Constant) and isinstance(key.value, str)
    }


def _private_engine_module(module: str) -> bool:
    """Whether ``module`` is one of the engine's private modules (``tablecards.core._state``)."""
    parts = module.split(".")
    return parts[0] == "tablecards" and any(part.startswith("_") for part in parts[1:])


def findings(source: str, path: str = "<source>") -> list[str]:
    """What in ``source`` keeps state between calls or reaches into the engine's internals."""
    tree = ast.parse(source, path)
    bound = _module_containers(tree)
    scene = Path(path).name.startswith("_scene")
    found: list[str] = []
    changed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if isinstance(node.value, ast.Name) and node.value.id in bound:
                changed.add(node.value.id)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "id":
                found.append(f"{path}:{node.lineno}: a key made with id(...)")
            elif (
                isinstance(func, ast.Attribute)
                and func.attr in _MUTATORS
                and isinstance(func.value, ast.Name)
                and func.value.id in bound
            ):
                changed.add(func.value.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if _name(decorator) in _CACHES:
                    found.append(f"{path}:{node.lineno}: {node.name} under a functools cache")
        elif isinstance(node, ast.Attribute) and node.attr == "parts":
            found.append(f"{path}:{node.lineno}: a zone view's .parts read by hand")
        elif isinstance(node, ast.Attribute) and node.attr == "sink":
            found.append(f"{path}:{node.lineno}: the state's event sink read (State.observed)")
        elif isinstance(node, ast.ImportFrom) and _private_engine_module(node.module or ""):
            found.append(f"{path}:{node.lineno}: an import of the engine's {node.module}")
        elif isinstance(node, ast.Dict) and scene and _keys(node) >= _FACE_KEYS:
            found.append(
                f"{path}:{node.lineno}: a card's face drawn in the scene (the game's "
                "card_face draws it once; tablecards.card_faces shows it)"
            )
    found += [f"{path}: module-level {name} is changed (a cache?)" for name in sorted(changed)]
    return found


def _packages() -> list[object]:
    """One item per game package's source folder, marked where the game is not plain yet."""
    items: list[object] = []
    for folder in sorted([*ROOT.glob("plugins/*/src/*"), *ROOT.glob("examples/*/src/*")]):
        if not folder.is_dir() or folder.name.endswith(".egg-info"):
            continue
        project = folder.parent.parent.name
        marks = (
            [pytest.mark.xfail(strict=True, reason="#36: not plain yet")]
            if project in NOT_PLAIN_YET
            else []
        )
        items.append(pytest.param(folder, id=project, marks=marks))
    return items


@pytest.mark.parametrize("folder", _packages())
def test_a_games_code_keeps_no_module_level_cache(folder: Path) -> None:
    """Every module of the game is plain: what the hook of #36 looks for is not there."""
    found = [
        line
        for path in sorted(folder.rglob("*.py"))
        for line in findings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "\n".join(found)


def test_the_packages_are_found() -> None:
    """The check reads every plugin and example, Hit! among them as plain."""
    ids = {param.id for param in _packages()}  # type: ignore[attr-defined]
    assert {"tablecards-hit", *NOT_PLAIN_YET} <= ids


@pytest.mark.parametrize(
    ("source", "finding"),
    [
        ("_SEEN = {}\ndef f(k):\n    _SEEN[k] = 1\n", "module-level _SEEN is changed"),
        ("_SEEN: list[int] = []\ndef f(k):\n    _SEEN.append(k)\n", "module-level _SEEN"),
        ("import functools\n@functools.lru_cache(64)\ndef f(k):\n    return k\n", "cache"),
        ("from functools import cache\n@cache\ndef f(k):\n    return k\n", "cache"),
        ("def f(zone):\n    return (id(zone), 1)\n", "id(...)"),
        ("def f(zone):\n    return zone.parts.get('row')\n", ".parts"),
        ("from tablecards._cards import ZoneView\n", "tablecards._cards"),
        ("from tablecards.core._state import zone_list\n", "tablecards.core._state"),
        ("def f(state):\n    return state.sink is None\n", "event sink"),
    ],
)
def test_the_check_finds_a_planted_cache(source: str, finding: str) -> None:
    """Each kind of hand-made caching the check looks for is found when planted."""
    found = findings(source)
    assert len(found) == 1 and finding in found[0], found


def test_the_check_finds_a_face_drawn_in_a_scene_module() -> None:
    """A scene shows faces the engine keeps (``tablecards.card_faces``); the game draws them
    in ``Game.card_face``, where a face's dict is at home."""
    source = "def face(card):\n    return {'id': 1, 'rank': '7', 'label': '7'}\n"
    found = findings(source, "tablecards_x/_scene.py")
    assert len(found) == 1 and "card_face" in found[0], found
    assert findings(source, "tablecards_x/_game.py") == []


def test_constants_and_local_containers_are_plain() -> None:
    """A module-level table read only, and a function's own dict, keep no state."""
    source = (
        "VALUES = {1: 11, 2: 11}\n"
        "def columns(cards):\n"
        "    made = {}\n"
        "    for card in cards:\n"
        "        made.setdefault(card, []).append(card)\n"
        "    return made, VALUES.get(1)\n"
    )
    assert findings(source) == []

"""A small JSON Schema checker for the engine's own schemas (no dependency to install).

It understands what :func:`tablecards.scene_schema` and :func:`tablecards.view_schema` use:
``type``, ``properties``, ``required``, ``additionalProperties``, ``items``, ``enum``,
``const``, ``minimum``, ``anyOf``, ``oneOf`` and local ``$ref``. The engine's tests check the
same documents with the ``jsonschema`` package, so both readings agree. A schema is compiled
once into nested functions (the kit checks thousands of scenes with one schema).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = ["compile_schema", "schema_problems"]

#: Checks a value at a path, adding what is wrong to a list.
Check = Callable[[Any, str, list[str]], None]

_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}
_COMPILED: dict[int, tuple[Mapping[str, Any], Check]] = {}


def schema_problems(value: Any, schema: Mapping[str, Any], limit: int = 5) -> list[str]:
    """Where ``value`` breaks ``schema``: up to ``limit`` problems, each with its path."""
    problems: list[str] = []
    compile_schema(schema)(value, "scene", problems)
    return problems[:limit]


def compile_schema(schema: Mapping[str, Any]) -> Check:
    """``schema`` as one function (compiled once per schema object, then reused)."""
    cached = _COMPILED.get(id(schema))
    if cached is not None and cached[0] is schema:
        return cached[1]
    refs: dict[str, Check] = {}
    check = _compile(schema, schema, refs)
    _COMPILED[id(schema)] = (schema, check)
    return check


def _is(value: Any, kinds: tuple[type, ...], numeric: bool) -> bool:
    # A bool is an int to Python, never a number to JSON Schema.
    return isinstance(value, kinds) and not (numeric and isinstance(value, bool))


def _compile(node: Mapping[str, Any], root: Mapping[str, Any], refs: dict[str, Check]) -> Check:
    if "$ref" in node:
        return _ref(node["$ref"], root, refs)
    parts: list[Check] = []
    kind = node.get("type")
    if kind is not None:
        names = [kind] if isinstance(kind, str) else list(kind)
        allowed = tuple(t for name in names for t in _TYPES[name])
        numeric = not {"integer", "number"}.isdisjoint(names) and "boolean" not in names
        wanted = " or ".join(names)

        def check_type(value: Any, path: str, out: list[str]) -> None:
            if not _is(value, allowed, numeric):
                out.append(f"{path} is {_brief(value)}, not {wanted}")

        parts.append(check_type)
    if "const" in node:
        const = node["const"]
        parts.append(_when(lambda v: v != const, lambda v: f"not {const!r}"))
    if "enum" in node:
        enum = list(node["enum"])
        parts.append(_when(lambda v: v not in enum, lambda v: f"not one of {enum}"))
    if "minimum" in node:
        low = node["minimum"]
        parts.append(
            _when(
                lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v < low,
                lambda v: f"below {low}",
            )
        )
    for key in ("anyOf", "oneOf"):
        if key in node:
            options = [_compile(option, root, refs) for option in node[key]]
            parts.append(_one_of(options, exactly_one=key == "oneOf"))
    if "properties" in node or "required" in node or "additionalProperties" in node:
        parts.append(_object(node, root, refs))
    if "items" in node:
        item = _compile(node["items"], root, refs)

        def check_items(value: Any, path: str, out: list[str]) -> None:
            if isinstance(value, list):
                for index, element in enumerate(value):
                    item(element, f"{path}[{index}]", out)

        parts.append(check_items)
    if kind is not None and len(parts) > 1:
        # Nothing else is checked once the type is wrong.
        first, rest = parts[0], parts[1:]

        def check_typed(value: Any, path: str, out: list[str]) -> None:
            found = len(out)
            first(value, path, out)
            if len(out) == found:
                for part in rest:
                    part(value, path, out)

        return check_typed

    def check_all(value: Any, path: str, out: list[str]) -> None:
        for part in parts:
            part(value, path, out)

    return check_all


def _when(bad: Callable[[Any], bool], why: Callable[[Any], str]) -> Check:
    def check(value: Any, path: str, out: list[str]) -> None:
        if bad(value):
            out.append(f"{path} is {_brief(value)}, {why(value)}")

    return check


def _ref(ref: str, root: Mapping[str, Any], refs: dict[str, Check]) -> Check:
    if ref not in refs:
        node: Any = root
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        refs[ref] = _missing  # a placeholder while the target compiles (recursive schemas)
        refs[ref] = _compile(node, root, refs)

    def check(value: Any, path: str, out: list[str]) -> None:
        refs[ref](value, path, out)

    return check


def _missing(value: Any, path: str, out: list[str]) -> None:  # pragma: no cover - placeholder
    raise RuntimeError("a schema reference was used while it compiled")


def _object(node: Mapping[str, Any], root: Mapping[str, Any], refs: dict[str, Check]) -> Check:
    properties = {
        name: _compile(sub, root, refs) for name, sub in node.get("properties", {}).items()
    }
    required = list(node.get("required", ()))
    closed = node.get("additionalProperties") is False

    def check(value: Any, path: str, out: list[str]) -> None:
        if not isinstance(value, dict):
            return
        for name in required:
            if name not in value:
                out.append(f"{path} has no {name!r}")
        for name, item in value.items():
            sub = properties.get(name)
            if sub is not None:
                sub(item, f"{path}.{name}", out)
            elif closed:
                out.append(f"{path} has an unknown key {name!r}")

    return check


def _one_of(options: list[Check], exactly_one: bool) -> Check:
    def check(value: Any, path: str, out: list[str]) -> None:
        fits = 0
        first: list[str] = []
        for option in options:
            found: list[str] = []
            option(value, path, found)
            if not found:
                fits += 1
                if not exactly_one:
                    return
            elif not first:
                first = found
        if fits == 0:
            out.append(f"{path} fits none of its forms ({first[0] if first else 'no form'})")
        elif exactly_one and fits > 1:
            out.append(f"{path} fits more than one of its forms")

    return check


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."

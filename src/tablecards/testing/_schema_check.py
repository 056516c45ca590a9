"""A small JSON Schema checker for the engine's own schemas (no dependency to install).

It understands what :func:`tablecards.scene_schema` and :func:`tablecards.view_schema` use:
``type``, ``properties``, ``required``, ``additionalProperties``, ``items``, ``enum``,
``const``, ``minimum``, ``anyOf``, ``oneOf`` and local ``$ref``. The engine's tests check the
same documents with the ``jsonschema`` package, so both readings agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["schema_problems"]

_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def schema_problems(value: Any, schema: Mapping[str, Any], limit: int = 5) -> list[str]:
    """Where ``value`` breaks ``schema``: up to ``limit`` problems, each with its path."""
    problems: list[str] = []
    _check(value, schema, schema, "scene", problems)
    return problems[:limit]


def _is(value: Any, name: str) -> bool:
    if name in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[name])


def _check(
    value: Any, schema: Mapping[str, Any], root: Mapping[str, Any], path: str, out: list[str]
) -> None:
    if "$ref" in schema:
        _check(value, _resolve(root, schema["$ref"]), root, path, out)
        return
    kind = schema.get("type")
    if kind is not None:
        kinds = [kind] if isinstance(kind, str) else list(kind)
        if not any(_is(value, name) for name in kinds):
            out.append(f"{path} is {_brief(value)}, not {' or '.join(kinds)}")
            return
    if "const" in schema and value != schema["const"]:
        out.append(f"{path} is {_brief(value)}, not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path} is {_brief(value)}, not one of {schema['enum']}")
    if "minimum" in schema and _is(value, "number") and value < schema["minimum"]:
        out.append(f"{path} is {value}, below {schema['minimum']}")
    for key in ("anyOf", "oneOf"):
        if key in schema:
            _one_of(value, schema[key], root, path, out, exactly_one=key == "oneOf")
    if isinstance(value, dict):
        _object(value, schema, root, path, out)
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            _check(item, schema["items"], root, f"{path}[{index}]", out)


def _object(
    value: dict[str, Any],
    schema: Mapping[str, Any],
    root: Mapping[str, Any],
    path: str,
    out: list[str],
) -> None:
    properties = schema.get("properties", {})
    for name in schema.get("required", ()):
        if name not in value:
            out.append(f"{path} has no {name!r}")
    for name, item in value.items():
        if name in properties:
            _check(item, properties[name], root, f"{path}.{name}", out)
        elif schema.get("additionalProperties") is False:
            out.append(f"{path} has an unknown key {name!r}")


def _one_of(
    value: Any,
    options: list[Mapping[str, Any]],
    root: Mapping[str, Any],
    path: str,
    out: list[str],
    exactly_one: bool,
) -> None:
    fits = 0
    first: list[str] = []
    for option in options:
        found: list[str] = []
        _check(value, option, root, path, found)
        if not found:
            fits += 1
        elif not first:
            first = found
    if fits == 0:
        out.append(f"{path} fits none of its forms ({first[0] if first else 'no form'})")
    elif exactly_one and fits > 1:
        out.append(f"{path} fits more than one of its forms")


def _resolve(root: Mapping[str, Any], ref: str) -> Mapping[str, Any]:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    result: Mapping[str, Any] = node
    return result


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."

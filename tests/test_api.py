"""The public API: exactly what __all__ lists, every name documented."""

from __future__ import annotations

import inspect

import tablecards


def test_every_public_name_exists_and_is_documented() -> None:
    for name in tablecards.__all__:
        obj = getattr(tablecards, name)
        if name == "__version__":
            continue
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert inspect.getdoc(obj), f"tablecards.{name} has no docstring"


def test_all_lists_every_public_name_once() -> None:
    assert len(tablecards.__all__) == len(set(tablecards.__all__))
    public = {
        name
        for name, value in vars(tablecards).items()
        if not name.startswith("_") and not inspect.ismodule(value)
    }
    assert public - {"annotations"} == set(tablecards.__all__) - {"__version__"}


def test_a_game_finds_the_rules_md_shipped_beside_it() -> None:
    from toys import SnapGame

    hit = tablecards.registry().games["hit"].cls
    text = hit.rules_text()
    assert text is not None and "HIT-01" in text
    assert SnapGame.rules_text() is None  # a bare module with no rules beside it


def test_public_classes_and_errors_report_their_public_path() -> None:
    import typing

    for name in tablecards.__all__:
        value = getattr(tablecards, name)
        if isinstance(value, type):
            assert value.__module__ == "tablecards", name
            assert getattr(tablecards, value.__qualname__) is value
    error = tablecards.IllegalAction(0, "x", "no")
    assert type(error).__module__ + "." + type(error).__qualname__ == "tablecards.IllegalAction"
    # typing still resolves the annotations written in the private modules.
    assert typing.get_type_hints(tablecards.Zone)["owner"] == int | None
    assert "players" in typing.get_type_hints(tablecards.State)

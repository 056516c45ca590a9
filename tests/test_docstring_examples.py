"""The API reference teaches: summaries, typed signatures and runnable examples in docstrings.

- Every public name of ``tablecards`` and ``tablecards.testing`` has a docstring whose first line
  is a one-line summary, and every public function and method is fully annotated.
- The names a user meets first carry an example (a ``>>>`` block) in their own docstring:
  :data:`FIRST_MET`. A new error class of ``tablecards`` is added to it automatically.
- Every ``>>>`` example of the package runs here, as a reader would paste it: in a fresh
  namespace, importing what it uses (the examples use Hit!, which ``pip install tablecards-hit``
  gives, and which a clone's ``uv run`` installs).
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import Any

import pytest

import tablecards
import tablecards.testing

#: The classes and functions a user meets first, and the hooks of a game a plugin implements
#: first: each has an example in its own docstring. Every error class is added below.
FIRST_MET = (
    "tablecards.Match",
    "tablecards.Game",
    "tablecards.Game.initial_state",
    "tablecards.Game.setup",
    "tablecards.Game.legal_actions",
    "tablecards.Game.why_illegal",
    "tablecards.Game.apply",
    "tablecards.Game.scores",
    "tablecards.Game.view_extra",
    "tablecards.Zone",
    "tablecards.State",
    "tablecards.simulate",
    "tablecards.compare",
    "tablecards.testing.check_game",
)


def _resolve(dotted: str) -> Any:
    """The object a dotted name like ``tablecards.testing.check_game`` or ``tablecards.Game.apply``
    names."""
    module = tablecards.testing if dotted.startswith("tablecards.testing.") else tablecards
    obj: Any = module
    for part in dotted.removeprefix(module.__name__ + ".").split("."):
        obj = getattr(obj, part)
    return obj


def _errors() -> list[str]:
    return sorted(
        f"tablecards.{name}"
        for name in tablecards.__all__
        if inspect.isclass(getattr(tablecards, name))
        and issubclass(getattr(tablecards, name), tablecards.TablecardsError)
    )


def _public() -> list[tuple[str, Any]]:
    names = [(f"tablecards.{n}", getattr(tablecards, n)) for n in tablecards.__all__]
    names += [
        (f"tablecards.testing.{n}", getattr(tablecards.testing, n))
        for n in tablecards.testing.__all__
    ]
    return [(name, obj) for name, obj in names if inspect.isclass(obj) or inspect.isfunction(obj)]


def _own_docstring(obj: Any) -> str:
    # inspect.getdoc would inherit a base class's docstring: an error must have its own example.
    return obj.__doc__ or ""


def test_the_names_met_first_resolve_and_every_error_is_among_them() -> None:
    errors = _errors()
    assert "tablecards.IllegalAction" in errors and "tablecards.TablecardsError" in errors
    for name in (*FIRST_MET, *errors):
        _resolve(name)  # a renamed or removed name fails here, not silently


@pytest.mark.parametrize("name", [*FIRST_MET, *_errors()])
def test_a_name_met_first_has_an_example_in_its_docstring(name: str) -> None:
    assert ">>>" in _own_docstring(_resolve(name)), (
        f"{name} has no runnable example (a >>> block) in its docstring"
    )


@pytest.mark.parametrize(("name", "obj"), _public(), ids=[name for name, _ in _public()])
def test_every_public_name_has_a_summary_and_a_typed_signature(name: str, obj: Any) -> None:
    doc = _own_docstring(obj).strip()
    assert doc, f"{name} has no docstring"
    assert doc.splitlines()[0].strip().endswith((".", ":")), f"{name}: no one-line summary"
    functions = [obj] if inspect.isfunction(obj) else _own_methods(obj)
    for function in functions:
        signature = inspect.signature(function)
        unannotated = [
            p.name
            for p in signature.parameters.values()
            if p.annotation is p.empty and p.name not in ("self", "cls")
        ]
        assert not unannotated, f"{function.__qualname__}: parameters without a type {unannotated}"
        assert signature.return_annotation is not signature.empty, (
            f"{function.__qualname__} has no return type"
        )


def _own_methods(cls: type) -> list[Any]:
    # Public methods written in the class itself (attrs-generated ones are typed by their fields).
    return [
        value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
        for key, value in vars(cls).items()
        if not key.startswith("_")
        and (inspect.isfunction(value) or isinstance(value, (classmethod, staticmethod)))
    ]


def _modules() -> list[ModuleType]:
    # The package itself too: its public classes report `tablecards` as their module (so that
    # tracebacks name public paths), and doctest looks for a class's examples in that module.
    return [tablecards] + [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(tablecards.__path__, "tablecards.")
    ]


class _Finder(doctest.DocTestFinder):
    """Finds the examples of the public classes' methods too.

    A public class reports ``tablecards`` as its module, but its methods are functions of the
    private module that defines them, which doctest would take for imports and skip.
    """

    def _from_module(self, module: ModuleType | None, object: Any) -> bool:
        if module is tablecards and inspect.isfunction(object) and "." in object.__qualname__:
            # The private modules of the layers: tablecards.core._game, tablecards.play._match...
            name = str(object.__globals__.get("__name__", ""))
            return name.startswith("tablecards.") and "._" in name
        return bool(super()._from_module(module, object))  # type: ignore[misc]


def test_the_examples_are_found() -> None:
    # The finder below must see the examples, or the next test proves nothing.
    found = {
        test.name
        for module in _modules()
        for test in _Finder().find(module, globs={})
        if test.examples
    }
    assert {"tablecards.Match", "tablecards.Zone", "tablecards.Game.apply"} <= found


@pytest.mark.parametrize("module", _modules(), ids=lambda module: module.__name__)
def test_docstring_examples_run(module: ModuleType) -> None:
    finder = _Finder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    for test in finder.find(module, globs={}):
        runner.run(test, out=failures.append)
    assert not failures, "".join(failures)

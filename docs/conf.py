"""Sphinx configuration of the tablecards documentation.

Build (offline, zero warnings)::

    uv run --locked --group docs sphinx-build -n -W --keep-going -b html docs docs/_build/html

``tests/test_docs.py`` runs the same build and fails on anything it prints.
"""

from __future__ import annotations

from typing import Any

import tablecards

project = "tablecards"
author = "The tablecards developers"
copyright = "2026, the tablecards developers"
release = tablecards.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    # sphinx-click must come before sphinx-autodoc-typehints (sphinx-click issue #159).
    "sphinx_click",
    "sphinx_autodoc_typehints",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_inv", "Thumbs.db", ".DS_Store"]

html_theme = "furo"
html_title = f"tablecards {release}"

# -- MyST --------------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# -- autodoc -----------------------------------------------------------------------------------
autodoc_member_order = "bysource"
# Entries read `Match(...)` under the page's module, and hooks read `tablecards_match_event(...)`
# instead of the private module that holds their specs (`tablecards.registry._hookspecs.`).
add_module_names = False
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "signature"
typehints_use_signature = True
typehints_use_signature_return = False
always_use_bars_union = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- nitpicky without network ------------------------------------------------------------------
# The build runs with -n (every reference must resolve) and offline: CI machines reach only
# the package registries, so intersphinx cannot fetch the Python, attrs, click or pluggy
# inventories, and none are committed. References to those projects' types (in signatures
# and docstrings) therefore have no target here; they are ignored by module below, and
# rendered as plain names. Anything of tablecards that does not resolve still fails the build.
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|typing|typing_extensions|types|enum|random|json)\..*"),
    (r"py:.*", r"(concurrent\.futures|importlib\.metadata)\..*"),
    (r"py:.*", r"(attrs|attr|click|pluggy|rich)\..*"),
    # Bare names of stdlib and third-party types as they appear in docstrings and signatures.
    (r"py:.*", r"(Executor|Random|Path|Group|PluginManager|HookImpl|Attribute|MutableSequence)"),
    (r"py:.*", r"(PluginManager|HookimplMarker|HookspecMarker)\..*"),
    (r"py:data", r"Ellipsis"),  # the ``...`` of ``tuple[int, ...]``
    (r"py:.*", r"(Callable|Sequence|Mapping|Iterable|Iterator|Container|ClassVar|Final|Any)"),
    # Type variables, aliases and helper classes of the engine's private modules (in the folders
    # of its layers): they appear in public signatures but are not public names, so they have
    # no entry to link to.
    (r"py:.*", r"tablecards\.(core|registry|table|saves|play|search)\._\w+(\.\w+)?"),
    (r"py:.*", r"(C|S|T|BotFactory)"),
    # The rl extra's libraries (tablecards.rl): NumPy arrays, Gymnasium spaces, PettingZoo.
    (r"py:.*", r"(np|numpy|npt|gymnasium|pettingzoo|spaces)\..*"),
    (r"py:.*", r"(AECEnv|Env|Space|SupportsFloat|Observation|Reward|Literal|NDArray)"),
    (r"py:.*", r"(array\.array|float32|int64|integer)"),
]


# sphinx-autodoc-typehints cannot evaluate annotations whose names are imported only under
# ``TYPE_CHECKING`` in some modules (``Bot`` in BotInfo, ``Match`` in EventRecorder); the
# signature then shows the annotation as written, which is what a reader needs.
suppress_warnings = ["sphinx_autodoc_typehints.forward_reference"]


# -- property docstrings -----------------------------------------------------------------------
# Napoleon reads the first line of a property's docstring as "type: description", so
# "The seats that may act now: one seat, ..." would get the type "The seats that may act now".
# The engine's properties are plain sentences (their type comes from the annotation): keep
# them as written by undoing napoleon's change for properties only.
_PROPERTY_DOCS: dict[str, list[str]] = {}


def _save_property_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what == "property":
        _PROPERTY_DOCS[name] = list(lines)


def _restore_property_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what == "property" and name in _PROPERTY_DOCS:
        lines[:] = _PROPERTY_DOCS.pop(name)


def setup(app: Any) -> None:
    # Napoleon handles autodoc-process-docstring at the default priority (500).
    app.connect("autodoc-process-docstring", _save_property_doc, priority=400)
    app.connect("autodoc-process-docstring", _restore_property_doc, priority=600)

"""A part kept with two zones, as :func:`tablecards.remember` keeps it with a tuple of them.

``remember((first, second), key, build, ...)`` checks that every zone of the tuple is shared
before it names the others by their stamps in the key; for the pairs a scene keeps once per
seat per call (a row and its loot), that check is a third of the scene's time. Here the second
zone's stamp goes in the key directly, and a view whose zones are not shared builds the part.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from tablecards import ZoneView, remember

__all__ = ["keep_with"]

T = TypeVar("T")


def keep_with(first: Any, second: Any, key: Hashable, build: Callable[..., T], *args: Any) -> T:
    """``remember((first, second), key, build, *args)``, cheaper."""
    if type(second) is ZoneView:
        return remember(first, (key, second.stamp), build, *args)
    return build(*args)

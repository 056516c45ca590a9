"""Parts of a scene kept with the zones they were built from.

A scene is rebuilt after every move for every seat, yet most of a table has not changed since
the last one: the other players' hands, the piles, the rows. :meth:`tablecards.Match.scene`
hands a game's scene hook a view whose zones are shared :class:`~tablecards.ZoneView` objects,
the same object as long as the zone shows its viewer the same thing; :func:`remember` keeps
what a scene built from such zones with the first of them, so the next scene finds it there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, TypeVar

from typing_extensions import ParamSpec

from tablecards.core._cards import ZoneView

__all__ = ["remember"]

P = ParamSpec("P")
T = TypeVar("T")

# Parts kept with one zone at most: a zone that outlives many changes of the zones named in
# its keys (or of the values in them) starts again rather than keeping every old part.
_PARTS: Final = 64


def remember(
    zones: Any, key: Hashable, build: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``build(*args, **kwargs)``, kept with ``zones`` under ``key`` while they are unchanged.

    ``zones`` is the zone of the view the part is built from (``view["zones"][name]``), or a
    tuple of the zones it is built from. When they are shared :class:`~tablecards.ZoneView`
    objects (the view :meth:`Match.scene <tablecards.Match.scene>` gives the scene hook), the
    first call builds the part and later calls with the same zone objects and an equal ``key``
    return that same part; with any other view (one built by hand, or :meth:`Match.view
    <tablecards.Match.view>`'s fresh dicts) the part is built every time. Either way the scene
    is the same, and the conformance kit checks that it is.

    ``key`` must name everything else the part depends on: its title, its style, whether the
    viewer owns the zone, a score shown beside it. What is returned is shared by every scene
    that finds it: never change it, in the scene or after.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> deck = match.scene_view(0)["zones"]["deck"]
        >>> def box(zone, title):
        ...     return {"title": title, "count": zone["count"]}
        >>> first = tablecards.remember(deck, "Draw pile", box, deck, "Draw pile")
        >>> first
        {'title': 'Draw pile', 'count': 89}
        >>> tablecards.remember(deck, "Draw pile", box, deck, "Draw pile") is first
        True
    """
    if type(zones) is ZoneView:
        home = zones
    elif type(zones) is tuple and zones:
        # A plain loop: this runs for every part of every scene (a generator costs twice).
        stamps = [key]
        for zone in zones:
            if type(zone) is not ZoneView:
                return build(*args, **kwargs)
            stamps.append(zone.stamp)
        home = zones[0]
        key = tuple(stamps)
    else:
        return build(*args, **kwargs)
    parts = home.parts
    made = parts.get(key, _MISSING)
    if made is _MISSING:
        if len(parts) >= _PARTS:
            parts.clear()
        made = parts[key] = build(*args, **kwargs)
    return made  # type: ignore[no-any-return]


_MISSING: Any = object()

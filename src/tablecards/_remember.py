"""Parts of a scene kept with the zone they were built from.

A scene is rebuilt after every move for every seat, yet most of a table has not changed since
the last one: the other players' hands, the piles, the rows. :meth:`tablecards.Match.scene`
hands a game's scene hook a view whose zones are shared :class:`~tablecards.ZoneView` objects,
the same object as long as the zone shows its viewer the same thing; :func:`remember` keeps
what a scene built from such a zone on the zone itself, so the next scene finds it there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from typing_extensions import ParamSpec

from tablecards._cards import ZoneView

__all__ = ["remember"]

P = ParamSpec("P")
T = TypeVar("T")


def remember(
    zone: Any, key: Hashable, build: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``build(*args, **kwargs)``, kept with ``zone`` under ``key`` for as long as the zone
    shows the same thing.

    ``zone`` is one zone of the view a scene is built from (``view["zones"][name]``). When it
    is a shared :class:`~tablecards.ZoneView` (the view :meth:`Match.scene
    <tablecards.Match.scene>` gives the scene hook), the first call builds the part and later
    calls with the same zone object and ``key`` return that same part; any other zone (a view
    built by hand, or :meth:`Match.view <tablecards.Match.view>`'s fresh dicts) builds it every
    time. Either way the scene is the same, which the conformance kit checks.

    ``key`` must name everything the part depends on besides the zone: its title, its style,
    whether the viewer owns the zone. A part built from two zones belongs to neither: build
    it every time, from parts remembered with each. What is returned is shared by every scene
    that remembers it: never change it, in the scene or after.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> deck = match.game.scene_view(match.state, 0)["zones"]["deck"]
        >>> def box(zone, title):
        ...     return {"title": title, "count": zone["count"]}
        >>> first = tablecards.remember(deck, "Draw pile", box, deck, "Draw pile")
        >>> first
        {'title': 'Draw pile', 'count': 89}
        >>> tablecards.remember(deck, "Draw pile", box, deck, "Draw pile") is first
        True
    """
    if type(zone) is not ZoneView:
        return build(*args, **kwargs)
    parts = zone.parts
    made = parts.get(key, _MISSING)
    if made is _MISSING:
        made = parts[key] = build(*args, **kwargs)
    return made  # type: ignore[no-any-return]


_MISSING: Any = object()

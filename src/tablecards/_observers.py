"""The observers of a match: their implemented hooks, registered with pluggy once per group."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable

import pluggy

from tablecards import _hookspecs
from tablecards._errors import PluginError, show

__all__ = ["Observers", "observer_hooks"]


class Observers:
    """The match hooks that a match's observers implement; ``None`` for the others.

    Calling a pluggy hook costs even with no implementation, and building events costs too, so
    a match calls only implemented hooks and records events only when someone listens to them.
    """

    __slots__ = ("__weakref__", "applied", "ended", "event", "group", "started")

    def __init__(self, group: tuple[object, ...], pm: pluggy.PluginManager) -> None:
        # The group keeps the observers alive exactly as long as a match holds this object.
        self.group = group
        hook = pm.hook
        self.started = _implemented(hook.tablecards_match_started)
        self.event = _implemented(hook.tablecards_match_event)
        self.applied = _implemented(hook.tablecards_action_applied)
        self.ended = _implemented(hook.tablecards_match_ended)


def _implemented(caller: pluggy.HookCaller) -> pluggy.HookCaller | None:
    return caller if caller.get_hookimpls() else None


# Registering an observer with pluggy inspects all its attributes (hundreds of microseconds),
# and simulations pass the same long-lived observers to match after match. The hooks of a group
# are shared by the matches alive that use it: the cache holds them weakly, so once the last of
# those matches is gone nothing here keeps the observers (and what they recorded) alive. A lock
# makes creating matches from several threads safe.
_CACHE: weakref.WeakValueDictionary[tuple[int, ...], Observers] = weakref.WeakValueDictionary()
_LOCK = threading.Lock()


def observer_hooks(observers: Iterable[object]) -> Observers | None:
    """The hooks of ``observers`` (``None`` for no observer), shared with live matches."""
    group = tuple(observers)
    if not group:
        return None
    key = tuple(id(observer) for observer in group)
    with _LOCK:
        cached = _CACHE.get(key)
    # Ids are reused once an object is gone: the cached group must be these very objects.
    if cached is not None and all(a is b for a, b in zip(cached.group, group, strict=True)):
        return cached
    pm = pluggy.PluginManager(_hookspecs.PROJECT)
    pm.add_hookspecs(_hookspecs)
    for observer in group:
        try:
            pm.register(observer)
        except (ValueError, pluggy.PluginValidationError) as error:
            # pluggy refuses the same object twice and hook methods with unknown arguments.
            raise PluginError(
                f"observer {show(observer)} cannot observe a match: {error}"
            ) from None
    hooks = Observers(group, pm)
    with _LOCK:
        _CACHE[key] = hooks
    return hooks

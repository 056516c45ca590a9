"""The observers of a match: their implemented hooks, registered with pluggy once per group.

:class:`EventRecorder`, the observer that keeps what it is told, lives here with them (not with
the events, in the core: an observer implements the registry's hooks).
"""

from __future__ import annotations

import contextlib
import inspect
import threading
import types
import weakref
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs
import pluggy

from tablecards.core._errors import PluginError, show
from tablecards.core._events import Event
from tablecards.registry import _hookspecs
from tablecards.registry._hookspecs import hookimpl

if TYPE_CHECKING:
    from tablecards.play._match import Match

__all__ = ["EventRecorder", "Observers", "observer_hooks"]


Hook = Callable[..., object]


def _arguments(function: Callable[..., object]) -> tuple[str, ...]:
    """The arguments pluggy passes to a hook function: those without a default (``self`` is
    bound already)."""
    return tuple(
        name
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.default is parameter.empty
        and parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
    )


# The match hooks, with the argument names of their specifications.
MATCH_HOOKS: dict[str, tuple[str, ...]] = {
    name: _arguments(getattr(_hookspecs, name))
    for name in (
        "tablecards_match_started",
        "tablecards_match_event",
        "tablecards_action_applied",
        "tablecards_match_ended",
    )
}
_MARK = _hookspecs.PROJECT + "_impl"


class Observers:
    """The match hooks that a match's observers implement; ``None`` for the others.

    Calling a pluggy hook costs even with no implementation, and building events costs too, so
    a match calls only implemented hooks and records events only when someone listens to them.
    Each hook is a callable taking the hook's keyword arguments.
    """

    __slots__ = ("__weakref__", "applied", "ended", "event", "group", "started")

    def __init__(self, group: tuple[object, ...], hooks: dict[str, Hook | None]) -> None:
        # The group keeps the observers alive exactly as long as a match holds this object.
        self.group = group
        self.started = hooks["tablecards_match_started"]
        # Called positionally, as event(match, event): the commonest call of an observed match.
        self.event = _positional(hooks["tablecards_match_event"], MATCH_HOOKS[_EVENT_HOOK])
        self.applied = hooks["tablecards_action_applied"]
        self.ended = hooks["tablecards_match_ended"]


_EVENT_HOOK: Final = "tablecards_match_event"


def _positional(hook: Hook | None, expected: tuple[str, ...]) -> Hook | None:
    """``hook`` as a call taking the hook's arguments by position, in ``expected``'s order.

    A method that declares exactly those arguments, in that order, is called as it is (a call
    by position costs less than one by keyword); pluggy's callers and the other adapters take
    keywords, so they are wrapped.
    """
    if hook is None:
        return None
    if isinstance(hook, types.MethodType) and _declared(hook) == expected:
        return hook

    def call(*arguments: Any) -> object:
        return hook(**dict(zip(expected, arguments, strict=True)))

    return call


def _implemented(caller: pluggy.HookCaller) -> pluggy.HookCaller | None:
    return caller if caller.get_hookimpls() else None


def _through_pluggy(group: tuple[object, ...]) -> dict[str, Hook | None]:
    """The hooks as pluggy calls them: for observers that use pluggy's ordering or wrappers."""
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
    return {name: _implemented(getattr(pm.hook, name)) for name in MATCH_HOOKS}


def _direct(group: tuple[object, ...]) -> dict[str, Hook | None] | None:
    """The hooks as direct calls of the observers' methods, as pluggy would call them (the
    last observer first, each method given the arguments it declares); ``None`` when an
    observer asks for more than that (a wrapper, tryfirst/trylast, a ``specname``).

    A pluggy hook call costs about 1 µs of bookkeeping, paid for every event, and registering
    an observer with a fresh plugin manager about half a millisecond, paid for every match.
    """
    found: dict[str, list[Hook]] = {name: [] for name in MATCH_HOOKS}
    seen: set[int] = set()
    for observer in group:
        if id(observer) in seen:
            raise PluginError(
                f"observer {show(observer)} cannot observe a match: it is given twice"
            )
        seen.add(id(observer))
        for attribute in _marked(observer):
            method = getattr(observer, attribute, None)
            options = getattr(method, _MARK, None)
            if method is None or not isinstance(options, dict):
                continue
            if any(options.get(key) for key in ("wrapper", "hookwrapper", "tryfirst", "trylast")):
                return None
            if options.get("specname") or attribute not in MATCH_HOOKS:
                return None  # another hook, or a renamed one: pluggy sorts those out
            declared = _declared(method)
            expected = MATCH_HOOKS[attribute]
            if not set(declared) <= set(expected):
                raise PluginError(
                    f"observer {show(observer)} cannot observe a match: its {attribute} takes "
                    f"{', '.join(declared)}, but the hook gives only {', '.join(expected)}"
                )
            found[attribute].append(_caller(method, declared, expected))
    return {name: _combined(list(reversed(methods))) for name, methods in found.items()}


def _marked(observer: object) -> list[str]:
    """The names of the observer's attributes marked as hook implementations (as pluggy's scan
    of ``dir(observer)`` finds them): its class's, scanned once per class, and its own."""
    cls = type(observer)
    try:
        names = _CLASS_MARKS[cls]
    except (KeyError, TypeError):
        names = [
            name
            for name in dir(cls)
            if isinstance(getattr(getattr(cls, name, None), _MARK, None), dict)
        ]
        # A class that cannot be weakly referenced is scanned every time.
        with contextlib.suppress(TypeError):
            _CLASS_MARKS[cls] = names
    own = getattr(observer, "__dict__", None)
    if not own:
        return names
    extra = [name for name, value in own.items() if isinstance(getattr(value, _MARK, None), dict)]
    return sorted(set(names) | set(extra))


def _declared(method: Hook) -> tuple[str, ...]:
    """:func:`_arguments` of a hook method, remembered per function (inspecting a signature
    costs tens of microseconds, and a server creates an observer per match)."""
    function = getattr(method, "__func__", None)
    if function is None:
        return _arguments(method)
    try:
        return _ARGUMENTS[function]
    except (KeyError, TypeError):
        declared = _arguments(method)
    with contextlib.suppress(TypeError):
        _ARGUMENTS[function] = declared
    return declared


_ARGUMENTS: weakref.WeakKeyDictionary[Any, tuple[str, ...]] = weakref.WeakKeyDictionary()
_CLASS_MARKS: weakref.WeakKeyDictionary[type, list[str]] = weakref.WeakKeyDictionary()


def _caller(method: Hook, declared: tuple[str, ...], expected: tuple[str, ...]) -> Hook:
    if declared == expected:
        return method

    def call(**arguments: Any) -> object:
        return method(**{name: arguments[name] for name in declared})

    return call


def _combined(methods: list[Hook]) -> Hook | None:
    if not methods:
        return None
    if len(methods) == 1:
        return methods[0]

    def call(**arguments: Any) -> None:
        for method in methods:
            method(**arguments)

    return call


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
    calls = _direct(group)
    hooks = Observers(group, calls if calls is not None else _through_pluggy(group))
    with _LOCK:
        _CACHE[key] = hooks
    return hooks


@attrs.define(eq=False)
class EventRecorder:
    """An observer that keeps every event of the matches it watches.

    Pass it to a match (``Match(game, players=3, seed=1, observers=[recorder])``), then ask
    :meth:`stream` for what one seat saw. The conformance kit uses it to prove that a seat's
    stream never holds what that seat may not see.
    """

    events: list[Event] = attrs.field(factory=list)

    @hookimpl
    def tablecards_match_event(self, match: Match, event: Event) -> None:
        """Hook implementation: record the event."""
        self.events.append(event)

    def stream(self, seat: int | None) -> list[dict[str, Any]]:
        """The JSON of every recorded event as ``seat`` sees it (``None``: a spectator)."""
        out = []
        for event in self.events:
            seen = event.seen_by(seat)
            if seen is not None:
                out.append(seen.to_json())
        return out

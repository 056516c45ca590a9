"""The ways to name a bot for a simulation: a registered name, a reference, a factory, an object.

A simulation sends its bots to worker processes, which may be started afresh (``spawn``,
``forkserver``) and then know only what they can import. So a bot travels as what was given
(a name, a ``"module:factory"`` string, or a picklable factory or object) and each process
turns it into a factory itself, with :func:`bot_factory`.
"""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import sys
from collections.abc import Callable
from typing import Any, TypeAlias

from tablecards.core._errors import BotError, brief, show
from tablecards.core._game import Game
from tablecards.registry._plugins import BotFactory, Registry
from tablecards.search._bots import Bot
from tablecards.search._infoset import SearchBot

__all__ = ["BotSpec", "bot_factory", "bot_label", "check_bot", "check_sendable"]

#: What ``simulate`` and ``compare`` take for one bot: a registered name, an importable
#: reference ``"package.module:factory"``, a factory ``(game, seat) -> bot``, or a bot object.
BotSpec: TypeAlias = str | Callable[[Game[Any], int], Bot | SearchBot] | Bot | SearchBot

_HELP = (
    "give a registered name, a 'module:factory' reference, a factory called as "
    "factory(game, seat), or an object with choose(view, actions, rng)"
)


def bot_label(spec: object) -> str:
    """How a report names the bot: the name or reference as given, else ``module:qualname``."""
    if isinstance(spec, str):
        return spec
    target = spec.func if isinstance(spec, functools.partial) else spec  # named after its function
    if not hasattr(target, "__qualname__"):
        target = type(target)  # a bot object is named after its class
    return f"{target.__module__}:{target.__qualname__}"


def bot_factory(spec: object, game: Game[Any], reg: Registry) -> BotFactory:
    """The factory of ``spec`` for ``game``: registered, imported, given, or copying an object.

    Raises:
        UnknownBot: a name that no plugin registered for the game.
        BotError: a reference that does not import, or a value that is not a bot.
    """
    if isinstance(spec, str):
        if ":" in spec:
            return _as_factory(load_reference(spec), spec)
        return reg.bot(game.name, spec).factory
    return _as_factory(spec, bot_label(spec))


def load_reference(reference: str) -> object:
    """Import ``"package.module:attribute"`` (the attribute may be dotted: ``Class.factory``).

    Raises:
        BotError: the reference is malformed, its module does not import, or it has no such
            attribute.
    """
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise BotError(reference, "a reference is 'package.module:factory'")
    try:
        target: object = importlib.import_module(module_name)
    except Exception as error:  # any failure of the user's module is reported, named
        raise BotError(
            reference, f"module {module_name!r} does not import ({brief(error)})"
        ) from error
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise BotError(reference, f"{module_name!r} has no {attribute!r}") from None
    return target


def _as_factory(value: object, label: str) -> BotFactory:
    if isinstance(value, type) or (callable(value) and not _is_bot(value)):
        return value
    if _is_bot(value):
        return _Copies(value)
    raise BotError(label, f"{show(value)} is not a bot: {_HELP}")


def _is_bot(value: object) -> bool:
    return callable(getattr(value, "choose", None)) or callable(getattr(value, "choose_in", None))


class _Copies:
    """A factory that deals out fresh copies of one bot object, one per seat of each match.

    Copies, so that nothing one match teaches the object leaks into the next and the report
    stays the same whichever process played which match. A copy's ``seat`` attribute, when the
    object has one (the engine's and the plugins' bots do), is set to the seat it takes.
    """

    def __init__(self, bot: object) -> None:
        self.bot = bot

    def __call__(self, game: Game[Any], seat: int) -> Any:
        bot = copy.deepcopy(self.bot)
        if isinstance(getattr(bot, "seat", None), int):
            bot.seat = seat  # type: ignore[attr-defined]
        return bot


def check_bot(spec: object, game: Game[Any], reg: Registry) -> None:
    """Fail fast, before any match: find ``spec``; unless it is registered, make its bot for
    seat 0 and check that it is a bot.

    Raises:
        UnknownBot: an unknown registered name.
        BotError: anything else that would fail in the first match.
    """
    factory = bot_factory(spec, game, reg)
    if isinstance(spec, str) and ":" not in spec:
        return  # a plugin's registered bot: known by name, as simulate always checked it
    label = bot_label(spec)
    try:
        bot = factory(game, 0)
    except Exception as error:
        raise BotError(
            label, f"factory(game, seat) failed: {type(error).__name__}: {brief(error)}"
        ) from error
    if not _is_bot(bot):
        raise BotError(label, f"the factory returned {show(bot)}, which is not a bot: {_HELP}")


def check_sendable(spec: object, start_method: str | None) -> None:
    """Fail fast when ``spec`` cannot reach worker processes.

    ``start_method`` is the workers' (``None``: not known, as for an executor given by the
    caller). Names and references always travel; a factory or object must pickle, and under
    ``spawn`` or ``forkserver`` its module must be importable by name from a fresh process,
    which the ``__main__`` of an interactive session (a REPL, a notebook) is not.

    Raises:
        BotError: naming the bot, with what to pass instead.
    """
    if isinstance(spec, str):
        return
    label = bot_label(spec)
    advice = (
        "pass a factory defined at the top level of an importable module (or its "
        "'module:factory' reference), or run without workers"
    )
    try:
        pickle.dumps(spec)
    except Exception as error:
        raise BotError(
            label, f"cannot be sent to worker processes ({brief(error)}): {advice}"
        ) from error
    main = sys.modules.get("__main__")
    fresh = start_method in ("spawn", "forkserver")
    if fresh and label.startswith("__main__:") and not getattr(main, "__file__", None):
        raise BotError(
            label,
            f"is defined in an interactive session, which {start_method} workers cannot "
            f"import: {advice}",
        )

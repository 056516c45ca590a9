"""Finding plugins: the plugin manager factory, entry-point loading and the registry.

Nothing happens at import time: the registry is built the first time it is asked for.
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Iterable
from importlib import import_module, metadata
from typing import TYPE_CHECKING, Any, Final

import attrs
import pluggy

from tablecards.core._errors import PluginError, UnknownBot, UnknownGame
from tablecards.core._game import Game
from tablecards.registry import _hookspecs

if TYPE_CHECKING:
    from tablecards.search._bots import Bot

__all__ = [
    "BotInfo",
    "GameInfo",
    "PluginFailure",
    "Registry",
    "available_games",
    "load_game",
    "plugin_manager",
    "registry",
]

#: Comma-separated entry-point names to load; unset loads every installed plugin.
PLUGINS_ENV = "TABLECARDS_PLUGINS"

BotFactory = Callable[[Game[Any], int], "Bot"]


class _UnboundedOption(PluginError):
    """A game with an option that declares no range (see :meth:`Game.option_ranges`)."""


class PluginWarning(UserWarning):
    """An installed plugin could not be loaded; the others still work."""


@attrs.frozen
class PluginFailure:
    """A plugin that failed to load or register: its name, distribution and the error."""

    name: str
    distribution: str | None
    error: str

    def __str__(self) -> str:
        where = f" (from {self.distribution})" if self.distribution else ""
        return f"plugin {self.name!r}{where} failed: {self.error}"


@attrs.frozen
class GameInfo:
    """A registered game: its class and the distribution that provides it."""

    name: str
    cls: type[Game[Any]]
    distribution: str | None
    version: str | None


@attrs.frozen
class BotInfo:
    """A registered bot: its name, the game it is for (``None``: any) and its factory."""

    name: str
    factory: BotFactory
    game: str | None
    description: str
    plugin: str


#: The engine's own plugin (the built-in bots), loaded by its module's name as an entry point's
#: plugin is: the registry knows plugins, not the bots of the search layer below it.
_BUILTIN: Final = "tablecards.search._builtin"


def plugin_manager(load_entrypoints: bool = True) -> pluggy.PluginManager:
    """A new plugin manager with tablecards' hook specs and built-in plugin registered.

    With ``load_entrypoints`` it also loads the installed plugins of the ``tablecards``
    entry-point group (as restricted by ``TABLECARDS_PLUGINS``); failures are recorded in
    ``pm.tablecards_failures`` (a list of :class:`PluginFailure`) rather than raised.
    """
    pm = pluggy.PluginManager(_hookspecs.PROJECT)
    pm.add_hookspecs(_hookspecs)
    pm.register(import_module(_BUILTIN), name="tablecards.builtin")
    failures: list[PluginFailure] = []
    if load_entrypoints:
        failures.extend(_load_entrypoints(pm))
    pm.tablecards_failures = failures  # type: ignore[attr-defined]
    return pm


def _load_entrypoints(pm: pluggy.PluginManager) -> Iterable[PluginFailure]:
    # A loop of our own rather than pm.load_setuptools_entrypoints: that one lets one broken
    # plugin's ImportError crash the host and skips a duplicate name silently.
    allowed = _allowed_plugins()
    for ep in metadata.entry_points(group=_hookspecs.PROJECT):
        if allowed is not None and ep.name not in allowed:
            continue
        dist = ep.dist.name if ep.dist is not None else None
        if pm.has_plugin(ep.name):
            yield PluginFailure(
                ep.name, dist, "another plugin is already registered under this name"
            )
            continue
        try:
            plugin = ep.load()
            pm.register(plugin, name=ep.name)
        except Exception as error:
            failure = PluginFailure(ep.name, dist, f"{type(error).__name__}: {error}")
            warnings.warn(str(failure), PluginWarning, stacklevel=3)
            yield failure
            continue
        _DISTRIBUTIONS[ep.name] = (dist, ep.dist.version if ep.dist is not None else None)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as error:
        yield PluginFailure(getattr(error.plugin, "__name__", "?"), None, str(error))


def _allowed_plugins() -> set[str] | None:
    value = os.environ.get(PLUGINS_ENV)
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


# Entry-point name -> (distribution, version), filled as plugins load.
_DISTRIBUTIONS: dict[str, tuple[str | None, str | None]] = {}


@attrs.define(eq=False)
class Registry:
    """The games and bots of the installed plugins, and the plugins that failed to load."""

    games: dict[str, GameInfo] = attrs.field(factory=dict)
    bots: dict[tuple[str | None, str], BotInfo] = attrs.field(factory=dict)
    failures: list[PluginFailure] = attrs.field(factory=list)

    @classmethod
    def from_plugin_manager(cls, pm: pluggy.PluginManager) -> Registry:
        """Build a registry by calling the registration hooks of every plugin of ``pm``.

        Raises:
            PluginError: two plugins register the same game name, or a registration is invalid.
        """
        reg = cls(failures=list(getattr(pm, "tablecards_failures", [])))
        for impl in pm.hook.tablecards_register_games.get_hookimpls():
            dist, version = _DISTRIBUTIONS.get(impl.plugin_name, (None, None))

            def register_game(
                game: type[Game[Any]],
                _plugin: str = impl.plugin_name,
                _dist: str | None = dist,
                _version: str | None = version,
            ) -> None:
                try:
                    reg.add_game(game, _plugin, _dist, _version)
                except _UnboundedOption as failure:  # this game only: the others still load
                    reg.failures.append(PluginFailure(_plugin, _dist, str(failure)))

            _call(impl, register=register_game)
        for impl in pm.hook.tablecards_register_bots.get_hookimpls():

            def register_bot(
                name: str,
                factory: BotFactory,
                game: str | None = None,
                description: str = "",
                _plugin: str = impl.plugin_name,
            ) -> None:
                reg.add_bot(BotInfo(name, factory, game, description, _plugin))

            _call(impl, register=register_bot)
        return reg

    def add_game(
        self,
        game: type[Game[Any]],
        plugin: str = "?",
        distribution: str | None = None,
        version: str | None = None,
    ) -> None:
        """Register a game class (plugins do it through ``tablecards_register_games``).

        Raises:
            PluginError: not a game class, no name, a name already taken, or an option without
                a declared range (:meth:`Game.option_ranges
                <tablecards.Game.option_ranges>`); registered by a plugin, such a game is
                listed among the failures and the plugin's other games still load.
        """
        if not (isinstance(game, type) and issubclass(game, Game)):
            raise PluginError(f"plugin {plugin!r} registered {game!r}, which is not a Game class")
        name = getattr(game, "name", None)
        if not isinstance(name, str) or not name:
            raise PluginError(f"plugin {plugin!r} registered {game.__qualname__} without a name")
        unbounded = sorted(
            field.name
            for field in attrs.fields(game.Options)
            if field.name not in game.option_ranges()
        )
        if unbounded:
            raise _UnboundedOption(
                f"game {name!r} of plugin {plugin!r}: option {', '.join(unbounded)} declares no "
                "range; every option needs one (tablecards.option_range, seat_option, or attrs' "
                "ge and le validators), so that a server can bound what players ask for"
            )
        if name in self.games:
            other = self.games[name]
            raise PluginError(
                f"game name {name!r} registered twice: by {other.cls.__module__}."
                f"{other.cls.__qualname__} and by {game.__module__}.{game.__qualname__}"
            )
        self.games[name] = GameInfo(
            name, game, distribution, version or getattr(game, "version", None)
        )

    def add_bot(self, bot: BotInfo) -> None:
        """Register a bot (plugins do it through ``tablecards_register_bots``)."""
        key = (bot.game, bot.name)
        if key in self.bots:
            raise PluginError(
                f"bot {bot.name!r} for {bot.game or 'every game'} registered twice "
                f"(by {self.bots[key].plugin!r} and {bot.plugin!r})"
            )
        self.bots[key] = bot

    def load_game(self, name: str, /, **options: Any) -> Game[Any]:
        """A game by name with its options.

        Raises:
            UnknownGame: no installed game has that name (the message lists the installed ones).
            UnknownOption: an option the game does not have, or a bad value.
        """
        info = self.games.get(name)
        if info is None:
            raise UnknownGame(name, self.games, [f.name for f in self.failures])
        return info.cls(**options)

    def bot_names(self, game: str) -> list[str]:
        """The names of the bots that can play ``game``."""
        return sorted({name for (for_game, name) in self.bots if for_game in (None, game)})

    def bot(self, game: str, name: str) -> BotInfo:
        """The bot ``name`` for ``game`` (a game-specific bot wins over a generic one).

        Raises:
            UnknownBot: no such bot for that game.
        """
        info = self.bots.get((game, name)) or self.bots.get((None, name))
        if info is None:
            raise UnknownBot(game, name, self.bot_names(game))
        return info


def _call(impl: pluggy.HookImpl, **kwargs: Any) -> None:
    # One plugin at a time, so that a registration knows which plugin (and distribution) made
    # it, and so that one plugin's broken hook is reported by name.
    try:
        impl.function(*(kwargs[name] for name in impl.argnames))
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(
            f"plugin {impl.plugin_name!r} failed in {impl.function.__name__}: "
            f"{type(error).__name__}: {error}"
        ) from error


@functools.lru_cache(maxsize=1)
def registry() -> Registry:
    """The registry of the installed plugins, built on first use and then kept."""
    return Registry.from_plugin_manager(plugin_manager())


def available_games() -> list[str]:
    """The names of the installed games, sorted."""
    return sorted(registry().games)


def load_game(name: str, /, **options: Any) -> Game[Any]:
    """An installed game by name, with its options as keyword arguments.

    >>> import tablecards
    >>> tablecards.load_game("hit", rounds=2)  # pip install tablecards-hit
    <game hit(first_player=0, rounds=2)>

    Raises:
        UnknownGame: no installed game has that name (the message lists the installed ones).
        UnknownOption: an option the game does not have, or a value it does not accept.
    """
    return registry().load_game(name, **options)

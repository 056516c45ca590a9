"""Every installed tablecards game as a reinforcement-learning environment (extra ``rl``).

- :func:`env`: a PettingZoo AEC environment, one agent per seat;
- :func:`single_agent_env`: a Gymnasium environment, one seat learning against bots;
- :class:`ObservationEncoder`: the fixed-size encoding of a seat's view.

Needs ``pip install 'tablecards[rl]'`` (PettingZoo, Gymnasium, NumPy); ``import tablecards``
never imports this module. See ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"tablecards.rl needs the optional extra 'rl' ({_error.name} is not installed): "
        "pip install 'tablecards[rl]'"
    ) from _error

from typing import Any

from tablecards import Game
from tablecards.rl._aec import REWARDS, TablecardsEnv, final_rewards
from tablecards.rl._encoding import ObservationEncoder, UnknownZone
from tablecards.rl._gym import SingleAgentEnv

__all__ = [
    "REWARDS",
    "ObservationEncoder",
    "SingleAgentEnv",
    "TablecardsEnv",
    "UnknownZone",
    "env",
    "final_rewards",
    "single_agent_env",
]


def _game(game: Game[Any] | str, options: dict[str, Any]) -> Game[Any]:
    if isinstance(game, str):
        from tablecards import load_game

        return load_game(game, **options)
    if options:
        return type(game)(**{**game.options_json(), **options})
    return game


def env(
    game: Game[Any] | str,
    players: int | None = None,
    *,
    reward: str = "win",
    render_mode: str | None = None,
    **options: Any,
) -> TablecardsEnv:
    """A PettingZoo AEC environment of ``game`` (a name or a loaded game) for ``players`` seats.

    ``options`` are the game's (``env("hit", rounds=2)``); ``reward`` is ``"win"`` or
    ``"score"`` (see :func:`final_rewards`); ``render_mode`` is ``"ansi"``, ``"human"`` or
    ``None``.

    Raises:
        UnknownGame: no installed game has that name.
        UnknownOption: a bad option, reward, render mode or number of players.
        CatalogueError: the game declares no action catalogue.
    """
    loaded = _game(game, options)
    count = loaded.default_players if players is None else players
    return TablecardsEnv(loaded, count, reward=reward, render_mode=render_mode)  # type: ignore[arg-type]


def single_agent_env(
    game: Game[Any] | str,
    players: int | None = None,
    *,
    seat: int = 0,
    opponents: str | list[str] | tuple[str, ...] = "random",
    reward: str = "win",
    illegal: str = "raise",
    render_mode: str | None = None,
    bot_seed: int | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A Gymnasium environment: ``seat`` learns, registered bots (``opponents``) play the rest.

    ``opponents`` is one bot name for every other seat, or one name per other seat in seat
    order; any bot of :meth:`tablecards.Registry.bot_names` works (``"random"``, a game's
    ``"heuristic"``...). ``illegal="lose"`` turns an unmasked action into a lost episode
    instead of an error. ``bot_seed`` seeds the bots' generators together with each match
    seed (default: a fresh seed from the operating system, kept in ``env.bot_seed``).

    Raises:
        UnknownGame, UnknownOption, UnknownBot, CatalogueError: as their names say.
    """
    loaded = _game(game, options)
    count = loaded.default_players if players is None else players
    return SingleAgentEnv(
        loaded,
        count,
        seat=seat,
        opponents=opponents,
        reward=reward,  # type: ignore[arg-type]
        illegal=illegal,
        render_mode=render_mode,
        bot_seed=bot_seed,
    )

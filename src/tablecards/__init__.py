"""tablecards: one shared engine for card games, with real games shipped as plugins.

Importing this package is cheap and has no side effects: plugins are found the first time
:func:`available_games`, :func:`load_game` or :func:`registry` is called.
"""

from __future__ import annotations

import inspect as _inspect
import typing as _typing

from tablecards._actions import Action, Illegal
from tablecards._bots import Bot, RandomBot
from tablecards._cards import Card, Visibility, Zone, ZoneView
from tablecards._catalogue import ActionCatalogue
from tablecards._clock import Clock
from tablecards._commands import menu_text, parse_command, read_command
from tablecards._determinise import Unseen, determinise, redeal, unseen_zones
from tablecards._errors import (
    CatalogueError,
    IllegalAction,
    MalformedAction,
    MatchOver,
    NotYourTurn,
    PluginError,
    RulesError,
    SaveError,
    TablecardsError,
    UnknownBot,
    UnknownGame,
    UnknownOption,
    UnknownSeat,
)
from tablecards._events import CardsMoved, Event, EventRecorder, RoundEnded, Shuffled, TurnStarted
from tablecards._fields import Seat
from tablecards._game import Game, NoOptions, OptionRange, Result, option_range, seat_option
from tablecards._hookspecs import hookimpl
from tablecards._infoset import InformationSet, SearchBot, bot_choice
from tablecards._ismcts import IsmctsBot
from tablecards._match import Match
from tablecards._plugins import (
    BotInfo,
    GameInfo,
    PluginFailure,
    Registry,
    available_games,
    load_game,
    plugin_manager,
    registry,
)
from tablecards._random import MatchRandom
from tablecards._remember import remember
from tablecards._runner import Arbiter, RandomPriority, SeatPriority, play
from tablecards._saves import SaveWarning
from tablecards._scene import generic_scene
from tablecards._scene_text import scene_text
from tablecards._schema import scene_schema, view_schema
from tablecards._seats import clockwise, next_seat
from tablecards._serial import action_from_json, action_to_json, snapshot
from tablecards._simulate import (
    BotStats,
    MatchRecord,
    SeatStats,
    SimulationReport,
    match_seed,
    simulate,
)
from tablecards._simultaneous import Answered, Revealed
from tablecards._state import State

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionCatalogue",
    "Answered",
    "Arbiter",
    "Bot",
    "BotInfo",
    "BotStats",
    "Card",
    "CardsMoved",
    "CatalogueError",
    "Clock",
    "Event",
    "EventRecorder",
    "Game",
    "GameInfo",
    "Illegal",
    "IllegalAction",
    "InformationSet",
    "IsmctsBot",
    "MalformedAction",
    "Match",
    "MatchOver",
    "MatchRandom",
    "MatchRecord",
    "NoOptions",
    "NotYourTurn",
    "OptionRange",
    "PluginError",
    "PluginFailure",
    "RandomBot",
    "RandomPriority",
    "Registry",
    "Result",
    "Revealed",
    "RoundEnded",
    "RulesError",
    "SaveError",
    "SaveWarning",
    "SearchBot",
    "Seat",
    "SeatPriority",
    "SeatStats",
    "Shuffled",
    "SimulationReport",
    "State",
    "TablecardsError",
    "TurnStarted",
    "UnknownBot",
    "UnknownGame",
    "UnknownOption",
    "UnknownSeat",
    "Unseen",
    "Visibility",
    "Zone",
    "ZoneView",
    "__version__",
    "action_from_json",
    "action_to_json",
    "available_games",
    "bot_choice",
    "clockwise",
    "determinise",
    "generic_scene",
    "hookimpl",
    "load_game",
    "match_seed",
    "menu_text",
    "next_seat",
    "option_range",
    "parse_command",
    "play",
    "plugin_manager",
    "read_command",
    "redeal",
    "registry",
    "remember",
    "scene_schema",
    "scene_text",
    "seat_option",
    "simulate",
    "snapshot",
    "unseen_zones",
    "view_schema",
]


def _public_paths() -> None:
    # Tracebacks, reprs and the docs name classes by __module__: report the public path
    # (tablecards.IllegalAction), not the private module that defines them. typing resolves a
    # class's string annotations in the namespace of its __module__, so they are resolved
    # first, in the module that wrote them, to keep typing.get_type_hints working.
    for name in __all__:
        value = globals()[name]
        if isinstance(value, type) and value.__module__.startswith("tablecards._"):
            own = _inspect.get_annotations(value)
            if own:
                try:
                    hints = _typing.get_type_hints(value, include_extras=True)
                except NameError:  # names imported for type checkers only: never resolvable
                    hints = {}
                value.__annotations__ = {key: hints.get(key, hint) for key, hint in own.items()}
            value.__module__ = __name__


_public_paths()

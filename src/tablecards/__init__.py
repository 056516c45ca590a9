"""tablecards: one shared engine for card games, with real games shipped as plugins.

Importing this package is cheap and has no side effects: plugins are found the first time
:func:`available_games`, :func:`load_game` or :func:`registry` is called.
"""

from __future__ import annotations

import inspect as _inspect
import typing as _typing

from tablecards.core._actions import Action, Illegal
from tablecards.core._cards import Card, Visibility, Zone, ZoneView
from tablecards.core._clock import Clock
from tablecards.core._errors import (
    BotError,
    CatalogueError,
    IllegalAction,
    MalformedAction,
    MatchOver,
    MoveNumberError,
    NotYourTurn,
    PlayerCountError,
    PluginError,
    RulesError,
    SaveError,
    SeedError,
    TablecardsError,
    UnknownBot,
    UnknownGame,
    UnknownOption,
    UnknownSeat,
)
from tablecards.core._events import (
    CardsMoved,
    Event,
    RoundEnded,
    Shuffled,
    TurnStarted,
)
from tablecards.core._fields import Seat
from tablecards.core._game import Game, NoOptions, OptionRange, Result, option_range, seat_option
from tablecards.core._random import MatchRandom
from tablecards.core._redeal import redeal, unseen_zones
from tablecards.core._seats import clockwise, next_seat
from tablecards.core._serial import action_from_json, action_to_json, snapshot
from tablecards.core._simultaneous import Answered, Revealed
from tablecards.core._state import State
from tablecards.core._vocabulary import (
    Scene,
    SceneAct,
    SceneBadge,
    SceneChoice,
    SceneChoices,
    SceneCounter,
    SceneFace,
    SceneFact,
    SceneGroup,
    ScenePanel,
    SceneScore,
    SceneStep,
    SceneStyle,
    SceneSummary,
    SceneSummaryRow,
    SceneTone,
    SceneZone,
)
from tablecards.play._match import Match
from tablecards.play._observers import EventRecorder
from tablecards.registry._hookspecs import hookimpl
from tablecards.registry._plugins import (
    BotInfo,
    GameInfo,
    PluginFailure,
    Registry,
    available_games,
    load_game,
    plugin_manager,
    registry,
)
from tablecards.saves._saves import SaveWarning
from tablecards.search._bots import Bot, RandomBot
from tablecards.search._catalogue import ActionCatalogue
from tablecards.search._compare import (
    ComparisonReport,
    PairedDifference,
    compare,
    paired_difference,
)
from tablecards.search._determinise import Unseen, determinise
from tablecards.search._infoset import InformationSet, SearchBot, bot_choice
from tablecards.search._ismcts import IsmctsBot
from tablecards.search._runner import Arbiter, RandomPriority, SeatPriority, play
from tablecards.search._simulate import (
    BotStats,
    MatchRecord,
    SeatStats,
    SimulationReport,
    match_seed,
    simulate,
)
from tablecards.table._commands import menu_text, parse_command, read_command
from tablecards.table._faces import card_faces
from tablecards.table._helpers import (
    round_summary,
    scene_choices,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.table._menu import ChoiceMenu, MenuChoice, choice_menu, read_choice
from tablecards.table._remember import remember
from tablecards.table._scene import generic_scene
from tablecards.table._scene_text import scene_text
from tablecards.table._schema import scene_schema, view_schema

__version__ = "0.2.0"

__all__ = [
    "Action",
    "ActionCatalogue",
    "Answered",
    "Arbiter",
    "Bot",
    "BotError",
    "BotInfo",
    "BotStats",
    "Card",
    "CardsMoved",
    "CatalogueError",
    "ChoiceMenu",
    "Clock",
    "ComparisonReport",
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
    "MenuChoice",
    "MoveNumberError",
    "NoOptions",
    "NotYourTurn",
    "OptionRange",
    "PairedDifference",
    "PlayerCountError",
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
    "Scene",
    "SceneAct",
    "SceneBadge",
    "SceneChoice",
    "SceneChoices",
    "SceneCounter",
    "SceneFace",
    "SceneFact",
    "SceneGroup",
    "ScenePanel",
    "SceneScore",
    "SceneStep",
    "SceneStyle",
    "SceneSummary",
    "SceneSummaryRow",
    "SceneTone",
    "SceneZone",
    "SearchBot",
    "Seat",
    "SeatPriority",
    "SeatStats",
    "SeedError",
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
    "card_faces",
    "choice_menu",
    "clockwise",
    "compare",
    "determinise",
    "generic_scene",
    "hookimpl",
    "load_game",
    "match_seed",
    "menu_text",
    "next_seat",
    "option_range",
    "paired_difference",
    "parse_command",
    "play",
    "plugin_manager",
    "read_choice",
    "read_command",
    "redeal",
    "registry",
    "remember",
    "round_summary",
    "scene_choices",
    "scene_schema",
    "scene_text",
    "score_lines",
    "seat_name",
    "seat_option",
    "simulate",
    "snapshot",
    "table_order",
    "unseen_zones",
    "view_schema",
    "waiting_for",
]


def _public_paths() -> None:
    # Tracebacks, reprs and the docs name classes by __module__: report the public path
    # (tablecards.IllegalAction), not the private module that defines them. typing resolves a
    # class's string annotations in the namespace of its __module__, so they are resolved
    # first, in the module that wrote them, to keep typing.get_type_hints working.
    for name in __all__:
        value = globals()[name]
        if isinstance(value, type) and "._" in value.__module__:
            own = _inspect.get_annotations(value)
            if own:
                try:
                    hints = _typing.get_type_hints(value, include_extras=True)
                except NameError:  # names imported for type checkers only: never resolvable
                    hints = {}
                value.__annotations__ = {key: hints.get(key, hint) for key, hint in own.items()}
            value.__module__ = __name__


_public_paths()

"""The conformance kit: the checks every game plugin's tests run against its game.

One line in a plugin's tests runs them all::

    from tablecards.testing import check_game

    def test_conformance() -> None:
        check_game(MyGame())

It plays seeded random matches over every allowed seat count and checks what the engine
promises for every game: no card lost or duplicated, every seat asked to act can act, the seed
and the log replay the match byte for byte, saves load and play on identically, illegal actions
are refused without a trace, nothing a seat cannot see changes what it is shown, scenes are
words for players built from their views only, and bots get plain views. A failure raises
:class:`ConformanceFailure`, naming the check, the seed and the action so that it replays.
See ``docs/testing.md``.

Importing this module is cheap: no game is loaded until :func:`check_game` runs.
"""

from __future__ import annotations

from tablecards.testing._bots import BotFactory, registered_bots
from tablecards.testing._failure import CHECKS, ConformanceFailure, Where
from tablecards.testing._kit import (
    DEFAULT_SEEDS,
    SEEDS_ENV,
    ConformanceReport,
    KitBlock,
    check_game,
    default_seeds,
    kit_blocks,
)
from tablecards.testing._positions import (
    bot_positions,
    check_scenes_blind,
    check_worded_scenes,
    scene_zone,
    seat_panel,
)
from tablecards.testing._rawtext import raw_text_problems
from tablecards.testing._refusal import assert_refused
from tablecards.testing._replays import check_replays, check_resumes, check_undo, random_match
from tablecards.testing._scenes import scene_problems

__all__ = [
    "CHECKS",
    "DEFAULT_SEEDS",
    "SEEDS_ENV",
    "BotFactory",
    "ConformanceFailure",
    "ConformanceReport",
    "KitBlock",
    "Where",
    "assert_refused",
    "bot_positions",
    "check_game",
    "check_replays",
    "check_resumes",
    "check_scenes_blind",
    "check_undo",
    "check_worded_scenes",
    "default_seeds",
    "kit_blocks",
    "random_match",
    "raw_text_problems",
    "registered_bots",
    "scene_problems",
    "scene_zone",
    "seat_panel",
]

"""Helpers for a game's own scene tests: the positions of a bots' match, and what every game's
scene tests check at them (so that no plugin's tests copy these loops)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tablecards import Game, Match, determinise, scene_schema
from tablecards.testing._bots import BotFactory
from tablecards.testing._scenes import kit_names, scene_problems
from tablecards.testing._schema_check import schema_problems
from tablecards.words import names_for

__all__ = [
    "bot_positions",
    "check_scenes_blind",
    "check_worded_scenes",
    "scene_zone",
    "seat_panel",
]


def bot_positions(game: Game[Any], players: int, seed: int, bot: BotFactory) -> list[Match]:
    """Every position of one seeded match with ``bot`` in every seat.

    Returns a copy of the match before each move, then the finished match. Where several seats
    may act, a generator seeded with ``seed`` picks one; the same generator feeds the bots.

    Example:
        >>> from tablecards import RandomBot, load_game
        >>> from tablecards.testing import bot_positions
        >>> positions = bot_positions(load_game("hit"), 3, seed=1, bot=RandomBot)
        >>> positions[0].moves, positions[-1].is_over
        (0, True)
    """
    match = Match(game, players=players, seed=seed)
    rng = random.Random(seed)
    bots = [bot(game, seat) for seat in range(players)]
    positions = []
    while not match.is_over:
        positions.append(match.clone())
        to_act = match.to_act
        seat = to_act[0] if len(to_act) == 1 else rng.choice(list(to_act))
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    positions.append(match)
    return positions


def check_worded_scenes(positions: Iterable[Match], names: Sequence[str] | None = None) -> int:
    """Check the scenes of every seat and a spectator at every position: schema and words.

    Each scene follows :func:`tablecards.scene_schema`, every text in it is words
    (:func:`scene_problems`), and each seat's legal actions are described by distinct texts.

    Returns the number of scenes checked.

    Raises:
        AssertionError: naming the position (moves played) and the seat.
    """
    schema = scene_schema()
    checked = 0
    for match in positions:
        players = match.players
        table = list(names) if names is not None else kit_names(players)
        for seat in [None, *range(players)]:
            scene = match.scene(seat, table[:players])
            where = f"after {match.moves} moves, seen by {seat}"
            problems = schema_problems(scene, schema) + scene_problems(scene)
            assert not problems, f"{where}: {problems}"
            if seat is not None:
                words = names_for(table[:players], seat)
                texts = [match.describe(a, words) for a in match.legal_actions(seat)]
                assert len(set(texts)) == len(texts), f"{where}: two choices read alike: {texts}"
            checked += 1
    return checked


def check_scenes_blind(
    positions: Iterable[Match],
    hidden: Callable[[Match, int], Any],
    names: Sequence[str] | None = None,
    seed: int = 5,
) -> int:
    """Check that no seat's scene tells apart two deals that differ only where it cannot see.

    At every position, for every seat, a determinisation from the seat's view in which what the
    seat cannot see differs (``hidden(match, seat)`` changes) must show it the same scene.

    Returns how many such pairs were compared (a test asserts enough were).

    Raises:
        AssertionError: the scene told the two apart, naming the position and the seat.
    """
    compared = 0
    for match in positions:
        table = list(names) if names is not None else kit_names(match.players)
        for seat in range(match.players):
            other = determinise(match, seat, random.Random(seed))
            if hidden(match, seat) == hidden(other, seat):
                continue
            compared += 1
            shown = match.scene(seat, table[: match.players])
            assert shown == other.scene(seat, table[: match.players]), (
                f"after {match.moves} moves, seat {seat}'s scene shows what it cannot see"
            )
    return compared


def seat_panel(scene: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The panel of ``seat`` in ``scene`` (its ``seats`` are in table order, not seat order).

    Raises:
        LookupError: the scene has no panel for ``seat``.
    """
    for panel in scene["seats"]:
        if panel["seat"] == seat:
            return panel  # type: ignore[no-any-return]
    raise LookupError(f"the scene has no panel for seat {seat}")


def scene_zone(part: Mapping[str, Any], zone_id: str) -> dict[str, Any]:
    """The zone box ``zone_id`` of a panel or a group of the middle (``part["zones"]``).

    Raises:
        LookupError: the part shows no zone ``zone_id``.
    """
    for box in part["zones"]:
        if box["id"] == zone_id:
            return box  # type: ignore[no-any-return]
    raise LookupError(f"no zone {zone_id!r} here: {[box['id'] for box in part['zones']]}")

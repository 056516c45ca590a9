"""The checks a match makes at its boundary: constructor arguments and action fields.

They run before any game code sees a value, so that a caller's mistake is answered with the
library's error (naming what was expected) and never reaches the rules, the log or a save.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeGuard

from tablecards.core._actions import Action
from tablecards.core._errors import (
    MoveNumberError,
    PlayerCountError,
    SeedError,
    UnknownGame,
    UnknownOption,
    show,
)
from tablecards.core._fields import check_fields, fields_of
from tablecards.core._game import Game

__all__ = [
    "SEED_BITS",
    "action_checks",
    "check_constructor",
    "check_since",
    "field_error",
    "random_seed",
]

#: Seeds are whole numbers of at most this many bits (sign aside): any more is no more random,
#: and a number too large to write out would make the match unsavable.
SEED_BITS: Final = 256

# A fresh seed has 63 bits: far beyond guessing by replaying candidate seeds, and it still fits
# a signed 64-bit integer column of any database an embedder stores it in.
_FRESH_BITS: Final = 63

# A check of one action's fields; ``None`` for a class without fields (nothing to check).
FieldCheck = Callable[[Action, int], bool]


def random_seed() -> int:
    """A fresh seed from the operating system's secure source."""
    return secrets.randbits(_FRESH_BITS)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_constructor(
    game: object, players: object, seed: object, move_limit: object
) -> tuple[Game[Any], int, int, int]:
    """The constructor's arguments checked: ``(game, players, seed, move_limit)``.

    Raises:
        UnknownGame: ``game`` is neither a game nor an installed game's name.
        PlayerCountError: a bad seat count.
        SeedError: a bad seed.
        UnknownOption: a bad move limit.
    """
    if isinstance(game, str):
        from tablecards.registry._plugins import load_game

        game = load_game(game)
    if not isinstance(game, Game):
        from tablecards.registry._plugins import available_games

        raise UnknownGame(f"{type(game).__name__} {show(game)}", available_games())
    if players is None:
        players = game.default_players
    if not _whole(players):
        raise PlayerCountError(game.name, players, f"players must be an int, not {_typed(players)}")
    seats = int(players)
    game.check_players(seats)
    if seed is None:
        seed = random_seed()
    elif not _whole(seed) or seed.bit_length() > SEED_BITS:
        raise SeedError(
            game.name, seed, f"seed must be an int of at most {SEED_BITS} bits, not {_typed(seed)}"
        )
    limit = game.move_limit(seats)
    if move_limit is not None:
        if not _whole(move_limit) or move_limit < 1:
            raise UnknownOption(
                game.name, f"move_limit must be an int of at least 1, not {_typed(move_limit)}"
            )
        limit = int(move_limit)
    return game, seats, int(seed), limit


def _typed(value: object) -> str:
    return f"{type(value).__name__} {show(value)}"


def check_since(since: object) -> int:
    """``since`` of :meth:`Match.events_for` checked: a move number from 0."""
    if not _whole(since) or since < 0:
        raise MoveNumberError(
            since, f"since must be a move number (an int from 0), not {_typed(since)}"
        )
    return int(since)


def action_checks(classes: Iterable[type[Action]]) -> ActionChecks:
    """A fast field check for each action class (``None`` where a class has no fields), and
    the set of the classes without fields.

    The same read-only pair for the same classes: every match of a game asks for it.
    """
    key = tuple(classes)
    checks = _BY_CLASSES.get(key)
    if checks is None:
        by_class = {cls: _cached_check(cls) for cls in key}
        fieldless = frozenset(cls for cls, check in by_class.items() if check is None)
        checks = _BY_CLASSES[key] = (by_class, fieldless)
    return checks


#: The field checks by action class, and the classes that need none (see action_checks).
ActionChecks = tuple[dict[type[Action], "FieldCheck | None"], frozenset[type[Action]]]

# Per tuple of action classes (a game's ``actions``), their checks: creating a match must not
# build them again (a simulation creates one per game). Games are few, so it stays small.
_BY_CLASSES: dict[tuple[type[Action], ...], ActionChecks] = {}


# A check is generated once per action class, not once per match: a server loads matches all
# the time, and compiling a check costs tens of microseconds.
_CHECKS: dict[type[Action], FieldCheck | None] = {}


def _cached_check(cls: type[Action]) -> FieldCheck | None:
    try:
        return _CHECKS[cls]
    except KeyError:
        check = _CHECKS[cls] = _field_check(cls)
        return check


def _field_check(cls: type[Action]) -> FieldCheck | None:
    fields = fields_of(cls)
    if not fields:
        return None
    simple = {"int": int, "str": str, "bool": bool}
    kinds = [simple.get(field.expected) for field in fields]
    if any(kind is None for kind in kinds) or not all(f.name.isidentifier() for f in fields):
        return lambda action, players: check_fields(action, players) is None
    # Apply is the hot path of every simulation, and a generated function is the fastest way
    # to test a few attributes (four times faster than a generic loop), as attrs itself does.
    tests = []
    namespace: dict[str, Any] = {}
    for index, (field, kind) in enumerate(zip(fields, kinds, strict=True)):
        namespace[f"_kind{index}"] = kind
        test = f"type(action.{field.name}) is _kind{index}"
        if field.seat:
            test = f"({test} and 0 <= action.{field.name} < players)"
        tests.append(test)
    source = f"def check(action, players):\n    return {' and '.join(tests)}\n"
    exec(source, namespace)  # the source is built from identifiers checked above
    check: FieldCheck = namespace["check"]
    return check


def field_error(action: Action, players: int) -> str:
    """Why ``action``'s fields are refused, in words (its first field that does not fit)."""
    wrong = check_fields(action, players)
    if wrong is None:  # pragma: no cover - only asked after a failed check
        return "its fields do not fit their declared types"
    name, expected = wrong
    value = getattr(action, name)
    return (
        f"field {name!r} of {type(action).__name__} must be {expected}, "
        f"not {type(value).__name__} {show(value)}"
    )

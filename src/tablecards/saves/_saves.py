"""Reading a saved match: every check between the JSON text and a replayed :class:`Match`.

A save is checked for consistency, not authenticity: its seed and log are replayed and the
result must match its snapshot, its move limit and its truncated flag. A different legal log
with its matching snapshot loads, as it must; nothing here can tell who wrote the file.
"""

from __future__ import annotations

import json
import warnings
from typing import Any, Final

from tablecards.core._errors import SaveError, TablecardsError, brief, show
from tablecards.core._game import Game

__all__ = [
    "SAVE_FORMAT",
    "SaveWarning",
    "check_class",
    "check_seed",
    "class_path",
    "explain_mismatch",
    "read_save",
    "registered_class",
    "saved_game",
    "saved_limit",
    "warn_version",
]

#: The ``format`` field of a saved match; bumped when the layout changes.
SAVE_FORMAT: Final = "tablecards.match/1"

_FIELDS: Final = {
    "format": str,
    "game": str,
    "game_version": str,
    "options": dict,
    "players": int,
    "seed": int,
    "move_limit": int,
    "log": list,
    "truncated": bool,
    "state": dict,
}


class SaveWarning(UserWarning):
    """A saved match loaded, but with something its caller should know.

    Issued through the standard ``warnings`` module when a save written by another version of a game
    replays exactly under the installed version: the match is loaded, and the warning says
    which versions differ. Turn it into an error with
    ``warnings.simplefilter("error", tablecards.SaveWarning)``.
    """


def read_save(text: object) -> dict[str, Any]:
    """The save's JSON object with every top-level field of the right type."""
    if not isinstance(text, (str, bytes, bytearray)):
        hint = " (pass the JSON text, e.g. json.dumps(data))" if isinstance(text, dict) else ""
        raise SaveError(
            f"not a saved match: expected JSON text (str or bytes), not {type(text).__name__}{hint}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"not a saved match: invalid JSON at line {error.lineno} column {error.colno} "
            f"({error.msg}); the file may be truncated or corrupted"
        ) from None
    except UnicodeDecodeError as error:
        raise SaveError(f"not a saved match: not UTF-8 text ({error.reason})") from None
    except RecursionError:
        raise SaveError("not a saved match: the JSON is nested too deeply") from None
    except ValueError as error:  # a number too long to convert to an int
        raise SaveError(f"not a saved match: {brief(error)}") from None
    if not isinstance(data, dict):
        raise SaveError(f"not a saved match: expected a JSON object, found {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(
            f"not a saved match of this version: format is {show(data.get('format'))}, "
            f"expected {SAVE_FORMAT!r}"
        )
    for key, kind in _FIELDS.items():
        if key not in data:
            raise SaveError(f"the saved match has no {key!r} field")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(
                f"the saved match's {key!r} must be {_json_name(kind)}, not "
                f"{_json_name(type(value))} {show(value)}"
            )
    extra = sorted(set(data) - set(_FIELDS) - {"game_class"})
    if extra:
        raise SaveError(f"the saved match has unknown fields: {', '.join(map(show, extra))}")
    return data


def _json_name(kind: type) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", dict: "an object"}
    return names.get(kind, "a list" if kind is list else "null" if kind is type(None) else "?")


def class_path(game: Game[Any]) -> str:
    """Where a game's class lives, as ``module.QualifiedName``."""
    cls = type(game)
    return f"{cls.__module__}.{cls.__qualname__}"


def registered_class(game: Game[Any]) -> type[Game[Any]] | None:
    """The installed game class of that name, or ``None`` when none is installed."""
    from tablecards.registry._plugins import registry

    try:
        info = registry().games.get(game.name)
    except TablecardsError:
        return None
    return None if info is None else info.cls


def saved_game(data: dict[str, Any], game: Game[Any] | None) -> Game[Any]:
    """The game to replay a save with: the one given (checked), or the installed one."""
    arranged = data.get("game_class")
    if arranged is not None and not isinstance(arranged, str):
        raise SaveError(f"the saved match's 'game_class' must be a string, not {show(arranged)}")
    if game is None:
        if arranged is not None:
            raise SaveError(
                f"the match was played with {arranged}, a game of {data['game']!r} arranged "
                "in code (a scenario), and a save holds only its seed and log, not the "
                "arrangement: load it with Match.from_json(text, game) passing the same "
                "arranged game object"
            )
        from tablecards.registry._plugins import load_game

        try:
            game = load_game(data["game"], **data["options"])
        except TablecardsError as error:
            raise SaveError(f"cannot load the saved match: {error}") from error
    elif game.name != data["game"]:
        raise SaveError(f"the saved match is a game of {show(data['game'])}, not {game.name!r}")
    else:
        check_class(game, arranged)
    if game.options_json() != data["options"]:
        raise SaveError(
            f"the saved match was played with options {show(data['options'])}, "
            f"not {game.options_json()!r}"
        )
    return game


def check_class(game: Game[Any], arranged: str | None) -> None:
    """A given game must be of the class the save was played with."""
    path = class_path(game)
    if arranged is not None and arranged != path:
        raise SaveError(
            f"the match was played with {arranged}, not {path}: pass the same arranged game"
        )
    if arranged is None and registered_class(game) not in (None, type(game)):
        raise SaveError(
            f"the match was played with the installed {game.name}, not the arranged {path}"
        )


def saved_limit(data: dict[str, Any], game: Game[Any], override: int | None) -> int:
    """The move limit to load with: the game's own, or the override the caller passes."""
    saved = data["move_limit"]
    if override is not None:
        if saved != override:
            raise SaveError(
                f"the saved match has a move limit of {show(saved)}, not the move_limit="
                f"{show(override)} given"
            )
        return override
    try:
        game.check_players(data["players"])
        own = game.move_limit(data["players"])
    except TablecardsError as error:
        raise SaveError(f"cannot load the saved match: {error}") from error
    if saved != own:
        raise SaveError(
            f"the saved match has a move limit of {show(saved)}, not {game.name}'s own "
            f"{own}: if the match was created with that limit, load it with "
            f"Match.from_json(text, move_limit={show(saved)})"
        )
    return own


def check_seed(data: dict[str, Any]) -> None:
    """The snapshot records the generator's seed: a save whose seed was edited says so."""
    rng = data["state"].get("rng")
    if isinstance(rng, dict) and rng.get("seed") != data["seed"]:
        raise SaveError(
            f"the saved seed {show(data['seed'])} is not the seed of the saved state "
            f"({show(rng.get('seed'))}): the seed was changed; the file was altered"
        )


def explain_mismatch(
    data: dict[str, Any],
    game: Game[Any],
    state: dict[str, Any],
    truncated: bool,
    saved: dict[str, Any],
) -> SaveError:
    """Why a replayed save disagrees with its snapshot (``saved``, as the installed version
    reads it) or its flags, in words."""
    if truncated != data["truncated"]:
        return SaveError(
            f"the saved match says truncated={str(data['truncated']).lower()}, but its log of "
            f"{len(data['log'])} actions under a move limit of {data['move_limit']} says "
            f"{str(truncated).lower()}: the file was altered"
        )
    differs = sorted(key for key in set(state) | set(saved) if state.get(key) != saved.get(key))
    where = f" (differing: {', '.join(map(show, differs[:5]))})" if differs else ""
    if data["game_version"] != game.version:
        return SaveError(
            f"the saved state does not match its replayed log{where}: written by another "
            f"version of {game.name} (saved with {data['game_version'][:40]}, installed "
            f"{game.version}), whose rules replay it differently, or the file was altered"
        )
    return SaveError(
        f"the saved state does not match its replayed log{where}: the file was altered (its "
        "seed, log or state was changed)"
    )


def warn_version(data: dict[str, Any], game: Game[Any]) -> None:
    """Warn that a save of another version of the game loaded (its replay agreed)."""
    if data["game_version"] != game.version:
        warnings.warn(
            f"the saved match was written by version {show(data['game_version'])} of "
            f"{game.name}; its log replays to its saved state under the installed {game.version}, "
            "so it loaded",
            SaveWarning,
            stacklevel=3,
        )

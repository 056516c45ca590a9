"""The exceptions of tablecards: one family, each naming what went wrong and where."""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "BotError",
    "CatalogueError",
    "IllegalAction",
    "MalformedAction",
    "MatchOver",
    "MoveNumberError",
    "NotYourTurn",
    "PlayerCountError",
    "PluginError",
    "RulesError",
    "SaveError",
    "SeedError",
    "TablecardsError",
    "UnknownBot",
    "UnknownGame",
    "UnknownOption",
    "UnknownSeat",
    "brief",
    "show",
]

# Error messages show the caller's values through a bounded repr: no input (a huge number, a
# self-referential list, an object whose repr fails) can make a refusal itself crash or flood.
_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40


def show(value: object) -> str:
    """A short, safe repr of any value for an error message."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"<int of {value.bit_length()} bits>"  # repr() of a huge int may itself fail
    try:
        return _REPR.repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        return f"<{type(value).__name__} object>"


def brief(error: BaseException, limit: int = 200) -> str:
    """An exception's message for another message, cut to ``limit`` characters."""
    try:
        text = str(error)
    except Exception:
        return type(error).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Every error pickles to an equal one (same class, fields and message), so that it crosses to
# another process (a worker of simulate, a Dask client) intact. Pickle rebuilds an exception as
# ``cls(*self.args)``, and ``args`` holds the formatted message, not the constructor's
# arguments: each class whose constructor takes other arguments says how to rebuild itself in
# ``__reduce__``, and gives back its fields as they were (``__notes__`` included).


class TablecardsError(Exception):
    """Base class of every error tablecards raises on purpose.

    Every error of the family pickles to an equal one (same class, fields and message), so it
    can be raised in a worker process and caught in the parent.

    Example:
        One ``except`` catches every refusal of the engine:

        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> try:
        ...     match.apply(2, match.legal_actions(0)[0])
        ... except tablecards.TablecardsError as error:
        ...     print(type(error).__name__)
        NotYourTurn
    """


class NotYourTurn(TablecardsError):
    """A seat tried to act while it is not among the seats that may act now.

    When the game says why the seat may not act (the red-token holder may not call Stop),
    ``reason`` and ``rule`` say it too. The match is left exactly as it was.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> try:
        ...     match.apply(1, match.legal_actions(0)[0])
        ... except tablecards.NotYourTurn as error:
        ...     print(error)
        ...     print(error.seat, error.to_act)
        seat 1 cannot play DrawAgain(): it is not their turn (to act: 0)
        1 (0,)
    """

    def __init__(
        self,
        seat: int,
        action: object,
        to_act: Sequence[int],
        reason: str | None = None,
        rule: str | None = None,
    ) -> None:
        self.seat = seat
        self.action = action
        self.to_act = tuple(to_act)
        self.reason = reason
        self.rule = rule
        waiting = ", ".join(map(str, self.to_act)) or "nobody (the match is over)"
        why = f": {reason}" if reason else ""
        where = f" [{rule}]" if rule else ""
        super().__init__(
            f"seat {seat} cannot play {show(action)}: it is not their turn (to act: {waiting}){why}"
            f"{where}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        given = (self.seat, self.action, self.to_act, self.reason, self.rule)
        return (type(self), given, self.__dict__)


class IllegalAction(TablecardsError):
    """A seat that may act asked for an action the rules forbid now.

    ``reason`` says why in words; ``rule`` is the rule ID (``"HIT-08"``) where one applies.
    The match is left exactly as it was.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> from tablecards_hit import NO_STEAL
        >>> before = match.to_json()
        >>> try:
        ...     match.apply(0, NO_STEAL)
        ... except tablecards.IllegalAction as error:
        ...     print(error.rule, error.reason)
        HIT-09 there is nothing to steal: choose to draw again or end the turn
        >>> match.to_json() == before
        True
    """

    def __init__(self, seat: int, action: object, reason: str, rule: str | None = None) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"seat {show(seat)} cannot play {show(action)}: {reason}{where}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.seat, self.action, self.reason, self.rule), self.__dict__)


class UnknownSeat(TablecardsError):
    """A seat argument that is not a seat of the match.

    A seat is an ``int`` (a ``bool`` is not one) in ``range(players)``. Raised before any game
    code runs, so a refusal never describes another seat's situation. ``seat`` is the value
    given, ``players`` the match's seat count, ``spectator`` whether ``None`` (a spectator) was
    allowed there. The match is unchanged.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> try:
        ...     match.view(3)
        ... except tablecards.UnknownSeat as error:
        ...     print(error)
        3 is not a seat of this match: seats are 0 to 2 or None for a spectator
    """

    def __init__(self, seat: object, players: int, *, spectator: bool = False) -> None:
        self.seat = seat
        self.players = players
        self.spectator = spectator
        given = show(seat)
        if not isinstance(seat, int) or isinstance(seat, bool):
            given = f"{given} ({type(seat).__name__})"
        others = " or None for a spectator" if spectator else ""
        super().__init__(
            f"{given} is not a seat of this match: seats are 0 to {players - 1}{others}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        rebuild = functools.partial(type(self), spectator=self.spectator)
        return (rebuild, (self.seat, self.players), self.__dict__)


class MalformedAction(TablecardsError, ValueError):
    """A client's action data that cannot be read as an action of the game.

    Not an object, not JSON, an unknown type, missing, extra or wrong-typed fields. ``reason``
    says what is wrong and what was expected (the known types, the fields and their types).
    It also derives from :class:`ValueError`, which :func:`~tablecards.action_from_json` used
    to raise.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> try:
        ...     match.parse_action({"type": "Fly"})
        ... except tablecards.MalformedAction as error:
        ...     print(error.reason)
        unknown action type 'Fly'; known types: DrawAgain, EndTurn, NoSteal, Steal
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"malformed action: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason,), self.__dict__)


class MatchOver(TablecardsError):
    """An action was offered to a match that has already ended (won or truncated).

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> while not match.is_over:
        ...     seat = match.to_act[0]
        ...     match.apply(seat, match.legal_actions(seat)[-1])
        >>> from tablecards_hit import END_TURN
        >>> try:
        ...     match.apply(0, END_TURN)
        ... except tablecards.MatchOver as error:
        ...     print(error)
        seat 0 cannot play EndTurn(): the match is over
    """


class RulesError(TablecardsError):
    """A game's own rules code failed on an action it had declared legal.

    This is a bug in the game plugin, not in the caller's input. The match is rebuilt from its
    log so that it stays exactly as it was before the action.

    Example:
        >>> import tablecards
        >>> from tablecards_hit import Hit  # pip install tablecards-hit
        >>> class BrokenHit(Hit):
        ...     def apply(self, state, seat, action):
        ...         raise ZeroDivisionError("a bug in the plugin")
        >>> match = tablecards.Match(BrokenHit(), players=3, seed=1)
        >>> before = match.to_json()
        >>> try:
        ...     match.apply(0, match.legal_actions(0)[0])
        ... except tablecards.RulesError as error:
        ...     print(error)
        hit failed applying DrawAgain() for seat 0: ZeroDivisionError: a bug in the plugin
        >>> match.to_json() == before
        True
    """


class SaveError(TablecardsError):
    """A saved match could not be loaded: malformed, truncated, tampered or from another game.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> saved = match.to_json()
        >>> try:
        ...     tablecards.Match.from_json(saved[: len(saved) // 2])
        ... except tablecards.SaveError as error:
        ...     print(error)
        not a saved match: invalid JSON ...; the file may be truncated or corrupted
    """


class PluginError(TablecardsError):
    """A plugin failed to load, or registered something invalid (such as a duplicate name).

    Example:
        >>> import tablecards
        >>> from tablecards_hit import Hit  # pip install tablecards-hit
        >>> registry = tablecards.Registry()
        >>> registry.add_game(Hit, plugin="one")
        >>> try:
        ...     registry.add_game(Hit, plugin="another")
        ... except tablecards.PluginError as error:
        ...     print(error)
        game name 'hit' registered twice: by tablecards_hit._game.Hit and by ...Hit
    """


class UnknownGame(TablecardsError, LookupError):
    """No installed plugin provides a game of that name.

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.load_game("chess")
        ... except tablecards.UnknownGame as error:
        ...     print(error)
        ...     print("hit" in error.installed)  # pip install tablecards-hit
        unknown game 'chess'; installed games: ...
        True
    """

    def __init__(self, name: str, installed: Iterable[str], broken: Iterable[str] = ()) -> None:
        self.name = name
        self.installed = tuple(sorted(installed))
        self.broken = tuple(broken)
        listed = ", ".join(self.installed) or "none"
        message = f"unknown game {show(name)}; installed games: {listed}"
        if self.broken:
            message += f" (plugins that failed to load: {', '.join(self.broken)})"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.name, self.installed, self.broken), self.__dict__)


class UnknownBot(TablecardsError, LookupError):
    """No bot of that name is registered for the game.

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.registry().bot("hit", "genius")  # pip install tablecards-hit
        ... except tablecards.UnknownBot as error:
        ...     print(error)
        unknown bot 'genius' for game 'hit'; available: heuristic, ...random
    """

    def __init__(self, game: str, name: str, known: Iterable[str]) -> None:
        self.game = game
        self.name = name
        self.known = tuple(sorted(known))
        super().__init__(
            f"unknown bot {show(name)} for game {game!r}; available: "
            f"{', '.join(self.known) or 'none'}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.name, self.known), self.__dict__)


class BotError(TablecardsError, ValueError):
    """A bot given to a simulation cannot play: ``bot`` names it, ``reason`` says why.

    A ``"module:factory"`` reference that does not import, a value that is not a bot, a factory
    that fails, or a bot that cannot be sent to worker processes (it does not pickle, or it
    lives where a fresh worker cannot import it).

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.simulate("hit", bots=["nowhere:mine", "random", "random"], games=1)
        ... except tablecards.BotError as error:
        ...     print(error)
        bot 'nowhere:mine' cannot play: module 'nowhere' does not import (No module named 'nowhere')
    """

    def __init__(self, bot: str, reason: str) -> None:
        self.bot = bot
        self.reason = reason
        super().__init__(f"bot {show(bot)} cannot play: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.bot, self.reason), self.__dict__)


class UnknownOption(TablecardsError, TypeError):
    """A game was given an option it does not have, or a value the option does not accept.

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.load_game("hit", rounds=0)  # pip install tablecards-hit
        ... except tablecards.UnknownOption as error:
        ...     print(error)
        bad option value: rounds must be a whole number from 1 to 20, or left unset, not 0
    """

    def __init__(self, game: str, message: str, valid: dict[str, Any] | None = None) -> None:
        self.game = game
        self.valid = dict(valid or {})
        if valid is not None:
            listed = ", ".join(f"{k} (default {v!r})" for k, v in self.valid.items()) or "none"
            message = f"{message}; options of {game!r}: {listed}"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        # The message already lists the options: rebuilt without ``valid``, then given it back.
        return (type(self), (self.game, str(self)), self.__dict__)


class PlayerCountError(UnknownOption):
    """A match was asked for a seat count that the game, with its options, does not allow.

    ``game`` names the game and ``players`` is the value given. It derives from
    :class:`UnknownOption`, which a bad seat count raised before it existed.

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.Match("hit", players=9, seed=1)  # pip install tablecards-hit
        ... except tablecards.PlayerCountError as error:
        ...     print(error)
        ...     print(error.players)
        Hit! is played by 2 to 6 players, not 9
        9
    """

    def __init__(self, game: str, players: object, message: str) -> None:
        self.players = players
        super().__init__(game, message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.players, str(self)), self.__dict__)


class SeedError(UnknownOption):
    """A seed that is not a whole number of at most 256 bits (sign aside).

    ``game`` names the game and ``seed`` is the value given. It derives from
    :class:`UnknownOption`, which a bad seed raised before it existed.

    Example:
        >>> import tablecards
        >>> try:
        ...     tablecards.Match("hit", players=3, seed="7")  # pip install tablecards-hit
        ... except tablecards.SeedError as error:
        ...     print(error)
        seed must be an int of at most 256 bits, not str '7'
    """

    def __init__(self, game: str, seed: object, message: str) -> None:
        self.seed = seed
        super().__init__(game, message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.seed, str(self)), self.__dict__)


class MoveNumberError(TablecardsError, ValueError):
    """A move number that is not an ``int`` from 0.

    Raised for ``since`` of :meth:`~tablecards.Match.events_for` and
    :meth:`~tablecards.Match.history`; ``since`` is the value given. It derives from
    :class:`TablecardsError`, which a bad ``since`` raised before it existed, and from
    :class:`ValueError`.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> try:
        ...     match.events_for(0, since=-1)
        ... except tablecards.MoveNumberError as error:
        ...     print(error)
        since must be a move number (an int from 0), not int -1
    """

    def __init__(self, since: object, message: str) -> None:
        self.since = since
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.since, str(self)), self.__dict__)


class CatalogueError(TablecardsError, LookupError):
    """A game has no action catalogue, or an action is not in it.

    See :class:`~tablecards.ActionCatalogue`. ``game`` names the game; the message says what is
    missing and how a plugin provides it.

    Example:
        >>> import tablecards
        >>> game = tablecards.load_game("hit")  # pip install tablecards-hit
        >>> catalogue = tablecards.ActionCatalogue(game, 3)
        >>> try:
        ...     catalogue.index("fly")
        ... except tablecards.CatalogueError as error:
        ...     print(error)
        hit: 'fly' is not in the action catalogue for 3 players
    """

    def __init__(self, game: str, message: str) -> None:
        self.game = game
        super().__init__(f"{game}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        message = str(self)[len(f"{self.game}: ") :]
        return (type(self), (self.game, message), self.__dict__)

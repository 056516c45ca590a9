"""The exceptions of tablecards: one family, each naming what went wrong and where."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "CatalogueError",
    "IllegalAction",
    "MatchOver",
    "NotYourTurn",
    "PluginError",
    "RulesError",
    "SaveError",
    "TablecardsError",
    "UnknownBot",
    "UnknownGame",
    "UnknownOption",
]


class TablecardsError(Exception):
    """Base class of every error tablecards raises on purpose."""


class NotYourTurn(TablecardsError):
    """A seat tried to act while it is not among the seats that may act now.

    When the game says why the seat may not act (the red-token holder may not call Stop),
    ``reason`` and ``rule`` say it too. The match is left exactly as it was.
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
            f"seat {seat} cannot play {action!r}: it is not their turn (to act: {waiting}){why}"
            f"{where}"
        )


class IllegalAction(TablecardsError):
    """A seat that may act asked for an action the rules forbid now.

    ``reason`` says why in words; ``rule`` is the rule ID (``"HIT-08"``) where one applies.
    The match is left exactly as it was.
    """

    def __init__(self, seat: int, action: object, reason: str, rule: str | None = None) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"seat {seat} cannot play {action!r}: {reason}{where}")


class MatchOver(TablecardsError):
    """An action was offered to a match that has already ended (won or truncated)."""


class RulesError(TablecardsError):
    """A game's own rules code failed on an action it had declared legal.

    This is a bug in the game plugin, not in the caller's input. The match is rebuilt from its
    log so that it stays exactly as it was before the action.
    """


class SaveError(TablecardsError):
    """A saved match could not be loaded: malformed, truncated, tampered or from another game."""


class PluginError(TablecardsError):
    """A plugin failed to load, or registered something invalid (such as a duplicate name)."""


class UnknownGame(TablecardsError, LookupError):
    """No installed plugin provides a game of that name."""

    def __init__(self, name: str, installed: Iterable[str], broken: Iterable[str] = ()) -> None:
        self.name = name
        self.installed = tuple(sorted(installed))
        listed = ", ".join(self.installed) or "none"
        message = f"unknown game {name!r}; installed games: {listed}"
        broken = tuple(broken)
        if broken:
            message += f" (plugins that failed to load: {', '.join(broken)})"
        super().__init__(message)


class UnknownBot(TablecardsError, LookupError):
    """No bot of that name is registered for the game."""

    def __init__(self, game: str, name: str, known: Iterable[str]) -> None:
        self.game = game
        self.name = name
        self.known = tuple(sorted(known))
        super().__init__(
            f"unknown bot {name!r} for game {game!r}; available: {', '.join(self.known) or 'none'}"
        )


class UnknownOption(TablecardsError, TypeError):
    """A game was given an option it does not have, or a value the option does not accept."""

    def __init__(self, game: str, message: str, valid: dict[str, Any] | None = None) -> None:
        self.game = game
        self.valid = dict(valid or {})
        if valid is not None:
            listed = ", ".join(f"{k} (default {v!r})" for k, v in self.valid.items()) or "none"
            message = f"{message}; options of {game!r}: {listed}"
        super().__init__(message)


class CatalogueError(TablecardsError, LookupError):
    """A game has no action catalogue, or an action is not in it (see
    :class:`~tablecards.ActionCatalogue`).

    ``game`` names the game; the message says what is missing and how a plugin provides it.
    """

    def __init__(self, game: str, message: str) -> None:
        self.game = game
        super().__init__(f"{game}: {message}")

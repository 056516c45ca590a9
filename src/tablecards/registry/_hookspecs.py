"""The hook specifications of tablecards.

Two kinds of hooks, as in pytest and llm:

*Registration hooks* are called once, when the registry is built from the installed plugins
(entry-point group ``tablecards``). Each takes a ``register`` callback built by the host, so a
plugin says what it provides and the host decides what a duplicate or a bad registration means.

*Match hooks* follow the life of one match. They are implemented by *observers* passed to a
match (``Match(game, players=3, seed=1, observers=[obj])``): any object with methods of these
names marked ``@tablecards.hookimpl``. A match with no observer calls no hook at all, so
simulations pay nothing for them. The protocol, for each match::

    tablecards_match_started(match)                  once, after setup
    for each action:
        tablecards_match_event(match, event)         for each event of the action, in order
        tablecards_action_applied(match, seat, action)
    tablecards_match_ended(match, result)            once, when it ends or is truncated

Events carry their own visibility: an observer that acts for one seat shows only
``event.seen_by(seat)``.

A match calls its observers' hook methods directly, as pluggy would (the last observer first,
each method given only the arguments it declares), without pluggy's per-call bookkeeping; a
group in which a method is a wrapper (``wrapper=True``/``hookwrapper=True``), asks for
``tryfirst``/``trylast`` or implements another hook goes through pluggy instead, with the same
results.

Presentation is not a hook: a game lays out what a seat sees with :meth:`tablecards.Game.scene`
and puts its actions, events and plays into words with :meth:`tablecards.Game.describe`,
:meth:`~tablecards.Game.describe_event` and :meth:`~tablecards.Game.describe_play`, which the
terminal, replays and the networked table all use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click

    from tablecards.core._actions import Action
    from tablecards.core._events import Event
    from tablecards.core._game import Game, Result
    from tablecards.play._match import Match

__all__ = ["PROJECT", "hookimpl", "hookspec"]

#: The one name of the project: hook marker, plugin manager and entry-point group.
PROJECT = "tablecards"

hookspec = pluggy.HookspecMarker(PROJECT)
#: Marks a plugin's or an observer's hook implementations.
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- registration --------------------------------------------------------------------------------


@hookspec
def tablecards_register_games(register: Callable[[type[Game[Any]]], None]) -> None:
    """Register the games this plugin provides.

    :param register: call ``register(GameClass)`` once per game. A game name registered twice
        (by this plugin or another) is an error that names both; it is never silently renamed.

    Called once per plugin when the registry is built; the results are ignored.
    """


@hookspec
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register bots.

    :param register: call ``register(name, factory, game=None, description="")``.
        ``factory(game, seat)`` returns a new bot for one seat of one match; ``game=None``
        offers the bot for every game (as the built-in ``random`` bot), a game name for that
        game only. A game-specific bot of the same name as a generic one wins for that game.

    Called once per plugin when the registry is built; the results are ignored.
    """


@hookspec
def tablecards_register_commands(cli: click.Group) -> None:
    """Add commands to the ``tablecards`` command line.

    :param cli: the click group; add commands with ``cli.add_command(...)`` or the
        ``@cli.command()`` decorator.

    Called once per plugin when the command line starts; the results are ignored.
    """


# -- the life of a match -------------------------------------------------------------------------


@hookspec
def tablecards_match_started(match: Match) -> None:
    """A match was set up (cards shuffled and dealt) and waits for its first action.

    :param match: the match; its :attr:`~tablecards.Match.to_act` names who acts first.

    Called once per match on every observer; the results are ignored.
    """


@hookspec
def tablecards_match_event(match: Match, event: Event) -> None:
    """Something happened: a card moved, a turn started, a round ended, a game-specific event.

    :param match: the match, already in the state after the whole action.
    :param event: the complete event; call ``event.seen_by(seat)`` for what one seat may see.

    Called for each event of an action, in order, before
    :func:`tablecards_action_applied`; events of the setup come right before
    :func:`tablecards_match_started`. The results are ignored.
    """


@hookspec
def tablecards_action_applied(match: Match, seat: int, action: Action) -> None:
    """Seat ``seat`` played ``action``, which was legal, and the match moved on.

    :param match: the match, in the state after the action.
    :param seat: who acted.
    :param action: what they did, complete. An observer acting for one seat shows
        ``match.game.redact_action(action, seat, viewer)`` instead: most actions are public, but
        a game may keep some secret (the value of a card given in a private exchange).

    Called once per applied action; the results are ignored.
    """


@hookspec
def tablecards_match_ended(match: Match, result: Result) -> None:
    """The match ended, by its rules or by the move limit (``result.truncated``).

    :param match: the finished match.
    :param result: scores, winners, rounds and moves.

    Called once per match; the results are ignored.
    """

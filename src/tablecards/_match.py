"""The Match: validation, the action log, events, views, undo and persistence around a game.

The flow of one action::

    Match.apply(seat, action)
      1. is seat in to_act?            else NotYourTurn   (state unchanged)
      2. is the action legal for seat? else IllegalAction (state unchanged)
      3. game.apply(state, seat, action) changes the state and emits events
      4. (seat, action) is appended to the log: seed + log replay the match exactly
      5. events go to the observers; each event knows which seats may see it
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Final

import pluggy

from tablecards import _hookspecs
from tablecards._actions import Action
from tablecards._errors import (
    IllegalAction,
    MatchOver,
    NotYourTurn,
    RulesError,
    SaveError,
    TablecardsError,
)
from tablecards._events import Event
from tablecards._game import Game, Result
from tablecards._random import MatchRandom
from tablecards._serial import action_from_json, action_to_json, dumps, snapshot
from tablecards._state import State

__all__ = ["SAVE_FORMAT", "Match"]

#: The ``format`` field of a saved match; bumped when the layout changes.
SAVE_FORMAT: Final = "tablecards.match/1"


class Match:
    """One match of a game: the only way to change a game's state.

    >>> import tablecards
    >>> match = tablecards.Match(tablecards.load_game("hit"), players=3, seed=7)
    >>> while not match.is_over:
    ...     seat = match.to_act[0]
    ...     match.apply(seat, match.legal_actions(seat)[0])
    >>> match.result.moves > 0
    True

    Args:
        game: a game from :func:`tablecards.load_game`, or its name.
        players: the number of seats (default: the game's default).
        seed: seeds the match's only random generator: the same seed and the same actions give
            the same match, byte for byte in :meth:`to_json`.
        observers: objects with ``@tablecards.hookimpl`` methods of the match hooks
            (see :mod:`tablecards` hook specs), called as the match goes.
        move_limit: how many actions before the engine ends the match as truncated (default:
            the game's ``move_limit``).

    Raises:
        UnknownOption: the game cannot be played by that many players.
    """

    __slots__ = (
        "_apply",
        "_game",
        "_hooks",
        "_limit",
        "_log",
        "_players",
        "_seed",
        "_state",
        "_truncated",
        "_types",
        "_why",
    )

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None = None,
        seed: int = 0,
        *,
        observers: Iterable[object] = (),
        move_limit: int | None = None,
    ) -> None:
        if isinstance(game, str):
            from tablecards._plugins import load_game

            game = load_game(game)
        if players is None:
            players = game.default_players
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        game.check_players(players)
        self._game: Game[Any] = game
        self._players = players
        self._seed = seed
        self._limit = game.move_limit(players) if move_limit is None else move_limit
        self._log: list[tuple[int, Action]] = []
        self._truncated = False
        self._types = frozenset(game.actions)
        # Bound once: apply() is the hot path of every simulation.
        self._why = game.why_illegal
        self._apply = game.apply
        self._hooks = _observer_hooks(observers)
        self._state: State = self._new_state()
        hooks = self._hooks
        if hooks is not None:
            self._flush(hooks)
            if hooks.started is not None:
                hooks.started(match=self)

    def _new_state(self) -> State:
        state: State = self._game.initial_state(self._players, MatchRandom(self._seed))
        if self._hooks is not None and self._hooks.event is not None:
            state.sink = []
        self._game.setup(state)
        return state

    # -- reading --------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game this match plays."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def seed(self) -> int:
        """The seed of the match's random generator."""
        return self._seed

    @property
    def move_limit(self) -> int:
        """How many actions the match may take before it is truncated."""
        return self._limit

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: one seat, several in an open moment, none when over."""
        return () if self._truncated else self._state.to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended, by its rules or by the move limit."""
        return self._state.over or self._truncated

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every applied ``(seat, action)``, in order: with the seed it replays the match."""
        return tuple(self._log)

    @property
    def moves(self) -> int:
        """How many actions have been applied."""
        return len(self._log)

    @property
    def state(self) -> State:
        """The full state, secrets included. Never hand it to a seat: give :meth:`view`."""
        return self._state

    @property
    def result(self) -> Result | None:
        """Scores, winners, rounds, moves and the truncated flag; ``None`` while playing."""
        if not self.is_over:
            return None
        game, state = self._game, self._state
        return Result(
            scores=game.scores(state),
            winners=() if self._truncated else game.winners(state),
            rounds=game.rounds_played(state),
            moves=len(self._log),
            truncated=self._truncated,
        )

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now; empty when the seat may not act."""
        if self._truncated or seat not in self._state.to_act:
            return ()
        return self._game.legal_actions(self._state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data.

        Hidden zones show only their size; the game adds its public information.
        """
        out = self._game.view(self._state, seat)
        out["moves"] = len(self._log)
        if self._truncated:
            out["over"] = True
            out["to_act"] = []
        return out

    def describe(self, action: Action) -> str:
        """A short human description of an action of this game."""
        return self._game.describe(action)

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``.

        Raises:
            MatchOver: the match has ended.
            NotYourTurn: ``seat`` is not among :attr:`to_act`.
            IllegalAction: the rules forbid the action now (the reason names the rule).
            RulesError: the game's rules code failed checking or applying the action (a plugin
                bug).

        On any error the match is left exactly as it was.
        """
        state = self._state
        if self._truncated or state.over or seat not in state.to_act:
            self._reject_turn(seat, action)
        if type(action) not in self._types:
            raise IllegalAction(seat, action, f"it is not an action of {self._game.name}")
        try:
            why = self._why(state, seat, action)
        except Exception as error:
            # Legality checks must answer, not crash: a crash is the plugin's bug.
            raise RulesError(
                f"{self._game.name} failed checking {action!r} for seat {seat}: "
                f"{type(error).__name__}: {error}"
            ) from error
        if why is not None:
            raise IllegalAction(seat, action, why.reason, why.rule)
        try:
            self._apply(state, seat, action)
        except BaseException as error:
            # Validation passed, so this is a bug in the rules code (or an interrupt): rebuild
            # the state from the log so that a failed action never leaves a half-applied state.
            self._state = self._replay(self._log)
            if isinstance(error, Exception):
                raise RulesError(
                    f"{self._game.name} failed applying {action!r} for seat {seat}: "
                    f"{type(error).__name__}: {error}"
                ) from error
            raise
        log = self._log
        log.append((seat, action))
        if len(log) >= self._limit and not state.over:
            self._truncated = True
        hooks = self._hooks
        if hooks is not None:
            self._flush(hooks)
            if hooks.applied is not None:
                hooks.applied(match=self, seat=seat, action=action)
            if hooks.ended is not None and self.is_over:
                hooks.ended(match=self, result=self.result)

    def _reject_turn(self, seat: int, action: Action) -> None:
        if self.is_over:
            raise MatchOver(f"seat {seat} cannot play {action!r}: the match is over")
        try:
            why = self._game.why_not_your_turn(self._state, seat, action)
        except Exception:
            why = None  # an explanation is a courtesy: its failure must not hide the refusal
        if why is None:
            raise NotYourTurn(seat, action, self._state.to_act)
        raise NotYourTurn(seat, action, self._state.to_act, why.reason, why.rule)

    def _flush(self, hooks: _Observers) -> None:
        sink = self._state.sink
        if hooks.event is None or not sink:
            return
        events: list[Event] = list(sink)
        sink.clear()
        for event in events:
            hooks.event(match=self, event=event)

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions by replaying the log without them.

        Observers are not told of the replay.

        Raises:
            ValueError: fewer than ``count`` actions were played.
        """
        if not 0 <= count <= len(self._log):
            raise ValueError(f"cannot undo {count} actions: {len(self._log)} were played")
        kept = self._log[: len(self._log) - count]
        state = self._replay(kept)
        self._log = list(kept)
        self._state = state
        self._truncated = len(kept) >= self._limit and not state.over

    def _replay(self, log: Sequence[tuple[int, Action]]) -> State:
        # Rebuilds silently (no observers); the actions were all legal when first applied.
        game = self._game
        state: State = game.initial_state(self._players, MatchRandom(self._seed))
        game.setup(state)
        for seat, action in log:
            game.apply(state, seat, action)
        if self._hooks is not None and self._hooks.event is not None:
            state.sink = []
        return state

    def clone(self) -> Match:
        """An independent copy of the match (state, log, limit), without observers.

        Cheap enough for search bots: zones and containers are copied, cards shared.
        """
        new = object.__new__(Match)
        new._game = self._game
        new._players = self._players
        new._seed = self._seed
        new._limit = self._limit
        new._log = list(self._log)
        new._truncated = self._truncated
        new._types = self._types
        new._why = self._why
        new._apply = self._apply
        new._hooks = None
        new._state = self._state.clone()
        return new

    # -- saving ---------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The match as canonical JSON: game, version, options, seed, log and a state snapshot.

        Deterministic: the same seed and actions give the same bytes.
        """
        game = self._game
        return dumps(
            {
                "format": SAVE_FORMAT,
                "game": game.name,
                "game_version": game.version,
                "options": game.options_json(),
                "players": self._players,
                "seed": self._seed,
                "move_limit": self._limit,
                "log": [[seat, action_to_json(action)] for seat, action in self._log],
                "truncated": self._truncated,
                "state": snapshot(self._state),
            }
        )

    @classmethod
    def from_json(
        cls, text: str | bytes, game: Game[Any] | None = None, *, observers: Iterable[object] = ()
    ) -> Match:
        """Load a match saved by :meth:`to_json`, replaying its log and checking its snapshot.

        Args:
            text: the saved JSON.
            game: the game to play it with; by default the installed game the save names,
                loaded with the saved options.
            observers: observers for the rest of the match.

        Raises:
            SaveError: the text is not valid JSON, is not a saved match, names another or an
                unknown game, holds an action that is not legal when replayed, or its state
                snapshot does not match the replayed log (tampered, or another version); a
                save written by another version of the game is first read through
                :meth:`Game.upgrade_snapshot <tablecards.Game.upgrade_snapshot>`, which may
                refuse it.
        """
        data = _parse(text)
        if game is None:
            from tablecards._plugins import load_game

            try:
                game = load_game(data["game"], **data["options"])
            except TablecardsError as error:
                raise SaveError(f"cannot load the saved match: {error}") from error
        elif game.name != data["game"]:
            raise SaveError(f"the saved match is a game of {data['game']!r}, not {game.name!r}")
        elif game.options_json() != data["options"]:
            raise SaveError(
                f"the saved match was played with options {data['options']!r}, "
                f"not {game.options_json()!r}"
            )
        try:
            match = cls(game, data["players"], data["seed"], move_limit=data["move_limit"])
        except TablecardsError as error:
            raise SaveError(f"cannot load the saved match: {error}") from error
        saved = data["state"]
        if data["game_version"] != game.version:
            try:
                saved = game.upgrade_snapshot(data["game_version"], saved)
            except (LookupError, TypeError, ValueError) as error:
                raise SaveError(
                    f"cannot read the state saved by {game.name} {data['game_version']} "
                    f"(installed {game.version}): {error!r}"
                ) from error
        types = game.action_types()
        for index, entry in enumerate(data["log"]):
            try:
                seat, raw = entry
                match.apply(seat, action_from_json(types, raw))
            except (TablecardsError, ValueError, TypeError) as error:
                raise SaveError(
                    f"log entry {index} ({entry!r}) does not replay: {error}"
                ) from error
        if match._truncated != data["truncated"] or snapshot(match._state) != saved:
            raise SaveError(
                "the saved state does not match its replayed log: the file was altered, or saved "
                f"by another version of {game.name} (saved with {data['game_version']}, "
                f"installed {game.version})"
            )
        match._hooks = _observer_hooks(observers)
        if match._hooks is not None and match._hooks.event is not None:
            match._state.sink = []
        return match

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to act: {list(self.to_act)}"
        return (
            f"<Match {self._game.name} players={self._players} seed={self._seed} "
            f"moves={len(self._log)} {status}>"
        )


_SAVE_FIELDS: Final = {
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


def _parse(text: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"not a saved match: invalid JSON at line {error.lineno} column {error.colno} "
            f"({error.msg}); the file may be truncated or corrupted"
        ) from None
    except UnicodeDecodeError as error:
        raise SaveError(f"not a saved match: not UTF-8 text ({error.reason})") from None
    if not isinstance(data, dict):
        raise SaveError(f"not a saved match: expected a JSON object, found {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(
            f"not a saved match of this version: format is {data.get('format')!r}, "
            f"expected {SAVE_FORMAT!r}"
        )
    for key, kind in _SAVE_FIELDS.items():
        if key not in data:
            raise SaveError(f"the saved match has no {key!r} field")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(f"the saved match's {key!r} must be {kind.__name__}, not {value!r}")
    return data


class _Observers:
    """The match hooks that a match's observers implement; ``None`` for the others.

    Calling a pluggy hook costs even with no implementation, and building events costs too, so
    a match calls only implemented hooks and records events only when someone listens to them.
    """

    __slots__ = ("applied", "ended", "event", "started")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        hook = pm.hook
        self.started = _implemented(hook.tablecards_match_started)
        self.event = _implemented(hook.tablecards_match_event)
        self.applied = _implemented(hook.tablecards_action_applied)
        self.ended = _implemented(hook.tablecards_match_ended)


def _implemented(caller: pluggy.HookCaller) -> pluggy.HookCaller | None:
    return caller if caller.get_hookimpls() else None


# The hooks of the last few observer sets, by identity: registering an observer with pluggy
# inspects all its attributes (hundreds of microseconds), and simulations pass the same
# long-lived observers to match after match. Entries hold the observers, so few are kept.
_OBSERVER_CACHE: OrderedDict[tuple[int, ...], tuple[tuple[object, ...], _Observers]] = OrderedDict()
_OBSERVER_CACHE_SIZE: Final = 8


def _observer_hooks(observers: Iterable[object]) -> _Observers | None:
    group = tuple(observers)
    if not group:
        return None
    key = tuple(id(observer) for observer in group)
    cached = _OBSERVER_CACHE.get(key)
    if cached is not None and all(a is b for a, b in zip(cached[0], group, strict=True)):
        _OBSERVER_CACHE.move_to_end(key)
        return cached[1]
    pm = pluggy.PluginManager(_hookspecs.PROJECT)
    pm.add_hookspecs(_hookspecs)
    for observer in group:
        pm.register(observer)
    hooks = _Observers(pm)
    _OBSERVER_CACHE[key] = (group, hooks)
    if len(_OBSERVER_CACHE) > _OBSERVER_CACHE_SIZE:
        _OBSERVER_CACHE.popitem(last=False)
    return hooks

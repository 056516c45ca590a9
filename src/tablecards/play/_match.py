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

import bisect
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from tablecards.core._actions import Action
from tablecards.core._cards import SharedZones
from tablecards.core._clock import Clock
from tablecards.core._describe import menu_text
from tablecards.core._errors import (
    IllegalAction,
    MatchOver,
    NotYourTurn,
    PluginError,
    RulesError,
    SaveError,
    TablecardsError,
    UnknownSeat,
    brief,
    show,
)
from tablecards.core._events import Event
from tablecards.core._game import Game, Result, declares
from tablecards.core._random import MatchRandom
from tablecards.core._serial import action_to_json, dumps, snapshot
from tablecards.core._simultaneous import hidden_from, legal_now, play, waiting_now
from tablecards.core._state import State, zone_list
from tablecards.play._checks import action_checks, check_constructor, check_since, field_error
from tablecards.play._history import history
from tablecards.play._observers import Observers, observer_hooks
from tablecards.saves._loads import CannotRead, read_log, state_from_snapshot
from tablecards.saves._saves import (
    SAVE_FORMAT,
    check_seed,
    class_path,
    explain_mismatch,
    read_save,
    registered_class,
    saved_game,
    saved_limit,
    warn_version,
)
from tablecards.table._scene import check_names, scene_of

__all__ = ["SAVE_FORMAT", "Match"]


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
            the same match, byte for byte in :meth:`to_json`. ``None`` (the default) draws a
            fresh seed from the operating system's secure source (``secrets``), readable as
            :attr:`seed` and saved. Pass a seed to replay or reproduce a match; a server must
            not pass a constant, or every match would deal the same cards.
        observers: objects with ``@tablecards.hookimpl`` methods of the match hooks
            (see :mod:`tablecards` hook specs), called as the match goes.
        move_limit: how many actions before the engine ends the match as truncated (default:
            the game's ``move_limit``).

    Threads: a ``Match`` is not thread-safe. Use each match from one thread at a time (one
    match per thread, or a lock around every call to it, reads included). Different matches
    may be created and played in different threads at once, also from the same game object,
    the same game name or the same observer objects (an observer shared so is then called from
    several threads: it must be safe for that itself).

    Its repr never shows the seed (:attr:`seed` does, on purpose).

    Raises:
        UnknownGame: ``game`` is neither a game nor the name of an installed game.
        PlayerCountError: the game cannot be played by that many players, or ``players`` is
            not a whole number (a ``bool`` is not one).
        SeedError: ``seed`` is not a whole number of at most 256 bits.
        UnknownOption: ``move_limit`` is not a whole number of at least 1 (also the base class
            of the two above).
        PluginError: an observer's hook methods are invalid (or one is given twice).
    """

    __slots__ = (
        "_apply",
        "_checks",
        "_events",
        "_fieldless",
        "_game",
        "_hooks",
        "_legal",
        "_limit",
        "_log",
        "_moment",
        "_named",
        "_players",
        "_scenes",
        "_seed",
        "_state",
        "_truncated",
        "_why",
    )

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None = None,
        seed: int | None = None,
        *,
        observers: Iterable[object] = (),
        move_limit: int | None = None,
    ) -> None:
        game, players, seed, limit = check_constructor(game, players, seed, move_limit)
        self._game: Game[Any] = game
        self._players: int = players
        self._seed: int = seed
        self._limit = limit
        self._log: list[tuple[int, Action]] = []
        self._truncated = False
        # Each action class of the game, with the check of its fields (None: no fields), and
        # the classes without fields, which apply() lets through with one set look-up.
        self._checks, self._fieldless = action_checks(game.actions)
        # Bound once: apply() is the hot path of every simulation.
        self._why = game.why_illegal
        # A game with moments where everyone answers on their own goes through the engine's
        # play(), which holds their answers; any other calls its apply() directly.
        self._apply: Callable[[State, int, Action], None] = (
            functools.partial(play, game) if declares(game) else game.apply
        )
        self._legal = game.legal_actions
        # (move, event) pairs, once someone asked for events_for(); None until then.
        self._events: list[tuple[int, Event]] | None = None
        # The names last checked (a table passes the same ones after every move), as a tuple.
        self._named: tuple[str, ...] | None = None
        # What every seat's scene view and history read of the position (see _here).
        self._moment: _Moment | None = None
        # Each viewer's last scene, with the view, names and choices it was built from.
        self._scenes: dict[int | None, _Shown] = {}
        self._hooks = _hooks_of(observers)
        self._state: State = self._new_state()
        hooks = self._hooks
        if hooks is not None:
            self._flush()
            if hooks.started is not None:
                hooks.started(match=self)

    def _new_state(self) -> State:
        state: State = self._game.initial_state(self._players, MatchRandom(self._seed))
        if self._listening():
            state.sink = []
        self._game.setup(state)
        return state

    def _listening(self) -> bool:
        """Whether events are wanted: an observer listens, or events_for() records them."""
        hooks = self._hooks
        return self._events is not None or (hooks is not None and hooks.event is not None)

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
    def waiting_for(self) -> tuple[int, ...]:
        """The seats the current moment waits for (:meth:`Game.waiting_for`): part of
        :attr:`to_act`, without the seats that may act but need not (a Stop seat that passed);
        empty when the match is over.

        Runners and bots ask these seats; a real-time table closes the moment for them with
        :meth:`default_action` when its :attr:`clock` runs out.
        """
        if self._truncated or self._state.over:
            return ()
        return waiting_now(self._game, self._state)

    @property
    def answering_since(self) -> int | None:
        """In a moment where everyone answers on their own (:meth:`Game.simultaneous
        <tablecards.Game.simultaneous>`): the number of moves when it opened; its answers are
        the moves after it, hidden from all but their authors until it closes (each seat's
        answer never makes another's screen of the moment stale). ``None`` otherwise.
        """
        state = self._state
        if state.sealed:
            return len(self._log) - len(state.sealed)
        if self._truncated or state.over or not declares(self._game):
            return None
        return len(self._log) if self._game.simultaneous(state) else None

    @property
    def clock(self) -> Clock | None:
        """How long the current moment may wait at a real-time table (:meth:`Game.clock`);
        ``None``: it waits for ever, or the match is over."""
        if self._truncated or self._state.over:
            return None
        return self._game.clock(self._state)

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
        """Every action ``seat`` may take now; empty when the seat may not act.

        Raises:
            UnknownSeat: ``seat`` is not a seat of the match.
        """
        state = self._state
        if type(seat) is int and seat in state.to_act and not state.sealed:
            return () if self._truncated else self._legal(state, seat)
        seat = self._seat(seat)
        if self._truncated or seat not in state.to_act:
            return ()
        return legal_now(self._game, state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data.

        Hidden zones show only their size; the game adds its public information beside the
        engine's keys (the layout: :func:`tablecards.view_schema`).

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
            RulesError: the game's view uses one of the engine's reserved keys (a plugin bug).
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._players):
            seat = self._seat(seat, spectator=True)  # an int subclass becomes a plain int
        return self._finish_view(self._game.view(self._state, seat))

    def scene_view(self, seat: int | None) -> dict[str, Any]:
        """:meth:`view`, as scenes are built from it (:meth:`Game.scene_view
        <tablecards.Game.scene_view>`): equal to it, its zones shared
        :class:`~tablecards.ZoneView` objects, the same while a zone is unchanged. Read-only.

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._players):
            seat = self._seat(seat, spectator=True)
        game, state = self._game, self._state
        if type(game).scene_view is not Game.scene_view or type(game).view is not Game.view:
            return self._finish_view(game.scene_view(state, seat))
        # What Game.scene_view gives, its zones worked out once per move for every seat.
        return self._finish_view(game._view(state, seat, self._here().shared.seen_by(seat)))

    def _finish_view(self, out: dict[str, Any]) -> dict[str, Any]:
        # The match's part of a view: how many moves, and a truncated match shown as over.
        out["moves"] = len(self._log)
        if self._truncated:
            out["over"] = True
            out["to_act"] = []
        return out

    def default_action(self, seat: int) -> Action | None:
        """What ``seat`` does if a real-time table closes the current moment without it.

        The game's declared default (:meth:`Game.default_action`: Stop's ``Decline`` of a
        Stop! call, Ex & Hopp's decline of an exchange offer); ``None`` when the moment does
        not wait for the seat (:attr:`waiting_for`) or the game declares no default for it.

        Raises:
            UnknownSeat: ``seat`` is not a seat of the match.
        """
        seat = self._seat(seat)
        if seat not in self.waiting_for:
            return None
        return self._game.default_action(self._state, seat)

    def log_for(self, seat: int | None) -> tuple[tuple[int, Action | None], ...]:
        """Every applied ``(actor, action)`` as ``seat`` may see it (``None``: a spectator).

        Each action passes through :meth:`Game.redact_action`: an action whose content the
        seat may not know (a card value given in a private exchange) appears as ``None``, its
        actor still shown. Works for any match, including one loaded from JSON.

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
        """
        if seat is not None:
            seat = self._seat(seat, spectator=True)
        redact = self._game.redact_action
        # The answers of a moment everyone answers on their own stay hidden until it closes.
        hidden = hidden_from(len(self._log), self._state)
        return tuple(
            (actor, None if index >= hidden and actor != seat else redact(action, actor, seat))
            for index, (actor, action) in enumerate(self._log)
        )

    def events_for(self, seat: int | None, since: int = 0) -> tuple[tuple[int, Event], ...]:
        """The events ``seat`` may see (``None``: a spectator), as ``(move, event)`` pairs.

        Move 0 is the set-up, move *k* happened during the *k*-th action; only moves from
        ``since`` on are returned (a client that saw up to move *n* asks ``since=n + 1``). Each
        event is the version the seat may see (:meth:`Event.seen_by`), and events it may not
        see at all are left out.

        Works for any match, including one loaded from JSON or after :meth:`undo`: the first
        call replays the log to rebuild the events, after which the match records them as it
        goes, so calling it after every action stays cheap. Memory: the recorded events stay
        with the match (about as much again as an idle match holds: a Hit! match of 3 seats
        after 30 moves grows from 5.5 to 10.8 KiB); a host of many idle matches calls
        :meth:`forget_events` once it has sent them (a later call replays again).

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
            MoveNumberError: ``since`` is not a move number (an int from 0).
        """
        if seat is not None:
            seat = self._seat(seat, spectator=True)
        return self._events_since(seat, check_since(since))

    def _events_since(self, seat: int | None, since: int) -> tuple[tuple[int, Event], ...]:
        """:meth:`events_for` with its arguments checked."""
        events = self._events
        if events is None:
            events = self._record_events()
        start = len(events)
        if start and events[-1][0] >= since:
            # A table asks for the last move's events after every move: walking back over
            # them is cheaper than a search from the start.
            if events[0][0] >= since:
                start = 0
            elif since >= len(self._log) - 1:
                while events[start - 1][0] >= since:
                    start -= 1
            else:
                start = bisect.bisect_left(events, since, key=_move_of)
        out = []
        for move, event in events[start:]:
            seen = event.seen_by(seat)
            if seen is not None:
                out.append((move, seen))
        return tuple(out)

    def forget_events(self) -> None:
        """Drop the events :meth:`events_for` recorded, and stop recording them.

        The match then holds only its state and log again; observers still receive every
        event. A later :meth:`events_for` replays the log and records again.
        """
        self._events = None
        if not self._listening():
            self._state.sink = None

    def _record_events(self) -> list[tuple[int, Event]]:
        # Replays the log with a sink: the events of a match are as deterministic as its state.
        game = self._game
        state: State = game.initial_state(self._players, MatchRandom(self._seed))
        sink: list[Event] = []
        state.sink = sink
        game.setup(state)
        events = [(0, event) for event in sink]
        apply = self._apply
        for move, (seat, action) in enumerate(self._log, 1):
            sink.clear()
            apply(state, seat, action)
            events.extend((move, event) for event in sink)
        self._events = events
        if self._state.sink is None:
            self._state.sink = []
        return events

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The menu text of an action of this game (:meth:`Game.describe`): ``names[i]`` is
        how seat ``i`` is called; without names a seat reads "player N" (from 1)."""
        return menu_text(self._game, action, names)

    def scene(self, seat: int | None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator), laid out for players (:meth:`Game.scene`).

        ``names`` are the players' names, one per seat (default "Player 1", "Player 2", ...);
        the scene calls the viewer "You". The viewer's choices are its legal actions now. The
        layout: :func:`tablecards.scene_schema`; as text: :func:`tablecards.scene_text`.

        The game builds it from :meth:`Game.scene_view <tablecards.Game.scene_view>`, so what
        it built from a zone that has not changed since (:func:`tablecards.remember`) is
        shared with the earlier scenes: read a scene, never change it (``copy.deepcopy`` it
        first to edit one).

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
            TablecardsError: ``names`` is not one name per seat.
        """
        # The shared view: what the game's scene kept of an unchanged zone is found again
        # (tablecards.remember) instead of being built after every move.
        view = self.scene_view(seat)
        names = self._names(names)  # a tuple: a scene may name the names in its keys
        legal = () if seat is None else tuple(self.legal_actions(view["seat"]))
        # The viewer's last scene while its view is the same: a table asks again for the
        # spectators, a reconnection, a page reloaded, all within one move.
        shown = self._scenes.get(view["seat"])
        if shown is not None and shown.fits(view, names, legal):
            return shown.scene
        scene = scene_of(self._game, view, names, legal)
        self._scenes[view["seat"]] = _Shown(view, names, legal, scene)
        return scene

    def history(
        self, seat: int | None, names: Sequence[str] | None = None, since: int = 0
    ) -> list[dict[str, Any]]:
        """The log grouped per move, as ``seat`` may read it (``None``: a spectator).

        One entry per move from ``since`` on: ``{"move": k, "text": ..., "then": [...]}``.
        Move 0 is the set-up; move *k* is the *k*-th action in the game's words
        (:meth:`Game.describe_play`), then its consequences in the order they happened
        (:meth:`Game.describe_event`), a deal folded into one line ("Each player is dealt
        five cards; you get red 4, ..."). A routine move the game calls quiet
        (:meth:`Game.quiet_play`: Stop's declines) has an empty ``"text"``: its consequences, if
        any, stand alone, and a reader shows the first of them as the move's line. Names as in
        :meth:`scene`, the reader being "you".
        Built from :meth:`log_for` and :meth:`events_for`, so it holds nothing the seat may
        not see, and a match rebuilt from JSON gives the same entries.

        Raises:
            UnknownSeat: ``seat`` is neither a seat of the match nor ``None``.
            TablecardsError: ``names`` is not one name per seat.
            MoveNumberError: ``since`` is not a move number (an int from 0).
        """
        if seat is not None:
            seat = self._seat(seat, spectator=True)
        since = check_since(since)
        return history(self, seat, self._names(names), since)

    def _names(self, names: Sequence[str] | None) -> tuple[str, ...]:
        if names is None:
            return tuple(f"Player {seat + 1}" for seat in range(self._players))
        kept = self._named
        # The same names as last time (a table passes them after every move) were checked then.
        if kept is not None and type(names) in (tuple, list) and tuple(names) == kept:
            return kept
        named = tuple(check_names(names, self._players))
        self._named = named
        return named

    def _here(self) -> _Moment:
        """What every seat's scene view and history read of the current position, worked out
        once for all of them: a table asks for each seat's after every move."""
        state, moves, kept = self._state, len(self._log), self._moment
        if kept is None or kept.state is not state or kept.moves != moves:
            kept = self._moment = _Moment(state, moves)
        return kept

    def parse_action(self, data: Mapping[str, Any] | str | bytes) -> Action:
        """A client's action data as an action of this match's game (see
        :meth:`Game.parse_action`): a dict or JSON text; rule-given defaults may be omitted.

        Raises:
            MalformedAction: the data cannot be read as an action of the game.
        """
        return self._game.parse_action(data)

    def action_json(self, action: Action) -> dict[str, Any]:
        """An action of this match's game as JSON-ready data (see :meth:`Game.action_json`).

        Raises:
            MalformedAction: ``action`` is not an action of the game.
        """
        return self._game.action_json(action)

    def _seat(self, seat: object, spectator: bool = False) -> int:
        """``seat`` as a seat of this match, or :class:`UnknownSeat`."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self._players:
            return int(seat)
        raise UnknownSeat(seat, self._players, spectator=spectator)

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``.

        Raises:
            UnknownSeat: ``seat`` is not a seat of the match (checked before anything else).
            MatchOver: the match has ended.
            NotYourTurn: ``seat`` is not among :attr:`to_act`.
            IllegalAction: the action is not one of the game's, a field does not hold its
                declared type (the reason names the field), or the rules forbid the action now
                (the reason names the rule).
            RulesError: the game's rules code failed checking or applying the action (a plugin
                bug).

        On any error the match is left exactly as it was.
        """
        state = self._state
        # `True in (1,)` holds, and so does `1.0 in (1,)`: the type test comes first.
        if type(seat) is not int or self._truncated or state.over or seat not in state.to_act:
            checked = self._seat(seat)
            if checked is not seat and type(seat) is not int:
                return self.apply(checked, action)  # an int subclass: logged as a plain int
            self._reject_turn(checked, action)
        if type(action) not in self._fieldless:
            check = self._checks.get(type(action), _NOT_OURS)
            if check is _NOT_OURS or check is None:  # (None: a class without fields, not here)
                raise IllegalAction(seat, action, f"it is not an action of {self._game.name}")
            if not check(action, self._players):
                raise IllegalAction(seat, action, field_error(action, self._players))
        try:
            why = self._why(state, seat, action)
        except Exception as error:
            # Legality checks must answer, not crash: a crash is the plugin's bug.
            raise RulesError(
                f"{self._game.name} failed checking {show(action)} for seat {seat}: "
                f"{type(error).__name__}: {brief(error)}"
            ) from error
        if why is not None:
            raise IllegalAction(seat, action, why.reason, why.rule)
        if state.sealed and action == dict(state.sealed).get(seat):
            raise IllegalAction(seat, action, "it is already the seat's answer to this moment")
        try:
            self._apply(state, seat, action)
        except BaseException as error:
            # Validation passed, so this is a bug in the rules code (or an interrupt): rebuild
            # the state from the log so that a failed action never leaves a half-applied state.
            self._state = self._replay(self._log)
            if isinstance(error, Exception):
                raise RulesError(
                    f"{self._game.name} failed applying {show(action)} for seat {seat}: "
                    f"{type(error).__name__}: {brief(error)}"
                ) from error
            raise
        log = self._log
        log.append((seat, action))
        if len(log) >= self._limit and not state.over:
            self._truncated = True
        hooks = self._hooks
        if hooks is None and self._events is None:
            return None  # nobody observes the match: the commonest case, tested first
        recorded = self._events
        # _flush(), inlined: an observed match runs this after every action.
        events = state.sink
        if events:
            state.sink = []
            if recorded is not None:
                move = len(log)
                recorded.extend((move, event) for event in events)
            if hooks is not None:
                hook = hooks.event
                if hook is not None:
                    for event in events:
                        hook(self, event)  # positional: see Observers.event
        if hooks is not None:
            if hooks.applied is not None:
                hooks.applied(match=self, seat=seat, action=action)
            if hooks.ended is not None and self.is_over:
                hooks.ended(match=self, result=self.result)
        return None

    def _reject_turn(self, seat: int, action: Action) -> None:
        if self.is_over:
            raise MatchOver(f"seat {seat} cannot play {show(action)}: the match is over")
        check = self._checks.get(type(action), _NOT_OURS)
        if check is not None and (check is _NOT_OURS or not check(action, self._players)):
            # The game explains only actions it could have read: a foreign or wrong-typed one
            # must not reach its code.
            raise NotYourTurn(seat, action, self._state.to_act)
        if any(seat == answered for answered, _ in self._state.sealed):
            raise NotYourTurn(
                seat,
                action,
                self._state.to_act,
                "it has already chosen, and the answers are revealed together once every "
                "awaited seat has chosen",
            )
        try:
            why = self._game.why_not_your_turn(self._state, seat, action)
        except Exception:
            why = None  # an explanation is a courtesy: its failure must not hide the refusal
        if why is None:
            raise NotYourTurn(seat, action, self._state.to_act)
        raise NotYourTurn(seat, action, self._state.to_act, why.reason, why.rule)

    def _flush(self) -> None:
        # Inlined in apply(): change both alike.
        state = self._state
        events = state.sink
        if not events:
            return
        # A fresh buffer instead of a copy: the rules hold no reference to the old one.
        state.sink = []
        recorded = self._events
        if recorded is not None:
            move = len(self._log)
            recorded.extend((move, event) for event in events)
        hooks = self._hooks
        if hooks is not None:
            hook = hooks.event
            if hook is not None:
                for event in events:
                    hook(self, event)  # positional: see Observers.event

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions by replaying the log without them.

        Observers are not told of the replay; :meth:`events_for` forgets the undone moves.

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
        if self._events is not None:
            moves = len(kept)
            self._events = [pair for pair in self._events if pair[0] <= moves]

    def _replay(self, log: Sequence[tuple[int, Action]]) -> State:
        # Rebuilds silently (no observers); the actions were all legal when first applied.
        game = self._game
        state: State = game.initial_state(self._players, MatchRandom(self._seed))
        game.setup(state)
        apply = self._apply
        for seat, action in log:
            apply(state, seat, action)
        if self._listening():
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
        new._checks = self._checks
        new._fieldless = self._fieldless
        new._why = self._why
        new._legal = self._legal
        new._apply = self._apply
        new._events = None
        new._named = self._named
        new._moment = None
        new._scenes = {}
        new._hooks = None
        new._state = self._state.clone()
        return new

    # -- saving ---------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The match as canonical JSON: game, version, options, seed, log and a state snapshot.

        Deterministic: the same seed and actions give the same bytes. A match of a game
        arranged in code (a scenario class such as ``StackedHit``, not the installed game of
        its name) also records that class, and loads only with that game passed to
        :meth:`from_json`: the save holds the seed and log, not the arrangement.
        """
        game = self._game
        data: dict[str, Any] = {
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
        registered = registered_class(game)
        if registered is not None and registered is not type(game):
            data["game_class"] = class_path(game)
        return dumps(data)

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        game: Game[Any] | None = None,
        *,
        observers: Iterable[object] = (),
        move_limit: int | None = None,
        verify: bool = True,
    ) -> Match:
        """Load a match saved by :meth:`to_json`, replaying its log and checking its snapshot.

        A save is checked for consistency, not authenticity: the seed and log must replay to
        the saved snapshot, move limit and truncated flag, but a different legal log with its
        matching snapshot loads, as it must.

        Args:
            text: the saved JSON (``str`` or ``bytes``).
            game: the game to play it with; by default the installed game the save names,
                loaded with the saved options. A match of an arranged game (a scenario class)
                loads only with the same arranged game given here.
            observers: observers for the rest of the match.
            move_limit: the move limit the match was created with, when it was not the
                game's own; a save whose limit differs from the game's own (or from this
                one) is refused, so an edited limit never loads silently.
            verify: ``True`` (the default): replay the log and refuse a save whose snapshot
                differs from the replayed state, as above (about 3-10 µs per logged action).
                ``False``: load the state from its snapshot without replaying (well under a
                millisecond), for saves this program wrote to storage it trusts: the save is
                still refused if it is malformed, if a log entry is not a seat and an action
                of the game, or if the snapshot does not fit the game's state (unknown, missing
                or doubled cards, wrong types, another seed or player count, a truncated flag
                that contradicts the log); but a snapshot edited into another *consistent*
                state (two cards swapped between a hand and the deck) loads, and a log edited
                to contain an illegal action loads too. A save of another game version, or of
                a state the engine cannot read generically, is replayed even then.

        Raises:
            SaveError: the text is not valid JSON, is not a saved match, has a field of the
                wrong type, names another or an unknown game or an arranged game not given,
                holds an action that is not legal when replayed, or its snapshot, move limit
                or truncated flag does not match the replayed log (the message says which). A
                save written by another version of the game is first read through
                :meth:`Game.upgrade_snapshot <tablecards.Game.upgrade_snapshot>`, which may
                refuse it; a state field the installed version added, absent from the older
                save, is taken from the replay.

        Warns:
            SaveWarning: the save was written by another version of the game, and replays
                exactly under the installed one (it loads).
        """
        data = read_save(text)
        check_seed(data)
        game = saved_game(data, game)
        limit = saved_limit(data, game, move_limit)
        try:
            match = cls(game, data["players"], data["seed"], move_limit=limit)
        except TablecardsError as error:
            raise SaveError(f"cannot load the saved match: {error}") from error
        saved = data["state"]
        if not verify and data["game_version"] == game.version:
            fast = load_unverified(match, data, game)
            if fast is not None:
                fast._hooks = _hooks_of(observers)
                if fast._listening():
                    fast._state.sink = []
                return fast
        if data["game_version"] != game.version:
            try:
                saved = game.upgrade_snapshot(data["game_version"], saved)
            except (LookupError, TypeError, ValueError) as error:
                raise SaveError(
                    f"cannot read the state saved by {game.name} {data['game_version'][:40]} "
                    f"(installed {game.version}): {type(error).__name__}: {brief(error)}"
                ) from error
        log = data["log"]
        if len(log) > limit:
            raise SaveError(f"the saved log has {len(log)} actions, over the move limit {limit}")
        older = data["game_version"] if data["game_version"] != game.version else None
        for index, entry in enumerate(log):
            try:
                if not isinstance(entry, list) or len(entry) != 2:
                    raise SaveError(f"expected a [seat, action] pair, not {show(entry)}")
                seat, raw = entry
                action = game.parse_action(raw)
                if older is not None:
                    upgraded = game.upgrade_action(older, match._state, seat, action)
                    if upgraded is None:
                        continue  # a move of the old version that changed nothing
                    action = upgraded
                match.apply(seat, action)
            except TablecardsError as error:
                raise SaveError(
                    f"log entry {index} ({show(entry)}) does not replay: {error}"
                ) from error
        state = snapshot(match._state)
        if older is not None and isinstance(saved, dict):
            # A field the installed version added (a record for the table, such as the last
            # round's figures) is not in an older version's save: the replay tells it.
            saved = {**saved, **{key: value for key, value in state.items() if key not in saved}}
        # Compared as canonical text too: false == 0 in Python, not in a save.
        if match._truncated != data["truncated"] or state != saved or dumps(state) != dumps(saved):
            raise explain_mismatch(data, game, state, match._truncated, saved)
        warn_version(data, game)
        match._hooks = _hooks_of(observers)
        if match._listening():
            match._state.sink = []
        return match

    def _loaded(self, state: State, log: list[tuple[int, Action]], truncated: bool) -> Match:
        self._state = state
        self._log = log
        self._truncated = truncated
        return self

    def __repr__(self) -> str:
        # No seed: it decides every hidden card, and a repr ends up in logs and tracebacks.
        status = "over" if self.is_over else f"to act: {list(self.to_act)}"
        return f"<Match {self._game.name} players={self._players} moves={len(self._log)} {status}>"


# Marks an action class that is not one of the game's (a dict lookup answers both questions).
def _not_ours(action: Action, players: int) -> bool:  # pragma: no cover - never called
    return False


_NOT_OURS: Final[Callable[[Action, int], bool]] = _not_ours


class _Moment:
    """One position of a match (its state object and move number: an undo or a reload makes
    another), and what the seats' scene views and histories read of it, made when first asked."""

    __slots__ = ("_owners", "_shared", "moves", "state", "zones")

    def __init__(self, state: State, moves: int) -> None:
        self.state, self.moves = state, moves
        self.zones = zone_list(state)
        self._shared: SharedZones | None = None
        self._owners: dict[str, int | None] | None = None

    @property
    def shared(self) -> SharedZones:
        """Every seat's shared zone views."""
        if self._shared is None:
            self._shared = SharedZones(self.zones)
        return self._shared

    @property
    def owner_of(self) -> Callable[[str], int | None]:
        """Who owns each zone, by name (fixed by the game's layout, and public)."""
        if self._owners is None:
            self._owners = {zone.name: zone.owner for zone in self.zones}
        return self._owners.get


def _move_of(pair: tuple[int, Event]) -> int:
    return pair[0]


def _hooks_of(observers: Iterable[object]) -> Observers | None:
    try:
        group = tuple(observers)
    except TypeError:
        raise PluginError(
            f"observers must be an iterable of observer objects, not {show(observers)}"
        ) from None
    return observer_hooks(group)


def load_unverified(match: Match, data: dict[str, Any], game: Game[Any]) -> Match | None:
    """``match`` (just created for the save) with the saved state and log, not replayed;
    ``None`` when the state cannot be read generically (the caller replays then).

    Raises:
        SaveError: the log or the snapshot does not fit the game (see ``verify=False``).
    """
    log, limit = data["log"], match.move_limit
    if len(log) > limit:
        raise SaveError(f"the saved log has {len(log)} actions, over the move limit {limit}")
    try:
        actions = read_log(log, game.parse_action, match.players)
        state = state_from_snapshot(match.state, data["state"])
    except CannotRead as error:
        raise SaveError(f"the saved match does not fit {game.name}: {error}") from None
    if state is None:
        return None
    if state.players != match.players or state.rng.seed != match.seed:
        raise SaveError("the saved state is not of this match (its seed or players differ)")
    truncated = len(actions) >= limit and not state.over
    if data["truncated"] is not truncated:
        raise SaveError(
            f"the saved truncated flag ({show(data['truncated'])}) contradicts the log "
            f"({len(actions)} actions, move limit {limit})"
        )
    return match._loaded(state, actions, truncated)


class _Shown:
    """A scene with what it was built from: the view, the names and the viewer's choices."""

    __slots__ = ("legal", "names", "scene", "view")

    def __init__(
        self,
        view: dict[str, Any],
        names: tuple[str, ...],
        legal: tuple[Action, ...],
        scene: dict[str, Any],
    ) -> None:
        self.view, self.names, self.legal, self.scene = view, names, legal, scene

    def fits(self, view: dict[str, Any], names: tuple[str, ...], legal: tuple[Action, ...]) -> bool:
        """Whether a scene of ``view`` would be this one: the same names and choices, the same
        zone views (shared objects, the same while unchanged) and equal other keys."""
        old = self.view
        if names != self.names or legal != self.legal or old.keys() != view.keys():
            return False
        for key, value in view.items():
            if key == "zones":
                before = old["zones"]
                if len(before) != len(value):
                    return False
                for name, zone in value.items():
                    if before.get(name) is not zone:
                        return False
            elif old[key] != value:
                return False
        return True

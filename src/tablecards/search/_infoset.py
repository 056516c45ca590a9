"""What one seat knows of a match, for bots that search: the view, the history, determinisations.

A plain bot chooses from ``(view, actions, rng)``. A search bot must also imagine how the match
may go on, which needs whole matches, yet it must never read the real hidden state. It asks for
an :class:`InformationSet` instead of a view: a handle that holds no reference to the real
match, only a determinisation of it drawn once for the seat, from which it draws as many others
as it wants. :func:`bot_choice` is the one place where runners (``tablecards.play``,
``simulate``, the terminal ``play`` command, a networked table) ask a bot for its action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, final

from typing_extensions import Protocol, runtime_checkable

from tablecards.core._actions import Action
from tablecards.search._determinise import _UNSEEN, Unseen, determinise, redeal_match

if TYPE_CHECKING:
    from tablecards.core._game import Game
    from tablecards.play._match import Match
    from tablecards.search._bots import Bot

__all__ = ["InformationSet", "SearchBot", "bot_choice"]

_NO_VIEW: Final[Mapping[str, Any]] = MappingProxyType({})


@final
class InformationSet:
    """Everything one seat knows of a match, and nothing more: a handle for search bots.

    Made from the real match for ``seat``, it keeps only a determinisation of it
    (:func:`tablecards.determinise`, drawn with a fixed generator), so nothing reachable from it
    depends on where the cards the seat cannot see really lie: two matches differing only there
    give handles that behave identically.

    Attributes:
        seat: the seat whose knowledge this is.
        game: the game played.
        players: the number of seats.
    """

    __slots__ = ("_base", "_history", "game", "players", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        self.seat = seat
        self.game: Game[Any] = match.game
        self.players = match.players
        # The fixed generator makes the handle a function of what the seat knows only.
        self._base = determinise(match, seat, random.Random(f"tablecards.infoset/{match.moves}"))
        self._history: tuple[tuple[int, Action | None], ...] | None = None

    def view(self) -> dict[str, Any]:
        """The seat's view, as :meth:`Match.view <tablecards.Match.view>` gives it."""
        return self._base.view(self.seat)

    @property
    def history(self) -> tuple[tuple[int, Action | None], ...]:
        """Every ``(actor, action)`` so far as the seat saw it (``None``: an action it did not
        see, per :meth:`Game.redact_action <tablecards.Game.redact_action>`)."""
        if self._history is None:
            self._history = tuple(
                (actor, None if type(action) is Unseen else action)
                for actor, action in self._base.log
            )
        return self._history

    @property
    def moves(self) -> int:
        """How many actions have been played."""
        return self._base.moves

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (public)."""
        return self._base.to_act

    def legal_actions(self) -> Sequence[Action]:
        """The seat's legal actions now."""
        return self._base.legal_actions(self.seat)

    def determinise(self, rng: random.Random) -> Match:
        """A new match consistent with what the seat knows, the unseen cards dealt from ``rng``.

        Each call returns an independent match (the search may play it to its end); the same
        generator state gives the same match.
        """
        return redeal_match(self._base, self.seat, rng)

    def __repr__(self) -> str:
        return f"<InformationSet {self.game.name} seat={self.seat} moves={self.moves}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what the seat knows, so that a search may run in another process: the
        game, the snapshot of the seat's determinisation and the log it saw, as JSON data.
        The copy holds the game's own cards again; it cannot be made for a state whose
        fields :func:`tablecards.snapshot` cannot read back (unpickling raises ``TypeError``).
        """
        from tablecards.core._serial import snapshot

        base = self._base
        game = self.game
        seen = [
            (actor, None if type(action) is Unseen else game.action_json(action))
            for actor, action in base.log
        ]
        state = snapshot(base.state)
        # The engine's own records travel beside the snapshot (read back below), so that
        # the generic reader needs no game to read them.
        engine = {name: state.pop(name) for name in ("sealed", "passed_on") if name in state}
        return (_rebuild, (game, self.players, self.seat, base.seed, state, seen, engine))


def _rebuild(
    game: Game[Any],
    players: int,
    seat: int,
    seed: int,
    state: dict[str, Any],
    seen: list[tuple[int, dict[str, Any] | None]],
    engine: dict[str, Any] | None = None,
) -> InformationSet:
    """An :class:`InformationSet` back from its pickled data (see its ``__reduce__``)."""
    from tablecards.play._match import Match
    from tablecards.saves._loads import state_from_snapshot

    base = Match(game, players, seed)
    drawn = state_from_snapshot(base.state, state)
    if drawn is None:
        raise TypeError(f"the state of {game.name} cannot be sent to another process")
    engine = engine or {}
    drawn.sealed = tuple((seat, game.parse_action(raw)) for seat, raw in engine.get("sealed", ()))
    drawn.passed_on = tuple((seat, frozenset(ids)) for seat, ids in engine.get("passed_on", ()))
    base._state = drawn
    base._log = [
        (actor, _UNSEEN if action is None else game.parse_action(action)) for actor, action in seen
    ]
    info = object.__new__(InformationSet)
    info.seat = seat
    info.game = game
    info.players = players
    info._base = base
    info._history = None
    return info


@runtime_checkable
class SearchBot(Protocol):
    """A bot that chooses from its seat's :class:`InformationSet` instead of a bare view.

    Runners call :meth:`choose_in` when a bot has it (through :func:`bot_choice`); such a bot
    may also offer :meth:`~tablecards.Bot.choose` for runners that only have a view.
    """

    def choose_in(
        self, info: InformationSet, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return one of ``actions``."""
        ...


def bot_choice(bot: Bot | SearchBot, match: Match, seat: int, rng: random.Random) -> Action:
    """Ask ``bot``, playing ``seat`` of ``match``, for its action, giving it what it asks for.

    A :class:`SearchBot` gets an :class:`InformationSet`; any other bot gets the seat's view
    (an empty mapping when it declares ``uses_view = False``). Runners call this, never the
    bot's methods directly, so every runner hands bots the same things.
    """
    actions = match.legal_actions(seat)
    choose_in = getattr(bot, "choose_in", None)
    if choose_in is not None:
        chosen: Action = choose_in(InformationSet(match, seat), actions, rng)
        return chosen
    view = match.view(seat) if getattr(bot, "uses_view", True) else _NO_VIEW
    return bot.choose(view, actions, rng)  # type: ignore[union-attr]

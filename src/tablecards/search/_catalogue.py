"""The action catalogue: every action a game can ever list, each at a fixed index.

Learning agents choose among a fixed set of outputs; card games offer a different handful of
actions at every moment. The catalogue bridges the two: the game lists, once, every action it
can ever offer (:meth:`Game.action_catalogue`), and an action's index in that list is its number.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from tablecards.core._actions import Action
from tablecards.core._errors import CatalogueError
from tablecards.core._game import Game

__all__ = ["ActionCatalogue"]


class ActionCatalogue(Sequence[Action]):
    """Every action ``game`` can ever list for ``players`` seats, with a stable index.

    ``catalogue[i]`` is the action numbered ``i`` and ``catalogue.index(action)`` its number;
    ``catalogue.index(a)`` works for any action equal to a listed one, so the shared instances
    of :meth:`Game.legal_actions` and actions read back from JSON get the same number. The order
    is the game's (:meth:`Game.action_catalogue`): stable across versions of the game that keep
    it, so a trained policy keeps its meaning.

    >>> import tablecards
    >>> catalogue = tablecards.ActionCatalogue(tablecards.load_game("hit"), 3)
    >>> [catalogue.index(action) for action in catalogue] == list(range(len(catalogue)))
    True

    Raises:
        CatalogueError: the game declares no catalogue (its actions have fields and it does
            not override :meth:`Game.action_catalogue`), lists an action twice, or lists an
            object that is not one of its actions.
        UnknownOption: the game cannot be played by ``players`` seats.
    """

    __slots__ = ("_actions", "_by_id", "_game", "_index", "_players")

    def __init__(self, game: Game[Any], players: int) -> None:
        game.check_players(players)
        listed = game.action_catalogue(players)
        if listed is None:
            raise CatalogueError(
                game.name,
                "the game declares no action catalogue: its actions have fields, so it must "
                "override Game.action_catalogue(players) to list every action it can offer",
            )
        actions = tuple(listed)
        types = set(game.actions)
        index: dict[Action, int] = {}
        for number, action in enumerate(actions):
            if type(action) not in types:
                raise CatalogueError(
                    game.name, f"catalogue entry {number} ({action!r}) is not one of its actions"
                )
            if action in index:
                raise CatalogueError(
                    game.name,
                    f"catalogue entries {index[action]} and {number} are the same {action!r}",
                )
            index[action] = number
        self._game = game
        self._players = players
        self._actions = actions
        self._index = index
        # Games hand out shared action instances (module constants), and the catalogue lists
        # those very objects: looking them up by identity skips hashing their fields. The
        # catalogue keeps the objects alive, so their ids stay theirs.
        self._by_id = {id(action): number for number, action in enumerate(actions)}

    @property
    def game(self) -> Game[Any]:
        """The game whose actions these are."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats the catalogue is for."""
        return self._players

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, number: int) -> Action: ...

    @overload
    def __getitem__(self, number: slice) -> Sequence[Action]: ...

    def __getitem__(self, number: int | slice) -> Action | Sequence[Action]:
        return self._actions[number]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        """The number of ``action`` in the catalogue.

        Raises:
            CatalogueError: the action is not in the catalogue (a game whose
                :meth:`~Game.legal_actions` lists it has an incomplete catalogue).
        """
        number = self._index.get(action)
        if number is None or number < start or (stop is not None and number >= stop):
            raise CatalogueError(
                self._game.name,
                f"{action!r} is not in the action catalogue for {self._players} players",
            )
        return number

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """The numbers of ``actions``, in their order (a mask is built from these)."""
        by_id = self._by_id
        numbers = [by_id.get(id(action), -1) for action in actions]
        if -1 not in numbers:
            return numbers
        index = self._index
        try:
            return [index[action] for action in actions]
        except KeyError:
            missing = next(action for action in actions if action not in index)
            raise CatalogueError(
                self._game.name,
                f"{missing!r} is legal but not in the action catalogue for {self._players} "
                "players: Game.action_catalogue must list every action the game can offer",
            ) from None

    def __repr__(self) -> str:
        return f"<ActionCatalogue {self._game.name} players={self._players}: {len(self)} actions>"

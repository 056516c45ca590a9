"""Helpers for a game's own match tests: a seeded random match, and the promises of replays,
saves and undo checked on it (so that no plugin's tests copy these loops)."""

from __future__ import annotations

import random
from typing import Any

from tablecards import Game, Match

__all__ = ["check_replays", "check_resumes", "check_undo", "random_match"]


def random_match(
    game: Game[Any], players: int, seed: int, stop_after: int | None = None, **options: Any
) -> Match:
    """A match of uniformly random legal actions, seeded by ``seed``.

    Plays to the end, or until ``stop_after`` moves. Where several seats are waited for, the
    generator picks one of them. ``options`` go to :class:`~tablecards.Match` (``move_limit``).

    Example:
        >>> from tablecards import load_game
        >>> from tablecards.testing import random_match
        >>> random_match(load_game("hit"), 3, seed=4, stop_after=10).moves
        10
    """
    match = Match(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or match.moves < stop_after):
        waiting = match.waiting_for
        seat = waiting[0] if len(waiting) == 1 else rng.choice(list(waiting))
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    return match


def _replay(match: Match, actions: int) -> Match:
    """A new match of ``match``'s game, seed and limit, with its first ``actions`` applied."""
    again = Match(match.game, players=match.players, seed=match.seed, move_limit=match.move_limit)
    for seat, action in match.log[:actions]:
        again.apply(seat, action)
    return again


def check_replays(match: Match) -> None:
    """Check that the same seed and actions give the same match, byte for byte in its JSON.

    Raises:
        AssertionError: the replay differs.
    """
    assert _replay(match, match.moves).to_json() == match.to_json(), "the replay differs"


def check_resumes(match: Match, cut: int) -> None:
    """Check that ``match`` saved after ``cut`` moves, loaded and played on ends the same.

    The save is loaded and played on with the rest of ``match``'s log; the JSON and the result
    must be ``match``'s.

    Raises:
        AssertionError: the resumed match differs.
    """
    loaded = Match.from_json(_replay(match, cut).to_json())
    for seat, action in match.log[cut:]:
        loaded.apply(seat, action)
    assert loaded.to_json() == match.to_json(), f"saved after {cut} moves, the match differs"
    assert loaded.result == match.result


def check_undo(match: Match, count: int) -> None:
    """Check that undoing ``count`` moves gives the match replayed without them.

    The undo is done on a clone, which must stay independent of ``match``.

    Raises:
        AssertionError: the undone match differs, or the clone was not independent.
    """
    moves, before = match.moves, match.to_json()
    copy = match.clone()
    copy.undo(count)
    assert copy.to_json() == _replay(match, moves - count).to_json(), f"undo({count}) differs"
    assert (match.moves, match.to_json()) == (moves, before), "undo on a clone changed the match"

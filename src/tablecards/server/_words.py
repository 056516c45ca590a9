"""The few texts the server writes itself: a played action for a "too late" answer, the result.

Everything else a player reads comes from the game, already in words with names: the scene
(:meth:`Match.scene <tablecards.Match.scene>`) and the log (:meth:`Match.history
<tablecards.Match.history>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablecards import Action, Game, Result
from tablecards.words import listing

__all__ = ["play_text", "result_message"]


def play_text(game: Game[Any], actor: int, action: Action | None, names: Sequence[str]) -> str:
    """Who played what, as the reader may know it (``None``: hidden); ``names`` as the reader
    calls the players ("you" for itself)."""
    return game.describe_play(actor, action, names)


def result_message(result: Result | None, names: Sequence[str]) -> dict[str, Any] | None:
    """The state message's ``result``: the engine's result, every seat's score by name, and a
    sentence; ``None`` while the match goes on. The same for every reader (no "you")."""
    if result is None:
        return None
    winners = [names[seat] for seat in result.winners]
    if result.truncated:
        text = "The match was stopped before its end: nobody won"
    elif not winners:
        text = "Nobody won"
    elif len(winners) == 1:
        text = f"{winners[0]} won"
    else:
        text = f"{listing(winners)} share the win"
    return {
        **result.to_json(),
        "standings": [
            {"seat": seat, "name": name, "score": score, "winner": seat in result.winners}
            for seat, (name, score) in enumerate(zip(names, result.scores, strict=True))
        ],
        "text": text,
    }

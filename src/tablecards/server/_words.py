"""The few texts the server writes itself: a played action for a "too late" answer, the result,
the bots' names for people.

Everything else a player reads comes from the game, already in words with names: the scene
(:meth:`Match.scene <tablecards.Match.scene>`) and the log (:meth:`Match.history
<tablecards.Match.history>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablecards import Action, Game, Result
from tablecards.words import listing

__all__ = ["BOT_WORDS", "bot_words", "play_text", "result_message"]

#: The engine's bots (``random``, ``ismcts``) and the name every game plugin gives its own
#: rule-of-thumb bot (``heuristic``), in words a person choosing an opponent understands:
#: ``(title, strength in words, what it does, level from 1: the weakest)``.
BOT_WORDS: dict[str, tuple[str, str, str, int]] = {
    "random": ("Random", "the easiest", "plays any legal move, at random", 1),
    "heuristic": ("Steady", "a fair opponent", "plays by rules of thumb", 2),
    "ismcts": (
        "Strong",
        "the hardest, and slower",
        "thinks ahead: tries the rest of the game many times before each move",
        3,
    ),
}


def bot_words(name: str, description: str) -> dict[str, Any]:
    """A bot as the lobby offers it: ``{"name", "title", "strength", "text", "level"}``.

    ``name`` is the registered name (sent back when the match is created); ``strength`` says
    how hard it is to beat, in words; ``text`` what it does, ending with the plugin's own
    ``description`` for a rule-of-thumb bot ("draws while the odds favour it"); ``level``
    orders the bots, the weakest first. A bot the table does not know is offered under its
    name and description, as a fair opponent.
    """
    known = BOT_WORDS.get(name)
    if known is None:
        title = name.replace("_", " ").replace("-", " ").capitalize()
        return {"name": name, "title": title, "strength": "", "text": description, "level": 2}
    title, strength, text, level = known
    if name == "heuristic" and description:
        text = f"{text}: {description}"
    return {"name": name, "title": title, "strength": strength, "text": text, "level": level}


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

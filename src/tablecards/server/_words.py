"""Events, plays and cards in words, for the page's log: the game's own words.

Games put their events and plays into words (:meth:`Game.describe_event`,
:meth:`Game.describe_play`, :meth:`Game.card_label`); the base class gives generic texts that
never show zone ids, so any plugin reads well enough.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Event, Game

__all__ = ["card_labels", "event_text", "play_text"]


def play_text(game: Game[Any], actor: int, action: Action | None, names: Sequence[str]) -> str:
    """One line of the log: who played what, as the reader may know it (``None``: hidden)."""
    return game.describe_play(actor, action, names)


def event_text(game: Game[Any], event: Event, seat: int | None, names: Sequence[str]) -> str | None:
    """One event as ``seat`` sees it, in words; ``None`` when there is nothing worth saying."""
    return game.describe_event(event, seat, names)


def card_labels(game: Game[Any], view: Mapping[str, Any]) -> dict[str, str]:
    """The game's label of every card the view shows, by card id."""
    labels: dict[str, str] = {}
    for zone in view.get("zones", {}).values():
        for card in zone.get("cards", ()):
            labels[str(card.get("id"))] = game.card_label(card)
    return labels

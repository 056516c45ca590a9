"""Goofspiel's table as a player sees it: the generic table, with words for the bidding.

Built from one seat's view alone, so it never shows more than the seat may see: during the
bidding the view's ``answers`` say who has chosen and the viewer's own bid (``yours``), never
another's (GOPS-04). No caches: a plain function of its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game, generic_scene
from tablecards.words import listing, names_for

__all__ = ["build_scene", "status"]


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> dict[str, Any]:
    """The generic scene of ``view``, its header saying what the bidding waits for."""
    scene = dict(generic_scene(game, view, names, legal))
    scene["status"] = status(view, names)
    return scene


def status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Round 3 of 13, prize 9: Ann has chosen; waiting for you" (GOPS-03 to GOPS-05)."""
    if view["over"]:
        return "The match is over"
    words = names_for(names, view["seat"])
    prize = view["zones"]["prize"].get("cards") or [{}]
    head = f"Round {view['round']} of {view['rounds']}, prize {prize[-1].get('value', '?')}"
    answers = view.get("answers") or {"chosen": [], "yours": None}
    parts = []
    chosen = answers["chosen"]
    if chosen:
        verb = "have" if len(chosen) > 1 or words[chosen[0]].lower() == "you" else "has"
        parts.append(f"{listing(words[seat] for seat in chosen)} {verb} chosen")
    if answers["yours"] is not None:
        parts.append(f"your bid is {answers['yours']['value']}, shown when all have chosen")
    waiting = [seat for seat in view["to_act"] if seat not in chosen]
    if waiting:
        parts.append(f"waiting for {listing(words[seat] for seat in waiting)}")
    return f"{head}: {'; '.join(parts)}" if parts else head

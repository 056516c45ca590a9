"""Hattrick's table after a trick or a round: the last trick taken, which stays on view until the
next is taken (HAT-06), and the summary of the last round (HAT-09), both public; with the card
faces and signed scores the whole table shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablecards import (
    Game,
    SceneFace,
    SceneGroup,
    SceneSummary,
    SceneZone,
    card_faces,
    round_summary,
)
from tablecards.words import listing, names_for, says, whose
from tablecards_hattrick._state import COLOURS

__all__ = ["COLOUR_NAMES", "MINUS", "last_trick_group", "signed", "standing", "summary"]

MINUS: Final = "\N{MINUS SIGN}"
COLOUR_NAMES: Final = tuple(colour.value for colour in COLOURS)


def signed(number: int) -> str:
    """HAT-09: a change of score as players write it: "+5", "-4" with a true minus sign, "0"."""
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


def standing(number: int) -> str:
    """HAT-11: a total as players write it, with no plus ("27", "-13" with a true minus sign),
    as every table writes the final standings."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def played_by(faces: list[SceneFace], players: list[str]) -> list[SceneFace]:
    """HAT-04: each card of a pile noted with who played it (the faces are fresh)."""
    for face, player in zip(faces, players, strict=True):
        face["note"] = player
    return faces


def last_trick_group(
    game: Game[Any], last: Mapping[str, Any], names: tuple[str, ...], you: int | None
) -> SceneGroup:
    """HAT-06, HAT-07: the last trick taken as it lay, each pile with who played each card and
    who won it (its highest card), on view until the next trick is taken."""
    words = names_for(names, you)
    zones: list[SceneZone] = []
    takers = []
    for index, plays in enumerate(last["piles"]):
        if not plays:
            continue
        cards = [card for _, card in plays]
        top = max(range(len(cards)), key=lambda at: int(cards[at]["value"]))
        winner = words[int(plays[top][0])]
        colour = str(cards[0]["colour"])
        takers.append(f"{winner} took the {colour} pile")
        zones.append(
            {
                "id": f"last:{index}",
                "title": f"{colour.capitalize()} pile",
                "style": "row",
                "count": len(cards),
                "cards": played_by(card_faces(game, cards), [words[int(s)] for s, _ in plays]),
                "note": f"highest {cards[top]['value']} ({whose(winner)})",
            }
        )
    note = "; ".join(takers)
    return {
        "id": "last-trick",
        "title": f"Last trick (round {last['round']}, trick {last['trick']})",
        "note": note[:1].upper() + note[1:] if note else None,
        "badges": [],
        "zones": zones,
    }


SUMMARY_COLUMNS: Final = (
    *(colour.capitalize() for colour in COLOUR_NAMES),
    "Penalty cards",
    "Round",
    "Total",
)


def summary(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> SceneSummary | None:
    """HAT-09, HAT-10: the last finished round: each seat's cards won by colour, its penalty
    cards, the round's score (+1 a card of its best colour, -1 every other card won, -2 a
    penalty card) and its total after the round."""
    won, scores = view.get("round_won"), view.get("last_scores")
    if not won or not scores:
        return None
    totals = view.get("totals") or [0] * len(scores)
    cells = {
        seat: [
            *(str(count) for count in counts),
            signed(int(scores[seat])),
            standing(int(totals[seat])),
        ]
        for seat, counts in enumerate(won["counts"])
    }
    best = max(int(score) for score in scores)
    words = names_for(names, viewer)
    top = [words[seat] for seat, score in enumerate(scores) if int(score) == best]
    verb = says(listing(top), "scores") if len(top) == 1 else f"{listing(top)} score"
    note = f"{verb} the most, {signed(best)}"
    rounds = view.get("rounds")
    return round_summary(
        f"round:{won['round']}",
        f"Round {won['round']}{f' of {rounds}' if rounds else ''}",
        SUMMARY_COLUMNS,
        cells,
        names,
        viewer,
        note[:1].upper() + note[1:],
    )

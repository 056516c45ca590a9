"""How Courtiers' scenes name its cards: in sentences, with an article, and as faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablecards import SceneFace
from tablecards_courtiers._cards import HEIR, NAMES

__all__ = ["a_card", "article", "capital", "card_face", "card_words", "face"]


def card_words(rank: int) -> str:
    """ "the Herald (5)": how a sentence names a card."""
    return f"the {NAMES[rank]} ({rank})"


def a_card(rank: int) -> str:
    """ "a Seer (2)", "an Heir (8)"."""
    return f"{article(rank)} {NAMES[rank]} ({rank})"


def article(rank: int) -> str:
    """The article before a card's name: "an" Heir (its h is silent), "a" for the others."""
    return "an" if rank == HEIR else "a"


def capital(text: str) -> str:
    """``text`` with its first letter a capital: the start of a sentence."""
    return text[:1].upper() + text[1:]


def card_face(card: Mapping[str, Any]) -> SceneFace:
    """A Courtiers card's face: its rank big, its name small (Courtiers' cards have no colour).

    The rank goes big because a hand is drawn fanned: a number stays readable where a name
    would be cut by the next card; the label says both in full.
    """
    return face(int(card["id"]), int(card["rank"]))


def face(card_id: int, rank: int) -> SceneFace:
    """COURT-01: the face of the card ``card_id`` of rank ``rank`` (:func:`card_face`)."""
    return {
        "id": card_id,
        "rank": str(rank),
        "colour": None,
        "label": f"{NAMES[rank]} ({rank})",
        "note": NAMES[rank],
        "kind": "court",
    }

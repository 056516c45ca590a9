"""How Courtiers' scenes name its cards: in sentences, with an article."""

from __future__ import annotations

from tablecards_courtiers._cards import HEIR, NAMES

__all__ = ["a_card", "article", "capital", "card_words"]


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

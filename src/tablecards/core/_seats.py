"""Seats and turn order: seats ``0 .. players - 1`` sit clockwise."""

from __future__ import annotations

from collections.abc import Container

__all__ = ["clockwise", "next_seat"]


def next_seat(seat: int, players: int, skip: Container[int] = ()) -> int:
    """The next seat clockwise from ``seat``, passing over the seats in ``skip`` (eliminated).

    Raises:
        ValueError: every other seat is skipped.
    """
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in skip:
            return candidate
    raise ValueError(f"no seat left to play after seat {seat}")


def clockwise(start: int, players: int, skip: Container[int] = ()) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (included), without the seats in ``skip``."""
    return tuple(
        seat for seat in ((start + step) % players for step in range(players)) if seat not in skip
    )

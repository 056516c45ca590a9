"""Small helpers over the public API shared by the server's modules."""

from __future__ import annotations

import json
from typing import Any

from tablecards import Action, Match

try:  # the ``server`` extra's encoder: several times faster than ``json`` on the messages
    import orjson as _orjson
except ImportError:  # pragma: no cover - the extra installs it
    _orjson = None  # type: ignore[assignment]

__all__ = ["dumps", "log_since", "wire"]


def dumps(data: Any) -> str:
    """Compact JSON with sorted keys: equal data, equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def wire(message: Any) -> str:
    """A message as the text sent over a websocket: compact JSON, keys in their order (the
    wire needs no sorting; stored data goes through :func:`dumps`)."""
    if _orjson is not None:
        try:
            return _orjson.dumps(message).decode()
        except TypeError:
            # A key that is not a string (an int: a seat) is written as one, as json does; the
            # option costs about as much again on every message, so only these pay for it.
            return _orjson.dumps(message, option=_orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def log_since(match: Match, seat: int | None, start: int) -> list[tuple[int, Action | None]]:
    """The applied ``(actor, action)`` from entry ``start`` on, as ``seat`` may see them.

    :meth:`Match.log_for` gives the whole log; a table sends each client only the entries it
    has not had yet, so it redacts just those, with the same public hook
    (:meth:`Game.redact_action`), keeping each update's cost independent of the match length;
    another seat's answer to a moment where everyone answers on their own stays hidden until
    the moment closes, as in :meth:`Match.log_for`.
    """
    redact = match.game.redact_action
    # The answers of a moment where everyone answers on their own: hidden until it closes.
    hidden = match.answering_since
    if hidden is None:
        hidden = match.moves
    return [
        (actor, None if index >= hidden and actor != seat else redact(action, actor, seat))
        for index, (actor, action) in enumerate(match.log[start:], start)
    ]

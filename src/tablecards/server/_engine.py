"""The few engine calls whose public form is arriving in the API: kept in one place.

Each helper uses the :class:`tablecards.Match` method of the public API when the installed
tablecards has it, and otherwise the older public equivalent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tablecards import Action, Match, action_from_json, action_to_json

__all__ = ["action_json", "default_action", "dumps", "log_since", "parse_action"]


def dumps(data: Any) -> str:
    """Compact JSON with sorted keys: equal data, equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def parse_action(match: Match, data: Mapping[str, Any] | str | bytes) -> Action:
    """Read a client's action of ``match``'s game.

    Raises:
        TablecardsError | ValueError: the data is not an action of this game.
    """
    parse = getattr(match, "parse_action", None)
    if parse is not None:
        action: Action = parse(data)
        return action
    if isinstance(data, (str, bytes)):
        data = json.loads(data)
    return action_from_json(match.game.action_types(), data)


def action_json(match: Match, action: Action) -> dict[str, Any]:
    """An action as JSON data (``{"type": ..., fields...}``)."""
    return action_to_json(action)


def log_since(match: Match, seat: int | None, start: int) -> list[tuple[int, Action | None]]:
    """The applied ``(actor, action)`` from entry ``start`` on, as ``seat`` may see them.

    ``Match.log_for`` gives the whole log; a table sends each client only the entries it has
    not had, so it redacts just those with the same public hook, ``Game.redact_action``.
    """
    redact = match.game.redact_action
    return [(actor, redact(action, actor, seat)) for actor, action in match.log[start:]]


def default_action(match: Match, seat: int) -> Action | None:
    """What ``seat`` does when an open moment closes without it (``None``: nothing declared)."""
    method = getattr(match, "default_action", None)
    if method is None:
        return None
    action: Action | None = method(seat)
    return action

"""Reading a human's choice at the terminal: :func:`tablecards.parse_command`, with the
terminal's own error class.

The forms accepted (a menu number, a menu text, ``Name field=value …``, JSON) are the engine's
(:mod:`tablecards.table._commands`), so that every host reading typed commands reads the same ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action, MalformedAction, action_from_json
from tablecards.table._commands import parse_typed

__all__ = ["BadChoice", "parse_choice"]


class BadChoice(ValueError):
    """The text is not a choice; the message says what would be."""


def parse_choice(
    text: str,
    actions: Sequence[Action],
    describe: Callable[[Action], str],
    types: Mapping[str, type[Action]],
    parse: Callable[[Mapping[str, Any]], Action] | None = None,
) -> Action:
    """The action ``text`` names, among the legal ``actions`` or of the game's ``types``.

    ``parse`` reads an action's JSON form (the game's :meth:`~tablecards.Game.parse_action`,
    which lets fields with a declared default be left out); by default every field is needed.

    Raises:
        BadChoice: ``text`` names no action; the message lists what to type.
    """

    def read(data: Mapping[str, Any]) -> Action:
        return action_from_json(types, data) if parse is None else parse(data)

    try:
        return parse_typed(text, actions, describe, types, read)
    except MalformedAction as error:
        raise BadChoice(error.reason) from None

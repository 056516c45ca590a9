"""Reading a human's choice: a number from the menu, or the action typed out.

Accepted forms, tried in order:

- ``2``: the second legal action of the menu;
- the menu text of an action (``draw again``), in any case;
- the action's type, with its fields when it has some (``Raise bid=2 values=1``,
  ``raise bid=2 values=1``); a type alone names the one legal action of that type;
- the action's JSON (``{"type": "Raise", "bid": 2, "values": 1}``).

A typed action that is well formed but not legal now is returned as is: the match refuses it
and its reason (with the rule ID) is shown, which teaches the rules better than "no".
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from tablecards._actions import Action
from tablecards._errors import TablecardsError
from tablecards._serial import action_from_json

__all__ = ["BadChoice", "parse_choice"]


class BadChoice(ValueError):
    """The text is not a choice; the message says what would be."""


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


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
    text = text.strip()
    hint = f"type a number from 1 to {len(actions)}, an action's name, or ? for help"
    if not text:
        raise BadChoice(f"nothing was typed: {hint}")
    if text.lstrip("-").isdigit():
        number = int(text)
        if 1 <= number <= len(actions):
            return actions[number - 1]
        raise BadChoice(f"{number} is not on the menu: {hint}")
    for action in actions:
        if _key(describe(action)) == _key(text):
            return action
    read = parse or functools.partial(action_from_json, types)
    if text.startswith("{"):
        return _from_json(text, read)
    return _from_words(text, actions, types, hint, read)


def _from_json(text: str, read: Callable[[Mapping[str, Any]], Action]) -> Action:
    try:
        return read(json.loads(text))
    except (json.JSONDecodeError, ValueError, TypeError, TablecardsError) as error:
        raise BadChoice(f"not an action: {error}") from None


def _from_words(
    text: str,
    actions: Sequence[Action],
    types: Mapping[str, type[Action]],
    hint: str,
    read: Callable[[Mapping[str, Any]], Action],
) -> Action:
    name, *pairs = text.split()
    by_key = {_key(type_name): type_name for type_name in types}
    type_name = by_key.get(_key(name))
    if type_name is None:
        raise BadChoice(f"{text!r} is not a choice: {hint}")
    cls = types[type_name]
    if not pairs:
        same = [action for action in actions if type(action) is cls]
        if len(same) == 1:
            return same[0]
        if not attrs.fields(cls):
            return cls()  # not legal now: the match explains why
        fields = " ".join(f"{field.name}=..." for field in attrs.fields(cls))
        raise BadChoice(f"{type_name} needs its fields: {type_name} {fields}")
    data: dict[str, Any] = {"type": type_name}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise BadChoice(f"{pair!r} is not FIELD=VALUE (as in {type_name} field=2)")
        try:
            data[key] = json.loads(raw)
        except json.JSONDecodeError:
            data[key] = raw
    try:
        return read(data)
    except (ValueError, TypeError, TablecardsError) as error:
        raise BadChoice(f"not an action: {error}") from None

"""Typed commands: what a player types to act (``2``, ``draw again``, ``Raise bid=2 values=1``).

``tablecards play`` reads its players' choices with these functions, and so can any host that
takes text from people (a chat bot, a terminal of its own). Accepted forms, tried in order:

- ``2``: the second of the seat's legal actions, as the menu numbers them (from 1);
- the menu text of an action (:meth:`Game.describe <tablecards.Game.describe>`), in any case,
  spaces and punctuation ignored;
- the action's type, with its fields when it has some (``Raise bid=2 values=1``, in any case);
  a type alone names the one legal action of that type;
- the action's JSON (``{"type": "Raise", "bid": 2, "values": 1}``).

A typed action that is well formed but not legal now is an action all the same:
:func:`parse_command` returns it, and :func:`read_command` refuses it with the match's own
error (:class:`~tablecards.IllegalAction` with its reason and rule), which teaches the rules
better than "not understood".

The numbers here are the legal actions' (:meth:`Match.legal_actions
<tablecards.Match.legal_actions>`), one per action. A host that shows a scene's choices
(:func:`tablecards.scene_text`, the terminal) numbers them as the scene groups them, in two
steps where a decision has two: :func:`tablecards.read_choice` reads those numbers.

A command is at most :data:`MAX_COMMAND_LENGTH` characters: a longer text is refused before
anything else is done with it.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from tablecards.core._actions import Action
from tablecards.core._errors import MalformedAction, MatchOver, NotYourTurn, TablecardsError, show

if TYPE_CHECKING:
    from tablecards.core._game import Game
    from tablecards.play._match import Match

__all__ = [
    "MAX_COMMAND_LENGTH",
    "bounded_text",
    "menu_text",
    "parse_command",
    "read_command",
    "refuse_out_of_turn",
    "typed_action",
]

#: The longest command read, in characters: far more than any choice's text or typed form,
#: and short enough that refusing a flood costs nothing (a longer text is refused unread).
MAX_COMMAND_LENGTH: Final = 1000


def bounded_text(text: object) -> str:
    """``text`` if it is text of at most :data:`MAX_COMMAND_LENGTH` characters.

    Raises:
        MalformedAction: ``text`` is not a string, or is longer than the bound.
    """
    if not isinstance(text, str):
        raise MalformedAction(f"a command is text, not {type(text).__name__}")
    if len(text) > MAX_COMMAND_LENGTH:
        raise MalformedAction(
            f"a command of {len(text):,} characters is too long: "
            f"a command is at most {MAX_COMMAND_LENGTH:,} characters"
        )
    return text


def refuse_out_of_turn(match: Match, seat: int, text: object) -> None:
    """Raise what :meth:`Match.apply <tablecards.Match.apply>` would if ``seat`` may not act.

    Checked before a command is read: :class:`~tablecards.UnknownSeat`, then
    :class:`~tablecards.MatchOver`, then (for a text of at most :data:`MAX_COMMAND_LENGTH`
    characters) :class:`~tablecards.NotYourTurn`. When the text names an action of the game
    (its typed form, its JSON, the words of an action without fields), the refusal is the
    match's own for that action, with the game's reason and rule ("the red-token holder may
    not call Stop"); otherwise it names the text. Returns when ``seat`` may act now.
    """
    if type(seat) is not int or not 0 <= seat < match.players:
        match.legal_actions(seat)  # UnknownSeat, as the match checks it: before anything else
    if match.is_over:
        raise MatchOver(f"seat {seat} cannot play {show(text)}: the match is over")
    if seat in match.to_act:
        return
    if isinstance(text, str) and len(text) <= MAX_COMMAND_LENGTH:
        try:
            action = typed_action(match.game, text, ())
        except MalformedAction:
            action = None
        if action is not None:
            match.clone().apply(seat, action)  # raises the match's refusal, reason and rule
    raise NotYourTurn(seat, text, match.to_act)


def typed_action(
    game: Game[Any], text: str, legal: Sequence[Action], names: Sequence[str] | None = None
) -> Action | None:
    """The action ``text`` names as typed, not as numbered: JSON, a type with its fields, or
    the words of an action of the game without fields ("call Stop!"), legal or not.

    ``None`` when the text is none of these (a menu's text, a prefix, a word of nothing).

    Raises:
        MalformedAction: the text is JSON or a type with fields, but not an action of the game.
    """
    text = text.strip()
    if not text:
        return None
    if text.startswith("{"):
        return _from_json(text, game.parse_action)
    types = game.action_types()
    head = text.split(None, 1)[0]
    by_key = {_key(type_name): type_name for type_name in types}
    if _key(head) in by_key or ("=" not in text and _key(text) in by_key):
        return _from_words(text, legal, types, "", game.parse_action)
    wanted = _key(text)
    for cls in types.values():
        if not attrs.fields(cls):
            action = cls()
            try:
                words = menu_text(game, action, names)
            except Exception:  # words for a move not offered now: a courtesy, never a crash
                continue
            if _key(words) == wanted:
                return action
    return None


def menu_text(game: Game[Any], action: Action, names: Sequence[str] | None = None) -> str:
    """The text a menu shows for ``action``: :meth:`Game.describe <tablecards.Game.describe>`.

    ``names`` (how each seat is called, as in :meth:`Game.describe_play
    <tablecards.Game.describe_play>`) is passed on to games whose ``describe`` takes it.
    """
    if names is None or not _takes_names(type(game)):
        return game.describe(action)
    describe: Any = game.describe
    text: str = describe(action, names)
    return text


_TAKES_NAMES: dict[type[Any], bool] = {}


def _takes_names(cls: type[Any]) -> bool:
    """Whether a game's ``describe`` takes the seats' names after the action."""
    found = _TAKES_NAMES.get(cls)
    if found is None:
        try:
            parameters = list(inspect.signature(cls.describe).parameters.values())
        except (TypeError, ValueError):
            parameters = []
        found = len(parameters) >= 3 or any(  # self, action, names
            p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters
        )
        _TAKES_NAMES[cls] = found
    return found


def parse_command(
    game: Game[Any],
    text: str,
    legal: Sequence[Action],
    *,
    names: Sequence[str] | None = None,
    menu: Sequence[str] | None = None,
) -> Action:
    """The action a player's typed ``text`` names, among the seat's ``legal`` actions.

    ``legal`` is the menu (numbered from 1, in its order); ``names`` are the seat names the
    menu's texts were written with (see :func:`menu_text`), and ``menu`` the texts themselves
    when the caller has them already (a host that showed the menu): they are then not written
    again. When several legal actions read alike, their text names the first of them. A
    well-formed action of the game that is not in ``legal`` is returned as it is: whether it
    may be played is the match's question (:func:`read_command` asks it).

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> legal = match.legal_actions(0)
        >>> [tablecards.menu_text(match.game, action) for action in legal]
        ['draw again', 'end your turn']
        >>> tablecards.parse_command(match.game, "2", legal)
        EndTurn()
        >>> tablecards.parse_command(match.game, "Draw again", legal)
        DrawAgain()
        >>> try:
        ...     tablecards.parse_command(match.game, "fly", legal)
        ... except tablecards.MalformedAction as error:
        ...     print(error.reason.split(":")[0])
        'fly' is not a choice

    Raises:
        MalformedAction: ``text`` names no action (empty, over 1,000 characters, a number
            off the menu, an unknown word, a type without the fields it needs, fields of the
            wrong type, JSON that is not an action of the game); the reason says what to type.
        ValueError: ``menu`` does not hold one text per legal action.
    """
    types = game.action_types()
    if menu is not None:
        if len(menu) != len(legal):
            raise ValueError(f"menu has {len(menu)} texts for {len(legal)} actions")
        return _parse(text, legal, menu.__getitem__, types, game.parse_action)
    return _parse(
        text,
        legal,
        lambda index: menu_text(game, legal[index], names),
        types,
        game.parse_action,
    )


def read_command(
    match: Match,
    seat: int,
    text: str,
    *,
    names: Sequence[str] | None = None,
    menu: Sequence[str] | None = None,
) -> Action:
    """The legal action of ``seat`` that ``text`` names, or the library's error saying why not.

    What ``tablecards play`` does with a line typed by the player of ``seat``: the text is read
    by :func:`parse_command` against the seat's menu (:meth:`Match.legal_actions
    <tablecards.Match.legal_actions>`), and an action that is not on it is tried on a copy of
    the match, so that the refusal is exactly the one :meth:`Match.apply
    <tablecards.Match.apply>` gives. The match itself is never changed: apply the action
    returned. ``names`` and ``menu`` are as in :func:`parse_command`.

    An unknown seat, a match over and a seat that may not act are refused before the text is
    read, as the match refuses them. The numbers are the legal
    actions', one each: to read the numbers a scene shows (two steps for some decisions),
    use :func:`tablecards.read_choice`.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> action = tablecards.read_command(match, 0, "1")
        >>> match.apply(0, action)
        >>> try:
        ...     tablecards.read_command(match, 0, "NoSteal")
        ... except tablecards.IllegalAction as error:
        ...     print(error.seat, error.action, error.rule)
        0 NoSteal() HIT-09

    Raises:
        MalformedAction: the text names no action of the game, or is longer than 1,000
            characters (refused unread).
        IllegalAction: the action named is not legal for ``seat`` now (``seat``, ``action``,
            ``reason`` and ``rule`` say which and why).
        NotYourTurn: ``seat`` may not act now.
        MatchOver: the match has ended.
        UnknownSeat: ``seat`` is not a seat of the match.
    """
    refuse_out_of_turn(match, seat, text)
    legal = match.legal_actions(seat)
    action = parse_command(match.game, text, legal, names=names, menu=menu)
    if action in legal:
        return action
    match.clone().apply(seat, action)  # raises the refusal the match would give
    return action  # legal although not listed (a game that checks without listing)


def parse_typed(
    text: str,
    actions: Sequence[Action],
    describe: Callable[[Action], str],
    types: Mapping[str, type[Action]],
    read: Callable[[Mapping[str, Any]], Action],
) -> Action:
    """:func:`parse_command` with its parts given one by one (the terminal's screens use it)."""
    return _parse(text, actions, lambda index: describe(actions[index]), types, read)


def _parse(
    text: str,
    actions: Sequence[Action],
    shown: Callable[[int], str],
    types: Mapping[str, type[Action]],
    read: Callable[[Mapping[str, Any]], Action],
) -> Action:
    text = bounded_text(text).strip()
    if not text:
        raise MalformedAction(f"nothing was typed: {_hint(actions, types)}")
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():
        number = int(text) if len(digits) <= 9 else 0
        if 1 <= number <= len(actions):
            return actions[number - 1]
        raise MalformedAction(f"{text[:12]} is not on the menu: {_hint(actions, types)}")
    wanted = _key(text)
    for index, action in enumerate(actions):
        if _key(shown(index)) == wanted:
            return action
    if text.startswith("{"):
        return _from_json(text, read)
    return _from_words(text, actions, types, _hint(actions, types), read)


def _hint(actions: Sequence[Action], types: Mapping[str, type[Action]]) -> str:
    """What to type instead, for a refusal (written only when a text is refused)."""
    known = ", ".join(sorted(types))
    return (
        f"type a number from 1 to {len(actions)}, an action's text or its type with its fields "
        f"({known})"
    )


#: What a typed text's comparison ignores: everything but letters and digits.
_NOT_ALNUM = re.compile(r"[\W_]+")


# A typed text is compared with every menu text: a host that reads many commands against
# the same menus (a terminal, a test round-tripping every action) normalises the same few
# hundred texts again and again. Bounded, and keyed by the text alone (pure).
@functools.lru_cache(maxsize=4096)
def _key(text: str) -> str:
    return _NOT_ALNUM.sub("", text.lower())


def _from_json(text: str, read: Callable[[Mapping[str, Any]], Action]) -> Action:
    try:
        return read(json.loads(text, object_pairs_hook=_unique))
    except MalformedAction:
        raise
    except (ValueError, TypeError, RecursionError, TablecardsError) as error:
        raise MalformedAction(f"not an action: {error}") from None


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise MalformedAction(
                f"the key {key!r} is given twice: each field of an action is given once"
            )
        out[key] = value
    return out


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
    if type_name is None and "=" not in text:
        type_name, pairs = by_key.get(_key(text)), []  # a type in words: "end turn"
    if type_name is None:
        raise MalformedAction(f"{text[:60]!r} is not a choice: {hint}")
    cls = types[type_name]
    if not pairs:
        same = [action for action in actions if type(action) is cls]
        if len(same) == 1:
            return same[0]
        if not attrs.fields(cls):
            return cls()  # not legal now: the match explains why
        fields = " ".join(f"{field.name}=..." for field in attrs.fields(cls))
        raise MalformedAction(f"{type_name} needs its fields: {type_name} {fields}")
    data: dict[str, Any] = {"type": type_name}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise MalformedAction(f"{pair[:40]!r} is not FIELD=VALUE (as in {type_name} field=2)")
        if key in data:
            raise MalformedAction(f"{key[:40]!r} is given twice: each field is given once")
        try:
            data[key] = json.loads(raw)
        except (json.JSONDecodeError, RecursionError):
            data[key] = raw
        except ValueError:  # a number too long to read (Python refuses 4,300 digits and more)
            raise MalformedAction(
                f"{key[:40]!r} is given a number of {len(raw):,} digits: too long to be a value"
            ) from None
    try:
        return read(data)
    except MalformedAction:
        raise
    except (ValueError, TypeError, TablecardsError) as error:
        raise MalformedAction(f"not an action: {error}") from None
